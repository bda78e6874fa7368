internal import CXKBCommon

/// An XKB keysym: the symbol a key produces, such as the letter `a`, `Escape` or `F1`.
///
/// Keysyms are 32-bit values with names from the X11 protocol; libxkbcommon's
/// `xkbcommon-keysyms.h` lists them as `XKB_KEY_…` constants. A keysym is a logical key:
/// the same physical key produces `q` on a QWERTY layout and `a` on AZERTY. The set is open,
/// so this is a struct with a few named constants rather than an enum; any other keysym comes
/// from its name or its value:
///
/// ```swift
/// let keysym = Keysym(named: "adiaeresis")  // XKB_KEY_adiaeresis, 0xe4
/// keysym?.character  // "ä"
/// Keysym.escape.name  // "Escape"
/// ```
///
/// Keysyms for Unicode characters without an X11 name are `0x01000000` plus the code point,
/// named like `U2713`. Values with bits above `0x1fffffff` set are not valid keysyms.
public struct Keysym: RawRepresentable, Hashable, Sendable {
  /// The keysym's value, as in `xkbcommon-keysyms.h`.
  public var rawValue: UInt32

  /// Creates a keysym from its value.
  ///
  /// - Parameter rawValue: The value, such as `0x61` for `a`.
  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }
}

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

// MARK: - CustomStringConvertible

extension Keysym: CustomStringConvertible {
  /// The keysym's ``name``, or its value in hexadecimal when it is not a valid keysym.
  public var description: String {
    name ?? "0x" + String(rawValue, radix: 16)
  }
}

// MARK: - Named keysyms

extension Keysym {
  /// The letter a. The corresponding XKB keysym is `XKB_KEY_a` (0x61).
  public static let a = Keysym(rawValue: UInt32(XKB_KEY_a))
  /// The letter q. The corresponding XKB keysym is `XKB_KEY_q` (0x71).
  public static let q = Keysym(rawValue: UInt32(XKB_KEY_q))
  /// The letter z. The corresponding XKB keysym is `XKB_KEY_z` (0x7a).
  public static let z = Keysym(rawValue: UInt32(XKB_KEY_z))
  /// The space bar. The corresponding XKB keysym is `XKB_KEY_space` (0x20).
  public static let space = Keysym(rawValue: UInt32(XKB_KEY_space))
  /// The left square bracket, `[`. The corresponding XKB keysym is `XKB_KEY_bracketleft` (0x5b).
  public static let bracketLeft = Keysym(rawValue: UInt32(XKB_KEY_bracketleft))
  /// The right square bracket, `]`. The corresponding XKB keysym is `XKB_KEY_bracketright`
  /// (0x5d).
  public static let bracketRight = Keysym(rawValue: UInt32(XKB_KEY_bracketright))
  /// The Escape key. The corresponding XKB keysym is `XKB_KEY_Escape` (0xff1b).
  public static let escape = Keysym(rawValue: UInt32(XKB_KEY_Escape))
  /// The Return (Enter) key. The corresponding XKB keysym is `XKB_KEY_Return` (0xff0d).
  public static let `return` = Keysym(rawValue: UInt32(XKB_KEY_Return))
  /// The Tab key. The corresponding XKB keysym is `XKB_KEY_Tab` (0xff09).
  public static let tab = Keysym(rawValue: UInt32(XKB_KEY_Tab))
  /// The Backspace key. The corresponding XKB keysym is `XKB_KEY_BackSpace` (0xff08).
  public static let backspace = Keysym(rawValue: UInt32(XKB_KEY_BackSpace))
  /// The Delete key. The corresponding XKB keysym is `XKB_KEY_Delete` (0xffff).
  public static let delete = Keysym(rawValue: UInt32(XKB_KEY_Delete))
  /// The left arrow key. The corresponding XKB keysym is `XKB_KEY_Left` (0xff51).
  public static let leftArrow = Keysym(rawValue: UInt32(XKB_KEY_Left))
  /// The right arrow key. The corresponding XKB keysym is `XKB_KEY_Right` (0xff53).
  public static let rightArrow = Keysym(rawValue: UInt32(XKB_KEY_Right))
  /// The up arrow key. The corresponding XKB keysym is `XKB_KEY_Up` (0xff52).
  public static let upArrow = Keysym(rawValue: UInt32(XKB_KEY_Up))
  /// The down arrow key. The corresponding XKB keysym is `XKB_KEY_Down` (0xff54).
  public static let downArrow = Keysym(rawValue: UInt32(XKB_KEY_Down))
}
