import MenuKit
import MenuKitTestSupport
import Testing

@testable import MenuKitPalette

/// The alignment scorer (``FuzzyScorer/match(text:bonus:pattern:withPositions:scratch:)``)
/// and the highlight ranges give exactly what their plain versions gave: the scores and
/// positions of a frozen copy of the scorer before its fast paths, and
/// ``FuzzyTerm/ranges(of:in:)``.
@Suite("Palette scorer reference")
struct PaletteScorerReferenceTests {
  private static let words = [
    "open", "Save", "close", "window", "File", "recent", "toggle", "full", "screen", "go",
    "ctrlTab", "x2", "sel", "selection", "settings", "CLI", "Öffnen", "größe", "a-b", "/usr",
    "tfs", "FooBar", "ok", "ééé", "z", "",
  ]

  /// Texts made of the words with every separator, and patterns cut from them.
  private static func cases() -> [(text: String, pattern: String)] {
    var random = SplitMix64(seed: 99)
    let separators = [" ", "", "-", "/", "_", ".", ":", "  ", "›"]
    var cases: [(text: String, pattern: String)] = []
    for _ in 0..<4_000 {
      let text = (0..<(1 + random.next(6))).map { _ in words[random.next(words.count)] }
        .joined(separator: separators[random.next(separators.count)])
      let scalars = Array(text.lowercased().unicodeScalars)
      for _ in 0..<3 {
        var pattern: [Unicode.Scalar] = []
        switch random.next(3) {
        case 0:
          // A subsequence of the text.
          pattern = scalars.filter { _ in random.next(3) == 0 }
        case 1:
          // A piece of the text.
          let start = scalars.isEmpty ? 0 : random.next(scalars.count)
          pattern = Array(scalars[start..<min(scalars.count, start + 1 + random.next(5))])
        default:
          // Letters from anywhere.
          let letters = Array("otfsclraeiwgx2-/ö".unicodeScalars)
          pattern = (0..<(1 + random.next(4))).map { _ in letters[random.next(letters.count)] }
        }
        if pattern.isEmpty { continue }
        cases.append((text, String(String.UnicodeScalarView(pattern))))
      }
    }
    return cases
  }

  @Test("the scorer's scores and positions equal the reference scorer's")
  func scorerEqualsReference() {
    let scratch = FuzzyScratch()
    let reference = FuzzyScratch()
    var matched = 0
    for (text, pattern) in Self.cases() {
      let prepared = FuzzyText(text)
      let lowerPattern = Array(pattern.unicodeScalars).map { FuzzyText.lowercase($0.value) }
      for characters in [prepared.lower, prepared.original] {
        characters.withUnsafeBufferPointer { characters in
          prepared.bonus.withUnsafeBufferPointer { bonus in
            lowerPattern.withUnsafeBufferPointer { pattern in
              for withPositions in [false, true] {
                let fast = FuzzyScorer.match(
                  text: characters, bonus: bonus, pattern: pattern,
                  withPositions: withPositions, scratch: scratch)
                let slow = ReferenceScorer.match(
                  text: characters, bonus: bonus, pattern: pattern,
                  withPositions: withPositions, scratch: reference)
                #expect(fast?.score == slow?.score, "\(pattern) in \(text)")
                #expect(fast?.positions == slow?.positions, "\(pattern) in \(text)")
                if slow != nil { matched += 1 }
              }
            }
          }
        }
      }
    }
    #expect(matched > 10_000)
  }

  @Test("the highlights' ranges equal FuzzyTerm.ranges")
  func rangesEqualReference() {
    var random = SplitMix64(seed: 5)
    var storage = PaletteStorage()
    var compared = 0
    for number in 0..<2_000 {
      let title = (0..<(1 + random.next(5))).map { _ in Self.words[random.next(Self.words.count)] }
        .joined(separator: random.next(3) == 0 ? "›" : " ")
      guard !title.isEmpty else { continue }
      storage.append(PaletteEntry(target: .identifier("c\(number)"), title: title))
      let field = storage.entryFields[storage.entryFields.count - 1].lowerBound
      let count = title.unicodeScalars.count
      for _ in 0..<4 {
        let positions = (0..<(1 + random.next(6))).map { _ in random.next(count) }
        var sorted = positions
        let fast = storage.ranges(of: &sorted, inField: field, of: title)
        #expect(fast == FuzzyTerm.ranges(of: positions, in: title), "\(positions) in \(title)")
        compared += 1
      }
    }
    #expect(compared > 5_000)
  }
}

/// A frozen copy of ``FuzzyScorer/match(text:bonus:pattern:withPositions:scratch:)`` as it
/// was before its fast paths, which the tests compare the scorer with.
private enum ReferenceScorer {
  static func match(
    text: UnsafeBufferPointer<UInt32>, bonus: UnsafeBufferPointer<UInt8>,
    pattern: UnsafeBufferPointer<UInt32>, withPositions: Bool, scratch: FuzzyScratch
  ) -> FuzzyAlignment? {
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return FuzzyAlignment(score: 0, positions: []) }
    guard m <= n else { return nil }
    if m == 1 {
      // One character: the best-placed occurrence, with no matrix (as phase 2 would find it).
      let character = pattern[0]
      var best: Int32 = -1
      var position = 0
      for index in 0..<n where text[index] == character {
        let score = FuzzyScore.match + Int32(bonus[index]) * FuzzyScore.bonusFirstCharMultiplier
        if score > best {
          best = score
          position = index
        }
      }
      guard best >= 0 else { return nil }
      return FuzzyAlignment(score: best, positions: withPositions ? [position] : [])
    }

    // Phase 1: a subsequence check that also narrows the window to [first, last].
    var first = -1
    var p = 0
    var index = 0
    while index < n {
      if text[index] == pattern[p] {
        if p == 0 { first = index }
        p &+= 1
        if p == m { break }
      }
      index &+= 1
    }
    guard p == m else { return nil }
    var last = n - 1
    let lastCharacter = pattern[m - 1]
    while text[last] != lastCharacter { last -= 1 }
    let width = last - first + 1
    if width * m > FuzzyScore.matrixLimit {
      return FuzzyScorer.greedyMatch(
        text: text, bonus: bonus, pattern: pattern, withPositions: withPositions)
    }

    scratch.reserve(patternLength: m)
    scratch.reserve(cells: width * m, zeroed: withPositions)
    let scores = scratch.scores
    let runs = scratch.consecutive
    let occurrences = scratch.firstOccurrences
    var maxScore: Int32 = 0
    var maxPosition = first

    // Phase 2: the first row, and the first occurrence of each pattern character in order.
    let pattern0 = pattern[0]
    var found = 0
    var previous: Int32 = 0
    var inGap = false
    for offset in 0..<width {
      let column = first + offset
      let character = text[column]
      if found < m && character == pattern[found] {
        occurrences[found] = column
        found &+= 1
      }
      if character == pattern0 {
        let score = FuzzyScore.match + Int32(bonus[column]) * FuzzyScore.bonusFirstCharMultiplier
        scores[offset] = score
        runs[offset] = 1
        if m == 1 && score > maxScore {
          maxScore = score
          maxPosition = column
        }
        inGap = false
      } else {
        scores[offset] = max(
          previous + (inGap ? FuzzyScore.gapExtension : FuzzyScore.gapStart), 0)
        runs[offset] = 0
        inGap = true
      }
      previous = scores[offset]
    }
    if m == 1 {
      return FuzzyAlignment(score: maxScore, positions: withPositions ? [maxPosition] : [])
    }

    // Phase 3: the other rows, from each character's first occurrence to the window's end.
    for row in 1..<m {
      let start = occurrences[row]
      let character = pattern[row]
      let base = row * width
      inGap = false
      // The cell left of the row's first is read as 0 (it is never written otherwise).
      scores[base + start - first - 1] = 0
      for column in start...last {
        let offset = column - first
        let left = scores[base + offset - 1]
        var s1: Int32 = 0
        var run: Int32 = 0
        let s2 = left + (inGap ? FuzzyScore.gapExtension : FuzzyScore.gapStart)
        if text[column] == character {
          let diagonal = base - width + offset - 1
          s1 = scores[diagonal] + FuzzyScore.match
          var b = Int32(bonus[column])
          run = runs[diagonal] + 1
          if run > 1 {
            let firstBonus = Int32(bonus[column - Int(run) + 1])
            if b >= FuzzyScore.bonusBoundary && b > firstBonus {
              run = 1
            } else {
              b = max(b, max(FuzzyScore.bonusConsecutive, firstBonus))
            }
          }
          if s1 + b < s2 {
            s1 += Int32(bonus[column])
            run = 0
          } else {
            s1 += b
          }
        }
        runs[base + offset] = run
        inGap = s1 < s2
        let score = max(max(s1, s2), 0)
        if row == m - 1 && score > maxScore {
          maxScore = score
          maxPosition = column
        }
        scores[base + offset] = score
      }
    }
    guard withPositions else { return FuzzyAlignment(score: maxScore, positions: []) }

    // Phase 4: trace back the positions.
    var positions: [Int] = []
    positions.reserveCapacity(m)
    var row = m - 1
    var column = maxPosition
    var preferMatch = true
    let cells = width * m
    while true {
      let base = row * width
      let offset = column - first
      let score = scores[base + offset]
      var s1: Int32 = 0
      var s2: Int32 = 0
      if row > 0 && column >= occurrences[row] { s1 = scores[base - width + offset - 1] }
      if column > occurrences[row] { s2 = scores[base + offset - 1] }
      if score > s1 && (score > s2 || score == s2 && preferMatch) {
        positions.append(column)
        if row == 0 { break }
        row -= 1
      }
      let below = base + width + offset + 1
      preferMatch = runs[base + offset] > 1 || below < cells && runs[below] > 0
      column -= 1
    }
    positions.reverse()
    return FuzzyAlignment(score: maxScore, positions: positions)
  }
}
