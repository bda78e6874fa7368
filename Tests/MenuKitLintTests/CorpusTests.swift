import Foundation
import MenuKit
import MenuKitLint
import Testing

/// The real-world keymaps kept with MenuKit's tests.
private let corpus = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("MenuKitTests/Fixtures/corpus").path

/// The keymap-lint report for a corpus file, and its bindings as the importer loads them.
private func lintCorpus(_ path: String, _ format: LintInputFormat, layouts: [LayoutName] = [])
  -> (report: LintReport, bindings: [KeyBinding])
{
  let document = LintDocument.load(contentsOf: path, format: format, platform: .linux)
  let report = KeymapLinter(configuration: LintConfiguration(platform: .linux, layouts: layouts))
    .lint([document])
  return (report, document.keymap?.bindings ?? [])
}

/// The stack a finding's note names between quotes after "context stack", with `(any)` read as
/// a context that no predicate of the corpus names.
private func witness(in note: LintNote) throws -> [KeyContext]? {
  guard let range = note.message.range(of: "context stack '") else { return nil }
  let rest = note.message[range.upperBound...]
  guard let end = rest.firstIndex(of: "'") else { return nil }
  let text = rest[..<end].replacingOccurrences(of: "(any)", with: "lint_any")
  return try KeyContext.stack(parsing: text)
}

@Suite("keymap-lint on real keymaps")
struct CorpusTests {
  @Test("VS Code on Swedish: Ctrl+Shift+[ (editor.fold) needs AltGr, at the binding's line")
  func vscodeFoldOnSwedish() throws {
    let (report, _) = lintCorpus(
      "\(corpus)/vscode/linux.keybindings.json", .vscode, layouts: [LayoutName(layout: "se")])
    let finding = try #require(
      report.findings.first { $0.code == .needsAltGr && $0.message.contains("editor.fold)") })
    #expect(finding.location?.line == 391)
    #expect(finding.location?.column == 3)
    #expect(finding.message == "Ctrl+Shift+[ (editor.fold) needs AltGr on se")
    #expect(finding.notes.first?.message.hasPrefix("se: '[' is typed with AltGr on KEY_8") == true)
    let text = try String(
      contentsOfFile: "\(corpus)/vscode/linux.keybindings.json", encoding: .utf8)
    let line = text.split(separator: "\n", omittingEmptySubsequences: false)[390]
    #expect(line.hasPrefix(#"  { "key": "ctrl+shift+[",          "command": "editor.fold","#))
  }

  @Test("Zed: a dead binding, an override by design and a real ambiguity, by position")
  func zedClasses() throws {
    let (report, _) = lintCorpus("\(corpus)/zed/default-linux.json", .zed)
    func at(_ line: Int, _ code: DiagnosticCode) -> LintFinding? {
      report.findings.first { $0.location?.line == line && $0.code == code }
    }
    // 'AcpThread > Editor' before plain 'Editor': the later one wins at the same depth.
    let dead = try #require(at(327, .deadBinding))
    #expect(dead.message.hasPrefix("Ctrl+Alt+Backspace (agent::ClearMessageQueue)"))
    #expect(dead.notes.first?.location?.line == 740)
    let byDesign = try #require(at(329, .resolvedOverride))
    #expect(byDesign.message.contains("its context is more specific"))
    let ambiguous = try #require(at(289, .ambiguousBinding))
    #expect(ambiguous.notes.first?.location?.line == 281)
    #expect(
      ambiguous.notes.first?.message.hasSuffix(
        "both apply in the context stack 'AgentPanel acp_thread text_thread'") == true)
  }

  @Test("Zed: every ambiguity and override holds in the resolver, at its witness stack")
  func zedFindingsHoldInTheResolver() throws {
    let (report, bindings) = lintCorpus("\(corpus)/zed/default-linux.json", .zed)
    let byLocation = Dictionary(
      bindings.compactMap { binding in binding.location.map { ($0, binding) } },
      uniquingKeysWith: { first, _ in first })
    var checked = 0
    for finding in report.findings
    where finding.code == .ambiguousBinding || finding.code == .resolvedOverride {
      guard let location = finding.location, let later = byLocation[location] else { continue }
      for note in finding.notes {
        guard let stack = try witness(in: note), let earlierLocation = note.location,
          let earlier = byLocation[earlierLocation]
        else { continue }
        let resolver = KeyBindingResolver(bindings: [earlier, later], platform: .linux)
        let resolution = resolver.resolve(later.keys, in: stack)
        #expect(
          resolution.binding?.location == location || resolution.unboundBy?.location == location,
          "\(finding.diagnostic) in \(stack)")
        checked += 1
      }
    }
    #expect(checked > 100)
  }

  @Test("Zed: a dead binding loses to the bindings named, wherever it applies")
  func zedDeadBindingsLose() throws {
    let (report, bindings) = lintCorpus("\(corpus)/zed/default-linux.json", .zed)
    let byLocation = Dictionary(
      bindings.compactMap { binding in binding.location.map { ($0, binding) } },
      uniquingKeysWith: { first, _ in first })
    let dead = report.findings.filter { $0.code == .deadBinding }
    #expect(dead.count == 3)
    for finding in dead {
      let binding = try #require(finding.location.flatMap { byLocation[$0] })
      let winners = finding.notes.compactMap { $0.location.flatMap { byLocation[$0] } }
      let stack = try #require(ContextSolver().witness(for: .predicate(binding.context)))
      let resolver = KeyBindingResolver(bindings: [binding] + winners, platform: .linux)
      let resolution = resolver.resolve(binding.keys, in: stack)
      #expect(resolution.binding != nil && resolution.binding?.location != binding.location)
    }
  }
}
