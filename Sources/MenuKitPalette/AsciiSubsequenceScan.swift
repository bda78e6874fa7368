/// Finds the lines of a buffer that have an ASCII term as a subsequence, eight bytes at a time.
///
/// This is the subsequence test that decides whether a line can match at all (the scorer
/// runs only on lines that pass it), done over a whole buffer instead of line by line: one
/// pass finds, from a line's start, the term's first byte, then its next byte, and so on,
/// stopping at the line's `\n`. A line without the term costs only the words read up to its
/// `\n`; no line is cut out first.
///
/// Each step reads a 64-bit word and finds the first byte that is the character sought or a
/// `\n` with the classic zero-byte test (`(x - 0x01…) & ~x & 0x80…` is exact for the lowest
/// zero byte, which is the only one used). A byte `b` matches the term's byte `c` with mask
/// `m` when `b | m == c` (`m` is 0x20 for the letters of a case-insensitive term).
struct AsciiSubsequenceScan: Sendable {
  /// The term's bytes, each repeated in all eight lanes of a word.
  private let bytes: [UInt64]
  /// The term's masks, each repeated in all eight lanes of a word.
  private let masks: [UInt64]

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080
  private static let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A

  /// A scan for a term's bytes and masks (see ``FuzzyTerm/asciiBytes``).
  init(_ term: [(byte: UInt8, mask: UInt8)]) {
    bytes = term.map { UInt64($0.byte) &* AsciiSubsequenceScan.ones }
    masks = term.map { UInt64($0.mask) &* AsciiSubsequenceScan.ones }
  }

  /// The high bit of each byte of `x` that is zero; exact for the lowest such byte.
  @inline(__always)
  private static func zeroBytes(_ x: UInt64) -> UInt64 {
    (x &- ones) & ~x & highs
  }

  /// The first line of `base[start..<end]` that has the term, without its `\n`; nil when no
  /// line has it. `start` must be the start of a line.
  @inline(__always)
  func nextLine(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
    let count = bytes.count
    guard count > 0 else { return start < end ? start..<lineEnd(base, start, end) : nil }
    return bytes.withUnsafeBufferPointer { bytes in
      masks.withUnsafeBufferPointer { masks -> Range<Int>? in
        var lineStart = start
        var position = start
        var found = 0
        var byte = bytes[0]
        var mask = masks[0]
        while true {
          // The next byte from `position` that is the term's next character or a `\n`.
          var stop = -1
          while position &+ 8 <= end {
            let word = UInt64(
              littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let hits =
              AsciiSubsequenceScan.zeroBytes(word ^ AsciiSubsequenceScan.newlines)
              | AsciiSubsequenceScan.zeroBytes((word | mask) ^ byte)
            if hits != 0 {
              stop = position &+ hits.trailingZeroBitCount &>> 3
              break
            }
            position &+= 8
          }
          if stop < 0 {
            let low = UInt8(truncatingIfNeeded: byte)
            let lowMask = UInt8(truncatingIfNeeded: mask)
            while position < end {
              let value = base[position]
              if value == 10 || value | lowMask == low {
                stop = position
                break
              }
              position &+= 1
            }
            guard stop >= 0 else { return nil }
          }
          if base[stop] == 10 {
            // The line ended before the term did: the next line starts over.
            lineStart = stop &+ 1
            position = lineStart
            found = 0
          } else {
            found &+= 1
            if found == count { return lineStart..<lineEnd(base, stop &+ 1, end) }
            position = stop &+ 1
          }
          byte = bytes[found]
          mask = masks[found]
        }
      }
    }
  }

  /// The end of the line that goes on at `start`: ``FuzzyMatcher/lineEnd(in:from:to:)``.
  @inline(__always)
  private func lineEnd(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    FuzzyMatcher.lineEnd(in: UnsafeBufferPointer(start: base, count: end), from: start, to: end)
  }
}
