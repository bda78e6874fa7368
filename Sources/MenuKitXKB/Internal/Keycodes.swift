internal import CXKBCommon

/// Conversions between evdev codes, which the public API uses, and XKB keycodes.
///
/// XKB keycodes are evdev codes plus 8, for historical X11 reasons: `KEY_A` (evdev 30) is XKB
/// keycode 38. Raw XKB keycodes stay inside the module.
enum Keycodes {
  /// The distance between an evdev code and the XKB keycode of the same key.
  static let evdevOffset = 8

  /// The XKB keycode for an evdev code, or `nil` when no keycode can represent it.
  static func xkb(evdev code: Int) -> xkb_keycode_t? {
    guard code >= 0 else { return nil }
    return xkb_keycode_t(exactly: code + evdevOffset)
  }

  /// The evdev code for an XKB keycode; keycodes below 8 have none.
  static func evdev(xkb keycode: xkb_keycode_t) -> Int? {
    let code = Int(keycode) - evdevOffset
    return code >= 0 ? code : nil
  }
}
