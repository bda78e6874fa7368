import Testing

@testable import MenuKit

// MARK: - Fixtures

/// A titled submenu.
private func menu(
  _ title: String, options: Menu.Options = [], _ children: [MenuElement] = []
) -> MenuElement {
  .menu(Menu(title: title, options: options, children: children))
}

/// An inline group.
private func group(_ children: [MenuElement]) -> MenuElement {
  .menu(Menu(options: .displayInline, children: children))
}

/// A command.
private func command(
  _ title: String, attributes: MenuElementAttributes = [], state: MenuElementState = .off
) -> MenuElement {
  .command(Command(title: title, action: "act:", attributes: attributes, state: state))
}

/// A key command.
private func key(
  _ title: String, _ input: KeyInput, _ modifierFlags: KeyModifierFlags = .command,
  attributes: MenuElementAttributes = [], state: MenuElementState = .off
) -> MenuElement {
  .keyCommand(
    KeyCommand(
      title: title, action: "act:", input: input, modifierFlags: modifierFlags,
      attributes: attributes, state: state))
}

/// Renders `children` under a root menu.
private func render(
  _ children: [MenuElement], platform: PlatformProfile = .linux, indent: Int = 2
) -> String {
  TextMenuRenderer(platform: platform, indent: indent).render(Menu(children: children))
}

/// A small main menu that uses every kind of element.
private let mainMenu: [MenuElement] = [
  menu(
    "File",
    [
      group([key("New", "n"), key("New Window", "n", [.command, .shift])]),
      group([
        key("Open…", "o"),
        menu("Open Recent", [.deferred(DeferredElement(identifier: "recentFiles") { $0([]) })]),
      ]),
      group([key("Close", "w")]),
    ]),
  menu(
    "Edit",
    [
      group([key("Undo", "z"), key("Redo", "z", [.command, .shift], attributes: .disabled)]),
      group([
        key("Cut", "x"), key("Copy", "c"), key("Paste", "v"),
        key("Delete", .deleteForward, [], attributes: .destructive),
        key("Select All", "a"),
      ]),
      menu("Find", [key("Find…", "f"), key("Find Next", "g"), command("Use Selection for Find")]),
    ]),
  menu(
    "Format",
    [
      group([
        key("Bold", "b", state: .on), key("Italic", "i", state: .mixed), key("Underline", "u"),
      ]),
      menu("Font", [command("Bigger"), command("Smaller")]),
    ]),
]

// MARK: - Tests

@Suite("TextMenuRenderer")
struct TextMenuRendererTests {
  @Test("draws a main menu on linux")
  func mainMenuLinux() {
    #expect(
      render(mainMenu) == """
        File
          New               Ctrl+N
          New Window  Ctrl+Shift+N
          ─────
          Open…             Ctrl+O
          Open Recent ▸
            ⋯ recentFiles (deferred)
          ─────
          Close             Ctrl+W
        Edit
          Undo                   Ctrl+Z
          Redo (disabled)  Ctrl+Shift+Z
          ─────
          Cut                    Ctrl+X
          Copy                   Ctrl+C
          Paste                  Ctrl+V
          Delete (destructive)   Delete
          Select All             Ctrl+A
          ─────
          Find ▸
            Find…      Ctrl+F
            Find Next  Ctrl+G
            Use Selection for Find
        Format
          ✓ Bold       Ctrl+B
          – Italic     Ctrl+I
            Underline  Ctrl+U
          ─────
            Font ▸
              Bigger
              Smaller
        """)
  }

  @Test("draws a main menu on mac, with glyph labels")
  func mainMenuMac() {
    #expect(
      render(mainMenu, platform: .mac) == """
        File
          New          ⌘N
          New Window  ⇧⌘N
          ─────
          Open…        ⌘O
          Open Recent ▸
            ⋯ recentFiles (deferred)
          ─────
          Close        ⌘W
        Edit
          Undo                 ⌘Z
          Redo (disabled)     ⇧⌘Z
          ─────
          Cut                  ⌘X
          Copy                 ⌘C
          Paste                ⌘V
          Delete (destructive)  ⌦
          Select All           ⌘A
          ─────
          Find ▸
            Find…      ⌘F
            Find Next  ⌘G
            Use Selection for Find
        Format
          ✓ Bold       ⌘B
          – Italic     ⌘I
            Underline  ⌘U
          ─────
            Font ▸
              Bigger
              Smaller
        """)
  }

  @Test("renders the documentation example as documented")
  func documentationExample() {
    let menu = Menu(children: [
      .menu(
        Menu(
          title: "File",
          children: [
            .keyCommand(
              KeyCommand(title: "New", action: "newDocument:", input: "n", modifierFlags: .command)),
            .menu(
              Menu(
                options: .displayInline,
                children: [
                  .keyCommand(
                    KeyCommand(
                      title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command)),
                  .menu(Menu(title: "Open Recent")),
                ])),
          ])),
      .menu(
        Menu(
          title: "Format",
          children: [
            .keyCommand(
              KeyCommand(
                title: "Bold", action: "bold:", input: "b", modifierFlags: .command, state: .on)),
            .keyCommand(
              KeyCommand(title: "Italic", action: "italic:", input: "i", modifierFlags: .command)),
          ])),
    ])
    #expect(
      TextMenuRenderer(platform: .linux).render(menu) == """
        File
          New    Ctrl+N
          ─────
          Open…  Ctrl+O
          Open Recent ▸
        Format
          ✓ Bold    Ctrl+B
            Italic  Ctrl+I
        """)
  }

  @Test("uses the configured indent")
  func indent() {
    let elements = [menu("View", [menu("Zoom", [command("In"), command("Out")])])]
    #expect(
      render(elements, indent: 4) == """
        View
            Zoom ▸
                In
                Out
        """)
  }

  @Test("treats a negative indent as none")
  func negativeIndent() {
    #expect(render([menu("View", [command("Zoom")])], indent: -3) == "View\nZoom")
  }

  @Test("puts one separator between sections, none at the ends, and drops empty groups")
  func separators() {
    let elements = [
      menu(
        "Edit",
        [
          group([]),
          group([command("A")]),
          group([]),
          group([group([]), group([command("B")])]),
          command("C"),
          group([command("Hidden", attributes: .hidden)]),
          command("D"),
          group([command("E")]),
          group([]),
        ])
    ]
    #expect(
      render(elements) == """
        Edit
          A
          ─────
          B
          ─────
          C
          D
          ─────
          E
        """)
  }

  @Test("a menu whose children are all hidden or empty groups has no lines below it")
  func emptyMenus() {
    let elements = [
      menu("Empty"),
      menu("Hidden", [command("H", attributes: .hidden), group([])]),
      menu("Sub", [menu("Nothing")]),
    ]
    #expect(
      render(elements) == """
        Empty
        Hidden
        Sub
          Nothing ▸
        """)
  }

  @Test(
    "a context menu root draws its items, actions included and hidden ones left out, at the margin")
  func contextMenu() {
    let elements = [
      key("Copy", "c"),
      key("Copy Everything Everywhere", "c", [.command, .alternate], attributes: .hidden),
      .action(Action(title: "Refresh", identifier: "refresh") { _, _ in }),
      group([
        command("Large", state: .on), command("Small"),
      ]),
      menu("Share", [command("Mail")]),
    ]
    #expect(
      render(elements) == """
          Copy  Ctrl+C
          Refresh
        ─────
        ✓ Large
          Small
        ─────
          Share
            Mail
        """)
  }

  @Test("labels end at one column per menu, two spaces after the widest labelled line")
  func labelColumn() {
    let elements = [
      menu(
        "Go",
        [
          key("Up", .upArrow, []),
          key("A Very Long Title Without Label", "x", []).withoutShortcut,
          key("Top", .home, [.command, .alternate, .shift]),
          menu("Recent Places With A Long Name", [key("Back", "[")]),
        ])
    ]
    #expect(
      render(elements) == """
        Go
          Up                    Up
          A Very Long Title Without Label
          Top  Ctrl+Alt+Shift+Home
          Recent Places With A Long Name ▸
            Back  Ctrl+[
        """)
  }

  @Test("counts characters, not bytes, when aligning")
  func unicodeWidths() {
    let elements = [menu("Ünïcödé", [key("Réglages…", ",", .command), key("À propos", "é", [])])]
    #expect(
      render(elements, platform: .mac) == """
        Ünïcödé
          Réglages…  ⌘,
          À propos    É
        """)
  }

  @Test("marks destructive menus and draws the Plus key")
  func destructiveMenu() {
    let elements = [
      menu(
        "Danger", options: .destructive,
        [menu("Erase", options: .destructive, [key("Zoom In", "+")])])
    ]
    #expect(
      render(elements) == """
        Danger (destructive)
          Erase (destructive) ▸
            Zoom In  Ctrl+Plus
        """)
  }

  @Test("an empty root draws nothing")
  func emptyRoot() {
    #expect(TextMenuRenderer(platform: .linux).render(Menu()) == "")
  }

  @Test("the default indent is two spaces")
  func defaultIndent() {
    #expect(TextMenuRenderer(platform: .windows).indent == 2)
  }

  @Test("draws a menu nested beyond the maximum depth as an ellipsis")
  func tooDeep() {
    var chain = Menu(title: "deepest")
    for level in (1...65).reversed() {
      chain = Menu(title: "\(level)", children: [.menu(chain)])
    }
    let lines = TextMenuRenderer(platform: .linux, indent: 0).render(Menu(children: [.menu(chain)]))
      .split(separator: "\n")
    #expect(lines.count == 65)
    #expect(lines.first == "1")
    #expect(lines[63] == "64 ▸")
    #expect(lines.last == "…")
  }
}

extension MenuElement {
  /// The key command as a plain command, for a line with no label.
  fileprivate var withoutShortcut: MenuElement {
    command.map(MenuElement.command) ?? self
  }
}
