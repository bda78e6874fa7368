internal import CXKBCommon
public import MenuKit

// MARK: - Names and text

extension Keysym {
  /// Looks a keysym up by name, such as `a`, `Escape` or `adiaeresis`.
  ///
  /// Every name that ``name`` returns is accepted, including the `U2713` and `0x…` forms.
  /// A case-insensitive search is meant for forgiving user input: where two names differ only
  /// in case, it finds the lower-case one, so `"A"` finds `a`. Search case-sensitively first
  /// and fall back to this.
  ///
  /// - Parameters:
  ///   - name: The keysym's name, without the `XKB_KEY_` prefix.
  ///   - caseInsensitive: Whether to ignore case, by the rules of the C locale.
  /// - Returns: The keysym, or `nil` when no keysym has that name. `NoSymbol` also gives `nil`.
  public init?(named name: String, caseInsensitive: Bool = false) {
    let flags = caseInsensitive ? XKB_KEYSYM_CASE_INSENSITIVE : XKB_KEYSYM_NO_FLAGS
    let value = xkb_keysym_from_name(name, flags)
    guard value != XKB_KEY_NoSymbol else { return nil }
    self.init(rawValue: value)
  }

  /// The keysym's name, such as `a`, `Escape` or `adiaeresis`.
  ///
  /// A keysym without a name reads as its value in hexadecimal, such as `0x12345678`, or as
  /// `U` and the code point for a Unicode keysym. ``init(named:caseInsensitive:)`` accepts
  /// every name this returns.
  ///
  /// - Returns: The name, or `nil` when the value is not a valid keysym.
  public var name: String? {
    readCString(capacity: 64) { buffer, size in
      xkb_keysym_get_name(rawValue, buffer, size)
    }
  }

  /// The Unicode code point the keysym stands for, such as `0xe4` for `adiaeresis`.
  ///
  /// Some function keys stand for control characters: `Return` is U+000D and `Tab` is U+0009.
  /// No keyboard state is applied, so Caps Lock and Control do not change the result.
  ///
  /// - Returns: The code point, or `nil` when the keysym stands for no character, as with
  ///   `Shift_L` or `F1`.
  public var utf32: UInt32? {
    let value = xkb_keysym_to_utf32(rawValue)
    return value == 0 ? nil : value
  }

  /// The character the keysym stands for, such as `ä` for `adiaeresis`.
  ///
  /// This is ``utf32`` as a character, converted by libxkbcommon to UTF-8.
  ///
  /// - Returns: The character, or `nil` when the keysym stands for no character.
  public var character: Character? {
    // libxkbcommon asks for at least 7 bytes: a 6-byte UTF-8 sequence and a NUL.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 8) { buffer in
      guard let base = buffer.baseAddress,
        xkb_keysym_to_utf8(rawValue, base, buffer.count) > 0
      else { return nil }
      return String(cString: base).first
    }
  }
}

// MARK: - Names in text

extension Keysym {
  /// The keysym's ``name``, or its value in hexadecimal when it is not a valid keysym.
  public var nameOrValue: String {
    name ?? "0x" + String(rawValue, radix: 16)
  }
}
