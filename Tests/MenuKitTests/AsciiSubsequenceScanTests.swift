import Testing

@testable import MenuKitPalette

/// The buffer-wide subsequence scan of `palette --lines` finds exactly the lines that a plain
/// line-by-line, byte-by-byte subsequence test finds.
@Suite("ASCII subsequence scan")
struct AsciiSubsequenceScanTests {
  /// A deterministic generator (a 64-bit LCG), so that a failure repeats.
  private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// The lines of `bytes` (split at `\n`, a final line without one counts) having `term` as a
  /// subsequence, compared byte by byte: the reference the scan must equal.
  private static func reference(_ term: FuzzyTerm, _ bytes: [UInt8]) -> [Range<Int>] {
    let pattern = term.asciiBytes ?? []
    var result: [Range<Int>] = []
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
      var found = 0
      for byte in bytes[start..<end] where found < pattern.count {
        if byte | pattern[found].mask == pattern[found].byte { found += 1 }
      }
      if found == pattern.count { result.append(start..<end) }
      start = end + 1
    }
    return result
  }

  /// Every line the scan finds, from the start of the buffer on.
  private static func scanned(_ term: FuzzyTerm, _ bytes: [UInt8]) -> [Range<Int>] {
    guard let scan = term.asciiScan else { return [] }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return [] }
      var result: [Range<Int>] = []
      var start = 0
      while start < buffer.count, let line = scan.nextLine(in: base, from: start, to: buffer.count)
      {
        result.append(line)
        start = line.upperBound + 1
      }
      return result
    }
  }

  @Test(
    "random lines of every length and alignment, with capitals, punctuation and UTF-8",
    arguments: ["a", "ab", "abc", "Ab", "a/b", "zz", "x_y-z", "Q", "0a9", "abcabcabca", "é"])
  func randomLines(query: String) {
    let term = FuzzyTerm(query)
    var generator = Generator(state: UInt64(query.utf8.count) &* 977)
    // Few distinct bytes, so that terms match often and partly: lowercase and uppercase
    // letters, digits, separators, UTF-8 bytes of `é` and `›`, and newlines.
    let alphabet: [UInt8] =
      Array("abcABCxyzXYZ09/_- Q".utf8) + [0xC3, 0xA9, 0xE2, 0x80, 0xBA, 0x7F, 0x20 | 0x41]
    for round in 0..<40 {
      var bytes: [UInt8] = []
      for _ in 0..<(1 + generator.next(60)) {
        let length = generator.next(round % 4 == 0 ? 40 : 12)
        for _ in 0..<length { bytes.append(alphabet[generator.next(alphabet.count)]) }
        bytes.append(10)
      }
      // Half the buffers end without a newline, some with an empty line.
      if generator.next(2) == 0 { bytes.removeLast() }
      if generator.next(5) == 0 { bytes.append(10) }
      #expect(
        AsciiSubsequenceScanTests.scanned(term, bytes)
          == (term.asciiBytes == nil ? [] : AsciiSubsequenceScanTests.reference(term, bytes)),
        "query \(query), round \(round)")
    }
  }

  @Test("a character found at each offset of a word, and just before and after a newline")
  func boundaries() {
    let term = FuzzyTerm("ab")
    for offset in 0..<20 {
      for gap in 0..<20 {
        // `a`, a gap, then `b`, with the newline falling in the gap for some of them.
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: offset)
        bytes.append(UInt8(ascii: "a"))
        bytes += [UInt8](repeating: UInt8(ascii: "y"), count: gap)
        if gap % 3 == 1 { bytes[bytes.count - 1] = 10 }
        bytes.append(UInt8(ascii: "B"))
        bytes += Array("\nzzzz\nab".utf8)
        #expect(
          AsciiSubsequenceScanTests.scanned(term, bytes)
            == AsciiSubsequenceScanTests.reference(term, bytes), "offset \(offset), gap \(gap)")
      }
    }
  }

  @Test("a line may match only when the line-by-line check says so")
  func mayMatchAgrees() {
    var generator = Generator(state: 7)
    let alphabet = Array("opensaveOPEN/ \u{203A}é".utf8)
    for query in ["open", "o", "sv", "OPEN", "n/s", "pes"] {
      let term = FuzzyTerm(query)
      for _ in 0..<200 {
        let line = (0..<generator.next(50)).map { _ in alphabet[generator.next(alphabet.count)] }
        let expected = !AsciiSubsequenceScanTests.reference(term, line).isEmpty
        #expect(line.withUnsafeBufferPointer { term.mayMatch($0) } == expected, "\(query)")
      }
    }
  }
}
