public import MenuKitXKB

/// What went wrong with a Wayland keyboard: a keymap the compositor sent that could not be
/// used, or a display without a keyboard.
///
/// A keymap error never stops the keyboard: ``WaylandKeyboard`` reports it through
/// ``WaylandKeyboard/onError`` and keeps translating keys with the keymap it had.
///
/// ```swift
/// waylandKeyboard.onError = { error in
///   print("menukit: \(error)")  // menukit: the keymap is 0 bytes; expected 1 to 8388608
/// }
/// ```
public enum WaylandKeyboardError: Error, CustomStringConvertible {
  /// The keymap is not in the XKB text format (`WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1`); 0 means
  /// the compositor has no keymap.
  case unsupportedKeymapFormat(UInt32)
  /// The announced keymap size is 0 or larger than ``WaylandKeyboard/maximumKeymapSize``.
  case keymapSize(UInt32)
  /// The keymap's file descriptor could not be read: why, in words.
  case unreadableKeymap(String)
  /// The keymap text does not compile.
  case keymapDoesNotCompile(XKBError)
  /// The display advertises no `wl_seat`.
  case noSeat
  /// The Wayland connection failed, with the `errno` name or message.
  case connectionFailed(String)

  /// The problem in words, naming what was received and what was expected.
  public var description: String {
    switch self {
    case .unsupportedKeymapFormat(let format):
      return format == 0
        ? "the compositor sent no keymap (format no_keymap); expected xkb_v1"
        : "the keymap format is \(format); expected 1 (xkb_v1)"
    case .keymapSize(let size):
      return "the keymap is \(size) bytes; expected 1 to \(WaylandKeyboard.maximumKeymapSize)"
    case .unreadableKeymap(let reason):
      return "the keymap cannot be read: \(reason)"
    case .keymapDoesNotCompile(let error):
      return "the keymap does not compile: \(error)"
    case .noSeat:
      return "the Wayland display has no wl_seat"
    case .connectionFailed(let reason):
      return "the Wayland connection failed: \(reason)"
    }
  }
}
