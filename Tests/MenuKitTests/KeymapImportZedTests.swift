import Foundation
import Testing

@testable import MenuKit
@testable import MenuKitInterop

@Suite("Importing Zed keymaps")
struct KeymapImportZedTests {
  @Test("reads sections in file order, keystrokes located at their key")
  func readsSections() throws {
    let text = """
      [
        // global
        { "bindings": { "ctrl-shift-p": "command_palette::Toggle" } },
        {
          "context": "Editor && mode == full",
          "bindings": {
            "ctrl-k ctrl-s": "zed::OpenKeymap",
            "ctrl-w": ["pane::CloseActiveItem", { "save_intent": "close" }],
            "ctrl-q": null,
            "ctrl-e": "zed::NoAction",
            "alt-a": ["editor::SelectAll"],
          },
        },
      ]
      """
    let (keymap, diagnostics) = ZedKeymap.load(
      text: text, path: "keymap.json", platform: .linux, source: .user)
    #expect(diagnostics.isEmpty)
    let bindings = try #require(keymap?.bindings)
    #expect(
      bindings.map(\.keys.canonicalText) == [
        "Cmd+Shift+P", "Cmd+K Cmd+S", "Cmd+W", "Cmd+Q", "Cmd+E", "Alt+A",
      ])
    #expect(
      bindings.map(\.effect) == [
        .perform("command_palette::Toggle", arguments: nil),
        .perform("zed::OpenKeymap", arguments: nil),
        .perform(
          "pane::CloseActiveItem", arguments: .dictionary(["save_intent": .string("close")])),
        .unbind, .unbind, .perform("editor::SelectAll", arguments: nil),
      ])
    #expect(bindings[0].context == nil)
    let editor = try ContextPredicate(parsing: "Editor && mode == full")
    #expect(bindings.dropFirst().allSatisfy { $0.context == editor })
    #expect(bindings[0].location == SourceLocation(file: "keymap.json", line: 3, column: 19))
    #expect(bindings[1].location == SourceLocation(file: "keymap.json", line: 7, column: 7))
  }

  @Test("'secondary' is the platform's primary modifier")
  func secondary() throws {
    let text = #"[{ "bindings": { "secondary-s": "save", "cmd-s": "x" } }]"#
    let mac = ZedKeymap.load(text: text, platform: .mac, source: .user)
    #expect(mac.keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+S", "Cmd+S"])
    // Zed's cmd is its platform key: the Super key on linux.
    let linux = ZedKeymap.load(text: text, platform: .linux, source: .user)
    #expect(linux.keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+S", "Super+S"])
  }

  @Test("bad sections and bindings are reported at their position and skipped")
  func partialLoading() throws {
    let text = """
      [
        { "context": "Editor &&", "bindings": { "a": "skipped" } },
        { "bindings": ["a"] },
        { "context": "Editor" },
        { "bindings": { "ctrl-shfit-a": "a", "b": 3, "c": [], "d": "", "e": "ok" } },
        { "bindings": { "f": "ok" }, "use_key_equivalents": true, "extra": 1 },
        7,
      ]
      """
    let (keymap, diagnostics) = ZedKeymap.load(
      text: text, path: "z.json", platform: .linux, source: .user)
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["E", "F"])
    let summary = diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.code)" }
    #expect(
      summary == [
        "2:26 MK501", "3:17 MK111", "4:3 MK112", "5:25 MK551", "5:45 MK111", "5:53 MK111",
        "5:62 MK503", "6:61 MK110", "7:3 MK111",
      ])
    // use_key_equivalents means nothing on Linux (Zed ignores it there): no MK557.
    #expect(diagnostics.filter { $0.severity == .warning }.map(\.code) == [.unknownField])
  }

  @Test("a file that is not a JSON array gives no keymap", arguments: ["{}", "[{", "null"])
  func notAnArray(text: String) {
    let (keymap, diagnostics) = ZedKeymap.load(text: text, platform: .linux, source: .user)
    #expect(keymap == nil)
    #expect(diagnostics.count == 1)
  }

  @Test("the Zed default keymaps load", arguments: zedCorpus)
  func corpus(_ testCase: ImportCorpusCase) throws {
    let path = importCorpusDirectory.appendingPathComponent(testCase.file).path
    let (keymap, diagnostics) = ZedKeymap.load(
      contentsOf: path, platform: testCase.platform, source: .builtIn)
    let bindings = try #require(keymap?.bindings)
    #expect(
      !diagnostics.containsErrors, "\(diagnostics.filter { $0.severity == .error }.prefix(3))")
    #expect(bindings.count > 700)
    #expect(bindings.contains { $0.context?.description.contains(" > ") == true })
    #expect(bindings.allSatisfy { $0.location?.file == path })
  }

  // MARK: Export

  @Test("exports sections grouped by context, a repeated keystroke starting a new section")
  func export() throws {
    let editor = try ContextPredicate(parsing: "Pane > Editor && mode == full")
    func binding(_ keys: String, _ effect: KeyBinding.Effect, _ context: ContextPredicate?)
      throws -> KeyBinding
    {
      KeyBinding(
        keys: try KeySequence(parsing: keys), effect: effect, context: context, source: .user)
    }
    let keymap = Keymap(
      source: .user,
      bindings: [
        try binding("Cmd+Shift+P", .perform("palette", arguments: nil), nil),
        try binding("Cmd+K Cmd+S", .perform("save", arguments: .array([.bool(true)])), editor),
        try binding("Cmd+W", .unbind, editor),
        try binding("Cmd+W", .perform("close", arguments: nil), editor),
      ])
    let (text, diagnostics) = ZedKeymap.text(of: keymap, platform: .linux)
    #expect(diagnostics.isEmpty)
    #expect(
      text == """
        [
          {
            "bindings": {
              "ctrl-shift-p": "palette"
            }
          },
          {
            "context": "Pane > Editor && mode == full",
            "bindings": {
              "ctrl-k ctrl-s": ["save", [true]],
              "ctrl-w": null
            }
          },
          {
            "context": "Pane > Editor && mode == full",
            "bindings": {
              "ctrl-w": "close"
            }
          }
        ]

        """)
    let reloaded = try #require(ZedKeymap.load(text: text, platform: .linux, source: .user).keymap)
    #expect(reloaded.bindings.map(unlocated) == keymap.bindings)
  }

  @Test("bindings Zed cannot express are reported, not silently dropped")
  func exportReportsLosses() throws {
    let keymap = Keymap(
      source: .user,
      bindings: [
        KeyBinding(
          keys: try KeySequence(parsing: "F1"), effect: .unbindCommand("run"), source: .user),
        KeyBinding(
          keys: try KeySequence(parsing: "F2"), effect: .perform("a", arguments: nil),
          context: .identifier("config.editor.stablePeek"), source: .user),
        KeyBinding(
          keys: try KeySequence(parsing: "F3"), effect: .perform("b", arguments: nil),
          context: .identifier("Editor"), source: .user),
      ])
    let (text, diagnostics) = ZedKeymap.text(of: keymap, platform: .linux)
    #expect(text.contains("\"f3\": \"b\""))
    #expect(!text.contains("f1") && !text.contains("f2"))
    #expect(diagnostics.map(\.code) == [.notExportable, .notExportable])
    #expect(diagnostics[0].message.contains("-command"))
    #expect(diagnostics[1].message.contains("config.editor.stablePeek"))
  }

  @Test("corpus → keymap → Zed text → keymap gives the same bindings", arguments: zedCorpus)
  func corpusRoundTrip(_ testCase: ImportCorpusCase) throws {
    let path = importCorpusDirectory.appendingPathComponent(testCase.file).path
    let keymap = try #require(
      ZedKeymap.load(contentsOf: path, platform: testCase.platform, source: .user).keymap)
    let (text, problems) = ZedKeymap.text(of: keymap, platform: testCase.platform)
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    let reloaded = try #require(
      ZedKeymap.load(text: text, platform: testCase.platform, source: .user).keymap)
    #expect(reloaded.bindings.map(unlocated) == keymap.bindings.map(unlocated))
  }

  @Test("VS Code corpus → keymap → Zed text reports every binding it leaves out")
  func crossExport() throws {
    let path = importCorpusDirectory.appendingPathComponent("vscode/linux.keybindings.json").path
    let keymap = try #require(
      VSCodeKeybindings.load(contentsOf: path, platform: .linux, source: .user).keymap)
    let (text, problems) = ZedKeymap.text(of: keymap, platform: .linux)
    let reloaded = try #require(ZedKeymap.load(text: text, platform: .linux, source: .user).keymap)
    #expect(!problems.isEmpty)
    #expect(reloaded.bindings.count + problems.count == keymap.bindings.count)
  }
}

private let zedCorpus = [
  ImportCorpusCase(file: "zed/default-linux.json", platform: .linux),
  ImportCorpusCase(file: "zed/default-macos.json", platform: .mac),
]
