import CXKBCommonX11
import MenuKitX11
import Testing

/// Setup errors that need no running server.
@MainActor
@Suite("MenuKitX11 setup errors")
struct X11KeyboardSetupTests {
  @Test("a connection that failed is an error naming libxcb's code, not a crash")
  func brokenConnection() throws {
    // A display number no server has: libxcb returns a connection in an error state.
    let connection = try #require(xcb_connect(":65000", nil))
    defer { xcb_disconnect(connection) }
    do {
      _ = try X11Keyboard(connection: UnsafeMutableRawPointer(connection), window: 1)
      Issue.record("a keyboard was made on a broken connection")
    } catch {
      #expect("\(error)".hasPrefix("the X connection failed (xcb error "))
    }
  }
}
