import Foundation
import Testing

/// One case's outcome in an end-to-end test (Wayland, X11), written as a JSON line and compared
/// with a file of expected outcomes: the actions performed (for the held key, the phases its
/// presses went through, summarised), the evdev codes of cancelled presses, and the text a key
/// typed.
package struct Outcome: Codable, Equatable, Sendable {
  /// The case, as the test's row names it (`us Ctrl+S (KEY_S)`).
  package var `case`: String
  /// The actions performed, in order.
  package var performed: [String]
  /// The evdev codes of the presses that were cancelled, if the case cancels any.
  package var cancelled: [Int]?
  /// The text the key typed, if the case looks at it.
  package var typed: String?

  /// An outcome with the actions performed and, optionally, cancelled presses and typed text.
  package init(case: String, performed: [String], cancelled: [Int]? = nil, typed: String? = nil) {
    self.case = `case`
    self.performed = performed
    self.cancelled = cancelled
    self.typed = typed
  }
}

/// Writes the outcomes as JSON lines and expects them to equal the file `name` in `directory`,
/// reporting the lines that differ; `MENUKIT_RECORD_GOLDEN=1` writes the file instead.
///
/// The JSON lines also go to a temporary file, which stays when they differ.
///
/// - Parameters:
///   - outcomes: The outcomes of the test's cases, in order.
///   - name: The file's name in `directory` (`sway.jsonl`).
///   - directory: The directory of the expected outcomes (a test target's `Expected/`).
///   - sourceLocation: Where the issue is recorded when they differ.
/// - Throws: When the temporary file or the recorded file cannot be written.
package func compare(
  _ outcomes: [Outcome], withExpected name: String, in directory: URL,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  let lines = try outcomes.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
  let actual = lines.joined(separator: "\n") + "\n"
  let expectedURL = directory.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["MENUKIT_RECORD_GOLDEN"] == "1" {
    try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
    return
  }
  let expected = (try? String(contentsOf: expectedURL, encoding: .utf8)) ?? ""
  guard actual != expected else { return }
  let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent(
    "menukit-\(getpid())-\(name)")
  try actual.write(to: actualURL, atomically: true, encoding: .utf8)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var diff: [String] = []
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let old = index < expectedLines.count ? String(expectedLines[index]) : nil
    let new = index < actualLines.count ? String(actualLines[index]) : nil
    guard old != new else { continue }
    if let old { diff.append("- \(old)") }
    if let new { diff.append("+ \(new)") }
  }
  Issue.record(
    "the outcomes differ from \(directory.lastPathComponent)/\(name) (all of them: \(actualURL.path); MENUKIT_RECORD_GOLDEN=1 rewrites the file):\n\(diff.joined(separator: "\n"))",
    sourceLocation: sourceLocation)
}
