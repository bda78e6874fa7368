import Testing

@testable import MenuKit

// MARK: - Fixtures

private func command(
  _ title: String, _ action: ActionName, _ propertyList: PropertyList? = nil
) -> MenuElement {
  .command(Command(title: title, action: action, propertyList: propertyList))
}

private func keyCommand(
  _ title: String, _ action: ActionName, _ input: KeyInput,
  _ modifiers: KeyModifierFlags = .command
) -> MenuElement {
  .keyCommand(KeyCommand(title: title, action: action, input: input, modifierFlags: modifiers))
}

private func inline(_ identifier: MenuIdentifier?, _ children: [MenuElement]) -> MenuElement {
  .menu(Menu(identifier: identifier, options: .displayInline, children: children))
}

private func inline(_ children: [MenuElement]) -> MenuElement { inline(nil, children) }

private func submenu(_ title: String, _ identifier: MenuIdentifier?, _ children: [MenuElement])
  -> MenuElement
{
  .menu(Menu(title: title, identifier: identifier, children: children))
}

/// A small main menu shaped like the standard one, built from plain arrays.
private func standardLikeMenu(withView: Bool = true) -> Menu {
  var menus: [MenuElement] = [
    submenu(
      "File", .file,
      [
        inline(.newScene, [keyCommand("New", "newDocument:", "n")]),
        inline(.document, [keyCommand("Save", "save:", "s")]),
      ]),
    submenu(
      "Edit", .edit,
      [
        inline(.undoRedo, [keyCommand("Undo", "undo:", "z")]),
        inline(
          .standardEdit,
          [command("Cut", "cut:"), command("Copy", "copy:"), command("Paste", "paste:")]),
      ]),
    submenu(
      "View", .view,
      [
        inline(.toolbar, [command("Show Toolbar", "toggleToolbar:")]),
        inline(.sidebar, [command("Show Sidebar", "toggleSidebar:")]),
      ]),
    submenu("Window", .window, [inline(.minimizeAndZoom, [command("Minimize", "minimize:")])]),
    submenu("Help", .help, [command("MenuKit Help", "showHelp:")]),
  ]
  if !withView { menus.remove(at: 2) }
  return Menu(title: "Main", identifier: .root, children: menus)
}

/// The titles of the root's menus.
private func topTitles(_ menu: Menu) -> [String] { menu.children.map(\.title) }

/// An indented outline of a tree, one element a line, for readable comparisons: a titled
/// menu shows its title and `#identifier`, an inline menu `[identifier]` (or `[]`), a key
/// command its shortcut, an action its `{identifier}`.
private func outline(_ menu: Menu) -> String {
  var lines: [String] = []
  menu.forEachElement { element, depth in
    let indent = String(repeating: "  ", count: depth - 1)
    let identifier = element.menu?.identifier.map { "\($0)" } ?? ""
    let text: String
    switch element {
    case .menu(let menu) where menu.isInline: text = "[\(identifier)]"
    case .menu(let menu): text = identifier.isEmpty ? menu.title : "\(menu.title) #\(identifier)"
    case .keyCommand(let keyCommand):
      let flags: [(KeyModifierFlags, String)] = [
        (.command, "cmd"), (.control, "ctrl"), (.alternate, "alt"), (.shift, "shift"),
      ]
      let names = flags.filter { keyCommand.modifierFlags.contains($0.0) }.map(\.1)
      let keys = (names + [keyCommand.input.canonicalName.lowercased()]).joined(separator: "-")
      text = "\(keyCommand.title) \(keys)"
    case .command(let command):
      text = command.propertyList.map { "\(command.title) \($0)" } ?? command.title
    case .action(let action): text = "\(action.title) {\(action.identifier)}"
    case .deferred(let deferred): text = "<\(deferred.identifier)>"
    }
    lines.append(indent + text)
  }
  return lines.joined(separator: "\n")
}

/// Every identifier in the tree, to check that no divider marker leaks.
private func allMenuIdentifiers(_ elements: [MenuElement]) -> [MenuIdentifier] {
  var identifiers: [MenuIdentifier] = []
  Menu(children: elements).forEachElement { element, _ in
    if let identifier = element.menu?.identifier { identifiers.append(identifier) }
  }
  return identifiers
}

/// Records what action handlers were given.
@MainActor
private final class Recorder {
  var performed: [String] = []
}

// MARK: - Commands

@Suite("Commands DSL")
struct CommandsDSLTests {
  @Test("a SwiftUI-like Commands block produces exactly the tree built with arrays")
  func commandsBlock() throws {
    let cities = ["Paris", "Oslo"]
    let commands = Commands {
      CommandMenu("Cities", identifier: "cities") {
        Button("Add City…", action: "addCity:").keyboardShortcut(
          "n", modifiers: [.command, .shift])
        Divider()
        for city in cities {
          Button(city, action: "showCity:").propertyList(.string(city))
        }
      }
      CommandGroup(before: .newItem) {
        Button("New Window", action: "newWindow:")
      }
      CommandGroup(after: .newItem) {
        Button("New from Clipboard", action: "newFromClipboard:").keyboardShortcut("V")
      }
      CommandMenu("Tools") {
        Button("Measure", identifier: "measure") { _, _ in }
      }
      CommandGroup(after: .pasteboard) {
        Divider()
        Button("Paste as Plain Text", action: "pasteAsPlainText:")
      }
      CommandGroup(replacing: .help) {
        Button("User Manual", action: "showManual:").keyboardShortcut("?")
      }
    }
    var builder = MenuBuilder(menu: standardLikeMenu())
    commands.apply(to: &builder)

    var expected = standardLikeMenu()
    expected.children = [
      submenu(
        "File", .file,
        [
          inline(
            .newScene,
            [
              command("New Window", "newWindow:"),
              keyCommand("New", "newDocument:", "n"),
              keyCommand("New from Clipboard", "newFromClipboard:", "v", [.command, .shift]),
            ]),
          inline(.document, [keyCommand("Save", "save:", "s")]),
        ]),
      submenu(
        "Edit", .edit,
        [
          inline(.undoRedo, [keyCommand("Undo", "undo:", "z")]),
          inline(
            .standardEdit,
            [
              command("Cut", "cut:"), command("Copy", "copy:"), command("Paste", "paste:"),
              inline([command("Paste as Plain Text", "pasteAsPlainText:")]),
            ]),
        ]),
      expected.children[2],
      submenu(
        "Cities", "cities",
        [
          inline([keyCommand("Add City…", "addCity:", "n", [.command, .shift])]),
          inline([command("Paris", "showCity:", "Paris"), command("Oslo", "showCity:", "Oslo")]),
        ]),
      submenu("Tools", nil, [.action(Action(title: "Measure", identifier: "measure") { _, _ in })]),
      expected.children[3],
      submenu("Help", .help, [keyCommand("User Manual", "showManual:", "?")]),
    ]
    #expect(
      outline(builder.menu) == """
        File #file
          [newScene]
            New Window
            New cmd-n
            New from Clipboard cmd-shift-v
          [document]
            Save cmd-s
        Edit #edit
          [undoRedo]
            Undo cmd-z
          [standardEdit]
            Cut
            Copy
            Paste
            []
              Paste as Plain Text
        View #view
          [toolbar]
            Show Toolbar
          [sidebar]
            Show Sidebar
        Cities #cities
          []
            Add City… cmd-shift-n
          []
            Paris "Paris"
            Oslo "Oslo"
        Tools
          Measure {measure}
        Window #window
          [minimizeAndZoom]
            Minimize
        Help #help
          User Manual cmd-?
        """)
    #expect(builder.menu == expected)
    #expect(!allMenuIdentifiers(builder.menu.children).contains(Divider.markerIdentifier))
  }

  @Test("command menus go after View, in declaration order, with or without identifiers")
  func commandMenuOrder() throws {
    let commands = Commands {
      CommandMenu("First") { Button("One", action: "one:") }
      CommandGroup(after: .help) { Button("About", action: "about:") }
      CommandMenu("Second", identifier: "second") { Button("Two", action: "two:") }
      CommandMenu("Third") { Button("Three", action: "three:") }
    }
    var builder = MenuBuilder(menu: standardLikeMenu())
    commands.apply(to: &builder)
    #expect(
      topTitles(builder.menu) == [
        "File", "Edit", "View", "First", "Second", "Third", "Window", "Help",
      ])

    var withoutView = MenuBuilder(menu: standardLikeMenu(withView: false))
    commands.apply(to: &withoutView)
    #expect(
      topTitles(withoutView.menu) == ["File", "Edit", "Window", "Help", "First", "Second", "Third"])
  }

  @Test("a command menu applied on its own goes right after View")
  func singleCommandMenu() throws {
    var builder = MenuBuilder(menu: standardLikeMenu())
    CommandMenu("Later") { Button("L", action: "l:") }.apply(to: &builder)
    CommandMenu("Sooner") { Button("S", action: "s:") }.apply(to: &builder)
    #expect(
      topTitles(builder.menu) == ["File", "Edit", "View", "Sooner", "Later", "Window", "Help"])
  }

  @Test("CommandGroup(replacing: .help) replaces the Help menu's children; an empty body clears")
  func replacingHelp() throws {
    var builder = MenuBuilder(menu: standardLikeMenu())
    Commands {
      CommandGroup(replacing: .help) {
        Button("User Manual", action: "showManual:")
        Button("Release Notes", action: "showReleaseNotes:")
      }
    }.apply(to: &builder)
    #expect(builder.menu(for: .help)?.children.map(\.title) == ["User Manual", "Release Notes"])
    #expect(builder.command(for: "showHelp:") == nil)

    CommandGroup(replacing: .sidebar) {}.apply(to: &builder)
    #expect(builder.menu(for: .sidebar)?.children == [])
  }

  @Test("before, after and replacing edit the start, the end and the whole of a group")
  func groupPositions() throws {
    var builder = MenuBuilder(menu: standardLikeMenu())
    CommandGroup(before: .pasteboard) { Button("Start", action: "start:") }.apply(to: &builder)
    CommandGroup(after: .pasteboard) { Button("End", action: "end:") }.apply(to: &builder)
    #expect(
      builder.menu(for: .standardEdit)?.children.map(\.title) == [
        "Start", "Cut", "Copy", "Paste", "End",
      ])
    CommandGroup(replacing: .pasteboard) { Button("Only", action: "only:") }.apply(
      to: &builder)
    #expect(builder.menu(for: .standardEdit)?.children.map(\.title) == ["Only"])
  }

  @Test("failed declarations change nothing, the others apply, and every error is reported")
  func errorsAreReported() {
    let commands = Commands {
      CommandGroup(after: CommandGroupPlacement("fiel")) { Button("Lost", action: "lost:") }
      CommandMenu("Cities") { Button("Paris", action: "paris:") }
      CommandGroup(after: .printItem) { Button("Print Preview", action: "preview:") }
      CommandMenu("Another Edit", identifier: .edit) {}
      CommandGroup(after: .newItem) { Button("Duplicate", action: "duplicate:") }
    }
    var builder = MenuBuilder(menu: standardLikeMenu())
    commands.apply(to: &builder)
    #expect(
      builder.diagnostics.map(\.code) == [.unknownMenu, .placementUnavailable, .identifierInUse])
    #expect(
      builder.diagnostics.map(\.severity) == [.error, .note, .error])
    #expect(
      builder.diagnostics[0].message == "no menu has the identifier 'fiel'; did you mean 'file'?")
    #expect(builder.diagnostics[1].message.contains("printItem"))
    #expect(
      topTitles(builder.menu) == ["File", "Edit", "View", "Cities", "Window", "Help"])
    #expect(builderTitles(builder, .newScene) == ["New", "Duplicate"])

    var clean = MenuBuilder(menu: standardLikeMenu())
    Commands { CommandMenu("Fine") {} }.apply(to: &clean)
    #expect(clean.diagnostics.isEmpty)
  }

  @Test("builder control flow and nested Commands compose declarations")
  func commandsControlFlow() {
    let extra = Commands { CommandMenu("Debug") {} }
    func commands(debug: Bool, replaceHelp: Bool, menus: [String]) -> Commands {
      Commands {
        if debug {
          extra
        }
        if replaceHelp {
          CommandGroup(replacing: .help) {}
        } else {
          CommandGroup(after: .help) {}
        }
        for title in menus {
          CommandMenu(title) {}
        }
        if #available(macOS 13, *) {
          CommandGroup(before: .toolbar) {}
        }
      }
    }
    let all = commands(debug: true, replaceHelp: true, menus: ["A", "B"])
    #expect(
      all
        == Commands([
          .menu(CommandMenu(Menu(title: "Debug"))),
          .group(CommandGroup(.replacing, .help, elements: [])),
          .menu(CommandMenu(Menu(title: "A"))), .menu(CommandMenu(Menu(title: "B"))),
          .group(CommandGroup(.before, .toolbar, elements: [])),
        ]))
    let none = commands(debug: false, replaceHelp: false, menus: [])
    #expect(
      none
        == Commands([
          .group(CommandGroup(.after, .help, elements: [])),
          .group(CommandGroup(.before, .toolbar, elements: [])),
        ]))
  }

  @Test("the builder initialisers are sugar over the plain ones")
  func sugarOverPlainValues() {
    let group = CommandGroup(after: .newItem) { Button("Duplicate", action: "duplicate:") }
    #expect(group == CommandGroup(.after, .newItem, elements: [command("Duplicate", "duplicate:")]))
    let menu = CommandMenu("Cities", identifier: "cities") { Button("Paris", action: "paris:") }
    #expect(
      menu
        == CommandMenu(
          Menu(title: "Cities", identifier: "cities", children: [command("Paris", "paris:")])))
  }

  @Test(
    "every SwiftUI placement names its group by standard identifiers",
    arguments: [
      ("appInfo", CommandGroupPlacement.appInfo, MenuIdentifier.about),
      ("appSettings", .appSettings, .preferences),
      ("systemServices", .systemServices, .services),
      ("appVisibility", .appVisibility, .hide),
      ("appTermination", .appTermination, .quit),
      ("newItem", .newItem, .newScene),
      ("saveItem", .saveItem, .close),
      ("importExport", .importExport, .importExport),
      ("printItem", .printItem, .print),
      ("undoRedo", .undoRedo, .undoRedo),
      ("pasteboard", .pasteboard, .standardEdit),
      ("textEditing", .textEditing, .find),
      ("textFormatting", .textFormatting, .format),
      ("toolbar", .toolbar, .toolbar),
      ("sidebar", .sidebar, .sidebar),
      ("windowSize", .windowSize, .minimizeAndZoom),
      ("windowList", .windowList, .windowList),
      ("singleWindowList", .singleWindowList, .windowList),
      ("windowArrangement", .windowArrangement, .bringAllToFront),
      ("help", .help, .help),
    ])
  func placement(name: String, placement: CommandGroupPlacement, identifier: MenuIdentifier) {
    #expect(placement.identifiers.first == identifier, "\(name)")
    #expect(placement.description == name)
    #expect(CommandGroupPlacement.standard.contains(placement))
    for member in placement.identifiers {
      #expect(MenuIdentifier.standard.contains(member), "\(name) names standard groups")
    }
  }
}

private func builderTitles(_ builder: MenuBuilder, _ identifier: MenuIdentifier) -> [String] {
  builder.menu(for: identifier)?.children.map(\.title) ?? []
}

// MARK: - Menu elements builder

@Suite("MenuElementsBuilder")
struct MenuElementsBuilderTests {
  @Test("dividers split a body into inline sections")
  func dividerGrouping() {
    let menu = Menu("Edit") {
      Button("Undo", action: "undo:")
      Button("Redo", action: "redo:")
      Divider()
      Button("Cut", action: "cut:")
    }
    #expect(
      menu.children == [
        inline([command("Undo", "undo:"), command("Redo", "redo:")]),
        inline([command("Cut", "cut:")]),
      ])
  }

  @Test("leading, trailing and doubled dividers collapse; empty runs vanish")
  func dividerCollapse() {
    let menu = Menu("Edit") {
      Divider()
      Divider()
      Button("Undo", action: "undo:")
      Divider()
      Divider()
      Divider()
      Button("Cut", action: "cut:")
      Divider()
    }
    #expect(
      menu.children == [inline([command("Undo", "undo:")]), inline([command("Cut", "cut:")])])
    #expect(
      Menu("Only Dividers") {
        Divider()
        Divider()
      }.children == [])
    // A lone run still becomes a section, which sets additions to a group apart.
    #expect(
      Menu("One Run") {
        Divider()
        Button("A", action: "a:")
      }.children == [
        inline([command("A", "a:")])
      ])
  }

  @Test("a body without dividers is returned as written")
  func noDividers() {
    let menu = Menu("Plain") {
      Button("A", action: "a:")
      Menu.inline { Button("B", action: "b:") }
    }
    #expect(menu.children == [command("A", "a:"), inline([command("B", "b:")])])
  }

  @Test("a section that is already one inline menu is not wrapped again")
  func inlineRunKept() {
    let menu = Menu("Sort") {
      Menu.inline(identifier: "keys", options: .singleSelection) {
        Button("Name", action: "sortBy:").propertyList("name")
      }
      Divider()
      Button("Ascending", action: "ascending:")
    }
    #expect(
      menu.children == [
        .menu(
          Menu(
            identifier: "keys", options: [.displayInline, .singleSelection],
            children: [command("Name", "sortBy:", "name")])),
        inline([command("Ascending", "ascending:")]),
      ])
  }

  @Test("empty anonymous inline menus vanish; identified ones stay for later edits")
  func emptyInlineMenus() {
    let menu = Menu("Groups") {
      Menu.inline {}
      Menu.inline(identifier: .importExport) {}
      Menu("Empty Submenu") {}
    }
    #expect(
      menu.children == [
        inline(.importExport, []), submenu("Empty Submenu", nil, []),
      ])
  }

  @Test("dividers inside if and for are grouped by the enclosing body, and never leak")
  func dividersInControlFlow() {
    let groups = [["a", "b"], [], ["c"]]
    let menu = Menu("Groups") {
      for group in groups {
        for name in group {
          Button(name, action: ActionName("\(name):"))
        }
        Divider()
      }
      if groups.isEmpty {
        Button("None", action: "none:")
      }
    }
    #expect(
      menu.children == [
        inline([command("a", "a:"), command("b", "b:")]), inline([command("c", "c:")]),
      ])
    let nested = Menu("Outer") {
      Menu("Inner") {
        Button("x", action: "x:")
        Divider()
      }
      Divider()
    }
    #expect(!allMenuIdentifiers(nested.children).contains(Divider.markerIdentifier))
    #expect(nested.children == [inline([submenu("Inner", nil, [inline([command("x", "x:")])])])])
  }

  @Test("if, else, switch, for and #available work in a body")
  func controlFlow() {
    enum Mode { case compact, full }
    func body(showsHidden: Bool, mode: Mode, names: [String]) -> [MenuElement] {
      Menu("View") {
        if showsHidden {
          Button("Hide Hidden Files", action: "toggleHidden:")
        } else {
          Button("Show Hidden Files", action: "toggleHidden:")
        }
        switch mode {
        case .compact: Button("Full", action: "full:")
        case .full: Button("Compact", action: "compact:")
        }
        for name in names {
          Button(name, action: "open:").propertyList(.string(name))
        }
        if let first = names.first {
          Button("Reopen \(first)", action: "reopen:")
        }
        if #available(macOS 13, *) {
          Button("Modern", action: "modern:")
        }
      }.children
    }
    #expect(
      body(showsHidden: true, mode: .full, names: ["a", "b"]) == [
        command("Hide Hidden Files", "toggleHidden:"), command("Compact", "compact:"),
        command("a", "open:", "a"), command("b", "open:", "b"), command("Reopen a", "reopen:"),
        command("Modern", "modern:"),
      ])
    #expect(
      body(showsHidden: false, mode: .compact, names: []) == [
        command("Show Hidden Files", "toggleHidden:"), command("Full", "full:"),
        command("Modern", "modern:"),
      ])
  }

  @Test("model values and sequences lift into the body")
  func expressions() {
    let deferred = DeferredElement(identifier: "recent") { $0([]) }
    let refresh = Action(title: "Refresh", identifier: "refresh") { _, _ in }
    let save = KeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command)
    let names = ["x", "y"]
    let menu = Menu("All") {
      command("Element", "element:")
      Command(title: "Command", action: "command:")
      save
      refresh
      deferred
      Menu(title: "Sub")
      [command("Array", "array:")]
      [Command(title: "Commands", action: "commands:")]
      [Menu(title: "Menus")]
      [save]
      [refresh]
      names.map { Button($0, action: "name:") }
      names.lazy.map { command($0, "lazy:") }
    }
    #expect(
      menu.children == [
        command("Element", "element:"), command("Command", "command:"), .keyCommand(save),
        .action(refresh), .deferred(deferred), submenu("Sub", nil, []), command("Array", "array:"),
        command("Commands", "commands:"), submenu("Menus", nil, []), .keyCommand(save),
        .action(refresh), command("x", "name:"), command("y", "name:"), command("x", "lazy:"),
        command("y", "lazy:"),
      ])
  }

  @Test("Menu and Menu.inline builder initialisers are sugar over the plain initialiser")
  func menuSugar() {
    let sugar = Menu("File", image: "doc", identifier: .file, options: .destructive) {
      Button("Open…", action: "openDocument:")
    }
    #expect(
      sugar
        == Menu(
          title: "File", image: "doc", identifier: .file, options: .destructive,
          children: [command("Open…", "openDocument:")]))
    let group = Menu.inline(identifier: .open) { Button("Open…", action: "openDocument:") }
    #expect(group == Menu(identifier: .open, options: .displayInline, children: group.children))
    #expect(group.isInline)
  }
}

// MARK: - Buttons

@Suite("Button")
struct ButtonTests {
  @Test("keyboardShortcut defaults to the command modifier and makes a key command")
  func keyboardShortcutDefault() {
    let open = Button("Open…", action: "openDocument:").keyboardShortcut("o")
    #expect(open.element == keyCommand("Open…", "openDocument:", "o", .command))
    let plain = Button("Up", action: "up:").keyboardShortcut(.upArrow, modifiers: [])
    #expect(plain.element == keyCommand("Up", "up:", .upArrow, []))
  }

  @Test("an uppercase letter means Shift and the letter, as in SwiftUI")
  func uppercaseLetter() {
    let run = Button("Run", action: "run:").keyboardShortcut("R")
    #expect(run.element == keyCommand("Run", "run:", "r", [.command, .shift]))
    let alt = Button("Alt", action: "alt:").keyboardShortcut("É", modifiers: .alternate)
    #expect(alt.element == keyCommand("Alt", "alt:", "É", .alternate))
    let exact = Button("Exact", action: "exact:").keyboardShortcut(
      KeyboardShortcut("R", modifierFlags: .control))
    #expect(exact.element == keyCommand("Exact", "exact:", "R", .control))
  }

  @Test("a key command's shortcut can be replaced, and modifiers compose in any order")
  func modifierOrder() {
    let first = Button("Bold", action: "toggleStyle:")
      .propertyList("bold").keywords(["strong"]).keyboardShortcut("b")
      .keyboardShortcut("b", modifiers: [.command, .alternate])
    let second = Button("Bold", action: "toggleStyle:")
      .keyboardShortcut("x").propertyList("bold").keywords(["strong"])
      .keyboardShortcut(KeyboardShortcut("b", modifierFlags: [.command, .alternate]))
    var expected = KeyCommand(
      title: "Bold", action: "toggleStyle:", input: "b", modifierFlags: [.command, .alternate],
      propertyList: "bold")
    expected.keywords = ["strong"]
    #expect(first.element == .keyCommand(expected))
    #expect(second == first)
  }

  @Test("disabled, state, attributes and discoverabilityTitle set the element's fields")
  func modifiers() {
    let button = Button("Delete", action: "delete:")
      .attributes(.destructive).disabled(true).state(.mixed).discoverabilityTitle("Delete File")
    let expected = Command(
      title: "Delete", action: "delete:", discoverabilityTitle: "Delete File",
      attributes: [.destructive, .disabled], state: .mixed)
    #expect(button.element == .command(expected))
    #expect(button.disabled(false).element.attributes == .destructive)
    let key = Button("K", action: "k:").keyboardShortcut("k").disabled(true).state(.on)
    #expect(key.element.attributes == .disabled)
    #expect(key.element.state == .on)
  }

  @Test("a closure button is an action whose handler runs")
  @MainActor
  func actionButton() throws {
    let recorder = Recorder()
    let button = Button("Refresh", image: "arrow.clockwise", identifier: "refresh") { action, _ in
      recorder.performed.append(action.title)
    }
    .disabled(true).state(.on).attributes(.keepsMenuPresented).discoverabilityTitle("Reload")
    guard case .action(let action) = button.element else {
      Issue.record("expected an action, got \(button.element)")
      return
    }
    #expect(action.identifier == "refresh")
    #expect(action.image == "arrow.clockwise")
    #expect(action.attributes == [.disabled, .keepsMenuPresented])
    #expect(action.state == .on)
    #expect(action.discoverabilityTitle == "Reload")
    action.perform()
    #expect(recorder.performed == ["Refresh"])
  }
}
