import Testing

@testable import MenuKit

@Suite("The share tag (UICommandTagShare)")
struct ShareTagTests {
  @Test("a command tagged for sharing is the Share command, and is addressed by the tag")
  func tagged() {
    let share = Command(title: "Share", action: "share:", propertyList: .commandTagShare)
    #expect(share.isShare)
    #expect(!Command(title: "Share", action: "share:").isShare)
    #expect(!Command(title: "Export", action: "export:", propertyList: "pdf").isShare)

    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    builder.insertElements([.command(share)], atEndOfMenu: .file)
    #expect(builder.diagnostics.isEmpty)
    #expect(builder.command(for: "share:", propertyList: .commandTagShare)?.isShare == true)
  }

  @Test("a menu file writes the tag as the string UICommandTagShare")
  func inMenuFiles() throws {
    let text = """
      { "schemaVersion": 1, "menu": { "menu": "", "id": "root", "children": [
        { "menu": "File", "id": "file", "children": [
          { "command": "Share", "action": "share:", "propertyList": "UICommandTagShare" }
        ] }
      ] } }
      """
    let result = MenuFile.parse(text, path: "share.json")
    let file = try #require(result.file, "\(result.diagnostics)")
    var found: Command?
    file.menu?.forEachElement { element, _ in
      if let command = element.command { found = command }
    }
    #expect(found?.isShare == true)
  }
}
