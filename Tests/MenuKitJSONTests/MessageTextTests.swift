import Testing

@testable import MenuKitJSON

/// The word-at-a-time check for escaped scalars says what the scalar-by-scalar escaping does.
@Suite("Message text")
struct MessageTextTests {
  /// ``Swift/StringProtocol/shortenedForMessage`` by its definition: each scalar escaped, at
  /// most the limit of them, then `…`.
  static func shortenedByDefinition(_ text: Substring) -> String {
    let scalars = Array(text.unicodeScalars)
    let kept = scalars.prefix(MessageText.maximumQuotedLength)
    var result = String.UnicodeScalarView()
    for scalar in kept { MessageText.append(scalar, to: &result) }
    return String(result) + (scalars.count > kept.count ? "…" : "")
  }

  @Test("a shortened text is its scalars escaped up to the limit, on both sides of the limit")
  func shortenedAroundTheLimit() {
    let limit = MessageText.maximumQuotedLength
    // Texts of 0 to limit + 2 scalars, of one and several bytes each, clean or with an
    // escaped scalar at the start, in the middle or at the end, whole and as substrings.
    for length in 0...(limit + 2) {
      for filler in ["y", "é", "日", "👍"] {
        let clean = String(repeating: filler, count: length)
        var texts = [clean]
        for escaped in ["\u{1B}", "\t", "\u{202E}", "\u{9B}"] where length > 0 {
          for offset in Set([0, length / 2, length - 1]) {
            var scalars = Array(clean.unicodeScalars)
            scalars[offset] = escaped.unicodeScalars.first!
            texts.append(String(String.UnicodeScalarView(scalars)))
          }
        }
        for text in texts {
          let expected = Self.shortenedByDefinition(text[...])
          #expect(text.shortenedForMessage == expected, "\(text.debugDescription)")
          let inner = ("x" + text + "x").dropFirst().dropLast()
          #expect(inner.shortenedForMessage == Self.shortenedByDefinition(inner))
        }
      }
    }
    #expect(String(repeating: "y", count: limit).shortenedForMessage.count == limit)
    #expect(String(repeating: "y", count: limit + 1).shortenedForMessage.hasSuffix("…"))
  }

  @Test("a word's candidate bytes are exact in every lane, whatever the other lanes hold")
  func candidatesAreExact() {
    var state: UInt64 = 3
    for lane in 0..<8 {
      for value in 0...511 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        // The lane under test holds `value / 2`; the others are random, all ASCII for even
        // values (the word test's fast path), any bytes for odd ones.
        var word = value % 2 == 0 ? state & 0x7F7F_7F7F_7F7F_7F7F : state
        word &= ~(0xFF << (UInt64(lane) * 8))
        word |= UInt64(value / 2) << (UInt64(lane) * 8)
        for (tabs, lineFeeds) in [(false, false), (true, false), (false, true), (true, true)] {
          let lanes = MessageText.escapeCandidates(
            word, keepingTabs: tabs, keepingLineFeeds: lineFeeds)
          for other in 0..<8 {
            let byte = UInt8(truncatingIfNeeded: word >> (UInt64(other) * 8))
            let expected =
              (byte < 0x20 && !(tabs && byte == 0x09) && !(lineFeeds && byte == 0x0A))
              || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
            #expect(
              (lanes >> (UInt64(other) * 8 + 7)) & 1 == (expected ? 1 : 0),
              "byte \(byte) in lane \(other) of \(String(word, radix: 16))")
          }
        }
      }
    }
  }

  @Test(
    "each scalar that is escaped is found at every offset of a long text, and no other",
    arguments: [
      0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x9B, 0x9F, 0xA0, 0xE9,
      0x061C, 0x0600, 0x200D, 0x200E, 0x200F, 0x2028, 0x202E, 0x202F, 0x203A, 0x2066, 0x2069,
      0x206A, 0x1F44D,
    ])
  func scalarAtEveryOffset(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    for background in ["file/open.swift ", "Datei › Öffnen "] {
      for offset in 0..<24 {
        let prefix = String(String(repeating: background, count: 3).unicodeScalars.prefix(offset))
        let text = prefix + String(Character(scalar)) + " tail of the line\n"
        for (tabs, lineFeeds) in [(false, false), (true, true)] {
          let expected =
            MessageText.isEscaped(scalar) && !(tabs && value == 0x09)
            && !(lineFeeds && value == 0x0A) || !lineFeeds
          let found = Array(text.utf8).withUnsafeBufferPointer {
            MessageText.containsEscapedScalar($0, keepingTabs: tabs, keepingLineFeeds: lineFeeds)
          }
          #expect(found == expected, "U+\(String(value, radix: 16)) at \(offset)")
        }
      }
    }
  }
}
