import Synchronization

/// A short text stored in the value itself: the storage of ``Key``'s texts.
///
/// A key's text is a character or two. Kept in two words rather than a `String`, it makes
/// ``Key`` and ``Press`` plain data: copying a press, or an array of presses, copies bytes,
/// with no reference counting and no per-field copy functions — which every press pays several
/// times on its way from the keyboard to a responder. Text of up to 15 UTF-8 bytes is stored
/// inline; longer text (rare: a key that types a whole string) is interned once, process-wide,
/// and stored as its number.
struct InlineText: Sendable {
  /// Bytes 0–14: the UTF-8 text; byte 15: its length, or `interned` with the number in the
  /// first word.
  private var words: (UInt64, UInt64)

  /// The length byte of an interned text.
  private static let interned: UInt8 = 0xFF

  /// The empty text.
  static let empty = InlineText(words: (0, 0))

  private init(words: (UInt64, UInt64)) { self.words = words }

  /// Stores a text.
  init(_ text: String) {
    var text = text
    let stored: (UInt64, UInt64)? = text.withUTF8 { utf8 in
      guard utf8.count < 16 else { return nil }
      var words: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &words) { bytes in
        bytes.copyMemory(from: UnsafeRawBufferPointer(utf8))
        bytes[15] = UInt8(utf8.count)
      }
      return words
    }
    if let stored {
      words = stored
    } else {
      let number = InlineText.interner.withLock { $0.number(for: text) }
      words = (UInt64(number), UInt64(InlineText.interned) << 56)
    }
  }

  /// The text.
  var string: String {
    let length = UInt8(truncatingIfNeeded: words.1 >> 56)
    if length == InlineText.interned {
      let number = Int(words.0)
      return InlineText.interner.withLock { $0.texts[number] }
    }
    var words = words
    return withUnsafeBytes(of: &words) { bytes in
      String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<Int(length)]), as: UTF8.self)
    }
  }

  /// Whether the text is empty.
  var isEmpty: Bool { words.1 >> 56 == 0 }

  /// Whether the text is a special key's name rather than typed text: it starts with
  /// `UIKeyInput`, as UIKit's input strings do (`UIKeyInputLeftArrow`, decision 0004).
  ///
  /// Inline texts are compared word by word, without building a string.
  var isSpecialKeyName: Bool {
    let length = UInt8(truncatingIfNeeded: words.1 >> 56)
    if length == InlineText.interned { return string.hasPrefix("UIKeyInput") }
    guard length > 10 else { return false }
    let prefix = InlineText.namePrefix.words
    return words.0 == prefix.0 && words.1 & 0xffff == prefix.1 & 0xffff
  }

  /// The ten bytes every special key's name starts with.
  private static let namePrefix = InlineText("UIKeyInput")

  /// The texts too long to store inline, each with its number.
  private struct Interner: ~Copyable {
    var numbers: [[UInt8]: Int] = [:]
    var texts: [String] = []

    /// The number of a text, given one if it has none yet (texts are told apart by their
    /// exact bytes, so each reads back as it was stored).
    mutating func number(for text: String) -> Int {
      let bytes = Array(text.utf8)
      if let known = numbers[bytes] { return known }
      texts.append(text)
      numbers[bytes] = texts.count - 1
      return texts.count - 1
    }
  }

  private static let interner = Mutex(Interner())
}
