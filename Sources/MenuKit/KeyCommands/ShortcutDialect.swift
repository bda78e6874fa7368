/// A way other software writes keyboard shortcuts, which MenuKit can read and write.
///
/// MenuKit has one canonical notation (``KeyboardShortcut/canonicalText``, `Cmd+Shift+[`);
/// each dialect is another program's spelling of the same shortcuts:
///
/// | dialect | example | sequences |
/// |---|---|---|
/// | ``menuKit`` | `Cmd+Shift+[` | `Cmd+K Cmd+S` |
/// | ``vscode`` | `ctrl+shift+[` | `ctrl+k ctrl+s` |
/// | ``zed`` | `ctrl-shift-[` | `ctrl-k ctrl-s` |
/// | ``gtk`` | `<Primary><Shift>bracketleft` | single strokes only |
/// | ``qt`` | `Ctrl+Shift+[` | `Ctrl+K, Ctrl+S` |
/// | ``electron`` | `CmdOrCtrl+Shift+[` | single strokes only |
/// | ``emacs`` | `C-S-[` | `C-x C-s` |
/// | ``portal`` | `CTRL+SHIFT+bracketleft` | single strokes only |
///
/// Reading and writing take a ``PlatformProfile``, because a dialect's words for modifier
/// keys name physical keys while MenuKit's flags are portable: ``KeyModifierFlags/command`` is
/// the primary modifier, Control on linux and windows and ⌘ on mac. So VS Code's `ctrl` on
/// linux reads as `.command`, and on mac as `.control`; `cmd` on mac reads as `.command`.
/// The Super (Windows, logo) key — VS Code's `meta`/`win`, Zed's `super`, GTK's `<Super>`,
/// Qt's `Meta`, Electron's `Super`, Emacs's `s-` — reads as ``KeyModifierFlags/super`` on
/// linux and windows, and as ``KeyModifierFlags/command`` (⌘) on mac. The shifted character
/// of a symbol key is never substituted: `ctrl+shift+[` is `[` with Shift, not `{`. Physical
/// keys (``KeyInput/physicalKey(_:)``) are VS Code's scan codes, `ctrl+[BracketLeft]`; the
/// other dialects have no notation for them, so writing one returns nil and reading
/// `[BracketLeft]` is an error of kind ``ShortcutDialectError/Kind/physicalKey``.
///
/// ```swift
/// let fold = try KeySequence(parsing: "ctrl+shift+[", dialect: .vscode, platform: .linux)
/// fold.canonicalText                                   // "Cmd+Shift+["
/// fold.text(in: .gtk, platform: .linux)                // "<Primary><Shift>bracketleft"
/// fold.text(in: .emacs, platform: .linux)              // "C-S-["
/// try KeySequence(parsing: "C-x C-s", dialect: .emacs, platform: .linux).canonicalText
/// // "Cmd+X Cmd+S"
/// try KeySequence(parsing: "meta+e", dialect: .vscode, platform: .linux).canonicalText
/// // "Super+E"
/// ```
///
/// `docs/formats/shortcut-dialects.md` has a table of modifiers, key names and rejected forms for
/// each dialect.
public enum ShortcutDialect: String, CaseIterable, Sendable {
  /// MenuKit's canonical notation, `Cmd+Shift+O`; the platform profile does not change it.
  case menuKit
  /// Visual Studio Code's `keybindings.json`: `ctrl+shift+[`, chords `ctrl+k ctrl+s`.
  case vscode
  /// Zed's `keymap.json`: `ctrl-shift-p`, `secondary-` for the platform's primary modifier.
  case zed
  /// GTK accelerators: `<Control><Shift>bracketleft`, keys named by X11 keysym names.
  case gtk
  /// Qt's portable `QKeySequence` text: `Ctrl+Shift+[`, strokes separated by `, `.
  case qt
  /// Electron accelerators: `CmdOrCtrl+Shift+[`.
  case electron
  /// Emacs key descriptions (`kbd`): `C-S-[`, sequences `C-x C-s`.
  case emacs
  /// The trigger notation of the XDG GlobalShortcuts portal (the freedesktop shortcuts
  /// specification): modifiers `CTRL`, `ALT`, `SHIFT`, `LOGO` and an xkbcommon keysym name,
  /// joined by `+`, as in `CTRL+SHIFT+p`. Single strokes only.
  case portal
}

// MARK: - API

extension KeySequence {
  /// Parses a shortcut or sequence written in another program's dialect.
  ///
  /// Modifier words are read as the physical keys they name on `platform` and turned into
  /// MenuKit's portable flags (see ``ShortcutDialect``). GTK accelerators and Electron
  /// accelerators have one stroke; the other dialects separate strokes with spaces, Qt with
  /// `, `.
  ///
  /// ```swift
  /// try KeySequence(parsing: "ctrl+k ctrl+s", dialect: .vscode, platform: .linux)
  ///   .canonicalText  // "Cmd+K Cmd+S"
  /// try KeySequence(parsing: "shift+cmd+p", dialect: .vscode, platform: .mac)
  ///   .canonicalText  // "Cmd+Shift+P"
  /// ```
  ///
  /// - Parameters:
  ///   - text: The shortcut text, such as the value of a `"key"` in a VS Code keymap.
  ///   - dialect: How `text` is written.
  ///   - platform: The platform the text was written for; it decides what `ctrl`, `cmd` and
  ///     `meta` mean (`cmd` and `meta` are ⌘, `.command`, on mac and Super, `.super`,
  ///     elsewhere).
  /// - Throws: ``ShortcutDialectError`` with the 1-based column of the offending part and
  ///   what was expected there. Any input, however malformed, throws rather than traps.
  public init(
    parsing text: String, dialect: ShortcutDialect, platform: PlatformProfile
  ) throws(ShortcutDialectError) {
    let parser = DialectParser(text: text, dialect: dialect, platform: platform)
    let strokes = try parser.parseSequence()
    self.init(strokes.map(\.shortcut))
  }

  /// The sequence written in a dialect, or nil when the dialect cannot write it.
  ///
  /// The result parses back with ``init(parsing:dialect:platform:)`` to this sequence, except
  /// that on linux and windows ``KeyModifierFlags/control`` is written as the Control key and
  /// so reads back as ``KeyModifierFlags/command`` (the same key there), that on mac
  /// ``KeyModifierFlags/super`` is written as ⌘ and so reads back as
  /// ``KeyModifierFlags/command``, and that ``KeyModifierFlags/alphaShift`` and
  /// ``KeyModifierFlags/numericPad`` are not written.
  ///
  /// ```swift
  /// let save = try KeySequence(parsing: "Cmd+K Cmd+S")
  /// save.text(in: .vscode, platform: .linux)  // "ctrl+k ctrl+s"
  /// save.text(in: .qt, platform: .linux)      // "Ctrl+K, Ctrl+S"
  /// save.text(in: .gtk, platform: .linux)     // nil: GTK accelerators are single strokes
  /// ```
  ///
  /// - Parameters:
  ///   - dialect: The dialect to write.
  ///   - platform: The platform the text is for; it decides the words for the modifiers.
  /// - Returns: The text, or nil when the sequence has more strokes than the dialect allows
  ///   (one for ``ShortcutDialect/gtk`` and ``ShortcutDialect/electron``, four for
  ///   ``ShortcutDialect/qt``, ``KeySequence/maximumLength`` for the others) or a stroke's key
  ///   has no name in the dialect (such as a keypad key in Zed, or a physical key
  ///   (``KeyInput/physicalKey(_:)``) in any dialect but VS Code; `docs/formats/shortcut-dialects.md`
  ///   lists them).
  public func text(in dialect: ShortcutDialect, platform: PlatformProfile) -> String? {
    guard strokes.count <= dialect.maximumStrokes else { return nil }
    var texts: [String] = []
    for stroke in strokes {
      guard let text = stroke.text(in: dialect, platform: platform) else { return nil }
      texts.append(text)
    }
    return texts.joined(separator: dialect.strokeSeparator)
  }
}

extension KeyboardShortcut {
  /// Parses one shortcut written in another program's dialect.
  ///
  /// The same as ``KeySequence/init(parsing:dialect:platform:)``, but the text must hold
  /// exactly one stroke.
  ///
  /// ```swift
  /// try KeyboardShortcut(parsing: "<Control><Shift>bracketleft", dialect: .gtk,
  ///   platform: .linux).canonicalText  // "Cmd+Shift+["
  /// try KeyboardShortcut(parsing: "CmdOrCtrl+Shift+[", dialect: .electron,
  ///   platform: .mac).canonicalText    // "Cmd+Shift+["
  /// ```
  ///
  /// - Parameters:
  ///   - text: The shortcut text.
  ///   - dialect: How `text` is written.
  ///   - platform: The platform the text was written for.
  /// - Throws: ``ShortcutDialectError``; a second stroke is an error of kind
  ///   ``ShortcutDialectError/Kind/tooManyStrokes`` at its column.
  public init(
    parsing text: String, dialect: ShortcutDialect, platform: PlatformProfile
  ) throws(ShortcutDialectError) {
    let parser = DialectParser(text: text, dialect: dialect, platform: platform)
    let strokes = try parser.parseSequence()
    if strokes.count > 1 {
      throw ShortcutDialectError(
        .tooManyStrokes, dialect: dialect, column: strokes[1].column,
        message: "a second stroke where one shortcut was expected",
        expected: "a single shortcut, without a sequence")
    }
    self = strokes[0].shortcut
  }

  /// The shortcut written in a dialect, or nil when its key has no name in the dialect.
  ///
  /// ```swift
  /// let fold = KeyboardShortcut("[", modifierFlags: [.command, .shift])
  /// fold.text(in: .vscode, platform: .linux)    // "ctrl+shift+["
  /// fold.text(in: .vscode, platform: .mac)      // "shift+cmd+["
  /// fold.text(in: .zed, platform: .linux)       // "ctrl-shift-["
  /// fold.text(in: .gtk, platform: .linux)       // "<Primary><Shift>bracketleft"
  /// fold.text(in: .qt, platform: .linux)        // "Ctrl+Shift+["
  /// fold.text(in: .electron, platform: .linux)  // "CmdOrCtrl+Shift+["
  /// fold.text(in: .emacs, platform: .linux)     // "C-S-["
  /// let files = KeyboardShortcut("e", modifierFlags: .super)
  /// files.text(in: .vscode, platform: .linux)   // "meta+e"
  /// files.text(in: .zed, platform: .linux)      // "super-e"
  /// files.text(in: .gtk, platform: .linux)      // "<Super>e"
  /// ```
  ///
  /// - Parameters:
  ///   - dialect: The dialect to write.
  ///   - platform: The platform the text is for; it decides the words for the modifiers.
  /// - Returns: The text, or nil when the key cannot be written in the dialect (a keypad key
  ///   in Zed, Keypad Enter in VS Code, a key of several characters, a physical key such as
  ///   `[BracketLeft]` in any dialect but VS Code and MenuKit's, …).
  public func text(in dialect: ShortcutDialect, platform: PlatformProfile) -> String? {
    DialectFormatter(dialect: dialect, platform: platform).text(for: self)
  }
}

// MARK: - Internal

extension ShortcutDialect {
  /// The most strokes a sequence can have in this dialect.
  var maximumStrokes: Int {
    switch self {
    case .gtk, .electron, .portal: 1
    case .qt: 4
    case .menuKit, .vscode, .zed, .emacs: KeySequence.maximumLength
    }
  }

  /// What goes between two strokes of a sequence.
  var strokeSeparator: String { self == .qt ? ", " : " " }

  /// The dialect's name for people, as in `VS Code`.
  package var displayName: String {
    switch self {
    case .menuKit: "MenuKit"
    case .vscode: "VS Code"
    case .zed: "Zed"
    case .gtk: "GTK"
    case .qt: "Qt"
    case .electron: "Electron"
    case .emacs: "Emacs"
    case .portal: "XDG portal"
    }
  }

  /// What a shortcut of this dialect looks like, for "expected …" in errors.
  var expectation: String {
    switch self {
    case .menuKit:
      "modifiers (Ctrl, Cmd, Super, Alt, Shift) joined with '+' and then one key, like "
        + "'Cmd+Shift+O'"
    case .vscode:
      "modifiers (ctrl, shift, alt, and meta, win or cmd for Super) joined with '+' and then "
        + "one key, like 'ctrl+shift+['"
    case .zed:
      "modifiers (ctrl, alt, shift, secondary, and super, win or cmd for Super) joined with "
        + "'-' and then one key, like 'ctrl-shift-p'"
    case .gtk:
      "modifiers in angle brackets (<Primary>, <Control>, <Shift>, <Alt>, <Super>) and then "
        + "one keysym name, like '<Control><Shift>bracketleft'"
    case .qt:
      "modifiers (Ctrl, Alt, Shift, Meta, Num) joined with '+' and then one key, like "
        + "'Ctrl+Shift+['"
    case .electron:
      "modifiers (CmdOrCtrl, Ctrl, Alt, Shift, Super) joined with '+' and then one key, like "
        + "'CmdOrCtrl+Shift+['"
    case .emacs:
      "modifier prefixes (C-, M-, S-, s-) and then one key: a character, RET, SPC, TAB, ESC, "
        + "DEL or a <name> such as <f5>, like 'C-S-['"
    case .portal:
      "modifiers (CTRL, ALT, SHIFT, LOGO) joined with '+' and then one keysym name, like "
        + "'CTRL+SHIFT+bracketleft'"
    }
  }
}
