/// The key of a key command: a printable character, a named special key, or a physical key.
///
/// Printable inputs are the characters the key produces without modifiers, as in UIKit:
/// Latin letters are lowercase (`"o"` with `.shift` is Shift+O). Special keys have static
/// members named after UIKit's input constants (`UIKeyCommand.inputUpArrow` is
/// ``upArrow``), plus F1–F24 and the keypad keys. A physical key (``physicalKey(_:)``) names a
/// key position rather than a character, as VS Code's scan codes do: `[BracketLeft]` is the key
/// right of P on every layout, whatever it types.
///
/// ```swift
/// let input: KeyInput = "o"
/// KeyInput.upArrow.canonicalName                                 // "Up"
/// KeyInput.function(5)                                           // F5
/// KeyInput.physicalKey(.keyboardOpenBracket).canonicalName       // "[BracketLeft]"
/// ```
public struct KeyInput: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  enum Storage: Hashable, Sendable {
    case characters(String)
    case special(SpecialKey)
    case modifier(KeyModifierFlags)
    case physical(KeyboardHIDUsage)
  }

  let storage: Storage

  init(storage: Storage) { self.storage = storage }

  /// A printable input: the characters a key produces, such as `"o"`, `"["` or `"é"`.
  ///
  /// Uppercase Latin letters are kept as given; ``MenuValidator`` warns about them because
  /// UIKit matches key commands against lowercase characters.
  /// The control characters UIKit uses for Tab, Return, Escape and Backspace, the space, and
  /// the input strings of special keys (``KeyCommand/inputLeftArrow``, ``inputString``) become
  /// the matching special keys, so each key has one value.
  public init(_ characters: String) {
    switch characters {
    case " ": storage = .special(.space)
    case "\t": storage = .special(.tab)
    case "\r", "\n": storage = .special(.return)
    case "\u{1B}": storage = .special(.escape)
    case "\u{8}": storage = .special(.backspace)
    case "\u{7F}": storage = .special(.deleteForward)
    default:
      if let key = SpecialKey(inputString: characters) {
        storage = .special(key)
      } else {
        storage = .characters(characters)
      }
    }
  }

  /// Creates an input from a literal, as ``init(_:)-(String)`` does.
  public init(stringLiteral value: String) { self.init(value) }

  /// The characters of a printable input, or nil for a special key.
  public var characters: String? {
    if case .characters(let text) = storage { return text }
    return nil
  }

  /// The special key, or nil for a printable input.
  public var specialKey: SpecialKey? {
    if case .special(let key) = storage { return key }
    return nil
  }

  /// A modifier key pressed and released alone, as in the keymap sequence `Shift Shift`
  /// (a double tap of Shift).
  ///
  /// Such a stroke fires when the modifier key goes up with no other key pressed while it was
  /// held. Its canonical name is the modifier's (`Shift`, `Ctrl`, `Alt`, `Cmd`, `Super`); only
  /// Shift, Control, Alt, Cmd (the primary modifier, read through the platform profile) and
  /// Super are modifier keys.
  ///
  /// ```swift
  /// try KeySequence(parsing: "Shift Shift").strokes[0].input == .modifierKey(.shift)  // true
  /// try KeyboardShortcut(parsing: "Super").input == .modifierKey(.super)              // true
  /// ```
  ///
  /// - Parameter flag: One of `.shift`, `.control`, `.alternate`, `.command` and `.super`.
  /// - Returns: The input, or nil for another flag or for several flags.
  public static func modifierKey(_ flag: KeyModifierFlags) -> KeyInput? {
    guard [.shift, .control, .alternate, .command, .super].contains(flag) else { return nil }
    return KeyInput(storage: .modifier(flag))
  }

  /// The modifier of a modifier-key input (``modifierKey(_:)``), or nil.
  public var modifierKey: KeyModifierFlags? {
    if case .modifier(let flag) = storage { return flag }
    return nil
  }

  /// A physical key: the key at a position of the keyboard, whatever the layout makes it type.
  ///
  /// Some keymaps bind a key position rather than a character: VS Code's scan-code keys
  /// (`ctrl+[BracketLeft]`) fire on the key right of P on every layout, where `ctrl+[` fires on
  /// whatever key types `[`. The canonical name is the W3C UI Events `KeyboardEvent.code` name
  /// in brackets (``KeyboardHIDUsage/codeName``), as VS Code writes it: `[BracketLeft]`,
  /// `[KeyA]`, `[Digit1]`, `[Numpad1]`, `[F5]`. A usage without a W3C name is written in
  /// hexadecimal, `[0x76]`.
  ///
  /// A physical input is matched by position on every layout (the press's
  /// ``Key/keyCode``), labelled with the character its key types on the active layout
  /// (``KeyboardLayoutProviding/keycapLabel(for:)``: `[BracketLeft]` is `Ü` on German, `[` on
  /// US), and never lowercased, localized or mirrored. `docs/formats/shortcuts.md` lists the names.
  ///
  /// ```swift
  /// let fold = try KeyboardShortcut(parsing: "Ctrl+[BracketLeft]")
  /// fold.input == .physicalKey(.keyboardOpenBracket)  // true
  /// fold.canonicalText                                // "Ctrl+[BracketLeft]"
  /// ```
  ///
  /// - Parameter usage: The key's USB HID usage. The ISO key left of Return
  ///   (``KeyboardHIDUsage/keyboardNonUSPound``) is stored as
  ///   ``KeyboardHIDUsage/keyboardBackslash``: the W3C gives both keys the name `Backslash`, and
  ///   Linux reports both as `KEY_BACKSLASH`.
  /// - Returns: The input.
  public static func physicalKey(_ usage: KeyboardHIDUsage) -> KeyInput {
    KeyInput(storage: .physical(usage.physicalKeyPosition))
  }

  /// The key position of a physical-key input (``physicalKey(_:)``), or nil.
  public var physicalKey: KeyboardHIDUsage? {
    if case .physical(let usage) = storage { return usage }
    return nil
  }

  /// Whether the input names exactly one key: a special key, a modifier key, a physical key or
  /// a single character.
  public var isSingleKey: Bool {
    switch storage {
    case .special, .modifier, .physical: true
    case .characters(let text): text.count == 1
    }
  }

  /// The canonical name used in shortcut text: `"O"`, `"Up"`, `"F5"`, `"Plus"`, `"Space"`,
  /// `"[BracketLeft]"`.
  ///
  /// Letters are shown uppercase, as on keycaps; characters that the shortcut notation uses
  /// itself (`+`, space) have names; a physical key is its W3C code name in brackets.
  public var canonicalName: String {
    switch storage {
    case .special(let key): key.canonicalName
    case .modifier(let flag): flag.names.first ?? ""
    case .physical(let usage): "[" + usage.bracketedName + "]"
    case .characters(let text):
      switch text {
      case "+": "Plus"
      default:
        // "ß".uppercased() is "SS", and "ſ" (long s) capitalizes to "S", whose lowercase is
        // "s": keep characters whose capital is not one character that reads back as them.
        text.count == 1 && text.uppercased().count == 1 && text.uppercased().lowercased() == text
          ? text.uppercased() : text
      }
    }
  }

  /// The input's ``canonicalName``.
  public var description: String { canonicalName }
}

// MARK: - Special keys

extension KeyInput {
  /// A key that does not type a printable character, or that MenuKit names explicitly.
  public enum SpecialKey: String, Hashable, Sendable, CaseIterable {
    /// The arrow keys.
    case upArrow, downArrow, leftArrow, rightArrow
    /// Escape, Tab, Return (main keyboard), Enter (keypad), Backspace and forward Delete.
    case escape, tab, `return`, enter, backspace, deleteForward
    /// The navigation keys, Insert, the space bar and the keypad's Clear.
    case home, end, pageUp, pageDown, insert, space, clear
    /// The function keys F1 to F12.
    case f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12
    /// The function keys F13 to F24.
    case f13, f14, f15, f16, f17, f18, f19, f20, f21, f22, f23, f24
    /// The keypad's digit keys.
    case keypad0, keypad1, keypad2, keypad3, keypad4, keypad5, keypad6, keypad7, keypad8, keypad9
    /// The keypad's operator keys.
    case keypadDecimal, keypadPlus, keypadMinus, keypadMultiply, keypadDivide, keypadEquals
    /// The keypad's comma (`KP_Separator`), on Brazilian and Japanese keyboards.
    case keypadComma
    /// The application keys of some keyboards, by the keysyms they produce: the context-menu
    /// key (`Menu`, the key right of the space bar's AltGr on PC keyboards), `Help`, `Undo`,
    /// `Redo` (the `Again` key), `Find`, and `XF86Cut`, `XF86Copy`, `XF86Paste`, `XF86Open`,
    /// `XF86Save`, `XF86New`, `XF86Back` and `XF86Forward` (named `BrowserBack` and
    /// `BrowserForward`, as the W3C names them). Zed's keymaps bind several of them.
    case contextMenu, help, undo, redo, find, cut, copy, paste, open, save, new
    /// The browser navigation keys (`XF86Back`, `XF86Forward`), on the mouse's side buttons of
    /// some keyboards and laptops.
    case browserBack, browserForward

    /// The name used in shortcut text, such as `Up`, `Escape`, `F5` or `Keypad5`.
    public var canonicalName: String {
      switch self {
      case .upArrow: "Up"
      case .downArrow: "Down"
      case .leftArrow: "Left"
      case .rightArrow: "Right"
      case .deleteForward: "Delete"
      default:
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
      }
    }
  }

  /// The Up Arrow key (`UIKeyCommand.inputUpArrow`).
  public static let upArrow = KeyInput(storage: .special(.upArrow))
  /// The Down Arrow key (`UIKeyCommand.inputDownArrow`).
  public static let downArrow = KeyInput(storage: .special(.downArrow))
  /// The Left Arrow key (`UIKeyCommand.inputLeftArrow`).
  public static let leftArrow = KeyInput(storage: .special(.leftArrow))
  /// The Right Arrow key (`UIKeyCommand.inputRightArrow`).
  public static let rightArrow = KeyInput(storage: .special(.rightArrow))
  /// The Escape key (`UIKeyCommand.inputEscape`).
  public static let escape = KeyInput(storage: .special(.escape))
  /// The Tab key.
  public static let tab = KeyInput(storage: .special(.tab))
  /// The Return key of the main keyboard.
  public static let `return` = KeyInput(storage: .special(.return))
  /// The Enter key of the numeric keypad.
  public static let enter = KeyInput(storage: .special(.enter))
  /// The Backspace key, which deletes backwards (⌫; SwiftUI's `KeyEquivalent.delete`).
  public static let backspace = KeyInput(storage: .special(.backspace))
  /// The Delete key, which deletes forwards (⌦; `UIKeyCommand.inputDelete`).
  public static let deleteForward = KeyInput(storage: .special(.deleteForward))
  /// The Home key (`UIKeyCommand.inputHome`).
  public static let home = KeyInput(storage: .special(.home))
  /// The End key (`UIKeyCommand.inputEnd`).
  public static let end = KeyInput(storage: .special(.end))
  /// The Page Up key (`UIKeyCommand.inputPageUp`).
  public static let pageUp = KeyInput(storage: .special(.pageUp))
  /// The Page Down key (`UIKeyCommand.inputPageDown`).
  public static let pageDown = KeyInput(storage: .special(.pageDown))
  /// The Insert key.
  public static let insert = KeyInput(storage: .special(.insert))
  /// The space bar.
  public static let space = KeyInput(storage: .special(.space))
  /// The Clear key of the numeric keypad.
  public static let clear = KeyInput(storage: .special(.clear))

  /// The function key F*n*, for *n* from 1 to 24 (`UIKeyCommand.inputF1` …).
  ///
  /// - Precondition: `number` is in `1...24`.
  public static func function(_ number: Int) -> KeyInput {
    precondition((1...24).contains(number), "function keys are F1 to F24, not F\(number)")
    return KeyInput(storage: .special(SpecialKey.allCases[SpecialKey.f1.index + number - 1]))
  }

  /// The digit key *n* of the numeric keypad, for *n* from 0 to 9.
  ///
  /// - Precondition: `digit` is in `0...9`.
  public static func keypad(_ digit: Int) -> KeyInput {
    precondition((0...9).contains(digit), "keypad digits are 0 to 9, not \(digit)")
    return KeyInput(storage: .special(SpecialKey.allCases[SpecialKey.keypad0.index + digit]))
  }

  /// Creates a special-key input.
  public init(_ key: SpecialKey) { storage = .special(key) }
}

extension KeyInput.SpecialKey {
  fileprivate var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// The special key whose canonical name (or a common alias) is `name`, in any case.
  static func named(_ name: some StringProtocol) -> Self? {
    let lowered = name.lowercased()
    if let key = byLowercasedName[lowered] { return key }
    return switch lowered {
    case "uparrow", "arrowup": .upArrow
    case "downarrow", "arrowdown": .downArrow
    case "leftarrow", "arrowleft": .leftArrow
    case "rightarrow", "arrowright": .rightArrow
    case "esc": .escape
    case "del", "forwarddelete", "deleteforward": .deleteForward
    case "bksp", "backspace": .backspace
    case "pgup", "prior": .pageUp
    case "pgdn", "pagedown", "next": .pageDown
    case "ins": .insert
    case "kpenter", "keypadenter", "numpadenter": .enter
    case "keypadadd", "numpadadd": .keypadPlus
    case "keypadsubtract", "numpadsubtract": .keypadMinus
    case "menu", "application", "apps": .contextMenu
    case "again": .redo
    default: nil
    }
  }

  private static let byLowercasedName: [String: Self] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.canonicalName.lowercased(), $0) })
}
