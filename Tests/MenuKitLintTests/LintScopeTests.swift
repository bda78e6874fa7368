import Foundation
import MenuKit
import MenuKitLint
import Testing

/// Base keymaps (an editor's defaults): a binding the checked file overrides, a conflict of
/// their own, and a prefix the checked file's sequence starts with.
private let baseKeymap = """
  { "schemaVersion": 1, "keymap": [
    { "bindings": [
      { "keys": "Ctrl+P", "command": "quickOpen" },
      { "keys": "Ctrl+D", "command": "duplicate" },
      { "keys": "Ctrl+D", "command": "deleteChar" },
      { "keys": "Ctrl+K", "command": "kill" }
    ] }
  ] }
  """

/// The user's file: overrides Ctrl+P, starts a sequence with Ctrl+K, and has its own dead
/// binding.
private let checkedKeymap = """
  { "schemaVersion": 1, "keymap": [
    { "bindings": [
      { "keys": "Ctrl+P", "command": "print" },
      { "keys": "Ctrl+K Ctrl+S", "command": "saveAll" },
      { "keys": "Ctrl+J", "command": "join" },
      { "keys": "Ctrl+J", "command": "join2" }
    ] }
  ] }
  """

/// `CODE file:line:column` for each finding, and the same for each of its notes.
private func positions(_ report: LintReport) -> [String] {
  report.findings.map { finding in
    let notes = finding.notes.compactMap(\.location).map { "\($0.file):\($0.line):\($0.column)" }
    let at = finding.location.map { "\($0.file):\($0.line):\($0.column)" } ?? "-"
    return ([finding.code.rawValue + " " + at] + notes).joined(separator: " | ")
  }
}

@Suite("Linting what you own: --base and --baseline")
struct LintScopeTests {
  @Test("over base keymaps, only findings that involve the checked file are reported, at it")
  func limitedToCheckedFiles() {
    let report = lint([("base.json", baseKeymap), ("mine.json", checkedKeymap)])
    let mine = report.limited(toFiles: ["mine.json"])
    #expect(mine.files == ["mine.json"])
    // In the report's order, by their new positions: the override and the prefix moved here.
    #expect(
      positions(mine)
        == [
          "MK603 mine.json:3:5 | base.json:3:5",
          "MK604 mine.json:4:5 | base.json:6:5",
          "MK602 mine.json:5:5 | mine.json:6:5",
        ])
    // The base's own conflict (Ctrl+D) is not the user's to fix.
    #expect(!mine.findings.contains { $0.message.contains("duplicate") })
    // A finding moved to the checked file says which base binding it is about.
    let override = mine.findings.first { $0.code == .resolvedOverride }
    #expect(override?.notes.first?.message == "the base binding this finding is about")
    #expect(override?.message.contains("Ctrl+P (quickOpen)") == true)
  }

  @Test("a finding at a base file that names no checked file is dropped; nothing is invented")
  func baseOnlyFindingsDropped() {
    let report = lint([("base.json", baseKeymap), ("mine.json", checkedKeymap)])
    #expect(
      report.findings.contains { $0.location?.file == "base.json" && $0.code == .deadBinding })
    let limited = report.limited(toFiles: ["mine.json"])
    #expect(limited.findings.allSatisfy { $0.location?.file == "mine.json" })
    #expect(limited.findings.count == 3)
  }

  @Test("a run's own SARIF as --baseline leaves nothing to report, after the bindings moved too")
  func baselineOfSameRun() throws {
    let report = lint([("mine.json", checkedKeymap)])
    #expect(!report.findings.isEmpty)
    let sarif = LintReportFormatter.sarif(report)
    let baseline = try LintBaseline(sarif: sarif, path: "lint.sarif")
    #expect(report.excluding(baseline).findings.isEmpty)
    // The same bindings three lines further down: matched by code, keys and command, not line.
    let moved = checkedKeymap.replacingOccurrences(
      of: "{ \"bindings\": [", with: "\n\n\n{ \"bindings\": [")
    let movedReport = lint([("mine.json", moved)])
    #expect(movedReport.findings.map(\.location?.line) != report.findings.map(\.location?.line))
    #expect(movedReport.excluding(baseline).findings.isEmpty)
    // A new conflict is reported.
    let grown = checkedKeymap.replacingOccurrences(
      of: #"{ "keys": "Ctrl+P", "command": "print" },"#,
      with: #"{ "keys": "Ctrl+P", "command": "print" }, { "keys": "Ctrl+P", "command": "p2" },"#)
    let fresh = lint([("mine.json", grown)]).excluding(baseline)
    #expect(fresh.findings.map(\.code) == [.deadBinding])
    #expect(fresh.findings.first?.message.contains("Ctrl+P (print)") == true)
  }

  @Test("a baseline without fingerprints is matched by rule, file and message")
  func baselineWithoutFingerprints() throws {
    let report = lint([("my keymaps/mine.json", checkedKeymap)])
    let sarif = LintReportFormatter.sarif(report)
    #expect(sarif.contains(LintBaseline.fingerprintKey))
    var lines = sarif.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Take out every partialFingerprints object, as a tool that rewrites SARIF might.
    while let start = lines.firstIndex(where: { $0.contains("\"partialFingerprints\"") }) {
      let end = lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "}" }!
      lines.removeSubrange(start...end)
      if lines[start - 1].hasSuffix(",") { lines[start - 1].removeLast() }
    }
    let stripped = lines.joined(separator: "\n")
    #expect(!stripped.contains("partialFingerprints"))
    let baseline = try LintBaseline(sarif: stripped, path: "old.sarif")
    #expect(report.excluding(baseline).findings.isEmpty)
  }

  @Test("a baseline that is not a SARIF log is an error with its position")
  func badBaseline() {
    #expect(throws: LintBaselineError.self) {
      try LintBaseline(sarif: "{ \"runs\": [", path: "b.sarif")
    }
    do {
      _ = try LintBaseline(sarif: "{\n  \"version\": 1\n}", path: "b.sarif")
      Issue.record("a log without runs was read")
    } catch {
      #expect(
        error.description
          == #"b.sarif:1:1: expected a SARIF log (an object with "runs"), as keymap-lint --format sarif writes"#
      )
    }
  }
}
