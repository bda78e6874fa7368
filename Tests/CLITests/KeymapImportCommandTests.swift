import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

@MainActor
@Suite("menu-dump keymap import and export")
struct KeymapImportCommandTests {
  @Test("import prints a MenuKit keymap; the format is detected when --from is absent")
  func importVSCode() throws {
    let path = try temporaryFile(
      "keybindings.json",
      #"[{ "key": "ctrl+k ctrl+s", "command": "saveAll", "when": "editorFocus" }]"#)
    let expected = """
      {
        "schemaVersion": 1,
        "keymap": [
          {
            "context": "editorFocus",
            "bindings": [
              { "keys": "Cmd+K Cmd+S", "command": "saveAll" }
            ]
          }
        ]
      }

      """
    for arguments in [["--from", "vscode"], []] {
      let result = menuDump(["keymap", "import", path] + arguments)
      #expect(result.status == .success)
      #expect(result.errors == "")
      #expect(result.output == expected)
    }
  }

  @Test("import reports problems with positions on stderr and exits 1 on errors")
  func importErrors() throws {
    let path = try temporaryFile(
      "keymap.json", #"[{ "bindings": { "ctrl-shfit-a": "a", "ctrl-b": "b" } }]"#)
    let result = menuDump("keymap", "import", path, "--from", "zed")
    #expect(result.status == .failure)
    #expect(result.errors.hasPrefix("\(path):1:24: error[MK551]: bad Zed keys 'ctrl-shfit-a'"))
    #expect(result.output.contains(#"{ "keys": "Cmd+B", "command": "b" }"#))
  }

  @Test("import of a file whose format cannot be told apart exits 65")
  func importUnknownFormat() throws {
    let path = try temporaryFile("notes.txt", "hello world\n")
    let result = menuDump("keymap", "import", path)
    #expect(result.status == .dataError)
    #expect(result.errors.contains("cannot tell the format of"))
    let keymap = try temporaryFile("a.keymap.json", #"{ "schemaVersion": 1, "keymap": [] }"#)
    let again = menuDump("keymap", "import", keymap)
    #expect(again.status == .dataError)
    #expect(again.errors.contains("is already a MenuKit keymap; give --from"))
  }

  @Test("export writes each dialect and reports what it leaves out")
  func export() throws {
    let path = try temporaryFile(
      "user.keymap.json",
      #"""
      { "schemaVersion": 1, "keymap": [
        { "bindings": [{ "keys": "Cmd+S", "command": "win.save" }] },
        { "context": "Editor", "bindings": [{ "keys": "Cmd+K Cmd+S", "command": "saveAll" }] } ] }
      """#)
    let vscode = menuDump("keymap", "export", path, "--dialect", "vscode")
    #expect(vscode.status == .success)
    #expect(
      vscode.output == """
        [
          { "key": "ctrl+s", "command": "win.save" },
          { "key": "ctrl+k ctrl+s", "command": "saveAll", "when": "Editor" }
        ]

        """)
    let zed = menuDump("keymap", "export", path, "--dialect", "zed", "--platform", "mac")
    #expect(zed.output.contains(#""cmd-k cmd-s": "saveAll""#))
    let gtk = menuDump("keymap", "export", path, "--dialect", "gtk")
    #expect(gtk.status == .success)
    #expect(gtk.output == "(gtk_accel_path \"<Actions>/win/save\" \"<Primary>s\")\n")
    #expect(gtk.errors.hasPrefix("\(path):3:39: warning[MK555]:"))
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["keymap", "export", "a.keymap.json"],
      ["keymap", "export", "a.keymap.json", "--dialect", "emacs"],
      ["keymap", "import", "a.json", "--platform", "beos"],
      ["keymap", "import", "a.json", "b.json"],
    ])
  func usage(arguments: [String]) {
    var output = BufferedOutput()
    #expect(MenuDump.run(arguments: arguments, output: &output) == .usage)
    #expect(output.standardError.contains("menu-dump keymap:"))
  }
}
