import CXKBCommonX11
import Foundation

/// The test's own XCB connection to the server, with the windows it maps.
final class TestConnection {
  /// The `xcb_connection_t`.
  let connection: OpaquePointer

  /// Connects to a display.
  init(display: String) throws {
    guard let connection = xcb_connect(display, nil) else {
      throw HarnessError(description: "cannot connect to \(display)")
    }
    guard xcb_connection_has_error(connection) == 0 else {
      xcb_disconnect(connection)
      throw HarnessError(description: "cannot connect to \(display)")
    }
    self.connection = connection
  }

  deinit {
    xcb_disconnect(connection)
  }

  /// The connection as the raw pointer `X11Keyboard` takes.
  var raw: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(connection)
  }

  /// Creates and maps a 200×100 top-level window named `name`.
  func mapWindow(named name: String) throws -> UInt32 {
    guard let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data else {
      throw HarnessError(description: "the server has no screen")
    }
    let window = xcb_generate_id(connection)
    var values: [UInt32] = [screen.pointee.white_pixel]
    // Depth 0: XCB_COPY_FROM_PARENT, a macro Swift does not import as UInt8.
    xcb_create_window(
      connection, 0, window, screen.pointee.root, 0, 0, 200, 100, 0,
      UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual,
      XCB_CW_BACK_PIXEL.rawValue, &values)
    xcb_change_property(
      connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, XCB_ATOM_WM_NAME.rawValue,
      XCB_ATOM_STRING.rawValue, 8, UInt32(name.utf8.count), name)
    xcb_map_window(connection, window)
    _ = xcb_flush(connection)
    return window
  }

  /// Gives a mapped window the input focus, as a window manager would.
  func focus(_ window: UInt32) {
    // Time 0: XCB_CURRENT_TIME.
    xcb_set_input_focus(connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), window, 0)
    _ = xcb_flush(connection)
  }

  /// Binds keysyms to an X keycode with the core protocol's ChangeKeyboardMapping, which the
  /// server applies as an XKB map change (`XkbMapNotify`).
  func changeMapping(keycode: UInt8, keysyms: [UInt32]) {
    xcb_change_keyboard_mapping(connection, 1, keycode, UInt8(keysyms.count), keysyms)
    _ = xcb_flush(connection)
  }

  /// Locks the core keyboard's layout group (XkbLatchLockState), as a layout switch does; the
  /// connection must have set up XKB (`X11Keyboard` does).
  func lockGroup(_ group: UInt8) {
    xcb_xkb_latch_lock_state(
      connection, UInt16(XCB_XKB_ID_USE_CORE_KBD.rawValue), 0, 0, 1, group, 0, 0, 0)
    _ = xcb_flush(connection)
  }
}
