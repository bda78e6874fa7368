import Foundation
import MenuKitTestSupport
import Testing

@testable import MenuKit

/// The shortcut of the first key command with an action, in canonical text.
private func shortcut(of action: ActionName, in menu: Menu) -> String? {
  menu.allKeyCommands.first { $0.command.action == action }?.shortcut.canonicalText
}

/// Whether the menu has a command (with or without a shortcut) with this action.
private func hasCommand(_ action: ActionName, in menu: Menu) -> Bool {
  var found = false
  menu.forEachElement { element, _ in
    if element.command?.action == action { found = true }
  }
  return found
}

@Suite("Standard menus")
struct StandardMenusTests {
  @Test(
    "the embedded menus are the files in keymaps/standard",
    arguments: PlatformProfile.allCases)
  func embeddedMatchesFiles(platform: PlatformProfile) throws {
    let url = repositoryRoot.appendingPathComponent("keymaps/standard/\(platform.rawValue).json")
    let file = try String(contentsOf: url, encoding: .utf8)
    #expect(
      StandardMenus.menuFileText(for: platform) == file,
      "run scripts/embed-standard-menus after editing \(url.lastPathComponent)")
  }

  @Test(
    "each standard menu validates cleanly under its profile", arguments: PlatformProfile.allCases)
  func validates(platform: PlatformProfile) {
    let diagnostics = MenuValidator(platform: platform).validate(
      StandardMenus.mainMenu(for: platform))
    #expect(diagnostics == [])
  }

  @Test("each standard menu has the standard commands", arguments: PlatformProfile.allCases)
  func standardCommands(platform: PlatformProfile) {
    let menu = StandardMenus.mainMenu(for: platform)
    let actions: [ActionName] = [
      "newDocument:", "openDocument:", "saveDocument:", "saveDocumentAs:", "performClose:",
      "printContent:", "terminate:", "undo:", "redo:", "cut:", "copy:", "paste:", "delete:",
      "selectAll:", "find:", "findNext:", "showHelp:",
    ]
    for action in actions {
      #expect(hasCommand(action, in: menu), "\(platform) has \(action)")
    }
    let builder = MenuBuilder(menu: menu)
    for identifier: MenuIdentifier in [
      .file, .edit, .view, .window, .help, .newScene, .openRecent, .close, .print, .document,
      .undoRedo, .standardEdit, .find, .replace, .preferences, .about, .quit, .toolbar, .sidebar,
      .fullscreen, .minimizeAndZoom,
    ] {
      #expect(builder.menu(for: identifier) != nil, "\(platform) has menu \(identifier)")
    }
  }

  @Test("conventional shortcuts on each profile")
  func conventionalShortcuts() {
    let linux = StandardMenus.mainMenu(for: .linux)
    #expect(shortcut(of: "newDocument:", in: linux) == "Cmd+N")
    #expect(shortcut(of: "openDocument:", in: linux) == "Cmd+O")
    #expect(shortcut(of: "saveDocumentAs:", in: linux) == "Cmd+Shift+S")
    #expect(shortcut(of: "terminate:", in: linux) == "Cmd+Q")
    #expect(shortcut(of: "redo:", in: linux) == "Cmd+Shift+Z")
    #expect(shortcut(of: "showHelp:", in: linux) == "F1")
    #expect(shortcut(of: "toggleFullScreen:", in: linux) == "F11")

    let mac = StandardMenus.mainMenu(for: .mac)
    #expect(mac.children.first?.menu?.identifier == .application)
    #expect(shortcut(of: "toggleFullScreen:", in: mac) == "Ctrl+Cmd+F")
    #expect(shortcut(of: "hide:", in: mac) == "Cmd+H")

    let windows = StandardMenus.mainMenu(for: .windows)
    #expect(shortcut(of: "redo:", in: windows) == "Cmd+Y")
    #expect(shortcut(of: "findNext:", in: windows) == "F3")
    #expect(shortcut(of: "terminate:", in: windows) == "Alt+F4")
  }

  @Test("linux has no application, services or hide menus")
  func linuxConventions() {
    let builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    #expect(builder.menu(for: .application) == nil)
    #expect(builder.menu(for: .services) == nil)
    #expect(builder.menu(for: .hide) == nil)
  }
}

@Suite("Menu system")
@MainActor
struct MenuSystemTests {
  @Test("the main system starts from the standard menu of its profile")
  func startsFromStandardMenu() {
    #expect(MenuSystem(kind: .main).menu == StandardMenus.mainMenu(for: .linux))
    #expect(MenuSystem(kind: .main, platform: .mac).menu == StandardMenus.mainMenu(for: .mac))
    #expect(MenuSystem(kind: .context).menu == Menu(identifier: .root))
  }

  @Test("build handlers edit the menu; setNeedsRebuild runs them again and notifies")
  func rebuild() {
    let system = MenuSystem(kind: .main)
    var runs = 0
    var changes: [MenuSystem.Change] = []
    let token = system.observe { changes.append($0) }
    system.addBuildHandler { builder in
      runs += 1
      #expect(builder.system == .main)
      builder.insertSibling(Menu(title: "Cities", identifier: "cities"), afterMenu: .view)
    }
    #expect(changes == [.rebuild])
    let titles = system.menu.children.map(\.title)
    #expect(titles.firstIndex(of: "Cities") == titles.firstIndex(of: "View")! + 1)
    _ = system.menu
    #expect(runs == 1)
    system.setNeedsRebuild()
    _ = system.menu
    #expect(runs == 2)
    system.setNeedsRevalidate()
    #expect(changes == [.rebuild, .rebuild, .revalidate])
    token.cancel()
    system.setNeedsRevalidate()
    #expect(changes.count == 3)
  }

  @Test("a failing build handler is reported; the others still run")
  func failingHandler() {
    let system = MenuSystem(kind: .main)
    system.addBuildHandler { builder in builder.remove(menu: "nosuchmenu") }
    system.addBuildHandler { builder in builder.remove(menu: .format) }
    #expect(system.diagnostics.map(\.code) == [.unknownMenu])
    #expect(MenuBuilder(menu: system.menu).menu(for: .format) == nil)
  }

  @Test("changing the platform rebuilds from the new standard menu")
  func platformChange() {
    let system = MenuSystem(kind: .main)
    var changes = 0
    let token = system.observe { _ in changes += 1 }
    system.platform = .mac
    #expect(changes == 1)
    #expect(
      system.menu.children.first?.title == StandardMenus.mainMenu(for: .mac).children.first?.title)
    withExtendedLifetime(token) {}
  }
}
