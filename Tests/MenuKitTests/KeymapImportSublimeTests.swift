import Foundation
import MenuKitJSON
import Testing

@testable import MenuKit
@testable import MenuKitInterop

@Suite("Importing Sublime Text keymaps")
struct KeymapImportSublimeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/interop/sublime")

  @Test("keys, sequences, commands, args and primary/super per platform")
  func readsBindings() throws {
    let text = """
      [
        { "keys": ["ctrl+shift+p"], "command": "show_overlay",
          "args": { "overlay": "command_palette" } },
        { "keys": ["ctrl+k", "ctrl+b"], "command": "toggle_side_bar" },
        { "keys": ["ctrl++"], "command": "increase_font_size" },
        { "keys": ["super+alt+keypad_enter"], "command": "x" },
        { "keys": ["primary+pagedown"], "command": "next_view" },
      ]
      """
    let (linux, linuxDiagnostics) = SublimeKeymap.load(
      text: text, path: "k.sublime-keymap", platform: .linux, source: .user)
    #expect(linuxDiagnostics.isEmpty)
    let bindings = try #require(linux?.bindings)
    #expect(
      bindings.map(\.keys.canonicalText) == [
        "Cmd+Shift+P", "Cmd+K Cmd+B", "Cmd+Plus", "Super+Alt+Enter", "Cmd+PageDown",
      ])
    #expect(
      bindings[0].effect == .perform("show_overlay", arguments: ["overlay": "command_palette"]))
    #expect(bindings.map { $0.location?.line } == [2, 4, 5, 6, 7])
    #expect(bindings[1].location == SourceLocation(file: "k.sublime-keymap", line: 4, column: 3))
    let mac = try #require(
      SublimeKeymap.load(text: text, platform: .mac, source: .user).keymap?.bindings)
    #expect(mac.map(\.keys.canonicalText)[3] == "Cmd+Alt+Enter")
    #expect(mac.map(\.keys.canonicalText)[0] == "Ctrl+Shift+P")
    #expect(mac.map(\.keys.canonicalText)[4] == "Cmd+PageDown")
  }

  @Test("conditions on values are exact; regular expressions and selections are named")
  func translatesContexts() throws {
    let text = #"""
      [
        { "keys": ["enter"], "command": "commit_completion", "context": [
            { "key": "auto_complete_visible" },
            { "key": "setting.auto_complete_commit_on_tab", "operand": false } ] },
        { "keys": ["escape"], "command": "single_selection", "context": [
            { "key": "num_selections", "operator": "not_equal", "operand": 1 } ] },
        { "keys": ["tab"], "command": "reindent", "context": [
            { "key": "panel_type", "operand": "input" },
            { "key": "preceding_text", "operator": "regex_match", "operand": "^$", "match_all": true },
            { "key": "last_command", "operator": "not_regex_match", "operand": "^x" } ] },
      ]
      """#
    let (keymap, diagnostics) = SublimeKeymap.load(
      text: text, path: "k", platform: .linux, source: .user)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.count == 3)
    #expect(
      bindings[0].context
        == .and([
          .identifier("auto_complete_visible"),
          .not(.identifier("setting.auto_complete_commit_on_tab")),
        ]))
    #expect(bindings[1].context == .notEqual("num_selections", "1"))
    #expect(
      bindings[2].context
        == .and([
          .equal("panel_type", "input"),
          .identifier("sublime:preceding_text regex_match ^$ match_all"),
          .not(.identifier("sublime:last_command regex_match ^x")),
        ]))
    #expect(diagnostics.map(\.code) == [.approximatedSublimeContext, .approximatedSublimeContext])
    #expect(diagnostics.map { $0.location?.line } == [9, 10])
    // The predicates load back from the MenuKit keymap the importer's output is written as.
    let written = KeymapFile.text(of: keymap!)
    let reloaded = try #require(KeymapFile.load(text: written, source: .user).keymap)
    #expect(reloaded.bindings.map(\.context) == bindings.map(\.context))
    #expect(reloaded.bindings.map(\.keys) == bindings.map(\.keys))
    #expect(reloaded.bindings.map(\.effect) == bindings.map(\.effect))
  }

  @Test("each malformed entry is reported where it is wrong and skipped; the rest loads")
  func reportsProblems() throws {
    let text = """
      [
        { "keys": ["ctrl+shfit+p"], "command": "a" },
        { "keys": ["browser_refresh"], "command": "b" },
        { "keys": ["ctrl+x"], "command": "c", "context": [{ "key": "k", "operator": "like" }] },
        { "keys": "ctrl+y", "command": "d" },
        { "keys": ["ctrl+z"], "command": "e", "context": [{ "operand": true }] },
        { "keys": ["<character>"], "command": "f" },
        { "keys": ["ctrl+o"], "command": "ok" }
      ]
      """
    let (keymap, diagnostics) = SublimeKeymap.load(
      text: text, path: "k", platform: .linux, source: .user)
    #expect(keymap?.bindings.map(\.effect) == [.perform("ok", arguments: nil)])
    #expect(
      diagnostics.map(\.code) == [
        .badForeignKeys, .unsupportedForeignKeys, .badSublimeContext, .wrongType,
        .badSublimeContext, .unsupportedForeignKeys,
      ])
    #expect(diagnostics[0].location == SourceLocation(file: "k", line: 2, column: 20))
    #expect(diagnostics[0].message.contains("did you mean 'shift'?"))
    #expect(diagnostics[2].location == SourceLocation(file: "k", line: 4, column: 79))
    #expect(diagnostics[2].message.contains("'regex_match'"))
  }

  @Test("Sublime's own Linux keymap: every entry is imported or reported inside its span")
  func realKeymapIsAccounted() throws {
    let path = Self.fixtures.appendingPathComponent("Default (Linux).sublime-keymap").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(KeymapFormat.detect(path: "keys.json", text: text) == .sublime)
    let (keymap, diagnostics) = try #require(
      KeymapFormat.sublime.loadKeymap(text: text, path: path, platform: .linux, source: .app))
    let bindings = try #require(keymap?.bindings)
    guard case .array(let entries) = try JSONReader.parse(text, file: path).value else {
      Issue.record("not an array")
      return
    }
    let dropping: Set<DiagnosticCode> = [
      .badForeignKeys, .unsupportedForeignKeys, .badSublimeContext, .wrongType, .missingField,
      .badCommand,
    ]
    var imported = 0
    var dropped = 0
    for (index, entry) in entries.enumerated() {
      let end = index + 1 < entries.count ? entries[index + 1].location : nil
      let inside = { (location: MenuKit.SourceLocation?) -> Bool in
        guard let location else { return false }
        return location >= entry.location && end.map { location < $0 } ?? true
      }
      if bindings.contains(where: { $0.location == entry.location }) {
        imported += 1
      } else {
        #expect(
          diagnostics.contains { dropping.contains($0.code) && inside($0.location) },
          "entry at \(entry.location) is neither imported nor reported")
        dropped += 1
      }
    }
    #expect(imported == bindings.count)
    #expect(imported + dropped == entries.count)
    #expect(entries.count == 251)
    #expect(dropped == diagnostics.filter { dropping.contains($0.code) }.count)
    // One key Sublime names that MenuKit cannot: Break (the context-menu key is ContextMenu).
    #expect(
      Set(diagnostics.filter { $0.code == .unsupportedForeignKeys }.map(\.message)).count == 1)
    #expect(bindings.contains { $0.keys.description == "ContextMenu" })
    #expect(!diagnostics.containsErrors)
  }

  @Test("detected by content and by name, and loaded by the one loader")
  func detection() {
    #expect(
      KeymapFormat.detect(path: "x", text: #"[{ "keys": ["f1"], "command": "a" }]"#) == .sublime)
    #expect(KeymapFormat.detect(path: "Default.sublime-keymap", text: "[]") == .sublime)
    #expect(KeymapFormat.detect(path: "x", text: #"[{ "keys": ["f1"], "command": "#) == .sublime)
    #expect(KeymapFormat.detect(path: "x", text: #"[{ "key": "f1", "command": "a" }]"#) == .vscode)
  }

  @Test("Sublime's Linux keymap → Keymap → Sublime text → Keymap keeps every binding")
  func roundTrip() throws {
    let path = Self.fixtures.appendingPathComponent("Default (Linux).sublime-keymap").path
    for platform in [PlatformProfile.linux, .mac] {
      let keymap = try #require(
        SublimeKeymap.load(contentsOf: path, platform: platform, source: .app).keymap)
      let (text, losses) = SublimeKeymap.text(of: keymap, platform: platform)
      #expect(losses.isEmpty, "\(losses.prefix(3))")
      let reloaded = try #require(
        SublimeKeymap.load(text: text, path: "out", platform: platform, source: .app).keymap)
      #expect(reloaded.bindings.map(\.keys) == keymap.bindings.map(\.keys))
      #expect(reloaded.bindings.map(\.effect) == keymap.bindings.map(\.effect))
      #expect(reloaded.bindings.map(\.context) == keymap.bindings.map(\.context))
    }
    // What Sublime cannot express is reported, not dropped silently.
    let other = try #require(
      KeymapFile.load(
        text: #"""
          { "schemaVersion": 1, "keymap": [
            { "context": "Pane > Editor", "bindings": [ { "keys": "Cmd+K", "command": "a" } ] },
            { "bindings": [ { "keys": "Cmd+J", "command": null },
                            { "keys": "Cmd+[BracketLeft]", "command": "b" } ] } ] }
          """#, path: "k", source: .user
      ).keymap)
    let (_, losses) = SublimeKeymap.text(of: other, platform: .linux)
    #expect(losses.map(\.code) == [.notExportable, .notExportable, .notExportable])
  }
}
