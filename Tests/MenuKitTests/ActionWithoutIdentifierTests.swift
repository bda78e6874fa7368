import Testing

@testable import MenuKit

/// Records what actions ran.
@MainActor
private final class Log {
  var entries: [String] = []
}

@Suite("Actions without an identifier, as UIAction(title:handler:)")
@MainActor
struct ActionWithoutIdentifierTests {
  @Test("each action made without an identifier gets its own; copies keep it")
  func uniqueIdentifiers() {
    let first = Action(title: "Refresh") { _, _ in }
    let second = Action(title: "Refresh") { _, _ in }
    #expect(first.identifier != second.identifier)
    #expect(first != second)
    let copy = first
    #expect(copy.identifier == first.identifier)
    #expect(first.identifier.rawValue.hasPrefix("menukit.generated."))
    // A given identifier is kept.
    #expect(Action(title: "Refresh", identifier: "refresh") { _, _ in }.identifier == "refresh")
  }

  @Test("the handler may take the action alone, as UIKit's, and runs when performed")
  func oneArgumentHandler() {
    let log = Log()
    let refresh = Action(title: "Refresh") { action in log.entries.append(action.title) }
    refresh.perform()
    #expect(log.entries == ["Refresh"])
  }

  @Test("builder edits address an action by its generated identifier")
  func builderFindsIt() {
    let refresh = Action(title: "Refresh") { _ in }
    let reload = Action(title: "Reload") { _ in }
    var builder = MenuBuilder(
      menu: Menu(children: [.menu(Menu(title: "View", identifier: "view", children: []))]))
    builder.insertElements([.action(refresh), .action(reload)], atEndOfMenu: "view")
    #expect(builder.action(for: refresh.identifier)?.title == "Refresh")
    builder.remove(action: refresh.identifier)
    #expect(builder.action(for: refresh.identifier) == nil)
    #expect(builder.action(for: reload.identifier)?.title == "Reload")
    #expect(MenuValidator(platform: .linux).validate(builder.menu).isEmpty)
    #expect(builder.diagnostics.isEmpty)
  }

  @Test("Button(_:) with a closure of no arguments, as SwiftUI's, runs it when chosen")
  func swiftUIButton() {
    let log = Log()
    let menu = Menu("Cities") {
      Button("Tokyo") { log.entries.append("tokyo") }
      Button("Paris") { log.entries.append("paris") }
    }
    let app = Application()
    for element in menu.children {
      app.perform(element)
    }
    #expect(log.entries == ["tokyo", "paris"])
    #expect(menu.children[0] != menu.children[1])
  }
}
