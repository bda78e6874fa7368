// MARK: - Internal

/// The key a dialect's modifier word names, before the platform profile turns it into flags.
enum DialectModifier: Hashable, Sendable {
  /// The physical Control key: `.command` on linux and windows (the same key there), `.control`
  /// on mac.
  case control
  /// The platform's primary modifier, whatever its key: always `.command` (`<Primary>`,
  /// `CmdOrCtrl`, Zed's `secondary`, Qt's `Ctrl`).
  case primary
  /// The Super key (⌘ on a Mac keyboard, the Windows or logo key elsewhere): `.command` on
  /// mac, where ⌘ is the primary modifier, and `.super` on linux and windows.
  case superKey
  /// Qt's `Meta`: the Control key on mac (Qt swaps them there), Super elsewhere.
  case qtMeta
  /// GTK's `<Meta>`: ⌘ on mac (GTK's macOS backend reports ⌘ as Meta); on a Linux keymap it
  /// shares the Alt keys' Mod1 and names no key of its own, so it is read on mac only.
  case gtkMeta
  /// Alt (Option on a Mac keyboard, Emacs's Meta): `.alternate`.
  case alternate
  /// Shift: `.shift`.
  case shift
  /// Qt's `Num`: the key is on the keypad.
  case keypad
  /// A modifier MenuKit cannot require on any platform, with the reason.
  case unsupported(String)

  /// What a modifier stands for under a platform profile.
  enum Resolution: Hashable, Sendable {
    /// The flags it stands for.
    case flags(KeyModifierFlags)
    /// Why no flag stands for it.
    case unsupported(String)
  }

  /// The flags this modifier stands for under `platform`, or the reason it has none.
  func flags(on platform: PlatformProfile) -> Resolution {
    switch self {
    case .control: .flags(platform == .mac ? .control : .command)
    case .primary: .flags(.command)
    case .superKey: .flags(platform == .mac ? .command : .super)
    case .qtMeta: .flags(platform == .mac ? .control : .super)
    case .gtkMeta:
      platform == .mac
        ? .flags(.command)
        : .unsupported(
          "GTK's Meta is not the Super (logo) key: on Linux keymaps it shares Mod1 with the Alt "
            + "keys (GTK on Wayland never reports it, on X11 it comes with Alt), so it names no "
            + "key of its own under the \(platform.rawValue) profile; write <Super> for the logo "
            + "key or <Alt> (<Meta> is read as ⌘ under the mac profile)")
    case .alternate: .flags(.alternate)
    case .shift: .flags(.shift)
    case .keypad: .flags(.numericPad)
    case .unsupported(let reason): .unsupported(reason)
    }
  }

  /// The modifier a word names in `dialect`, or nil when the dialect has no such word.
  static func named(_ word: String, in dialect: ShortcutDialect) -> DialectModifier? {
    switch dialect {
    case .menuKit: return nil
    case .emacs: return emacsPrefixes[word]
    default: return table(for: dialect)[word.lowercased()]
    }
  }

  /// The words a dialect accepts, for suggestions.
  static func words(in dialect: ShortcutDialect) -> [String] {
    switch dialect {
    case .menuKit: []
    case .emacs: emacsPrefixes.keys.sorted()
    default: table(for: dialect).keys.sorted()
    }
  }

  private static func table(for dialect: ShortcutDialect) -> [String: DialectModifier] {
    switch dialect {
    case .vscode: vscodeWords
    case .zed: zedWords
    case .gtk: gtkWords
    case .qt: qtWords
    case .electron: electronWords
    case .portal: portalWords
    case .menuKit, .emacs: [:]
    }
  }

  // The freedesktop shortcuts specification (the GlobalShortcuts portal's triggers): CTRL, ALT,
  // SHIFT, NUM and LOGO, the physical keys.
  private static let portalWords: [String: DialectModifier] = [
    "ctrl": .control, "alt": .alternate, "shift": .shift, "logo": .superKey, "num": .keypad,
  ]

  // VS Code's keybindingParser.ts reads `meta`, `win` and `cmd` as one meta flag on every
  // platform (the Super key; ⌘ on macOS) and writes it `meta` on linux, `win` on windows and
  // `cmd` on macOS. It has no `super`.
  private static let vscodeWords: [String: DialectModifier] = [
    "ctrl": .control, "shift": .shift, "alt": .alternate,
    "cmd": .superKey, "meta": .superKey, "win": .superKey,
  ]

  // Zed's `Keystroke::parse` (crates/gpui/src/platform/keystroke.rs) reads `cmd`, `super` and
  // `win` as its platform modifier on every platform, and `unparse` writes `cmd` on macOS,
  // `super` on linux and `win` on windows.
  private static let zedWords: [String: DialectModifier] = [
    "ctrl": .control, "alt": .alternate, "shift": .shift, "secondary": .primary,
    "cmd": .superKey, "super": .superKey, "win": .superKey,
    "fn": .unsupported(
      "the Fn key is handled by the keyboard itself on most machines; MenuKit shortcuts "
        + "cannot require it"),
  ]

  // GTK's <Super> is GDK_SUPER_MASK, the logo key. Its <Meta> is GDK_META_MASK, a modifier of
  // its own: GTK on macOS reports ⌘ with it, while on a Linux keymap the Meta virtual modifier
  // shares Mod1 with Alt (xkeyboard-config's `modifier_map Mod1 { <LALT>, <RALT>, <META> }`),
  // and GTK's Wayland backend never adds GDK_META_MASK when Mod1 is set (its X11 backend adds
  // it with Alt). So <Meta> is ⌘ on mac and names no key of its own elsewhere.
  private static let gtkWords: [String: DialectModifier] = [
    "control": .control, "ctrl": .control, "ctl": .control, "primary": .primary,
    "shift": .shift, "shft": .shift, "alt": .alternate, "mod1": .alternate,
    "super": .superKey, "meta": .gtkMeta,
    "hyper": .unsupported(
      "Hyper is a modifier of its own, not the Super (logo) key, and MenuKit has no flag for "
        + "it; write <Super> for the logo key"),
    "release": .unsupported("<Release> binds the key's release; MenuKit shortcuts act on press"),
    "mod2": .unsupported("Mod2 is usually Num Lock, which never takes part in a match"),
    "mod3": .unsupported("MenuKit shortcuts cannot require Mod3"),
    "mod4": .unsupported(
      "Mod4 is a raw X11 modifier (the Super and Hyper keys share it); write <Super>"),
    "mod5": .unsupported("Mod5 is usually AltGr, which selects characters, not shortcuts"),
  ]

  private static let qtWords: [String: DialectModifier] = [
    "ctrl": .primary, "alt": .alternate, "shift": .shift, "meta": .qtMeta, "num": .keypad,
  ]

  // Electron (shell/common/keyboard_util.cc) reads `Super`, `Meta`, `Command` and `Cmd` as one
  // key, the Windows (logo) key on Windows and Linux and ⌘ on macOS; its documentation calls
  // Command macOS-only. `CmdOrCtrl` is the primary modifier.
  private static let electronWords: [String: DialectModifier] = [
    "commandorcontrol": .primary, "cmdorctrl": .primary,
    "control": .control, "ctrl": .control,
    "command": .superKey, "cmd": .superKey, "super": .superKey, "meta": .superKey,
    "alt": .alternate, "option": .alternate, "shift": .shift,
    "altgr": .unsupported("AltGr selects characters on the keyboard layout, not shortcuts"),
  ]

  private static let emacsPrefixes: [String: DialectModifier] = [
    "C": .control, "M": .alternate, "S": .shift, "s": .superKey,
    "H": .unsupported(
      "H- is Emacs's Hyper modifier, not the Super (logo) key, and MenuKit has no flag for it; "
        + "write s- for Super"),
    "A": .unsupported(
      "Emacs's A- is its own alt bit, not the Alt key (Emacs reads the Alt key as M-)"),
  ]
}
