// The palette's byte prefilter: every entry's texts folded to one byte per scalar in one
// contiguous arena, so that a search rejects most entries that cannot match with a scan of a
// few machine words, before any bound or score is computed.

/// A one-byte image of lowercase scalars, and the subsequence test on it.
///
/// The test is a necessary condition of a match: a term that matches one of an entry's texts
/// (as a subsequence of its scalars, compared case-sensitively or by their lowercase forms) is
/// a subsequence of the folded bytes of all the entry's texts one after another, because equal
/// scalars fold to equal bytes. Different scalars may fold to the same byte, and terms may
/// straddle texts, so the test may pass for an entry that does not match: the matcher decides.
enum PalettePrefilter {
  /// The byte of a lowercase scalar: itself for ASCII, a hash of its bits with the high bit
  /// set for the others.
  @inline(__always)
  static func fold(_ lower: UInt32) -> UInt8 {
    guard lower >= 0x80 else { return UInt8(truncatingIfNeeded: lower) }
    return 0x80 | UInt8(truncatingIfNeeded: lower ^ lower >> 7 ^ lower >> 14) & 0x7F
  }

  /// The bytes a term is looked for as: its scalars folded, after lowercasing them when the
  /// term is case-sensitive (the texts' bytes are folded from their lowercase forms).
  static func folded(_ term: FuzzyTerm) -> [UInt8] {
    term.scalars.map { fold(term.isCaseSensitive ? FuzzyText.lowercase($0) : $0) }
  }

  /// Whether `term` is a subsequence of `arena[span]`: the bytes are searched eight at a time
  /// (a word compared with the byte repeated, the first zero byte found with the carry trick).
  ///
  /// - Complexity: O(*n*) for a span of *n* bytes.
  @inline(__always)
  static func mayContain(
    _ term: UnsafeBufferPointer<UInt8>, in arena: UnsafeRawBufferPointer, span: Range<Int>
  ) -> Bool {
    guard let base = arena.baseAddress else { return term.isEmpty }
    var position = span.lowerBound
    let end = span.upperBound
    for byte in term {
      let needle = UInt64(byte) &* 0x0101_0101_0101_0101
      var found = -1
      while position &+ 8 <= end {
        let word =
          UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
          ^ needle
        // The lowest set bit marks the first zero byte exactly (borrows only run upwards).
        let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        if zeros != 0 {
          found = position &+ (zeros.trailingZeroBitCount >> 3)
          break
        }
        position &+= 8
      }
      if found < 0 {
        while position < end {
          if base.load(fromByteOffset: position, as: UInt8.self) == byte {
            found = position
            break
          }
          position &+= 1
        }
        guard found >= 0 else { return false }
      }
      position = found &+ 1
    }
    return true
  }
}

/// An upper bound of a pattern's alignment score in one text
/// (``FuzzyScorer/match(text:bonus:pattern:withPositions:scratch:)``) that sees the order of
/// the pattern's characters, for a fraction of the alignment's cost: the limited search
/// rejects with it the entries whose letters are in order but scattered.
///
/// Every value the alignment reaches is the value of a chain of matched positions
/// `j_k < … < j_{m-1}` for rows `k…m-1` (`k` is 0, or the row where a clamped cell restarted
/// it), each row's position between its greedy first position (the alignment computes no
/// cell before it) and its greedy last one (no later chain reaches the last row). A row
/// earns 16 plus its bonus: the position's own after a gap (twice for row 0), at most the
/// highest bonus of the run's positions (or 4) when it follows the previous row's position.
/// A gap of `g` characters costs `g + 2`. So a chain from row 0 is worth at most: row 0's
/// best, plus for each other row the better of a consecutive match and a match after a gap
/// (its bonus + 14: the gap's first 2 counted here), less the chain's other gap characters,
/// at least `first(m-1) - last(0) + 1 - m`; a restarted chain at most 16 + its first row's
/// bonus plus the same per-row maxima.
enum PaletteOrderBound {
  /// The bound, or nil when `pattern` is not a subsequence of `text`.
  ///
  /// - Parameters:
  ///   - text: The characters compared, as for the alignment.
  ///   - bonus: The bonus of each position of `text`.
  ///   - pattern: The pattern; not empty.
  /// - Complexity: O(*n*) for a text of *n* characters, plus the occurrences of each
  ///   pattern character between its first and last possible positions.
  static func bound(
    text: UnsafeBufferPointer<UInt32>, bonus: UnsafeBufferPointer<UInt8>,
    pattern: UnsafeBufferPointer<UInt32>, scratch: FuzzyScratch
  ) -> Int? {
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return 0 }
    guard m <= n else { return nil }
    // The greedy scorer of very long texts: only the loose bound.
    if n &* m > FuzzyScore.matrixLimit {
      return FuzzyScorer.isSubsequence(pattern, of: text) ? 26 &* m &+ 10 : nil
    }
    scratch.reserve(patternLength: m)
    let first = scratch.firstOccurrences
    let last = scratch.lastOccurrences
    guard FuzzyScorer.recordFirstOccurrences(of: pattern, in: text, into: first) else {
      return nil
    }
    var p = m &- 1
    var index = n &- 1
    var next = pattern[p]
    while true {
      if text[index] == next {
        last[p] = index
        if p == 0 { break }
        p &-= 1
        next = pattern[p]
      }
      index &-= 1
    }
    // Row 0: its best bonus, counted twice.
    var bonus0 = 0
    let character0 = pattern[0]
    var column = first[0]
    while column <= last[0] {
      if text[column] == character0 { bonus0 = max(bonus0, Int(bonus[column])) }
      column &+= 1
    }
    // The sum of the other rows' maxima, and the best chain restarted at a row ≥ 1 so far.
    var rows = 0
    var restarted = Int.min / 2
    for row in 1..<m {
      let character = pattern[row]
      let previous = pattern[row &- 1]
      var best = 0
      var bestBonus = 0
      column = first[row]
      let end = last[row]
      while column <= end {
        if text[column] == character {
          let own = Int(bonus[column])
          bestBonus = max(bestBonus, own)
          var value = 14 &+ own
          if text[column &- 1] == previous && column &- 1 >= first[row &- 1] {
            // A consecutive match: its bonus is at most the highest of the run's.
            var runBonus = max(own, 4)
            var back = 1
            while back <= row && column &- back >= first[row &- back]
              && text[column &- back] == pattern[row &- back]
            {
              runBonus = max(runBonus, Int(bonus[column &- back]))
              back &+= 1
            }
            value = max(value, 16 &+ runBonus)
          }
          best = max(best, value)
        }
        column &+= 1
      }
      rows &+= best
      restarted = max(restarted &+ best, 16 &+ bestBonus)
    }
    let gaps = max(0, first[m &- 1] &- last[0] &+ 1 &- m)
    return max(16 &+ 2 &* bonus0 &+ rows &- gaps, restarted)
  }
}
