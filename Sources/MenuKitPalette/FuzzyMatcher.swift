import Dispatch
import MenuKit
import Synchronization

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
  /// A buffer of 256 KiB or more is split at line ends into one part per core (at most 8),
  /// ranked on as many threads; the sorted parts are merged, so the order is the same as on
  /// one thread.
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
    let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    let parts = buffer.count < FuzzyMatcher.bytesPerPart ? 1 : min(max(cores, 1), 8)
    return rankLines(in: buffer, parts: parts)
  }
}

// MARK: - Internal

extension FuzzyMatcher {
  /// Below this many bytes, ``rankLines(in:)`` ranks the lines on one thread.
  static let bytesPerPart = 256 * 1024

  /// ``rankLines(in:)`` with the buffer split at line ends into `parts` pieces of about equal
  /// size, ranked on as many threads, their sorted matches merged.
  package func rankLines(in buffer: UnsafeBufferPointer<UInt8>, parts: Int) -> [Range<Int>] {
    guard !prepared.isEmpty else {
      return FuzzyMatcher.lines(in: buffer, from: 0, to: buffer.count)
    }
    // The pieces: each ends after a `\n` (or at the buffer's end).
    var bounds = [0]
    for part in 1..<max(parts, 1) {
      var end = max(buffer.count * part / parts, bounds[bounds.count - 1])
      while end < buffer.count && (end == 0 || buffer[end - 1] != 10) { end += 1 }
      bounds.append(end)
    }
    bounds.append(buffer.count)
    let pieces = bounds.count - 1
    guard pieces > 1 else {
      let ranked = rankPart(of: buffer, from: 0, to: buffer.count)
      return ranked.keys.map { ranked.matches[Int($0 & 0xFFFF_FFFF)] }
    }
    let results = Mutex([RankedPart?](repeating: nil, count: pieces))
    // The other threads read copies of their pieces (an array is Sendable, the caller's buffer
    // is not), and this thread ranks the first piece straight from the buffer meanwhile: with
    // two parts, half the input is copied, one memory pass over it against the matching of
    // every line.
    let limits = bounds
    let others = DispatchGroup()
    for piece in 1..<pieces {
      let start = limits[piece]
      let bytes = Array(buffer[start..<limits[piece + 1]])
      DispatchQueue.global().async(group: others) {
        var ranked = bytes.withUnsafeBufferPointer { rankPart(of: $0, from: 0, to: $0.count) }
        for index in ranked.matches.indices {
          let match = ranked.matches[index]
          ranked.matches[index] = (match.lowerBound + start)..<(match.upperBound + start)
        }
        results.withLock { $0[piece] = ranked }
      }
    }
    let first = rankPart(of: buffer, from: 0, to: limits[1])
    others.wait()
    results.withLock { $0[0] = first }
    let ranked = results.withLock { $0.compactMap { $0 } }
    // A merge of the sorted pieces: equal keys (score and length) keep input order, so the
    // earlier piece wins a tie.
    var heads = [Int](repeating: 0, count: ranked.count)
    var merged: [Range<Int>] = []
    merged.reserveCapacity(ranked.reduce(0) { $0 + $1.keys.count })
    while true {
      var best = -1
      var bestKey = UInt64.max
      for piece in 0..<ranked.count where heads[piece] < ranked[piece].keys.count {
        let key = ranked[piece].keys[heads[piece]] >> 32
        if best < 0 || key < bestKey {
          best = piece
          bestKey = key
        }
      }
      guard best >= 0 else { break }
      let key = ranked[best].keys[heads[best]]
      merged.append(ranked[best].matches[Int(key & 0xFFFF_FFFF)])
      heads[best] += 1
    }
    return merged
  }

  /// The best bonus of an ASCII character in an ASCII line: -1 when the line does not have
  /// it, nil when the line is not ASCII.
  @inline(__always)
  static func bestBonus(
    of character: (byte: UInt8, mask: UInt8), in bytes: UnsafeBufferPointer<UInt8>,
    _ classes: [UInt8], _ table: [UInt8]
  ) -> Int? {
    classes.withUnsafeBufferPointer { classes in
      table.withUnsafeBufferPointer { table -> Int? in
        var best = -1
        var previous = Int(FuzzyCharacterClass.white.rawValue)
        for byte in bytes {
          guard byte < 128 else { return nil }
          let current = Int(classes[Int(byte)])
          if byte | character.mask == character.byte {
            best = max(best, Int(table[previous &* 7 &+ current]))
          }
          previous = current
        }
        return best
      }
    }
  }

  /// The matching lines of one piece of a buffer, ranked.
  struct RankedPart: Sendable {
    /// Each match as one sortable key, sorted: the score inverted (bits 44–63), the length
    /// (bits 32–43) and the match's number in ``matches`` (bits 0–31).
    var keys: [UInt64] = []
    /// The byte ranges of the matching lines, in input order.
    var matches: [Range<Int>] = []
  }

  /// The lines of `buffer[start..<end]`, each without its `\n`.
  static func lines(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> [Range<Int>]
  {
    var lines: [Range<Int>] = []
    var start = start
    while start < end {
      let stop = lineEnd(in: buffer, from: start, to: end)
      lines.append(start..<stop)
      start = stop + 1
    }
    return lines
  }

  /// The end of the line that starts at `start`: the next `\n` before `end`, or `end`.
  @inline(__always)
  static func lineEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    guard let base = buffer.baseAddress, start < end else { return end }
    return memchr(base + start, 10, end - start).map {
      base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
    } ?? end
  }

  /// Ranks the lines of `buffer[start..<end]` on the calling thread.
  func rankPart(of buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> RankedPart
  {
    let scratch = FuzzyScratch()
    var line = FuzzyLineBuffer()
    var part = RankedPart()
    var start = start
    // A query of one ASCII character: its best placement in an ASCII line straight from the
    // bytes (fzf's score for one character: 16 plus twice the best bonus).
    let single =
      prepared.count == 1 && prepared[0].scalars.count == 1 ? prepared[0].asciiBytes?.first : nil
    let classes = FuzzyText.asciiClasses
    let table = FuzzyText.bonusTable
    // An ASCII first term finds its lines across the buffer: the lines without it are passed
    // over in the same scan, never cut out one by one.
    var scan = prepared[0].asciiScan
    var rest = scan == nil ? prepared[...] : prepared.dropFirst()
    // For one character the scan pays only while most of the text lies in lines without it:
    // a line that has it is read again whole to score it. Once the lines found hold more than
    // half the bytes scanned (after 64 KiB), the rest is cut line by line.
    var scanned = 0
    var inFound = 0
    while start < end {
      let range: Range<Int>
      if let active = scan, let base = buffer.baseAddress {
        guard let found = active.nextLine(in: base, from: start, to: end) else { break }
        range = found
        if single != nil {
          scanned &+= found.upperBound &- start
          inFound &+= found.count
          if scanned >= 65_536 && inFound > scanned / 2 {
            scan = nil
            rest = prepared[...]
          }
        }
      } else {
        range = start..<FuzzyMatcher.lineEnd(in: buffer, from: start, to: end)
      }
      start = range.upperBound + 1
      let bytes = UnsafeBufferPointer(rebasing: buffer[range])
      if let single, let best = FuzzyMatcher.bestBonus(of: single, in: bytes, classes, table) {
        guard best >= 0 else { continue }
        let score = UInt64(0xF_FFFF - (Int(FuzzyScore.match) + 2 * best))
        part.keys.append(
          score << 44 | UInt64(min(bytes.count, 0xFFF)) << 32 | UInt64(part.matches.count))
        part.matches.append(range)
        continue
      }
      var mayMatch = true
      for term in rest where !term.mayMatch(bytes) {
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
      let length = UInt64(min(line.count, 0xFFF))
      part.keys.append(score << 44 | length << 32 | UInt64(part.matches.count))
      part.matches.append(range)
    }
    part.keys.sort()
    return part
  }
}

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
  /// For an ASCII term, the scanner that finds the lines having it as a subsequence.
  let asciiScan: AsciiSubsequenceScan?

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
    asciiScan = asciiBytes.map(AsciiSubsequenceScan.init)
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

  /// Whether the bytes may contain the term: a fast subsequence check for ASCII terms, eight
  /// bytes at a time. Always true for a term that is not ASCII.
  @inline(__always)
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let ascii = asciiScan else { return true }
    guard let base = bytes.baseAddress else { return false }
    return ascii.nextLine(in: base, from: 0, to: bytes.count) != nil
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
///
/// A line is decoded straight from its UTF-8 bytes into contiguous arrays of scalars, their
/// simple lowercase forms and the bonus of each position: ASCII bytes through tables, other
/// scalars through a small cache of their Unicode properties. No `String` is made, except for
/// a line that is not well-formed UTF-8.
struct FuzzyLineBuffer {
  /// The line's scalars; only the first ``count`` are the line's.
  private(set) var original: [UInt32] = []
  /// Their simple lowercase forms.
  private(set) var lower: [UInt32] = []
  /// The bonus of a match at each position.
  private(set) var bonus: [UInt8] = []
  /// The line's length in Unicode scalars.
  private(set) var count = 0
  /// The lowercase forms and classes of the non-ASCII scalars met so far.
  private var cache = FuzzyScalarCache()
  /// ``FuzzyText/asciiClasses`` and ``FuzzyText/bonusTable``, held so the loop reads them
  /// without a global's lazy initialization check.
  private let asciiClasses = FuzzyText.asciiClasses
  private let bonusTable = FuzzyText.bonusTable

  /// Prepares the line's scalars, lowercase forms and bonuses.
  mutating func load(_ bytes: UnsafeBufferPointer<UInt8>) {
    if original.count < bytes.count {
      let capacity = max(bytes.count, 2 * original.count)
      original = [UInt32](repeating: 0, count: capacity)
      lower = [UInt32](repeating: 0, count: capacity)
      bonus = [UInt8](repeating: 0, count: capacity)
    }
    let decoded = FuzzyLineBuffer.decode(
      bytes, into: &original, &lower, &bonus, classes: asciiClasses, table: bonusTable,
      cache: &cache)
    count = decoded ?? loadDecodingString(bytes)
  }

  /// The term's score in the line, or nil when it does not match.
  func score(_ term: FuzzyTerm, scratch: FuzzyScratch) -> Int32? {
    let characters = term.isCaseSensitive ? original : lower
    return characters.withUnsafeBufferPointer { characters in
      bonus.withUnsafeBufferPointer { bonus in
        term.scalars.withUnsafeBufferPointer { pattern in
          FuzzyScorer.match(
            text: UnsafeBufferPointer(rebasing: characters[0..<count]),
            bonus: UnsafeBufferPointer(rebasing: bonus[0..<count]), pattern: pattern,
            withPositions: false, scratch: scratch)?.score
        }
      }
    }
  }

  /// Decodes a line into the arrays (each at least as long as the line's bytes): the number
  /// of scalars, or nil when the line is not well-formed UTF-8.
  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, into original: inout [UInt32], _ lower: inout [UInt32],
    _ bonus: inout [UInt8], classes: [UInt8], table: [UInt8], cache: inout FuzzyScalarCache
  ) -> Int? {
    classes.withUnsafeBufferPointer { classes in
      table.withUnsafeBufferPointer { table in
        original.withUnsafeMutableBufferPointer { original in
          lower.withUnsafeMutableBufferPointer { lower in
            bonus.withUnsafeMutableBufferPointer { bonus -> Int? in
              var previous = FuzzyCharacterClass.white.rawValue
              var index = 0
              var written = 0
              let count = bytes.count
              while index < count {
                let byte = bytes[index]
                let current: UInt8
                if byte < 128 {
                  current = classes[Int(byte)]
                  original[written] = UInt32(byte)
                  lower[written] = UInt32(byte >= 65 && byte <= 90 ? byte | 0x20 : byte)
                  index &+= 1
                } else if let (scalar, length) = FuzzyLineBuffer.decode(bytes, at: index) {
                  let properties = cache.properties(of: scalar)
                  current = properties.class
                  original[written] = scalar
                  lower[written] = properties.lower
                  index &+= length
                } else {
                  return nil
                }
                bonus[written] = table[Int(previous) &* 7 &+ Int(current)]
                previous = current
                written &+= 1
              }
              return written
            }
          }
        }
      }
    }
  }

  /// Prepares a line through `String(decoding:as:)`, for lines that are not well-formed UTF-8
  /// (U+FFFD for each invalid sequence, at most one scalar per byte): the number of scalars.
  private mutating func loadDecodingString(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var previous = FuzzyCharacterClass.white.rawValue
    var written = 0
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      let (lowercase, current) = cache.properties(of: scalar.value)
      original[written] = scalar.value
      lower[written] = lowercase
      bonus[written] = bonusTable[Int(previous) &* 7 &+ Int(current)]
      previous = current
      written += 1
    }
    return written
  }

  /// The well-formed multi-byte UTF-8 sequence at `index` (whose first byte is 0x80 or
  /// more): its scalar and length, or nil when it is not well-formed.
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
    let count = bytes.count
    let lead = bytes[index]
    func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
      guard index &+ offset < count else { return nil }
      let byte = bytes[index &+ offset]
      return low <= byte && byte <= high ? UInt32(byte & 0x3F) : nil
    }
    switch lead {
    case 0xC2...0xDF:
      guard let second = continuation(1) else { return nil }
      return (UInt32(lead & 0x1F) << 6 | second, 2)
    case 0xE0...0xEF:
      let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
      let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
      guard let second = continuation(1, low, high), let third = continuation(2) else {
        return nil
      }
      return (UInt32(lead & 0x0F) << 12 | second << 6 | third, 3)
    case 0xF0...0xF4:
      let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
      let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
      guard let second = continuation(1, low, high), let third = continuation(2),
        let fourth = continuation(3)
      else { return nil }
      return (UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
    default:
      return nil
    }
  }

}

/// The simple lowercase forms and classes of recently seen scalars, direct-mapped by their low
/// six bits.
struct FuzzyScalarCache {
  private var keys = [UInt32](repeating: UInt32.max, count: 64)
  private var lower = [UInt32](repeating: 0, count: 64)
  private var classes = [UInt8](repeating: 0, count: 64)

  /// The simple lowercase form and the class of a scalar.
  @inline(__always)
  mutating func properties(of value: UInt32) -> (lower: UInt32, class: UInt8) {
    let slot = Int(value & 63)
    if keys[slot] != value {
      keys[slot] = value
      lower[slot] = FuzzyText.lowercase(value)
      classes[slot] = FuzzyText.characterClass(value).rawValue
    }
    return (lower[slot], classes[slot])
  }
}
