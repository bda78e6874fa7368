/// What a physical key did in a press: its position, its text and the modifiers held (UIKit's
/// `UIKey`).
///
/// Keys come from a keyboard translator such as `MenuKitXKB`'s `XKBKeyboard`, which reads the
/// active layout. ``characters`` is the text the key types with the modifiers held;
/// ``charactersIgnoringModifiers`` is the text without them — lowercase for Latin letters, as
/// in UIKit, and empty for a modifier key alone. A special key that types nothing reports
/// UIKit's input string for it in both, so that it compares equal to
/// ``KeyCommand/inputLeftArrow`` and the other constants, as UIKit's documentation says to
/// check for special keys; Escape, Tab, Return and Backspace report the characters they type
/// (docs/decisions/0004-press-translation.md).
///
/// ```swift
/// // Shift+A on a US layout:
/// key.keyCode                      // keyboardA
/// key.characters                   // "A"
/// key.charactersIgnoringModifiers  // "a"
/// key.modifierFlags                // [.shift]
///
/// // The left arrow:
/// key.charactersIgnoringModifiers == KeyCommand.inputLeftArrow  // true: "UIKeyInputLeftArrow"
/// ```
public struct Key: Hashable, Sendable {
  /// The key's USB HID usage, or nil for a key with none (media and vendor keys); such keys
  /// are still delivered, identified by ``evdevCode``.
  public var keyCode: KeyboardHIDUsage?
  /// The Linux evdev code of the key (`KEY_A` is 30).
  public var evdevCode: Int
  /// The text the key types with the modifiers held; empty when it types nothing, and a
  /// special key's input string (``KeyCommand/inputLeftArrow``) for a special key.
  public var characters: String {
    get { charactersStorage.string }
    set { charactersStorage = InlineText(newValue) }
  }
  /// The text the key types without modifiers: lowercase for Latin letters, empty for a
  /// modifier key alone, and a special key's input string (``KeyCommand/inputLeftArrow``) for
  /// a special key.
  public var charactersIgnoringModifiers: String {
    get { charactersIgnoringModifiersStorage.string }
    set { charactersIgnoringModifiersStorage = InlineText(newValue) }
  }
  // The texts are stored inline, so that a key — and a press — is plain data (InlineText).
  private var charactersStorage: InlineText
  private var charactersIgnoringModifiersStorage: InlineText
  /// The modifiers held (and locked) when the key changed: shift, control, alternate (Alt),
  /// command (Super), alphaShift (Caps Lock), and numericPad for a key of the keypad.
  public var modifierFlags: KeyModifierFlags
  /// The keysym the key produces in the current state.
  public var keysym: Keysym
  /// The keysym the key produces at the first level of the active layout: the one
  /// ``charactersIgnoringModifiers`` comes from.
  public var keysymIgnoringModifiers: Keysym

  /// Creates a key.
  public init(
    keyCode: KeyboardHIDUsage?, evdevCode: Int, characters: String,
    charactersIgnoringModifiers: String, modifierFlags: KeyModifierFlags, keysym: Keysym,
    keysymIgnoringModifiers: Keysym
  ) {
    self.keyCode = keyCode
    self.evdevCode = evdevCode
    self.charactersStorage = InlineText(characters)
    self.charactersIgnoringModifiersStorage = InlineText(charactersIgnoringModifiers)
    self.modifierFlags = modifierFlags
    self.keysym = keysym
    self.keysymIgnoringModifiers = keysymIgnoringModifiers
  }

  /// Whether the key types no text with the modifiers held: ``characters`` is empty, or a
  /// special key's name (`UIKeyInputLeftArrow`), which is not typed text.
  var typesNothing: Bool { charactersStorage.isEmpty || charactersStorage.isSpecialKeyName }

  /// Whether two keys are the same key in the same state, with the same texts (compared as
  /// strings are).
  public static func == (lhs: Key, rhs: Key) -> Bool {
    lhs.keyCode == rhs.keyCode && lhs.evdevCode == rhs.evdevCode
      && lhs.modifierFlags == rhs.modifierFlags && lhs.keysym == rhs.keysym
      && lhs.keysymIgnoringModifiers == rhs.keysymIgnoringModifiers
      && lhs.characters == rhs.characters
      && lhs.charactersIgnoringModifiers == rhs.charactersIgnoringModifiers
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keyCode)
    hasher.combine(evdevCode)
    hasher.combine(characters)
    hasher.combine(charactersIgnoringModifiers)
    hasher.combine(modifierFlags)
    hasher.combine(keysym)
    hasher.combine(keysymIgnoringModifiers)
  }
}
