import Foundation
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// The example recording of docs/tools/menu-dump-record.md.
private let exampleRecording = repositoryRoot.appendingPathComponent(
  "docs/examples/record-keys.evemu"
)
.path

/// Runs `menu-dump record` in-process.
@MainActor
private func record(_ arguments: [String]) -> (
  status: ToolExitStatus, output: String, errors: String
) {
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: ["record"] + arguments, output: &output)
  return (status, output.standardOutput, output.standardError)
}

@MainActor
@Suite("menu-dump record")
struct RecordTests {

  @Test(
    "the example recording records a chord, a double Shift, a shifted symbol, a cancel, a clear")
  func example() throws {
    let result = record(["--layout", "us", "--format", "jsonl", exampleRecording])
    #expect(result.status == .success, "\(result.errors)")
    let lines = try result.output.split(separator: "\n").map {
      try JSONDecoder().decode(Record.Line.self, from: Data($0.utf8))
    }
    let finished = lines.filter { $0.event == "finished" }
    #expect(finished.map(\.keys) == ["Cmd+K Cmd+S", "Shift Shift", "Cmd+{"])
    #expect(finished.map(\.label) == ["Ctrl+K Ctrl+S", "Shift Shift", "Ctrl+{"])
    #expect(finished[2].shiftSpelled == "Cmd+Shift+[")
    #expect(finished[0].physical == "Cmd+[KeyK] Cmd+[KeyS]")
    #expect(finished[1].physical == nil)
    #expect(lines.suffix(2).map(\.event) == ["cancelled", "cleared"])
  }

  @Test("docs/tools/menu-dump-record.md shows the tool's own output for the example")
  func documentation() throws {
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/tools/menu-dump-record.md"),
      encoding: .utf8
    )
    let output = record(["--layout", "us", exampleRecording]).output
    #expect(page.contains("```text\n" + output + "```"))
  }

  @Test("the text format names the event, the keys and their label")
  func text() {
    let result = record(["--layout", "ru", exampleRecording])
    #expect(result.status == .success)
    let finished = result.output.split(separator: "\n").first { $0.contains("finished") }
    #expect(finished?.contains("Cmd+K Cmd+S  (Ctrl+K Ctrl+S)") == true)
    #expect(finished?.contains("own characters: Cmd+Л Cmd+Ы") == true)
  }

  @Test("--max-strokes 1 finishes at each stroke; --record-escape records Escape")
  func options() throws {
    let result = record([
      "--layout", "us", "--max-strokes", "1", "--record-escape", "--format", "jsonl",
      exampleRecording,
    ])
    let keys = try result.output.split(separator: "\n").map {
      try JSONDecoder().decode(Record.Line.self, from: Data($0.utf8))
    }.filter { $0.event == "finished" }.compactMap(\.keys)
    #expect(keys == ["Cmd+K", "Cmd+S", "Shift", "Shift", "Cmd+{", "Cmd+K", "Escape", "Backspace"])
  }

  @Test(
    "bad command lines exit 64 with the reason",
    arguments: [
      ([exampleRecording], "missing '--layout'"),
      (["--layout", "us", "--max-strokes", "0", exampleRecording], "bad --max-strokes '0'"),
      (["--layout", "us", "--timeout", "nan", exampleRecording], "bad --timeout 'nan'"),
      (["--layout", "../../etc/passwd", exampleRecording], "bad --layout"),
      (["--layout", "us", "--bogus", exampleRecording], "unknown option '--bogus'"),
      (["--layout", "us", exampleRecording, exampleRecording], "one recording at most"),
    ])
  func usage(arguments: [String], message: String) {
    let result = record(arguments)
    #expect(result.status == .usage)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test("an unreadable or malformed recording exits 65")
  func dataErrors() throws {
    #expect(record(["--layout", "us", "/nonexistent/keys.evemu"]).status == .dataError)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-record-\(UUID().uuidString).evemu")
    try Data("E: not a number 0001 001e 1\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(record(["--layout", "us", url.path]).status == .dataError)
  }
}
