import Foundation
import MenuKit
import MenuKitLint
import Testing

/// The real-world keymaps kept with MenuKit's tests.
private let corpus = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("MenuKitTests/Fixtures/corpus").path

/// keymap-lint over files as they are, the format detected by content.
private func lint(_ paths: [String], platform: PlatformProfile = .linux) -> LintReport {
  let documents = paths.map { LintDocument.load(contentsOf: $0, platform: platform) }
  return KeymapLinter(configuration: LintConfiguration(platform: platform)).lint(documents)
}

/// keymap-lint over one VS Code text.
private func lintVSCode(_ text: String) -> LintReport {
  let document = LintDocument.load(text: text, path: "k.json", format: .vscode, platform: .linux)
  return KeymapLinter(configuration: LintConfiguration(platform: .linux)).lint([document])
}

@Suite("keymap-lint reads real files as their editors do")
struct FaithfulImportLintTests {
  @Test("an extension's package.json lints directly, with its linux keys and vim.use<C-a>")
  func vscodevim() throws {
    let path = "\(corpus)/vscode-extensions/vscodevim/package.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(LintInputFormat.detect(path: path, text: text) == .vscode)
    let report = lint([path])
    #expect(report.findings.filter { $0.severity == .error }.isEmpty)
    // No MK552 for the 42 clauses with `vim.use<C-…>`, no MK612 for the format.
    #expect(
      !report.findings.contains { $0.code == .badWhenClause || $0.code == .unknownInputFormat })
    // Findings point into the package.json itself.
    #expect(report.findings.allSatisfy { $0.location?.file == path })
  }

  @Test("Zed's vim.json and jetbrains.json give no error")
  func zedBaseKeymaps() throws {
    for name in ["vim.json", "jetbrains.json"] {
      let report = lint(["\(corpus)/zed-base/\(name)"])
      let errors = report.findings.filter { $0.severity == .error }
      #expect(errors.isEmpty, "\(name): \(errors.map(\.message))")
    }
  }

  @Test("VimControl is a flag of Editor: 'VimControl && VimCount' does not exclude Editor")
  func flagsOfKinds() throws {
    let predicates = try [
      "Editor && mode == auto_height && VimControl", "VimControl && VimCount", "Editor",
      "ProjectPanel", "Picker > Editor", "GitPanel && ChangesList", "GitPanel",
    ].map { try ContextPredicate(parsing: $0) }
    let solver = ContextSolver(assumptions: .exclusiveKinds(learningFrom: predicates))
    let count = try ContextPredicate(parsing: "VimControl && VimCount")
    let editor = try ContextPredicate(parsing: "Editor")
    let panel = try ContextPredicate(parsing: "ProjectPanel")
    let stack = try #require(solver.canHoldTogether(count, editor))
    #expect(count.holds(in: stack, at: stack.count - 1))
    #expect(editor.holds(in: stack, at: stack.count - 1))
    // A flag of Editor still excludes the other kinds.
    #expect(solver.canHoldTogether(count, panel) == nil)
    // GitPanel is a whole context, so a kind; ChangesList is its flag.
    let changes = try ContextPredicate(parsing: "ChangesList")
    #expect(solver.canHoldTogether(changes, try ContextPredicate(parsing: "GitPanel")) != nil)
    #expect(solver.canHoldTogether(changes, editor) == nil)
    #expect(solver.canHoldTogether(try ContextPredicate(parsing: "GitPanel"), editor) == nil)
  }

  @Test("vscode-neovim's ctrl+[BracketLeft] twin is typed at its key, and not taken for ctrl+[")
  func scanCodeTwin() throws {
    let document = LintDocument.load(
      text: """
        [
          { "key": "ctrl+[", "command": "vscode-neovim.escape", "when": "editorTextFocus" },
          { "key": "ctrl+[BracketLeft]", "command": "vscode-neovim.escape", "when": "editorTextFocus" },
          { "key": "ctrl+[BracketLeft]", "command": "other", "when": "editorTextFocus" }
        ]
        """, path: "k.json", format: .vscode, platform: .linux)
    let layouts = [LayoutName(layout: "us"), LayoutName(layout: "de")]
    let report = KeymapLinter(configuration: LintConfiguration(platform: .linux, layouts: layouts))
      .lint([document])
    // The character needs AltGr on German; the position is typed directly on both layouts.
    #expect(report.findings.contains { $0.code == .needsAltGr && $0.location?.line == 2 })
    #expect(!report.findings.contains { $0.location?.line == 3 && $0.code != .deadBinding })
    #expect(!report.findings.contains { $0.code == .untypableShortcut })
    // The twin is not a duplicate of ctrl+[; a second binding of the position is.
    let dead = try #require(report.findings.first { $0.code == .deadBinding })
    #expect(dead.location?.line == 3)
    #expect(dead.message.hasPrefix("Ctrl+[BracketLeft] (vscode-neovim.escape)"))
  }

  @Test("a 'not in' clause may hold either way: it kills no binding and is killed by none")
  func notInMayHoldEitherWay() throws {
    let report = lintVSCode(
      """
      [
        { "key": "ctrl+b", "command": "a", "when": "editorTextFocus" },
        { "key": "ctrl+b", "command": "b", "when": "editorTextFocus && editorLangId not in excluded" },
        { "key": "ctrl+c", "command": "c", "when": "editorTextFocus && editorLangId not in excluded" },
        { "key": "ctrl+c", "command": "d", "when": "editorTextFocus && editorLangId in excluded" }
      ]
      """)
    // b holds only where a's does, and wins there: by design, not dead (a still runs where
    // the language is excluded). c and d never both hold: no finding.
    #expect(!report.findings.contains { $0.code == .deadBinding })
    let conflicts = report.findings.filter { $0.code != .approximatedWhenClause }
    #expect(!conflicts.contains { $0.location?.line == 4 || $0.location?.line == 5 })
    // Each clause is kept, with a warning that says how lint takes it.
    let warnings = report.findings.filter { $0.code == .approximatedWhenClause }
    #expect(warnings.count == 3)
    #expect(warnings.allSatisfy { $0.message.contains("possibly true or false") })
    let override = try #require(report.findings.first { $0.code == .resolvedOverride })
    #expect(override.location?.line == 3)
  }
}
