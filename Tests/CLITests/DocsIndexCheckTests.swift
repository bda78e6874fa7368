import Foundation
import MenuKitTestSupport
import Testing

/// A page whose headings cover GitHub's slug rules: code spans keep `_`, punctuation goes,
/// emphasis and links keep their text, a repeated heading gets `-1`.
private let guide = """
  # The guide

  ## Ranking (`PaletteIndex.search(_:history:limit:)`)

  ## **Bold** and [linked](other.md) words

  ## Über-Straße 2.0!

  Setext heading
  --------------

  ## Again

  ## Again

  <a id="custom"></a>

  Good: [a](#ranking-paletteindexsearch_historylimit), [b](#bold-and-linked-words),
  [c](#über-straße-20), [d](#setext-heading), [e](#again-1), [f](#custom),
  [g](other.md#other), [h](other.md).

  Bad: [i](#ranking), [j](other.md#missing), [k](#again-2).

  ```
  [not a link](#nowhere)
  ```
  """

/// Runs `scripts/check-docs-index` over a tree of its own, so the result depends only on the
/// pages written here.
@Suite("scripts/check-docs-index")
struct DocsIndexCheckTests {
  @Test("a link's #section must be a heading's GitHub anchor or an HTML id of its page")
  func checksAnchors() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docs-index-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let docs = root.appendingPathComponent("docs")
    let scripts = root.appendingPathComponent("scripts")
    for directory in [docs, scripts] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    let script = scripts.appendingPathComponent("check-docs-index")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("scripts/check-docs-index"), to: script)
    let pages = [
      "README.md": "# Index\n\n- [guide](guide.md)\n- [other](other.md)\n",
      "guide.md": guide,
      "other.md": "# Other\n",
    ]
    for (name, text) in pages {
      try Data(text.utf8).write(to: docs.appendingPathComponent(name))
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let listed = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationStatus == 1)
    // Only the pages' problems: the script also finds the docs/ paths its own text names.
    let problems: [String] = listed.split(separator: "\n").filter { $0.hasPrefix("docs/") }
      .map { String($0.prefix { $0 != "(" }) }
    let expected: [String] = [
      "docs/guide.md:22: the link #ranking names a section 'ranking' that docs/guide.md does "
        + "not have ",
      "docs/guide.md:22: the link other.md#missing names a section 'missing' that docs/other.md "
        + "does not have ",
      "docs/guide.md:22: the link #again-2 names a section 'again-2' that docs/guide.md does "
        + "not have ",
    ]
    #expect(problems == expected)
  }
}
