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
