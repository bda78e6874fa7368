import Foundation
import MenuKit
import MenuKitLint
import MenuKitXKB
import Testing

private let vtKeymap = """
  { "schemaVersion": 1, "keymap": [ { "bindings": [
    { "keys": "Ctrl+Alt+F7", "command": "vt" },
    { "keys": "Ctrl+F7", "command": "f7" } ] } ] }
  """

private func layouts(_ names: String...) -> LintConfiguration {
  LintConfiguration(platform: .linux, layouts: names.map { LayoutName(layout: $0) })
}

/// The codes of the layout rules.
private let layoutCodes: Set<DiagnosticCode> = [
  .untypableShortcut, .needsAltGr, .movedKey, .ctrlAltCollision, .layoutAction,
]

@Suite("Layouts: presses the layout turns into something else (MK614)")
struct LayoutActionRuleTests {
  @Test("Ctrl+Alt+F7 is the virtual-terminal switch on us: MK614; Ctrl+F7 raises nothing")
  func virtualTerminal() throws {
    let report = lint([("k.json", vtKeymap)], configuration: layouts("us"))
    let findings = report.findings.filter { $0.code == .layoutAction }
    #expect(findings.count == 1)
    let finding = try #require(findings.first)
    #expect(finding.severity == .warning)
    #expect(finding.location == SourceLocation(file: "k.json", line: 2, column: 3))
    #expect(
      finding.message
        == "Ctrl+Alt+F7 (vt) never fires on us: the layout turns the press into something else")
    #expect(
      finding.notes.map(\.message) == [
        "us: 'F7' is on KEY_F7 (level 1), but KEY_F7 with Ctrl+Alt produces XF86Switch_VT_7 "
          + "(level 5), which switches to virtual terminal 7"
      ])
    #expect(
      !report.findings.contains { layoutCodes.contains($0.code) && $0.message.contains("(f7)") })
  }

  @Test("the code is registered, documented in SARIF, and stable")
  func registered() throws {
    #expect(DiagnosticCode.layoutAction.rawValue == "MK614")
    #expect(DiagnosticCode.layoutAction.name == "layout-action")
    #expect(DiagnosticCode.lintCodes.contains(.layoutAction))
    #expect(KeymapLinter.allRules.contains { $0.code == .layoutAction })
    let report = lint([("k.json", vtKeymap)], configuration: layouts("us"))
    let sarif = try JSONSerialization.jsonObject(
      with: Data(LintReportFormatter.sarif(report).utf8))
    let runs = try #require((sarif as? [String: Any])?["runs"] as? [[String: Any]])
    let driver = try #require(
      (runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let rule = try #require(rules.first { $0["id"] as? String == "MK614" })
    #expect(rule["name"] as? String == "layout-action")
  }

  @Test("the layout rules report exactly what the typing engine says, layout by layout")
  func rulesFollowTheEngine() throws {
    let strokes = [
      "Ctrl+[", "Ctrl+Shift+[", "Ctrl+{", "Ctrl+]", "Ctrl+/", "Ctrl+\\", "Ctrl+`", "Ctrl+@",
      "Ctrl+Alt+F7", "Ctrl+F7", "Shift+Tab", "Ctrl+S", "Ctrl+Alt+L", "Ctrl+Shift+1", "Ctrl+=",
    ]
    let bindings = strokes.enumerated().map { index, keys in
      let escaped = keys.replacingOccurrences(of: "\\", with: "\\\\")
      return #"{ "keys": "\#(escaped)", "command": "c\#(index)" }"#
    }
    let text = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [ \(bindings.joined(separator: ", ")) ] } ] }
      """
    let names = ["us", "de", "fr", "se", "ru"]
    let analyzer = LayoutAnalyzer()
    let report = KeymapLinter(configuration: layouts("us", "de", "fr", "se", "ru")).lint(
      [LintDocument.load(text: text, path: "k.json", format: .keymap, platform: .linux)],
      layouts: analyzer)
    var checked = 0
    for (index, keys) in strokes.enumerated() {
      let stroke = try KeyboardShortcut(parsing: keys)
      let findings = report.findings.filter {
        layoutCodes.contains($0.code) && $0.message.contains("(c\(index))")
      }
      for name in names {
        let keyboard = try analyzer.keyboard(for: LayoutName(layout: name))
        let typing = keyboard.typing(of: stroke, platform: .linux)
        let codes = Set(
          findings.filter { $0.notes.contains { $0.layout == name } }.map(\.code))
        let context = "\(keys) on \(name): engine \(typing.verdict), lint \(codes)"
        checked += 1
        switch typing.verdict {
        case .unreachable:
          #expect(codes == [.untypableShortcut], "\(context)")
        case .needsAltGr:
          #expect(codes == [.needsAltGr], "\(context)")
        case .layoutAction, .modifiersConsumed:
          #expect(codes == [.layoutAction], "\(context)")
        case .relocated:
          let original = keyboard.typing(
            of: stroke, platform: .linux, allowsAutomaticLocalization: false)
          if original.verdict == .unreachable {
            #expect(codes == [.untypableShortcut], "\(context)")
          } else if original.verdict != .direct, original.press?.holdsLevelShift == true {
            #expect(codes == [.needsAltGr], "\(context)")
          } else {
            #expect(codes.isEmpty, "\(context)")
          }
        case .direct:
          #expect(codes.isSubset(of: [.movedKey, .ctrlAltCollision]), "\(context)")
        }
      }
    }
    print("layout rules vs typing engine: \(checked) strokes and layouts compared")
    #expect(checked == strokes.count * names.count)
  }
}
