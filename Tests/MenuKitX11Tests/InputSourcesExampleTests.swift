import Foundation
import MenuKit
import MenuKitX11
import MenuKitXKB
import Testing

// The X11 example of docs/guides/input-sources.md, compiled here; the test below checks that the page
// shows exactly this text, between the markers.

// example-start
/// The app's only view: it performs Save and Copy by printing them.
@MainActor
final class EditorView: Responder {
  override var canBecomeFirstResponder: Bool { true }

  override init() {
    super.init()
    handle("save:") { _ in print("performed save:") }
    handle("copy:") { _ in print("performed copy:") }
  }
}

/// Prints the actions that keys typed into the app's window perform, until `isDone` is true.
///
/// `connection` is the app's `xcb_connection_t`; the toolkit has mapped `window` on it, and the
/// window manager gives it the input focus when the user clicks it.
@MainActor
func printKeyActions(
  connection: UnsafeMutableRawPointer, window: UInt32, isDone: () -> Bool
) throws {
  let app = Application()
  let appWindow = Window(application: app)
  app.keyWindow = appWindow
  let view = EditorView()
  view.setNext(appWindow)
  _ = view.becomeFirstResponder()
  let file = Menu(
    title: "File",
    children: [
      .keyCommand(KeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command)),
      .keyCommand(KeyCommand(title: "Copy", action: "copy:", input: "c", modifierFlags: .command)),
    ])

  let keys = try X11Keyboard(connection: connection, window: window)  // the core keyboard
  keys.dispatcher = KeyDispatcher(
    application: app, mainMenu: Menu(children: [.menu(file)]), platform: .linux)
  keys.onKeymap = { print("keymap: \($0.activeLayoutName ?? "?")") }
  keys.onError = { print("keyboard: \($0)") }
  while !isDone() {
    // Waits up to half a second for events and handles the keyboard's; the server repeats keys.
    try keys.dispatchEvents(timeout: 0.5)
  }
}
// example-end

@Suite("docs/guides/input-sources.md, X11")
struct InputSourcesExampleTests {
  @Test("the page's X11 example is the one compiled in this file")
  func exampleMatches() throws {
    let here = try String(contentsOfFile: #filePath, encoding: .utf8)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("docs/guides/input-sources.md"), encoding: .utf8)
    let start = try #require(here.range(of: "// example-start\n"))
    let end = try #require(here.range(of: "// example-end\n"))
    let example = String(here[start.upperBound..<end.lowerBound])
    let imports = "import MenuKit\nimport MenuKitX11\nimport MenuKitXKB\n\n"
    #expect(page.contains("```swift\n" + imports + example + "```"))
  }
}
