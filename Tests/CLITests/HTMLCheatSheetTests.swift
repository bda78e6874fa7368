import Foundation
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// The text editor example's path.
private let textEditor = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("keymaps/examples/text-editor.json").path

@MainActor
@Suite("menu-dump --format markdown|html")
struct HTMLCheatSheetTests {
  @Test("markdown: a cheat sheet grouped by menu, with the layout's labels given --layout")
  func markdown() {
    let us = menuDump(textEditor, "--format", "markdown")
    #expect(us.status == .success, "\(us.errors)")
    #expect(us.output.hasPrefix("# Keyboard shortcuts\n\n## File\n\n| Command | Shortcut |\n"))
    #expect(us.output.contains("| Save | Ctrl+S |\n"))
    #expect(us.output.contains("| Line ▸ Unindent | Ctrl+\\[ |\n"))
    let de = menuDump(textEditor, "--format", "markdown", "--layout", "de")
    #expect(de.status == .success)
    #expect(de.output.contains("| Line ▸ Unindent | Ctrl+Ü |\n"))
    let mac = menuDump(textEditor, "--format", "markdown", "--platform", "mac")
    #expect(mac.output.contains("| Save | ⌘S |\n"))
  }

  @Test("html: German legends and relocated labels, ISO by default for de, ANSI for us")
  func html() {
    let de = menuDump(textEditor, "--format", "html", "--layout", "de")
    #expect(de.status == .success, "\(de.errors)")
    #expect(de.errors == "")
    #expect(de.output.hasPrefix("<!DOCTYPE html>"))
    #expect(de.output.contains("data-geometry=\"iso\""))
    #expect(de.output.contains("layout de (German)"))
    #expect(de.output.contains("<kbd>Ctrl+Ü</kbd>"))
    for legend in ["Ö", "Ä", "Ü", "ß"] {
      #expect(de.output.contains(">\(legend)</text>"), "legend \(legend)")
    }
    #expect(de.output.contains("<section id=\"discoverability\">"))
    #expect(de.output.contains("<dt>Save the current document</dt><dd><kbd>Ctrl+S</kbd></dd>"))
    #expect(!de.output.contains("://"))

    let us = menuDump(textEditor, "--format=html")
    #expect(us.status == .success)
    #expect(us.output.contains("data-geometry=\"ansi\""))
    #expect(!us.output.contains(">Ö</text>"))
    let usISO = menuDump(textEditor, "--format", "html", "--geometry", "iso")
    #expect(usISO.output.contains("data-geometry=\"iso\""))
    #expect(usISO.output.contains("data-evdev=\"86\""))
  }

  @Test("keymap files: the cheat sheets show the keys that fire in the given contexts")
  func keymaps() {
    let keymap = textEditor.replacingOccurrences(of: ".json", with: ".keymap.json")
    let plain = menuDump(textEditor, keymap, "--format", "markdown")
    #expect(plain.status == .success, "\(plain.errors)")
    #expect(plain.output.contains("| Appearance ▸ Theme ▸ Dark | Ctrl+K Ctrl+T |\n"))
    #expect(plain.output.contains("| Line ▸ Delete Line | Ctrl+K |\n"))  // no Editor context
    let editor = menuDump(
      textEditor, keymap, "--format", "markdown", "--context", "Workspace > Editor")
    #expect(editor.output.contains("| Line ▸ Delete Line | Ctrl+Shift+K |\n"))
    #expect(editor.output.contains("| Comment ▸ Toggle Line Comment | Ctrl+K Ctrl+C |\n"))

    let page = menuDump(
      textEditor, keymap, "--format", "html", "--layout", "de", "--context", "Editor")
    #expect(page.status == .success, "\(page.errors)")
    #expect(page.output.contains("<span class=\"title\">Dark</span><kbd>Ctrl+K Ctrl+T</kbd>"))
    // The sequences on Ctrl+K, on the key K, with what follows the first stroke.
    #expect(
      page.output.contains(
        "<g class=\"key bound\" data-evdev=\"37\"><title>K: Ctrl+K Ctrl+J Join Lines; "))
    #expect(page.output.contains(">Join</text>"))
    #expect(page.output.contains("context Editor"))

    let bad = menuDump(textEditor, "--format", "markdown", "--context", "Editor &&")
    #expect(bad.status == .usage)
    #expect(bad.errors.contains("--context 'Editor &&'"))
  }

  @Test("html with a chain file titles the responder groups by identifier")
  func chain() throws {
    let chain = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chain-\(UUID().uuidString).json")
    try Data(
      """
      { "schemaVersion": 1, "firstResponder": "tableView",
        "responders": [
          { "id": "tableView", "next": "window", "canBecomeFirstResponder": true,
            "performs": ["moveDown:"],
            "keyCommands": [ { "command": "Down", "action": "moveDown:", "shortcut": "Down" } ] },
          { "id": "window", "kind": "window" },
          { "id": "application", "kind": "application" } ] }
      """.utf8
    ).write(to: chain)
    let result = menuDump("--format", "html", "--chain", chain.path)
    #expect(result.status == .success, "\(result.errors)")
    #expect(result.output.contains("<h3>tableView</h3><dl><div class=\"entry\"><dt>Down</dt>"))
  }

  @Test(
    "options that do not fit the format are usage errors",
    arguments: [
      (["--layout", "de"], "'--layout', '--variant' and '--geometry' need"),
      (["--format", "json", "--variant", "nodeadkeys"], "need '--format markdown'"),
      (["--format", "markdown", "--geometry", "iso"], "'--geometry' needs '--format html'"),
      (
        ["--format", "html", "--geometry", "jis"],
        "unknown geometry 'jis'; expected one of: ansi, iso"
      ),
      (["--format", "pdf"], "expected one of: text, json, markdown, html"),
      (["--discoverability", "--layout", "de"], "need '--format markdown'"),
    ])
  func usage(arguments: [String], message: String) {
    var output = BufferedOutput()
    let status = MenuDump.run(arguments: arguments, output: &output)
    #expect(status == .usage)
    #expect(output.standardError.contains(message), "\(output.standardError)")
    #expect(output.standardOutput == "")
  }

  @Test("an unknown layout is a usage error that names the layout")
  func unknownLayout() {
    let result = menuDump("--format", "html", "--layout", "no-such-layout")
    #expect(result.status == .usage)
    #expect(result.errors.contains("no-such-layout"), "\(result.errors)")
    #expect(result.output == "")
  }
}
