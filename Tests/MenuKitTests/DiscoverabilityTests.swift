import Testing

@testable import MenuKit

/// A first responder with its own key commands.
@MainActor
private final class ListView: Responder {
  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(title: "Down", action: "moveDown:", input: .downArrow),
      KeyCommand(action: "untitled:", input: "u", modifierFlags: .command),
      KeyCommand(title: "Secret", action: "moveDown:", input: "s", attributes: .hidden),
    ]
  }
  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    action == "moveDown:" || action == "copy:" || super.canPerformAction(action, withSender: sender)
  }
}

/// A controller whose key command has a discoverability title.
@MainActor
private final class ListController: Responder {
  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(
        title: "Find", action: "find:", input: "f", modifierFlags: .command,
        discoverabilityTitle: "Find in List")
    ]
  }
}

@MainActor
@Suite("Discoverability")
struct DiscoverabilityTests {
  private let view = ListView()
  private let controller = ListController()

  init() {
    view.setNext(controller)
  }

  static let mainMenu = Menu(
    identifier: .root,
    children: [
      .menu(
        Menu(
          title: "Edit", identifier: .edit,
          children: [
            .keyCommand(
              KeyCommand(title: "Copy", action: "copy:", input: "c", modifierFlags: .command)),
            .menu(
              Menu(
                options: .displayInline,
                children: [
                  .keyCommand(
                    KeyCommand(
                      title: "Paste", action: "paste:", input: "v", modifierFlags: .command)),
                  .keyCommand(
                    KeyCommand(
                      title: "Hidden", action: "copy:", input: "h", modifierFlags: .command,
                      attributes: .hidden)),
                ])),
            .command(Command(title: "Select All", action: "selectAll:")),
          ])),
      .menu(
        Menu(title: "Empty", children: [.command(Command(title: "Nothing", action: "nothing:"))])),
      .menu(
        Menu(
          title: "View", identifier: .view,
          children: [
            .deferred(
              DeferredElement(identifier: "zoom") { completion in
                completion([
                  .keyCommand(
                    KeyCommand(
                      title: "Zoom In", action: "zoomIn:", input: "+", modifierFlags: .command))
                ])
              })
          ])),
    ])

  @Test("responder groups come first, first responder first, then the main menu's menus")
  func grouping() {
    let groups = Discoverability.keyCommands(from: view, mainMenu: Self.mainMenu, platform: .linux)
    #expect(groups.map(\.title) == ["ListView", "ListController", "Edit", "View"])
    #expect(groups[0].entries.map(\.title) == ["Down"])
    #expect(groups[1].entries.map(\.title) == ["Find in List"])
    #expect(groups[2].entries.map(\.title) == ["Copy", "Paste"])
    #expect(groups[3].entries.map(\.title) == ["Zoom In"])
  }

  @Test("entries carry labels, actions and the validated enabled state")
  func entries() {
    let groups = Discoverability.keyCommands(from: view, mainMenu: Self.mainMenu, platform: .linux)
    let edit = groups[2].entries
    #expect(
      edit == [
        DiscoverabilityEntry(
          title: "Copy", shortcutLabel: "Ctrl+C", action: "copy:", isEnabled: true),
        DiscoverabilityEntry(
          title: "Paste", shortcutLabel: "Ctrl+V", action: "paste:", isEnabled: false),
      ])
    #expect(groups[0].entries.map(\.isEnabled) == [true])
    #expect(groups[1].entries.map(\.isEnabled) == [false])
    #expect(groups[1].entries.map(\.action) == ["find:"])
  }

  @Test("labels follow the platform profile")
  func platformLabels() {
    let mac = Discoverability.keyCommands(from: view, mainMenu: Self.mainMenu, platform: .mac)
    #expect(mac[2].entries.map(\.shortcutLabel) == ["⌘C", "⌘V"])
    let linux = Discoverability.keyCommands(from: view, mainMenu: Self.mainMenu, platform: .linux)
    #expect(linux[2].entries.map(\.shortcutLabel) == ["Ctrl+C", "Ctrl+V"])
  }

  @Test("with no first responder, only the main menu is listed, all disabled")
  func noFirstResponder() {
    let groups = Discoverability.keyCommands(from: nil, mainMenu: Self.mainMenu, platform: .linux)
    #expect(groups.map(\.title) == ["Edit", "View"])
    #expect(groups.flatMap(\.entries).allSatisfy { !$0.isEnabled })
  }

  @Test("a looping chain lists each responder once")
  func loopingChain() {
    controller.setNext(view)
    let groups = Discoverability.keyCommands(from: view, mainMenu: Menu(), platform: .linux)
    #expect(groups.map(\.title) == ["ListView", "ListController"])
  }

  @Test("text aligns labels within each group and marks disabled entries")
  func text() {
    let groups = [
      DiscoverabilityGroup(
        title: "Edit",
        entries: [
          DiscoverabilityEntry(
            title: "Copy", shortcutLabel: "Ctrl+C", action: "copy:", isEnabled: true),
          DiscoverabilityEntry(
            title: "Select All", shortcutLabel: "Ctrl+A", action: "selectAll:", isEnabled: false),
        ]),
      DiscoverabilityGroup(
        title: "View",
        entries: [
          DiscoverabilityEntry(
            title: "Zoom In", shortcutLabel: "Ctrl++", action: "zoomIn:", isEnabled: true)
        ]),
    ]
    #expect(
      Discoverability.text(for: groups) == """
        Edit
          Copy         Ctrl+C
          Select All   Ctrl+A (disabled)

        View
          Zoom In   Ctrl++

        """)
    #expect(Discoverability.text(for: []) == "")
  }
}
