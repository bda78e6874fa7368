import MenuKit

#if canImport(Glibc)
  import Glibc
#endif

/// A fuzzy matcher with fzf's scoring: a query of space-separated terms, each matched in any
/// order as a subsequence of the text, case-insensitively unless the term has an uppercase
/// letter (smart case).
///
/// The score is fzf's FuzzyMatchV2 (a modified Smith-Waterman alignment with bonuses for
/// word boundaries, camelCase, digits and consecutive characters, and gap penalties), summed
/// over the terms. ``PaletteIndex`` uses the same engine with ranking rules that know about
/// commands; this type is the plain matcher, for lists of strings and for lines of text, as
/// `menu-dump palette --lines` uses it. The rules and the constants are in docs/guides/palette.md.
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
  ///   line of *n* characters. Lines longer than 4,095 characters tie as if they had 4,095, and
  ///   buffers of 2³² matching lines or more are not supported.
  public func rankLines(in buffer: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    guard let base = buffer.baseAddress else { return [] }
    let count = buffer.count
    /// The end of the line that starts at `start`: the next `\n`, or the end of the buffer.
    func lineEnd(from start: Int) -> Int {
      memchr(base + start, 10, count - start).map {
        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
      } ?? count
    }
    var start = 0
    guard !prepared.isEmpty else {
      var lines: [Range<Int>] = []
      while start < count {
        let end = lineEnd(from: start)
        lines.append(start..<end)
        start = end + 1
      }
      return lines
    }

    let scratch = FuzzyScratch()
    var line = FuzzyLineBuffer()
    // Each match as one sortable key: the score inverted, the length, the match's number.
    var keys: [UInt64] = []
    var matches: [Range<Int>] = []
    while start < count {
      let end = lineEnd(from: start)
      let range = start..<end
      start = end + 1
      let bytes = UnsafeBufferPointer(rebasing: buffer[range])
      var mayMatch = true
      for term in prepared where !term.mayMatch(bytes) {
        mayMatch = false
        break
      }
      guard mayMatch else { continue }
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
      guard matched else { continue }
      let score = UInt64(0xF_FFFF - min(max(total, 0), 0xF_FFFF))
      let length = UInt64(min(line.text.original.count, 0xFFF))
      keys.append(score << 44 | length << 32 | UInt64(matches.count))
      matches.append(range)
    }
    keys.sort()
    return keys.map { matches[Int($0 & 0xFFFF_FFFF)] }
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
  /// For an ASCII term, each byte and a mask: a byte `b` of the text matches when
  /// `b | mask == byte` (the mask is 0x20 for letters of a case-insensitive term, else 0).
  let asciiBytes: [(byte: UInt8, mask: UInt8)]?

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
        return (byte, caseSensitive || !(97...122).contains(byte) ? 0 : 0x20)
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

  /// Whether the bytes may contain the term: a fast subsequence check for ASCII terms, 16
  /// bytes at a time.
  @inline(__always)
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let asciiBytes, let base = bytes.baseAddress else { return asciiBytes == nil }
    let count = bytes.count
    var position = 0
    for (byte, mask) in asciiBytes {
      let needle = SIMD16<UInt8>(repeating: byte)
      let masks = SIMD16<UInt8>(repeating: mask)
      var found = -1
      while found < 0 && position &+ 16 <= count {
        let chunk = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
        let hits = (chunk | masks) .== needle
        if any(hits) {
          for lane in 0..<16 where hits[lane] {
            found = position &+ lane
            break
          }
        } else {
          position &+= 16
        }
      }
      while found < 0 && position < count {
        if base[position] | mask == byte { found = position }
        position &+= 1
      }
      guard found >= 0 else { return false }
      position = found &+ 1
    }
    return true
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
    var previous = FuzzyCharacterClass.white.rawValue
    var isASCII = true
    for byte in bytes where byte >= 128 {
      isASCII = false
      break
    }
    guard isASCII else {
      text.original.removeAll(keepingCapacity: true)
      text.lower.removeAll(keepingCapacity: true)
      text.bonus.removeAll(keepingCapacity: true)
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        let current = FuzzyText.characterClass(scalar.value).rawValue
        text.original.append(scalar.value)
        text.lower.append(FuzzyText.lowercase(scalar.value))
        text.bonus.append(FuzzyText.bonusTable[Int(previous) &* 7 &+ Int(current)])
        previous = current
      }
      return
    }
    let count = bytes.count
    if text.original.count != count {
      text.original = [UInt32](repeating: 0, count: count)
      text.lower = [UInt32](repeating: 0, count: count)
      text.bonus = [UInt8](repeating: 0, count: count)
    }
    FuzzyText.asciiClasses.withUnsafeBufferPointer { classes in
      FuzzyText.bonusTable.withUnsafeBufferPointer { table in
        text.original.withUnsafeMutableBufferPointer { original in
          text.lower.withUnsafeMutableBufferPointer { lower in
            text.bonus.withUnsafeMutableBufferPointer { bonus in
              for index in 0..<count {
                let byte = bytes[index]
                let current = classes[Int(byte)]
                original[index] = UInt32(byte)
                lower[index] = UInt32(byte >= 65 && byte <= 90 ? byte | 0x20 : byte)
                bonus[index] = table[Int(previous) &* 7 &+ Int(current)]
                previous = current
              }
            }
          }
        }
      }
    }
  }

  /// The term's score in the line, or nil when it does not match.
  func score(_ term: FuzzyTerm, scratch: FuzzyScratch) -> Int32? {
    term.match(
      text, from: 0, count: text.original.count, withPositions: false, scratch: scratch)?.score
  }
}
