import MenuKit
import MenuKitTestSupport
import Testing

@testable import MenuKitPalette

/// The palette's byte prefilter (``PalettePrefilter``) never rejects an entry the matcher
/// accepts, and its word-at-a-time scan finds what a byte-by-byte scan finds.
@Suite("Palette prefilter")
struct PalettePrefilterTests {
  /// Words with non-ASCII letters, combining marks (`e` + U+0301), case pairs whose simple
  /// lowercase form is another scalar (`Ω` U+2126 → `ω`) or none (`İ` U+0130), a titlecase
  /// digraph (`ǅ`), CJK, and the `›` separator.
  private static let words = [
    "open", "Save", "close", "Window", "file", "RECENT", "ctrlTab", "x2", "Öffnen", "größe",
    "Cafe\u{301}", "café", "ΣΊΣΥΦΟΣ", "σίσυφος", "\u{2126}hm", "ωmega", "İstanbul", "istanbul",
    "ǅungla", "文件", "打开", "›", "a›b", "ß", "SS", "-", "/", "…",
  ]

  /// Entries made of the words, each with a path written with `›`, and a few aliases and
  /// keywords.
  private static func index() -> PaletteIndex {
    var random = SplitMix64(seed: 5)
    var index = PaletteIndex()
    for number in 0..<600 {
      func phrase() -> String {
        (0..<(1 + random.next(3))).map { _ in words[random.next(words.count)] }
          .joined(separator: random.next(4) == 0 ? "" : " ")
      }
      index.add(
        PaletteEntry(
          target: .identifier("command\(number)"), title: phrase(),
          path: random.next(2) == 0 ? [phrase(), phrase()] : [],
          keywords: random.next(3) == 0 ? [phrase()] : [],
          aliases: random.next(5) == 0 ? [phrase()] : []))
    }
    return index
  }

  /// Terms cut from the words (so that many match), some with their case changed, some
  /// skipping scalars, plus queries of several terms and the empty query.
  private static func queries() -> [String] {
    var random = SplitMix64(seed: 9)
    var queries = [
      "", " ", "ctrl", "open file", "öff", "ÖFF", "e\u{301}", "\u{301}", "ω", "Ω",
      "\u{2126}", "i\u{307}", "İ", "ǆ", "ǅ", "文", "›", "a›", "ss", "ß", "σ", "Σ", "…", "x2 file",
    ]
    for _ in 0..<400 {
      let terms = (0..<(1 + random.next(2))).map { _ -> String in
        let word = Array(words[random.next(words.count)].unicodeScalars)
        var scalars = word.filter { _ in random.next(3) != 0 }
        if scalars.isEmpty { scalars = [word[0]] }
        let term = String(String.UnicodeScalarView(scalars))
        switch random.next(4) {
        case 0: return term.uppercased()
        case 1: return term.lowercased()
        default: return term
        }
      }
      queries.append(terms.joined(separator: " "))
    }
    return queries
  }

  @Test("the prefilter passes every entry that every term of a query matches")
  func neverRejectsAMatch() {
    let index = Self.index()
    var accepted = 0
    var rejected = 0
    for query in Self.queries() {
      let terms = FuzzyMatcher(query: query).prepared
      let patterns = PalettePatterns(terms)
      defer { patterns.deallocate() }
      let scratch = FuzzyScratch()
      index.storage.withBuffers { buffers in
        for entry in 0..<index.entries.count {
          let matches = buffers.score(of: patterns.terms, entry: entry, scratch: scratch) != nil
          let passes = buffers.mayMatch(patterns.terms, entry: entry)
          if matches {
            accepted += 1
            #expect(passes, "\(query) in \(index.entries[entry].title)")
          } else if !passes {
            rejected += 1
          }
        }
      }
    }
    // The test has matches to check, and the prefilter does reject entries.
    #expect(accepted > 10_000)
    #expect(rejected > 10_000)
  }

  @Test("the limited and the full search agree on the non-ASCII entries")
  func searchesAgree() {
    let index = Self.index()
    for query in Self.queries().prefix(150) {
      let all = index.search(query)
      #expect(index.search(query, limit: 5) == Array(all.prefix(5)), "\(query)")
      for match in all {
        #expect(
          FuzzyMatcher(query: query).terms.allSatisfy { term in
            let matcher = FuzzyMatcher(query: term)
            let entry = match.entry
            return
              ([entry.title, entry.discoverabilityTitle ?? "", entry.pathText]
              + entry.aliases + entry.keywords).contains { matcher.match($0) != nil }
          }, "\(query): \(match.entry.title)")
      }
    }
  }

  @Test("the word-at-a-time subsequence scan answers as a byte-by-byte one")
  func scanMatchesNaive() {
    var random = SplitMix64(seed: 13)
    // Few distinct bytes, so that subsequences are common; 0x00, 0x80 and 0xFF test the
    // carry trick at the ends of a byte's range.
    let alphabet: [UInt8] = [0x00, 0x61, 0x62, 0x63, 0x7F, 0x80, 0x81, 0xFF]
    for _ in 0..<5_000 {
      let arena = (0..<random.next(40)).map { _ in alphabet[random.next(alphabet.count)] }
      let lower = random.next(arena.count + 1)
      let upper = lower + random.next(arena.count - lower + 1)
      let term = (0..<random.next(5)).map { _ in alphabet[random.next(alphabet.count)] }
      var expected = true
      var position = lower
      for byte in term {
        while position < upper && arena[position] != byte { position += 1 }
        if position == upper {
          expected = false
          break
        }
        position += 1
      }
      let found = arena.withUnsafeBytes { bytes in
        term.withUnsafeBufferPointer { term in
          PalettePrefilter.mayContain(term, in: bytes, span: lower..<upper)
        }
      }
      #expect(found == expected, "\(term) in \(arena[lower..<upper])")
    }
  }

  @Test("equal scalars fold to equal bytes, ASCII to itself")
  func folding() {
    for value: UInt32 in 0..<0x80 { #expect(PalettePrefilter.fold(value) == UInt8(value)) }
    for value: UInt32 in [0x80, 0xFF, 0x203A, 0x301, 0x3C9, 0x10FFFF] {
      #expect(PalettePrefilter.fold(value) >= 0x80)
    }
  }
}
