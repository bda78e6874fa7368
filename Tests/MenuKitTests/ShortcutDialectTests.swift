import Foundation
import MenuKitJSON
import Testing

@testable import MenuKit

// MARK: - Fixtures

/// A dialect text, the platform it is read on, and the canonical text it stands for.
private struct ParseCase: CustomTestStringConvertible, Sendable {
  var dialect: ShortcutDialect
  var platform: PlatformProfile
  var text: String
  var canonical: String
  var testDescription: String {
    "\(dialect) \(platform) \"\(text)\" → \"\(canonical)\""
  }

  init(
    _ dialect: ShortcutDialect, _ platform: PlatformProfile, _ text: String, _ canonical: String
  ) {
    self.dialect = dialect
    self.platform = platform
    self.text = text
    self.canonical = canonical
  }
}

private let parseCases: [ParseCase] = [
  // VS Code
  ParseCase(.vscode, .linux, "ctrl+shift+[", "Cmd+Shift+["),
  ParseCase(.vscode, .windows, "ctrl+shift+[", "Cmd+Shift+["),
  ParseCase(.vscode, .mac, "ctrl+shift+[", "Ctrl+Shift+["),
  ParseCase(.vscode, .mac, "shift+cmd+[", "Cmd+Shift+["),
  ParseCase(.vscode, .mac, "ctrl+cmd+down", "Ctrl+Cmd+Down"),
  ParseCase(.vscode, .linux, "ctrl+k ctrl+s", "Cmd+K Cmd+S"),
  ParseCase(.vscode, .linux, "  ctrl+k   ctrl+s ", "Cmd+K Cmd+S"),
  ParseCase(.vscode, .linux, "escape escape", "Escape Escape"),
  ParseCase(.vscode, .linux, "CTRL+Shift+P", "Cmd+Shift+P"),
  ParseCase(.vscode, .linux, "ctrl+pageup", "Cmd+PageUp"),
  ParseCase(.vscode, .linux, "alt+enter", "Alt+Return"),
  ParseCase(.vscode, .linux, "shift+delete", "Shift+Delete"),
  ParseCase(.vscode, .linux, "ctrl+numpad_add", "Cmd+KeypadPlus"),
  ParseCase(.vscode, .linux, "ctrl+numpad0", "Cmd+Keypad0"),
  ParseCase(.vscode, .linux, "ctrl+oem_4", "Cmd+["),
  ParseCase(.vscode, .linux, "ctrl+oem_plus", "Cmd+="),
  ParseCase(.vscode, .linux, "ctrl+[BracketLeft]", "Cmd+[BracketLeft]"),
  ParseCase(.vscode, .linux, "shift+alt+[KeyF]", "Alt+Shift+[KeyF]"),
  ParseCase(.vscode, .linux, "ctrl+[Numpad5]", "Cmd+[Numpad5]"),
  ParseCase(.vscode, .linux, "ctrl+[period]", "Cmd+[Period]"),
  ParseCase(.vscode, .linux, "ctrl+shift+[IntlBackslash]", "Cmd+Shift+[IntlBackslash]"),
  ParseCase(.vscode, .linux, "ctrl+[IntlHash]", "Cmd+[Backslash]"),
  ParseCase(.vscode, .mac, "cmd+[Digit1] [F5]", "Cmd+[Digit1] [F5]"),
  ParseCase(.vscode, .linux, "ctrl++", "Cmd+Plus"),
  ParseCase(.vscode, .linux, "+", "Plus"),
  ParseCase(.vscode, .linux, "ctrl+\\", "Cmd+\\"),
  ParseCase(.vscode, .linux, "ctrl+`", "Cmd+`"),
  ParseCase(.vscode, .linux, "f12", "F12"),
  ParseCase(.vscode, .linux, "shift+f24", "Shift+F24"),
  ParseCase(.vscode, .linux, "ctrl+shift+{", "Cmd+Shift+{"),
  ParseCase(.vscode, .linux, "alt+é", "Alt+É"),
  ParseCase(.vscode, .linux, "meta+e", "Super+E"),
  ParseCase(.vscode, .linux, "shift+alt+meta+j", "Super+Alt+Shift+J"),
  ParseCase(.vscode, .linux, "ctrl+meta+p", "Cmd+Super+P"),
  ParseCase(.vscode, .linux, "win+e", "Super+E"),
  ParseCase(.vscode, .windows, "win+e", "Super+E"),
  ParseCase(.vscode, .windows, "ctrl+alt+win+n", "Cmd+Super+Alt+N"),
  ParseCase(.vscode, .mac, "meta+e", "Cmd+E"),
  // Zed
  ParseCase(.zed, .linux, "ctrl-shift-p", "Cmd+Shift+P"),
  // The application keys: gpui's names of Menu, Undo, XF86Copy, XF86Back…
  ParseCase(.zed, .linux, "copy", "Copy"),
  ParseCase(.zed, .linux, "alt-shift-copy", "Alt+Shift+Copy"),
  ParseCase(.zed, .linux, "menu", "ContextMenu"),
  ParseCase(.zed, .linux, "back", "BrowserBack"),
  ParseCase(.zed, .linux, "shift-find", "Shift+Find"),
  ParseCase(.zed, .linux, "redo", "Redo"),
  ParseCase(.gtk, .linux, "<Primary>XF86Save", "Cmd+Save"),
  ParseCase(.gtk, .linux, "Menu", "ContextMenu"),
  ParseCase(.gtk, .linux, "XF86Forward", "BrowserForward"),
  ParseCase(.vscode, .linux, "alt+browserback", "Alt+BrowserBack"),
  ParseCase(.vscode, .linux, "shift+contextmenu", "Shift+ContextMenu"),
  ParseCase(.emacs, .linux, "<menu>", "ContextMenu"),
  ParseCase(.emacs, .linux, "C-<XF86Copy>", "Cmd+Copy"),
  ParseCase(.zed, .linux, "ctrl-shift-[", "Cmd+Shift+["),
  ParseCase(.zed, .linux, "secondary-s", "Cmd+S"),
  ParseCase(.zed, .mac, "secondary-s", "Cmd+S"),
  ParseCase(.zed, .mac, "cmd-shift-p", "Cmd+Shift+P"),
  ParseCase(.zed, .mac, "ctrl-cmd-f", "Ctrl+Cmd+F"),
  ParseCase(.zed, .mac, "alt-cmd-[", "Cmd+Alt+["),
  ParseCase(.zed, .linux, "ctrl-k ctrl-s", "Cmd+K Cmd+S"),
  ParseCase(.zed, .linux, "ctrl--", "Cmd+-"),
  ParseCase(.zed, .linux, "-", "-"),
  ParseCase(.zed, .linux, "ctrl-+", "Cmd+Plus"),
  ParseCase(.zed, .linux, "ctrl-=", "Cmd+="),
  ParseCase(.zed, .linux, "shift-)", "Shift+)"),
  ParseCase(.zed, .linux, "ctrl-P", "Cmd+Shift+P"),
  ParseCase(.zed, .linux, "ctrl-alt-pageup", "Cmd+Alt+PageUp"),
  ParseCase(.zed, .linux, "ctrl-enter", "Cmd+Return"),
  ParseCase(.zed, .linux, "g g", "G G"),
  ParseCase(.zed, .linux, "CTRL-ALT-Z", "Cmd+Alt+Shift+Z"),
  ParseCase(.zed, .linux, "super-e", "Super+E"),
  ParseCase(.zed, .linux, "ctrl-alt-super-p", "Cmd+Super+Alt+P"),
  ParseCase(.zed, .linux, "cmd-e", "Super+E"),
  ParseCase(.zed, .windows, "win-e", "Super+E"),
  ParseCase(.zed, .mac, "super-e", "Cmd+E"),
  // GTK
  ParseCase(.gtk, .linux, "<Control><Shift>bracketleft", "Cmd+Shift+["),
  ParseCase(.gtk, .linux, "<Primary><Shift>z", "Cmd+Shift+Z"),
  ParseCase(.gtk, .mac, "<Primary><Shift>z", "Cmd+Shift+Z"),
  ParseCase(.gtk, .mac, "<Control>z", "Ctrl+Z"),
  ParseCase(.gtk, .mac, "<Meta>q", "Cmd+Q"),
  ParseCase(.gtk, .linux, "<ctrl><alt>t", "Cmd+Alt+T"),
  ParseCase(.gtk, .linux, "<Primary><Control>x", "Cmd+X"),
  ParseCase(.gtk, .linux, "<Mod1>Page_Up", "Alt+PageUp"),
  ParseCase(.gtk, .linux, "Prior", "PageUp"),
  ParseCase(.gtk, .linux, "<Primary>KP_Add", "Cmd+KeypadPlus"),
  ParseCase(.gtk, .linux, "KP_Enter", "Enter"),
  ParseCase(.gtk, .linux, "Return", "Return"),
  ParseCase(.gtk, .linux, "F5", "F5"),
  ParseCase(.gtk, .linux, "<Shift>F10", "Shift+F10"),
  ParseCase(.gtk, .linux, "<Primary>plus", "Cmd+Plus"),
  ParseCase(.gtk, .linux, "<Primary>P", "Cmd+P"),
  ParseCase(.gtk, .linux, "<Alt>U00E9", "Alt+É"),
  ParseCase(.gtk, .linux, "<Primary>page_down", "Cmd+PageDown"),
  ParseCase(.gtk, .linux, "<Shift>ISO_Left_Tab", "Shift+Tab"),
  ParseCase(.gtk, .linux, "<Primary>[", "Cmd+["),
  ParseCase(.gtk, .linux, "<Primary><", "Cmd+<"),
  ParseCase(.gtk, .linux, "<Super>e", "Super+E"),
  ParseCase(.gtk, .linux, "<Shift><Super>Page_Up", "Super+Shift+PageUp"),
  ParseCase(.gtk, .linux, "<Primary><Super>e", "Cmd+Super+E"),
  ParseCase(.gtk, .windows, "<super>e", "Super+E"),
  ParseCase(.gtk, .mac, "<Super>e", "Cmd+E"),
  // Qt
  ParseCase(.qt, .linux, "Ctrl+Shift+[", "Cmd+Shift+["),
  ParseCase(.qt, .mac, "Ctrl+Shift+[", "Cmd+Shift+["),
  ParseCase(.qt, .mac, "Meta+Ctrl+F", "Ctrl+Cmd+F"),
  ParseCase(.qt, .linux, "Ctrl+K, Ctrl+S", "Cmd+K Cmd+S"),
  ParseCase(.qt, .linux, "Ctrl+,, Ctrl+K", "Cmd+, Cmd+K"),
  ParseCase(.qt, .linux, "Ctrl++, +", "Cmd+Plus Plus"),
  ParseCase(.qt, .linux, ",", ","),
  ParseCase(.qt, .linux, "Ctrl+PgUp", "Cmd+PageUp"),
  ParseCase(.qt, .linux, "Esc", "Escape"),
  ParseCase(.qt, .linux, "Return", "Return"),
  ParseCase(.qt, .linux, "Enter", "Enter"),
  ParseCase(.qt, .linux, "Num+Enter", "Enter"),
  ParseCase(.qt, .linux, "Ctrl+Num+5", "Cmd+Keypad5"),
  ParseCase(.qt, .linux, "Num++", "KeypadPlus"),
  ParseCase(.qt, .linux, "Del", "Delete"),
  ParseCase(.qt, .linux, "ctrl+shift+p", "Cmd+Shift+P"),
  ParseCase(.qt, .linux, "Alt+F4", "Alt+F4"),
  ParseCase(.qt, .linux, "Meta+E", "Super+E"),
  ParseCase(.qt, .linux, "Meta+Ctrl+Right", "Cmd+Super+Right"),
  ParseCase(.qt, .windows, "Meta+E", "Super+E"),
  // Electron
  ParseCase(.electron, .linux, "CmdOrCtrl+Shift+[", "Cmd+Shift+["),
  ParseCase(.electron, .mac, "CmdOrCtrl+Shift+[", "Cmd+Shift+["),
  ParseCase(.electron, .mac, "CommandOrControl+Q", "Cmd+Q"),
  ParseCase(.electron, .mac, "Ctrl+Cmd+F", "Ctrl+Cmd+F"),
  ParseCase(.electron, .linux, "Ctrl+Alt+Delete", "Cmd+Alt+Delete"),
  ParseCase(.electron, .linux, "CmdOrCtrl+Plus", "Cmd+Plus"),
  ParseCase(.electron, .linux, "Option+Space", "Alt+Space"),
  ParseCase(.electron, .linux, "num5", "Keypad5"),
  ParseCase(.electron, .linux, "CmdOrCtrl+numadd", "Cmd+KeypadPlus"),
  ParseCase(.electron, .linux, "Enter", "Return"),
  ParseCase(.electron, .linux, "Shift+F11", "Shift+F11"),
  ParseCase(.electron, .linux, "Super+E", "Super+E"),
  ParseCase(.electron, .linux, "Meta+E", "Super+E"),
  ParseCase(.electron, .linux, "Cmd+E", "Super+E"),
  ParseCase(.electron, .windows, "Command+Shift+E", "Super+Shift+E"),
  ParseCase(.electron, .linux, "CmdOrCtrl+Super+E", "Cmd+Super+E"),
  ParseCase(.electron, .mac, "Super+E", "Cmd+E"),
  // Emacs
  ParseCase(.emacs, .linux, "C-S-[", "Cmd+Shift+["),
  ParseCase(.emacs, .linux, "C-x C-s", "Cmd+X Cmd+S"),
  ParseCase(.emacs, .linux, "M-x", "Alt+X"),
  ParseCase(.emacs, .linux, "C-M-%", "Cmd+Alt+%"),
  ParseCase(.emacs, .linux, "C-P", "Cmd+Shift+P"),
  ParseCase(.emacs, .linux, "C--", "Cmd+-"),
  ParseCase(.emacs, .linux, "-", "-"),
  ParseCase(.emacs, .linux, "C-<f5>", "Cmd+F5"),
  ParseCase(.emacs, .linux, "<C-f5>", "Cmd+F5"),
  ParseCase(.emacs, .linux, "<C-S-up>", "Cmd+Shift+Up"),
  ParseCase(.emacs, .linux, "<kp-add>", "KeypadPlus"),
  ParseCase(.emacs, .linux, "C-c RET", "Cmd+C Return"),
  ParseCase(.emacs, .linux, "C-SPC", "Cmd+Space"),
  ParseCase(.emacs, .linux, "M-DEL", "Alt+Backspace"),
  ParseCase(.emacs, .linux, "<delete>", "Delete"),
  ParseCase(.emacs, .linux, "C-<prior>", "Cmd+PageUp"),
  ParseCase(.emacs, .linux, "C-<", "Cmd+<"),
  ParseCase(.emacs, .mac, "s-s", "Cmd+S"),
  ParseCase(.emacs, .mac, "C-s", "Ctrl+S"),
  ParseCase(.emacs, .linux, "s-e", "Super+E"),
  ParseCase(.emacs, .linux, "C-s-<up>", "Cmd+Super+Up"),
  ParseCase(.emacs, .windows, "s-E", "Super+Shift+E"),
  // MenuKit
  ParseCase(.menuKit, .linux, "Ctrl+Cmd+F", "Ctrl+Cmd+F"),
  ParseCase(.menuKit, .mac, "cmd+k cmd+s", "Cmd+K Cmd+S"),
  ParseCase(.menuKit, .linux, "Super+E", "Super+E"),
  ParseCase(.menuKit, .linux, "meta+e", "Super+E"),
  ParseCase(.menuKit, .linux, "Win+Shift+E", "Super+Shift+E"),
  ParseCase(.menuKit, .linux, "Shift+Super+Ctrl+Alt+Cmd+E", "Ctrl+Cmd+Super+Alt+Shift+E"),
]

/// A shortcut, a platform and its expected text in each dialect that writes it.
private struct FormatCase: CustomTestStringConvertible, Sendable {
  var canonical: String
  var platform: PlatformProfile
  var texts: [ShortcutDialect: String?]
  var testDescription: String { "\"\(canonical)\" on \(platform)" }
}

private let formatCases: [FormatCase] = [
  FormatCase(
    canonical: "Cmd+Shift+[", platform: .linux,
    texts: [
      .menuKit: "Cmd+Shift+[", .vscode: "ctrl+shift+[", .zed: "ctrl-shift-[",
      .gtk: "<Primary><Shift>bracketleft", .qt: "Ctrl+Shift+[", .electron: "CmdOrCtrl+Shift+[",
      .emacs: "C-S-[",
    ]),
  FormatCase(
    canonical: "Cmd+Shift+[", platform: .mac,
    texts: [
      .vscode: "shift+cmd+[", .zed: "cmd-shift-[", .gtk: "<Primary><Shift>bracketleft",
      .qt: "Ctrl+Shift+[", .electron: "CmdOrCtrl+Shift+[", .emacs: "S-s-[",
    ]),
  FormatCase(
    canonical: "Ctrl+Cmd+F", platform: .mac,
    texts: [
      .vscode: "ctrl+cmd+f", .zed: "ctrl-cmd-f", .gtk: "<Primary><Control>f",
      .qt: "Meta+Ctrl+F", .electron: "CmdOrCtrl+Ctrl+F", .emacs: "C-s-f",
    ]),
  FormatCase(
    canonical: "Ctrl+Cmd+F", platform: .linux,
    texts: [
      .menuKit: "Ctrl+Cmd+F", .vscode: "ctrl+f", .zed: "ctrl-f", .gtk: "<Primary>f",
      .qt: "Ctrl+F", .electron: "CmdOrCtrl+F", .emacs: "C-f",
    ]),
  FormatCase(
    canonical: "Ctrl+Alt+Delete", platform: .linux,
    texts: [
      .vscode: "ctrl+alt+delete", .zed: "ctrl-alt-delete", .gtk: "<Control><Alt>Delete",
      .qt: "Ctrl+Alt+Del", .electron: "Ctrl+Alt+Delete", .emacs: "C-M-<delete>",
    ]),
  FormatCase(
    canonical: "Cmd+K Cmd+S", platform: .linux,
    texts: [
      .menuKit: "Cmd+K Cmd+S", .vscode: "ctrl+k ctrl+s", .zed: "ctrl-k ctrl-s", .gtk: nil,
      .qt: "Ctrl+K, Ctrl+S", .electron: nil, .emacs: "C-k C-s",
    ]),
  FormatCase(
    canonical: "Cmd+Plus", platform: .linux,
    texts: [
      .vscode: "ctrl++", .zed: "ctrl-+", .gtk: "<Primary>plus", .qt: "Ctrl++",
      .electron: "CmdOrCtrl+Plus", .emacs: "C-+",
    ]),
  FormatCase(
    canonical: "Cmd+-", platform: .linux,
    texts: [
      .vscode: "ctrl+-", .zed: "ctrl--", .gtk: "<Primary>minus", .qt: "Ctrl+-",
      .electron: "CmdOrCtrl+-", .emacs: "C--",
    ]),
  FormatCase(
    canonical: "Alt+PageDown", platform: .windows,
    texts: [
      .vscode: "alt+pagedown", .zed: "alt-pagedown", .gtk: "<Alt>Page_Down", .qt: "Alt+PgDown",
      .electron: "Alt+PageDown", .emacs: "M-<next>",
    ]),
  FormatCase(
    canonical: "Cmd+Keypad5", platform: .linux,
    texts: [
      .vscode: "ctrl+numpad5", .zed: nil, .gtk: "<Primary>KP_5", .qt: "Ctrl+Num+5",
      .electron: "CmdOrCtrl+num5", .emacs: "C-<kp-5>",
    ]),
  FormatCase(
    canonical: "Enter", platform: .linux,
    texts: [
      .vscode: nil, .zed: nil, .gtk: "KP_Enter", .qt: "Enter", .electron: nil,
      .emacs: "<kp-enter>",
    ]),
  FormatCase(
    canonical: "Shift+Space", platform: .linux,
    texts: [
      .vscode: "shift+space", .zed: "shift-space", .gtk: "<Shift>space", .qt: "Shift+Space",
      .electron: "Shift+Space", .emacs: "S-SPC",
    ]),
  FormatCase(
    canonical: "Alt+É", platform: .linux,
    texts: [
      .vscode: "alt+é", .zed: "alt-é", .gtk: "<Alt>U00E9", .qt: "Alt+é", .electron: "Alt+é",
      .emacs: "M-é",
    ]),
  FormatCase(
    canonical: "Super+E", platform: .linux,
    texts: [
      .menuKit: "Super+E", .vscode: "meta+e", .zed: "super-e", .gtk: "<Super>e", .qt: "Meta+E",
      .electron: "Super+E", .emacs: "s-e",
    ]),
  FormatCase(
    canonical: "Super+E", platform: .windows,
    texts: [
      .vscode: "win+e", .zed: "win-e", .gtk: "<Super>e", .qt: "Meta+E", .electron: "Super+E",
      .emacs: "s-e",
    ]),
  FormatCase(
    canonical: "Super+E", platform: .mac,
    texts: [
      .vscode: "cmd+e", .zed: "cmd-e", .gtk: "<Primary>e", .qt: "Ctrl+E",
      .electron: "CmdOrCtrl+E", .emacs: "s-e",
    ]),
  FormatCase(
    canonical: "Ctrl+Cmd+Super+Alt+Shift+Up", platform: .linux,
    texts: [
      .vscode: "ctrl+shift+alt+meta+up", .zed: "ctrl-alt-super-shift-up",
      .gtk: "<Primary><Shift><Alt><Super>Up", .qt: "Meta+Ctrl+Alt+Shift+Up",
      .electron: "CmdOrCtrl+Super+Alt+Shift+Up", .emacs: "C-M-S-s-<up>",
    ]),
  FormatCase(
    canonical: "Cmd+Shift+P", platform: .linux,
    texts: [
      .vscode: "ctrl+shift+p", .zed: "ctrl-shift-p", .gtk: "<Primary><Shift>p",
      .qt: "Ctrl+Shift+P", .electron: "CmdOrCtrl+Shift+P", .emacs: "C-S-p",
    ]),
  // Physical keys: VS Code's scan codes; no other dialect has a notation for them.
  FormatCase(
    canonical: "Cmd+[BracketLeft]", platform: .linux,
    texts: [
      .menuKit: "Cmd+[BracketLeft]", .vscode: "ctrl+[BracketLeft]", .zed: nil, .gtk: nil,
      .qt: nil, .electron: nil, .emacs: nil,
    ]),
  FormatCase(
    canonical: "Cmd+K Shift+[Numpad1]", platform: .mac,
    texts: [.vscode: "cmd+k shift+[Numpad1]", .zed: nil]),
  FormatCase(canonical: "[0x76]", platform: .linux, texts: [.menuKit: "[0x76]", .vscode: nil]),
]

/// Text that does not parse, and the error's kind and column.
private struct ErrorCase: CustomTestStringConvertible, Sendable {
  var dialect: ShortcutDialect
  var platform: PlatformProfile
  var text: String
  var kind: ShortcutDialectError.Kind
  var column: Int
  var testDescription: String { "\(dialect) \(platform) \"\(text)\" → \(kind) at \(column)" }

  init(
    _ dialect: ShortcutDialect, _ platform: PlatformProfile, _ text: String,
    _ kind: ShortcutDialectError.Kind, _ column: Int
  ) {
    self.dialect = dialect
    self.platform = platform
    self.text = text
    self.kind = kind
    self.column = column
  }
}

private let errorCases: [ErrorCase] = [
  ErrorCase(.vscode, .linux, "", .empty, 1),
  ErrorCase(.vscode, .linux, "   ", .empty, 1),
  ErrorCase(.vscode, .linux, "ctrl+", .missingKey, 6),
  ErrorCase(.vscode, .linux, "ctrl+shift", .missingKey, 6),
  ErrorCase(.vscode, .linux, "++", .emptyModifier, 1),
  ErrorCase(.vscode, .linux, "ctrl++a", .emptyModifier, 6),
  ErrorCase(.vscode, .linux, "ctrl+shfit+p", .unknownModifier, 6),
  ErrorCase(.vscode, .linux, "ctrl+k ctrl+shfit+p", .unknownModifier, 13),
  ErrorCase(.vscode, .linux, "ctrl+ctrl+p", .duplicateModifier, 6),
  ErrorCase(.vscode, .linux, "ctrl+pgupp", .unknownKey, 6),
  ErrorCase(.vscode, .linux, "meta+win+e", .duplicateModifier, 6),
  ErrorCase(.vscode, .linux, "alt+browsersearch", .unsupportedKey, 5),
  ErrorCase(.vscode, .linux, "ctrl+[Peroid]", .unknownKey, 6),
  ErrorCase(.vscode, .linux, "ctrl+[ShiftLeft]", .unsupportedKey, 6),
  ErrorCase(.vscode, .linux, "[MediaPlayPause]", .unsupportedKey, 1),
  ErrorCase(.vscode, .linux, "ctrl+[0x76]", .unknownKey, 6),
  ErrorCase(.zed, .linux, "ctrl-[BracketLeft]", .physicalKey, 6),
  ErrorCase(.gtk, .linux, "<Control>[BracketLeft]", .physicalKey, 10),
  ErrorCase(.qt, .linux, "Ctrl+[Period]", .physicalKey, 6),
  ErrorCase(.electron, .linux, "CmdOrCtrl+[KeyA]", .physicalKey, 11),
  ErrorCase(.emacs, .linux, "C-[Period]", .physicalKey, 3),
  ErrorCase(.menuKit, .linux, "Ctrl+[Peroid]", .unknownKey, 6),
  ErrorCase(.menuKit, .linux, "Ctrl+K Ctrl+[CapsLock]", .unsupportedKey, 13),
  ErrorCase(.vscode, .linux, "ctrl+\u{1}", .unknownKey, 6),
  ErrorCase(.vscode, .linux, "ctrl+f25", .unsupportedKey, 6),
  ErrorCase(.zed, .linux, "fn-f", .unsupportedModifier, 1),
  ErrorCase(.zed, .mac, "fn-f", .unsupportedModifier, 1),
  ErrorCase(.zed, .linux, "super-cmd-space", .duplicateModifier, 7),
  ErrorCase(.zed, .linux, "ctrl-shift-function", .unsupportedKey, 12),
  ErrorCase(.zed, .linux, "ctrl-", .missingKey, 6),
  ErrorCase(.zed, .linux, "ctrl--a", .emptyModifier, 6),
  ErrorCase(.zed, .linux, "ctrl-numpad5", .unknownKey, 6),
  ErrorCase(.gtk, .linux, "<Control", .unexpectedText, 1),
  ErrorCase(.gtk, .linux, "<>a", .emptyModifier, 1),
  ErrorCase(.gtk, .linux, "<Control>", .missingKey, 10),
  ErrorCase(.gtk, .linux, "<Control><Shfit>a", .unknownModifier, 11),
  ErrorCase(.gtk, .linux, "<Meta>a", .unsupportedModifier, 2),
  ErrorCase(.gtk, .windows, "<Meta>a", .unsupportedModifier, 2),
  ErrorCase(.gtk, .linux, "<Hyper>a", .unsupportedModifier, 2),
  ErrorCase(.gtk, .linux, "<Mod4>a", .unsupportedModifier, 2),
  ErrorCase(.gtk, .linux, "<Control>a <Control>b", .tooManyStrokes, 12),
  ErrorCase(.gtk, .linux, "<Control>bracketlef", .unknownKey, 10),
  ErrorCase(.gtk, .linux, "<Control>XF86AudioPlay", .unsupportedKey, 10),
  ErrorCase(.gtk, .linux, "<Release>a", .unsupportedModifier, 2),
  ErrorCase(.qt, .linux, "Ctrl+K, ", .missingKey, 9),
  ErrorCase(.qt, .linux, "Ctrl+K Ctrl+S", .unexpectedText, 7),
  ErrorCase(.qt, .linux, "A, B, C, D, E", .tooManyStrokes, 13),
  ErrorCase(.qt, .linux, "Meta+Meta+A", .duplicateModifier, 6),
  ErrorCase(.qt, .linux, "Num+A", .unexpectedText, 5),
  ErrorCase(.qt, .linux, "Ctrl+Print", .unsupportedKey, 6),
  ErrorCase(.electron, .linux, "Super+Meta+A", .duplicateModifier, 7),
  ErrorCase(.electron, .linux, "AltGr+A", .unsupportedModifier, 1),
  ErrorCase(.electron, .linux, "CmdOrCtrl+A CmdOrCtrl+B", .tooManyStrokes, 13),
  ErrorCase(.electron, .linux, "CmdOrCtrl+VolumeUp", .unsupportedKey, 11),
  ErrorCase(.emacs, .linux, "C-", .missingKey, 3),
  ErrorCase(.emacs, .linux, "C-x C-", .missingKey, 7),
  ErrorCase(.emacs, .linux, "H-a", .unsupportedModifier, 1),
  ErrorCase(.emacs, .linux, "C-<f99>", .unsupportedKey, 3),
  ErrorCase(.emacs, .linux, "C-<foo>", .unknownKey, 3),
  ErrorCase(.emacs, .linux, "C-xyz", .unknownKey, 3),
  ErrorCase(.emacs, .linux, "C-C-a", .duplicateModifier, 3),
  ErrorCase(.menuKit, .linux, "Cmd+Shfit+S", .unknownModifier, 5),
  ErrorCase(.menuKit, .linux, "Cmd+K Cmd+", .missingKey, 11),
]

/// Parses `text`, returning the error it throws, or nil when it parses.
private func parseError(
  _ text: String, _ dialect: ShortcutDialect, _ platform: PlatformProfile
) -> ShortcutDialectError? {
  do {
    _ = try KeySequence(parsing: text, dialect: dialect, platform: platform)
    return nil
  } catch {
    return error
  }
}

/// The keys each dialect has no name for; `text(in:platform:)` returns nil for them.
private let unwritableKeys: [ShortcutDialect: Set<KeyInput.SpecialKey>] = [
  // VS Code names the context-menu and browser keys only; Qt has no Undo, Find or XF86Save
  // names; Electron's accelerators name none of the application keys.
  .vscode: Set(applicationKeys).subtracting([.contextMenu, .browserBack, .browserForward])
    .union([.enter, .clear, .keypadEquals]),
  .zed: Set(KeyInput.SpecialKey.allCases.filter { $0.canonicalName.hasPrefix("Keypad") })
    .union([.enter, .clear]),
  .qt: [.undo, .redo, .find, .open, .save, .new],
  .electron: Set(applicationKeys).union([.enter, .clear, .keypadEquals, .keypadComma]),
]

/// The application keys of some keyboards (keysyms Menu, Help, Undo, XF86Copy, XF86Back…).
private let applicationKeys: [KeyInput.SpecialKey] = [
  .contextMenu, .help, .undo, .redo, .find, .cut, .copy, .paste, .open, .save, .new,
  .browserBack, .browserForward,
]

/// Inputs for round trips: letters, digits, symbols (shifted ones too), non-ASCII, and every
/// special key.
private let roundTripInputs: [KeyInput] =
  [
    "a", "p", "z", "1", "0", "[", "]", ";", "'", ",", ".", "/", "\\", "-", "=", "`", "{", "?",
    "+", "~", "<", "é", "ß",
  ].map { KeyInput($0) }
  + KeyInput.SpecialKey.allCases.map { KeyInput($0) }

/// The modifier sets that round-trip on a platform: on linux and windows `.control` is written
/// as Control and reads back as `.command`, so only `.command` is used there; on mac `.super`
/// is written as ⌘ and reads back as `.command`, so only `.command` is used there.
private func roundTripModifiers(_ platform: PlatformProfile) -> [KeyModifierFlags] {
  var sets: [KeyModifierFlags] = [
    [], [.command], [.shift], [.alternate], [.command, .shift], [.command, .alternate],
    [.command, .alternate, .shift], [.alternate, .shift],
  ]
  if platform != .mac {
    sets += [
      [.super], [.super, .shift], [.super, .alternate], [.command, .super],
      [.command, .super, .alternate, .shift],
    ]
  }
  if platform == .mac {
    sets += [
      [.control], [.control, .command], [.control, .shift],
      [
        .control, .alternate, .shift,
        .command,
      ],
    ]
  }
  return sets
}

// MARK: - Tests

@Suite("Shortcut dialects")
struct ShortcutDialectTests {
  @Test("parses each dialect's text into MenuKit shortcuts", arguments: parseCases)
  fileprivate func parses(_ example: ParseCase) throws {
    let sequence = try KeySequence(
      parsing: example.text, dialect: example.dialect, platform: example.platform)
    #expect(sequence.canonicalText == example.canonical)
  }

  @Test("writes shortcuts in each dialect", arguments: formatCases)
  fileprivate func writes(_ example: FormatCase) throws {
    let sequence = try KeySequence(parsing: example.canonical)
    for (dialect, expected) in example.texts {
      #expect(
        sequence.text(in: dialect, platform: example.platform) == expected,
        "\(dialect)")
    }
  }

  @Test("keeps a shifted symbol's key: ctrl+shift+[ is [ with Shift, not {")
  func shiftedSymbolsStay() throws {
    let fold = try KeyboardShortcut(parsing: "ctrl+shift+[", dialect: .vscode, platform: .linux)
    #expect(fold.input == "[")
    #expect(fold.modifierFlags == [.command, .shift])
  }

  @Test(
    "round-trips every key and modifier set through every dialect",
    arguments: ShortcutDialect.allCases, PlatformProfile.allCases)
  func roundTrips(_ dialect: ShortcutDialect, _ platform: PlatformProfile) throws {
    var written = 0
    for input in roundTripInputs {
      for flags in roundTripModifiers(platform) {
        let shortcut = KeyboardShortcut(input, modifierFlags: flags)
        guard let text = shortcut.text(in: dialect, platform: platform) else {
          let key = try #require(input.specialKey, "\(shortcut) has no \(dialect) text")
          #expect(unwritableKeys[dialect]?.contains(key) == true, "\(shortcut) in \(dialect)")
          continue
        }
        written += 1
        let parsed = try KeyboardShortcut(parsing: text, dialect: dialect, platform: platform)
        #expect(parsed == shortcut, "\(shortcut) → \"\(text)\" → \(parsed)")
      }
    }
    #expect(written > 300)
  }

  @Test(
    "round-trips sequences, with commas and plus keys in Qt", arguments: ShortcutDialect.allCases)
  func sequencesRoundTrip(_ dialect: ShortcutDialect) throws {
    let texts = ["Cmd+K Cmd+S", "Cmd+, Cmd+K", "Cmd+Plus Plus", ", ,", "Alt+- - G G Escape"]
    for text in texts {
      let sequence = try KeySequence(parsing: text)
      guard let written = sequence.text(in: dialect, platform: .linux) else {
        #expect(
          dialect == .gtk || dialect == .electron || dialect == .portal
            || sequence.strokes.count > 4)
        continue
      }
      let parsed = try KeySequence(parsing: written, dialect: dialect, platform: .linux)
      #expect(parsed == sequence, "\(text) → \"\(written)\"")
    }
  }

  @Test("writes .control as Control on linux, which reads back as .command")
  func controlBecomesCommandOnLinux() throws {
    let shortcut = KeyboardShortcut("x", modifierFlags: .control)
    for dialect in ShortcutDialect.allCases where dialect != .menuKit {
      let text = try #require(shortcut.text(in: dialect, platform: .linux))
      let parsed = try KeyboardShortcut(parsing: text, dialect: dialect, platform: .linux)
      #expect(parsed.modifierFlags == .command, "\(dialect): \(text)")
    }
  }

  @Test(
    "reads each dialect's Super word as .super on linux and windows and as ⌘ on mac",
    arguments: [
      (ShortcutDialect.vscode, "meta+e"), (.vscode, "win+e"), (.vscode, "cmd+e"),
      (.zed, "super-e"), (.zed, "win-e"), (.zed, "cmd-e"), (.gtk, "<Super>e"),
      (.qt, "Meta+E"), (.electron, "Super+E"), (.electron, "Meta+E"), (.electron, "Cmd+E"),
      (.emacs, "s-e"), (.menuKit, "Super+E"), (.menuKit, "Meta+E"), (.menuKit, "Win+E"),
    ])
  func superWords(_ dialect: ShortcutDialect, _ text: String) throws {
    for platform in [PlatformProfile.linux, .windows] {
      let shortcut = try KeyboardShortcut(parsing: text, dialect: dialect, platform: platform)
      #expect(shortcut == KeyboardShortcut("e", modifierFlags: .super), "\(platform)")
      #expect(shortcut.label(for: platform) == (platform == .linux ? "Super+E" : "Win+E"))
    }
    // Qt's Meta is Control on mac; every other dialect's Super word is ⌘ there.
    let mac = try KeyboardShortcut(parsing: text, dialect: dialect, platform: .mac)
    let expected: KeyModifierFlags =
      dialect == .qt ? .control : dialect == .menuKit ? .super : .command
    #expect(mac.modifierFlags == expected)
    #expect(mac.label(for: .mac) == (dialect == .qt ? "⌃E" : "⌘E"))
  }

  @Test("on mac .super is written as ⌘, which reads back as .command")
  func superBecomesCommandOnMac() throws {
    let shortcut = KeyboardShortcut("e", modifierFlags: [.super, .shift])
    for dialect in ShortcutDialect.allCases where dialect != .menuKit {
      let text = try #require(shortcut.text(in: dialect, platform: .mac))
      let parsed = try KeyboardShortcut(parsing: text, dialect: dialect, platform: .mac)
      #expect(parsed.modifierFlags == [.command, .shift], "\(dialect): \(text)")
      // Written with .command as well, ⌘ is written once.
      let both = KeyboardShortcut("e", modifierFlags: [.command, .super, .shift])
      #expect(both.text(in: dialect, platform: .mac) == text, "\(dialect)")
    }
  }

  @Test("on linux .super, .command and .control are written as two keys, Super and Control")
  func superStaysApartFromControl() throws {
    for dialect in ShortcutDialect.allCases {
      let text = try #require(
        KeyboardShortcut("e", modifierFlags: [.control, .super]).text(in: dialect, platform: .linux)
      )
      let parsed = try KeyboardShortcut(parsing: text, dialect: dialect, platform: .linux)
      let expected: KeyModifierFlags =
        dialect == .menuKit ? [.control, .super] : [.command, .super]
      #expect(parsed.modifierFlags == expected, "\(dialect): \(text)")
    }
  }

  @Test("Qt sequences have at most four strokes")
  func qtSequenceLimit() throws {
    let five = try KeySequence(parsing: "A B C D E")
    #expect(five.text(in: .qt, platform: .linux) == nil)
    #expect(five.text(in: .vscode, platform: .linux) == "a b c d e")
  }

  @Test("reports the error's kind and column", arguments: errorCases)
  fileprivate func errors(_ example: ErrorCase) {
    let error = parseError(example.text, example.dialect, example.platform)
    #expect(error?.kind == example.kind)
    #expect(error?.column == example.column)
    #expect(error?.dialect == example.dialect)
    #expect(error?.message.isEmpty == false)
    #expect(error?.expected.isEmpty == false)
  }

  @Test("a one-stroke parse rejects a second stroke at its column")
  func oneStroke() {
    #expect(throws: ShortcutDialectError.self) {
      try KeyboardShortcut(parsing: "ctrl+k ctrl+s", dialect: .vscode, platform: .linux)
    }
    do {
      _ = try KeyboardShortcut(parsing: "ctrl+k ctrl+s", dialect: .vscode, platform: .linux)
    } catch {
      #expect(error.kind == .tooManyStrokes)
      #expect(error.column == 8)
    }
  }

  @Test("messages name the problem, suggest, and say what was expected")
  func messages() throws {
    let typo = try #require(parseError("ctrl+shfit+p", .vscode, .linux))
    #expect(typo.message == "unknown VS Code modifier 'shfit'; did you mean 'shift'?")
    #expect(typo.description.hasPrefix("column 6: unknown VS Code modifier 'shfit'"))
    #expect(typo.expected.contains("ctrl+shift+["))

    let meta = try #require(parseError("<Meta>a", .gtk, .linux))
    #expect(meta.message.contains("not the Super (logo) key"))
    #expect(meta.message.contains("linux profile"))
    #expect(meta.expected.contains("Super"))

    let hyper = try #require(parseError("H-a", .emacs, .linux))
    #expect(hyper.message.contains("Hyper"))
    #expect(hyper.message.contains("write s- for Super"))

    let physical = try #require(parseError("ctrl+[Peroid]", .vscode, .linux))
    #expect(physical.message == "unknown VS Code key '[Peroid]'; did you mean '[Period]'?")
    let modifier = try #require(parseError("ctrl+[ShiftLeft]", .vscode, .linux))
    #expect(modifier.message.contains("'[ShiftLeft]' is a modifier or lock key"))
    let zed = try #require(parseError("ctrl-[BracketLeft]", .zed, .linux))
    #expect(zed.message.contains("Zed has no notation for key positions"))

    let key = try #require(parseError("<Control>bracketlef", .gtk, .linux))
    #expect(key.message == "unknown GTK key 'bracketlef'; did you mean 'bracketleft'?")

    let long = try #require(
      parseError("ctrl+" + String(repeating: "x", count: 10_000), .vscode, .linux))
    #expect(long.message.count < 300)
  }

  @Test("never traps, and errors point inside the text (deterministic fuzzing)")
  func fuzz() {
    let alphabet = Array("+-<>[]{},  ctrlshiftaltCMS-kpxé\u{301}😀\u{0}\t,Num")
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var inputs = [
      "", "+", "++", "+++", "ctrl+", "-", "--", "<", "<>", "<<>", ",", ", ", ",,",
      "C-", "<C-", "<C->", String(repeating: "ctrl+", count: 5_000) + "a",
    ]
    for _ in 0..<400 {
      inputs.append(String((0..<next(14)).map { _ in alphabet[next(alphabet.count)] }))
    }
    var problems: [String] = []
    var parsed = 0
    for text in inputs {
      for dialect in ShortcutDialect.allCases {
        for platform in PlatformProfile.allCases {
          do {
            let sequence = try KeySequence(parsing: text, dialect: dialect, platform: platform)
            parsed += 1
            if sequence.strokes.isEmpty { problems.append("\(dialect) \"\(text)\": no strokes") }
          } catch {
            if !(1...(text.unicodeScalars.count + 1)).contains(error.column)
              || error.message.isEmpty
            {
              problems.append("\(dialect) \"\(text)\": \(error)")
            }
          }
        }
      }
    }
    #expect(problems == [])
    #expect(parsed > 0)
  }
}

// MARK: - Corpus

/// A keymap file copied from /work/shared/corpus and what it may not parse.
private struct CorpusFile: CustomTestStringConvertible, Sendable {
  var path: String
  var dialect: ShortcutDialect
  var platform: PlatformProfile
  /// The forms MenuKit rejects on purpose, as (kind, word at the error's column).
  var rejected: Set<RejectedForm>
  var testDescription: String { path }
}

private struct RejectedForm: Hashable, Sendable, CustomStringConvertible {
  var kind: ShortcutDialectError.Kind
  var word: String
  var description: String { "\(kind) '\(word)'" }

  init(_ kind: ShortcutDialectError.Kind, _ word: String) {
    self.kind = kind
    self.word = word
  }
}

private let corpusFiles: [CorpusFile] = [
  CorpusFile(
    path: "vscode/linux.keybindings.json", dialect: .vscode, platform: .linux,
    rejected: []),
  CorpusFile(
    path: "vscode/windows.keybindings.json", dialect: .vscode, platform: .windows,
    rejected: []),
  CorpusFile(
    path: "vscode/macos.keybindings.json", dialect: .vscode, platform: .mac,
    rejected: []),
  CorpusFile(
    path: "zed/default-linux.json", dialect: .zed, platform: .linux,
    rejected: []),
  CorpusFile(
    path: "zed/default-macos.json", dialect: .zed, platform: .mac,
    rejected: [RejectedForm(.unsupportedModifier, "fn")]),
]

private let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/corpus")

/// Every shortcut text in a VS Code keymap (`"key"` members) or a Zed keymap (the member names
/// of each section's `"bindings"`).
private func shortcutTexts(in file: CorpusFile) throws -> [String] {
  let text = try String(
    contentsOf: corpusDirectory.appendingPathComponent(file.path), encoding: .utf8)
  let root = try JSONReader.parse(text, file: file.path)
  guard case .array(let entries) = root.value else { return [] }
  var texts: [String] = []
  for entry in entries {
    guard case .object(let members) = entry.value else { continue }
    for member in members {
      switch (file.dialect, member.key, member.value.value) {
      case (.vscode, "key", .string(let key)):
        texts.append(key)
      case (.zed, "bindings", .object(let bindings)):
        texts += bindings.map(\.key)
      default:
        break
      }
    }
  }
  return texts
}

/// The word that starts at an error's column: up to the next separator or space.
private func word(in text: String, at column: Int, dialect: ShortcutDialect) -> String {
  let scalars = Array(text.unicodeScalars).dropFirst(column - 1)
  let separator: Unicode.Scalar = dialect == .zed ? "-" : "+"
  var result = ""
  for scalar in scalars {
    if scalar == separator || scalar == " " { break }
    result.unicodeScalars.append(scalar)
  }
  return result
}

@Suite("Shortcut dialects: documentation")
struct ShortcutDialectDocsTests {
  @Test("docs/formats/shortcut-dialects.md has a section per dialect, and shortcuts.md links to it")
  func sections() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")
    let dialects = try String(
      contentsOf: docs.appendingPathComponent("formats/shortcut-dialects.md"), encoding: .utf8)
    for dialect in ShortcutDialect.allCases where dialect != .menuKit {
      #expect(dialects.contains("## \(dialect.displayName) (`\(dialect.rawValue)`)"))
    }
    let shortcuts = try String(
      contentsOf: docs.appendingPathComponent("formats/shortcuts.md"), encoding: .utf8)
    #expect(shortcuts.contains("(shortcut-dialects.md)"))
  }
}

@Suite("Shortcut dialects: real keymaps")
struct ShortcutDialectCorpusTests {
  @Test(
    "every key of the VS Code and Zed default keymaps parses, or is a documented rejection",
    arguments: corpusFiles)
  fileprivate func corpus(_ file: CorpusFile) throws {
    let texts = try shortcutTexts(in: file)
    #expect(texts.count > 500)
    var parsed = 0
    var rejected: Set<RejectedForm> = []
    for text in texts {
      do {
        let sequence = try KeySequence(
          parsing: text, dialect: file.dialect, platform: file.platform)
        parsed += 1
        // What parses also writes back and parses to the same shortcuts.
        let written = try #require(sequence.text(in: file.dialect, platform: file.platform))
        let again = try KeySequence(
          parsing: written, dialect: file.dialect, platform: file.platform)
        #expect(again == sequence, "\(text) → \(written)")
      } catch let error as ShortcutDialectError {
        rejected.insert(
          RejectedForm(error.kind, word(in: text, at: error.column, dialect: file.dialect)))
      }
    }
    #expect(rejected == file.rejected)
    #expect(parsed > texts.count * 9 / 10, "\(parsed) of \(texts.count) parsed")
  }
}

@Suite("Shortcut dialects: the XDG portal's triggers")
struct PortalTriggerDialectTests {
  @Test("writes CTRL, ALT, SHIFT, LOGO and a keysym name; reads them back in any case")
  func portalTriggers() throws {
    let cases: [(String, PlatformProfile, String)] = [
      ("Cmd+Shift+P", .linux, "CTRL+SHIFT+p"),
      ("Cmd+Shift+[", .linux, "CTRL+SHIFT+bracketleft"),
      ("Alt+F4", .windows, "ALT+F4"),
      ("Super+E", .linux, "LOGO+e"),
      ("Cmd+Q", .mac, "LOGO+q"),
      ("Cmd+Alt+Return", .linux, "CTRL+ALT+Return"),
    ]
    for (canonical, platform, trigger) in cases {
      let shortcut = try KeyboardShortcut(parsing: canonical)
      #expect(shortcut.text(in: .portal, platform: platform) == trigger, "\(canonical)")
      let read = try KeyboardShortcut(parsing: trigger, dialect: .portal, platform: platform)
      #expect(read == shortcut, "\(trigger)")
    }
    let lower = try KeyboardShortcut(parsing: "ctrl+shift+p", dialect: .portal, platform: .linux)
    #expect(lower.canonicalText == "Cmd+Shift+P")
    #expect(throws: ShortcutDialectError.self) {
      try KeySequence(parsing: "CTRL+k CTRL+s", dialect: .portal, platform: .linux)
    }
    #expect(throws: ShortcutDialectError.self) {
      try KeyboardShortcut(parsing: "CTRL+XF86AudioPlay", dialect: .portal, platform: .linux)
    }
    let sequence = try KeySequence(parsing: "Cmd+K Cmd+S")
    #expect(sequence.text(in: .portal, platform: .linux) == nil)
  }
}
