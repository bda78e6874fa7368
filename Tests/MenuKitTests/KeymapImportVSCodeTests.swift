import Foundation
import Testing

@testable import MenuKit
@testable import MenuKitInterop

@Suite("Importing VS Code keybindings")
struct KeymapImportVSCodeTests {
  // MARK: Bindings

  @Test("reads keys, command, args and when, each binding at its object's position")
  func readsBindings() throws {
    let text = """
      // user keybindings
      [
        { "key": "ctrl+shift+[", "command": "editor.fold", "when": "editorFocus && foldingEnabled" },
        {
          "key": "ctrl+k ctrl+s",
          "command": "workbench.action.files.saveAll",
          "args": { "force": true },
        },
      ]
      """
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: text, path: "k.json", platform: .linux, source: .user)
    #expect(diagnostics.isEmpty)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.count == 2)
    #expect(bindings[0].keys.canonicalText == "Cmd+Shift+[")
    #expect(bindings[0].effect == .perform("editor.fold", arguments: nil))
    #expect(bindings[0].context == .and(.identifier("editorFocus"), .identifier("foldingEnabled")))
    #expect(bindings[0].location == SourceLocation(file: "k.json", line: 3, column: 3))
    #expect(bindings[1].keys.canonicalText == "Cmd+K Cmd+S")
    #expect(
      bindings[1].effect
        == .perform(
          "workbench.action.files.saveAll", arguments: .dictionary(["force": .bool(true)])))
    #expect(bindings[1].context == nil)
    #expect(bindings[1].location == SourceLocation(file: "k.json", line: 4, column: 3))
    #expect(keymap?.source == .user)
    #expect(keymap?.path == "k.json")
  }

  @Test("'-command' removes a command's binding and an empty command disables the keys")
  func removalsAndDisabling() throws {
    let text = """
      [{ "key": "ctrl+d", "command": "-editor.action.addSelectionToNextFindMatch" },
       { "key": "alt+r", "command": "" }]
      """
    let (keymap, diagnostics) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    #expect(diagnostics.isEmpty)
    let bindings = try #require(keymap?.bindings)
    #expect(
      bindings.map(\.effect) == [
        .unbindCommand("editor.action.addSelectionToNextFindMatch"), .unbind,
      ])
  }

  @Test("the platform decides what ctrl and cmd mean: cmd is ⌘ on mac and Super elsewhere")
  func platformModifiers() throws {
    let text = #"[{ "key": "cmd+s", "command": "save" }, { "key": "ctrl+s", "command": "x" }]"#
    let mac = VSCodeKeybindings.load(text: text, platform: .mac, source: .user)
    #expect(mac.keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+S", "Ctrl+S"])
    let linux = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    #expect(linux.keymap?.bindings.map(\.keys.canonicalText) == ["Super+S", "Cmd+S"])
    #expect(linux.diagnostics.isEmpty)
  }

  // MARK: Partial loading

  @Test("bad entries are reported at their position and skipped; the rest loads")
  func partialLoading() throws {
    let text = """
      [
        { "key": "ctrl+shfit+p", "command": "a" },
        { "key": "ctrl+p", "command": "b", "when": "editorFocus &&" },
        { "command": "c" },
        { "key": "ctrl+q", "command": 4 },
        "stray",
        { "key": "ctrl+e", "command": "-" },
        { "key": "ctrl+f", "command": "find", "whne": "x" },
      ]
      """
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: text, path: "k.json", platform: .linux, source: .user)
    #expect(keymap?.bindings.map(\.effect) == [.perform("find", arguments: nil)])
    let summary = diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.code)" }
    #expect(
      summary == [
        "2:18 MK551", "3:61 MK552", "4:3 MK112", "5:33 MK111", "6:3 MK111", "7:33 MK503",
        "8:41 MK110",
      ])
    #expect(diagnostics[0].message.contains("'shfit'"))
    #expect(diagnostics[1].message.contains("bad when clause 'editorFocus &&'"))
    #expect(diagnostics.last?.severity == .warning)
  }

  @Test("a file that is not a JSON array gives no keymap", arguments: ["{}", "[", "42"])
  func notAnArray(text: String) {
    let (keymap, diagnostics) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    #expect(keymap == nil)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.containsErrors)
  }

  @Test("an unreadable file gives MK103")
  func unreadable() {
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      contentsOf: "/nonexistent/keybindings.json", platform: .linux, source: .user)
    #expect(keymap == nil)
    #expect(diagnostics.map(\.code) == [.unreadableFile])
  }

  // MARK: When clauses

  @Test("when clauses map to context predicates", arguments: whenCases)
  func whenClause(_ testCase: WhenCase) throws {
    let clause = try VSCodeWhenClause(parsing: testCase.when)
    switch clause.value {
    case .constant(let value): #expect("\(value)" == testCase.predicate)
    case .predicate(let predicate): #expect(predicate.description == testCase.predicate)
    }
    #expect(clause.approximations.count == testCase.approximations)
  }

  @Test("unsupported operators become opaque identifiers with a warning at their column")
  func approximations() throws {
    let text = #"""
      [{ "key": "f1", "command": "a",
         "when": "editorFocus && count > 0 && lang =~ /^(md|txt)$/i" }]
      """#
    let (keymap, diagnostics) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    let context = try #require(keymap?.bindings.first?.context)
    #expect(
      context
        == .and(
          .and(.identifier("editorFocus"), .identifier("vscode:count > 0")),
          .identifier("vscode:lang =~ /^(md|txt)$/i")))
    #expect(diagnostics.map(\.code) == [.approximatedWhenClause, .approximatedWhenClause])
    #expect(diagnostics.map { $0.location?.column } == [28, 41])
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
    #expect(diagnostics[0].message.contains("numeric comparison"))
  }

  @Test("a when clause that is always false skips the binding with MK554")
  func alwaysFalse() {
    let text = #"[{ "key": "f1", "command": "a", "when": "editorFocus && false" }]"#
    let (keymap, diagnostics) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    #expect(keymap?.bindings.isEmpty == true)
    #expect(diagnostics.map(\.code) == [.bindingNeverApplies])
  }

  @Test("bad when clauses fail with a column, never a crash", arguments: badWhenCases)
  func badWhen(_ testCase: BadWhenCase) {
    #expect(throws: VSCodeWhenClause.ParseError.self) {
      try VSCodeWhenClause(parsing: testCase.when)
    }
    do {
      _ = try VSCodeWhenClause(parsing: testCase.when)
    } catch {
      #expect(error.column == testCase.column, "\(error.message)")
    }
  }

  @Test("deep nesting is an error, not a stack overflow")
  func deepNesting() {
    let text = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
    #expect(throws: VSCodeWhenClause.ParseError.self) { try VSCodeWhenClause(parsing: text) }
  }

  /// A VS Code keybindings file of one binding with this when clause.
  private func keybindings(when: String) -> String {
    #"[{ "key": "ctrl+a", "command": "x", "when": "\#(when)" }]"#
  }

  @Test("a when clause of 100,000 && terms imports as one list, without a stack overflow")
  func longChain() throws {
    let when = (0..<100_000).map { "k\($0)" }.joined(separator: " && ")
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: keybindings(when: when), platform: .linux, source: .user)
    #expect(diagnostics.isEmpty)
    guard case .and(let operands)? = keymap?.bindings.first?.context else {
      Issue.record("expected one list")
      return
    }
    #expect(operands.count == 100_000)
    let written = try #require(keymap.map { KeymapFile.text(of: $0) })
    #expect(KeymapFile.load(text: written, source: .user).diagnostics.isEmpty)
  }

  @Test("a 65-term chain imports, and the keymap written from it loads (no MK501)")
  func importedChainLoads() throws {
    let when = (0..<65).map { "k\($0)" }.joined(separator: " && ")
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: keybindings(when: when), platform: .linux, source: .user)
    #expect(diagnostics.isEmpty)
    let written = try #require(keymap.map { KeymapFile.text(of: $0) })
    let (reloaded, problems) = KeymapFile.load(text: written, source: .user)
    #expect(problems.isEmpty)
    #expect(reloaded?.bindings.first?.context == keymap?.bindings.first?.context)
  }

  @Test("the importer and MenuKit's parser agree on the depth limit")
  func depthLimitAgrees() throws {
    // `a0 && (a1 || (a2 && …))`, `levels` levels deep.
    func alternating(levels: Int) -> String {
      var text = "a\(levels - 1)"
      for level in stride(from: levels - 2, through: 0, by: -1) {
        text = "a\(level) \(level % 2 == 0 ? "&&" : "||") (\(text))"
      }
      return text
    }
    let limit = ContextPredicate.maximumDepth
    let deepest = try VSCodeWhenClause(parsing: alternating(levels: limit))
    guard case .predicate(let predicate) = deepest.value else {
      Issue.record("expected a predicate")
      return
    }
    #expect(try ContextPredicate(parsing: predicate.description) == predicate)
    #expect(throws: ContextPredicateError.self) {
      try ContextPredicate(parsing: alternating(levels: limit + 1))
    }
    let (_, diagnostics) = VSCodeKeybindings.load(
      text: keybindings(when: alternating(levels: limit + 1)), platform: .linux, source: .user)
    #expect(diagnostics.map(\.code) == [.badWhenClause])
    #expect(diagnostics.first?.message.contains(ContextPredicate.tooDeepMessage) == true)
  }

  @Test("random when clauses parse or fail inside the text, and parsed ones round-trip")
  func randomClauses() throws {
    let pieces = [
      "a", "b.c", "'q x'", "&&", "||", "!", "(", ")", "==", "!=", "=~", "/r[/]x/i", ">", "<=",
      "in", "not", "true", "false", " ", "=", "&", "'", "~", "3",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2_000 {
      let text = (0..<next(9)).map { _ in pieces[next(pieces.count)] }.joined(separator: " ")
      do {
        let clause = try VSCodeWhenClause(parsing: text)
        guard case .predicate(let predicate) = clause.value else { continue }
        let when = try VSCodeWhenClause.text(of: predicate).get()
        #expect(try VSCodeWhenClause(parsing: when).value == clause.value, "\(text) → \(when)")
      } catch let error as VSCodeWhenClause.ParseError {
        #expect((1...text.unicodeScalars.count + 1).contains(error.column), "\(text)")
      }
    }
  }

  // MARK: Corpus

  @Test("the VS Code default keymaps load", arguments: corpusCases)
  func corpus(_ testCase: ImportCorpusCase) throws {
    let path = importCorpusDirectory.appendingPathComponent(testCase.file).path
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      contentsOf: path, platform: testCase.platform, source: .builtIn)
    let bindings = try #require(keymap?.bindings)
    #expect(
      !diagnostics.containsErrors, "\(diagnostics.filter { $0.severity == .error }.prefix(3))")
    #expect(bindings.count > 1_000)
    #expect(bindings.allSatisfy { $0.location?.file == path })
    // Keys VS Code has and MenuKit cannot express (Super on linux, browser keys, keys named by
    // their position) are skipped with a warning; `when` operators are approximated.
    let codes = Set(diagnostics.map(\.code))
    #expect(
      codes.isSubset(of: [.approximatedWhenClause, .unsupportedForeignKeys, .bindingNeverApplies]))
    #expect(diagnostics.filter { $0.code == .approximatedWhenClause }.count >= 10)
  }

  // MARK: Export

  @Test("exports bindings as VS Code JSON")
  func export() throws {
    let keymap = Keymap(
      source: .user,
      bindings: [
        KeyBinding(
          keys: try KeySequence(parsing: "Cmd+K Cmd+S"), effect: .perform("save", arguments: nil),
          context: try ContextPredicate(parsing: "(a || b) && !c && mode == 'full screen'"),
          source: .user),
        KeyBinding(keys: try KeySequence(parsing: "Alt+R"), effect: .unbind, source: .user),
        KeyBinding(
          keys: try KeySequence(parsing: "F5"), effect: .unbindCommand("run"), source: .user),
        KeyBinding(
          keys: try KeySequence(parsing: "F6"),
          effect: .perform("go", arguments: .dictionary(["to": .number(3)])),
          context: .identifier("vscode:count > 0"), source: .user),
      ])
    let (text, diagnostics) = VSCodeKeybindings.text(of: keymap, platform: .linux)
    #expect(diagnostics.isEmpty)
    #expect(
      text == """
        [
          { "key": "ctrl+k ctrl+s", "command": "save", "when": "(a || b) && !c && mode == 'full screen'" },
          { "key": "alt+r", "command": "" },
          { "key": "f5", "command": "-run" },
          { "key": "f6", "command": "go", "when": "count > 0", "args": { "to": 3 } }
        ]

        """)
    let reloaded = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    #expect(reloaded.keymap?.bindings.map(\.effect) == keymap.bindings.map(\.effect))
    #expect(reloaded.keymap?.bindings.map(\.context) == keymap.bindings.map(\.context))
  }

  @Test("bindings VS Code cannot express are reported, not silently dropped")
  func exportReportsLosses() throws {
    let location = SourceLocation(file: "a.keymap.json", line: 4, column: 9)
    let keymap = Keymap(
      source: .user,
      bindings: [
        KeyBinding(
          keys: try KeySequence(parsing: "F1"), effect: .perform("a", arguments: nil),
          context: try ContextPredicate(parsing: "Pane > Editor"), source: .user,
          location: location),
        KeyBinding(
          keys: try KeySequence(parsing: "F2"), effect: .perform("b", arguments: nil),
          context: .equal("title", "it's"), source: .user),
        KeyBinding(keys: try KeySequence(parsing: "F3"), effect: .unbind, source: .user),
      ])
    let (text, diagnostics) = VSCodeKeybindings.text(of: keymap, platform: .linux)
    #expect(text == "[\n  { \"key\": \"f3\", \"command\": \"\" }\n]\n")
    #expect(diagnostics.map(\.code) == [.notExportable, .notExportable])
    #expect(diagnostics[0].location == location)
    #expect(diagnostics[0].message.contains("'>'"))
    #expect(diagnostics[1].message.contains("quote"))
  }

  @Test("nested predicates round-trip through when text", arguments: roundTripPredicates)
  func predicateRoundTrip(_ text: String) throws {
    let predicate = try ContextPredicate(parsing: text)
    let when = try VSCodeWhenClause.text(of: predicate).get()
    let back = try VSCodeWhenClause(parsing: when)
    #expect(back.value == .predicate(predicate), "\(when)")
  }

  @Test("corpus → keymap → VS Code text → keymap gives the same bindings", arguments: corpusCases)
  func corpusRoundTrip(_ testCase: ImportCorpusCase) throws {
    let path = importCorpusDirectory.appendingPathComponent(testCase.file).path
    let keymap = try #require(
      VSCodeKeybindings.load(contentsOf: path, platform: testCase.platform, source: .user).keymap)
    let (text, problems) = VSCodeKeybindings.text(of: keymap, platform: testCase.platform)
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    let reloaded = try #require(
      VSCodeKeybindings.load(text: text, platform: testCase.platform, source: .user).keymap)
    #expect(reloaded.bindings.map(unlocated) == keymap.bindings.map(unlocated))
  }
}

// MARK: - Fixtures

/// A binding without its location, for comparing bindings read from different texts.
func unlocated(_ binding: KeyBinding) -> KeyBinding {
  var binding = binding
  binding.location = nil
  return binding
}

/// The corpus of real keymaps copied into the test fixtures.
let importCorpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/corpus")

struct ImportCorpusCase: CustomTestStringConvertible, Sendable {
  var file: String
  var platform: PlatformProfile
  var testDescription: String { file }
}

private let corpusCases = [
  ImportCorpusCase(file: "vscode/linux.keybindings.json", platform: .linux),
  ImportCorpusCase(file: "vscode/macos.keybindings.json", platform: .mac),
  ImportCorpusCase(file: "vscode/windows.keybindings.json", platform: .windows),
]

struct WhenCase: CustomTestStringConvertible, Sendable {
  var when: String
  var predicate: String
  var approximations = 0
  var testDescription: String { when }
}

private let whenCases = [
  WhenCase(when: "editorFocus", predicate: "editorFocus"),
  WhenCase(when: "a && b || c", predicate: "a && b || c"),
  WhenCase(when: "a && (b || c)", predicate: "a && (b || c)"),
  WhenCase(when: "!a && !(b || c)", predicate: "!a && !(b || c)"),
  WhenCase(when: "editorLangId == 'typescript'", predicate: "editorLangId == typescript"),
  WhenCase(when: "editorLangId === markdown", predicate: "editorLangId == markdown"),
  WhenCase(when: "view != workbench.view.explorer", predicate: "view != workbench.view.explorer"),
  WhenCase(when: "resourceExtname !== .js", predicate: "resourceExtname != .js"),
  WhenCase(when: "config.editor.stablePeek", predicate: "config.editor.stablePeek"),
  WhenCase(when: "a == true", predicate: "a"),
  WhenCase(when: "a == false", predicate: "!a"),
  WhenCase(when: "a != true", predicate: "!a"),
  WhenCase(when: "a && true", predicate: "a"),
  WhenCase(when: "a || true", predicate: "true"),
  WhenCase(when: "!false && a", predicate: "a"),
  WhenCase(when: "a && !true", predicate: "false"),
  WhenCase(when: "title == 'My file'", predicate: "title == 'My file'"),
  WhenCase(when: "count > 0", predicate: "'vscode:count > 0'", approximations: 1),
  WhenCase(
    when: "count >= 2 || n < 3", predicate: "'vscode:count >= 2' || 'vscode:n < 3'",
    approximations: 2),
  WhenCase(when: "!(count <= 2)", predicate: "!'vscode:count <= 2'", approximations: 1),
  WhenCase(
    when: #"ext =~ /^(a|[/]b)\/c$/i && x"#, predicate: #"'vscode:ext =~ /^(a|[/]b)\\/c$/i' && x"#,
    approximations: 1),
  WhenCase(
    when: "resource in 'git.files'", predicate: "'vscode:resource in \\'git.files\\''",
    approximations: 1),
  WhenCase(
    when: "resource not in list", predicate: "!'vscode:resource in list'", approximations: 1),
]

struct BadWhenCase: CustomTestStringConvertible, Sendable {
  var when: String
  var column: Int
  var testDescription: String { when }
}

private let badWhenCases = [
  BadWhenCase(when: "", column: 1),
  BadWhenCase(when: "a &&", column: 5),
  BadWhenCase(when: "a & b", column: 3),
  BadWhenCase(when: "a | b", column: 3),
  BadWhenCase(when: "a = b", column: 3),
  BadWhenCase(when: "(a", column: 3),
  BadWhenCase(when: "a)", column: 2),
  BadWhenCase(when: "a == ", column: 6),
  BadWhenCase(when: "a == 'b", column: 6),
  BadWhenCase(when: "a =~ /b", column: 6),
  BadWhenCase(when: "a =~ &&", column: 6),
  BadWhenCase(when: "a not b", column: 7),
  BadWhenCase(when: "a > (", column: 5),
  BadWhenCase(when: "!&&", column: 2),
  BadWhenCase(when: "a ~ b", column: 3),
  BadWhenCase(when: "a b", column: 3),
  BadWhenCase(when: "'quoted key'", column: 1),
  BadWhenCase(when: "a && in", column: 6),
  BadWhenCase(when: "!not", column: 2),
]

private let roundTripPredicates = [
  "a", "a && b && c", "a && (b && c)", "a || (b || c)", "(a || b) && c", "!(a && b)", "!!a",
  "!(a == b)", "a != 'x y'", "a == true", "k == 'in'",
]
