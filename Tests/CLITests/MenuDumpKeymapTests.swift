import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// The repository's root, for the shipped example files.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

@MainActor
private func dump(_ arguments: String...) -> (status: ToolExitStatus, out: String, err: String) {
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: arguments, output: &output)
  return (status, output.standardOutput, output.standardError)
}

private func line(_ text: String, containing title: String) -> String? {
  text.split(separator: "\n").map(String.init).first { $0.contains(title) }
}

@Suite("menu-dump with keymap files")
@MainActor
struct MenuDumpKeymapTests {
  let menu = root.appendingPathComponent("keymaps/examples/text-editor.json").path
  let keymap = root.appendingPathComponent("keymaps/examples/text-editor.keymap.json").path

  @Test("the menu shows the keys that fire: moved, taken over, and sequences")
  func labels() {
    let plain = dump(menu)
    #expect(line(plain.out, containing: "Print…")?.hasSuffix("Ctrl+P") == true)
    #expect(line(plain.out, containing: "Quick Open…")?.hasSuffix("Ctrl+Shift+O") == true)
    let mapped = dump(menu, keymap, "--context", "Workspace > Editor")
    #expect(mapped.status == .success, "\(mapped.err)")
    // The keymap gives Ctrl+P to Quick Open: Print no longer shows it.
    #expect(line(mapped.out, containing: "Print…")?.hasSuffix("Print…") == true)
    #expect(line(mapped.out, containing: "Quick Open…")?.hasSuffix("Ctrl+P") == true)
    #expect(line(mapped.out, containing: "Toggle Line Comment")?.hasSuffix("Ctrl+K Ctrl+C") == true)
    // Outside an editor, the editor-only sequence does not fire: the menu's own Ctrl+/ shows.
    let outside = dump(menu, keymap, "--context", "Workspace")
    #expect(line(outside.out, containing: "Toggle Line Comment")?.hasSuffix("Ctrl+/") == true)
  }

  @Test("the JSON output labels commands with the keys that fire; shortcuts stay the menu's")
  func jsonLabels() throws {
    let mapped = dump(menu, keymap, "--format", "json", "--context", "Workspace > Editor")
    #expect(mapped.status == .success, "\(mapped.err)")
    let file = MenuFile.parse(mapped.out, path: "resolved.json")
    #expect(!file.diagnostics.containsErrors, "\(file.diagnostics)")
    // Print keeps its shortcut, but Ctrl+P fires Quick Open: Print has no label.
    func object(_ title: String) -> String? {
      let objects = mapped.out.components(separatedBy: "{")
      return objects.first { $0.contains("\"command\": \"\(title)\"") }
    }
    let print = try #require(object("Print…"))
    #expect(print.contains("\"shortcut\": \"Cmd+P\"") && !print.contains("\"label\""))
    let quickOpen = try #require(object("Quick Open…"))
    #expect(quickOpen.contains("\"label\": \"Ctrl+P\""))
    let comment = try #require(object("Toggle Line Comment"))
    #expect(comment.contains("\"label\": \"Ctrl+K Ctrl+C\""))
    // Loaded again, the file is the menu without the keymaps: the tree of the menu alone.
    let again = dump(try temporaryFile(mapped.out, name: "resolved.json"))
    #expect(again.out == dump(menu).out)
  }

  @Test("discoverability lists the keys that fire in the given contexts")
  func discoverability() {
    let result = dump(menu, keymap, "--discoverability", "--context", "Editor")
    #expect(result.status == .success, "\(result.err)")
    // Quick Open's discoverability title, with the keymap's Ctrl+P.
    #expect(line(result.out, containing: "by name")?.hasSuffix("Ctrl+P") == true)
    #expect(!result.out.contains("Print…"))
  }

  @Test("the palette shows the keys that fire with keymaps")
  func palette() {
    let quick = dump("palette", menu, keymap, "--query", "quick open", "--limit", "1")
    #expect(quick.status == .success, "\(quick.err)")
    #expect(quick.out.hasPrefix("Quick Open…  Ctrl+P"))
    let print = dump("palette", menu, keymap, "--query", "print", "--limit", "1")
    #expect(print.out.hasPrefix("Print… ") && !print.out.contains("Ctrl+P"))
  }

  @Test("a bad context is a usage error with its column; a bad keymap entry is reported")
  func errors() throws {
    let bad = dump(menu, keymap, "--context", "Workspace > > Editor")
    #expect(bad.status == .usage)
    #expect(bad.err.contains("column"))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-dump-\(UUID().uuidString).keymap.json")
    try Data(
      """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Ctrl+Bogus", "command": "x" },
        { "keys": "Ctrl+J", "command": "showQuickOpen:" },
      ] } ] }
      """.utf8
    ).write(to: path)
    let partial = dump(menu, path.path)
    #expect(partial.status == .failure)
    #expect(partial.err.contains("\(path.path):2:"))
  }
}
