/// The tokens of XKB text, delimited as libxkbcommon 1.5's scanner (`src/xkbcomp/scanner.c`)
/// delimits them: the one lexical reader of XKB text in the lint, used to compact the sweep's
/// flat texts (``XKBTextCompaction``) and to find a section of a symbols file
/// (``InetSymbols``).
///
/// The scanner's rules: white space is a space, a tab, a line feed, a vertical tab, a form
/// feed or a carriage return; where a token may start, `//` and `#` start a comment that runs
/// to the next line feed (there are no `/* */` comments: `/` and `*` are operators); a string
/// runs from `"` to the next `"`, which must come before the line ends (a backslash starts an
/// escape, but no escape takes a quote or a line feed, so it never hides the end); a key name
/// runs from `<` over printable characters (`!` to `~`) to `>`; an identifier is a letter or `_`
/// followed by letters, digits and `_`; a number is `0x` and hexadecimal digits, or decimal
/// digits with an optional `.` and more digits; `;{}=[]().,+-*/!~` are one-byte tokens.
///
/// Anything else is text the scanner rejects: the scan stops there with ``failed`` set. So does
/// a NUL byte anywhere, even in a comment or a string: libxkbcommon's string compile ends the
/// text at the first NUL. What the scanner checks of a token's value (a number's range, an
/// escape it does not know, a token longer than its buffer) is not checked here: such a text
/// fails or warns in the compile whichever way it is written.
struct XKBTokenScanner {
  /// A token: what kind it is, where its bytes are, and whether white space or a comment came
  /// before it.
  struct Token: Equatable {
    /// What a token is.
    enum Kind: Equatable {
      /// A string literal, its quotes included.
      case string
      /// A key name literal, its angle brackets included.
      case keyName
      /// An identifier or keyword.
      case identifier
      /// A number literal.
      case number
      /// A one-byte operator or punctuation mark.
      case punctuation
    }

    /// What the token is.
    var kind: Kind
    /// Where the token's bytes are in the scanned text.
    var range: Range<Int>
    /// Whether white space or a comment separates the token from the one before it (or from
    /// the start of the text).
    var isSeparated: Bool
  }

  /// The text being scanned.
  let bytes: [UInt8]
  /// Where the next token's search starts.
  private var index = 0
  /// Whether the scan stopped at something libxkbcommon's scanner rejects (or at a NUL byte).
  private(set) var failed = false

  /// A scanner at the start of a text.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The next token, or nil at the end of the text or where the scanner rejects it
  /// (``failed`` tells the two apart).
  mutating func next() -> Token? {
    guard !failed else { return nil }
    var separated = false
    // White space and comments.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
        index += 1
      } else if byte == UInt8(ascii: "#")
        || (byte == UInt8(ascii: "/") && index + 1 < bytes.count
          && bytes[index + 1] == UInt8(ascii: "/"))
      {
        while index < bytes.count, bytes[index] != 0x0A {
          if bytes[index] == 0 { return fail() }
          index += 1
        }
      } else {
        break
      }
      separated = true
    }
    guard index < bytes.count else { return nil }
    let start = index
    let byte = bytes[index]
    let kind: Token.Kind
    switch byte {
    case UInt8(ascii: "\""):
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A {
        if bytes[index] == 0 { return fail() }
        index += 1
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return fail() }
      index += 1
      kind = .string
    case UInt8(ascii: "<"):
      index += 1
      while index < bytes.count, bytes[index] >= 0x21, bytes[index] <= 0x7E,
        bytes[index] != UInt8(ascii: ">")
      {
        index += 1
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return fail() }
      index += 1
      kind = .keyName
    case _ where Self.punctuation.contains(byte):
      index += 1
      kind = .punctuation
    case _ where Self.isLetter(byte) || byte == UInt8(ascii: "_"):
      while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
      kind = .identifier
    case _ where Self.isDigit(byte):
      if byte == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "x") {
        index += 2
        while index < bytes.count, Self.isHexDigit(bytes[index]) { index += 1 }
      } else {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1 }
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
      }
      kind = .number
    default:
      return fail()
    }
    return Token(kind: kind, range: start..<index, isSeparated: separated)
  }

  /// Whether a token is an identifier spelled as a keyword, which the scanner reads without
  /// regard to case.
  ///
  /// - Parameters:
  ///   - token: A token of this scanner's text.
  ///   - keyword: The keyword, in lowercase ASCII.
  /// - Returns: Whether the token is that keyword.
  func isKeyword(_ token: Token, _ keyword: String) -> Bool {
    token.kind == .identifier
      && bytes[token.range].elementsEqual(keyword.utf8) { ($0 | 0x20) == $1 || $0 == $1 }
  }

  /// The value of a string token, as the scanner stores it: the bytes between the quotes with
  /// each escape (`\\`, `\n`, `\t`, `\r`, `\b`, `\f`, `\v`, `\e` and up to three octal digits)
  /// replaced by its byte, an unknown escape's backslash left out, and everything from the
  /// first NUL on left out (the parser copies the value as a C string).
  ///
  /// - Parameter token: A string token of this scanner's text.
  /// - Returns: The string's value.
  func stringValue(of token: Token) -> [UInt8] {
    var value: [UInt8] = []
    var index = token.range.lowerBound + 1
    let end = token.range.upperBound - 1
    while index < end {
      guard bytes[index] == UInt8(ascii: "\\") else {
        value.append(bytes[index])
        index += 1
        continue
      }
      index += 1
      guard index < end else { break }
      if let escaped = Self.escapes[bytes[index]] {
        value.append(escaped)
        index += 1
        continue
      }
      var octal: UInt8 = 0
      var digits = 0
      while digits < 3, index < end, bytes[index] >= 0x30, bytes[index] <= 0x37 {
        octal = octal &* 8 &+ (bytes[index] - 0x30)
        index += 1
        digits += 1
      }
      if digits > 0 { value.append(octal) }
    }
    if let nul = value.firstIndex(of: 0) { value.removeSubrange(nul...) }
    return value
  }

  /// Marks the scan failed and returns nil.
  private mutating func fail() -> Token? {
    failed = true
    return nil
  }

  /// The bytes of the one-letter escapes in a string, by the letter after the backslash.
  private static let escapes: [UInt8: UInt8] = [
    UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09,
    UInt8(ascii: "r"): 0x0D, UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
    UInt8(ascii: "v"): 0x0B, UInt8(ascii: "e"): 0x1B,
  ]

  /// The one-byte tokens.
  private static let punctuation = Set(";{}=[]().,+-*/!~".utf8)

  /// Whether a byte is an ASCII letter.
  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  /// Whether a byte is an ASCII decimal digit.
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
  }

  /// Whether a byte is an ASCII hexadecimal digit.
  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
  }

  /// Whether a byte continues an identifier: a letter, a digit or `_`.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_")
  }
}

/// Keymap text with less for libxkbcommon's scanner to read and the same tokens: comments left
/// out and each run of white space made one space.
///
/// Every layout's flat text holds the prefix (about 40 KB, a quarter of it the indentation and
/// alignment of `xkb_keymap_get_as_string`) and the statements of `inet(evdev)` (about 23 KB,
/// half of it comments and alignment), and the scanner reads each byte of them for every
/// layout. The tokens are ``XKBTokenScanner``'s, copied byte for byte, with one space wherever
/// white space or a comment separated two of them, so no two tokens join and none changes.
enum XKBTextCompaction {
  /// The text with its comments left out and its white space collapsed, or the text itself
  /// when the scanner would reject it (an unterminated string or key name, a byte that starts
  /// no token, a NUL byte), so that the text fails to compile as it did.
  static func compacted(_ text: String) -> String {
    var scanner = XKBTokenScanner(Array(text.utf8))
    var out: [UInt8] = []
    out.reserveCapacity(scanner.bytes.count)
    while let token = scanner.next() {
      if token.isSeparated, !out.isEmpty { out.append(0x20) }
      out += scanner.bytes[token.range]
    }
    return scanner.failed ? text : String(decoding: out, as: UTF8.self)
  }
}
