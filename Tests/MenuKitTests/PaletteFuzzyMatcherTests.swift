import MenuKit
import MenuKitPalette
import Testing

/// fzf's own FuzzyMatchV2 expectations (src/algo/algo_test.go), case-insensitive patterns.
private struct FzfCase: CustomTestStringConvertible, Sendable {
  var text: String
  var pattern: String
  /// The matched scalar offsets.
  var positions: [Int]
  var score: Int
  var testDescription: String { "\"\(pattern)\" in \"\(text)\"" }
}

private let scoreMatch = 16
private let gapStart = -3
private let gapExtension = -1
private let boundary = 8
private let nonWord = 8
private let camel = 7
private let consecutive = 4
private let white = 10
private let delimiter = 9

private let fzfCases: [FzfCase] = [
  FzfCase(
    text: "fooBarbaz1", pattern: "obz", positions: [2, 3, 8],
    score: scoreMatch * 3 + camel + gapStart + gapExtension * 3),
  FzfCase(
    text: "foo bar baz", pattern: "fbb", positions: [0, 4, 8],
    score: scoreMatch * 3 + white * 2 + white * 2 + 2 * gapStart + 4 * gapExtension),
  FzfCase(
    text: "/AutomatorDocument.icns", pattern: "rdoc", positions: [9, 10, 11, 12],
    score: scoreMatch * 4 + camel + consecutive * 2),
  FzfCase(
    text: "/man1/zshcompctl.1", pattern: "zshc", positions: [6, 7, 8, 9],
    score: scoreMatch * 4 + delimiter * 2 + delimiter * 3),
  FzfCase(
    text: "/.oh-my-zsh/cache", pattern: "zshc", positions: [8, 9, 10, 12],
    score: scoreMatch * 4 + boundary * 2 + boundary * 2 + gapStart + delimiter),
  FzfCase(
    text: "ab0123 456", pattern: "12356", positions: [3, 4, 5, 8, 9],
    score: scoreMatch * 5 + consecutive * 3 + gapStart + gapExtension),
  FzfCase(
    text: "abc123 456", pattern: "12356", positions: [3, 4, 5, 8, 9],
    score: scoreMatch * 5 + camel * 2 + camel * 2 + consecutive + gapStart + gapExtension),
  FzfCase(
    text: "foo/bar/baz", pattern: "fbb", positions: [0, 4, 8],
    score: scoreMatch * 3 + white * 2 + delimiter * 2 + 2 * gapStart + 4 * gapExtension),
  FzfCase(
    text: "fooBarBaz", pattern: "fbb", positions: [0, 3, 6],
    score: scoreMatch * 3 + white * 2 + camel * 2 + 2 * gapStart + 2 * gapExtension),
  FzfCase(
    text: "foo barbaz", pattern: "fbb", positions: [0, 4, 7],
    score: scoreMatch * 3 + white * 2 + white + gapStart * 2 + gapExtension * 3),
  FzfCase(
    text: "fooBar Baz", pattern: "foob", positions: [0, 1, 2, 3],
    score: scoreMatch * 4 + white * 2 + white * 3),
  FzfCase(
    text: "xFoo-Bar Baz", pattern: "foo-b", positions: [1, 2, 3, 4, 5],
    score: scoreMatch * 5 + camel * 2 + camel * 2 + nonWord + boundary),
]

@Suite("Fuzzy matcher")
struct PaletteFuzzyMatcherTests {
  @Test("scores and positions equal fzf's FuzzyMatchV2", arguments: fzfCases)
  fileprivate func fzfParity(_ example: FzfCase) throws {
    let match = try #require(FuzzyMatcher(query: example.pattern).match(example.text))
    #expect(match.score == example.score)
    let scalars = example.text.unicodeScalars
    let offsets = match.ranges.flatMap { range in
      let start = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
      return Array(start..<start + scalars.distance(from: range.lowerBound, to: range.upperBound))
    }
    #expect(offsets == example.positions)
  }

  @Test("a term that is not a subsequence does not match")
  func noMatch() {
    #expect(FuzzyMatcher(query: "zx").match("fooBar") == nil)
    #expect(FuzzyMatcher(query: "abc").match("ab") == nil)
    #expect(FuzzyMatcher(query: "open x").match("Open") == nil)
  }

  @Test("an empty query matches with a score of 0")
  func emptyQuery() throws {
    let match = try #require(FuzzyMatcher(query: "  ").match("anything"))
    #expect(match.score == 0)
    #expect(match.ranges.isEmpty)
  }

  @Test("terms match in any order, and their scores add up")
  func termsInAnyOrder() throws {
    let both = try #require(FuzzyMatcher(query: "recent open").match("Open Recent"))
    let open = try #require(FuzzyMatcher(query: "open").match("Open Recent"))
    let recent = try #require(FuzzyMatcher(query: "recent").match("Open Recent"))
    #expect(both.score == open.score + recent.score)
    #expect(both.ranges.map { "Open Recent"[$0] } == ["Open", "Recent"])
  }

  @Test("smart case: a term with an uppercase letter matches case-sensitively")
  func smartCase() {
    #expect(FuzzyMatcher(query: "fb").match("foo bar") != nil)
    #expect(FuzzyMatcher(query: "FB").match("foo bar") == nil)
    #expect(FuzzyMatcher(query: "fB").match("fooBar") != nil)
    #expect(FuzzyMatcher(query: "Fb").match("fooBar") == nil)
  }

  @Test("non-ASCII text is matched by Unicode scalars, case-insensitively")
  func unicode() throws {
    let match = try #require(FuzzyMatcher(query: "öff").match("Datei Öffnen"))
    #expect(match.ranges.map { "Datei Öffnen"[$0] } == ["Öff"])
    #expect(FuzzyMatcher(query: "ÖFF").match("datei öffnen") == nil)
    #expect(FuzzyMatcher(query: "сохр").match("Сохранить как…") != nil)
  }

  @Test("a very long text falls back to the greedy scorer and still matches")
  func longText() throws {
    let text = "a" + String(repeating: "x", count: 200_000) + "bc"
    let match = try #require(FuzzyMatcher(query: "abc").match(text))
    let scalars = text.unicodeScalars
    let offsets = match.ranges.map { scalars.distance(from: scalars.startIndex, to: $0.lowerBound) }
    #expect(offsets == [0, 200_001])
    #expect(match.ranges.last.map { text[$0] } == "bc")
  }

  // The expected order is what `fzf --filter palette` (0.38) prints for these lines.
  @Test("lines are ranked as fzf --filter ranks them: score, then length, then order")
  func rankLines() {
    let lines = [
      "src/palette/index.swift", "README.md", "docs/palette.md", "Sources/Palette.swift",
      "palette", "xpalettex", "no match here",
    ]
    let text = Array((lines.joined(separator: "\n") + "\n").utf8)
    let ranked = text.withUnsafeBufferPointer { FuzzyMatcher(query: "palette").rankLines(in: $0) }
    let result = ranked.map { String(decoding: text[$0], as: UTF8.self) }
    #expect(
      result == [
        "palette", "docs/palette.md", "Sources/Palette.swift", "src/palette/index.swift",
        "xpalettex",
      ])
  }

  @Test("rankLines: an empty query returns every line, the last one without a newline too")
  func rankLinesEmpty() {
    let text = Array("b\na\n\nc".utf8)
    let ranked = text.withUnsafeBufferPointer { FuzzyMatcher(query: "").rankLines(in: $0) }
    #expect(ranked.map { String(decoding: text[$0], as: UTF8.self) } == ["b", "a", "", "c"])
  }

  @Test("rankLines: non-ASCII lines and queries")
  func rankLinesUnicode() {
    let text = Array("Zürich\nzurich\nZÜRICH\n".utf8)
    let ranked = text.withUnsafeBufferPointer { FuzzyMatcher(query: "zü").rankLines(in: $0) }
    #expect(ranked.map { String(decoding: text[$0], as: UTF8.self) } == ["Zürich", "ZÜRICH"])
  }

  @Test("rankLines keeps exactly the lines that match, whatever their length and case")
  func rankLinesAgreesWithMatch() {
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let alphabet = Array("abcXYZ/_ -ÄöQ")
    let lines = (0..<300).map { _ in
      String((0..<next(70)).map { _ in alphabet[next(alphabet.count)] })
    }
    let text = Array(lines.joined(separator: "\n").utf8)
    for query in ["a", "abc", "xyz", "X", "a/b", "ä", "ab cz", "Q-q", "zzzzzz"] {
      let matcher = FuzzyMatcher(query: query)
      let ranked = text.withUnsafeBufferPointer { matcher.rankLines(in: $0) }
      let found = Set(ranked.map { String(decoding: text[$0], as: UTF8.self) })
      let expected = Set(lines.filter { matcher.match($0) != nil })
      #expect(found == expected, "\(query)")
    }
  }
}
