import MenuKit
import MenuKitPalette
import Testing

@Suite("Palette index")
struct PaletteIndexTests {
  private let menu = Menu(
    identifier: .root,
    children: [
      .menu(
        Menu(
          title: "File", identifier: .file,
          children: [
            .keyCommand(
              KeyCommand(
                Command(title: "Open…", action: "openDocument:", keywords: ["load"]), input: "o",
                modifierFlags: .command)),
            .menu(
              Menu(
                title: "Open Recent", identifier: .openRecent,
                children: [
                  .command(Command(title: "Clear Menu", action: "clearRecents:")),
                  .deferred(DeferredElement(identifier: "recents") { _ in }),
                ])),
            .menu(
              Menu(
                options: .displayInline,
                children: [
                  .command(
                    Command(
                      title: "Bold", action: "toggleStyle:", propertyList: "bold",
                      discoverabilityTitle: "Make Bold", attributes: .disabled))
                ])),
            .command(Command(title: "", action: "untitled:")),
            .command(Command(title: "Secret", action: "secret:", attributes: .hidden)),
            .action(Action(title: "Refresh", identifier: "refresh") { _, _ in }),
            .command(Command(title: "Open Again", action: "openDocument:")),
          ]))
    ])

  @Test("lists every visible, titled command, key command and action in tree order")
  func entries() {
    let index = PaletteIndex(menu: menu, platform: .linux)
    #expect(
      index.entries.map(\.identifier) == [
        "openDocument:", "clearRecents:", #"toggleStyle: "bold""#, "refresh",
      ])
    let open = index.entries[0]
    #expect(open.path == ["File"])
    #expect(open.shortcutLabel == "Ctrl+O")
    #expect(open.keywords == ["load"])
    #expect(open.isEnabled)
    #expect(open.source == .menu)
    #expect(open.target == .command(CommandKey(action: "openDocument:")))
    #expect(index.entries[1].path == ["File", "Open Recent"])
    #expect(index.entries[1].pathText == "File › Open Recent")
    #expect(index.entries[2].path == ["File"])
    #expect(!index.entries[2].isEnabled)
    #expect(index.entries[2].discoverabilityTitle == "Make Bold")
    #expect(index.entries[3].target == .action("refresh"))
  }

  @Test("shortcut labels follow the platform profile")
  func platformLabels() {
    #expect(PaletteIndex(menu: menu, platform: .mac).entries[0].shortcutLabel == "⌘O")
  }

  @Test("the validated menu decides the enabled state")
  @MainActor
  func validated() {
    let validated = MenuValidation(firstResponder: nil).validate(menu)
    let index = PaletteIndex(validated, platform: .linux)
    #expect(index.entries.filter { $0.target != .action("refresh") }.allSatisfy { !$0.isEnabled })
    #expect(index.entries.first { $0.target == .action("refresh") }?.isEnabled == true)
  }

  @Test("a command that exists only in a keymap is added with its source")
  func keymapCommand() throws {
    var index = PaletteIndex(menu: menu, platform: .linux)
    index.addKeymapCommand(
      "git.commit", title: "Commit", shortcutLabel: "Ctrl+Return", source: "git.keymap.json",
      aliases: ["ci"])
    let entry = try #require(index.entries.last)
    #expect(entry.identifier == "git.commit")
    #expect(entry.source == .keymap("git.keymap.json"))
    #expect(entry.source.description == "keymap:git.keymap.json")
    #expect(index.search("ci").first?.entry.identifier == "git.commit")
  }

  @Test("a keymap binding of a menu command gives it a label without listing it twice")
  func merge() throws {
    var index = PaletteIndex(menu: menu, platform: .linux)
    let count = index.entries.count
    index.add(
      PaletteEntry(
        target: .command(CommandKey(action: "clearRecents:")), title: "Clear Recent Items",
        aliases: ["forget"], shortcutLabel: "Ctrl+Shift+K", source: .keymap("user")))
    #expect(index.entries.count == count)
    let entry = index.entries[1]
    #expect(entry.title == "Clear Menu")
    #expect(entry.shortcutLabel == "Ctrl+Shift+K")
    #expect(entry.aliases == ["forget"])
    #expect(entry.source == .menu)
    #expect(index.search("forget").first?.entry.identifier == "clearRecents:")
  }

  @Test("entries built by hand are searchable")
  func handBuilt() {
    let index = PaletteIndex(entries: [
      PaletteEntry(target: .identifier("a"), title: "Alpha"),
      PaletteEntry(target: .identifier("b"), title: "Beta", keywords: ["second"]),
    ])
    #expect(index.search("sec").map(\.entry.identifier) == ["b"])
    #expect(index.search("").map(\.entry.identifier) == ["a", "b"])
  }

  @Test("menu files read and write a command's aliases")
  func menuFileAliases() throws {
    let text = """
      { "schemaVersion": 1, "menu": { "menu": "", "children": [
        { "command": "Settings…", "action": "showSettings:", "keywords": ["options"],
          "aliases": ["Preferences", "Prefs"] } ] } }
      """
    let result = MenuFile.parse(text)
    #expect(result.diagnostics.isEmpty)
    let file = try #require(result.file)
    let command = try #require(file.menu?.children.first?.command)
    #expect(command.aliases == ["Preferences", "Prefs"])
    let written = file.jsonText(platform: nil)
    #expect(written.contains(#""aliases": ["#))
    #expect(MenuFile.parse(written).file?.menu?.children.first?.command?.aliases == command.aliases)
    let wrong = MenuFile.parse(
      #"{ "schemaVersion": 1, "menu": { "menu": "", "children": [ "#
        + #"{ "command": "A", "action": "a:", "aliases": [1] } ] } }"#)
    #expect(wrong.diagnostics.map(\.code) == [.wrongType])
  }
}
