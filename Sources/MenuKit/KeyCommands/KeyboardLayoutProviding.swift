/// The layout-dependent answers that key-command matching needs.
///
/// MenuKit matches key commands by keysym (decision 4 of the design) without depending on
/// libxkbcommon. The two questions that need the keyboard layout go through this protocol;
/// `MenuKitXKB`'s `XKBKeyboard` implements it, and tests can use a small struct.
///
/// ```swift
/// struct FixedLayout: KeyboardLayoutProviding {
///   func consumedModifiers(for key: Key) -> KeyModifierFlags { [.shift] }
///   func latinKeysyms(for key: Key) -> [Keysym] { [] }
/// }
/// ```
public protocol KeyboardLayoutProviding {
  /// The modifiers the key's translation used up to produce its keysym, by GTK's rules.
  ///
  /// On a US layout, Shift is consumed by Shift+/ producing `?`, so a `Ctrl+?` key command
  /// matches Ctrl+Shift+/. The answer must describe the state the press was read in: the
  /// modifiers in ``Key/modifierFlags``.
  ///
  /// - Parameter key: The key of the press.
  /// - Returns: The consumed modifiers among shift, control, alternate and command (Super).
  func consumedModifiers(for key: Key) -> KeyModifierFlags

  /// The Latin keysyms the same physical key produces in the other layouts, for shortcuts on
  /// non-Latin layouts (decision 5 of the design).
  ///
  /// The keysyms are those of the key's first level (``Key/evdevCode``) in each other
  /// configured layout group whose keysym is Latin, in group order; when no group has one,
  /// the key's keysym on US QWERTY. The matcher only asks when the active layout's keysym
  /// for the key is not Latin.
  ///
  /// - Parameter key: The key of the press.
  /// - Returns: The Latin keysyms, best first; empty when there are none.
  func latinKeysyms(for key: Key) -> [Keysym]
}

// MARK: - Keysyms as inputs

extension KeyInput {
  /// The key-command input that a keysym stands for, such as ``upArrow`` for `Up` or `"o"`
  /// for `O`.
  ///
  /// Special keys map to their ``SpecialKey`` (`ISO_Left_Tab` is Tab, `KP_Enter` is
  /// ``enter``, `KP_Separator` is ``SpecialKey/keypadComma``, and the keypad's navigation
  /// keysyms, read with Num Lock off, are the navigation keys). Latin-1 keysyms
  /// (`0x20`…`0x7e`, `0xa0`…`0xff`) and Unicode keysyms (`0x01000100`…`0x0110ffff`) map to
  /// their character. Other named keysyms, such as `Cyrillic_ef` (`0x6c6`), have no
  /// arithmetic mapping: pass the character the caller knows, such as
  /// ``Key/charactersIgnoringModifiers``, as `character`. Letters are lowercased, as key
  /// command inputs are.
  ///
  /// ```swift
  /// KeyInput(keysym: Keysym(rawValue: 0x4f))                    // "o"
  /// KeyInput(keysym: Keysym(rawValue: 0xff52))                  // .upArrow
  /// KeyInput(keysym: Keysym(rawValue: 0x6c6), character: "ф")   // "ф"
  /// ```
  ///
  /// - Parameters:
  ///   - keysym: The keysym.
  ///   - character: The text the keysym stands for, used when the keysym itself cannot be
  ///     mapped; ignored when empty, longer than one character or a control character.
  /// - Returns: The input, or `nil` for a keysym that stands for no key-command input, such
  ///   as `Shift_L` or `NoSymbol`.
  public init?(keysym: Keysym, character: String? = nil) {
    let value = keysym.rawValue
    if let special = Self.specialKeys[value] {
      self.init(special)
      return
    }
    let scalarValue: UInt32? =
      switch value {
      case 0x20...0x7e, 0xa0...0xff: value
      case 0x0100_0100...0x0110_ffff: value - 0x0100_0000
      default: nil
      }
    if let scalarValue, let scalar = Unicode.Scalar(scalarValue) {
      self.init(Self.lowercasedCharacter(String(Character(scalar))))
      return
    }
    guard let character, character.count == 1,
      let first = character.unicodeScalars.first,
      !first.properties.generalCategory.isControl
    else { return nil }
    self.init(Self.lowercasedCharacter(character))
  }

  /// The text with a cased letter lowercased, when its lowercase is one character.
  static func lowercasedCharacter(_ text: String) -> String {
    let lowered = text.lowercased()
    return lowered.count == 1 ? lowered : text
  }

  /// Whether the input is a single character that has case, such as `o` or `ф`.
  var isCasedCharacter: Bool {
    guard let text = characters, text.count == 1 else { return false }
    return text.lowercased() != text.uppercased()
  }

  /// The input with a single-character input lowercased, for comparing inputs.
  var lowercased: KeyInput {
    guard let text = characters, text.count == 1 else { return self }
    return KeyInput(storage: .characters(Self.lowercasedCharacter(text)))
  }

  /// The special keys by keysym value.
  private static let specialKeys: [UInt32: SpecialKey] = {
    var table: [UInt32: SpecialKey] = [
      0xff52: .upArrow, 0xff54: .downArrow, 0xff51: .leftArrow, 0xff53: .rightArrow,
      0xff1b: .escape, 0xff09: .tab, 0xfe20: .tab, 0xff0d: .return, 0xff8d: .enter,
      0xff08: .backspace, 0xffff: .deleteForward, 0xff50: .home, 0xff57: .end,
      0xff55: .pageUp, 0xff56: .pageDown, 0xff63: .insert, 0x20: .space, 0xff0b: .clear,
      0xffae: .keypadDecimal, 0xffab: .keypadPlus, 0xffad: .keypadMinus,
      0xffaa: .keypadMultiply, 0xffaf: .keypadDivide, 0xffbd: .keypadEquals,
      0xffac: .keypadComma,
      // The keypad with Num Lock off.
      0xff80: .space, 0xff89: .tab, 0xff95: .home, 0xff96: .leftArrow, 0xff97: .upArrow,
      0xff98: .rightArrow, 0xff99: .downArrow, 0xff9a: .pageUp, 0xff9b: .pageDown,
      0xff9c: .end, 0xff9d: .clear, 0xff9e: .insert, 0xff9f: .deleteForward,
    ]
    let all = SpecialKey.allCases
    let f1 = all.firstIndex(of: .f1) ?? 0
    for number in 0..<24 {
      table[0xffbe + UInt32(number)] = all[f1 + number]
    }
    let keypad0 = all.firstIndex(of: .keypad0) ?? 0
    for digit in 0..<10 {
      table[0xffb0 + UInt32(digit)] = all[keypad0 + digit]
    }
    return table
  }()
}

extension Unicode.GeneralCategory {
  /// Whether the category is that of control characters.
  fileprivate var isControl: Bool { self == .control }
}
