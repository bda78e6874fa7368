import Dispatch
import MenuKit
import MenuKitJSON
import Synchronization

/// Writes a ``LintReport`` for people, for programs (versioned JSON), for code-scanning
/// views (SARIF 2.1.0) and for GitHub Actions (workflow annotations).
///
/// The formats are described in `docs/tools/keymap-lint.md`.
///
/// ```swift
/// print(LintReportFormatter.human(report), terminator: "")
/// // keymap.json:3:7: error[MK602 dead-binding]: Ctrl+K (a) in no context never runs: …
/// //   note: keymap.json:4:7: overridden here by b in no context
/// ```
package enum LintReportFormatter {
  /// The version of the JSON output; it changes only when a field changes meaning or goes.
  package static let jsonSchemaVersion = 2

  /// The output formats.
  package enum Format: String, CaseIterable, Hashable, Sendable {
    /// `path:line:col: severity[CODE name]: message` and indented notes.
    case human
    /// Versioned JSON (``jsonSchemaVersion``).
    case json
    /// SARIF 2.1.0.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…`).
    case github
  }

  /// The report in a format.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - format: The format.
  /// - Returns: The text, ending in a newline unless empty.
  package static func format(_ report: LintReport, as format: Format) -> String {
    switch format {
    case .human: human(report)
    case .json: json(report)
    case .sarif: sarif(report)
    case .github: github(report)
    }
  }

  // MARK: Human

  /// One line per finding, `path:line:col: severity[CODE name]: message`, then a line
  /// `  note: …` per note, then a summary line.
  ///
  /// - Parameter report: The report.
  /// - Returns: The text.
  package static func human(_ report: LintReport) -> String {
    human(report, inHalvesFrom: humanFindingsInHalves)
  }

  /// How many findings the text output writes in two halves, on two threads.
  static let humanFindingsInHalves = 512

  /// ``human(_:)``, with the findings' lines written in two halves on two threads when there
  /// are at least `threshold` findings (each finding's lines depend on it alone; the halves
  /// are joined in order; the tests compare both ways).
  static func human(_ report: LintReport, inHalvesFrom threshold: Int) -> String {
    let findings = report.findings
    var text: String
    if findings.count >= threshold {
      let middle = findings.count / 2
      let halves = Mutex(["", ""])
      DispatchQueue.concurrentPerform(iterations: 2) { part in
        let lines = humanLines(findings[part == 0 ? 0..<middle : middle..<findings.count])
        halves.withLock { $0[part] = lines }
      }
      text = halves.withLock { $0[0] + $0[1] }
    } else {
      text = humanLines(findings[...])
    }
    var lines: [String] = []
    let errors = report.count(.error)
    let warnings = report.count(.warning)
    let notes = report.count(.note)
    let checked =
      "\(report.files.count) \(report.files.count == 1 ? "file" : "files")"
      + (report.layouts.isEmpty
        ? "" : ", \(report.layouts.count) \(report.layouts.count == 1 ? "layout" : "layouts")")
    for skipped in report.skippedLayouts {
      lines.append("skipped layout \(skipped.name): \(skipped.reason)")
    }
    lines.append(
      "\(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(notes, "note")) "
        + "in \(checked)")
    return text + lines.joined(separator: "\n") + "\n"
  }

  /// The text output's lines of findings, each with its line break, as joining the lines with
  /// line breaks and ending with one would write them.
  static func humanLines(_ findings: ArraySlice<LintFinding>) -> String {
    var text = ""
    for finding in findings {
      let head =
        "\(finding.severity.rawValue)[\(finding.code.rawValue) \(finding.code.name)]: "
        + finding.message
      text += finding.location.map { "\($0): \(head)" } ?? head
      text += "\n"
      for detail in details(of: finding) {
        text += "  "
        text += detail
        text += "\n"
      }
    }
    return text
  }

  /// The lines under a finding, without indentation: its witness (`witness: Editor`), for a
  /// group every participant (`binding: k.json:3:9: Ctrl+D (a) in 'Editor'`), then its notes.
  static func details(of finding: LintFinding) -> [String] {
    var lines: [String] = []
    if let witness = finding.witness {
      lines.append("witness: " + LintModel.describe(witness))
    }
    if finding.isGroup {
      // Each dead binding's own witness matters (where it loses); an ambiguity's first is
      // enough for a person, and JSON and SARIF have every one.
      let witness = finding.code == .deadBinding ? finding.witness : nil
      for participant in finding.participants {
        lines.append(
          participantLine(
            participant, groupWitness: witness, showsWitness: finding.code == .deadBinding))
      }
    }
    for note in finding.notes {
      lines.append("note: " + (note.location.map { "\($0): " } ?? "") + note.message)
    }
    return lines
  }

  /// A participant of a group: `binding:` for one the group reports, `related:` for one it
  /// names, its position and summary, and its own witness when it is not the group's.
  static func participantLine(
    _ participant: LintParticipant, groupWitness: [KeyContext]?, showsWitness: Bool = true
  ) -> String {
    var line =
      (participant.role == .reported ? "binding: " : "related: ")
      + (participant.location.map { "\($0): " } ?? "") + participant.summary
    if showsWitness, let witness = participant.witness, witness != groupWitness {
      line += " (witness: \(LintModel.describe(witness)))"
    }
    return line
  }

  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  // MARK: JSON

  /// Versioned JSON: `schemaVersion`, what was checked, a summary and the findings, each with
  /// `code`, `name`, `severity`, `message`, `file`, `line`, `column` and `notes`.
  ///
  /// - Parameter report: The report.
  /// - Returns: The JSON text.
  package static func json(_ report: LintReport) -> String {
    let findings = report.findings.map { finding -> JSONValue in
      var members: [(String, JSONValue)] = [
        ("code", .string(finding.code.rawValue)), ("name", .string(finding.code.name)),
        ("severity", .string(finding.severity.rawValue)), ("message", .string(finding.message)),
      ]
      members += locationMembers(finding.location)
      members.append(("memberCount", number(max(1, finding.memberFingerprints.count))))
      members.append(("participants", .array(finding.participants.map(participantJSON))))
      if let witness = finding.witness { members.append(("witness", witnessJSON(witness))) }
      members.append(
        (
          "notes",
          .array(
            finding.notes.map { note in
              var fields: [(String, JSONValue)] = [("message", .string(note.message))]
              fields += locationMembers(note.location)
              if let layout = note.layout { fields.append(("layout", .string(layout))) }
              return node(.object(fields.sorted { $0.0 < $1.0 }.map(member)))
            })
        ))
      return .object(members.sorted { $0.0 < $1.0 }.map(member))
    }
    let summary: JSONValue = .object(
      [
        ("errors", number(report.count(.error))), ("notes", number(report.count(.note))),
        ("warnings", number(report.count(.warning))),
      ].map(member))
    let root: JSONValue = .object(
      [
        ("desktop", .string(report.configuration.desktop.rawValue)),
        ("files", .array(report.files.map { node(.string($0)) })),
        ("findings", .array(findings.map(node))),
        ("layouts", .array(report.layouts.map { node(.string($0.description)) })),
        ("platform", .string(report.configuration.platform.rawValue)),
        ("schemaVersion", number(jsonSchemaVersion)),
        (
          "skippedLayouts",
          .array(
            report.skippedLayouts.map { skipped in
              node(
                .object(
                  [
                    ("layout", .string(skipped.name.description)),
                    ("reason", .string(skipped.reason)),
                  ].map(member)))
            })
        ),
        ("summary", summary),
        ("tool", .string("keymap-lint")),
      ].map(member))
    return JSONWriter.write(root)
  }

  /// A participant in JSON: `role`, position, `keys`, `command`, `context` (null when none)
  /// and, when it has one, `witness`.
  static func participantJSON(_ participant: LintParticipant) -> JSONNode {
    var fields: [(String, JSONValue)] = [
      ("role", .string(participant.role.rawValue)), ("keys", .string(participant.keys)),
      ("command", .string(participant.command)),
      ("context", participant.context.map { .string($0) } ?? .null),
    ]
    fields += locationMembers(participant.location)
    if let witness = participant.witness { fields.append(("witness", witnessJSON(witness))) }
    return node(.object(fields.sorted { $0.0 < $1.0 }.map(member)))
  }

  /// A witness stack in JSON: its contexts, root first, each in the text form
  /// `KeyContext(parsing:)` reads (`"Editor mode=full"`; `""` for an empty context).
  static func witnessJSON(_ stack: [KeyContext]) -> JSONValue {
    .array(stack.map { node(.string($0.description)) })
  }

  static func locationMembers(_ location: SourceLocation?) -> [(String, JSONValue)] {
    guard let location else { return [] }
    return [
      ("file", .string(location.file)), ("line", number(location.line)),
      ("column", number(location.column)),
    ]
  }

  static func number(_ value: Int) -> JSONValue { .number(Double(value), literal: "\(value)") }

  static func node(_ value: JSONValue) -> JSONNode {
    JSONNode(value: value, location: SourceLocation(line: 0, column: 0))
  }

  static func member(_ pair: (String, JSONValue)) -> JSONMember {
    JSONMember(
      key: pair.0, keyLocation: SourceLocation(line: 0, column: 0), value: node(pair.1))
  }

  // MARK: SARIF

  /// The SARIF 2.1.0 schema's address.
  package static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// SARIF 2.1.0: one run of the `keymap-lint` driver with a rule per code and a result per
  /// finding; notes become related locations, and each result has a line-independent
  /// fingerprint (``LintBaseline``). Columns count Unicode code points
  /// (`columnKind: unicodeCodePoints`).
  ///
  /// - Parameter report: The report.
  /// - Returns: The SARIF log as JSON text.
  package static func sarif(_ report: LintReport) -> String {
    var codes = KeymapLinter.allRules.map(\.code)
    for finding in report.findings where !codes.contains(finding.code) {
      codes.append(finding.code)
    }
    let rules = codes.map { code -> JSONValue in
      .object(
        [
          ("id", .string(code.rawValue)), ("name", .string(code.name)),
          ("shortDescription", .object([member(("text", .string(code.name)))])),
          (
            "help",
            .object([
              member(
                (
                  "text",
                  .string(
                    "See docs/tools/diagnostics.md, section \(code.rawValue) \(code.name), for an "
                      + "example and a fix.")
                ))
            ])
          ),
          (
            "defaultConfiguration",
            .object([member(("level", .string(code.defaultSeverity.rawValue)))])
          ),
        ].map(member))
    }
    let results = report.findings.map { finding -> JSONValue in
      var members: [(String, JSONValue)] = [
        ("ruleId", .string(finding.code.rawValue)),
        ("ruleIndex", number(codes.firstIndex(of: finding.code) ?? 0)),
        ("level", .string(finding.severity.rawValue)),
        ("message", .object([member(("text", .string(finding.message)))])),
      ]
      if let location = finding.location {
        members.append(("locations", .array([node(sarifLocation(location, message: nil))])))
      }
      // A group's participants first, then the notes; a single finding's notes name the
      // bindings it is about.
      var relatedTexts: [(String, SourceLocation?)] = []
      if finding.isGroup {
        relatedTexts += finding.participants.map {
          (participantLine($0, groupWitness: finding.witness), $0.location)
        }
      }
      relatedTexts += finding.notes.map { ($0.message, $0.location) }
      let related = relatedTexts.enumerated().map { index, entry -> JSONValue in
        var fields: [(String, JSONValue)] = [
          ("id", number(index)), ("message", .object([member(("text", .string(entry.0)))])),
        ]
        if let location = entry.1 {
          fields.append(("physicalLocation", physicalLocation(location)))
        }
        return .object(fields.map(member))
      }
      if !related.isEmpty { members.append(("relatedLocations", .array(related.map(node)))) }
      var properties: [(String, JSONValue)] = []
      if let witness = finding.witness {
        properties.append(("witnessContextStack", .string(LintModel.describe(witness))))
      }
      if finding.isGroup {
        properties.append(
          (
            LintBaseline.memberFingerprintsProperty,
            .array(finding.memberFingerprints.map { node(.string($0)) })
          ))
      }
      if !properties.isEmpty { members.append(("properties", .object(properties.map(member)))) }
      // Code, file and message, not the line: a later run's --baseline recognises the finding
      // after its binding moved (LintBaseline), as code-scanning services do.
      members.append(
        (
          "partialFingerprints",
          .object([
            member((LintBaseline.fingerprintKey, .string(LintBaseline.fingerprint(of: finding))))
          ])
        ))
      return .object(members.map(member))
    }
    let driver: JSONValue = .object(
      [
        ("name", .string("keymap-lint")),
        ("rules", .array(rules.map(node))),
      ].map(member))
    let run: JSONValue = .object(
      [
        ("tool", .object([member(("driver", driver))])),
        ("columnKind", .string("unicodeCodePoints")),
        ("results", .array(results.map(node))),
      ].map(member))
    let root: JSONValue = .object(
      [
        ("$schema", .string(sarifSchema)), ("version", .string("2.1.0")),
        ("runs", .array([node(run)])),
      ].map(member))
    return JSONWriter.write(root)
  }

  static func sarifLocation(_ location: SourceLocation, message: String?) -> JSONValue {
    .object([member(("physicalLocation", physicalLocation(location)))])
  }

  static func physicalLocation(_ location: SourceLocation) -> JSONValue {
    .object(
      [
        ("artifactLocation", .object([member(("uri", .string(uriReference(location.file))))])),
        (
          "region",
          .object(
            [("startLine", number(location.line)), ("startColumn", number(location.column))]
              .map(member))
        ),
      ].map(member))
  }

  /// A path as a URI reference: characters other than unreserved ones and `/` are
  /// percent-encoded, so `my keymaps/a.json` is `my%20keymaps/a.json`.
  static func uriReference(_ path: String) -> String {
    // The unreserved bytes are copied as they are (ASCII, one byte each), a run at a time.
    var encoded = ""
    encoded.reserveCapacity(path.utf8.count)
    var run: [UInt8] = []
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        run.append(byte)
      default:
        encoded += String(decoding: run, as: UTF8.self)
        run.removeAll(keepingCapacity: true)
        appendEscape(byte, to: &encoded)
      }
    }
    encoded += String(decoding: run, as: UTF8.self)
    return encoded
  }

  // MARK: GitHub

  /// GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=T::message`, with
  /// `::warning` and `::notice`; the notes follow the message on their own lines.
  ///
  /// - Parameter report: The report.
  /// - Returns: One command per line.
  package static func github(_ report: LintReport) -> String {
    var lines: [String] = []
    for finding in report.findings {
      let command =
        switch finding.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
      var properties: [String] = []
      if let location = finding.location {
        properties += [
          "file=\(escapeProperty(location.file))", "line=\(location.line)",
          "col=\(location.column)",
        ]
      }
      properties.append(
        "title=\(escapeProperty("\(finding.code.rawValue) \(finding.code.name)"))")
      var message = finding.message
      for line in details(of: finding) { message += "\n" + line }
      lines.append("::\(command) \(properties.joined(separator: ","))::\(escapeData(message))")
    }
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  /// Escapes a workflow command's message: `%`, CR and LF.
  static func escapeData(_ text: String) -> String {
    percentEncoding(text, ["%", "\r", "\n"])
  }

  /// Escapes a workflow command's property: also `:` and `,`.
  static func escapeProperty(_ text: String) -> String {
    percentEncoding(text, ["%", "\r", "\n", ":", ","])
  }

  /// The text with each of the given ASCII scalars written as `%` and two hexadecimal digits,
  /// scalar by scalar (so the `\r` of a `\r\n` pair is escaped too).
  private static func percentEncoding(_ text: String, _ escaped: Set<Unicode.Scalar>) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if escaped.contains(scalar) {
        appendEscape(UInt8(truncatingIfNeeded: scalar.value), to: &result)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Appends a byte as `%` and two uppercase hexadecimal digits: `%2C`.
  private static func appendEscape(_ byte: UInt8, to text: inout String) {
    let digits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)
    text.unicodeScalars.append("%")
    text.unicodeScalars.append(digits[Int(byte >> 4)])
    text.unicodeScalars.append(digits[Int(byte & 0xF)])
  }
}
