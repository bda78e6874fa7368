// MARK: - Internal

/// What a key name means in a dialect.
enum DialectKeyLookup: Hashable, Sendable {
  /// A key MenuKit can name.
  case input(KeyInput)
  /// A name the dialect has for a key MenuKit shortcuts cannot name, with the reason.
  case unsupported(ShortcutDialectError.Kind, String)
}

extension KeyInput.SpecialKey {
  /// How a dialect writes this key, or nil when it has no name for it.
  func name(in dialect: ShortcutDialect) -> String? {
    switch dialect {
    case .menuKit: canonicalName
    case .vscode: vscodeName
    case .zed: zedName
    case .gtk, .portal: gtkName
    case .qt: qtName
    case .electron: electronName
    case .emacs: emacsName
    }
  }

  /// The number of a function key, `5` for F5.
  var functionNumber: Int? {
    guard rawValue.hasPrefix("f") else { return nil }
    return Int(rawValue.dropFirst())
  }

  /// The digit of a keypad digit key, `5` for Keypad5.
  var keypadDigit: Int? {
    guard rawValue.hasPrefix("keypad"), rawValue.count == 7 else { return nil }
    return Int(rawValue.dropFirst(6))
  }

  private var vscodeName: String? {
    if let number = functionNumber { return "f\(number)" }
    if let digit = keypadDigit { return "numpad\(digit)" }
    return switch self {
    case .upArrow: "up"
    case .downArrow: "down"
    case .leftArrow: "left"
    case .rightArrow: "right"
    case .escape: "escape"
    case .tab: "tab"
    case .return: "enter"
    case .backspace: "backspace"
    case .deleteForward: "delete"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pageup"
    case .pageDown: "pagedown"
    case .insert: "insert"
    case .space: "space"
    case .keypadDecimal: "numpad_decimal"
    case .keypadPlus: "numpad_add"
    case .keypadMinus: "numpad_subtract"
    case .keypadMultiply: "numpad_multiply"
    case .keypadDivide: "numpad_divide"
    case .keypadComma: "numpad_separator"
    case .contextMenu: "contextmenu"
    case .browserBack: "browserback"
    case .browserForward: "browserforward"
    default: nil
    }
  }

  private var zedName: String? {
    if let number = functionNumber { return "f\(number)" }
    return switch self {
    case .upArrow: "up"
    case .downArrow: "down"
    case .leftArrow: "left"
    case .rightArrow: "right"
    case .escape: "escape"
    case .tab: "tab"
    case .return: "enter"
    case .backspace: "backspace"
    case .deleteForward: "delete"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pageup"
    case .pageDown: "pagedown"
    case .insert: "insert"
    case .space: "space"
    // gpui's names of the keysyms Menu, Help, Undo, Redo, Find and XF86Cut…XF86Forward.
    case .contextMenu: "menu"
    case .browserBack: "back"
    case .browserForward: "forward"
    case .help, .undo, .redo, .find, .cut, .copy, .paste, .open, .save, .new: rawValue
    default: nil
    }
  }

  private var gtkName: String? {
    if let number = functionNumber { return "F\(number)" }
    if let digit = keypadDigit { return "KP_\(digit)" }
    return switch self {
    case .upArrow: "Up"
    case .downArrow: "Down"
    case .leftArrow: "Left"
    case .rightArrow: "Right"
    case .escape: "Escape"
    case .tab: "Tab"
    case .return: "Return"
    case .enter: "KP_Enter"
    case .backspace: "BackSpace"
    case .deleteForward: "Delete"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "Page_Up"
    case .pageDown: "Page_Down"
    case .insert: "Insert"
    case .space: "space"
    case .clear: "Clear"
    case .keypadDecimal: "KP_Decimal"
    case .keypadPlus: "KP_Add"
    case .keypadMinus: "KP_Subtract"
    case .keypadMultiply: "KP_Multiply"
    case .keypadDivide: "KP_Divide"
    case .keypadEquals: "KP_Equal"
    case .keypadComma: "KP_Separator"
    case .contextMenu: "Menu"
    case .help: "Help"
    case .undo: "Undo"
    case .redo: "Redo"
    case .find: "Find"
    case .cut: "XF86Cut"
    case .copy: "XF86Copy"
    case .paste: "XF86Paste"
    case .open: "XF86Open"
    case .save: "XF86Save"
    case .new: "XF86New"
    case .browserBack: "XF86Back"
    case .browserForward: "XF86Forward"
    default: nil
    }
  }

  private var qtName: String? {
    if let number = functionNumber { return "F\(number)" }
    if canonicalName.hasPrefix("Keypad") { return "Num+" + keypadSuffix }
    return switch self {
    case .upArrow: "Up"
    case .downArrow: "Down"
    case .leftArrow: "Left"
    case .rightArrow: "Right"
    case .escape: "Esc"
    case .tab: "Tab"
    case .return: "Return"
    case .enter: "Enter"
    case .backspace: "Backspace"
    case .deleteForward: "Del"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDown"
    case .insert: "Ins"
    case .space: "Space"
    case .clear: "Clear"
    case .contextMenu: "Menu"
    case .help: "Help"
    case .cut: "Cut"
    case .copy: "Copy"
    case .paste: "Paste"
    case .browserBack: "Back"
    case .browserForward: "Forward"
    default: nil
    }
  }

  private var electronName: String? {
    if let number = functionNumber { return "F\(number)" }
    if let digit = keypadDigit { return "num\(digit)" }
    return switch self {
    case .upArrow: "Up"
    case .downArrow: "Down"
    case .leftArrow: "Left"
    case .rightArrow: "Right"
    case .escape: "Escape"
    case .tab: "Tab"
    case .return: "Return"
    case .backspace: "Backspace"
    case .deleteForward: "Delete"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .insert: "Insert"
    case .space: "Space"
    case .keypadDecimal: "numdec"
    case .keypadPlus: "numadd"
    case .keypadMinus: "numsub"
    case .keypadMultiply: "nummult"
    case .keypadDivide: "numdiv"
    default: nil
    }
  }

  private var emacsName: String? {
    if let number = functionNumber { return "<f\(number)>" }
    if let digit = keypadDigit { return "<kp-\(digit)>" }
    return switch self {
    case .upArrow: "<up>"
    case .downArrow: "<down>"
    case .leftArrow: "<left>"
    case .rightArrow: "<right>"
    case .escape: "ESC"
    case .tab: "TAB"
    case .return: "RET"
    case .enter: "<kp-enter>"
    case .backspace: "DEL"
    case .deleteForward: "<delete>"
    case .home: "<home>"
    case .end: "<end>"
    case .pageUp: "<prior>"
    case .pageDown: "<next>"
    case .insert: "<insert>"
    case .space: "SPC"
    case .clear: "<clear>"
    case .keypadDecimal: "<kp-decimal>"
    case .keypadPlus: "<kp-add>"
    case .keypadMinus: "<kp-subtract>"
    case .keypadMultiply: "<kp-multiply>"
    case .keypadDivide: "<kp-divide>"
    case .keypadEquals: "<kp-equal>"
    case .keypadComma: "<kp-separator>"
    case .contextMenu: "<menu>"
    case .help: "<help>"
    case .undo: "<undo>"
    case .redo: "<redo>"
    case .find: "<find>"
    case .cut: "<XF86Cut>"
    case .copy: "<XF86Copy>"
    case .paste: "<XF86Paste>"
    case .open: "<XF86Open>"
    case .save: "<XF86Save>"
    case .new: "<XF86New>"
    case .browserBack: "<XF86Back>"
    case .browserForward: "<XF86Forward>"
    default: nil
    }
  }
}

// MARK: - Lookup

enum DialectKeyNames {
  /// What `name` (a word of more than one character) means in `dialect`, or nil when the
  /// dialect has no key of that name.
  static func lookUp(_ name: String, in dialect: ShortcutDialect) -> DialectKeyLookup? {
    if let code = KeyInput.bracketedCode(name) { return physicalKey(name, code: code, in: dialect) }
    let key = dialect.namesAreCaseSensitive ? name : name.lowercased()
    if let found = tables[dialect]?[key] { return found }
    if dialect.usesKeysymNames, let found = gtkCaseInsensitive[name.lowercased()] { return found }
    if let number = functionKeyNumber(name, in: dialect), number > 24 {
      return .unsupported(.unsupportedKey, "MenuKit names the function keys F1 to F24")
    }
    switch dialect {
    case .gtk where name.hasPrefix("XF86"), .portal where name.hasPrefix("XF86"):
      return .unsupported(.unsupportedKey, unsupportedReason)
    case .gtk where name.hasPrefix("U") && name.count > 1,
      .portal where name.hasPrefix("U") && name.count > 1:
      return unicodeKeysym(name.dropFirst())
    case .emacs where name.hasPrefix("<mouse-") || name.hasPrefix("<wheel-"):
      return .unsupported(.unsupportedKey, "MenuKit shortcuts are keys, not mouse events")
    default:
      return nil
    }
  }

  /// What a physical key in brackets (`[BracketLeft]`, VS Code's scan-code notation) means in
  /// a dialect: a physical-key input in VS Code, which writes W3C code names in any case; an
  /// error in the dialects that have no notation for key positions. Nil for a name that is no
  /// W3C code name (an unknown key, with suggestions).
  private static func physicalKey(
    _ name: String, code: Substring, in dialect: ShortcutDialect
  ) -> DialectKeyLookup? {
    let isCodeName =
      KeyboardHIDUsage(codeName: code) != nil || KeyboardHIDUsage.isUnsupportedCodeName(code)
    guard isCodeName else { return nil }
    guard dialect == .vscode || dialect == .menuKit else {
      return .unsupported(
        .physicalKey,
        "'\(name)' names a physical key (a key position, as VS Code's scan codes do), and "
          + "\(dialect.displayName) has no notation for key positions; write the character the "
          + "key types instead")
    }
    switch KeyInput.physicalKey(named: code) {
    case .input(let input): return .input(input)
    case .unsupported:
      return .unsupported(.unsupportedKey, "'\(name)' " + KeyInput.physicalKeyRejection(name))
    case .unknown: return nil
    }
  }

  /// Every name the dialect has for a key, for suggestions.
  static func names(in dialect: ShortcutDialect) -> [String] {
    namesByDialect[dialect] ?? []
  }

  private static let namesByDialect: [ShortcutDialect: [String]] = Dictionary(
    uniqueKeysWithValues: ShortcutDialect.allCases.map { dialect in
      (
        dialect,
        KeyInput.SpecialKey.allCases.compactMap { $0.name(in: dialect) }
          + extras(for: dialect).map(\.0)
          + (dialect == .vscode ? KeyboardHIDUsage.codeNamesForSuggestions.map { "[\($0)]" } : [])
      )
    })

  static let unsupportedReason =
    "MenuKit shortcuts cannot name media, launcher, lock or modifier keys (of the application "
    + "and browser keys, they name ContextMenu, Help, Undo, Redo, Find, Cut, Copy, Paste, Open, "
    + "Save, New, BrowserBack and BrowserForward)"

  /// The number of a function-key name such as `f30`, `F30` or `<f30>`.
  private static func functionKeyNumber(_ name: String, in dialect: ShortcutDialect) -> Int? {
    var word = Substring(name)
    if dialect == .emacs {
      guard word.hasPrefix("<"), word.hasSuffix(">") else { return nil }
      word = word.dropFirst().dropLast()
    }
    guard word.first == "f" || word.first == "F", word.count <= 4 else { return nil }
    return Int(word.dropFirst())
  }

  /// The character a GTK `U` keysym such as `U00E9` (é) names.
  private static func unicodeKeysym(_ hex: Substring) -> DialectKeyLookup? {
    guard (2...6).contains(hex.count), let value = UInt32(hex, radix: 16),
      let scalar = Unicode.Scalar(value), !scalar.isControlOrSpace,
      // nil for a combining mark, which cannot be a key.
      let input = KeyInput(named: String(scalar))
    else { return nil }
    return .input(input)
  }

  private static let tables: [ShortcutDialect: [String: DialectKeyLookup]] = {
    var tables: [ShortcutDialect: [String: DialectKeyLookup]] = [:]
    for dialect in ShortcutDialect.allCases where dialect != .menuKit {
      var table: [String: DialectKeyLookup] = [:]
      let normalize = { (name: String) in
        dialect.namesAreCaseSensitive ? name : name.lowercased()
      }
      for (name, meaning) in extras(for: dialect) { table[normalize(name)] = meaning }
      for name in unsupportedNames(for: dialect) {
        table[normalize(name)] = .unsupported(.unsupportedKey, unsupportedReason)
      }
      for key in KeyInput.SpecialKey.allCases {
        guard let name = key.name(in: dialect), !name.hasPrefix("Num+") else { continue }
        table[normalize(name)] = .input(KeyInput(key))
      }
      tables[dialect] = table
    }
    return tables
  }()

  private static let gtkCaseInsensitive: [String: DialectKeyLookup] = Dictionary(
    (tables[.gtk] ?? [:]).map { ($0.key.lowercased(), $0.value) },
    uniquingKeysWith: { first, _ in first })

  /// Aliases and character names beyond each special key's written name.
  private static func extras(for dialect: ShortcutDialect) -> [(String, DialectKeyLookup)] {
    switch dialect {
    case .menuKit, .zed: []
    case .vscode: vscodeOEMNames
    case .gtk, .portal:
      gtkCharacterNames.map { ($0.name, .input(KeyInput($0.character))) } + [
        ("Prior", .input(.pageUp)), ("Next", .input(.pageDown)),
        ("ISO_Left_Tab", .input(.tab)), ("KP_Space", .input(.space)),
      ]
    case .qt:
      [
        ("Escape", .input(.escape)), ("Delete", .input(.deleteForward)),
        ("Insert", .input(.insert)), ("PageUp", .input(.pageUp)),
        ("PageDown", .input(.pageDown)),
      ]
    case .electron:
      [
        ("Esc", .input(.escape)), ("Enter", .input(.return)), ("Plus", .input(KeyInput("+"))),
      ]
    case .emacs:
      [
        ("<escape>", .input(.escape)), ("<tab>", .input(.tab)), ("<return>", .input(.return)),
        ("<backspace>", .input(.backspace)), ("<deletechar>", .input(.deleteForward)),
        ("<kp-delete>", .input(.deleteForward)), ("<apps>", .input(KeyInput(.contextMenu))),
      ]
    }
  }

  private static func unsupportedNames(for dialect: ShortcutDialect) -> [String] {
    switch dialect {
    case .menuKit: []
    case .vscode:
      [
        "browsersearch", "browserhome", "browserrefresh",
        "browserstop", "browserfavorites", "capslock", "numlock", "scrolllock", "pausebreak",
        "audiovolumemute", "audiovolumeup", "audiovolumedown", "mediatracknext",
        "mediatrackprevious", "mediastop", "mediaplaypause", "launchmediaplayer", "launchmail",
        "launchapp1", "launchapp2", "oem_8", "oem_102", "oem_clear", "abnt_c1", "abnt_c2",
      ]
    case .zed:
      [
        "control", "platform", "function",
      ]
    case .gtk, .portal:
      [
        "Print", "Pause", "Scroll_Lock", "Caps_Lock", "Num_Lock", "Shift_L", "Shift_R",
        "Control_L", "Control_R", "Alt_L", "Alt_R", "Super_L", "Super_R", "Meta_L", "Meta_R",
        "Hyper_L", "Hyper_R", "ISO_Level3_Shift",
      ]
    case .qt:
      [
        "Print", "Pause", "SysReq", "ScrollLock", "CapsLock", "NumLock", "Refresh", "VolumeUp",
        "VolumeDown", "VolumeMute", "MediaPlay", "MediaStop",
        "MediaNext", "MediaPrevious", "Backtab",
      ]
    case .electron:
      [
        "Capslock", "Numlock", "Scrolllock", "PrintScreen", "VolumeUp", "VolumeDown",
        "VolumeMute", "MediaNextTrack", "MediaPreviousTrack", "MediaStop", "MediaPlayPause",
      ]
    case .emacs:
      ["<print>", "<pause>", "<Scroll_Lock>", "<capslock>"]
    }
  }

  /// VS Code's Windows virtual-key names, read as the character they stand for on the US layout.
  private static let vscodeOEMNames: [(String, DialectKeyLookup)] = [
    ("oem_1", ";"), ("oem_plus", "="), ("oem_comma", ","), ("oem_minus", "-"),
    ("oem_period", "."), ("oem_2", "/"), ("oem_3", "`"), ("oem_4", "["), ("oem_5", "\\"),
    ("oem_6", "]"), ("oem_7", "'"),
  ].map { ($0.0, .input(KeyInput($0.1))) }

  /// X11 keysym names of the printable ASCII characters that are not letters or digits.
  static let gtkCharacterNames: [(name: String, character: String)] = [
    ("exclam", "!"), ("quotedbl", "\""), ("numbersign", "#"), ("dollar", "$"),
    ("percent", "%"), ("ampersand", "&"), ("apostrophe", "'"), ("parenleft", "("),
    ("parenright", ")"), ("asterisk", "*"), ("plus", "+"), ("comma", ","), ("minus", "-"),
    ("period", "."), ("slash", "/"), ("colon", ":"), ("semicolon", ";"), ("less", "<"),
    ("equal", "="), ("greater", ">"), ("question", "?"), ("at", "@"), ("bracketleft", "["),
    ("backslash", "\\"), ("bracketright", "]"), ("asciicircum", "^"), ("underscore", "_"),
    ("grave", "`"), ("braceleft", "{"), ("bar", "|"), ("braceright", "}"),
    ("asciitilde", "~"),
  ]

  /// The keysym name of a printable ASCII symbol, such as `bracketleft` for `[`.
  static let gtkNameByCharacter: [String: String] = Dictionary(
    gtkCharacterNames.map { ($0.character, $0.name) }, uniquingKeysWith: { first, _ in first })
}

extension ShortcutDialect {
  /// Whether key and modifier names must match in case (Emacs: `s-` is Super, `S-` Shift;
  /// GTK keysym names, which are also matched ignoring case when nothing matches exactly).
  var namesAreCaseSensitive: Bool { self == .emacs || usesKeysymNames }

  /// Whether keys are xkbcommon keysym names (GTK's accelerators, the portal's triggers).
  var usesKeysymNames: Bool { self == .gtk || self == .portal }
}

extension Unicode.Scalar {
  /// Whether the scalar is a control character or white space, which no key name may be.
  var isControlOrSpace: Bool {
    properties.generalCategory == .control || properties.isWhitespace
  }
}
