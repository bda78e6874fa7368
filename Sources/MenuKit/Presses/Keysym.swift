/// An XKB keysym: the symbol a key produces, such as the letter `a`, `Escape` or `F1`.
///
/// Keysyms are 32-bit values with names from the X11 protocol; libxkbcommon's
/// `xkbcommon-keysyms.h` lists them as `XKB_KEY_…` constants. A keysym is a logical key:
/// the same physical key produces `q` on a QWERTY layout and `a` on AZERTY. The set is open,
/// so this is a struct with a few named constants rather than an enum. MenuKit carries keysyms
/// in press events without needing libxkbcommon; `MenuKitXKB` adds their names and characters:
///
/// ```swift
/// import MenuKitXKB
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

  /// Whether the keysym is a modifier or lock key's: Shift, Control, Caps Lock, Meta, Alt,
  /// Super, Hyper (`0xffe1`…`0xffee`), the ISO level shifts, latches and locks
  /// (`0xfe01`…`0xfe0f`, AltGr among them), Num Lock and Scroll Lock. Such a key is never the
  /// key of a shortcut (docs/decisions/0009-stroke-semantics.md).
  ///
  /// ```swift
  /// Keysym(rawValue: 0xfe03).isModifierOrLock  // true: ISO_Level3_Shift (AltGr)
  /// Keysym(rawValue: 0x61).isModifierOrLock    // false: a
  /// ```
  public var isModifierOrLock: Bool {
    (0xffe1...0xffee).contains(rawValue) || (0xfe01...0xfe0f).contains(rawValue)
      || rawValue == 0xff7f || rawValue == 0xff14
  }

  /// No symbol: what a key without a keysym at the current level produces
  /// (`XKB_KEY_NoSymbol`, 0).
  public static let noSymbol = Keysym(rawValue: 0)
}

// MARK: - Named keysyms

extension Keysym {
  /// The letter a. The corresponding XKB keysym is `XKB_KEY_a` (0x61).
  public static let a = Keysym(rawValue: 0x61)
  /// The letter q. The corresponding XKB keysym is `XKB_KEY_q` (0x71).
  public static let q = Keysym(rawValue: 0x71)
  /// The letter z. The corresponding XKB keysym is `XKB_KEY_z` (0x7a).
  public static let z = Keysym(rawValue: 0x7a)
  /// The space bar. The corresponding XKB keysym is `XKB_KEY_space` (0x20).
  public static let space = Keysym(rawValue: 0x20)
  /// The left square bracket, `[`. The corresponding XKB keysym is `XKB_KEY_bracketleft` (0x5b).
  public static let bracketLeft = Keysym(rawValue: 0x5b)
  /// The right square bracket, `]`. The corresponding XKB keysym is `XKB_KEY_bracketright`
  /// (0x5d).
  public static let bracketRight = Keysym(rawValue: 0x5d)
  /// The Escape key. The corresponding XKB keysym is `XKB_KEY_Escape` (0xff1b).
  public static let escape = Keysym(rawValue: 0xff1b)
  /// The Return (Enter) key. The corresponding XKB keysym is `XKB_KEY_Return` (0xff0d).
  public static let `return` = Keysym(rawValue: 0xff0d)
  /// The Tab key. The corresponding XKB keysym is `XKB_KEY_Tab` (0xff09).
  public static let tab = Keysym(rawValue: 0xff09)
  /// The Backspace key. The corresponding XKB keysym is `XKB_KEY_BackSpace` (0xff08).
  public static let backspace = Keysym(rawValue: 0xff08)
  /// The Delete key. The corresponding XKB keysym is `XKB_KEY_Delete` (0xffff).
  public static let delete = Keysym(rawValue: 0xffff)
  /// The left arrow key. The corresponding XKB keysym is `XKB_KEY_Left` (0xff51).
  public static let leftArrow = Keysym(rawValue: 0xff51)
  /// The right arrow key. The corresponding XKB keysym is `XKB_KEY_Right` (0xff53).
  public static let rightArrow = Keysym(rawValue: 0xff53)
  /// The up arrow key. The corresponding XKB keysym is `XKB_KEY_Up` (0xff52).
  public static let upArrow = Keysym(rawValue: 0xff52)
  /// The down arrow key. The corresponding XKB keysym is `XKB_KEY_Down` (0xff54).
  public static let downArrow = Keysym(rawValue: 0xff54)
}
