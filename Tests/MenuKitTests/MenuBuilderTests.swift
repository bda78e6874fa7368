import Testing

@testable import MenuKit

// MARK: - Fixtures

/// A small main menu with every element kind: menus (titled and inline), commands, key
/// commands, two commands sharing an action, an action and a deferred element.
private func fixtureMenu() -> Menu {
  Menu(
    title: "Main", identifier: .root,
    children: [
      .menu(
        Menu(
          title: "File", identifier: .file,
          children: [
            .menu(
              Menu(
                identifier: .newScene, options: .displayInline,
                children: [.command(Command(title: "New", action: "newDocument:"))])),
            .menu(
              Menu(
                identifier: .open, options: .displayInline,
                children: [
                  .keyCommand(
                    KeyCommand(
                      title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command
                    )),
                  .menu(
                    Menu(
                      title: "Open Recent", identifier: .openRecent,
                      children: [
                        .deferred(DeferredElement(identifier: "recent") { $0([]) })
                      ])),
                ])),
            .command(Command(title: "Close", action: "close:")),
          ])),
      .menu(
        Menu(
          title: "Edit", identifier: .edit,
          children: [
            .menu(
              Menu(
                identifier: .undoRedo, options: .displayInline,
                children: [
                  .keyCommand(
                    KeyCommand(title: "Undo", action: "undo:", input: "z", modifierFlags: .command)
                  ),
                  .keyCommand(
                    KeyCommand(
                      title: "Redo", action: "redo:", input: "z", modifierFlags: [.command, .shift])
                  ),
                ])),
            .command(Command(title: "Cut", action: "cut:")),
            .command(Command(title: "Copy", action: "copy:")),
          ])),
      .menu(
        Menu(
          title: "View", identifier: .view,
          children: [
            .action(Action(title: "Refresh", identifier: "refresh") { _, _ in }),
            .command(Command(title: "Up", action: "navigate:", propertyList: "up")),
            .command(Command(title: "Down", action: "navigate:", propertyList: "down")),
          ])),
      .menu(
        Menu(
          title: "Help", identifier: .help,
          children: [.command(Command(title: "Help", action: "showHelp:"))])),
    ])
}

private func fixtureBuilder() -> MenuBuilder { MenuBuilder(menu: fixtureMenu()) }

private func command(_ title: String, _ action: ActionName, _ propertyList: PropertyList? = nil)
  -> MenuElement
{
  .command(Command(title: title, action: action, propertyList: propertyList))
}

private func action(_ title: String, _ identifier: ActionIdentifier) -> MenuElement {
  .action(Action(title: title, identifier: identifier) { _, _ in })
}

private func menu(
  _ title: String, _ identifier: MenuIdentifier?, _ children: [MenuElement] = []
) -> Menu {
  Menu(title: title, identifier: identifier, children: children)
}

/// The titles of a menu's children; a deferred element shows as `<identifier>`, an untitled
/// menu as `#identifier`.
private func titles(_ menu: Menu?) -> [String] {
  (menu?.children ?? []).map { element in
    switch element {
    case .deferred(let deferred): "<\(deferred.identifier)>"
    case .menu(let menu) where menu.title.isEmpty: "#\(menu.identifier?.rawValue ?? "")"
    default: element.title
    }
  }
}

/// Checks that every lookup agrees with a scan of the materialised tree: each identified menu,
/// action and command is found, and finds exactly what the tree holds.
private func expectIndexesMatchTree(
  _ builder: MenuBuilder, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let root = builder.menu
  var menus: [MenuIdentifier: Menu] = [:]
  if let identifier = root.identifier { menus[identifier] = root }
  var actions: [ActionIdentifier: Action] = [:]
  var commands: [CommandKey: Command] = [:]
  root.forEachElement { element, _ in
    switch element {
    case .menu(let menu):
      if let identifier = menu.identifier, menus[identifier] == nil { menus[identifier] = menu }
    case .action(let action):
      if actions[action.identifier] == nil { actions[action.identifier] = action }
    case .command(let command):
      if commands[command.key] == nil { commands[command.key] = command }
    case .keyCommand(let keyCommand):
      if commands[keyCommand.command.key] == nil {
        commands[keyCommand.command.key] = keyCommand.command
      }
    case .deferred:
      break
    }
  }
  for (identifier, menu) in menus {
    #expect(builder.menu(for: identifier) == menu, sourceLocation: sourceLocation)
  }
  for (identifier, action) in actions {
    #expect(builder.action(for: identifier) == action, sourceLocation: sourceLocation)
  }
  for (key, command) in commands {
    #expect(
      builder.command(for: key.action, propertyList: key.propertyList) == command,
      sourceLocation: sourceLocation)
  }
  #expect(Set(builder.menuIndex.keys) == Set(menus.keys), sourceLocation: sourceLocation)
  #expect(Set(builder.actionIndex.keys) == Set(actions.keys), sourceLocation: sourceLocation)
  #expect(Set(builder.commandIndex.keys) == Set(commands.keys), sourceLocation: sourceLocation)
}

// MARK: - Lookups

@Suite("MenuBuilder lookups")
struct MenuBuilderLookupTests {
  @Test("menu(for:) returns the menu with its current children, or nil")
  func menuForIdentifier() throws {
    var builder = fixtureBuilder()
    #expect(builder.menu == fixtureMenu())
    #expect(builder.menu(for: .root) == fixtureMenu())
    let open = try #require(builder.menu(for: .open))
    #expect(titles(open) == ["Open…", "Open Recent"])
    #expect(builder.menu(for: .window) == nil)

    builder.insertElements([command("Open Copy", "openCopy:")], atEndOfMenu: .open)
    #expect(titles(builder.menu(for: .open)) == ["Open…", "Open Recent", "Open Copy"])
    #expect(titles(builder.menu(for: .file)?.children[1].menu) == titles(builder.menu(for: .open)))
  }

  @Test("action(for:) finds an action by identifier, or nil")
  func actionForIdentifier() throws {
    let builder = fixtureBuilder()
    let refresh = try #require(builder.action(for: "refresh"))
    #expect(refresh.title == "Refresh")
    #expect(builder.action(for: "reload") == nil)
  }

  @Test("command(for:propertyList:) tells commands apart by property list")
  func commandForAction() {
    let builder = fixtureBuilder()
    #expect(builder.command(for: "navigate:", propertyList: "up")?.title == "Up")
    #expect(builder.command(for: "navigate:", propertyList: "down")?.title == "Down")
    #expect(builder.command(for: "navigate:") == nil)
    #expect(builder.command(for: "navigate:", propertyList: "left") == nil)
    #expect(builder.command(for: "close:")?.title == "Close")
    // A key command is found as its command.
    #expect(builder.command(for: "openDocument:")?.title == "Open…")
  }

  @Test("keyCommand(for:) finds only commands that have a shortcut")
  func keyCommandForAction() {
    let builder = fixtureBuilder()
    let redo = builder.keyCommand(for: "redo:")
    #expect(redo?.title == "Redo")
    #expect(redo?.shortcut == KeyboardShortcut("z", modifierFlags: [.command, .shift]))
    #expect(builder.keyCommand(for: "close:") == nil)
    #expect(builder.keyCommand(for: "missing:") == nil)
  }

  @Test("contains(_:) answers for menus, actions and commands")
  func containsReference() {
    let builder = fixtureBuilder()
    #expect(builder.contains(.menu(.openRecent)))
    #expect(builder.contains(.action("refresh")))
    #expect(builder.contains(.command(CommandKey(action: "navigate:", propertyList: "up"))))
    #expect(!builder.contains(.command(CommandKey(action: "navigate:"))))
    #expect(!builder.contains(.menu(.format)))
  }
}

// MARK: - Inserting

@Suite("MenuBuilder insertions")
struct MenuBuilderInsertionTests {
  @Test("insertChild adds a menu at the start or the end of a menu")
  func insertChild() throws {
    var builder = fixtureBuilder()
    builder.insertChild(menu("Templates", "templates"), atStartOfMenu: .file)
    builder.insertChild(menu("Share", .share), atEndOfMenu: .file)
    #expect(
      titles(builder.menu(for: .file)) == ["Templates", "#newScene", "#open", "Close", "Share"])
    #expect(builder.menu(for: "templates")?.title == "Templates")
    #expect(builder.menu(for: .share)?.title == "Share")
  }

  @Test("insertSibling adds a menu before or after a menu, in its parent")
  func insertSibling() throws {
    var builder = fixtureBuilder()
    builder.insertSibling(menu("Format", .format), beforeMenu: .view)
    builder.insertSibling(menu("Window", .window), afterMenu: .view)
    builder.insertSibling(menu("Recent Projects", "recentProjects"), afterMenu: .openRecent)
    #expect(titles(builder.menu) == ["File", "Edit", "Format", "View", "Window", "Help"])
    #expect(titles(builder.menu(for: .open)) == ["Open…", "Open Recent", "Recent Projects"])
  }

  @Test("insertElements adds elements at the start or the end of a menu")
  func insertAtStartAndEnd() throws {
    var builder = fixtureBuilder()
    builder.insertElements(
      [command("Find", "find:"), command("Replace", "replace:")], atStartOfMenu: .edit)
    builder.insertElements([action("Select All", "selectAll")], atEndOfMenu: .edit)
    #expect(
      titles(builder.menu(for: .edit)) == [
        "Find", "Replace", "#undoRedo", "Cut", "Copy", "Select All",
      ])
    builder.insertElements([command("Root Item", "rootItem:")], atEndOfMenu: .root)
    #expect(titles(builder.menu).last == "Root Item")
  }

  @Test("insertElements adds elements before or after a menu")
  func insertAroundMenu() throws {
    var builder = fixtureBuilder()
    builder.insertElements([command("Before Open", "beforeOpen:")], beforeMenu: .open)
    builder.insertElements([command("After Open", "afterOpen:")], afterMenu: .open)
    #expect(
      titles(builder.menu(for: .file)) == [
        "#newScene", "Before Open", "#open", "After Open", "Close",
      ])
  }

  @Test("insertElements adds elements before or after an action")
  func insertAroundAction() throws {
    var builder = fixtureBuilder()
    builder.insertElements([command("Reload", "reload:")], beforeAction: "refresh")
    builder.insertElements([action("Stop", "stop")], afterAction: "refresh")
    #expect(titles(builder.menu(for: .view)) == ["Reload", "Refresh", "Stop", "Up", "Down"])
  }

  @Test("insertElements adds elements around the command that the property list picks")
  func insertAroundCommand() throws {
    var builder = fixtureBuilder()
    builder.insertElements(
      [command("Left", "navigate:", "left")], beforeCommand: "navigate:", propertyList: "down")
    builder.insertElements(
      [command("Right", "navigate:", "right")], afterCommand: "navigate:", propertyList: "up")
    builder.insertElements([command("Paste", "paste:")], afterCommand: "copy:")
    builder.insertElements([command("Undo All", "undoAll:")], beforeCommand: "undo:")
    #expect(titles(builder.menu(for: .view)) == ["Refresh", "Up", "Right", "Left", "Down"])
    #expect(titles(builder.menu(for: .edit)) == ["#undoRedo", "Cut", "Copy", "Paste"])
    #expect(titles(builder.menu(for: .undoRedo)) == ["Undo All", "Undo", "Redo"])
  }
}

// MARK: - Replacing and removing

@Suite("MenuBuilder replacements and removals")
struct MenuBuilderReplacementTests {
  @Test("replaceChildren(ofMenu:from:) passes the current children and keeps the result")
  func replaceChildren() throws {
    var builder = fixtureBuilder()
    var received: [String] = []
    builder.replaceChildren(ofMenu: .view) { children in
      received = children.map(\.title)
      return children.reversed() + [command("Zoom", "zoom:")]
    }
    #expect(received == ["Refresh", "Up", "Down"])
    #expect(titles(builder.menu(for: .view)) == ["Down", "Up", "Refresh", "Zoom"])
    #expect(builder.command(for: "zoom:")?.title == "Zoom")
    #expect(builder.action(for: "refresh") != nil)

    builder.replaceChildren(ofMenu: .file) { _ in [] }
    #expect(titles(builder.menu(for: .file)) == [])
    #expect(builder.menu(for: .openRecent) == nil)
    #expect(builder.command(for: "openDocument:") == nil)
    expectIndexesMatchTree(builder)
  }

  @Test("remove(menu:) removes the menu and everything in it from the tree and the indexes")
  func removeMenu() throws {
    var builder = fixtureBuilder()
    builder.remove(menu: .file)
    #expect(titles(builder.menu) == ["Edit", "View", "Help"])
    for identifier: MenuIdentifier in [.file, .newScene, .open, .openRecent] {
      #expect(builder.menu(for: identifier) == nil)
    }
    #expect(builder.command(for: "openDocument:") == nil)
    #expect(builder.keyCommand(for: "openDocument:") == nil)
    expectIndexesMatchTree(builder)
  }

  @Test("remove(action:) and remove(command:propertyList:) remove exactly one element")
  func removeActionAndCommand() throws {
    var builder = fixtureBuilder()
    builder.remove(action: "refresh")
    builder.remove(command: "navigate:", propertyList: "up")
    #expect(titles(builder.menu(for: .view)) == ["Down"])
    #expect(builder.action(for: "refresh") == nil)
    #expect(builder.command(for: "navigate:", propertyList: "up") == nil)
    #expect(builder.command(for: "navigate:", propertyList: "down")?.title == "Down")
    builder.remove(command: "undo:")
    #expect(titles(builder.menu(for: .undoRedo)) == ["Redo"])
    expectIndexesMatchTree(builder)
  }

  @Test("replace(action:with:) puts the elements where the action was")
  func replaceAction() throws {
    var builder = fixtureBuilder()
    builder.replace(
      action: "refresh", with: [command("Reload", "reload:"), action("Refresh", "refresh")])
    #expect(titles(builder.menu(for: .view)) == ["Reload", "Refresh", "Up", "Down"])
    #expect(builder.command(for: "reload:") != nil)
    expectIndexesMatchTree(builder)
  }

  @Test("replace(command:propertyList:with:) replaces the command the property list picks")
  func replaceCommand() throws {
    var builder = fixtureBuilder()
    builder.replace(
      command: "navigate:", propertyList: "down",
      with: [command("South", "navigate:", "south"), command("North", "navigate:", "north")])
    #expect(titles(builder.menu(for: .view)) == ["Refresh", "Up", "South", "North"])
    #expect(builder.command(for: "navigate:", propertyList: "down") == nil)
    #expect(builder.command(for: "navigate:", propertyList: "north")?.title == "North")
    builder.replace(command: "redo:", with: [])
    #expect(titles(builder.menu(for: .undoRedo)) == ["Undo"])
    #expect(builder.keyCommand(for: "redo:") == nil)
    expectIndexesMatchTree(builder)
  }

  @Test("replace(menu:with:) with elements splices them in place of the menu")
  func replaceMenuWithElements() throws {
    var builder = fixtureBuilder()
    builder.replace(
      menu: .open, with: [command("Open…", "openDocument:"), command("Browse", "browse:")])
    #expect(titles(builder.menu(for: .file)) == ["#newScene", "Open…", "Browse", "Close"])
    #expect(builder.menu(for: .open) == nil)
    #expect(builder.menu(for: .openRecent) == nil)
    #expect(builder.keyCommand(for: "openDocument:") == nil)
    #expect(builder.command(for: "openDocument:")?.title == "Open…")
    expectIndexesMatchTree(builder)
  }

  @Test("replace(menu:with:) with a menu swaps it in place")
  func replaceMenuWithMenu() throws {
    var builder = fixtureBuilder()
    let tools = menu("Tools", "tools", [command("Measure", "measure:")])
    builder.replace(menu: .edit, with: tools)
    #expect(titles(builder.menu) == ["File", "Tools", "View", "Help"])
    #expect(builder.menu(for: "tools") == tools)
    #expect(builder.menu(for: .edit) == nil)
    #expect(builder.menu(for: .undoRedo) == nil)
    expectIndexesMatchTree(builder)
  }

  @Test("replacing a menu with one that reuses its identifiers is allowed")
  func replaceMenuReusingIdentifiers() throws {
    var builder = fixtureBuilder()
    let file = menu(
      "Document", .file,
      [.menu(menu("Recent", .openRecent)), command("Open…", "openDocument:")])
    builder.replace(menu: .file, with: file)
    #expect(builder.menu(for: .file) == file)
    #expect(builder.menu(for: .openRecent)?.title == "Recent")
    #expect(builder.menu(for: .open) == nil)

    builder.replace(action: "refresh", with: [action("Refresh Again", "refresh")])
    #expect(builder.action(for: "refresh")?.title == "Refresh Again")
    expectIndexesMatchTree(builder)
  }
}

// MARK: - Errors

/// An edit that must fail, with the error it must record.
struct MenuBuilderFailingEdit: CustomTestStringConvertible, Sendable {
  let name: String
  let error: MenuBuilderError
  let edit: @Sendable (inout MenuBuilder) -> Void

  var testDescription: String { name }
}

private let unknownMenu = MenuBuilderError.unknownMenu("missing", suggestion: nil)
private let unknownAction = MenuBuilderError.unknownAction("missing")
private let unknownCommand = MenuBuilderError.unknownCommand(CommandKey(action: "missing:"))
private let unknownNavigation = MenuBuilderError.unknownCommand(
  CommandKey(action: "navigate:", propertyList: "left"))
private let rootEdit = MenuBuilderError.invalidEdit(
  "the root menu cannot be moved, replaced or removed")
private let item = command("Item", "item:")

private let failingEdits: [MenuBuilderFailingEdit] = [
  MenuBuilderFailingEdit(name: "insertChild at start of an unknown menu", error: unknownMenu) {
    $0.insertChild(menu("X", "x"), atStartOfMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertChild at end of an unknown menu", error: unknownMenu) {
    $0.insertChild(menu("X", "x"), atEndOfMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertSibling before an unknown menu", error: unknownMenu) {
    $0.insertSibling(menu("X", "x"), beforeMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertSibling after an unknown menu", error: unknownMenu) {
    $0.insertSibling(menu("X", "x"), afterMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertElements at start of an unknown menu", error: unknownMenu) {
    $0.insertElements([item], atStartOfMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertElements at end of an unknown menu", error: unknownMenu) {
    $0.insertElements([item], atEndOfMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertElements before an unknown menu", error: unknownMenu) {
    $0.insertElements([item], beforeMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertElements after an unknown menu", error: unknownMenu) {
    $0.insertElements([item], afterMenu: "missing")
  },
  MenuBuilderFailingEdit(name: "insertElements before an unknown action", error: unknownAction) {
    $0.insertElements([item], beforeAction: "missing")
  },
  MenuBuilderFailingEdit(name: "insertElements after an unknown action", error: unknownAction) {
    $0.insertElements([item], afterAction: "missing")
  },
  MenuBuilderFailingEdit(name: "insertElements before an unknown command", error: unknownCommand) {
    $0.insertElements([item], beforeCommand: "missing:")
  },
  MenuBuilderFailingEdit(name: "insertElements after an unknown command", error: unknownCommand) {
    $0.insertElements([item], afterCommand: "missing:")
  },
  MenuBuilderFailingEdit(
    name: "insertElements after an unknown property list", error: unknownNavigation
  ) {
    $0.insertElements([item], afterCommand: "navigate:", propertyList: "left")
  },
  MenuBuilderFailingEdit(name: "replaceChildren of an unknown menu", error: unknownMenu) {
    $0.replaceChildren(ofMenu: "missing") { $0 }
  },
  MenuBuilderFailingEdit(name: "replace an unknown menu with a menu", error: unknownMenu) {
    $0.replace(menu: "missing", with: menu("X", "x"))
  },
  MenuBuilderFailingEdit(name: "replace an unknown menu with elements", error: unknownMenu) {
    $0.replace(menu: "missing", with: [item])
  },
  MenuBuilderFailingEdit(name: "replace an unknown action", error: unknownAction) {
    $0.replace(action: "missing", with: [item])
  },
  MenuBuilderFailingEdit(name: "replace an unknown command", error: unknownCommand) {
    $0.replace(command: "missing:", with: [item])
  },
  MenuBuilderFailingEdit(name: "replace an unknown property list", error: unknownNavigation) {
    $0.replace(command: "navigate:", propertyList: "left", with: [item])
  },
  MenuBuilderFailingEdit(name: "remove an unknown menu", error: unknownMenu) {
    $0.remove(menu: "missing")
  },
  MenuBuilderFailingEdit(name: "remove an unknown action", error: unknownAction) {
    $0.remove(action: "missing")
  },
  MenuBuilderFailingEdit(name: "remove an unknown command", error: unknownCommand) {
    $0.remove(command: "missing:")
  },
  MenuBuilderFailingEdit(
    name: "remove a command without its property list",
    error: .unknownCommand(
      CommandKey(action: "navigate:"))
  ) {
    $0.remove(command: "navigate:")
  },
  MenuBuilderFailingEdit(
    name: "insert a menu whose identifier is in use", error: .identifierInUse("view")
  ) {
    $0.insertChild(menu("Another View", .view), atEndOfMenu: .file)
  },
  MenuBuilderFailingEdit(
    name: "insert a nested identifier in use", error: .identifierInUse("openRecent")
  ) {
    $0.insertSibling(
      menu("Tools", "tools", [.menu(menu("Recent", .openRecent))]), afterMenu: .view)
  },
  MenuBuilderFailingEdit(
    name: "insert an action whose identifier is in use",
    error: .identifierInUse(
      "refresh")
  ) {
    $0.insertElements([action("Refresh", "refresh")], atEndOfMenu: .file)
  },
  MenuBuilderFailingEdit(name: "insert one identifier twice", error: .identifierInUse("tools")) {
    $0.insertElements([.menu(menu("A", "tools")), .menu(menu("B", "tools"))], afterMenu: .view)
  },
  MenuBuilderFailingEdit(
    name: "replace children with an identifier used elsewhere",
    error: .identifierInUse(
      "edit")
  ) {
    $0.replaceChildren(ofMenu: .file) { _ in [.menu(menu("Edit", .edit))] }
  },
  MenuBuilderFailingEdit(
    name: "replace children with the parent's own identifier",
    error: .identifierInUse(
      "file")
  ) {
    $0.replaceChildren(ofMenu: .file) { _ in [.menu(menu("File", .file))] }
  },
  MenuBuilderFailingEdit(
    name: "replace a menu with one using another menu's identifier",
    error: .identifierInUse(
      "help")
  ) {
    $0.replace(menu: .view, with: menu("Help", .help))
  },
  MenuBuilderFailingEdit(name: "remove the root", error: rootEdit) { $0.remove(menu: .root) },
  MenuBuilderFailingEdit(name: "replace the root with a menu", error: rootEdit) {
    $0.replace(menu: .root, with: menu("Other", "other"))
  },
  MenuBuilderFailingEdit(name: "replace the root with elements", error: rootEdit) {
    $0.replace(menu: .root, with: [item])
  },
  MenuBuilderFailingEdit(name: "insert a sibling of the root", error: rootEdit) {
    $0.insertSibling(menu("X", "x"), afterMenu: .root)
  },
]

@Suite("MenuBuilder errors")
struct MenuBuilderErrorTests {
  @Test(
    "a failing edit does nothing and records the right error, as UIKit's builder ignores it",
    arguments: failingEdits)
  func failingEdit(_ failing: MenuBuilderFailingEdit) {
    var builder = fixtureBuilder()
    let before = builder.menu
    failing.edit(&builder)
    #expect(builder.menu == before)
    #expect(builder.diagnostics == [Diagnostic(failing.error.code, failing.error.description)])
    expectIndexesMatchTree(builder)
  }

  @Test("the edits after one that names an absent identifier still apply")
  func editsAfterAFailureApply() {
    // A ported `builder.remove(menu: .services)`: linux has no Services menu.
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    builder.remove(menu: .services)
    builder.insertSibling(menu("Cities", "cities"), afterMenu: .view)
    builder.remove(menu: .format)
    #expect(builder.contains(.menu("cities")))
    #expect(!builder.contains(.menu(.format)))
    #expect(builder.diagnostics.map(\.code) == [.unknownMenu])
    #expect(builder.diagnostics.first?.message.contains("'services'") == true)
  }

  @Test("MenuEdit.apply(to:) is the throwing form: it throws what the builder records")
  func menuEditThrows() {
    var builder = fixtureBuilder()
    let before = builder.menu
    #expect(throws: MenuBuilderError.unknownMenu("missing", suggestion: nil)) {
      try MenuEdit(.remove(.menu("missing"))).apply(to: &builder)
    }
    #expect(builder.menu == before)
    #expect(builder.diagnostics.isEmpty)
  }

  @Test("replacing the root's children is allowed: the root itself stays")
  func replaceRootChildren() throws {
    var builder = fixtureBuilder()
    builder.replaceChildren(ofMenu: .root) { Array($0.prefix(1)) }
    #expect(titles(builder.menu) == ["File"])
    #expect(builder.menu(for: .root)?.title == "Main")
    expectIndexesMatchTree(builder)
  }

  @Test("an unknown menu suggests the closest identifier")
  func suggestion() {
    var builder = fixtureBuilder()
    let expected = MenuBuilderError.unknownMenu("fiel", suggestion: .file)
    builder.insertElements([item], atEndOfMenu: "fiel")
    builder.remove(menu: "veiw")
    builder.remove(menu: "edt")
    builder.remove(menu: "zzzzzz")
    #expect(
      builder.diagnostics.map(\.message) == [
        expected.description,
        MenuBuilderError.unknownMenu("veiw", suggestion: .view).description,
        MenuBuilderError.unknownMenu("edt", suggestion: .edit).description,
        MenuBuilderError.unknownMenu("zzzzzz", suggestion: nil).description,
      ])
    #expect(expected.description == "no menu has the identifier 'fiel'; did you mean 'file'?")
    #expect(expected.code == .unknownMenu)
  }
}

// MARK: - Indexes across many edits

@Suite("MenuBuilder indexes")
struct MenuBuilderIndexTests {
  @Test("a removed menu's identifier can be inserted again and is found")
  func reinsertRemovedIdentifier() throws {
    var builder = fixtureBuilder()
    builder.remove(menu: .view)
    #expect(builder.menu(for: .view) == nil)
    let newView = menu("View 2", .view, [command("Zoom", "zoom:")])
    builder.insertSibling(newView, afterMenu: .edit)
    #expect(builder.menu(for: .view) == newView)
    #expect(titles(builder.menu) == ["File", "Edit", "View 2", "Help"])
    #expect(builder.command(for: "navigate:", propertyList: "up") == nil)
    // The removed view's action identifier is free again too.
    builder.insertElements([action("Refresh", "refresh")], atStartOfMenu: .view)
    #expect(builder.action(for: "refresh") != nil)
    expectIndexesMatchTree(builder)
  }

  @Test("identifiers of removed descendants are free again")
  func descendantsFreed() throws {
    var builder = fixtureBuilder()
    builder.remove(menu: .file)
    builder.insertChild(menu("Recent", .openRecent), atEndOfMenu: .help)
    builder.insertChild(menu("New", .newScene), atStartOfMenu: .edit)
    #expect(builder.menu(for: .openRecent)?.title == "Recent")
    #expect(builder.menu(for: .newScene)?.title == "New")
    #expect(titles(builder.menu(for: .help)) == ["Help", "Recent"])
    expectIndexesMatchTree(builder)
  }

  @Test("lookups agree with the tree after a long series of edits")
  func manyEdits() throws {
    var builder = fixtureBuilder()
    for round in 0..<20 {
      let identifier = MenuIdentifier("round\(round)")
      builder.insertSibling(
        menu(
          "Round \(round)", identifier, [command("Item \(round)", "item:", .number(Double(round)))]),
        afterMenu: .view)
      builder.insertElements(
        [action("Action \(round)", ActionIdentifier("action\(round)"))], atEndOfMenu: identifier)
      if round.isMultiple(of: 3) {
        builder.remove(menu: identifier)
      } else if round.isMultiple(of: 4) {
        builder.replace(
          menu: identifier, with: menu("Replaced \(round)", identifier, [item]))
      }
      if round.isMultiple(of: 5) {
        builder.replaceChildren(ofMenu: .edit) { $0.reversed() }
      }
      expectIndexesMatchTree(builder)
    }
    #expect(builder.menu(for: "round0") == nil)
    #expect(builder.menu(for: "round4")?.title == "Replaced 4")
    #expect(builder.action(for: "action4") == nil)
    #expect(builder.action(for: "action5")?.title == "Action 5")
    #expect(builder.command(for: "item:", propertyList: 7)?.title == "Item 7")
    #expect(builder.command(for: "item:", propertyList: 6) == nil)
    // Four reversals of Edit leave it in its first order.
    #expect(titles(builder.menu(for: .edit)) == ["#undoRedo", "Cut", "Copy"])
  }
}
