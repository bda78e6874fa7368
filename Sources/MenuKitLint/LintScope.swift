import MenuKit
import MenuKitJSON

// What a CI user checks: their own files layered over base keymaps (`--base`), and only what
// is new since an earlier run (`--baseline`).

extension LintReport {
  /// The report limited to findings that involve a binding of the checked files: the files
  /// under check are linted together with base keymaps (an editor's defaults, an app's
  /// built-in keymap), and what concerns only the base is left out.
  ///
  /// A finding at a checked file is kept as it is. A finding at a base file whose notes name a
  /// checked file — a base binding the checked one overrides, or conflicts with — is kept,
  /// anchored at the first such note's position, with the base binding as a note (a related
  /// location in SARIF). Every other finding at a base file, and every diagnostic of reading a
  /// base file, is dropped; findings without a position are kept.
  ///
  /// ```swift
  /// let report = linter.lint(baseDocuments + checkedDocuments)
  ///   .limited(toFiles: Set(checkedDocuments.map(\.path)))
  /// ```
  ///
  /// - Parameter checkedFiles: The paths of the files under check, as their documents hold them.
  /// - Returns: The report with the kept findings, in the report's order, and only the checked
  ///   files in ``files``.
  package func limited(toFiles checkedFiles: Set<String>) -> LintReport {
    var report = self
    report.files = files.filter(checkedFiles.contains)
    report.findings = findings.compactMap { finding in
      guard let location = finding.location, !checkedFiles.contains(location.file) else {
        return finding
      }
      guard
        let index = finding.notes.firstIndex(where: {
          $0.location.map { checkedFiles.contains($0.file) } ?? false
        }), let anchor = finding.notes[index].location
      else { return nil }
      var anchored = finding
      anchored.diagnostic.location = anchor
      anchored.notes[index] = LintNote("the base binding this finding is about", at: location)
      // The checked binding is now the one the finding is at; the base one is named.
      for number in anchored.participants.indices {
        switch anchored.participants[number].location {
        case anchor?: anchored.participants[number].role = .reported
        case location?: anchored.participants[number].role = .related
        default: break
        }
      }
      return anchored
    }
    report.findings.sort(by: KeymapLinter.reportOrder)
    return report
  }

  /// The report without the findings a baseline already has: a CI run that reports only what
  /// is new since the run that wrote the baseline.
  ///
  /// Findings are matched by their ``LintBaseline/fingerprint(of:)`` — code, file and
  /// message (the keys, command, context and layouts) — never by line, so bindings that moved
  /// are still recognised.
  ///
  /// - Parameter baseline: The findings of an earlier run.
  /// - Returns: The report with the findings the baseline does not have.
  package func excluding(_ baseline: LintBaseline) -> LintReport {
    var report = self
    report.findings = findings.filter { !baseline.contains($0) }
    return report
  }
}

/// The findings of an earlier keymap-lint run, read from its SARIF log, for reporting only new
/// findings (`keymap-lint --baseline FILE`).
///
/// ```swift
/// let baseline = try LintBaseline(sarif: previousLog, path: "lint.sarif")
/// let newOnly = report.excluding(baseline)
/// ```
package struct LintBaseline: Hashable, Sendable {
  /// The fingerprints of the baseline's findings.
  package var fingerprints: Set<String>

  /// The key of MenuKit's fingerprint in a SARIF result's `partialFingerprints`.
  package static let fingerprintKey = "menukitFinding/v1"
  /// The SARIF result property that lists the fingerprints of a group's findings
  /// (``LintReport/grouped()``).
  package static let memberFingerprintsProperty = "memberFingerprints"

  /// Creates a baseline of fingerprints.
  package init(fingerprints: Set<String> = []) {
    self.fingerprints = fingerprints
  }

  /// Reads a SARIF log that keymap-lint wrote (`--format sarif`).
  ///
  /// A result's fingerprint is its `partialFingerprints` entry for ``fingerprintKey``; a result
  /// without one (a log another tool rewrote) gets the fingerprint of its `ruleId`, first
  /// location's `uri` and message text.
  ///
  /// - Parameters:
  ///   - sarif: The log's text.
  ///   - path: The log's path, for positions in errors.
  /// - Throws: ``LintBaselineError`` when the text is not JSON or not a SARIF log.
  package init(sarif: String, path: String) throws(LintBaselineError) {
    let root: JSONNode
    do {
      root = try JSONReader.parse(sarif, file: path)
    } catch {
      throw LintBaselineError(message: error.message, location: error.location)
    }
    guard let runs = root.member("runs")?.value.arrayValue else {
      throw LintBaselineError(
        message: "expected a SARIF log (an object with \"runs\"), as keymap-lint --format sarif "
          + "writes", location: root.location)
    }
    var fingerprints: Set<String> = []
    for run in runs {
      for result in run.member("results")?.value.arrayValue ?? [] {
        // A group knows each of its findings by its own fingerprint.
        for member in result.member("properties")?.member(Self.memberFingerprintsProperty)?
          .value.arrayValue ?? []
        {
          if let stored = member.value.stringValue { fingerprints.insert(stored) }
        }
        if let stored = result.member("partialFingerprints")?.member(Self.fingerprintKey)?.value
          .stringValue
        {
          fingerprints.insert(stored)
          continue
        }
        guard let code = result.member("ruleId")?.value.stringValue,
          let message = result.member("message")?.member("text")?.value.stringValue
        else {
          throw LintBaselineError(
            message: "expected a result with \"ruleId\" and \"message\".\"text\"",
            location: result.location)
        }
        let uri =
          result.member("locations")?.value.arrayValue?.first?.member("physicalLocation")?
          .member("artifactLocation")?.member("uri")?.value.stringValue ?? ""
        fingerprints.insert(
          Self.fingerprint(
            code: code, uri: uri, message: LintFinding.messageWithoutWitness(message)))
      }
    }
    self.fingerprints = fingerprints
  }

  /// Whether the baseline has a finding; a group (``LintReport/grouped()``) is in the
  /// baseline when every finding it was made of is.
  package func contains(_ finding: LintFinding) -> Bool {
    if finding.isGroup { return finding.memberFingerprints.allSatisfy(fingerprints.contains) }
    return fingerprints.contains(Self.fingerprint(of: finding))
  }

  /// A finding's fingerprint: a hash of its code, its file as a SARIF URI reference and its
  /// message without a witness clause (`; witness context stack '…'`, which messages ended with
  /// before JSON version 2) — not its line or
  /// column, so fingerprints are those of runs before findings named a witness.
  package static func fingerprint(of finding: LintFinding) -> String {
    fingerprint(
      code: finding.code.rawValue,
      uri: finding.location.map { LintReportFormatter.uriReference($0.file) } ?? "",
      message: LintFinding.messageWithoutWitness(finding.message))
  }

  /// The fingerprint of a code, URI reference and message: 64-bit FNV-1a over the three,
  /// separated by NUL bytes, as 16 hexadecimal digits.
  static func fingerprint(code: String, uri: String, message: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in [code, uri, message].joined(separator: "\u{0}").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// A baseline file that is not a SARIF log keymap-lint can read, with where.
package struct LintBaselineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package var message: String
  /// Where.
  package var location: SourceLocation

  /// The error as `file:line:column: message`.
  package var description: String { "\(location): \(message)" }
}

extension JSONNode {
  /// The value of an object's member, or nil when this is not an object or has no such member.
  fileprivate func member(_ key: String) -> JSONNode? {
    value.objectValue?.first { $0.key == key }?.value
  }
}
