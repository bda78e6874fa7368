import Foundation
import MenuKit
import Testing

@testable import MenuKitLint

// The report's fast paths after the layout sweep (issue 22) must give what the definitions they
// index give: witness clauses cut as `ranges(of:)` cuts them, paths percent-encoded scalar by
// scalar, and a group's notes told apart by their own equality.

private let corpusPath = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("MenuKitTests/Fixtures/corpus").path

/// The definition of ``LintFinding/messageWithoutWitness(_:)``: the text before the last
/// witness marker, as `String` finds it.
private func referenceWithoutWitness(_ message: String) -> String {
  guard let range = message.ranges(of: LintFinding.witnessMarker).last else { return message }
  return String(message[..<range.lowerBound])
}

/// The definition of ``LintReportFormatter/uriReference(_:)``, scalar by scalar.
private func referenceURIReference(_ path: String) -> String {
  var encoded = ""
  for byte in path.utf8 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
      encoded.unicodeScalars.append(Unicode.Scalar(byte))
    default:
      let digits = Array("0123456789ABCDEF".unicodeScalars)
      encoded.unicodeScalars.append("%")
      encoded.unicodeScalars.append(digits[Int(byte >> 4)])
      encoded.unicodeScalars.append(digits[Int(byte & 0xF)])
    }
  }
  return encoded
}

@Suite("The report's fast paths after the sweep")
struct SweepTailFastPathTests {
  /// Messages of a real report (VS Code's keymap on two layouts), and made-up ones around the
  /// marker: repeated, at the ends, after non-ASCII text, a Greek question mark (canonically a
  /// semicolon), a combining mark after the quote, CR LF.
  static func messages() -> [String] {
    let document = LintDocument.load(
      contentsOf: "\(corpusPath)/vscode/linux.keybindings.json", platform: .linux)
    var configuration = LintConfiguration(platform: .linux)
    configuration.layouts = [LayoutName(layout: "de"), LayoutName(layout: "se")]
    let report = KeymapLinter(configuration: configuration).lint([document])
    let marker = LintFinding.witnessMarker
    var messages = report.findings.map(\.message)
    messages += report.findings.flatMap(\.notes).map(\.message)
    messages += report.findings.prefix(50).map { $0.message + marker + "Editor'" }
    messages += [
      "", marker, marker + marker, "a" + marker + "b" + marker + "c'", "Ctrl+Ü" + marker + "x'",
      "Ctrl+é" + marker, "x\u{37E} witness context stack 'Editor'", "x" + marker + "\u{301}y'",
      "a\r\n" + marker + "\r\nb", "; witness context stack", "ä; witness context stack 'ö'",
      String(repeating: "ab; witness ", count: 40) + marker + "z",
      "é" + marker + "x'", "…" + marker + "\u{301}'" + marker + "y'", "\u{600}" + marker + "z'",
      "ü\u{37E} witness context stack 'a'" + marker, "→ Ctrl+K" + marker + "Editor > Pane'",
      "👍🏽" + marker + "👍🏽'" + marker, "e\u{301}" + marker + "\u{200D}x'",
    ]
    return messages
  }

  @Test("messageWithoutWitness cuts every message as ranges(of:) does")
  func witnessCutMatchesDefinition() {
    let messages = Self.messages()
    #expect(messages.count > 500)
    for message in messages {
      let fast = LintFinding.messageWithoutWitness(message)
      let reference = referenceWithoutWitness(message)
      #expect(Array(fast.utf8) == Array(reference.utf8), "\(message)")
    }
  }

  @Test("grouping merges on two threads exactly as on one")
  func parallelGroupingMatchesSequential() {
    let document = LintDocument.load(
      contentsOf: "\(corpusPath)/vscode/linux.keybindings.json", platform: .linux)
    var configuration = LintConfiguration(platform: .linux)
    configuration.layouts = ["de", "se", "fr", "ru", "pl", "cz"].map { LayoutName(layout: $0) }
    let report = KeymapLinter(configuration: configuration).lint([document])
    let sequential = report.grouped(mergingInParallelFrom: .max)
    let parallel = report.grouped(mergingInParallelFrom: 1)
    #expect(sequential.findings.filter(\.isGroup).count > 64)
    #expect(parallel == sequential)
    #expect(report.grouped() == sequential)
    #expect(
      LintReportFormatter.format(parallel, as: .sarif)
        == LintReportFormatter.format(sequential, as: .sarif))
    // The text output in two halves, of the grouped report and of the ungrouped one.
    for report in [sequential, report] {
      let whole = LintReportFormatter.human(report, inHalvesFrom: .max)
      #expect(Array(LintReportFormatter.human(report, inHalvesFrom: 1).utf8) == Array(whole.utf8))
      #expect(Array(LintReportFormatter.human(report).utf8) == Array(whole.utf8))
    }
    let empty = LintReport(findings: [], files: [], layouts: [], configuration: configuration)
    #expect(
      LintReportFormatter.human(empty, inHalvesFrom: 0)
        == LintReportFormatter.human(empty, inHalvesFrom: .max))
  }

  @Test("uriReference encodes paths as the scalar-by-scalar definition does")
  func uriReferenceMatchesDefinition() {
    let paths = [
      "", "a.json", "my keymaps/a.json", "Tests/MenuKitTests/Fixtures/corpus/vscode/linux.json",
      "dir with spaces/ünïcödé/файл.json", "%already%20encoded", "~/x_y-z.1", "a#b?c&d=e",
      "/abs/path/ended with space ", "日本語/キー.json", "tab\there", "\u{301}combining",
    ]
    for path in paths {
      #expect(
        LintReportFormatter.uriReference(path) == referenceURIReference(path), "\(path)")
    }
  }

  @Test("a group's notes are told apart as the notes' own equality tells them apart")
  func noteIdentityIsNoteEquality() {
    let notes = [
      LintNote("de: 'x' is typed on KEY_X", layout: "de"),
      LintNote("de: 'x' is typed on KEY_X", layout: "de"),
      LintNote("de: 'é' is typed on KEY_E", layout: "de"),
      LintNote("de: 'e\u{301}' is typed on KEY_E", layout: "de"),
      LintNote("se: 'é' is typed on KEY_E", layout: "se"),
      LintNote("both apply in the context stack 'Editor'"),
      LintNote("both apply in the context stack 'Editor'"),
      LintNote("both apply in the context stack 'Pane'"),
      LintNote("de: 'x' is typed on KEY_X", layout: "de\u{301}"),
      LintNote("de: 'x' is typed on KEY_X", layout: "dé"),
    ]
    var byNote: [LintNote] = []
    var seenNotes: Set<LintNote> = []
    var byIdentity: [LintNote] = []
    var seenIdentities: Set<NoteIdentity> = []
    for note in notes + notes.reversed() {
      if seenNotes.insert(note).inserted { byNote.append(note) }
      if seenIdentities.insert(NoteIdentity(note)).inserted { byIdentity.append(note) }
    }
    #expect(byIdentity == byNote)
    #expect(byNote.count == 6)
  }
}
