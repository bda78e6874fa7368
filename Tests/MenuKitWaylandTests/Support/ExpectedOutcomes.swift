import Foundation
import Testing

/// One case's outcome, written as a JSON line and compared with a file in Expected/: the
/// actions performed (for the held key, the phases its presses went through, summarised), the
/// evdev codes of cancelled presses, and the text a key typed.
struct Outcome: Codable, Equatable {
  var `case`: String
  var performed: [String]
  var cancelled: [Int]?
  var typed: String?
}

/// The directory of the expected outcomes.
private let expectedDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Expected")

/// Writes the outcomes as JSON lines and expects them to equal the checked-in file, reporting
/// the lines that differ; `MENUKIT_RECORD_GOLDEN=1` writes the file instead.
///
/// The JSON lines also go to a temporary file, which stays when they differ.
func compare(
  _ outcomes: [Outcome], withExpected name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  let lines = try outcomes.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
  let actual = lines.joined(separator: "\n") + "\n"
  let expectedURL = expectedDirectory.appendingPathComponent(name)
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
    "the outcomes differ from Expected/\(name) (all of them: \(actualURL.path); MENUKIT_RECORD_GOLDEN=1 rewrites the file):\n\(diff.joined(separator: "\n"))",
    sourceLocation: sourceLocation)
}
