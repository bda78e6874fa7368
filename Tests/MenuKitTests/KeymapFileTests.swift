import Foundation
import MenuKitJSON
import MenuKitTestSupport
import Testing

@testable import MenuKit

// MARK: - Fixtures

/// Loads `text` as a user keymap from `k.keymap.json`.
private func load(_ text: String) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
  KeymapFile.load(text: text, path: "k.keymap.json", source: .user)
}

/// The diagnostics as printed, one per element.
private func lines(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map(\.description)
}

// MARK: - Tests

@Suite("Keymap files")
struct KeymapFileTests {
  @Test("loads sections, contexts, sequences, arguments and both kinds of unbinding")
  func loadsEverything() throws {
    let (keymap, diagnostics) = load(
      """
      { "schemaVersion": 1,
        "keymap": [
          { "bindings": [ { "keys": "Ctrl+K Ctrl+S", "command": "file.saveAll" } ] },
          // Comments and trailing commas are fine.
          { "context": "Editor && !readOnly",
            "bindings": [
              { "keys": "ctrl+d", "command": "editor.select", "args": { "next": true }, },
              { "keys": "Ctrl+Shift+K", "command": null },
              { "keys": "Ctrl+L", "command": "-selectLine:" },
            ] },
        ] }
      """)
    #expect(diagnostics == [])
    let bindings = try #require(keymap?.bindings)
    #expect(keymap?.source == .user)
    #expect(keymap?.path == "k.keymap.json")
    #expect(
      bindings.map(\.keys.canonicalText) == ["Ctrl+K Ctrl+S", "Ctrl+D", "Ctrl+Shift+K", "Ctrl+L"])
    #expect(
      bindings.map(\.effect) == [
        .perform("file.saveAll", arguments: nil),
        .perform("editor.select", arguments: ["next": true]),
        .unbind,
        .unbindCommand("selectLine:"),
      ])
    let editor = try ContextPredicate(parsing: "Editor && !readOnly")
    #expect(bindings.map(\.context) == [nil, editor, editor, editor])
    #expect(bindings.allSatisfy { $0.source == .user })
    #expect(
      bindings.map(\.location) == [
        SourceLocation(file: "k.keymap.json", line: 3, column: 21),
        SourceLocation(file: "k.keymap.json", line: 7, column: 9),
        SourceLocation(file: "k.keymap.json", line: 8, column: 9),
        SourceLocation(file: "k.keymap.json", line: 9, column: 9),
      ])
  }

  @Test("a blank context means everywhere; an empty keymap is valid")
  func blankContextAndEmptyKeymap() {
    let (keymap, diagnostics) = load(
      #"{ "schemaVersion": 1, "keymap": [ { "context": " ", "bindings": [ { "keys": "F5", "command": "run" } ] } ] }"#
    )
    #expect(diagnostics == [])
    #expect(keymap?.bindings.first?.context == nil)
    let empty = load(#"{ "schemaVersion": 1, "keymap": [] }"#)
    #expect(empty.diagnostics == [])
    #expect(empty.keymap == Keymap(source: .user, path: "k.keymap.json"))
  }

  @Test("bad entries are skipped and reported with their positions; good ones still load")
  func partialLoading() {
    let text = """
      {
        "schemaVersion": 1,
        "keymap": [
          { "context": "Editor &&", "bindings": [ { "keys": "F1", "command": "skipped" } ] },
          { "context": "Editor",
            "bindings": [
              { "keys": "F2", "command": "good.one" },
              { "keys": "Ctrl+Shfit+K", "command": "bad.keys" },
              { "keys": "F3", "command": "" },
              { "keys": "F4", "command": 12 },
              { "command": "no.keys" },
              { "keys": "F5" },
              "not an object",
              { "keys": "F6", "command": null, "args": 1 },
              { "keys": "F7", "command": "good.two", "when": "Editor" },
            ] },
          { "bindings": { "keys": "F8" } },
          { "context": 3, "bindings": [] },
          [],
        ]
      }
      """
    let (keymap, diagnostics) = load(text)
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["F2", "F6", "F7"])
    #expect(
      lines(diagnostics) == [
        "k.keymap.json:4:28: error[MK501]: bad context 'Editor &&': expected an identifier, '!' or '(' after '&&', found the end; the section is skipped",
        "k.keymap.json:8:25: error[MK502]: bad keys 'Ctrl+Shfit+K': unknown modifier 'Shfit'; did you mean 'Shift'?",
        "k.keymap.json:9:36: error[MK503]: an empty command name is not valid; expected a command name such as 'file.saveAll', '-file.saveAll' to remove its binding, or null to disable the keys",
        "k.keymap.json:10:36: error[MK111]: expected a command name or null for 'command' in a key binding, found a number",
        "k.keymap.json:11:9: error[MK112]: missing field 'keys' in a key binding",
        "k.keymap.json:12:9: error[MK112]: missing field 'command' in a key binding; give a command name, \"-name\" to remove that command's binding, or null to disable the keys",
        "k.keymap.json:13:9: error[MK111]: expected a key binding object in 'bindings', found a string",
        "k.keymap.json:14:42: warning[MK504]: 'args' is ignored in a binding that removes or disables keys",
        "k.keymap.json:15:48: warning[MK110]: unknown field 'when' in a key binding; expected one of 'keys', 'command', 'args'",
        "k.keymap.json:17:19: error[MK111]: expected an array of key bindings for 'bindings' in a keymap section, found an object",
        "k.keymap.json:18:18: error[MK111]: expected a string for 'context' in a keymap section, found a number",
        "k.keymap.json:19:5: error[MK111]: expected a keymap section object in 'keymap', found an array",
      ])
  }

  @Test("a bad key inside a sequence is reported at its own column")
  func badStrokeColumn() {
    let (_, diagnostics) = load(
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Ctrl+K Ctrl+Nope", "command": "x" } ] } ] }"#
    )
    // The string starts at column 61; "Nope" is 12 scalars into it.
    #expect(diagnostics.map(\.code) == [.badKeys])
    #expect(diagnostics.first?.location?.column == 61 + 1 + 12)
  }

  @Test("the top level must be a keymap file of a known version")
  func topLevel() {
    #expect(load("[]").keymap == nil)
    #expect(load("[]").diagnostics.map(\.code) == [.wrongType])
    let future = load(#"{ "schemaVersion": 2, "keymap": [] }"#)
    #expect(future.keymap == nil)
    #expect(future.diagnostics.map(\.code) == [.unsupportedVersion])
    let syntax = load(#"{ "schemaVersion": 1, "keymap": [ }"#)
    #expect(syntax.keymap == nil)
    #expect(syntax.diagnostics.map(\.code) == [.syntaxError])
    let missing = load("{}")
    #expect(missing.keymap?.bindings == [])
    #expect(missing.diagnostics.map(\.code) == [.missingField, .missingField])
  }

  @Test("a file that cannot be read gives MK103 and no keymap")
  func unreadable() {
    let result = KeymapFile.load(contentsOf: "/nonexistent/x.keymap.json", source: .app)
    #expect(result.keymap == nil)
    #expect(result.diagnostics.map(\.code) == [.unreadableFile])
  }

  @Test("the shipped example keymap loads without diagnostics and uses the example's actions")
  func shippedExample() throws {
    let path = repositoryRoot.appendingPathComponent("keymaps/examples/text-editor.keymap.json")
      .path
    let (keymap, diagnostics) = KeymapFile.load(contentsOf: path, source: .app)
    #expect(diagnostics == [])
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.contains { $0.keys.strokes.count == 2 })
    #expect(bindings.contains { $0.effect == .unbind })
    #expect(bindings.contains { if case .unbindCommand = $0.effect { true } else { false } })
    #expect(bindings.contains { $0.context != nil })

    let menu = MenuFile.load(
      contentsOf: repositoryRoot.appendingPathComponent("keymaps/examples/text-editor.json").path)
    let menuText = try String(
      contentsOf: repositoryRoot.appendingPathComponent("keymaps/examples/text-editor.json"),
      encoding: .utf8)
    #expect(menu.file != nil)
    for binding in bindings {
      let action: ActionName
      switch binding.effect {
      case .perform(let name, _), .unbindCommand(let name): action = name
      case .unbind: continue
      }
      #expect(menuText.contains("\"\(action.rawValue)\""), "\(action) is not in text-editor.json")
    }
  }

  @Test("the schema names exactly the fields the loader reads, and the docs describe them")
  func schemaAndDocs() throws {
    let docs = repositoryRoot.appendingPathComponent("docs")
    let schemaText = try String(
      contentsOf: docs.appendingPathComponent("keymap-file.schema.json"), encoding: .utf8)
    let schema = try JSONReader.parse(schemaText)
    func properties(_ path: [String]) -> [String] {
      var node = schema
      for key in path {
        guard let next = node.value.objectValue?.first(where: { $0.key == key })?.value else {
          return []
        }
        node = next
      }
      return node.value.objectValue?.map(\.key) ?? []
    }
    #expect(properties(["properties"]) == KeymapFile.topLevelFields)
    #expect(properties(["$defs", "section", "properties"]) == KeymapFile.sectionFields)
    #expect(properties(["$defs", "binding", "properties"]) == KeymapFile.bindingFields)
    let guide = try String(
      contentsOf: docs.appendingPathComponent("formats/keymaps.md"), encoding: .utf8)
    for field in KeymapFile.topLevelFields + KeymapFile.sectionFields + KeymapFile.bindingFields {
      #expect(
        guide.contains("| `\(field)` |"), "docs/formats/keymaps.md does not describe '\(field)'")
    }
  }
}
