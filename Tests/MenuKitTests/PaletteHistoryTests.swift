import Foundation
import MenuKit
import MenuKitPalette
import Testing

private struct BadFile: CustomTestStringConvertible, Sendable {
  var text: String
  var error: String
  var testDescription: String { error }
}

@Suite("Palette history")
struct PaletteHistoryTests {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-history-\(UUID().uuidString).json"
    ).path
  }

  @Test("each use moves a command to the front and counts it")
  func recordUse() {
    var history = PaletteHistory()
    history.recordUse(of: "copy:")
    history.recordUse(of: "paste:")
    history.recordUse(of: "copy:")
    #expect(
      history.records == [
        PaletteHistory.Record(identifier: "copy:", useCount: 2),
        PaletteHistory.Record(identifier: "paste:", useCount: 1),
      ])
    history.remove("copy:")
    #expect(history.records.map(\.identifier) == ["paste:"])
  }

  @Test("the capacity drops the least recently used commands")
  func capacity() {
    var history = PaletteHistory(capacity: 2)
    for identifier in ["a", "b", "c"] { history.recordUse(of: identifier) }
    #expect(history.records.map(\.identifier) == ["c", "b"])
    history.capacity = 0
    #expect(history.capacity == 1)
    #expect(history.records.map(\.identifier) == ["c"])
  }

  @Test("the file round-trips, written atomically with no temporary file left behind")
  func roundTrip() throws {
    var history = PaletteHistory()
    history.recordUse(of: #"toggleStyle: "bold""#)
    history.recordUse(of: "copy:")
    history.recordUse(of: "copy:")
    let path = temporaryPath()
    try history.write(toFile: path)
    #expect(try PaletteHistory(contentsOfFile: path) == history)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text == """
        {
          "schemaVersion": 1,
          "commands": [
            { "id": "copy:", "uses": 2 },
            { "id": "toggleStyle: \\"bold\\"", "uses": 1 }
          ]
        }

        """)
    history.recordUse(of: "paste:")
    try history.write(toFile: path)
    #expect(try PaletteHistory(contentsOfFile: path).records.first?.identifier == "paste:")
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasPrefix(URL(fileURLWithPath: path).lastPathComponent + ".tmp")
    }
    #expect(leftovers.isEmpty)
  }

  @Test("an empty history writes an empty list and reads back")
  func empty() throws {
    let text = PaletteHistory().jsonText
    #expect(text == "{\n  \"schemaVersion\": 1,\n  \"commands\": []\n}\n")
    #expect(try PaletteHistory(jsonText: text).records.isEmpty)
  }

  @Test("reading keeps at most the capacity")
  func readCapacity() throws {
    let text =
      #"{ "schemaVersion": 1, "commands": [ { "id": "a", "uses": 1 }, { "id": "b", "uses": 1 } ] }"#
    #expect(try PaletteHistory(jsonText: text, capacity: 1).records.map(\.identifier) == ["a"])
  }

  @Test(
    "malformed files are errors at the offending position",
    arguments: [
      BadFile(
        text: "[]",
        error: "h.json:1:1: expected an object with 'schemaVersion' and 'commands', found an array"),
      BadFile(
        text: "{ \"commands\": [] }",
        error: "h.json:1:1: missing 'schemaVersion' (expected the number 1)"),
      BadFile(
        text: "{ \"schemaVersion\": 2, \"commands\": [] }",
        error: "h.json:1:20: unsupported 'schemaVersion' 2; expected 1"),
      BadFile(
        text: "{ \"schemaVersion\": 1, \"commands\": {} }",
        error: "h.json:1:35: expected an array of commands in 'commands', found an object"),
      BadFile(
        text: "{ \"schemaVersion\": 1,\n  \"commands\": [ \"copy:\" ] }",
        error:
          "h.json:2:17: expected a command object like { \"id\": \"copy:\", \"uses\": 1 }, found a string"
      ),
      BadFile(
        text: "{ \"schemaVersion\": 1, \"commands\": [ { \"id\": \"\", \"uses\": 1 } ] }",
        error: "h.json:1:45: expected a non-empty string in 'id', found \"\""),
      BadFile(
        text: "{ \"schemaVersion\": 1, \"commands\": [ { \"id\": \"a\", \"uses\": \"2\" } ] }",
        error: "h.json:1:58: expected a positive whole number in 'uses', found \"2\""),
      BadFile(
        text: "{ \"schemaVersion\": 1, \"commands\": [ { \"id\": \"a\", \"uses\": 1.5 } ] }",
        error: "h.json:1:58: expected a positive whole number in 'uses', found 1.5"),
      BadFile(
        text:
          "{ \"schemaVersion\": 1, \"commands\": [ { \"id\": \"a\", \"uses\": 1 }, { \"id\": \"a\", \"uses\": 1 } ] }",
        error: "h.json:1:71: command 'a' is listed twice"),
      BadFile(text: "{ \"schemaVersion\": 1, ", error: "h.json:1:23: "),
    ])
  fileprivate func malformed(_ file: BadFile) {
    #expect {
      try PaletteHistory(jsonText: file.text, path: "h.json")
    } throws: { error in
      "\(error)".hasPrefix(file.error)
    }
  }

  @Test("unreadable and unwritable files name the file and the reason")
  func fileErrors() {
    #expect {
      try PaletteHistory(contentsOfFile: "/nonexistent/history.json")
    } throws: { error in
      "\(error)".hasPrefix("/nonexistent/history.json:1:1: cannot read the palette history")
    }
    // A parent directory that is a file cannot be created.
    let file = temporaryPath()
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    #expect {
      try PaletteHistory().write(toFile: file + "/history.json")
    } throws: { error in
      "\(error)".hasPrefix(
        "\(file)/history.json:1:1: cannot write the palette history: opening the directory")
    }
  }
}
