import Foundation
import MenuKit
import MenuKitLint
import Testing

/// Three bindings of Ctrl+D in one context (the first two never run), two of Ctrl+[ (which
/// needs AltGr on German) and one ambiguity of Ctrl+W.
private let keymap = """
  { "schemaVersion": 1, "keymap": [
    { "context": "Editor", "bindings": [
      { "keys": "Ctrl+D", "command": "duplicate:" },
      { "keys": "Ctrl+D", "command": "deleteChar:" },
      { "keys": "Ctrl+D", "command": "select:" },
      { "keys": "Ctrl+[", "command": "outdent:" },
      { "keys": "Ctrl+Shift+[", "command": "fold:" },
      { "keys": "Ctrl+[", "command": "indentLess:" }
    ] },
    { "context": "Pane && pinned", "bindings": [ { "keys": "Ctrl+W", "command": "closeWindow:" } ] },
    { "context": "Pane && focused", "bindings": [ { "keys": "Ctrl+W", "command": "closeTab:" } ] }
  ] }
  """

private let german = LintConfiguration(platform: .linux, layouts: [LayoutName(layout: "de")])

@Suite("keymap-lint groups the findings of one key")
struct LintGroupingTests {
  @Test("two dead bindings of Ctrl+D are one MK602 naming the key, the count and every binding")
  func deadBindingsGroup() throws {
    let report = lint([("k.json", keymap)], configuration: german)
    let ungrouped = report.findings.filter { $0.code == .deadBinding }
    #expect(ungrouped.count == 3)  // the two of Ctrl+D and the first of Ctrl+[
    let grouped = report.grouped()
    let dead = grouped.findings.filter { $0.code == .deadBinding }
    #expect(dead.count == 2)
    let ctrlD = try #require(dead.first { $0.message.hasPrefix("Ctrl+D:") })
    #expect(
      ctrlD.message
        == "Ctrl+D: 2 bindings never run: later bindings of the same keys in their file apply "
        + "wherever each does and win (same depth, later wins); remove them or narrow the later "
        + "contexts")
    #expect(ctrlD.location?.line == 3)
    #expect(ctrlD.participants.map(\.command) == ["duplicate:", "deleteChar:", "select:"])
    #expect(ctrlD.participants.map(\.role) == [.reported, .reported, .related])
    #expect(ctrlD.participants.map { $0.location?.line } == [3, 4, 5])
    #expect(ctrlD.participants.allSatisfy { $0.context == "Editor" })
    #expect(ctrlD.participants.filter { $0.role == .reported }.allSatisfy { $0.witness != nil })
    #expect(ctrlD.memberFingerprints == ungrouped.prefix(2).map(LintBaseline.fingerprint(of:)))
    #expect(ctrlD.notes.isEmpty)
    // Ctrl+[ has one dead binding: its finding is kept as it is.
    let bracket = try #require(dead.first { !$0.message.hasPrefix("Ctrl+D:") })
    #expect(!bracket.isGroup)
  }

  @Test("two bindings of Ctrl+[ that need AltGr on de are one MK606, with the layout's note once")
  func layoutFindingsGroup() throws {
    let report = lint([("k.json", keymap)], configuration: german)
    #expect(report.findings.filter { $0.code == .needsAltGr }.count == 3)
    let grouped = report.grouped().findings.filter { $0.code == .needsAltGr }
    let bracket = try #require(grouped.first { $0.message.hasPrefix("Ctrl+[:") })
    #expect(bracket.message == "Ctrl+[: 2 bindings need AltGr on de")
    #expect(bracket.participants.map(\.command) == ["outdent:", "indentLess:"])
    #expect(bracket.notes.count == 1)
    #expect(bracket.notes.first?.layout == "de")
    // Ctrl+Shift+[ needs AltGr too, but it is another press: its own finding.
    #expect(grouped.count == 2)
  }

  @Test("a key with one finding keeps it as it is")
  func singleFindingIsKept() throws {
    let report = lint([("k.json", keymap)], configuration: german)
    let ambiguous = report.findings.filter { $0.code == .ambiguousBinding }
    #expect(ambiguous.count == 1)
    #expect(report.grouped().findings.filter { $0.code == .ambiguousBinding } == ambiguous)
    #expect(ambiguous[0].participants.map(\.role) == [.reported, .related])
    #expect(ambiguous[0].participants[0].witness == ambiguous[0].witness)
  }

  @Test("human, JSON, SARIF and GitHub output list a group's participants")
  func formats() throws {
    let report = lint([("k.json", keymap)]).grouped()
    let human = LintReportFormatter.human(report)
    #expect(
      human.contains(
        """
        k.json:3:5: error[MK602 dead-binding]: Ctrl+D: 2 bindings never run: later bindings of \
        the same keys in their file apply wherever each does and win (same depth, later wins); \
        remove them or narrow the later contexts
          witness: Editor
          binding: k.json:3:5: Ctrl+D (duplicate:) in 'Editor'
          binding: k.json:4:5: Ctrl+D (deleteChar:) in 'Editor'
          related: k.json:5:5: Ctrl+D (select:) in 'Editor'

        """))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(LintReportFormatter.json(report).utf8))
        as? [String: Any])
    let findings = try #require(json["findings"] as? [[String: Any]])
    let group = try #require(findings.first { ($0["memberCount"] as? Int) == 2 })
    let participants = try #require(group["participants"] as? [[String: Any]])
    #expect(participants.count == 3)
    #expect(participants[1]["file"] as? String == "k.json")
    #expect(participants[1]["line"] as? Int == 4)
    #expect(participants[1]["column"] as? Int == 5)
    #expect(participants[1]["command"] as? String == "deleteChar:")
    #expect(participants[1]["context"] as? String == "Editor")
    #expect(participants[1]["witness"] as? [String] == ["Editor"])
    #expect(group["witness"] as? [String] == ["Editor"])
    let sarif = LintReportFormatter.sarif(report)
    #expect(sarif.contains("\"memberFingerprints\""))
    #expect(sarif.contains("\"text\": \"binding: k.json:4:5: Ctrl+D (deleteChar:) in 'Editor'\""))
    let github = LintReportFormatter.github(report).split(separator: "\n")
    #expect(github.count == report.findings.count)
    #expect(
      github.contains {
        $0.hasPrefix(
          "::error file=k.json,line=3,col=5,title=MK602 dead-binding::Ctrl+D: 2 bindings")
          && $0.contains("%0Abinding: k.json:4:5: Ctrl+D (deleteChar:) in 'Editor'")
      })
  }

  @Test("a grouped SARIF baseline knows each finding; a new binding of the key is a group of one")
  func baseline() throws {
    let before = lint([("k.json", keymap)]).grouped()
    let baseline = try LintBaseline(sarif: LintReportFormatter.sarif(before), path: "b.sarif")
    #expect(lint([("k.json", keymap)]).excluding(baseline).findings.isEmpty)
    #expect(before.excluding(baseline).findings.isEmpty)
    // One more Ctrl+D binding: the earlier ones were in the baseline, only it is new.
    let more = keymap.replacingOccurrences(
      of: #"{ "keys": "Ctrl+D", "command": "select:" }"#,
      with: #"{ "keys": "Ctrl+D", "command": "select:" }, { "keys": "Ctrl+D", "command": "x:" }"#)
    let after = lint([("k.json", more)]).excluding(baseline).grouped()
    let dead = after.findings.filter { $0.code == .deadBinding }
    #expect(dead.count == 1)
    #expect(dead.first?.message.hasPrefix("Ctrl+D (select:) in 'Editor' never runs") == true)
  }
}
