import Foundation
import MenuKit
import Testing

@testable import menu_dump

/// Runs `menu-dump explain` in-process.
private func explain(_ arguments: String...) -> (status: ToolExitStatus, out: String, err: String) {
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: ["explain"] + arguments, output: &output)
  return (status, output.standardOutput, output.standardError)
}

private func keymapFile(_ text: String) throws -> String {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "menukit-explain-\(UUID().uuidString).keymap.json")
  try Data(text.utf8).write(to: url)
  return url.path
}

private let keymap = """
  { "schemaVersion": 1, "keymap": [
    { "bindings": [
      { "keys": "Ctrl+K", "command": "deleteLine" },
      { "keys": "Ctrl+K Ctrl+S", "command": "saveAll" },
      { "keys": "Shift Shift", "command": "searchEverywhere" },
    ] },
    { "context": "Editor && mode == full", "bindings": [
      { "keys": "Ctrl+K Ctrl+S", "command": "editor.saveAll" },
    ] },
    { "context": "Terminal", "bindings": [ { "keys": "Ctrl+K Ctrl+S", "command": "terminal.save" } ] },
  ] }
  """

@Suite("menu-dump explain")
@MainActor
struct ExplainTests {
  @Test("explains a two-stroke sequence on Russian: Latin fallback, contexts, winner, losers")
  func russianSequence() throws {
    let path = try keymapFile(keymap)
    let result = explain(
      path, "--layout", "ru", "--context", "Workspace > Editor mode=full", "Ctrl+K", "Ctrl+S")
    #expect(result.status == .success, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("  read as: Ctrl+Л, Ctrl+K (Latin fallback)"))
    #expect(lines.contains("  outcome: pending (1 longer binding may follow)"))
    #expect(lines.contains("      context Editor && mode == full: [0] false [1] true"))
    #expect(lines.contains("      context Terminal: [0] false [1] false"))
    #expect(lines.last == "result: Ctrl+K Ctrl+S → editor.saveAll [user \(path):8:5]")
    let saveAll = lines.first { $0.contains("→ saveAll") && $0.contains("loses") }
    #expect(saveAll?.contains("a later binding at the same depth overrides it") == true)
    let terminal = lines.first { $0.contains("terminal.save") }
    #expect(terminal?.contains("its context holds nowhere on the chain") == true)
    // Deterministic: the same command gives the same text.
    let again = explain(
      path, "--layout", "ru", "--context", "Workspace > Editor mode=full", "Ctrl+K", "Ctrl+S")
    #expect(again.out == result.out)
  }

  @Test("outside the editor the plain binding wins; a stroke that continues nothing ends it")
  func otherContexts() throws {
    let path = try keymapFile(keymap)
    let root = explain(path, "--context", "Workspace", "Ctrl+K Ctrl+S")
    #expect(root.out.hasSuffix("result: Ctrl+K Ctrl+S → saveAll [user \(path):4:5]\n"))
    let broken = explain(path, "Ctrl+K", "Ctrl+Q")
    #expect(
      broken.out.contains("no binding begins with these keys")
        || broken.out.contains("outcome: nothing"))
  }

  @Test("a modifier-only sequence is typed as taps and explained")
  func modifierTaps() throws {
    let path = try keymapFile(keymap)
    let result = explain(path, "Shift Shift")
    #expect(result.out.hasSuffix("result: Shift Shift → searchEverywhere [user \(path):5:5]\n"))
  }

  @Test("--format json is versioned and lists candidates with their context values")
  func json() throws {
    let path = try keymapFile(keymap)
    let result = explain(
      path, "--format", "json", "--context", "Workspace > Editor mode=full", "Ctrl+K Ctrl+S")
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    #expect(object?["schemaVersion"] as? Int == 1)
    #expect(object?["outcome"] as? String == "matched")
    #expect((object?["winner"] as? [String: Any])?["command"] as? String == "editor.saveAll")
    let strokes = object?["strokes"] as? [[String: Any]]
    #expect(strokes?.count == 2)
    let candidates = strokes?.last?["candidates"] as? [[String: Any]]
    let terminal = candidates?.first {
      ($0["binding"] as? [String: Any])?["command"] as? String == "terminal.save"
    }
    #expect(terminal?["lossReason"] as? String == "contextDoesNotMatch")
    #expect(terminal?["contextValues"] as? [Bool] == [false, false])
  }

  @Test("bad keys and bad contexts are usage errors that say where")
  func usageErrors() {
    let keys = explain("Ctrl+Bogus")
    #expect(keys.status == .usage)
    #expect(keys.err.contains("Bogus"))
    let context = explain("--context", "Workspace > ", "Ctrl+S")
    #expect(context.status == .usage)
    #expect(context.err.contains("column"))
    #expect(explain().status == .usage)
  }

  @Test("a keymap with a bad entry still explains with the good ones, reporting the bad one")
  func partialKeymap() throws {
    let path = try keymapFile(
      """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Ctrl+Nope", "command": "broken" },
        { "keys": "Ctrl+J", "command": "join" },
      ] } ] }
      """)
    let result = explain(path, "Ctrl+J")
    #expect(result.status == .success)
    #expect(result.err.contains("\(path):2:"))
    #expect(result.out.hasSuffix("result: Ctrl+J → join [user \(path):3:3]\n"))
  }
}
