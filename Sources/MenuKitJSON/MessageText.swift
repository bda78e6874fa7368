/// Text from input made safe to print: in a message, a rendering or a terminal line.
///
/// Titles, keys, field names and paths come from files and command lines that someone else may
/// have written. Printed as they are, an ESC starts a terminal escape sequence (it can recolour,
/// retitle or clear the screen), a CR rewrites the start of the line, a BEL rings, and a
/// bidirectional override makes a line read differently from what it holds. Every human message
/// and text rendering therefore goes through these helpers (docs/development/hardening.md):
///
/// - ``Swift/StringProtocol/escapingControlCharacters`` writes each such character as a
///   visible escape: `\t`, `\n`, `\r`, or `\u{1B}` with its code in hexadecimal.
/// - ``Swift/StringProtocol/shortenedForMessage`` does the same and keeps at most
///   ``MessageText/maximumQuotedLength`` characters, with `…` when the text is longer, so one
///   huge value cannot make a huge message.
/// - ``Swift/StringProtocol/quotedForMessage`` is that in single quotes.
///
/// ```swift
/// "Open\u{1B}[2J".escapingControlCharacters  // #"Open\u{1B}[2J"#
/// String(repeating: "x", count: 100).quotedForMessage  // 'xxx…x…' (80 x's)
/// ```
package enum MessageText {
  /// The most characters (Unicode scalars) of a value a message quotes.
  package static let maximumQuotedLength = 80

  /// Whether a scalar is escaped: the C0 and C1 controls and DEL, the line and paragraph
  /// separators, and the bidirectional marks, embeddings, overrides and isolates.
  package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether UTF-8 text holds a scalar that ``isEscaped(_:)`` escapes (a tab aside with
  /// `keepingTabs`), read from the bytes without decoding them: the fast path of a renderer
  /// that passes clean text through untouched. With `keepingLineFeeds`, a whole buffer of
  /// lines can be checked at once, in one pass.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  package static func containsEscapedScalar(
    _ bytes: UnsafeBufferPointer<UInt8>, keepingTabs: Bool = false, keepingLineFeeds: Bool = false
  ) -> Bool {
    let count = bytes.count
    var index = 0
    while index < count {
      // Eight bytes at a time past those that can be neither a control (a kept tab or line
      // feed aside) nor the lead byte of an escaped scalar (0xC2, 0xD8, 0xE2); from a word
      // with one, straight to the first such byte.
      if index &+ 8 <= count, let base = bytes.baseAddress {
        let lanes = escapeCandidates(
          UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self),
          keepingTabs: keepingTabs, keepingLineFeeds: keepingLineFeeds)
        guard lanes != 0 else {
          index &+= 8
          continue
        }
        index &+= lanes.trailingZeroBitCount &>> 3
      }
      let byte = bytes[index]
      guard byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 else {
        index &+= 1
        continue
      }
      switch byte {
      case 0x09 where keepingTabs, 0x0A where keepingLineFeeds: break
      case 0x00...0x1F, 0x7F: return true
      case 0xC2 where index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]): return true
      case 0xD8 where index + 1 < count && bytes[index + 1] == 0x9C: return true
      case 0xE2 where index + 2 < count:
        let (second, third) = (bytes[index + 1], bytes[index + 2])
        if second == 0x80, third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) {
          return true
        }
        if second == 0x81, (0xA6...0xA9).contains(third) { return true }
      default: break
      }
      index += 1
    }
    return false
  }

  /// The bytes of a little-endian word that
  /// ``containsEscapedScalar(_:keepingTabs:keepingLineFeeds:)`` must look at, as the high bit
  /// of each: a byte below 0x20 (less a kept tab or line feed), 0x7F, 0xC2, 0xD8 or 0xE2.
  ///
  /// Each test is exact in every byte, carries never crossing from one byte into the next:
  /// `(b & 0x7F) + 0x7F` has its high bit set where `b & 0x7F` is not zero, and
  /// `(b & 0x7F) + 0x60` where `b & 0x7F` is 0x20 or more.
  @inline(__always)
  static func escapeCandidates(_ word: UInt64, keepingTabs: Bool, keepingLineFeeds: Bool)
    -> UInt64
  {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let highs: UInt64 = 0x8080_8080_8080_8080
    if word & highs == 0 {
      // Eight ASCII bytes, so no sum below carries into the next byte: `b + 0x60` reaches
      // 0x80 where `b` is 0x20 or more, `b + 1` where `b` is 0x7F, and `(b ^ c) + 0x7F`
      // where `b` is not `c`.
      var lanes = (~(word &+ ones &* 0x60) | (word &+ ones)) & highs
      if keepingTabs { lanes &= (word ^ (ones &* 0x09)) &+ lows }
      if keepingLineFeeds { lanes &= (word ^ (ones &* 0x0A)) &+ lows }
      return lanes
    }
    func equal(_ byte: UInt64) -> UInt64 {
      let difference = word ^ (ones &* byte)
      return ~(((difference & lows) &+ lows) | difference) & highs
    }
    var lanes = ~(((word & lows) &+ ones &* 0x60) | word) & highs
    if keepingTabs { lanes &= ~equal(0x09) }
    if keepingLineFeeds { lanes &= ~equal(0x0A) }
    return lanes | equal(0x7F) | equal(0xC2) | equal(0xD8) | equal(0xE2)
  }

  /// Appends `scalar` to `text`, escaped when ``isEscaped(_:)`` says so.
  static func append(_ scalar: Unicode.Scalar, to text: inout String.UnicodeScalarView) {
    guard isEscaped(scalar) else {
      text.append(scalar)
      return
    }
    let escape =
      switch scalar {
      case "\t": #"\t"#
      case "\n": #"\n"#
      case "\r": #"\r"#
      default: #"\u{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    text.append(contentsOf: escape.unicodeScalars)
  }
}

extension StringProtocol {
  /// The text with every control character written as an escape (`\t`, `\n`, `\r`,
  /// `\u{1B}`), so that printing it cannot move the cursor, ring, clear or recolour a terminal,
  /// or reorder the line (``MessageText/isEscaped(_:)`` lists the characters).
  ///
  /// - Complexity: O(*n*); text without such characters is returned as it is.
  package var escapingControlCharacters: String {
    escapingControlCharacters(keepingTabs: false, keepingLineBreaks: false)
  }

  /// ``escapingControlCharacters``, optionally leaving tabs or line breaks (`\n`, `\r`) as
  /// they are: a line of data printed for a terminal (`menu-dump palette --lines`) keeps its
  /// tab-separated columns, and a renderer that turns line breaks into spaces itself keeps them.
  package func escapingControlCharacters(keepingTabs: Bool = false, keepingLineBreaks: Bool = false)
    -> String
  {
    let kept = { (scalar: Unicode.Scalar) in
      (keepingTabs && scalar == "\t") || (keepingLineBreaks && (scalar == "\n" || scalar == "\r"))
    }
    guard
      let first = unicodeScalars.firstIndex(where: { MessageText.isEscaped($0) && !kept($0) })
    else { return String(self) }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: unicodeScalars[..<first])
    for scalar in unicodeScalars[first...] {
      if kept(scalar) { result.append(scalar) } else { MessageText.append(scalar, to: &result) }
    }
    return String(result)
  }

  /// The text for a message: control characters escaped, and at most
  /// ``MessageText/maximumQuotedLength`` Unicode scalars of it, then `…` when it is longer,
  /// so that a message stays one readable line however long or hostile the input.
  ///
  /// - Complexity: O(1) in the length of the text beyond the first
  ///   ``MessageText/maximumQuotedLength`` scalars.
  package var shortenedForMessage: String {
    let limit = MessageText.maximumQuotedLength
    // Most quoted texts are short and clean (a command, a key, a context): at most `limit`
    // bytes are at most `limit` scalars, so one pass over the bytes says the text is already
    // its message, without building it again scalar by scalar.
    if utf8.count <= limit,
      utf8.withContiguousStorageIfAvailable({ !MessageText.containsEscapedScalar($0) }) == true
    {
      return String(self)
    }
    var result = String.UnicodeScalarView()
    var count = 0
    for scalar in unicodeScalars {
      guard count < limit else { return String(result) + "…" }
      MessageText.append(scalar, to: &result)
      count += 1
    }
    return String(result)
  }

  /// ``shortenedForMessage`` in single quotes: `'Cmd+Shft+S'`.
  package var quotedForMessage: String { "'" + shortenedForMessage + "'" }
}
