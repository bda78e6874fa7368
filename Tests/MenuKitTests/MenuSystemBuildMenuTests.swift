import Testing

@testable import MenuKit

/// A responder that adds a menu named after itself and records the builder's system.
private final class Builder: Responder {
  let name: String
  var systems: [MenuSystemKind] = []
  var failing = false

  init(_ name: String) {
    self.name = name
    super.init()
  }

  override func buildMenu(with builder: inout MenuBuilder) throws {
    systems.append(builder.system)
    if failing { builder.remove(menu: "nosuchmenu") }
    let menu = Menu(title: name, identifier: MenuIdentifier(name))
    if builder.system == .main {
      builder.insertSibling(menu, afterMenu: .view)
    } else {
      builder.insertChild(menu, atEndOfMenu: .root)
    }
  }
}

/// An application that adds a menu named "app".
private final class BuildingApplication: Application {
  var systems: [MenuSystemKind] = []

  override func buildMenu(with builder: inout MenuBuilder) throws {
    systems.append(builder.system)
    builder.insertSibling(Menu(title: "app", identifier: "app"), afterMenu: .view)
  }
}

@Suite("Menu systems consult responders")
@MainActor
struct MenuSystemBuildMenuTests {
  @Test("the main menu is built by the application, then its delegate, then the handlers")
  func mainMenu() {
    let system = MenuSystem(kind: .main)
    let application = BuildingApplication()
    let delegate = Builder("delegate")
    application.delegate = delegate
    let window = Window(application: application)
    let view = Builder("view")
    view.setNext(window)
    system.addBuildHandler { builder in
      builder.insertSibling(Menu(title: "handler", identifier: "handler"), afterMenu: .view)
    }
    system.application = application
    // Each inserts right after View, so the last to run comes first.
    let titles = system.menu.children.map(\.title)
    let viewIndex = titles.firstIndex(of: "View")!
    #expect(Array(titles[(viewIndex + 1)...].prefix(3)) == ["handler", "delegate", "app"])
    #expect(application.systems == [.main])
    #expect(delegate.systems == [.main])
    #expect(view.systems.isEmpty)  // only the application and its delegate are consulted
  }

  @Test("a failing buildMenu is reported and the rest of the menu is still built")
  func failingBuildMenu() {
    let system = MenuSystem(kind: .main)
    let application = Application()
    let delegate = Builder("delegate")
    delegate.failing = true
    application.delegate = delegate
    system.application = application
    #expect(system.diagnostics.map(\.code) == [.unknownMenu])
    #expect(system.menu.children.contains { $0.title == "File" })
    withExtendedLifetime(application) {}
  }

  @Test("a context menu is built by the responder it is for, with the context system")
  func contextMenu() {
    let view = Builder("view")
    let (menu, diagnostics) = MenuSystem.context.contextMenu(for: view)
    #expect(diagnostics == [])
    #expect(menu.children.map(\.title) == ["view"])
    #expect(view.systems == [.context])
  }
}
