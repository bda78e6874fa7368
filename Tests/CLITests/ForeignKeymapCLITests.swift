import Foundation
import MenuKit
import MenuKitInterop
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// A VS Code keybindings.json under a name that says nothing about its format.
private let vscodeText = """
  // VS Code user keybindings
  [
    { "key": "ctrl+alt+j", "command": "editor.action.joinLines", "when": "editorTextFocus" },
    { "key": "ctrl+k ctrl+w", "command": "workbench.action.closeAllEditors" }
  ]
  """

@Suite("menu-dump, explain and palette read every keymap format by its contents")
@MainActor
struct ForeignKeymapCLITests {
  /// The built menu-dump, next to the test bundle.
  static func builtTool() -> URL? {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("menu-dump")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  @Test("InputFile tells keymaps from menu files by contents, whatever the name")
  func detection() throws {
    #expect(InputFile.isKeymapFile(try temporaryFile(vscodeText, name: "mine.json")))
    #expect(InputFile.isKeymapFile(corpus("zed-base/vim.json")))
    #expect(InputFile.isKeymapFile(corpus("vscode-extensions/vscodevim/package.json")))
    let menu = #"{ "schemaVersion": 1, "menu": { "menu": "m", "title": "M", "children": [] } }"#
    #expect(!InputFile.isKeymapFile(try temporaryFile(menu, name: "mine.keymaps.json")))
    #expect(!InputFile.isKeymapFile("/nonexistent/menu.json"))
  }

  @Test("menu-dump labels the menu with a VS Code file's keys, read as a keymap")
  func menuWithVSCodeKeymap() throws {
    let path = try temporaryFile(
      #"[ { "key": "ctrl+alt+n", "command": "newDocument:" } ]"#, name: "bindings.json")
    let result = menuDump([path])
    #expect(result.status == .success)
    #expect(result.errors == "")
    let newLine = result.output.split(separator: "\n").first { $0.contains("New ") }
    #expect(newLine?.hasSuffix("Ctrl+Alt+N") == true)
  }

  @Test("explain resolves a key through Zed's vim keymap in a context")
  func explainZedKeymap() {
    let result = menuDump([
      "explain", corpus("zed-base/vim.json"), "--context", "Editor vim_mode=normal", ":",
    ])
    #expect(result.status == .success)
    #expect(result.output.contains("vim.json:234:7], depth 0 — WINS"))
    #expect(
      result.output.hasSuffix(
        "result: : → command_palette::Toggle [user \(corpus("zed-base/vim.json")):234:7]\n"))
  }

  @Test("palette --context lists a VS Code keymap's commands that apply there, with their keys")
  func paletteContext() throws {
    let path = try temporaryFile(vscodeText, name: "mine.json")
    let outside = menuDump(["palette", path, "--query", "joinLines"])
    #expect(outside.status == .success)
    #expect(!outside.output.contains("editor.action.joinLines"))
    let inEditor = menuDump([
      "palette", path, "--query", "joinLines", "--context", "editorTextFocus",
    ])
    #expect(inEditor.status == .success)
    #expect(inEditor.output == "editor.action.joinLines  Ctrl+Alt+J\n")
    let bad = menuDump(["palette", "--context", "a >"])
    #expect(bad.status == .usage)
    #expect(bad.errors.hasPrefix("menu-dump palette: --context 'a >': column 3:"))
  }

  @Test("the built tool reads a Zed keymap from standard input")
  func standardInput() throws {
    let process = Process()
    let tool: URL = try #require(Self.builtTool(), "menu-dump is built next to the tests")
    process.executableURL = tool
    process.arguments = [
      "palette", "-", "--query", "pane::SplitRight", "--context", "Workspace > Pane",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    try input.fileHandleForWriting.write(
      contentsOf: Data(
        #"[ { "context": "Pane", "bindings": { "ctrl-k right": "pane::SplitRight" } } ]"#.utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text == "pane::SplitRight  Ctrl+K Right\n")
  }

  @Test("export that can write none of the bindings says so and exits 1, not an empty success")
  func emptyExport() throws {
    let path = try temporaryFile(
      """
      { "schemaVersion": 1, "keymap": [ { "context": "Editor", "bindings": [
        { "keys": "Ctrl+K Ctrl+C", "command": "comment" } ] } ] }
      """, name: "only-sequences.keymap.json")
    let result = menuDump(["keymap", "export", path, "--dialect", "gtk"])
    #expect(result.status == .failure)
    #expect(result.output == "")
    #expect(
      result.errors.hasSuffix(
        "\(path): error: none of its 1 bindings can be written as gtk; nothing was exported\n"))
    // What can be written is written, with a warning for the rest, and succeeds.
    let vscode = menuDump(["keymap", "export", path, "--dialect", "vscode"])
    #expect(vscode.status == .success)
    #expect(vscode.output.contains("ctrl+k ctrl+c"))
  }
}
