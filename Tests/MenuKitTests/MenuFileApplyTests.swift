import Testing

@testable import MenuKit

/// Applying files to a ``MenuBuilder``: every edit kind, a replaced root, and failing edits.
@Suite("MenuFile applying")
struct MenuFileApplyTests {
  /// Applies a file whose only edit is `edit` to the base menu and returns its outline.
  private func outline(afterApplying edit: String) throws -> String {
    let file = try #require(MenuFile.parse(#"{"schemaVersion": 1, "edits": [\#(edit)]}"#).file)
    var builder = MenuBuilder(menu: MenuFileSamples.baseMenu())
    let diagnostics = file.apply(to: &builder)
    #expect(diagnostics.isEmpty)
    return MenuFileSamples.outline(builder.menu)
  }

  @Test("the base menu's outline")
  func baseOutline() {
    #expect(
      MenuFileSamples.outline(MenuFileSamples.baseMenu())
        == "File[Close, Refresh], Format[], Help[Up]")
  }

  @Test(
    "applies each edit kind",
    arguments: [
      (
        #"{"insert": [{"command": "Export…", "action": "export:"}], "atStartOf": "file"}"#,
        "File[Export…, Close, Refresh], Format[], Help[Up]"
      ),
      (
        #"{"insert": [{"command": "Export…", "action": "export:"}], "atEndOf": "file"}"#,
        "File[Close, Refresh, Export…], Format[], Help[Up]"
      ),
      (
        #"{"insert": [{"menu": "Tools", "id": "tools"}], "before": "format"}"#,
        "File[Close, Refresh], Tools[], Format[], Help[Up]"
      ),
      (
        #"{"insert": [{"menu": "Tools"}, {"inline": [], "id": "g"}], "after": {"menu": "format"}}"#,
        "File[Close, Refresh], Format[], Tools[], (g)[], Help[Up]"
      ),
      (
        #"{"insert": [{"command": "Export…", "action": "export:"}], "before": {"action": "refresh"}}"#,
        "File[Close, Export…, Refresh], Format[], Help[Up]"
      ),
      (
        #"{"insert": [{"command": "Export…", "action": "export:"}], "after": {"command": "close:"}}"#,
        "File[Close, Export…, Refresh], Format[], Help[Up]"
      ),
      (
        #"{"insert": [{"command": "Down", "action": "navigate:", "propertyList": "down"}], "#
          + #""after": {"command": "navigate:", "propertyList": "up"}}"#,
        "File[Close, Refresh], Format[], Help[Up, Down]"
      ),
      (
        #"{"replace": "format", "with": [{"menu": "Tools"}, {"menu": "View"}]}"#,
        "File[Close, Refresh], Tools[], View[], Help[Up]"
      ),
      (
        #"{"replace": {"action": "refresh"}, "with": [{"command": "Reload", "action": "reload:"}]}"#,
        "File[Close, Reload], Format[], Help[Up]"
      ),
      (
        #"{"replace": {"command": "navigate:", "propertyList": "up"}, "with": []}"#,
        "File[Close, Refresh], Format[], Help[]"
      ),
      (
        #"{"replaceChildrenOf": "help", "with": [{"command": "About", "action": "about:"}]}"#,
        "File[Close, Refresh], Format[], Help[About]"
      ),
      (#"{"remove": "format"}"#, "File[Close, Refresh], Help[Up]"),
      (#"{"remove": {"menu": "file"}}"#, "Format[], Help[Up]"),
      (#"{"remove": {"action": "refresh"}}"#, "File[Close], Format[], Help[Up]"),
      (#"{"remove": {"command": "close:"}}"#, "File[Refresh], Format[], Help[Up]"),
    ])
  func editKinds(edit: String, expected: String) throws {
    #expect(try outline(afterApplying: edit) == expected)
  }

  @Test("a file's menu replaces the builder's root, keeping its system, before the edits")
  func replacesRoot() throws {
    let text = #"""
      {"schemaVersion": 1,
       "menu": {"menu": "", "id": "root", "children": [{"menu": "Edit", "id": "edit"}]},
       "edits": [{"insert": [{"command": "Copy", "action": "copy:"}], "atEndOf": "edit"}]}
      """#
    let file = try #require(MenuFile.parse(text).file)
    var builder = MenuBuilder(menu: MenuFileSamples.baseMenu(), system: .context)
    #expect(file.apply(to: &builder).isEmpty)
    #expect(builder.system == .context)
    #expect(MenuFileSamples.outline(builder.menu) == "Edit[Copy]")
    #expect(builder.menu(for: .file) == nil)
  }

  @Test("reports each failing edit at its target and still applies the others")
  func failingEdits() throws {
    let text = #"""
      {
        "schemaVersion": 1,
        "edits": [
          {"remove": "fromat"},
          {"remove": {"action": "nope"}},
          {"insert": [], "after": {"command": "nope:", "propertyList": 1}},
          {"insert": [{"menu": "File again", "id": "file"}], "atEndOf": "help"},
          {"remove": "root"},
          {"replaceChildrenOf": "nothing", "with": []},
          {"remove": "format"}
        ]
      }
      """#
    let file = try #require(MenuFile.parse(text, path: "edits.json").file)
    var builder = MenuBuilder(menu: MenuFileSamples.baseMenu())
    let diagnostics = file.apply(to: &builder)
    #expect(
      diagnostics.map(\.description) == [
        "edits.json:4:16: error[MK201]: no menu has the identifier 'fromat'; did you mean 'format'?",
        "edits.json:5:16: error[MK203]: no action has the identifier 'nope'",
        "edits.json:6:29: error[MK202]: no command has the action 'nope: 1'",
        "edits.json:7:67: error[MK204]: the identifier 'file' is already used in the menu",
        "edits.json:8:16: error[MK205]: the root menu cannot be moved, replaced or removed",
        "edits.json:9:27: error[MK201]: no menu has the identifier 'nothing'",
      ])
    #expect(MenuFileSamples.outline(builder.menu) == "File[Close, Refresh], Help[Up]")
  }

  @Test("an edit made in code applies without a file")
  func editInCode() throws {
    var builder = MenuBuilder(menu: MenuFileSamples.baseMenu())
    try MenuEdit(.insert([.menu(Menu(title: "Window"))], .after(.menu(.format))))
      .apply(to: &builder)
    #expect(
      MenuFileSamples.outline(builder.menu) == "File[Close, Refresh], Format[], Window[], Help[Up]")
    #expect(throws: MenuBuilderError.unknownAction("x")) {
      try MenuEdit(.remove(.action("x"))).apply(to: &builder)
    }
  }

  @Test("edit equality ignores the location")
  func editEquality() {
    let here = MenuEdit(.remove(.menu(.file)), location: SourceLocation(line: 1, column: 2))
    let there = MenuEdit(.remove(.menu(.file)), location: SourceLocation(line: 9, column: 9))
    #expect(here == there)
    #expect(here.hashValue == there.hashValue)
    #expect(here != MenuEdit(.remove(.menu(.edit))))
  }
}
