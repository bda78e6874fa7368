import MenuKit
import MenuKitTestSupport
import Testing

@testable import MenuKitPalette

/// The palette's fast paths give the answers of the plain ones: the limited search's bounds,
/// the direct UTF-8 decoding of lines, and the split of a buffer between threads.
@Suite("Palette fast paths")
struct PaletteFastPathTests {
  private static let words = [
    "open", "save", "close", "window", "file", "recent", "toggle", "full", "screen", "go",
    "find", "replace", "commit", "push", "Öffnen", "größe", "zoom", "in", "out", "a", "run",
    "ctrlTab", "x2", "sel", "selection", "settings", "CLI",
  ]

  /// 2,000 entries made of the words, with paths, keywords, aliases, disabled entries and a
  /// history, and queries that earn every bonus.
  private static func index() -> (PaletteIndex, PaletteHistory) {
    var random = SplitMix64(seed: 42)
    var index = PaletteIndex()
    for number in 0..<2_000 {
      let title = (0..<(1 + random.next(4))).map { _ in words[random.next(words.count)] }
        .joined(separator: random.next(5) == 0 ? "-" : " ")
      index.add(
        PaletteEntry(
          target: .identifier("command\(number)"),
          title: random.next(20) == 0 ? title + "…" : title,
          path: random.next(2) == 0 ? ["File", words[random.next(words.count)]] : ["Edit"],
          keywords: random.next(4) == 0 ? [words[random.next(words.count)]] : [],
          aliases: random.next(8) == 0 ? [words[random.next(words.count)] + " alias"] : [],
          isEnabled: random.next(7) != 0))
    }
    var history = PaletteHistory()
    for step in 0..<30 { history.recordUse(of: "command\(step * 61)") }
    history.recordUse(of: "command5")
    return (index, history)
  }

  private static let queries = [
    "o", "op", "open", "open file", "tfs", "sw", "save as", "rec op", "settings", "zz", "ctrl",
    "ctrlTab", "sel", "go in", "x2", "öff", "GRÖ", "Open", "a", "CLI", "file open save", "-",
    "in out", "…", "qqq",
  ]

  @Test("a limited search returns the first results of the full search, scores and highlights")
  func limitedSearch() {
    let (index, history) = Self.index()
    for query in Self.queries {
      let all = index.search(query, history: history)
      for limit in [1, 3, 20, 100] {
        let limited = index.search(query, history: history, limit: limit)
        #expect(limited == Array(all.prefix(limit)), "\(query), limit \(limit)")
      }
    }
  }

  @Test("the highlights are each term's best text with its positions, one per text in order")
  func highlightsEqualReference() {
    let (index, history) = Self.index()
    var compared = 0
    for query in Self.queries {
      let terms = FuzzyMatcher(query: query).prepared
      let patterns = PalettePatterns(terms)
      defer { patterns.deallocate() }
      let scratch = FuzzyScratch()
      for limit in [nil, 20] {
        for match in index.search(query, history: history, limit: limit) {
          guard let entry = index.positions[match.entry.identifier] else {
            Issue.record("\(match.entry.identifier) is not in the index")
            continue
          }
          #expect(
            match.highlights == Self.referenceHighlights(index, entry, patterns, scratch),
            "\(query): \(match.entry.title)")
          compared += 1
        }
      }
    }
    #expect(compared > 5_000)
  }

  /// The plain highlights of an entry: each term's best field (found again) with its
  /// positions, sorted by field with a stable sort, the positions of a field's terms merged,
  /// their ranges from ``FuzzyTerm/ranges(of:in:)``.
  private static func referenceHighlights(
    _ index: PaletteIndex, _ entry: Int, _ patterns: PalettePatterns, _ scratch: FuzzyScratch
  ) -> [PaletteHighlight] {
    var matched: [(field: Int, positions: [Int])] = []
    index.storage.withBuffers { buffers in
      for term in patterns.terms {
        guard let best = buffers.bestField(for: term, of: entry, scratch: scratch) else {
          continue
        }
        matched.append(
          (best.field, buffers.positions(of: term, inField: best.field, scratch: scratch)))
      }
    }
    // A stable sort by field.
    matched = matched.enumerated().sorted {
      ($0.element.field, $0.offset) < ($1.element.field, $1.offset)
    }.map(\.element)
    var result: [PaletteHighlight] = []
    let value = index.entries[entry]
    for (field, positions) in matched {
      let stored = index.storage.fields[field]
      let (kind, text): (PaletteHighlight.Field, String) =
        switch stored.kind {
        case .title: (.title, value.title)
        case .discoverabilityTitle: (.discoverabilityTitle, value.discoverabilityTitle ?? "")
        case .alias: (.alias(stored.ordinal), value.aliases[stored.ordinal])
        case .keyword: (.keyword(stored.ordinal), value.keywords[stored.ordinal])
        case .path: (.path, value.pathText)
        }
      if let last = result.last, last.field == kind {
        let merged = FuzzyTerm.ranges(
          of: Self.offsets(last) + positions, in: text)
        result[result.count - 1] = PaletteHighlight(field: kind, text: text, ranges: merged)
      } else {
        result.append(
          PaletteHighlight(
            field: kind, text: text, ranges: FuzzyTerm.ranges(of: positions, in: text)))
      }
    }
    return result
  }

  /// The scalar offsets a highlight's ranges cover.
  private static func offsets(_ highlight: PaletteHighlight) -> [Int] {
    highlight.scalarOffsets.flatMap { Array($0) }
  }

  @Test("a text's repeat signature has the bit of each scalar it has twice, short or long")
  func repeatSignature() {
    var random = SplitMix64(seed: 19)
    let alphabet: [UInt32] = [97, 98, 99, 101, 111, 122, 48, 57, 32, 0xE9, 0x203A, 0x6587, 0x1F600]
    for _ in 0..<3_000 {
      // Lengths around the short texts' limit (32), and longer.
      let lower = (0..<random.next(70)).map { _ in alphabet[random.next(alphabet.count)] }
      var seen = Set<UInt32>()
      var expected: UInt64 = 0
      for scalar in lower where !seen.insert(scalar).inserted {
        expected |= FuzzyTerm.mask(scalar)
      }
      #expect(PaletteSignature.repeats(lower) == expected, "\(lower)")
    }
  }

  @Test("a text's shape bounds the alignment score of every term")
  func shapeBounds() {
    var random = SplitMix64(seed: 7)
    let alphabet = Array("abcoOpen SÖö-/_x2".unicodeScalars)
    for _ in 0..<2_000 {
      let text = String(
        String.UnicodeScalarView(
          (0..<(1 + random.next(24))).map { _ in
            alphabet[random.next(alphabet.count)]
          }))
      let term = String(
        String.UnicodeScalarView(
          (0..<(1 + random.next(4))).map { _ in
            alphabet[random.next(alphabet.count)]
          }))
      guard !term.contains(" "), let match = FuzzyMatcher(query: term).match(text) else {
        continue
      }
      var shape = PaletteShape()
      shape.add(FuzzyText(text))
      let lower = term.unicodeScalars.map { FuzzyText.lowercase($0.value) }
      let bound = lower.withUnsafeBufferPointer { lower in
        lower.map(FuzzyTerm.mask).withUnsafeBufferPointer { shape.bound(lower, masks: $0) }
      }
      #expect(match.score <= bound, "\(term) in \(text)")
    }
  }

  /// Lines with `›`, accents, an invalid byte and a control character.
  private static func lines() -> [UInt8] {
    var random = SplitMix64(seed: 3)
    var bytes: [UInt8] = []
    for number in 0..<6_000 {
      let parts = (0..<(1 + random.next(3))).map { _ in words[random.next(words.count)] }
      var line = Array(parts.joined(separator: random.next(2) == 0 ? " › " : "/").utf8)
      if number % 97 == 0 { line.insert(0xFF, at: line.count / 2) }
      if number % 89 == 0 { line += [0xE2, 0x80] }  // a truncated `›`
      if number % 83 == 0 { line.insert(0x1B, at: 0) }
      bytes += line + [10]
    }
    return bytes
  }

  @Test(
    "rankLines ranks as the String matcher does, and the same on one, two or three threads",
    arguments: ["o", "open", "öff", "Ö", "file open", "›", "\u{FFFD}", "sel/go", "zzz"])
  func rankLines(query: String) {
    let bytes = Self.lines()
    let matcher = FuzzyMatcher(query: query)
    let expected = Self.reference(matcher, bytes)
    bytes.withUnsafeBufferPointer { buffer in
      let one = matcher.rankLines(in: buffer, parts: 1)
      #expect(one == expected)
      #expect(matcher.rankLines(in: buffer, parts: 2) == one)
      #expect(matcher.rankLines(in: buffer, parts: 3) == one)
      #expect(matcher.rankLines(in: buffer) == one)
    }
  }

  /// The reference ranking: each line decoded as a String, scored by `match(_:)`, ordered by
  /// score, then length in scalars, then position.
  private static func reference(_ matcher: FuzzyMatcher, _ bytes: [UInt8]) -> [Range<Int>] {
    var expected: [(score: Int, length: Int, line: Range<Int>)] = []
    var start = 0
    for end in bytes.indices where bytes[end] == 10 {
      let text = String(decoding: bytes[start..<end], as: UTF8.self)
      if let match = matcher.match(text) {
        expected.append((match.score, text.unicodeScalars.count, start..<end))
      }
      start = end + 1
    }
    expected.sort {
      ($1.score, $0.length, $0.line.lowerBound) < ($0.score, $1.length, $1.line.lowerBound)
    }
    return expected.map(\.line)
  }

  /// A one-character query stops scanning the buffer for its character once the lines that
  /// have it hold most of the bytes, and goes on line by line: 100 KiB where most lines have
  /// `o`, then 100 KiB where few do, then lines with `›` and invalid bytes.
  @Test(
    "a one-character query ranks the same after leaving the buffer scan",
    arguments: ["o", "O", "z", "/"])
  func singleCharacterSwitch(query: String) {
    var random = SplitMix64(seed: 11)
    var bytes: [UInt8] = []
    let dense = ["open", "close", "window", "zoom", "go", "toggle", "Overview"]
    let sparse = ["save", "file", "replace", "find", "a", "in", "run", "zz", "sel"]
    func add(_ words: [String], bytes limit: Int, separator: String) {
      let stop = bytes.count + limit
      while bytes.count < stop {
        let parts = (0..<(1 + random.next(3))).map { _ in words[random.next(words.count)] }
        var line = Array(parts.joined(separator: separator).utf8)
        if random.next(50) == 0 { line.insert(0xFF, at: line.count / 2) }
        bytes += line + [10]
      }
    }
    add(dense, bytes: 100_000, separator: "/")
    add(sparse, bytes: 100_000, separator: " ")
    add(dense + sparse, bytes: 30_000, separator: " › ")
    let matcher = FuzzyMatcher(query: query)
    let expected = Self.reference(matcher, bytes)
    #expect(!expected.isEmpty)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(matcher.rankLines(in: buffer, parts: 1) == expected)
      #expect(matcher.rankLines(in: buffer, parts: 2) == expected)
    }
  }

  @Test("a whole buffer of lines is checked for escaped scalars in one pass")
  func escapedScalarsAcrossLines() {
    func check(_ text: String) -> Bool {
      Array(text.utf8).withUnsafeBufferPointer {
        MessageText.containsEscapedScalar($0, keepingTabs: true, keepingLineFeeds: true)
      }
    }
    #expect(!check("File › Open\tRecent\nsrc/main.swift\n"))
    #expect(check("clean\nbad \u{1B}[2J\n"))
    #expect(check("clean\nbidi \u{202E}\n"))
    #expect(check("cr\r\n"))
    #expect(
      Array("a\nb".utf8).withUnsafeBufferPointer {
        MessageText.containsEscapedScalar($0, keepingTabs: true)
      })
  }
}
