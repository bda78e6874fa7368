// MARK: - Internal

/// What a name between brackets means as a physical key.
enum PhysicalKeyLookup: Hashable, Sendable {
  /// A key position a stroke can use.
  case input(KeyInput)
  /// A W3C key that no stroke can use: a modifier or lock key, or a key outside the keyboard
  /// page (``KeyInput/physicalKeyRejection(_:)`` says which).
  case unsupported
  /// No key of that name; the closest name in brackets, when one is close.
  case unknown(suggestion: String?)
}

extension KeyInput {
  /// The name inside `[…]` when `word` is a physical key in brackets, such as `BracketLeft`
  /// for `[BracketLeft]`; nil otherwise (`[` and `]` alone are the bracket keys).
  static func bracketedCode(_ word: String) -> Substring? {
    guard word.unicodeScalars.count > 2, word.hasPrefix("["), word.hasSuffix("]") else {
      return nil
    }
    return word.dropFirst().dropLast()
  }

  /// The physical key a name between brackets stands for: a W3C code name in any case
  /// (``KeyboardHIDUsage/init(codeName:)``) or a usage in hexadecimal (`0x76`).
  static func physicalKey(named code: some StringProtocol) -> PhysicalKeyLookup {
    if let usage = KeyboardHIDUsage(bracketedName: code) {
      return usage.isModifierOrLockKey ? .unsupported : .input(.physicalKey(usage))
    }
    if KeyboardHIDUsage.isUnsupportedCodeName(code) { return .unsupported }
    // Only short names get suggestions (`closest(in:)`), so a long or random word costs little.
    return .unknown(
      suggestion: String(code).closest(in: KeyboardHIDUsage.codeNamesForSuggestions).map {
        "[\($0)]"
      })
  }

  /// Why a physical key in brackets (`[ShiftLeft]`, `[MediaStop]`) cannot be a shortcut's key,
  /// as the end of a sentence that starts with the key.
  static func physicalKeyRejection(_ word: String) -> String {
    if let code = bracketedCode(word), let usage = KeyboardHIDUsage(bracketedName: code),
      usage.isModifierOrLockKey
    {
      return "is a modifier or lock key, which cannot be the key of a shortcut; hold the "
        + "modifier instead (Ctrl, Alt, Shift, Cmd), or write it alone ('Shift Shift') for a "
        + "modifier-key stroke"
    }
    return "names a key outside the keyboard's key page (a media, browser, system or Fn key), "
      + "which MenuKit shortcuts cannot name"
  }

  /// The special key that stands at a physical key's position on every layout (Escape, the
  /// arrows, F5, the keypad keys…), for labels; nil for a writing-system key or a key MenuKit
  /// has no special key for.
  var physicalKeySpecialKey: SpecialKey? {
    guard let usage = physicalKey else { return nil }
    return Self.specialKeysByUsage[usage.rawValue]
  }

  /// The special key at each position that has one on every layout.
  private static let specialKeysByUsage: [Int: SpecialKey] = {
    var table: [Int: SpecialKey] = [
      0x29: .escape, 0x2B: .tab, 0x28: .return, 0x58: .enter, 0x2A: .backspace,
      0x4C: .deleteForward, 0x4A: .home, 0x4D: .end, 0x4B: .pageUp, 0x4E: .pageDown,
      0x49: .insert, 0x2C: .space, 0xD8: .clear, 0x52: .upArrow, 0x51: .downArrow,
      0x50: .leftArrow, 0x4F: .rightArrow, 0x63: .keypadDecimal, 0x57: .keypadPlus,
      0x56: .keypadMinus, 0x55: .keypadMultiply, 0x54: .keypadDivide, 0x67: .keypadEquals,
      0x85: .keypadComma, 0x62: .keypad0, 0x65: .contextMenu, 0x75: .help, 0x7A: .undo,
      0x79: .redo, 0x7E: .find, 0x7B: .cut, 0x7C: .copy, 0x7D: .paste,
    ]
    let all = SpecialKey.allCases
    let f1 = all.firstIndex(of: .f1) ?? 0
    for number in 1...12 { table[0x3A + number - 1] = all[f1 + number - 1] }
    for number in 13...24 { table[0x68 + number - 13] = all[f1 + number - 1] }
    let keypad1 = all.firstIndex(of: .keypad1) ?? 0
    for digit in 1...9 { table[0x59 + digit - 1] = all[keypad1 + digit - 1] }
    return table
  }()
}
