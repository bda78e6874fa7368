import MenuKit
import MenuKitTestSupport
import Testing

@testable import MenuKitPalette

/// The limited search skips the entries whose bounds cannot rank among the results
/// (``PaletteIndex/boundedSearch(_:queryTitle:history:limit:)``): its bound is an upper bound
/// of every entry's score, and it returns exactly the full search's first results.
@Suite("Palette bounded search")
struct PaletteBoundedSearchTests {
  private static let words = [
    "open", "save", "close", "window", "file", "recent", "toggle", "full", "screen", "show",
    "terminal", "selection", "comment", "find", "replace", "go", "definition", "commit", "push",
    "settings", "keyboard", "shortcuts", "cursor", "control", "tab", "Öffnen", "größe", "ctrlTab",
    "x2", "a-b", "CLI",
  ]

  /// 3,000 entries of two to four words, with paths, keywords, aliases, discoverability
  /// titles, disabled entries, titles that repeat (so that many keys tie on score and length),
  /// and a history.
  private static func index() -> (PaletteIndex, PaletteHistory) {
    var random = SplitMix64(seed: 2_026)
    var index = PaletteIndex()
    for number in 0..<3_000 {
      func phrase(_ count: Int) -> String {
        (0..<count).map { _ in words[random.next(words.count)] }
          .joined(separator: random.next(6) == 0 ? "" : " ")
      }
      let title = random.next(10) == 0 ? "Open File" : phrase(2 + random.next(3))
      index.add(
        PaletteEntry(
          target: .identifier("command\(number)"), title: title,
          discoverabilityTitle: random.next(12) == 0 ? phrase(3) : nil,
          path: [["File", "Edit", "View", "Go"][random.next(4)]]
            + (random.next(3) == 0 ? [phrase(1)] : []),
          keywords: random.next(4) == 0 ? [phrase(1)] : [],
          aliases: random.next(10) == 0 ? [phrase(1 + random.next(2))] : [],
          isEnabled: random.next(10) != 0))
    }
    var history = PaletteHistory()
    for step in 0..<40 { history.recordUse(of: "command\(step * 71)") }
    for _ in 0..<5 { history.recordUse(of: "command142") }
    return (index, history)
  }

  /// The benchmark's queries, queries that are whole titles, and terms cut from the words
  /// (letters dropped, case changed), one to three of them.
  private static func queries() -> [String] {
    var random = SplitMix64(seed: 31)
    var queries = [
      "o", "op", "open", "open file", "Open File", "tfs", "save as", "window close", "rec op",
      "settings", "zz", "commit push", "ctrl", "sel", "go def", "xq", "öff", "GRÖ", "a-b",
      "x2 cli", "CLI",
    ]
    for _ in 0..<200 {
      let terms = (0..<(1 + random.next(3))).map { _ -> String in
        let word = Array(words[random.next(words.count)].unicodeScalars)
        var scalars = word.filter { _ in random.next(3) != 0 }
        if scalars.isEmpty { scalars = [word[0]] }
        let term = String(String.UnicodeScalarView(scalars))
        return random.next(5) == 0 ? term.uppercased() : term.lowercased()
      }
      queries.append(terms.joined(separator: " "))
    }
    return queries
  }

  @Test("every limit returns the full search's first results: entries, order, scores, highlights")
  func limitedEqualsFull() {
    let (index, history) = Self.index()
    var compared = 0
    for query in Self.queries() {
      let all = index.search(query, history: history)
      for limit in [1, 2, 7, 20, 64, 200] {
        let limited = index.search(query, history: history, limit: limit)
        #expect(limited == Array(all.prefix(limit)), "\(query), limit \(limit)")
        compared += limited.count
      }
    }
    // The queries do match: the comparison is not vacuous.
    #expect(compared > 20_000)
  }

  @Test("the rank order of a searched index follows its new and merged entries")
  func rankOrderFollowsChanges() {
    var (index, history) = Self.index()
    let queries = ["o", "op", "go", "zz", "x2"]
    for query in queries {
      #expect(
        index.search(query, history: history, limit: 20)
          == Array(index.search(query, history: history).prefix(20)))
    }
    // Short titles that rank first, and aliases merged into existing entries (new words).
    for number in 0..<40 {
      index.add(
        PaletteEntry(
          target: .identifier("short\(number)"), title: ["Go", "Op", "Zz", "O"][number % 4]))
      index.add(
        PaletteEntry(
          target: .identifier("command\(number * 7)"), title: "", aliases: ["go x2 op"]))
    }
    for query in queries {
      let all = index.search(query, history: history)
      for limit in [1, 20, 64] {
        #expect(index.search(query, history: history, limit: limit) == Array(all.prefix(limit)))
      }
    }
  }

  /// The test index with 40 new entries (`name0`, `name1`, …) and 40 entries merged into its
  /// commands (every `step`-th): texts with letters, repeats and ordered pairs, ASCII and not.
  private static func indexWithNewAndMergedEntries(named name: String, step: Int) -> PaletteIndex {
    var (index, _) = Self.index()
    for number in 0..<40 {
      index.add(PaletteEntry(target: .identifier("\(name)\(number)"), title: "Zq \(number) Öx"))
      index.add(
        PaletteEntry(
          target: .identifier("command\(number * step)"), title: "", keywords: ["jk"],
          aliases: ["qz Xö \(number)"]))
    }
    return index
  }

  @Test("the pair counts are the entries' ordered-pair bits, after new and merged entries")
  func pairCounts() {
    let index = Self.indexWithNewAndMergedEntries(named: "pairs", step: 11)
    var counts = [Int](repeating: 0, count: PaletteOrderSignature.words * 64)
    for (slot, bits) in index.storage.entryOrders.enumerated() {
      for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
        counts[(slot % PaletteOrderSignature.words) * 64 + bit] += 1
      }
    }
    #expect(index.storage.pairCounts == counts)
    #expect(counts.contains { $0 > 0 })
  }

  @Test("the postings are the entries' letter, repeat and pair bits, after new and merged entries")
  func postings() {
    let index = Self.indexWithNewAndMergedEntries(named: "posted", step: 13)
    let storage = index.storage
    let stride = PalettePostings.stride
    #expect(storage.postings.count == (index.entries.count + 63) / 64 * stride)
    var expected = [UInt64](repeating: 0, count: storage.postings.count)
    for entry in index.entries.indices {
      let bit: UInt64 = 1 << UInt64(entry % 64)
      let base = entry / 64 * stride
      var signature = [(PalettePostings.letters, storage.entryMasks[entry])]
      signature.append((PalettePostings.repeats, storage.entryRepeats[entry]))
      for word in 0..<PaletteOrderSignature.words {
        signature.append(
          (
            PalettePostings.pairs + word * 64,
            storage.entryOrders[entry * PaletteOrderSignature.words + word]
          ))
      }
      for (slot, bits) in signature {
        for position in 0..<64 where bits & (1 << UInt64(position)) != 0 {
          expected[base + slot + position] |= bit
        }
      }
    }
    #expect(storage.postings == expected)
  }

  @Test("a term's required pairs reach every later scalar of a short term, and stay linear")
  func requiredPairsReach() throws {
    let terms = FuzzyMatcher(query: "abcdefghi").prepared
    let required = PaletteOrderSignature.required(terms)
    // The first scalar with the last of a 9-scalar term, not only neighbours.
    let (word, bit) = PaletteOrderSignature.position(
      FuzzyText.lowercase(try #require("a".unicodeScalars.first).value),
      FuzzyText.lowercase(try #require("i".unicodeScalars.first).value))
    #expect(required[word] & bit != 0)
    // A hostile one-term query of 104,000 scalars: every pair would be 5.4 billion steps
    // (the guard would report it); the limited search answers it, with nothing.
    let (index, history) = Self.index()
    let long = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 4_000)
    let found = try finishing("a one-term query of 104,000 scalars") {
      index.search(long, history: history, limit: 20).count
    }
    #expect(found == 0)
  }

  @Test("the bound of an entry is at least its score, for every query and entry")
  func boundIsAnUpperBound() {
    let (index, _) = Self.index()
    var scored = 0
    for query in Self.queries() {
      let terms = FuzzyMatcher(query: query).prepared
      guard !terms.isEmpty else { continue }
      let patterns = PalettePatterns(terms)
      defer { patterns.deallocate() }
      let scratch = FuzzyScratch()
      index.storage.withBuffers { buffers in
        index.storage.withBoundBuffers { bounds in
          for entry in 0..<index.entries.count {
            guard let score = buffers.score(of: patterns.terms, entry: entry, scratch: scratch)
            else { continue }
            scored += 1
            let bound = bounds.bound(of: patterns.terms, entry: entry)
            #expect(score <= bound, "\(query) in \(index.entries[entry].title)")
            // The loose bound of the scan is at least the shape bound.
            let loose =
              bounds.titleBonuses(of: patterns.terms, entry: entry)
              + terms.reduce(0) { $0 + 26 * $1.scalars.count + 10 }
            #expect(bound <= loose, "\(query) in \(index.entries[entry].title)")
            // The entry has the query's ordered pairs.
            let orders = entry * PaletteOrderSignature.words
            for (word, bits) in PaletteOrderSignature.required(terms).enumerated() {
              #expect(
                bits & ~index.storage.entryOrders[orders + word] == 0, "\(query) in \(entry)")
            }
            // And every slot the limited search requires.
            let slots = PalettePostings.slots(of: terms, pairCounts: index.storage.pairCounts)
            let has = slots.withUnsafeBufferPointer { slots in
              index.storage.postings.withUnsafeBufferPointer { postings in
                PalettePostings.entries(having: slots, in: postings, block: entry / 64)
              }
            }
            #expect(has & (1 << UInt64(entry % 64)) != 0, "\(query) in \(entry)")
            // The order bound too, and it fails only where the score does.
            let order = buffers.orderBound(of: patterns.terms, entry: entry, scratch: scratch)
            #expect(
              order != nil && score <= order ?? 0, "\(query) in \(index.entries[entry].title)")
          }
        }
      }
    }
    #expect(scored > 20_000)
  }

  /// Texts of words joined by every kind of separator (camelCase, digits, non-ASCII, repeated
  /// letters), and patterns taken from them or made of letters they may lack.
  private static func alignmentCases() -> [(text: String, pattern: String)] {
    var random = SplitMix64(seed: 4_242)
    let pieces = [
      "open", "Save", "close", "window", "File", "recent", "toggle", "full", "screen", "go",
      "ctrlTab", "x2", "sel", "selection", "settings", "CLI", "Öffnen", "größe", "a-b", "/usr",
      "tfs", "FooBar", "ok", "ééé", "z", "Control", "cursor", "tRaCe", "llll", "HTTPServer",
      "v10", "__init__", "ctrl", "reset", "line", "l", "c", "tr",
    ]
    let separators = [" ", "", "-", "/", "_", ".", ":", "  ", " › ", "|", "   "]
    var cases: [(text: String, pattern: String)] = []
    for _ in 0..<6_000 {
      let text = (0..<(1 + random.next(7))).map { _ in pieces[random.next(pieces.count)] }
        .joined(separator: separators[random.next(separators.count)])
      let scalars = Array(text.unicodeScalars)
      for _ in 0..<4 {
        var pattern: [Unicode.Scalar] = []
        switch random.next(4) {
        case 0:
          pattern = scalars.filter { _ in random.next(3) == 0 }
        case 1:
          let start = scalars.isEmpty ? 0 : random.next(scalars.count)
          pattern = Array(scalars[start..<min(scalars.count, start + 1 + random.next(6))])
        case 2:
          // Word starts and the letters after them.
          pattern = scalars.enumerated().filter { index, scalar in
            index == 0 || !scalars[index - 1].properties.isAlphabetic || random.next(4) == 0
          }.map(\.element)
        default:
          let letters = Array("otfsclraeiwgx2-/öéTLC".unicodeScalars)
          pattern = (0..<(1 + random.next(6))).map { _ in letters[random.next(letters.count)] }
        }
        if pattern.isEmpty || pattern.count > 12 { continue }
        cases.append((text, String(String.UnicodeScalarView(pattern))))
      }
    }
    return cases
  }

  /// A text with more distinct scalars than the signature pairs sets every bit: it stays
  /// linear, and a pair that starts after the limit still matches.
  @Test("a text of many distinct scalars sets every signature bit and still matches")
  func manyDistinctScalars() {
    let distinct = (0..<(PaletteOrderSignature.distinctLimit + 36)).map { 0x4E00 + UInt32($0) }
    var signature = PaletteOrderSignature()
    signature.add(distinct)
    #expect(signature.bits.allSatisfy { $0 == .max })
    var below = PaletteOrderSignature()
    below.add(Array(distinct.prefix(PaletteOrderSignature.distinctLimit)))
    #expect(!below.bits.allSatisfy { $0 == .max })

    let title = String(String.UnicodeScalarView(distinct.compactMap(Unicode.Scalar.init))) + "z"
    var index = PaletteIndex()
    index.add(PaletteEntry(target: .identifier("long"), title: title))
    for number in 0..<40 {
      index.add(PaletteEntry(target: .identifier("other\(number)"), title: "zeta \(number)"))
    }
    let late = String(Unicode.Scalar(distinct[PaletteOrderSignature.distinctLimit + 20])!) + "z"
    let full = index.search(late, history: PaletteHistory())
    #expect(full.map(\.entry.target) == [.identifier("long")])
    #expect(index.search(late, history: PaletteHistory(), limit: 1) == full)
  }

  @Test("the order bound of a text is at least the alignment's score, nil exactly when it is")
  func orderBoundIsAnUpperBound() {
    let scratch = FuzzyScratch()
    var matched = 0
    var tight = 0
    for (text, pattern) in Self.alignmentCases() {
      let prepared = FuzzyText(text)
      let term = FuzzyTerm(pattern)
      let characters = term.isCaseSensitive ? prepared.original : prepared.lower
      characters.withUnsafeBufferPointer { characters in
        prepared.bonus.withUnsafeBufferPointer { bonus in
          term.scalars.withUnsafeBufferPointer { pattern in
            let exact = FuzzyScorer.match(
              text: characters, bonus: bonus, pattern: pattern, withPositions: false,
              scratch: scratch)
            let bound = PaletteOrderBound.bound(
              text: characters, bonus: bonus, pattern: pattern, scratch: scratch)
            #expect((exact == nil) == (bound == nil), "\(term.text) in \(text)")
            if let exact, let bound {
              matched += 1
              #expect(Int(exact.score) <= bound, "\(term.text) in \(text)")
              if Int(exact.score) == bound { tight += 1 }
            }
          }
        }
      }
    }
    // The cases do match, and the bound is often exact.
    #expect(matched > 8_000)
    #expect(tight > matched / 4)
  }
}
