/// A fuzzy matcher with fzf's scoring: a query of space-separated terms, each matched in any
/// order as a subsequence of the text, case-insensitively unless the term has an uppercase
/// letter (smart case).
///
/// The score is fzf's FuzzyMatchV2 (a modified Smith-Waterman alignment with bonuses for
/// word boundaries, camelCase, digits and consecutive characters, and gap penalties), summed
/// over the terms. ``PaletteIndex`` uses the same engine with ranking rules that know about
/// commands; this type is the plain matcher, for lists of strings and for lines of text, as
/// `menu-dump palette --lines` uses it. The rules and the constants are in docs/palette.md.
///
/// ```swift
/// let matcher = FuzzyMatcher(query: "recent open")
/// if let match = matcher.match("Open Recent") {
///   print(match.score, match.ranges.map { "Open Recent"[$0] })  // 128 ["Open", "Recent"]
/// }
/// ```
public struct FuzzyMatcher: Sendable {
  /// The query's terms, as typed: the query split at white space.
  public let terms: [String]
  let prepared: [FuzzyTerm]

  /// Creates a matcher for a query.
  ///
  /// - Parameter query: Terms separated by white space; an empty query matches everything with
  ///   a score of 0.
  public init(query: String) {
    terms = query.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    prepared = terms.map(FuzzyTerm.init)
  }
}

/// The score of a text for a query, with the ranges of the text that matched.
///
/// ```swift
/// let match = FuzzyMatcher(query: "sv").match("Save")
/// match?.ranges  // the ranges of "S" and "v"
/// ```
public struct FuzzyMatch: Hashable, Sendable {
  /// The score: higher is better. The sum of each term's alignment score.
  public var score: Int
  /// The matched characters as ranges of the text, ascending and merged where adjacent.
  public var ranges: [Range<String.Index>]

  /// Creates a match.
  public init(score: Int, ranges: [Range<String.Index>]) {
    self.score = score
    self.ranges = ranges
  }
}

// MARK: - API

extension FuzzyMatcher {
  /// Matches a text: nil when a term is not a subsequence of it.
  ///
  /// - Parameter text: The text to match.
  /// - Returns: The summed score and the matched ranges of `text`.
  /// - Complexity: O(*n* · *m*) for a text of *n* characters and a query of *m*.
  public func match(_ text: String) -> FuzzyMatch? {
    let prepared = FuzzyText(text)
    let scratch = FuzzyScratch()
    var score = 0
    var positions: [Int] = []
    for term in self.prepared {
      guard
        let alignment = term.match(
          prepared, from: 0, count: prepared.original.count, withPositions: true,
          scratch: scratch)
      else { return nil }
      score += Int(alignment.score)
      positions += alignment.positions
    }
    return FuzzyMatch(score: score, ranges: FuzzyTerm.ranges(of: positions, in: text))
  }

  /// The lines of a UTF-8 buffer that match, best first, as `fzf --filter` prints them.
  ///
  /// Lines are separated by `\n` (a final line without one counts); each line is scored like
  /// ``match(_:)``. Matching lines are ordered by score (highest first), then by length in
  /// Unicode scalars (shortest first), then by position in the buffer: fzf's default
  /// `--tiebreak=length,index`. An empty query returns every line in order.
  ///
  /// ```swift
  /// let text = Array("src/main.swift\nREADME.md\n".utf8)
  /// let ranked = text.withUnsafeBufferPointer { FuzzyMatcher(query: "ms").rankLines(in: $0) }
  /// ranked.map { String(decoding: text[$0], as: UTF8.self) }  // ["src/main.swift"]
  /// ```
  ///
  /// - Parameter buffer: The lines, UTF-8 encoded; invalid bytes match as U+FFFD.
  /// - Returns: The byte ranges of the matching lines, without their `\n`.
  /// - Complexity: O(*b*) for *b* bytes when few lines match; O(*n* · *m*) for each matching
  ///   line of *n* characters.
  public func rankLines(in buffer: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    let count = buffer.count
    while start < count {
      var end = start
      while end < count && buffer[end] != 10 { end &+= 1 }
      lines.append(start..<end)
      start = end &+ 1
    }
    guard !prepared.isEmpty else { return lines }

    let scratch = FuzzyScratch()
    var line = FuzzyLineBuffer()
    var ranked: [(score: Int, length: Int, index: Int)] = []
    for (index, range) in lines.enumerated() {
      let bytes = UnsafeBufferPointer(rebasing: buffer[range])
      guard prepared.allSatisfy({ $0.mayMatch(bytes) }) else { continue }
      line.load(bytes)
      var total = 0
      var matched = true
      for term in prepared {
        guard let score = line.score(term, scratch: scratch) else {
          matched = false
          break
        }
        total += Int(score)
      }
      if matched { ranked.append((total, line.text.original.count, index)) }
    }
    ranked.sort { left, right in
      if left.score != right.score { return left.score > right.score }
      if left.length != right.length { return left.length < right.length }
      return left.index < right.index
    }
    return ranked.map { lines[$0.index] }
  }
}

// MARK: - Internal

/// One term of a query, prepared for matching.
struct FuzzyTerm: Sendable {
  /// The term as typed.
  let text: String
  /// The scalars matched: lowercased unless the term is case-sensitive.
  let scalars: [UInt32]
  /// Whether the term has an uppercase character, so it matches case-sensitively.
  let isCaseSensitive: Bool
  /// The letters of ``scalars`` as a mask (see ``FuzzyTerm/mask(_:)``).
  let mask: UInt64
  /// For an ASCII term, each byte and the byte of the other case that also matches.
  let asciiBytes: [(UInt8, UInt8)]?

  init(_ text: String) {
    self.text = text
    let original = text.unicodeScalars.map(\.value)
    let lower = original.map(FuzzyText.lowercase)
    let caseSensitive = lower != original
    isCaseSensitive = caseSensitive
    scalars = caseSensitive ? original : lower
    mask = lower.reduce(0) { $0 | FuzzyTerm.mask($1) }
    if original.allSatisfy({ $0 < 128 }) {
      asciiBytes = scalars.map { value in
        let byte = UInt8(value)
        if caseSensitive || !(97...122).contains(byte) { return (byte, byte) }
        return (byte, byte - 32)
      }
    } else {
      asciiBytes = nil
    }
  }

  /// The bit of a lowercased scalar in a text's character mask: one per ASCII letter and
  /// digit, the others hashed into the remaining bits.
  @inline(__always)
  static func mask(_ lower: UInt32) -> UInt64 {
    switch lower {
    case 97...122: return 1 << UInt64(lower - 97)
    case 48...57: return 1 << UInt64(lower - 48 + 26)
    default: return 1 << UInt64(36 + lower % 28)
    }
  }

  /// Whether the bytes may contain the term: a fast subsequence check for ASCII terms.
  @inline(__always)
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let asciiBytes else { return true }
    var index = 0
    var (next, other) = asciiBytes[0]
    for byte in bytes where byte == next || byte == other {
      index &+= 1
      if index == asciiBytes.count { return true }
      (next, other) = asciiBytes[index]
    }
    return false
  }

  /// The alignment of the term in `count` scalars of a prepared text from `start`.
  func match(
    _ text: FuzzyText, from start: Int, count: Int, withPositions: Bool, scratch: FuzzyScratch
  ) -> FuzzyAlignment? {
    let characters = isCaseSensitive ? text.original : text.lower
    return characters.withUnsafeBufferPointer { characters in
      text.bonus.withUnsafeBufferPointer { bonus in
        scalars.withUnsafeBufferPointer { pattern in
          FuzzyScorer.match(
            text: UnsafeBufferPointer(rebasing: characters[start..<start + count]),
            bonus: UnsafeBufferPointer(rebasing: bonus[start..<start + count]), pattern: pattern,
            withPositions: withPositions, scratch: scratch)
        }
      }
    }
  }

  /// Scalar offsets in a string as merged ranges of string indices.
  static func ranges(of positions: [Int], in text: String) -> [Range<String.Index>] {
    let sorted = Set(positions).sorted()
    guard !sorted.isEmpty else { return [] }
    var offsets: [Range<Int>] = []
    for position in sorted {
      if let last = offsets.last, last.upperBound == position {
        offsets[offsets.count - 1] = last.lowerBound..<position + 1
      } else {
        offsets.append(position..<position + 1)
      }
    }
    let scalars = text.unicodeScalars
    var result: [Range<String.Index>] = []
    var index = scalars.startIndex
    var offset = 0
    for range in offsets {
      index = scalars.index(index, offsetBy: range.lowerBound - offset)
      let end = scalars.index(index, offsetBy: range.count)
      result.append(index..<end)
      index = end
      offset = range.upperBound
    }
    return result
  }
}

/// One line of a buffer prepared for matching, in storage reused from line to line.
struct FuzzyLineBuffer {
  var text = FuzzyText("")

  /// Prepares the line's scalars, lowercase forms and bonuses.
  mutating func load(_ bytes: UnsafeBufferPointer<UInt8>) {
    text.original.removeAll(keepingCapacity: true)
    text.lower.removeAll(keepingCapacity: true)
    text.bonus.removeAll(keepingCapacity: true)
    var previous = FuzzyCharacterClass.white.rawValue
    if bytes.allSatisfy({ $0 < 128 }) {
      for byte in bytes {
        let value = UInt32(byte)
        let current = FuzzyText.asciiClasses[Int(byte)]
        text.original.append(value)
        text.lower.append(byte >= 65 && byte <= 90 ? value + 32 : value)
        text.bonus.append(FuzzyText.bonusTable[Int(previous) &* 7 &+ Int(current)])
        previous = current
      }
    } else {
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        let current = FuzzyText.characterClass(scalar.value).rawValue
        text.original.append(scalar.value)
        text.lower.append(FuzzyText.lowercase(scalar.value))
        text.bonus.append(FuzzyText.bonusTable[Int(previous) &* 7 &+ Int(current)])
        previous = current
      }
    }
  }

  /// The term's score in the line, or nil when it does not match.
  func score(_ term: FuzzyTerm, scratch: FuzzyScratch) -> Int32? {
    term.match(
      text, from: 0, count: text.original.count, withPositions: false, scratch: scratch)?.score
  }
}
