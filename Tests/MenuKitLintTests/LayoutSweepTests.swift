import Foundation
import MenuKit
import MenuKitXKB
import Testing

@testable import MenuKitLint

// The layout sweep (issue 22): layouts answered in parallel, through a cache of per-layout
// answers, must give exactly the findings of asking each compiled layout directly.

private let corpus = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("MenuKitTests/Fixtures/corpus").path

/// Layouts with variants, non-Latin layouts, dead keys and AltGr levels, and `usru`: a layout
/// of the test's own XKB data with two groups (US, then Russian), as `us,ru` configures.
private let sweptLayouts = [
  ("us", nil), ("de", nil), ("de", "nodeadkeys"), ("fr", "azerty"), ("se", nil), ("ch", "fr"),
  ("ru", nil), ("ru", "phonetic"), ("il", nil), ("jp", nil), ("usru", nil), ("nosuchlayout", nil),
].map { LayoutName(layout: $0.0, variant: $0.1) }

/// A directory of XKB data with one layout, `usru`: US QWERTY in group 1 and Russian in
/// group 2.
private func twoGroupData() throws -> String {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("menukit-sweep-xkb-\(UUID().uuidString)")
  try FileManager.default.createDirectory(
    at: root.appendingPathComponent("symbols"), withIntermediateDirectories: true)
  try """
  default partial alphanumeric_keys
  xkb_symbols "basic" {
    include "us(basic)"
    include "ru(winkeys):2"
  };
  """.write(to: root.appendingPathComponent("symbols/usru"), atomically: true, encoding: .utf8)
  return root.path
}

/// A model of VS Code's default keymap for linux, checked on the swept layouts.
private func vscodeModel(_ analyzer: LayoutAnalyzer) -> LintModel {
  let document = LintDocument.load(
    contentsOf: "\(corpus)/vscode/linux.keybindings.json", platform: .linux)
  var configuration = LintConfiguration(platform: .linux)
  configuration.layouts = sweptLayouts
  return LintModel(documents: [document], configuration: configuration, layouts: analyzer)
}

/// The straightforward path: each layout compiled and asked every question in turn.
private func directAnswers(
  _ queries: [LayoutQuery], includePaths: [String]
) -> [LayoutName: [LayoutQuery: [LayoutProblem]]?] {
  let analyzer = LayoutAnalyzer(includePaths: includePaths)
  var answers: [LayoutName: [LayoutQuery: [LayoutProblem]]?] = [:]
  for name in sweptLayouts {
    guard let keyboard = try? analyzer.keyboard(for: name) else {
      answers[name] = .some(nil)
      continue
    }
    var problems: [LayoutQuery: [LayoutProblem]] = [:]
    for query in queries {
      let answer = LayoutProblem.problems(
        of: query.stroke, on: keyboard, platform: .linux, localizes: query.localizes,
        us: analyzer.us)
      if !answer.isEmpty { problems[query] = answer }
    }
    answers[name] = problems
  }
  return answers
}

/// A sweep's tables in the form of ``directAnswers(_:includePaths:)``.
private func answers(
  of tables: [LayoutTable], _ queries: [LayoutQuery]
) -> [LayoutName: [LayoutQuery: [LayoutProblem]]?] {
  var answers: [LayoutName: [LayoutQuery: [LayoutProblem]]?] = [:]
  for table in tables {
    guard table.failure == nil else {
      answers[table.name] = .some(nil)
      continue
    }
    answers[table.name] = Dictionary(
      uniqueKeysWithValues: table.problems.map { (queries[$0.key], $0.value) })
  }
  return answers
}

@Suite("keymap-lint's layout sweep")
struct LayoutSweepTests {
  @Test("the sweep, on one worker or two, cold or warm, answers as each layout asked directly")
  func sweepEqualsDirectPath() throws {
    let data = try twoGroupData()
    defer { try? FileManager.default.removeItem(atPath: data) }
    let cacheRoot = data + "-cache"
    defer { try? FileManager.default.removeItem(atPath: cacheRoot) }
    let queries = LayoutCheck.queries(vscodeModel(LayoutAnalyzer(includePaths: [data])))
    #expect(queries.count > 300)
    let direct = directAnswers(queries, includePaths: [data])
    // The two-group layout compiles, an unknown one does not, and some layouts have problems.
    #expect((direct[LayoutName(layout: "usru")] ?? nil) != nil)
    #expect((direct[LayoutName(layout: "nosuchlayout")] ?? nil) == nil)
    #expect(direct.values.contains { ($0?.count ?? 0) > 0 })
    for (workers, cached) in [(1, false), (2, false), (2, true), (2, true), (1, true)] {
      let analyzer = LayoutAnalyzer(includePaths: [data])
      analyzer.maximumWorkers = workers
      if cached { analyzer.typingCache = LayoutTypingCache(directory: cacheRoot) }
      let tables = analyzer.sweep(queries, layouts: sweptLayouts, platform: .linux)
      #expect(tables.map(\.name) == sweptLayouts)
      #expect(answers(of: tables, queries) == direct, "\(workers) workers, cache \(cached)")
    }
  }

  @Test("whole reports are identical with and without the sweep's cache and workers")
  func reportsAreIdentical() throws {
    let data = try twoGroupData()
    defer {
      try? FileManager.default.removeItem(atPath: data)
      try? FileManager.default.removeItem(atPath: data + "-cache")
    }
    func report(workers: Int, cache: Bool) -> LintReport {
      let analyzer = LayoutAnalyzer(includePaths: [data])
      analyzer.maximumWorkers = workers
      if cache { analyzer.typingCache = LayoutTypingCache(directory: data + "-cache") }
      let document = LintDocument.load(
        contentsOf: "\(corpus)/vscode/linux.keybindings.json", platform: .linux)
      var configuration = LintConfiguration(platform: .linux)
      configuration.layouts = sweptLayouts
      return KeymapLinter(configuration: configuration).lint([document], layouts: analyzer)
    }
    let plain = report(workers: 1, cache: false)
    #expect(plain.count(.warning) > 0)
    #expect(plain.skippedLayouts.map(\.name) == [LayoutName(layout: "nosuchlayout")])
    // The reason is libxkbcommon's error about the missing file.
    #expect(
      plain.skippedLayouts.first?.reason
        == "Couldn't find file \"symbols/nosuchlayout\" in include paths")
    #expect(report(workers: 2, cache: true) == plain)  // cold: writes the cache
    #expect(report(workers: 2, cache: true) == plain)  // warm: reads it
  }

  @Test("a damaged cache entry is ignored and rewritten; an intact one is what a warm run uses")
  func damagedEntriesAreNotTrusted() throws {
    let data = try twoGroupData()
    defer {
      try? FileManager.default.removeItem(atPath: data)
      try? FileManager.default.removeItem(atPath: data + "-cache")
    }
    let cache = LayoutTypingCache(directory: data + "-cache")
    let se = LayoutName(layout: "se")
    let query = LayoutQuery(stroke: try KeyboardShortcut(parsing: "Ctrl+["), localizes: false)
    func sweep() -> [LayoutProblem] {
      let analyzer = LayoutAnalyzer(includePaths: [data])
      analyzer.typingCache = cache
      return analyzer.sweep([query], layouts: [se], platform: .linux).first?.problems[0] ?? []
    }
    let expected = sweep()
    #expect(expected.map(\.code) == [.needsAltGr])
    let identity = LayoutTypingCache.identity(
      includePaths: XKBContext.system(includePaths: [data]).includePaths, platform: .linux)
    let path = cache.path(of: se, identity: identity)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.hasPrefix(LayoutTypingCache.header + "\n"))
    // A changed note without a matching checksum: detected, ignored and rewritten.
    let tampered = written.replacingOccurrences(of: "AltGr", with: "AltGX")
    try tampered.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(sweep() == expected)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == written)
    // A truncated entry, and one for another layout: ignored.
    for damaged in [
      String(written.prefix(written.count / 2)),
      written.replacingOccurrences(
        of: "layout se\n", with: "layout de\n"),
    ] {
      try damaged.write(toFile: path, atomically: true, encoding: .utf8)
      #expect(sweep() == expected)
    }
    // An intact entry is read instead of compiling the layout: its answer is the one returned.
    let planted = LayoutProblem(code: .movedKey, note: "planted\tnote\nwith breaks \\ and ü")
    var entry = LayoutTypingCache.Entry()
    entry.answers[query.cacheKey] = [planted]
    cache.write(entry, for: se, identity: identity)
    #expect(sweep() == [planted])
  }

  @Test("the cache directory follows XDG_CACHE_HOME, else HOME, and only absolute paths")
  func cacheDirectory() {
    #expect(
      LayoutTypingCache.userDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])
        == "/c/menukit")
    #expect(
      LayoutTypingCache.userDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
        == "/h/.cache/menukit")
    #expect(LayoutTypingCache.userDirectory(environment: ["HOME": "relative"]) == nil)
  }
}
