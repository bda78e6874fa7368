public import MenuKitXKB

/// What went wrong with an X11 keyboard: a server without the XKB extension, a window that
/// does not exist, or a keymap that could not be read or compiled.
///
/// Setting up throws these; once running, ``X11Keyboard`` reports a keymap it cannot use
/// through ``X11Keyboard/onError`` and keeps translating keys with the keymap it had.
///
/// ```swift
/// x11Keyboard.onError = { error in
///   print("menukit: \(error)")  // menukit: the X server's keymap cannot be read (device 3)
/// }
/// ```
public enum X11KeyboardError: Error, CustomStringConvertible {
  /// The XCB connection is broken, with libxcb's error code (`xcb_connection_has_error`).
  case connectionFailed(Int32)
  /// The server lacks the XKB extension, or a version libxkbcommon-x11 supports (1.0).
  case noXKBExtension
  /// The server names no core keyboard device.
  case noCoreKeyboard
  /// The window does not exist (the server answered `BadWindow`), by its id.
  case noSuchWindow(UInt32)
  /// A request failed: which, and the X error code.
  case requestFailed(String, Int32)
  /// The keymap of the device could not be read from the server, by the device's id.
  case keymapUnavailable(Int32)
  /// The keymap read from the server does not compile again as text.
  case keymapDoesNotCompile(XKBError)

  /// The problem in words, naming what was asked and what the server answered.
  public var description: String {
    switch self {
    case .connectionFailed(let code):
      return "the X connection failed (xcb error \(code))"
    case .noXKBExtension:
      return "the X server has no XKB extension of version 1.0 or later"
    case .noCoreKeyboard:
      return "the X server names no core keyboard device"
    case .noSuchWindow(let window):
      return "the X window 0x\(String(window, radix: 16)) does not exist"
    case .requestFailed(let request, let code):
      return "the X request \(request) failed with error \(code)"
    case .keymapUnavailable(let device):
      return "the X server's keymap cannot be read (device \(device))"
    case .keymapDoesNotCompile(let error):
      return "the X server's keymap does not compile: \(error)"
    }
  }
}
