import MenuKit

// The fuzzy scoring engine: fzf's FuzzyMatchV2 (a modified Smith-Waterman alignment) on
// prepared Unicode scalar buffers, with fzf's greedy V1 scoring as the fallback for very long
// texts. See docs/guides/palette.md for the rules and the constants.

/// The character classes of fzf, in fzf's order (the order matters: classes after
/// ``nonWord`` and ``delimiter`` are word characters).
enum FuzzyCharacterClass: UInt8 {
  case white = 0
  case nonWord = 1
  case delimiter = 2
  case lower = 3
  case upper = 4
  case letter = 5
  case number = 6

  /// Whether characters of this class belong to words.
  var isWord: Bool { rawValue > FuzzyCharacterClass.delimiter.rawValue }
}

/// fzf's scoring constants (default scheme).
enum FuzzyScore {
  /// Each matched character.
  static let match: Int32 = 16
  /// The first unmatched character of a gap.
  static let gapStart: Int32 = -3
  /// Each further unmatched character of a gap.
  static let gapExtension: Int32 = -1
  /// A match at the start of a word (after a non-word character).
  static let bonusBoundary: Int32 = 8
  /// A match on a non-word character.
  static let bonusNonWord: Int32 = 8
  /// A match at a lower-to-upper case change or at the start of a number.
  static let bonusCamel123: Int32 = 7
  /// Each character of a run of consecutive matches, at least.
  static let bonusConsecutive: Int32 = 4
  /// The bonus of the pattern's first character counts this many times.
  static let bonusFirstCharMultiplier: Int32 = 2
  /// A match at the start of a word after white space (or at the start of the text).
  static let bonusBoundaryWhite: Int32 = 10
  /// A match at the start of a word after a delimiter (`/,:;|`).
  static let bonusBoundaryDelimiter: Int32 = 9
  /// Above this many matrix cells (window width × pattern length), the greedy scorer is used.
  static let matrixLimit = 100 * 1024
}

/// A text prepared for matching: its scalars, their simple lowercase forms, their classes and
/// the bonus a match earns at each position.
struct FuzzyText: Hashable, Sendable {
  var original: [UInt32] = []
  var lower: [UInt32] = []
  var classes: [UInt8] = []
  var bonus: [UInt8] = []

  init(_ text: String) {
    let scalars = text.unicodeScalars
    original.reserveCapacity(scalars.count)
    for scalar in scalars { original.append(scalar.value) }
    lower = original.map(FuzzyText.lowercase)
    classes = original.map { FuzzyText.characterClass($0).rawValue }
    bonus = FuzzyText.bonuses(classes)
  }

  /// The bonus of each position from the classes of it and of the one before it.
  static func bonuses(_ classes: [UInt8]) -> [UInt8] {
    var previous = FuzzyCharacterClass.white.rawValue
    var result: [UInt8] = []
    result.reserveCapacity(classes.count)
    for current in classes {
      result.append(bonusTable[Int(previous) &* 7 &+ Int(current)])
      previous = current
    }
    return result
  }

  /// fzf's `bonusFor(prevClass, class)` for every pair of classes.
  static let bonusTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 49)
    for previous in 0..<7 {
      for current in 0..<7 {
        table[previous * 7 + current] = UInt8(
          bonus(
            previous: FuzzyCharacterClass(rawValue: UInt8(previous)) ?? .white,
            current: FuzzyCharacterClass(rawValue: UInt8(current)) ?? .white))
      }
    }
    return table
  }()

  private static func bonus(previous: FuzzyCharacterClass, current: FuzzyCharacterClass) -> Int32 {
    if current.rawValue > FuzzyCharacterClass.nonWord.rawValue {
      switch previous {
      case .white: return FuzzyScore.bonusBoundaryWhite
      case .delimiter: return FuzzyScore.bonusBoundaryDelimiter
      case .nonWord: return FuzzyScore.bonusBoundary
      default: break
      }
    }
    if previous == .lower && current == .upper || previous != .number && current == .number {
      return FuzzyScore.bonusCamel123
    }
    switch current {
    case .nonWord, .delimiter: return FuzzyScore.bonusNonWord
    case .white: return FuzzyScore.bonusBoundaryWhite
    default: return 0
    }
  }

  /// The class of each ASCII character.
  static let asciiClasses: [UInt8] = (0..<128).map { value -> UInt8 in
    let byte = UInt8(value)
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return FuzzyCharacterClass.lower.rawValue
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return FuzzyCharacterClass.upper.rawValue
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return FuzzyCharacterClass.number.rawValue
    case UInt8(ascii: " "), 9...13: return FuzzyCharacterClass.white.rawValue
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
      UInt8(ascii: "|"):
      return FuzzyCharacterClass.delimiter.rawValue
    default: return FuzzyCharacterClass.nonWord.rawValue
    }
  }

  /// The class of a scalar (fzf's `charClassOf`).
  static func characterClass(_ value: UInt32) -> FuzzyCharacterClass {
    if value < 128 { return FuzzyCharacterClass(rawValue: asciiClasses[Int(value)]) ?? .nonWord }
    guard let scalar = Unicode.Scalar(value) else { return .nonWord }
    let properties = scalar.properties
    if properties.isLowercase { return .lower }
    if properties.isUppercase { return .upper }
    if properties.numericType != nil { return .number }
    if properties.isAlphabetic { return .letter }
    if properties.isWhitespace { return .white }
    return .nonWord
  }

  /// The simple lowercase form of a scalar: itself when it lowercases to several scalars.
  static func lowercase(_ value: UInt32) -> UInt32 {
    if value < 128 {
      return value >= 65 && value <= 90 ? value + 32 : value
    }
    guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else {
      return value
    }
    let mapped = scalar.properties.lowercaseMapping.unicodeScalars
    return mapped.count == 1 ? mapped[mapped.startIndex].value : value
  }
}

/// The result of matching one pattern against one text: the score and the matched positions
/// (scalar offsets, ascending) when they were asked for.
struct FuzzyAlignment {
  var score: Int32
  var positions: [Int]
}

/// Reusable buffers for the score matrices, so that matching allocates nothing in steady state.
final class FuzzyScratch {
  private(set) var scores: UnsafeMutablePointer<Int32>
  private(set) var consecutive: UnsafeMutablePointer<Int32>
  private(set) var firstOccurrences: UnsafeMutablePointer<Int>
  /// Each pattern character's last possible position (``PaletteOrderBound``).
  private(set) var lastOccurrences: UnsafeMutablePointer<Int>
  private var matrixCapacity = 0
  private var patternCapacity = 0

  init() {
    matrixCapacity = 1024
    patternCapacity = 64
    scores = .allocate(capacity: matrixCapacity)
    consecutive = .allocate(capacity: matrixCapacity)
    firstOccurrences = .allocate(capacity: patternCapacity)
    lastOccurrences = .allocate(capacity: patternCapacity)
  }

  deinit {
    scores.deallocate()
    consecutive.deallocate()
    firstOccurrences.deallocate()
    lastOccurrences.deallocate()
  }

  /// Makes room for a pattern of `length` characters.
  @inline(__always)
  func reserve(patternLength length: Int) {
    guard length > patternCapacity else { return }
    firstOccurrences.deallocate()
    lastOccurrences.deallocate()
    patternCapacity = max(length, patternCapacity * 2)
    firstOccurrences = .allocate(capacity: patternCapacity)
    lastOccurrences = .allocate(capacity: patternCapacity)
  }

  /// Makes room for a matrix of `cells` cells, zeroed when `zeroed` is true (the trace-back
  /// reads cells the rows do not write).
  @inline(__always)
  func reserve(cells: Int, zeroed: Bool) {
    if cells > matrixCapacity {
      scores.deallocate()
      consecutive.deallocate()
      matrixCapacity = max(cells, matrixCapacity * 2)
      scores = .allocate(capacity: matrixCapacity)
      consecutive = .allocate(capacity: matrixCapacity)
    }
    guard zeroed else { return }
    scores.update(repeating: 0, count: cells)
    consecutive.update(repeating: 0, count: cells)
  }
}

enum FuzzyScorer {
  /// Whether `pattern` is a subsequence of `text`.
  @inline(__always)
  static func isSubsequence(
    _ pattern: UnsafeBufferPointer<UInt32>, of text: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let m = pattern.count
    guard m > 0 else { return true }
    var index = 0
    var next = pattern[0]
    for character in text where character == next {
      index &+= 1
      if index == m { return true }
      next = pattern[index]
    }
    return false
  }

  /// The greedy forward match: records in `occurrences` the first position of each pattern
  /// character after the previous one's; false when `pattern` (not empty) is not a
  /// subsequence of `text`. The scorer and ``PaletteOrderBound`` start from it.
  @inline(__always)
  static func recordFirstOccurrences(
    of pattern: UnsafeBufferPointer<UInt32>, in text: UnsafeBufferPointer<UInt32>,
    into occurrences: UnsafeMutablePointer<Int>
  ) -> Bool {
    let m = pattern.count
    let n = text.count
    var p = 0
    var index = 0
    var next = pattern[0]
    while index < n {
      if text[index] == next {
        occurrences[p] = index
        p &+= 1
        if p == m { return true }
        next = pattern[p]
      }
      index &+= 1
    }
    return false
  }

  /// fzf's FuzzyMatchV2: the best alignment of `pattern` in `text`, or nil when `pattern` is
  /// not a subsequence of `text`.
  ///
  /// - Parameters:
  ///   - text: The characters compared: the lowercase forms for a case-insensitive match.
  ///   - bonus: The bonus of each position of `text`.
  ///   - pattern: The pattern, lowercased for a case-insensitive match; not empty.
  ///   - withPositions: Whether to trace back the matched positions.
  /// - Complexity: O(*n*) when there is no match, O(*n* · *m*) otherwise.
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

    // Phase 1: a subsequence check that also narrows the window to [first, last], and the
    // first occurrence of each pattern character in order (the greedy forward match).
    scratch.reserve(patternLength: m)
    let occurrences = scratch.firstOccurrences
    guard recordFirstOccurrences(of: pattern, in: text, into: occurrences) else { return nil }
    let first = occurrences[0]
    var last = n - 1
    let lastCharacter = pattern[m - 1]
    while text[last] != lastCharacter { last -= 1 }
    let width = last - first + 1
    if width * m > FuzzyScore.matrixLimit {
      return greedyMatch(
        text: text, bonus: bonus, pattern: pattern, withPositions: withPositions)
    }

    scratch.reserve(cells: width * m, zeroed: withPositions)
    let scores = scratch.scores
    let runs = scratch.consecutive
    var maxScore: Int32 = 0
    var maxPosition = first

    // Phase 2: the first row.
    let pattern0 = pattern[0]
    var previous: Int32 = 0
    var inGap = false
    for offset in 0..<width {
      let column = first &+ offset
      if text[column] == pattern0 {
        previous = FuzzyScore.match &+ Int32(bonus[column]) &* FuzzyScore.bonusFirstCharMultiplier
        runs[offset] = 1
        inGap = false
      } else {
        previous = max(previous &+ (inGap ? FuzzyScore.gapExtension : FuzzyScore.gapStart), 0)
        runs[offset] = 0
        inGap = true
      }
      scores[offset] = previous
    }

    // Phase 3: the other rows, from each character's first occurrence to the window's end.
    // The running cell on the left stays in a register; a column without the row's character
    // only extends the gap.
    for row in 1..<m {
      let start = occurrences[row]
      let character = pattern[row]
      let base = row &* width
      var inGap = false
      // The cell left of the row's first is read as 0 (it is never written otherwise).
      scores[base &+ start &- first &- 1] = 0
      var left: Int32 = 0
      for column in start...last {
        let offset = column &- first
        let s2 = left &+ (inGap ? FuzzyScore.gapExtension : FuzzyScore.gapStart)
        if text[column] == character {
          let diagonal = base &- width &+ offset &- 1
          var s1 = scores[diagonal] &+ FuzzyScore.match
          var b = Int32(bonus[column])
          var run = runs[diagonal] &+ 1
          if run > 1 {
            let firstBonus = Int32(bonus[column &- Int(run) &+ 1])
            if b >= FuzzyScore.bonusBoundary && b > firstBonus {
              run = 1
            } else {
              b = max(b, max(FuzzyScore.bonusConsecutive, firstBonus))
            }
          }
          if s1 &+ b < s2 {
            s1 &+= Int32(bonus[column])
            run = 0
          } else {
            s1 &+= b
          }
          runs[base &+ offset] = run
          inGap = s1 < s2
          left = max(max(s1, s2), 0)
        } else {
          runs[base &+ offset] = 0
          inGap = 0 < s2
          left = max(s2, 0)
        }
        scores[base &+ offset] = left
      }
    }
    // The last row's first highest cell.
    do {
      let base = (m &- 1) &* width
      for column in occurrences[m &- 1]...last {
        let score = scores[base &+ column &- first]
        if score > maxScore {
          maxScore = score
          maxPosition = column
        }
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

  /// fzf's FuzzyMatchV1 with its `calculateScore`: a greedy forward scan, a backward scan that
  /// shortens the match, then the score of that one alignment. Used for very long texts.
  static func greedyMatch(
    text: UnsafeBufferPointer<UInt32>, bonus: UnsafeBufferPointer<UInt8>,
    pattern: UnsafeBufferPointer<UInt32>, withPositions: Bool
  ) -> FuzzyAlignment? {
    let m = pattern.count
    var p = 0
    var end = -1
    for index in 0..<text.count where text[index] == pattern[p] {
      p += 1
      if p == m {
        end = index + 1
        break
      }
    }
    guard end >= 0 else { return nil }
    var start = end - 1
    p = m - 1
    var index = end - 1
    while index >= 0 {
      if text[index] == pattern[p] {
        if p == 0 {
          start = index
          break
        }
        p -= 1
      }
      index -= 1
    }
    var score: Int32 = 0
    var inGap = false
    var run: Int32 = 0
    var firstBonus: Int32 = 0
    var positions: [Int] = []
    p = 0
    for index in start..<end {
      if p < m && text[index] == pattern[p] {
        if withPositions { positions.append(index) }
        score += FuzzyScore.match
        var b = Int32(bonus[index])
        if run == 0 {
          firstBonus = b
        } else {
          if b >= FuzzyScore.bonusBoundary && b > firstBonus { firstBonus = b }
          b = max(max(b, firstBonus), FuzzyScore.bonusConsecutive)
        }
        score += p == 0 ? b * FuzzyScore.bonusFirstCharMultiplier : b
        inGap = false
        run += 1
        p += 1
      } else {
        score += inGap ? FuzzyScore.gapExtension : FuzzyScore.gapStart
        inGap = true
        run = 0
        firstBonus = 0
      }
    }
    return FuzzyAlignment(score: score, positions: positions)
  }
}
