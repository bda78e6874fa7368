import Testing

@testable import MenuKit

/// The titles of a tree's elements, one line each, indented by depth; inline groups show as
/// `[id]` or `[]`.
private func outline(_ menu: Menu, depth: Int = 0) -> [String] {
  var lines: [String] = []
  let padding = String(repeating: "  ", count: depth)
  for child in menu.children {
    switch child {
    case .menu(let submenu):
      let name =
        submenu.isInline ? "[\(submenu.identifier?.rawValue ?? "")]" : submenu.title
      lines.append(padding + name)
      lines += outline(submenu, depth: depth + 1)
    default:
      lines.append(padding + child.title)
    }
  }
  return lines
}

/// The commands and key commands' commands of a tree.
private func allCommands(in menu: Menu) -> [Command] {
  var result: [Command] = []
  menu.forEachElement { element, _ in
    if let command = element.command { result.append(command) }
  }
  return result
}

@Suite("commandsRemoved and commandsReplaced")
struct StandardCommandsRemovalTests {
  @Test("commandsRemoved leaves only what the declarations add; empty standard menus go")
  func removed() {
    let commands = Commands {
      CommandMenu("Game", identifier: "game") {
        Button("New Game", action: "newGame:").keyboardShortcut("n")
      }
      CommandGroup(replacing: .appTermination) {
        Button("Quit", action: "terminate:").keyboardShortcut("q")
      }
    }.commandsRemoved()
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    commands.apply(to: &builder)
    #expect(builder.diagnostics.isEmpty)
    #expect(outline(builder.menu) == ["File", "  [quit]", "    Quit", "Game", "  New Game"])
  }

  @Test("commandsReplaced puts its content in the standard commands' place, then the others")
  func replaced() {
    let commands = Commands {
      CommandMenu("Notes", identifier: "notes") {
        Button("Pin Note", action: "pinNote:")
      }
    }.commandsReplaced {
      CommandGroup(replacing: .newItem) {
        Button("New Note", action: "newNote:").keyboardShortcut("n")
      }
      CommandGroup(after: .pasteboard) {
        Button("Paste as Note", action: "pasteAsNote:")
      }
    }
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    commands.apply(to: &builder)
    #expect(builder.diagnostics.isEmpty)
    #expect(
      outline(builder.menu) == [
        "File", "  [newScene]", "    New Note",
        "Edit", "  [standardEdit]", "    Paste as Note",
        "Notes", "  Pin Note",
      ])
    // No standard command is left, on any profile.
    for platform in [PlatformProfile.linux, .mac, .windows] {
      var other = MenuBuilder(menu: StandardMenus.mainMenu(for: platform))
      commands.apply(to: &other)
      let actions = Set(allCommands(in: other.menu).map(\.action))
      #expect(actions == ["newNote:", "pasteAsNote:", "pinNote:"], "\(platform)")
    }
  }

  @Test("a removal spliced into other commands still applies; without it nothing is removed")
  func spliced() {
    let removing = Commands {
      CommandMenu("Game") { Button("New Game", action: "newGame:") }
    }.commandsRemoved()
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    Commands { removing }.apply(to: &builder)
    #expect(outline(builder.menu) == ["Game", "  New Game"])

    var kept = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    Commands { CommandMenu("Game") { Button("New Game", action: "newGame:") } }.apply(to: &kept)
    #expect(allCommands(in: kept.menu).contains { $0.action == "copy:" })
  }
}
