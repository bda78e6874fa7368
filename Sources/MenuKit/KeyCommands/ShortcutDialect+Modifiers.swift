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
  /// mac; MenuKit has no flag for it on linux and windows.
  case superKey
  /// Qt's `Meta`: the Control key on mac (Qt swaps them there), Super elsewhere.
  case qtMeta
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
    case .superKey:
      platform == .mac
        ? .flags(.command)
        : .unsupported(
          "it is the Super (Windows, logo) key, which no MenuKit flag stands for under the "
            + "\(platform.rawValue) profile: there .command is Control; only the mac profile "
            + "reads Super, as ⌘")
    case .qtMeta: platform == .mac ? .flags(.control) : DialectModifier.superKey.flags(on: platform)
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
    case .menuKit, .emacs: [:]
    }
  }

  private static let vscodeWords: [String: DialectModifier] = [
    "ctrl": .control, "shift": .shift, "alt": .alternate,
    "cmd": .superKey, "meta": .superKey, "win": .superKey,
  ]

  private static let zedWords: [String: DialectModifier] = [
    "ctrl": .control, "alt": .alternate, "shift": .shift, "secondary": .primary,
    "cmd": .superKey, "super": .superKey, "win": .superKey,
    "fn": .unsupported(
      "the Fn key is handled by the keyboard itself on most machines; MenuKit shortcuts "
        + "cannot require it"),
  ]

  private static let gtkWords: [String: DialectModifier] = [
    "control": .control, "ctrl": .control, "ctl": .control, "primary": .primary,
    "shift": .shift, "shft": .shift, "alt": .alternate, "mod1": .alternate,
    "super": .superKey, "meta": .superKey,
    "hyper": .unsupported("MenuKit shortcuts have no Hyper modifier"),
    "release": .unsupported("<Release> binds the key's release; MenuKit shortcuts act on press"),
    "mod2": .unsupported("Mod2 is usually Num Lock, which never takes part in a match"),
    "mod3": .unsupported("MenuKit shortcuts cannot require Mod3"),
    "mod4": .unsupported("Mod4 is a raw X11 modifier; write <Super> (read on mac only)"),
    "mod5": .unsupported("Mod5 is usually AltGr, which selects characters, not shortcuts"),
  ]

  private static let qtWords: [String: DialectModifier] = [
    "ctrl": .primary, "alt": .alternate, "shift": .shift, "meta": .qtMeta, "num": .keypad,
  ]

  private static let electronWords: [String: DialectModifier] = [
    "commandorcontrol": .primary, "cmdorctrl": .primary,
    "control": .control, "ctrl": .control,
    "command": .superKey, "cmd": .superKey, "super": .superKey, "meta": .superKey,
    "alt": .alternate, "option": .alternate, "shift": .shift,
    "altgr": .unsupported("AltGr selects characters on the keyboard layout, not shortcuts"),
  ]

  private static let emacsPrefixes: [String: DialectModifier] = [
    "C": .control, "M": .alternate, "S": .shift, "s": .superKey,
    "H": .unsupported("MenuKit shortcuts have no Hyper modifier"),
    "A": .unsupported(
      "Emacs's A- is its own alt bit, not the Alt key (Emacs reads the Alt key as M-)"),
  ]
}
