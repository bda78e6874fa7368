/// UIKit's input strings: the strings that stand for special keys in a key command's input
/// and in a key's texts (`UIKeyCommand.inputLeftArrow`), so that code comparing strings, as
/// Apple's samples do, works unchanged.
///
/// ```swift
/// override func pressesBegan(_ presses: [Press], with event: PressesEvent) {
///   for press in presses {
///     guard let key = press.key else { continue }
///     if key.charactersIgnoringModifiers == KeyCommand.inputLeftArrow { moveLeft() }
///   }
/// }
/// ```
extension KeyInput.SpecialKey {
  /// The string that stands for the key: UIKit's input string where UIKit has one, the text
  /// the key types for the keys UIKit names by their character, and a string of the same form
  /// as UIKit's for the others.
  ///
  /// - Arrows, Page Up, Page Down, Home, End, forward Delete and F1–F20 are UIKit's strings:
  ///   `"UIKeyInputLeftArrow"` (``KeyCommand/inputLeftArrow``), `"UIKeyInputPageUp"`,
  ///   `"UIKeyInputDelete"`, `"UIKeyInputF5"`.
  /// - Escape, Tab, Return, Backspace and the space bar are the characters they type, as in
  ///   UIKit: `"\u{1B}"` (``KeyCommand/inputEscape``), `"\t"`, `"\r"`, `"\u{8}"`, `" "`.
  /// - The keys UIKit has no string for are `"UIKeyInput"` followed by the key's
  ///   ``canonicalName``: `"UIKeyInputInsert"`, `"UIKeyInputEnter"` (the keypad's Enter),
  ///   `"UIKeyInputF21"`, `"UIKeyInputKeypad5"`.
  ///
  /// Every string reads back as its key through ``KeyInput/init(_:)-(String)``.
  public var inputString: String {
    switch self {
    case .upArrow: "UIKeyInputUpArrow"
    case .downArrow: "UIKeyInputDownArrow"
    case .leftArrow: "UIKeyInputLeftArrow"
    case .rightArrow: "UIKeyInputRightArrow"
    case .escape: "\u{1B}"
    case .tab: "\t"
    case .return: "\r"
    case .backspace: "\u{8}"
    case .space: " "
    default: "UIKeyInput" + canonicalName
    }
  }

  /// The special key whose ``inputString`` is a name (not a typed character), or nil.
  init?(inputString string: String) {
    guard string.utf8.count > 10, string.hasPrefix("UIKeyInput"),
      let key = Self.byInputString[string]
    else { return nil }
    self = key
  }

  private static let byInputString: [String: Self] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.inputString, $0) })
}

extension KeyInput {
  /// The input as a string, as UIKit's `UIKeyCommand.input`: the characters of a printable
  /// input, a special key's ``SpecialKey/inputString`` (``KeyCommand/inputLeftArrow`` for
  /// ``leftArrow``); nil for a modifier key or a physical key, which UIKit has no string for.
  ///
  /// The string reads back as the same input:
  ///
  /// ```swift
  /// KeyInput.leftArrow.inputString == KeyCommand.inputLeftArrow  // true
  /// KeyInput(KeyCommand.inputLeftArrow) == .leftArrow           // true
  /// KeyInput("o").inputString                                    // "o"
  /// ```
  public var inputString: String? {
    switch storage {
    case .characters(let text): text
    case .special(let key): key.inputString
    case .modifier, .physical: nil
    }
  }

  /// The text a key reports when it types nothing and its keysym is a special key that UIKit
  /// names (arrows, navigation keys, F-keys, forward Delete): the key's
  /// ``SpecialKey/inputString``; nil for other keysyms, including the special keys that type
  /// a character (Escape, Tab, Return, Backspace, space).
  ///
  /// Keyboard translators give it to ``Key/characters`` and
  /// ``Key/charactersIgnoringModifiers`` (decision 0004).
  package static func specialKeyText(forKeysym keysym: Keysym) -> String? {
    // Every special key's keysym is on the page 0xff00, or XF86's 0x1008ff00.
    let page = keysym.rawValue & 0xffff_ff00
    guard page == 0xff00 || page == 0x1008_ff00,
      let key = KeyInput(keysym: keysym)?.specialKey
    else { return nil }
    let text = key.inputString
    return text.utf8.count > 1 ? text : nil
  }
}

extension KeyCommand {
  /// The Up Arrow key's input string, `"UIKeyInputUpArrow"` (UIKit's
  /// `UIKeyCommand.inputUpArrow`).
  public static let inputUpArrow = "UIKeyInputUpArrow"
  /// The Down Arrow key's input string, `"UIKeyInputDownArrow"` (UIKit's
  /// `UIKeyCommand.inputDownArrow`).
  public static let inputDownArrow = "UIKeyInputDownArrow"
  /// The Left Arrow key's input string, `"UIKeyInputLeftArrow"` (UIKit's
  /// `UIKeyCommand.inputLeftArrow`).
  public static let inputLeftArrow = "UIKeyInputLeftArrow"
  /// The Right Arrow key's input string, `"UIKeyInputRightArrow"` (UIKit's
  /// `UIKeyCommand.inputRightArrow`).
  public static let inputRightArrow = "UIKeyInputRightArrow"
  /// The Escape key's input string, the escape character `"\u{1B}"` (UIKit's
  /// `UIKeyCommand.inputEscape`).
  public static let inputEscape = "\u{1B}"
  /// The Page Up key's input string, `"UIKeyInputPageUp"` (UIKit's
  /// `UIKeyCommand.inputPageUp`).
  public static let inputPageUp = "UIKeyInputPageUp"
  /// The Page Down key's input string, `"UIKeyInputPageDown"` (UIKit's
  /// `UIKeyCommand.inputPageDown`).
  public static let inputPageDown = "UIKeyInputPageDown"
  /// The Home key's input string, `"UIKeyInputHome"` (UIKit's `UIKeyCommand.inputHome`).
  public static let inputHome = "UIKeyInputHome"
  /// The End key's input string, `"UIKeyInputEnd"` (UIKit's `UIKeyCommand.inputEnd`).
  public static let inputEnd = "UIKeyInputEnd"
  /// The forward Delete key's input string, `"UIKeyInputDelete"` (UIKit's
  /// `UIKeyCommand.inputDelete`).
  public static let inputDelete = "UIKeyInputDelete"
  /// The F1 key's input string, `"UIKeyInputF1"` (UIKit's `UIKeyCommand.inputF1`).
  public static let inputF1 = "UIKeyInputF1"
  /// The F2 key's input string, `"UIKeyInputF2"` (UIKit's `UIKeyCommand.inputF2`).
  public static let inputF2 = "UIKeyInputF2"
  /// The F3 key's input string, `"UIKeyInputF3"` (UIKit's `UIKeyCommand.inputF3`).
  public static let inputF3 = "UIKeyInputF3"
  /// The F4 key's input string, `"UIKeyInputF4"` (UIKit's `UIKeyCommand.inputF4`).
  public static let inputF4 = "UIKeyInputF4"
  /// The F5 key's input string, `"UIKeyInputF5"` (UIKit's `UIKeyCommand.inputF5`).
  public static let inputF5 = "UIKeyInputF5"
  /// The F6 key's input string, `"UIKeyInputF6"` (UIKit's `UIKeyCommand.inputF6`).
  public static let inputF6 = "UIKeyInputF6"
  /// The F7 key's input string, `"UIKeyInputF7"` (UIKit's `UIKeyCommand.inputF7`).
  public static let inputF7 = "UIKeyInputF7"
  /// The F8 key's input string, `"UIKeyInputF8"` (UIKit's `UIKeyCommand.inputF8`).
  public static let inputF8 = "UIKeyInputF8"
  /// The F9 key's input string, `"UIKeyInputF9"` (UIKit's `UIKeyCommand.inputF9`).
  public static let inputF9 = "UIKeyInputF9"
  /// The F10 key's input string, `"UIKeyInputF10"` (UIKit's `UIKeyCommand.inputF10`).
  public static let inputF10 = "UIKeyInputF10"
  /// The F11 key's input string, `"UIKeyInputF11"` (UIKit's `UIKeyCommand.inputF11`).
  public static let inputF11 = "UIKeyInputF11"
  /// The F12 key's input string, `"UIKeyInputF12"` (UIKit's `UIKeyCommand.inputF12`).
  public static let inputF12 = "UIKeyInputF12"
  /// The F13 key's input string, `"UIKeyInputF13"` (UIKit's `UIKeyCommand.inputF13`).
  public static let inputF13 = "UIKeyInputF13"
  /// The F14 key's input string, `"UIKeyInputF14"` (UIKit's `UIKeyCommand.inputF14`).
  public static let inputF14 = "UIKeyInputF14"
  /// The F15 key's input string, `"UIKeyInputF15"` (UIKit's `UIKeyCommand.inputF15`).
  public static let inputF15 = "UIKeyInputF15"
  /// The F16 key's input string, `"UIKeyInputF16"` (UIKit's `UIKeyCommand.inputF16`).
  public static let inputF16 = "UIKeyInputF16"
  /// The F17 key's input string, `"UIKeyInputF17"` (UIKit's `UIKeyCommand.inputF17`).
  public static let inputF17 = "UIKeyInputF17"
  /// The F18 key's input string, `"UIKeyInputF18"` (UIKit's `UIKeyCommand.inputF18`).
  public static let inputF18 = "UIKeyInputF18"
  /// The F19 key's input string, `"UIKeyInputF19"` (UIKit's `UIKeyCommand.inputF19`).
  public static let inputF19 = "UIKeyInputF19"
  /// The F20 key's input string, `"UIKeyInputF20"` (UIKit's `UIKeyCommand.inputF20`).
  public static let inputF20 = "UIKeyInputF20"

  /// Creates a key command without a title from an input string, as UIKit's
  /// `UIKeyCommand(input:modifierFlags:action:)`: a shortcut only, for a responder's
  /// ``Responder/keyCommands``.
  ///
  /// ```swift
  /// let down = KeyCommand(input: KeyCommand.inputDownArrow, modifierFlags: [], action: "moveDown:")
  /// addKeyCommand(down)
  /// ```
  ///
  /// - Parameters:
  ///   - input: The key: characters such as `"o"`, or a special key's input string
  ///     (``inputDownArrow``); read by ``KeyInput/init(_:)-(String)``.
  ///   - modifierFlags: The modifiers that must be held.
  ///   - action: The action performed through the responder chain.
  public init(input: String, modifierFlags: KeyModifierFlags = [], action: ActionName) {
    self.init(input: KeyInput(input), modifierFlags: modifierFlags, action: action)
  }

  /// Creates a key command without a title from an input, as
  /// `UIKeyCommand(input:modifierFlags:action:)`: `KeyCommand(input: .downArrow, action: …)`.
  public init(input: KeyInput, modifierFlags: KeyModifierFlags = [], action: ActionName) {
    self.init(title: "", action: action, input: input, modifierFlags: modifierFlags)
  }

  /// Creates a key command from an input string, as
  /// `UIKeyCommand(title:image:action:input:modifierFlags:propertyList:)`; the other
  /// parameters are those of the initializer that takes a ``KeyInput``.
  ///
  /// ```swift
  /// let arrows = [KeyCommand.inputRightArrow, KeyCommand.inputLeftArrow]
  /// let commands = arrows.map {
  ///   KeyCommand(title: "Go", action: "navigate:", input: $0, modifierFlags: .command,
  ///              propertyList: .string($0))
  /// }
  /// ```
  public init(
    title: String = "", image: String? = nil, action: ActionName, input: String,
    modifierFlags: KeyModifierFlags = [], propertyList: PropertyList? = nil,
    alternates: [CommandAlternate] = [], discoverabilityTitle: String? = nil,
    attributes: MenuElementAttributes = [], state: MenuElementState = .off
  ) {
    self.init(
      title: title, image: image, action: action, input: KeyInput(input),
      modifierFlags: modifierFlags, propertyList: propertyList, alternates: alternates,
      discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
  }
}
