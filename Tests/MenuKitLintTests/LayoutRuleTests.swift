import MenuKit
import MenuKitLint
import MenuKitXKB
import Testing

private let bracketKeymap = """
  { "schemaVersion": 1, "keymap": [
    { "context": "editorTextFocus && foldingEnabled",
      "bindings": [ { "keys": "Ctrl+Shift+[", "command": "editor.fold" },
                    { "keys": "Cmd+/", "command": "comment" },
                    { "keys": "Cmd+B", "command": "bold" } ] }
  ] }
  """

@Suite("Layouts")
struct LayoutRuleTests {
  func configuration(_ layouts: String...) -> LintConfiguration {
    LintConfiguration(platform: .linux, layouts: layouts.map { LayoutName(layout: $0) })
  }

  @Test("Ctrl+Shift+[ needs AltGr on Swedish, with the binding's position and the relocation")
  func swedishBracket() throws {
    let report = lint([("k.json", bracketKeymap)], configuration: configuration("se"))
    let finding = try #require(report.findings.first { $0.code == .needsAltGr })
    #expect(finding.location == SourceLocation(file: "k.json", line: 3, column: 19))
    #expect(finding.message == "Ctrl+Shift+[ (editor.fold) needs AltGr on se")
    #expect(
      finding.notes.map(\.message) == [
        "se: '[' is typed with AltGr on KEY_8 (level 3); automatic localization relocates it "
          + "to Ctrl+Shift+Å (KEY_LEFTBRACE, level 1)"
      ])
    #expect(finding.notes.first?.layout == "se")
  }

  @Test("US QWERTY raises nothing: the press Ctrl+Shift+[ reads as Ctrl+Shift+[ and Ctrl+{")
  func usIsClean() throws {
    let report = lint([("k.json", bracketKeymap)], configuration: configuration("us", "ru"))
    #expect(!report.findings.contains { $0.message.contains("bold") })
    // Shift spelled out (decision 0009): the press that types `{` fires Ctrl+Shift+[, so the
    // typing engine, which asks the matcher, finds it typed directly.
    let onUS = report.findings.filter { $0.notes.contains { $0.layout == "us" } }
    #expect(onUS.isEmpty, "\(onUS.map(\.message))")
  }

  @Test("a key on another level is a note per layout")
  func movedKey() throws {
    let report = lint([("k.json", bracketKeymap)], configuration: configuration("de", "fr"))
    let moved = try #require(
      report.findings.first { $0.code == .movedKey && $0.message.hasPrefix("Ctrl+/") })
    #expect(moved.severity == .note)
    #expect(moved.message == "Ctrl+/ (comment) is on another key on 2 layouts (de, fr)")
    #expect(
      moved.notes.first?.message
        == "de: '/' is typed with Shift on KEY_7 (level 2), not on KEY_SLASH (level 1) as on US "
        + "QWERTY")
  }

  @Test("a character no key types is untypable, with the relocation")
  func untypable() throws {
    let text = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Cmd+{", "command": "x" }, { "keys": "Cmd+[", "command": "y" } ] } ] }
      """
    let report = lint([("k.json", text)], configuration: configuration("ru"))
    let finding = try #require(report.findings.first { $0.code == .untypableShortcut })
    #expect(finding.message == "Ctrl+{ (x) cannot be typed on ru")
    #expect(
      finding.notes.first?.message
        == "ru: no key types '{'; automatic localization relocates it to Ctrl+Shift+Х "
        + "(KEY_LEFTBRACE, level 2)")
    // '[' is not on ru either, but Ctrl+[ fires at KEY_LEFTBRACE through the Latin fallback,
    // the key it is relocated to: the engine types it, so nothing is reported.
    #expect(!report.findings.contains { $0.message.contains("(y)") })
  }

  @Test("layout names parse with a variant in parentheses or after a colon")
  func layoutNames() throws {
    #expect(
      try LayoutName(parsing: "de(nodeadkeys)") == LayoutName(layout: "de", variant: "nodeadkeys"))
    #expect(try LayoutName(parsing: "de:nodeadkeys").description == "de(nodeadkeys)")
    #expect(throws: LayoutNameError.self) { try LayoutName(parsing: "de(") }
    #expect(throws: LayoutNameError.self) { try LayoutName(parsing: "") }
    #expect(throws: LayoutNameError.self) { try LayoutName(parsing: "de;rm") }
  }

  @Test("libxkbregistry lists the installed layouts and variants")
  func installedLayouts() {
    let names = LayoutName.installed()
    #expect(names.count > 100)
    #expect(names.contains(LayoutName(layout: "se")))
    #expect(names.contains(LayoutName(layout: "de", variant: "nodeadkeys")))
  }

  @Test("how-to-type lists every way and the relocation")
  func typingAnswer() throws {
    let se = try LayoutAnalyzer().keyboard(for: LayoutName(layout: "se"))
    let answer = TypingAnswer(
      shortcut: try KeyboardShortcut(parsing: "Ctrl+Shift+["), keyboard: se, platform: .linux)
    #expect(answer.reachability == "relocated")
    #expect(answer.ways.map(\.keyName) == ["KEY_8"])
    #expect(answer.ways.first?.level == 3)
    #expect(answer.relocation?.keyName == "KEY_LEFTBRACE")
    #expect(answer.typing.press?.evdevCode == 26)
    #expect(answer.typing.press?.matchKind == .localized)
    #expect(
      answer.text.hasPrefix(
        "Ctrl+Shift+[ on se: '[' needs AltGr, so automatic localization relocates it\n"
          + "  KEY_8 <AE08> level 3"))
  }
}

@Suite("Layouts and menu key commands")
struct MenuLayoutTests {
  @Test("a key command that turns automatic localization off is not relocated")
  func noLocalization() throws {
    let menu = """
      { "schemaVersion": 1, "menu": { "menu": "", "children": [
        { "command": "Fold", "action": "fold:", "shortcut": "Cmd+[", "allowsAutomaticLocalization": false },
        { "command": "Unfold", "action": "unfold:", "shortcut": "Cmd+}" } ] } }
      """
    let report = lint(
      [("menu.json", menu)], format: .menu,
      configuration: LintConfiguration(platform: .linux, layouts: [LayoutName(layout: "se")]))
    let notes = report.findings.filter { $0.code == .needsAltGr }.map { $0.notes[0].message }
    #expect(notes.count == 2)
    #expect(notes[0].hasSuffix("; automatic localization is off for this key command"))
    #expect(notes[1].hasSuffix("; automatic localization does not relocate it"))
  }
}

@Suite("Layouts: Ctrl+Alt and AltGr")
struct CtrlAltCollisionTests {
  @Test("Ctrl+Alt+L takes 'ł' on Polish where Ctrl+Alt stands in for AltGr")
  func polish() throws {
    let text = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Ctrl+Alt+L", "command": "format" },
        { "keys": "Ctrl+L", "command": "line" },
        { "keys": "Ctrl+Alt+F5", "command": "other" } ] } ] }
      """
    let report = lint(
      [("k.json", text)],
      configuration: LintConfiguration(
        platform: .linux, layouts: [LayoutName(layout: "pl"), LayoutName(layout: "us")]))
    let findings = report.findings.filter { $0.code == .ctrlAltCollision }
    #expect(findings.count == 1)
    #expect(findings.first?.location?.line == 2)
    #expect(
      findings.first?.message
        == "Ctrl+Alt+L (format) is on a key whose AltGr level types a character on pl")
    #expect(findings.first?.notes.map(\.message) == ["pl: AltGr+L types 'ł' (KEY_L, level 3)"])
  }
}
