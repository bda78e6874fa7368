import Testing

@testable import MenuKit

/// A key command with the primary modifier unless told otherwise.
private func key(
  _ title: String, _ input: KeyInput, _ modifierFlags: KeyModifierFlags = .command,
  attributes: MenuElementAttributes = []
) -> MenuElement {
  .keyCommand(
    KeyCommand(
      title: title, action: "act:", input: input, modifierFlags: modifierFlags,
      attributes: attributes))
}

/// A titled submenu.
private func menu(_ title: String, _ children: [MenuElement]) -> MenuElement {
  .menu(Menu(title: title, children: children))
}

@Suite("Markdown cheat sheet")
struct MarkdownRendererTests {
  @Test("one section per menu-bar menu, submenu paths, inline groups flattened")
  func sections() {
    let root = Menu(children: [
      menu(
        "File",
        [
          key("Save", "s"),
          .command(Command(title: "Revert", action: "revert:")),
          .menu(Menu(options: .displayInline, children: [key("Print…", "p")])),
          menu("Open Recent", [key("Reopen Closed Tab", "t", [.command, .shift])]),
        ]),
      menu("Empty", [.command(Command(title: "Nothing", action: "none:"))]),
      menu("View", [key("Full Screen", .function(11), [])]),
    ])
    #expect(
      MarkdownMenuRenderer(platform: .linux).render(root) == """
        # Keyboard shortcuts

        ## File

        | Command | Shortcut |
        | --- | --- |
        | Save | Ctrl+S |
        | Print… | Ctrl+P |
        | Open Recent ▸ Reopen Closed Tab | Ctrl+Shift+T |

        ## View

        | Command | Shortcut |
        | --- | --- |
        | Full Screen | F11 |

        """)
  }

  @Test("mac labels, disabled marked, hidden and untitled left out, root key commands left out")
  func attributes() {
    let root = Menu(children: [
      key("Stray", "x"),
      menu(
        "Edit",
        [
          key("Copy", "c", attributes: .disabled),
          key("Secret", "k", attributes: .hidden),
          key("", "u"),
        ]),
    ])
    let text = MarkdownMenuRenderer(platform: .mac, title: "Edit keys").render(root)
    #expect(text.hasPrefix("# Edit keys\n"))
    #expect(text.contains("| Copy (disabled) | ⌘C |"))
    #expect(!text.contains("Secret"))
    #expect(!text.contains("Stray"))
    #expect(!text.contains("⌘U"))
  }

  @Test("text from the menu is escaped")
  func escaping() {
    let root = Menu(children: [
      menu("A|B <i>", [key("*Bold* _x_ [link](y) `code` & ~s~", "\\")])
    ])
    let text = MarkdownMenuRenderer(platform: .linux).render(root)
    #expect(text.contains("## A\\|B \\<i\\>"))
    #expect(
      text.contains(
        "| \\*Bold\\* \\_x\\_ \\[link\\](y) \\`code\\` \\& \\~s\\~ | Ctrl+\\\\ |"))
    #expect(MarkdownMenuRenderer.escape("line\nbreak") == "line break")
  }

  @Test("a row of random text always has exactly its three cell borders")
  func randomTitles() {
    var state: UInt64 = 0xC0FFEE
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let alphabet = Array("|\\`*_[]<>&~#a \n")
    for _ in 0..<300 {
      let title = String((0..<Int(next() % 16)).map { _ in alphabet[Int(next()) % alphabet.count] })
      let row = MarkdownMenuRenderer.escape(title)
      // A '|' is a border unless an odd number of backslashes precede it.
      var borders = 0
      var backslashes = 0
      for character in "| \(row) | Ctrl+S |" {
        if character == "|", backslashes % 2 == 0 { borders += 1 }
        backslashes = character == "\\" ? backslashes + 1 : 0
      }
      #expect(borders == 3, "\(title.debugDescription) → \(row.debugDescription)")
      #expect(!row.contains("\n"))
    }
  }

  @Test("a menu without shortcuts says so")
  func empty() {
    #expect(
      MarkdownMenuRenderer(platform: .linux).render(Menu())
        == "# Keyboard shortcuts\n\nNo keyboard shortcuts.\n")
  }

  @Test("shortcut labels, when given, are the only labels: commands gain and lose shortcuts")
  func shortcutLabels() {
    let root = Menu(children: [
      menu(
        "Edit",
        [
          key("Unindent", "["),
          key("Unbound", "u"),
          .command(Command(title: "Save All", action: "saveAll:")),
          .command(Command(title: "Plain", action: "plain:")),
        ])
    ])
    let renderer = MarkdownMenuRenderer(
      platform: .linux,
      shortcutLabels: [
        CommandKey(action: "act:"): "Ctrl+Ü",
        CommandKey(action: "saveAll:"): "Ctrl+K S",
      ])
    let text = renderer.render(root)
    #expect(text.contains("| Unindent | Ctrl+Ü |"))
    #expect(text.contains("| Unbound | Ctrl+Ü |"))  // the same command key as Unindent
    #expect(text.contains("| Save All | Ctrl+K S |"))
    #expect(!text.contains("Plain"))
    let none = MarkdownMenuRenderer(platform: .linux, shortcutLabels: [:]).render(root)
    #expect(none.hasSuffix("No keyboard shortcuts.\n"))
  }
}
