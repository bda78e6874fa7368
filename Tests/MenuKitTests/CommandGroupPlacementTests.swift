import Testing

@testable import MenuKit

/// Placements name Apple's groups of items, not one submenu (issue 17): a `CommandGroup` acts
/// on the group its placement has on each profile's standard menu.
@Suite("Command group placements as groups")
struct CommandGroupPlacementTests {
  private func builder(_ platform: PlatformProfile) -> MenuBuilder {
    MenuBuilder(menu: StandardMenus.mainMenu(for: platform))
  }

  private func titles(_ builder: MenuBuilder, _ menu: MenuIdentifier) -> [String] {
    builder.menu(for: menu)?.children.map(\.title) ?? []
  }

  private let updates = Commands {
    CommandGroup(before: .systemServices) {
      Button("Check for Updates", action: "checkForUpdates:")
    }
  }

  @Test("the seed's CommandGroup(before: .systemServices) puts the item before Services on mac")
  func servicesOnMac() {
    var mac = builder(.mac)
    updates.apply(to: &mac)
    #expect(mac.diagnostics.isEmpty)
    let application = titles(mac, .application)
    let updates = application.firstIndex(of: "Check for Updates")
    #expect(updates != nil)
    #expect(updates.map { application[$0 + 1] } == "Services")
    #expect(mac.menu(for: .services)?.children == [], "not inside the Services submenu")
  }

  @Test("a placement linux lacks is a no-op with a note, never an error")
  func servicesOnLinux() {
    for platform in [PlatformProfile.linux, .windows] {
      var other = builder(platform)
      updates.apply(to: &other)
      #expect(other.menu == StandardMenus.mainMenu(for: platform))
      #expect(other.diagnostics.map(\.code) == [.placementUnavailable])
      #expect(other.diagnostics.map(\.severity) == [.note])
      #expect(!other.diagnostics.containsErrors)
    }
  }

  @Test("the note does not stop the declarations after it")
  func laterDeclarationsApply() {
    var linux = builder(.linux)
    Commands {
      CommandGroup(before: .systemServices) { Button("Check for Updates", action: "update:") }
      CommandGroup(replacing: .appVisibility) {}
      CommandMenu("Cities") { Button("Paris", action: "paris:") }
    }.apply(to: &linux)
    #expect(linux.diagnostics.map(\.code) == [.placementUnavailable, .placementUnavailable])
    #expect(linux.menu.children.map(\.title).contains("Cities"))
  }

  @Test(
    "textEditing is Find, Spelling and Grammar, Substitutions, Transformations and Speech on mac")
  func textEditingOnMac() {
    var before = builder(.mac)
    CommandGroup(before: .textEditing) { Button("Lead", action: "lead:") }.apply(to: &before)
    CommandGroup(after: .textEditing) { Button("Tail", action: "tail:") }.apply(to: &before)
    #expect(
      titles(before, .edit).suffix(7) == [
        "Lead", "Find", "Spelling and Grammar", "Substitutions", "Transformations", "Speech",
        "Tail",
      ])
    #expect(!titles(before, .find).contains("Tail"), "after: is not inside Find")

    var replacing = builder(.mac)
    CommandGroup(replacing: .textEditing) { Button("Search", action: "search:") }.apply(
      to: &replacing)
    #expect(titles(replacing, .edit).suffix(1) == ["Search"])
    for gone in [MenuIdentifier.find, .spelling, .substitutions, .transformations, .speech] {
      #expect(!replacing.contains(.menu(gone)), "\(gone) is replaced")
    }
    #expect(replacing.diagnostics.isEmpty)
  }

  @Test("textEditing is the Find and Replace sections on linux")
  func textEditingOnLinux() {
    var linux = builder(.linux)
    CommandGroup(before: .textEditing) { Button("Lead", action: "lead:") }.apply(to: &linux)
    CommandGroup(after: .textEditing) { Button("Tail", action: "tail:") }.apply(to: &linux)
    #expect(titles(linux, .find).first == "Lead", "joins the first section")
    #expect(titles(linux, .replace).last == "Tail", "joins the last section")

    var replacing = builder(.linux)
    CommandGroup(replacing: .textEditing) { Button("Search", action: "search:") }.apply(
      to: &replacing)
    #expect(titles(replacing, .find) == ["Search"])
    #expect(titles(replacing, .replace) == [], "emptied, still addressable")
    #expect(replacing.command(for: "findAndReplace:") == nil)
  }

  @Test("saveItem replaces Close with the Save items, on every profile")
  func saveItem() {
    for platform in [PlatformProfile.mac, .linux, .windows] {
      var file = builder(platform)
      CommandGroup(replacing: .saveItem) { Button("Save All", action: "saveAll:") }.apply(
        to: &file)
      #expect(file.command(for: "performClose:") == nil, "\(platform)")
      #expect(file.command(for: "saveDocument:") == nil, "\(platform)")
      #expect(file.command(for: "saveAll:") != nil, "\(platform)")
      #expect(file.diagnostics.isEmpty)
    }
  }

  @Test("appInfo's additions join the About section, wherever the profile keeps it")
  func appInfo() {
    for (platform, menu) in [(PlatformProfile.mac, MenuIdentifier.application), (.linux, .help)] {
      var info = builder(platform)
      CommandGroup(after: .appInfo) { Button("Check for Updates", action: "update:") }.apply(
        to: &info)
      #expect(titles(info, .about) == ["About App", "Check for Updates"], "\(platform)")
      let sections = info.menu(for: menu)?.children.compactMap(\.menu?.identifier)
      #expect(sections?.contains(.about) == true, "\(platform)")
    }
  }

  @Test("replacing help keeps About, which linux keeps in the Help menu")
  func helpKeepsAbout() {
    var linux = builder(.linux)
    CommandGroup(replacing: .help) { Button("User Manual", action: "showManual:") }.apply(
      to: &linux)
    #expect(linux.command(for: "showHelp:") == nil)
    #expect(linux.command(for: "showManual:") != nil)
    #expect(linux.command(for: "orderFrontStandardAboutPanel:") != nil)

    var mac = builder(.mac)
    CommandGroup(replacing: .help) { Button("User Manual", action: "showManual:") }.apply(to: &mac)
    #expect(titles(mac, .help) == ["User Manual"])
  }

  @Test("an app's own placement names an absent menu: an error, recorded, nothing changed")
  func customPlacement() {
    var linux = builder(.linux)
    CommandGroup(after: CommandGroupPlacement("cityList")) { Button("Add", action: "add:") }
      .apply(to: &linux)
    #expect(linux.menu == StandardMenus.mainMenu(for: .linux))
    #expect(linux.diagnostics.map(\.code) == [.unknownMenu])
  }

  @Test(
    "every standard placement edits its group on mac; on linux and windows or notes its absence")
  func everyPlacementApplies() {
    for platform in [PlatformProfile.mac, .linux, .windows] {
      for placement in CommandGroupPlacement.standard {
        for position in CommandGroup.Position.allCases {
          var edited = builder(platform)
          CommandGroup(
            position, placement,
            elements: [
              .command(Command(title: "Added", action: "added:"))
            ]
          ).apply(to: &edited)
          let added = edited.command(for: "added:") != nil
          let noted = edited.diagnostics.map(\.code) == [.placementUnavailable]
          #expect(added != noted, "\(platform) \(placement) \(position)")
          #expect(!edited.diagnostics.containsErrors, "\(platform) \(placement) \(position)")
          #expect(MenuValidator(platform: platform).validate(edited.menu).isEmpty)
        }
      }
    }
  }
}
