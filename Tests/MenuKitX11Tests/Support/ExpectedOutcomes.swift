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

/// Writes the outcomes as JSON lines to a temporary file and expects them to equal the
/// checked-in file; the temporary file stays when they differ, and its path is in the issue.
func compare(_ outcomes: [Outcome], withExpected name: String) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  let lines = try outcomes.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
  let actual = lines.joined(separator: "\n") + "\n"
  let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent(
    "menukit-\(getpid())-\(name)")
  try actual.write(to: actualURL, atomically: true, encoding: .utf8)
  let expected =
    (try? String(contentsOf: expectedDirectory.appendingPathComponent(name), encoding: .utf8))
    ?? ""
  #expect(
    actual == expected,
    "the outcomes (\(actualURL.path)) differ from Expected/\(name):\n\(actual)")
  if actual == expected { try? FileManager.default.removeItem(at: actualURL) }
}
