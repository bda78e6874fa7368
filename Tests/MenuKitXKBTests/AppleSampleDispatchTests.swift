import Foundation
import MenuKit
import MenuKitXKB
import Testing

/// Apple's sample "Adding menus and shortcuts to the menu bar and user interface", end to
/// end: its menu file applied to the standard linux menu, its responder chain, and real
/// keyboard layouts.
@Suite("Apple's sample, dispatched from real key presses")
@MainActor
struct AppleSampleDispatchTests {
  private static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The table view → view controller → window → application → delegate chain.
  private final class Delegate: Responder {
    var performed: [String] = []
    override init() {
      super.init()
      for action: ActionName in ["openAction:", "navigationMenuAction:"] {
        handle(action) { [unowned self] sender in
          let title = (sender as? KeyCommand)?.command.title ?? "?"
          self.performed.append("\(action) \(title)")
        }
      }
    }
  }

  private final class TableView: Responder {
    override var canBecomeFirstResponder: Bool { true }
  }

  private static func mainMenu() throws -> Menu {
    let path = repositoryRoot.appendingPathComponent(
      "keymaps/examples/apple-menus-and-shortcuts.json"
    ).path
    let result = MenuFile.load(contentsOf: path)
    let file = try #require(result.file, "\(result.diagnostics)")
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    #expect(file.apply(to: &builder) == [])
    return builder.menu
  }

  private static func keyboard(layout: String) throws -> XKBKeyboard {
    let context = XKBContext(
      includePaths: ["/usr/share/X11/xkb"], options: [.noDefaultIncludes, .noEnvironmentNames])
    let keymap = try XKBKeymap(context: context, names: .init(layout: layout))
    return XKBKeyboard(keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
  }

  @Test(
    "Ctrl+O performs the sample's Open on us, de, fr and ru (ru through the Latin fallback)",
    arguments: [("us", "exact"), ("de", "exact"), ("fr", "exact"), ("ru", "fallback")])
  func openOnEveryLayout(layout: String, kind: String) throws {
    let app = Application()
    let delegate = Delegate()
    app.delegate = delegate
    let window = Window(application: app)
    app.keyWindow = window
    let controller = Responder()
    controller.setNext(window)
    let table = TableView()
    table.setNext(controller)
    #expect(table.becomeFirstResponder())

    let dispatcher = KeyDispatcher(
      application: app, mainMenu: try Self.mainMenu(), platform: .linux)
    let keyboard = try Self.keyboard(layout: layout)
    var results: [DispatchResult] = []
    for (code, direction) in [(29, KeyEvent.Direction.down), (24, .down), (24, .up), (29, .up)] {
      if let event = keyboard.handle(KeyEvent(evdevCode: code, direction: direction, timestamp: 0))
      {
        results += dispatcher.dispatch(event, layout: keyboard)
      }
    }
    let fired = results.filter { $0.action != nil }
    #expect(fired.count == 1)
    #expect(fired.first?.action == "openAction:")
    #expect(fired.first?.performer === delegate)
    #expect(fired.first?.match?.kind?.rawValue == kind)
    #expect(delegate.performed == ["openAction: Open…"])
  }

  @Test("Ctrl+Up performs the Navigation menu's Up command")
  func navigation() throws {
    let app = Application()
    let delegate = Delegate()
    app.delegate = delegate
    let window = Window(application: app)
    app.keyWindow = window
    let dispatcher = KeyDispatcher(
      application: app, mainMenu: try Self.mainMenu(), platform: .linux)
    let keyboard = try Self.keyboard(layout: "us")
    for (code, direction) in [(29, KeyEvent.Direction.down), (103, .down), (103, .up), (29, .up)] {
      if let event = keyboard.handle(KeyEvent(evdevCode: code, direction: direction, timestamp: 0))
      {
        _ = dispatcher.dispatch(event, layout: keyboard)
      }
    }
    #expect(delegate.performed == ["navigationMenuAction: Up"])
  }
}
