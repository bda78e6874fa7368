import Foundation
import MenuKit
import MenuKitLint
import Testing

private let deadKeymap = """
  { "schemaVersion": 1, "keymap": [
    { "bindings": [ { "keys": "Cmd+K", "command": "a" }, { "keys": "Cmd+K", "command": "b" } ] }
  ] }
  """

@Suite("Output formats")
struct FormatterTests {
  let report = lint([("k.json", deadKeymap)])

  @Test("human: path:line:col: severity[CODE name]: message, notes, summary")
  func human() {
    let text = LintReportFormatter.human(report)
    #expect(
      text == """
        k.json:2:19: error[MK602 dead-binding]: Ctrl+K (a) in no context never runs: later \
        bindings of the same keys in this file apply wherever it does and win (same depth, \
        later wins); remove it or narrow the later context
          witness: (any)
          note: k.json:2:56: overridden here by b in no context
        1 error, 0 warnings, 0 notes in 1 file

        """)
  }

  @Test("json: versioned, with positions and notes")
  func json() throws {
    let data = Data(LintReportFormatter.json(report).utf8)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(root["schemaVersion"] as? Int == 2)
    let findings = try #require(root["findings"] as? [[String: Any]])
    #expect(findings.count == 1)
    #expect(findings[0]["code"] as? String == "MK602")
    #expect(findings[0]["line"] as? Int == 2)
    #expect(findings[0]["column"] as? Int == 19)
    let notes = try #require(findings[0]["notes"] as? [[String: Any]])
    #expect(notes[0]["column"] as? Int == 56)
    #expect(findings[0]["witness"] as? [String] == [""])
    let participants = try #require(findings[0]["participants"] as? [[String: Any]])
    #expect(participants.map { $0["role"] as? String } == ["reported", "related"])
    #expect(participants.map { $0["command"] as? String } == ["a", "b"])
    #expect(participants[0]["context"] is NSNull)
    #expect(participants[0]["witness"] as? [String] == [""])
    #expect((root["summary"] as? [String: Int])?["errors"] == 1)
  }

  @Test("sarif: the fields SARIF 2.1.0 requires")
  func sarif() throws {
    let data = Data(LintReportFormatter.sarif(report).utf8)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(root["version"] as? String == "2.1.0")
    #expect((root["$schema"] as? String)?.contains("sarif-2.1.0") == true)
    let run = try #require((root["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "keymap-lint")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.contains { $0["id"] as? String == "MK606" })
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "MK602")
    #expect(result["level"] as? String == "error")
    #expect((result["message"] as? [String: Any])?["text"] as? String == report.findings[0].message)
    let location = try #require((result["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "k.json")
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 2)
    #expect(region["startColumn"] as? Int == 19)
    let ruleIndex = try #require(result["ruleIndex"] as? Int)
    #expect(rules[ruleIndex]["id"] as? String == "MK602")
  }

  @Test("github: workflow commands with escaped properties and message")
  func github() {
    let text = LintReportFormatter.github(report)
    #expect(
      text.hasPrefix(
        "::error file=k.json,line=2,col=19,title=MK602 dead-binding::Ctrl+K (a) in no context"))
    #expect(text.contains("%0Anote: k.json:2:56: overridden here by b in no context"))
    #expect(text.split(separator: "\n").count == 1)
  }
}

@Suite("Output formats: paths")
struct FormatterPathTests {
  @Test("sarif writes a path with a space as a percent-encoded URI reference")
  func sarifPath() {
    let report = lint([
      (
        "my keymaps/k.json",
        #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Alt+F4", "command": "a" } ] } ] }"#
      )
    ])
    let text = LintReportFormatter.sarif(report)
    #expect(text.contains(#""uri": "my%20keymaps/k.json""#))
  }
}

@Suite("Output formats: the JSON schema in docs/")
struct FormatterSchemaTests {
  /// `docs/tools/keymap-lint-report.schema.json`, read as JSON.
  private func schema() throws -> [String: Any] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/tools/keymap-lint-report.schema.json")
    let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: path))
    return try #require(object as? [String: Any])
  }

  @Test("the schema's version and fields are those the JSON output writes, grouped or not")
  func schemaMatchesOutput() throws {
    let schema = try schema()
    let properties = try #require(schema["properties"] as? [String: Any])
    let version = try #require(properties["schemaVersion"] as? [String: Any])
    #expect(version["const"] as? Int == LintReportFormatter.jsonSchemaVersion)
    let definitions = try #require(schema["$defs"] as? [String: Any])
    func fields(_ name: String) throws -> Set<String> {
      let definition = try #require(definitions[name] as? [String: Any])
      return Set(try #require(definition["properties"] as? [String: Any]).keys)
    }
    let keymap = """
      { "schemaVersion": 1, "keymap": [ { "context": "Editor", "bindings": [
        { "keys": "Cmd+K", "command": "a" }, { "keys": "Cmd+K", "command": "b" },
        { "keys": "Cmd+K", "command": "c" } ] } ] }
      """
    let report = lint([("k.json", keymap)]).grouped()
    #expect(report.findings.contains { $0.isGroup })
    let output = try #require(
      try JSONSerialization.jsonObject(with: Data(LintReportFormatter.json(report).utf8))
        as? [String: Any])
    #expect(Set(output.keys) == Set(properties.keys))
    let findingFields = try fields("finding")
    let participantFields = try fields("participant")
    for finding in try #require(output["findings"] as? [[String: Any]]) {
      #expect(Set(finding.keys).isSubset(of: findingFields))
      for participant in try #require(finding["participants"] as? [[String: Any]]) {
        #expect(Set(participant.keys).isSubset(of: participantFields))
      }
    }
  }
}
