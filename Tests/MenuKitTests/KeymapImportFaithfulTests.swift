import Foundation
import MenuKitTestSupport
import Testing

@testable import MenuKit
@testable import MenuKitInterop

/// The importers read real files as their editors do (issue 16): VS Code extensions'
/// `package.json` with per-platform keys, when-clause keys as VS Code's scanner reads them,
/// `not in` with VS Code's polarity, any command string; Zed contexts as gpui parses them and
/// `shift shift`.
@Suite("Importing keymaps as their editors read them")
struct KeymapImportFaithfulTests {
  // MARK: VS Code extensions

  static let package = """
    {
      "name": "ext",
      "contributes": {
        "commands": [],
        "keybindings": [
          { "key": "ctrl+alt+down", "linux": "shift+alt+down", "mac": "cmd+alt+down",
            "command": "down", "when": "editorTextFocus" },
          { "mac": "cmd+k", "win": "ctrl+k", "command": "notLinux" },
          { "key": "ctrl+e", "win": "", "command": "everywhere", "args": { "x": 1 } },
          { "command": "noKeys" }
        ]
      }
    }
    """

  @Test("a package.json gives contributes.keybindings, located in the package.json")
  func extensionPackage() throws {
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: Self.package, path: "package.json", platform: .linux, source: .app)
    let bindings = try #require(keymap?.bindings)
    // The linux key wins over key; a binding without one for linux falls back to key.
    #expect(bindings.map(\.keys.canonicalText) == ["Alt+Shift+Down", "Cmd+E"])
    #expect(bindings[0].location == SourceLocation(file: "package.json", line: 6, column: 7))
    #expect(bindings[1].effect == .perform("everywhere", arguments: .dictionary(["x": 1])))
    let summary = diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.code)" }
    #expect(summary == ["8:7 MK560", "10:7 MK112"])
    #expect(diagnostics[0].severity == .note)
    #expect(diagnostics[0].message.contains("'mac', 'win'"))
    #expect(diagnostics[0].message.contains("on Linux"))
    #expect(diagnostics[1].severity == .error)
  }

  @Test(
    "each platform takes its own key, else key",
    arguments: [
      (PlatformProfile.mac, ["Cmd+Alt+Down", "Cmd+K", "Ctrl+E"]),
      (.windows, ["Cmd+Alt+Down", "Cmd+K", "Cmd+E"]),
    ])
  func platformKeys(platform: PlatformProfile, expected: [String]) throws {
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: Self.package, path: "package.json", platform: platform, source: .app)
    #expect(try #require(keymap).bindings.map(\.keys.canonicalText) == expected)
    #expect(!diagnostics.contains { $0.code == .skippedForPlatform })
  }

  @Test("contributes.keybindings may be one object; a package.json without it has none")
  func singleObjectAndNone() throws {
    let single = #"{ "contributes": { "keybindings": { "key": "f5", "command": "run" } } }"#
    let one = VSCodeKeybindings.load(text: single, platform: .linux, source: .app)
    #expect(one.keymap?.bindings.map(\.keys.canonicalText) == ["F5"])
    #expect(one.diagnostics.isEmpty)
    let none = VSCodeKeybindings.load(
      text: #"{ "contributes": { "commands": [] } }"#, platform: .linux, source: .app)
    #expect(none.keymap?.bindings.isEmpty == true)
    #expect(none.diagnostics.isEmpty)
    let wrong = VSCodeKeybindings.load(
      text: #"{ "contributes": { "keybindings": 3 } }"#, path: "p.json", platform: .linux,
      source: .app)
    #expect(wrong.keymap == nil)
    #expect(wrong.diagnostics.map(\.code) == [.wrongType])
    #expect(wrong.diagnostics.first?.location?.column == 35)
  }

  @Test("a package.json is detected by its content, and the corpus extensions load")
  func detection() throws {
    #expect(KeymapFormat.detect(path: "package.json", text: Self.package) == .vscode)
    #expect(KeymapFormat.detect(path: "x.json", text: #"{ "contributes": {} }"#) == .vscode)
    #expect(KeymapFormat.detect(path: "x.json", text: #"{ "name": "npm" }"#) == nil)
    let path = corpus("vscode-extensions/vscodevim/package.json")
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      contentsOf: path, platform: .linux, source: .app)
    let bindings = try #require(keymap?.bindings)
    #expect(!diagnostics.containsErrors)
    // All 75 contributions load, with VSCodeVim's `linux` keys.
    #expect(bindings.count == 75)
    #expect(
      bindings.contains {
        $0.keys.canonicalText == "Alt+Shift+Down"
          && $0.effect == .perform("extension.vim_cmd+alt+down", arguments: nil)
      })
    #expect(bindings.filter { $0.context?.description.contains("'vim.use<") == true }.count == 42)
  }

  // MARK: When clauses as VS Code scans them

  @Test(
    "keys are words as VS Code's scanner reads them",
    arguments: [
      ("vim.use<C-a> && vim.active", "'vim.use<C-a>' && vim.active"),
      ("gitlens:key:, || gitlens:key:alt+enter", "'gitlens:key:,' || 'gitlens:key:alt+enter'"),
      ("a>b", "'a>b'"),
      ("key == \"x\"", "key == '\"x\"'"),
      ("count<=2", "'vscode:count<=2'"),
      ("count >= 2", "'vscode:count >= 2'"),
      ("a < 2", "'vscode:a < 2'"),
      ("res in list && !(x not in y)", "'vscode:res in list' && !!'vscode:x in y'"),
    ])
  func scannerWords(when: String, predicate: String) throws {
    let clause = try VSCodeWhenClause(parsing: when)
    guard case .predicate(let value) = clause.value else {
      Issue.record("\(when) is a constant")
      return
    }
    #expect(value.description == predicate)
    // MenuKit's own text reads it back, and the VS Code writer writes a clause that reads
    // back to the same predicate.
    #expect(try ContextPredicate(parsing: value.description) == value)
    let written = try VSCodeWhenClause.text(of: value).get()
    #expect(try VSCodeWhenClause(parsing: written).value == .predicate(value), "\(written)")
  }

  @Test("'vim.use<C-a>' is written back bare, and 'not in' as 'not in'")
  func writesBack() throws {
    let text = #"""
      [{ "key": "ctrl+a", "command": "a", "when": "vim.use<C-a> && editorLangId not in excluded" }]
      """#
    let (keymap, _) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    let written = VSCodeKeybindings.text(of: try #require(keymap), platform: .linux)
    #expect(written.diagnostics.isEmpty)
    #expect(written.text.contains(#""when": "vim.use<C-a> && editorLangId not in excluded""#))
  }

  @Test("'not in' holds where nothing is known of the list; 'in' does not")
  func notInPolarity() throws {
    let clause = try VSCodeWhenClause(parsing: "editorTextFocus && editorLangId not in exclusions")
    guard case .predicate(let notIn) = clause.value else {
      Issue.record("constant")
      return
    }
    let editor = try KeyContext.stack(parsing: "editorTextFocus")
    #expect(notIn.holds(in: editor, at: 0))
    // A context that knows the language is excluded contributes the identifier.
    let excluded = [
      KeyContext(["editorTextFocus", "vscode:editorLangId in exclusions"])
    ]
    #expect(!notIn.holds(in: excluded, at: 0))
    guard case .predicate(let isIn) = try VSCodeWhenClause(parsing: "a in b").value else {
      Issue.record("constant")
      return
    }
    #expect(!isIn.holds(in: editor, at: 0))
    #expect(clause.approximations.first?.negated == true)
  }

  @Test("a 'not in' binding warns with what it is kept as")
  func notInWarning() throws {
    let text = #"[{ "key": "ctrl+a", "command": "a", "when": "x not in y" }]"#
    let (_, diagnostics) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    #expect(diagnostics.map(\.code) == [.approximatedWhenClause])
    #expect(diagnostics.first?.message.hasPrefix("'x not in y' has no MenuKit equivalent") == true)
    #expect(diagnostics.first?.message.contains("negation") == true)
  }

  // MARK: Commands

  @Test("any command string is a command, and it survives the MenuKit keymap file")
  func anyCommand() throws {
    let text = #"""
      [
        { "key": "ctrl+a", "command": "run this & that" },
        { "key": "ctrl+b", "command": "-remove me" },
        { "key": "ctrl+c", "command": "-" }
      ]
      """#
    let (keymap, diagnostics) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    let bindings = try #require(keymap?.bindings)
    #expect(
      bindings.map(\.effect) == [
        .perform("run this & that", arguments: nil), .unbindCommand("remove me"),
      ])
    #expect(diagnostics.map(\.code) == [.badCommand])
    let reloaded = KeymapFile.load(text: KeymapFile.text(of: keymap!), source: .user)
    #expect(reloaded.diagnostics.isEmpty)
    #expect(reloaded.keymap?.bindings.map(\.effect) == bindings.map(\.effect))
  }

  // MARK: Zed

  @Test(
    "every context gpui parses reads as gpui reads it",
    arguments: [
      ("vim_operator == g~", "vim_operator == 'g~'"),
      ("vim_operator == g?", "vim_operator == 'g?'"),
      ("vim_operator == >", "vim_operator == '>'"),
      ("vim_operator == <", "vim_operator == '<'"),
      (
        "Editor && vim_mode == normal && vim_operator == none && !VimWaiting",
        "Editor && vim_mode == normal && vim_operator == none && !VimWaiting"
      ),
      ("Workspace > Pane > Editor", "Workspace > Pane > Editor"),
      ("a || !b && c", "a || !b && c"),
      ("!(a || b) && c", "!(a || b) && c"),
      ("(a && b) && c", "a && b && c"),
      ("a && b > c", "a && b > c"),
      ("Pane>Editor", "'Pane>Editor'"),
      ("c!=d", "c != d"),
    ])
  func zedContexts(context: String, predicate: String) throws {
    let parsed = try ZedContext.parse(context)
    #expect(parsed.description == predicate)
    #expect(try ContextPredicate(parsing: parsed.description) == parsed)
  }

  @Test(
    "contexts gpui refuses are errors at their column",
    arguments: [
      ("Editor &&", 10), ("a == !b", 3), ("(a", 3), ("a.b", 2), ("", 1), ("a $", 3),
    ])
  func zedContextErrors(context: String, column: Int) {
    #expect(throws: ContextPredicateError.self) { try ZedContext.parse(context) }
    do {
      _ = try ZedContext.parse(context)
    } catch {
      #expect(error.column == column, "\(error)")
    }
  }

  @Test("a long Zed context is read in linear time; deep nesting is an error")
  func zedLimits() throws {
    let chain = (0..<100_000).map { "a\($0)" }.joined(separator: " && ")
    let parsed = try finishing("a Zed context of 100,000 names") { try ZedContext.parse(chain) }
    guard case .and(let operands) = try #require(parsed) else {
      Issue.record("not one list")
      return
    }
    #expect(operands.count == 100_000)
    let deep = String(repeating: "!(", count: 70) + "a" + String(repeating: ")", count: 70)
    #expect(throws: ContextPredicateError.self) { try ZedContext.parse(deep) }
    let descendants = (0..<70).map { "a\($0)" }.joined(separator: " > ")
    #expect(throws: ContextPredicateError.self) { try ZedContext.parse(descendants) }
  }

  @Test("Zed's vim.json loads every section; its g~ and > contexts round-trip")
  func zedVim() throws {
    let (keymap, diagnostics) = ZedKeymap.load(
      contentsOf: corpus("zed-base/vim.json"), platform: .linux, source: .app)
    #expect(!diagnostics.containsErrors, "\(diagnostics.filter { $0.severity == .error })")
    let bindings = try #require(keymap?.bindings)
    let tilde = try ContextPredicate(parsing: "vim_operator == 'g~'")
    #expect(bindings.contains { $0.context == tilde })
    let reloaded = KeymapFile.load(text: KeymapFile.text(of: keymap!), source: .app)
    #expect(reloaded.diagnostics.isEmpty)
    #expect(reloaded.keymap?.bindings.map(\.context) == bindings.map(\.context))
  }

  @Test("Zed's vim.json → keymap → Zed text → keymap keeps every binding and context")
  func zedVimRoundTrip() throws {
    let (keymap, _) = ZedKeymap.load(
      contentsOf: corpus("zed-base/vim.json"), platform: .linux, source: .app)
    let bindings = try #require(keymap?.bindings)
    let written = ZedKeymap.text(of: keymap!, platform: .linux)
    #expect(written.diagnostics.isEmpty, "\(written.diagnostics.prefix(3))")
    #expect(written.text.contains(#""context": "vim_operator == g~""#))
    let reloaded = ZedKeymap.load(text: written.text, platform: .linux, source: .app)
    #expect(reloaded.diagnostics.isEmpty)
    let back = try #require(reloaded.keymap?.bindings)
    #expect(back.map(\.keys) == bindings.map(\.keys))
    #expect(back.map(\.context) == bindings.map(\.context))
    #expect(back.map(\.effect) == bindings.map(\.effect))
  }

  @Test("Zed's 'shift shift' is a double tap of Shift, and is written back so")
  func shiftShift() throws {
    let text = #"[{ "bindings": { "shift shift": "command_palette::Toggle", "shift-a": "x" } }]"#
    let (keymap, diagnostics) = ZedKeymap.load(text: text, platform: .linux, source: .user)
    #expect(diagnostics.isEmpty)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.map(\.keys.canonicalText) == ["Shift Shift", "Shift+A"])
    #expect(bindings[0].keys.strokes[0].input == .modifierKey(.shift))
    let written = ZedKeymap.text(of: keymap!, platform: .linux)
    #expect(written.diagnostics.isEmpty)
    #expect(written.text.contains(#""shift shift": "command_palette::Toggle""#))
    // `ctrl-shift` is still a stroke with no key.
    let bad = ZedKeymap.load(
      text: #"[{ "bindings": { "ctrl-shift": "x" } }]"#, platform: .linux, source: .user)
    #expect(bad.diagnostics.map(\.code) == [.badForeignKeys])
  }

  // MARK: Documentation

  @Test("the package.json example in importing-keymaps.md runs as written")
  func documentedExample() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/guides/importing-keymaps.md")
    let doc = try String(contentsOf: url, encoding: .utf8)
    let package =
      #"{ "contributes": { "keybindings": ["#
      + #"{ "key": "ctrl+alt+down", "linux": "shift+alt+down", "command": "down" },"#
      + #"{ "mac": "cmd+k", "command": "macOnly" } ] } }"#
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: package, path: "package.json", platform: .linux, source: .app)
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["Alt+Shift+Down"])
    #expect(diagnostics.map(\.code) == [.skippedForPlatform])
    for line in [
      ##"  + #"{ "key": "ctrl+alt+down", "linux": "shift+alt+down", "command": "down" },"#"##,
      ##"  + #"{ "mac": "cmd+k", "command": "macOnly" } ] } }"#"##,
      #"keymap?.bindings.map(\.keys.canonicalText)  // ["Alt+Shift+Down"]"#,
      #"diagnostics.map(\.code)                      // [.skippedForPlatform]"#,
    ] {
      #expect(doc.contains(line), "\(line)")
    }
  }
}

@Suite("VS Code's platform constants")
struct VSCodePlatformConstantsTests {
  @Test(
    "isLinux, isMac, isWindows, isWeb fold as VS Code folds them on the platform",
    arguments: [
      ("isLinux && a", PlatformProfile.linux, "a"),
      ("!isWindows && a", .linux, "a"),
      ("isWindows || a", .windows, "true"),
      ("isMac == false && a", .mac, "false"),
      ("isMacNative && a", .mac, "a"),
      ("isWeb", .linux, "false"),
    ])
  func constants(when: String, platform: PlatformProfile, expected: String) throws {
    let clause = try VSCodeWhenClause(parsing: when, platform: platform)
    switch clause.value {
    case .constant(let value): #expect("\(value)" == expected)
    case .predicate(let predicate): #expect(predicate.description == expected)
    }
  }

  @Test("a binding only for another platform is skipped with MK554 naming the constant")
  func skipped() throws {
    let text = #"[{ "key": "alt+f4", "command": "close", "when": "isWindows && isWebX" }]"#
    let (keymap, diagnostics) = VSCodeKeybindings.load(text: text, platform: .linux, source: .app)
    #expect(keymap?.bindings.isEmpty == true)
    #expect(diagnostics.map(\.code) == [.bindingNeverApplies])
    #expect(
      diagnostics.first?.message.contains(
        "under the linux profile (VS Code fixes 'isWindows' on each platform)") == true)
    let windows = VSCodeKeybindings.load(text: text, platform: .windows, source: .app)
    #expect(windows.keymap?.bindings.first?.context?.description == "isWebX")
  }
}
