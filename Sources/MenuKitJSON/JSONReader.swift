/// Reads the JSON dialect of MenuKit's menu files into ``JSONNode`` trees with source positions.
///
/// The dialect is JSON plus the JSON5 conveniences that config files use:
///
/// - `//` line comments and `/* */` block comments;
/// - a trailing comma after the last element of an array or member of an object;
/// - single-quoted strings, with `\'` and line continuations (a backslash before a line break);
/// - unquoted member names made of ASCII letters, digits, `_` and `$`, not starting with a digit;
/// - hexadecimal numbers (`0x1F`), a leading `+`, and a leading or trailing decimal point.
///
/// `Infinity` and `NaN` are rejected, as are leading zeros (`01`). A UTF-8 byte order mark at
/// the start is skipped. Reading stops at the first error, which names what was found and what
/// was expected and points at the offending character:
///
/// ```swift
/// do {
///   let root = try JSONReader.parse(text, file: "menus/app.json")
/// } catch {
///   print(error)  // menus/app.json:3:9: expected ',' or '}' after an object member, found 'x'
/// }
/// ```
///
/// The reader walks the UTF-8 bytes once and keeps open arrays and objects on an explicit
/// stack, so no input, however deeply nested, can overflow the call stack; nesting beyond
/// `maximumDepth` is an error with ``JSONSyntaxError/isNestingTooDeep`` set.
package enum JSONReader {
  /// How deeply arrays and objects may nest unless the caller says otherwise.
  package static let defaultMaximumDepth = 256

  /// Parses one JSON value, with comments and whitespace around it, from `text`.
  ///
  /// `file` is copied into every ``SourceLocation`` of the result and of the error. Lines are
  /// split on `\n`, `\r\n` and `\r`; columns count Unicode scalars, both 1-based. Arrays and
  /// objects nested more than `maximumDepth` levels deep make the opening bracket of the first
  /// one too deep an error. Parsing itself never recurses, but destroying, comparing and writing
  /// a tree do, so keep the limit in the thousands at most: a tree 100,000 levels deep can
  /// overflow the stack when it is freed.
  package static func parse(
    _ text: String, file: String = "", maximumDepth: Int = defaultMaximumDepth
  ) throws(JSONSyntaxError) -> JSONNode {
    var text = text
    let result = text.withUTF8 { bytes in
      var parser = JSONParser(bytes: bytes, file: file, maximumDepth: maximumDepth)
      return Result { () throws(JSONSyntaxError) -> JSONNode in try parser.parseDocument() }
    }
    return try result.get()
  }

  /// Parses like ``parse(_:file:maximumDepth:)`` and also returns where each value is in the
  /// text, so that an editor can replace, insert or remove values and keep every other byte.
  ///
  /// ```swift
  /// let text = #"{ "keys": "F5" }"#
  /// let (root, spans) = try JSONReader.parseWithSpans(text)
  /// let keys = root.value.objectValue![0].value
  /// spans[keys]  // 10..<14, the bytes of "F5" with its quotes
  /// ```
  package static func parseWithSpans(
    _ text: String, file: String = "", maximumDepth: Int = defaultMaximumDepth
  ) throws(JSONSyntaxError) -> (root: JSONNode, spans: JSONSpans) {
    var text = text
    let result = text.withUTF8 { bytes in
      var parser = JSONParser(bytes: bytes, file: file, maximumDepth: maximumDepth)
      parser.spans = [:]
      return Result { () throws(JSONSyntaxError) -> (JSONNode, JSONSpans) in
        let root = try parser.parseDocument()
        return (root, JSONSpans(ranges: parser.spans ?? [:]))
      }
    }
    return try result.get()
  }
}

/// Where each value of a parsed text is: the UTF-8 byte range from its first character to just
/// after its last (a string's quotes and a container's brackets included).
///
/// Values are looked up by their node: each value starts at a different character, so its
/// location identifies it. Offsets count bytes of `text.utf8`, a byte order mark included.
package struct JSONSpans: Hashable, Sendable {
  /// The byte range of each value, by the location of its first character.
  package var ranges: [SourceLocation: Range<Int>]

  /// Creates spans from their ranges.
  package init(ranges: [SourceLocation: Range<Int>] = [:]) {
    self.ranges = ranges
  }

  /// The byte range of a node of the parsed text, or nil for a node it does not contain.
  package subscript(node: JSONNode) -> Range<Int>? { ranges[node.location] }
}

/// An array or object that has been opened and not yet closed.
///
/// The parser keeps these on a stack instead of recursing. An object frame also holds the name
/// of the member whose value is being parsed.
private struct OpenContainer {
  /// Whether this is an object; otherwise it is an array.
  var isObject: Bool
  /// Where its opening bracket is.
  var location: SourceLocation
  /// The byte offset of its opening bracket.
  var startOffset = 0
  /// The elements so far, for an array.
  var elements: [JSONNode] = []
  /// The members so far, for an object.
  var members: [JSONMember] = []
  /// The name of the member whose value comes next, for an object.
  var pendingKey = ""
  /// Where that name is.
  var pendingKeyLocation: SourceLocation

  /// Creates an empty container opened at `location`.
  init(isObject: Bool, location: SourceLocation) {
    self.isObject = isObject
    self.location = location
    self.pendingKeyLocation = location
  }

  /// The finished value, once the closing bracket has been read.
  ///
  /// Moves the collected elements or members into a node located at the opening bracket.
  consuming func close() -> JSONNode {
    JSONNode(value: isObject ? .object(members) : .array(elements), location: location)
  }
}

/// The state of one parse: the bytes, the position, and the line and column bookkeeping.
///
/// Columns are computed lazily and incrementally: `columnIndex` is a byte offset on the current
/// line whose column is known to be `column`, and a location further on counts only the scalar
/// starts between the two. Locations are asked for in increasing order, so the total work is
/// linear in the input, even for a 10 MB document on a single line.
private struct JSONParser {
  /// The UTF-8 text.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The number of bytes.
  let end: Int
  /// The file name copied into locations.
  let file: String
  /// The deepest nesting allowed.
  let maximumDepth: Int
  /// The offset of the next byte to read.
  var index = 0
  /// The current 1-based line.
  var line = 1
  /// A byte offset on the current line whose column is `column`.
  var columnIndex = 0
  /// The 1-based column at `columnIndex`.
  var column = 1
  /// A reusable buffer for strings that contain escapes.
  var scratch: [UInt8] = []
  /// The byte range of each value by its location, when the caller asked for spans.
  var spans: [SourceLocation: Range<Int>]?

  /// Creates a parser at the start of `bytes`.
  init(bytes: UnsafeBufferPointer<UInt8>, file: String, maximumDepth: Int) {
    self.bytes = bytes
    self.end = bytes.count
    self.file = file
    self.maximumDepth = max(0, maximumDepth)
  }

  // MARK: Document and values

  /// Parses the whole text: an optional byte order mark, one value, and nothing else.
  ///
  /// Comments and whitespace may surround the value; anything else after it is an error.
  mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
    if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      // The byte order mark is invisible in editors, so the first character is column 1.
      index = 3
      columnIndex = 3
    }
    try skipWhitespace()
    let root = try parseValue()
    try skipWhitespace()
    if index < end {
      throw error("trailing content after the top-level value, found \(describe(at: index))")
    }
    return root
  }

  /// Parses one value, with everything nested in it, starting at `index`.
  ///
  /// The loop reads one scalar value or opening bracket at a time; open containers wait on an
  /// explicit stack, and each finished value is appended to the innermost one, which may then
  /// close in turn. Whitespace before the value must already have been skipped.
  mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    var stack: [OpenContainer] = []
    var expected = "a value"
    while true {
      guard index < end else { throw unexpected(expected: expected) }
      let start = location(at: index)
      let startOffset = index
      var node: JSONNode
      switch bytes[index] {
      case UInt8(ascii: "["):
        guard stack.count < maximumDepth else { throw nestingTooDeep(at: start) }
        index += 1
        try skipWhitespace()
        if index < end && bytes[index] == UInt8(ascii: "]") {
          index += 1
          node = JSONNode(value: .array([]), location: start)
        } else {
          var container = OpenContainer(isObject: false, location: start)
          container.startOffset = startOffset
          stack.append(container)
          expected = "a value or ']'"
          continue
        }
      case UInt8(ascii: "{"):
        guard stack.count < maximumDepth else { throw nestingTooDeep(at: start) }
        index += 1
        try skipWhitespace()
        if index < end && bytes[index] == UInt8(ascii: "}") {
          index += 1
          node = JSONNode(value: .object([]), location: start)
        } else {
          var container = OpenContainer(isObject: true, location: start)
          container.startOffset = startOffset
          try parseMemberName(into: &container)
          stack.append(container)
          expected = "a value"
          continue
        }
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        node = JSONNode(value: .string(try parseString(start: start)), location: start)
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."):
        node = JSONNode(value: try parseNumber(start: start), location: start)
      default:
        node = JSONNode(value: try parseWord(start: start, expected: expected), location: start)
      }
      if spans != nil { spans?[start] = startOffset..<index }

      // Hand the finished value to the innermost open container, closing containers as long
      // as their closing bracket follows.
      attach: while true {
        guard !stack.isEmpty else { return node }
        try skipWhitespace()
        let top = stack.count - 1
        if stack[top].isObject {
          let member = JSONMember(
            key: stack[top].pendingKey, keyLocation: stack[top].pendingKeyLocation, value: node)
          stack[top].members.append(member)
          if index < end && bytes[index] == UInt8(ascii: ",") {
            index += 1
            try skipWhitespace()
            if index < end && bytes[index] == UInt8(ascii: "}") {
              index += 1
              node = close(&stack)
            } else {
              try parseMemberName(into: &stack[top])
              expected = "a value"
              break attach
            }
          } else if index < end && bytes[index] == UInt8(ascii: "}") {
            index += 1
            node = close(&stack)
          } else {
            throw unexpected(expected: "',' or '}' after an object member")
          }
        } else {
          stack[top].elements.append(node)
          if index < end && bytes[index] == UInt8(ascii: ",") {
            index += 1
            try skipWhitespace()
            if index < end && bytes[index] == UInt8(ascii: "]") {
              index += 1
              node = close(&stack)
            } else {
              expected = "a value or ']'"
              break attach
            }
          } else if index < end && bytes[index] == UInt8(ascii: "]") {
            index += 1
            node = close(&stack)
          } else {
            throw unexpected(expected: "',' or ']' after an array element")
          }
        }
      }
    }
  }

  /// Closes the innermost container, whose closing bracket has just been read, recording its
  /// span when spans are kept.
  mutating func close(_ stack: inout [OpenContainer]) -> JSONNode {
    let container = stack.removeLast()
    if spans != nil { spans?[container.location] = container.startOffset..<index }
    return container.close()
  }

  /// Parses a member name, the `:` after it and the whitespace after that, into `container`.
  ///
  /// The name is a single- or double-quoted string, or an unquoted identifier of ASCII letters,
  /// digits, `_` and `$` that does not start with a digit.
  mutating func parseMemberName(into container: inout OpenContainer) throws(JSONSyntaxError) {
    guard index < end else { throw unexpected(expected: "a member name or '}'") }
    let start = location(at: index)
    let first = bytes[index]
    let key: String
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      key = try parseString(start: start)
    } else if first.isIdentifierStart {
      let nameStart = index
      index += 1
      while index < end && bytes[index].isIdentifierContinue { index += 1 }
      key = text(from: nameStart, to: index)
    } else if first.isDigit {
      throw error(
        "expected a member name or '}', found \(describe(at: index)); "
          + "an unquoted member name cannot start with a digit")
    } else {
      throw unexpected(expected: "a member name or '}'")
    }
    try skipWhitespace()
    guard index < end && bytes[index] == UInt8(ascii: ":") else {
      throw unexpected(expected: "':' after the member name \(quoted(key))")
    }
    index += 1
    try skipWhitespace()
    container.pendingKey = key
    container.pendingKeyLocation = start
  }

  /// Parses `true`, `false` or `null` at `index`; anything else there is an error.
  ///
  /// The whole identifier-like word is read first, so `nullx` is reported as found, not `null`
  /// followed by junk. `Infinity` and `NaN` get their own message.
  mutating func parseWord(start: SourceLocation, expected: String) throws(JSONSyntaxError)
    -> JSONValue
  {
    let wordStart = index
    while index < end && bytes[index].isIdentifierContinue { index += 1 }
    guard index > wordStart else { throw unexpected(expected: expected) }
    let word = text(from: wordStart, to: index)
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    case "Infinity", "NaN":
      throw JSONSyntaxError(
        message: "'\(word)' is not supported; numbers must be finite", location: start)
    default:
      throw JSONSyntaxError(message: "expected \(expected), found \(quoted(word))", location: start)
    }
  }

  // MARK: Numbers

  /// Parses a number at `index`: decimal with optional sign, fraction and exponent, or hex.
  ///
  /// The literal keeps the source text. A number directly followed by a letter, digit, `_`, `$`
  /// or `.` is an error, so `1.2.3` and `0x1G` are not silently split.
  mutating func parseNumber(start: SourceLocation) throws(JSONSyntaxError) -> JSONValue {
    let begin = index
    var position = index
    var isNegative = false
    if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
      isNegative = bytes[position] == UInt8(ascii: "-")
      position += 1
    }
    var hexValue: Double?
    if position + 1 < end && bytes[position] == UInt8(ascii: "0")
      && bytes[position + 1] | 0x20 == UInt8(ascii: "x")
    {
      position += 2
      let digitsStart = position
      var exact: UInt64 = 0
      var approximate = 0.0
      var fits = true
      while position < end, let digit = bytes[position].hexDigitValue {
        approximate = approximate * 16 + Double(digit)
        if fits {
          let (shifted, overflow) = exact.multipliedReportingOverflow(by: 16)
          fits = !overflow && shifted <= UInt64.max - UInt64(digit)
          exact = shifted &+ UInt64(digit)
        }
        position += 1
      }
      guard position > digitsStart else {
        throw unexpected(expected: "a hex digit after '0x'", at: position)
      }
      let magnitude = fits ? Double(exact) : approximate
      hexValue = isNegative ? -magnitude : magnitude
    } else {
      let integerStart = position
      while position < end && bytes[position].isDigit { position += 1 }
      let integerDigits = position - integerStart
      var fractionDigits = 0
      if position < end && bytes[position] == UInt8(ascii: ".") {
        position += 1
        let fractionStart = position
        while position < end && bytes[position].isDigit { position += 1 }
        fractionDigits = position - fractionStart
      }
      if integerDigits + fractionDigits == 0 {
        var wordEnd = position
        while wordEnd < end && bytes[wordEnd].isIdentifierContinue { wordEnd += 1 }
        let word = text(from: position, to: wordEnd)
        if word == "Infinity" || word == "NaN" {
          throw JSONSyntaxError(
            message: "'\(text(from: begin, to: wordEnd))' is not supported; numbers must be finite",
            location: start)
        }
        throw unexpected(expected: "a digit", at: position)
      }
      if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
        var literalEnd = position
        while literalEnd < end && bytes[literalEnd].isIdentifierContinue { literalEnd += 1 }
        throw JSONSyntaxError(
          message:
            "numbers cannot have leading zeros, found \(quoted(text(from: begin, to: literalEnd)))",
          location: start)
      }
      if position < end && bytes[position] | 0x20 == UInt8(ascii: "e") {
        position += 1
        if position < end
          && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
        {
          position += 1
        }
        let exponentStart = position
        while position < end && bytes[position].isDigit { position += 1 }
        guard position > exponentStart else {
          throw unexpected(expected: "a digit in the exponent", at: position)
        }
      }
    }
    if position < end
      && (bytes[position].isIdentifierContinue || bytes[position] == UInt8(ascii: "."))
    {
      throw error(
        "unexpected \(describe(at: position)) after the number \(quoted(text(from: begin, to: position)))",
        at: position)
    }
    let literal = text(from: begin, to: position)
    index = position
    let value = hexValue ?? Double(literal)
    guard let value else {
      throw JSONSyntaxError(message: "invalid number \(quoted(literal))", location: start)
    }
    // `1e400` reads as infinity, which is not a number a file can mean.
    guard value.isFinite else {
      throw JSONSyntaxError(
        message: "the number \(quoted(literal)) is too large; numbers must be finite "
          + "(at most about 1.8e308)",
        location: start)
    }
    return .number(value, literal: literal)
  }

  // MARK: Strings

  /// Parses a single- or double-quoted string at `index`, whose opening quote is at `start`.
  ///
  /// A string without escapes is copied straight from the input; one with escapes is decoded
  /// into the reusable scratch buffer. Raw control characters are errors; a raw line break, or
  /// the end of input, before the closing quote makes the string unterminated.
  mutating func parseString(start: SourceLocation) throws(JSONSyntaxError) -> String {
    let quote = bytes[index]
    index += 1
    let contentStart = index
    while index < end {
      let byte = bytes[index]
      if byte == quote {
        let value = text(from: contentStart, to: index)
        index += 1
        return value
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
    while true {
      guard index < end else { throw unterminatedString(at: start) }
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        try parseEscape(stringStart: start)
      } else if byte == 0x0A || byte == 0x0D {
        throw unterminatedString(at: start)
      } else if byte < 0x20 {
        throw error("control character \(describe(at: index)) must be escaped in a string")
      } else {
        scratch.append(byte)
        index += 1
      }
    }
  }

  /// Decodes the escape sequence at `index` (a backslash) into the scratch buffer.
  ///
  /// Handles the JSON escapes, `\'`, line continuations, and `\u` escapes, combining a UTF-16
  /// surrogate pair into one scalar and rejecting an unpaired surrogate.
  mutating func parseEscape(stringStart: SourceLocation) throws(JSONSyntaxError) {
    let backslash = index
    guard index + 1 < end else { throw unterminatedString(at: stringStart) }
    let escaped = bytes[index + 1]
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "/"):
      scratch.append(escaped)
      index += 2
    case UInt8(ascii: "b"):
      scratch.append(0x08)
      index += 2
    case UInt8(ascii: "f"):
      scratch.append(0x0C)
      index += 2
    case UInt8(ascii: "n"):
      scratch.append(0x0A)
      index += 2
    case UInt8(ascii: "r"):
      scratch.append(0x0D)
      index += 2
    case UInt8(ascii: "t"):
      scratch.append(0x09)
      index += 2
    case 0x0A:
      index += 2
      startNewLine()
    case 0x0D:
      index += 2
      if index < end && bytes[index] == 0x0A { index += 1 }
      startNewLine()
    case 0xE2
    where index + 3 < end && bytes[index + 2] == 0x80
      && (bytes[index + 3] == 0xA8 || bytes[index + 3] == 0xA9):
      // A line continuation over U+2028 or U+2029, which are not line breaks for locations.
      index += 4
    case UInt8(ascii: "u"):
      let unit = try parseHexUnit(at: index + 2, stringStart: stringStart)
      var scalarValue = unit
      if (0xD800...0xDBFF).contains(unit) {
        var low: UInt32?
        if index + 7 < end && bytes[index + 6] == UInt8(ascii: "\\")
          && bytes[index + 7] == UInt8(ascii: "u")
        {
          low = try parseHexUnit(at: index + 8, stringStart: stringStart)
        }
        guard let low, (0xDC00...0xDFFF).contains(low) else {
          throw error(
            "unpaired surrogate '\\u\(text(from: index + 2, to: index + 6))' in a string; "
              + "a high surrogate must be followed by a '\\u' low surrogate",
            at: backslash)
        }
        scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        index += 12
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw error(
          "unpaired surrogate '\\u\(text(from: index + 2, to: index + 6))' in a string; "
            + "a low surrogate must follow a '\\u' high surrogate",
          at: backslash)
      } else {
        index += 6
      }
      // Surrogates are excluded above, so every remaining value is a valid scalar.
      let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
      UTF8.encode(scalar) { scratch.append($0) }
    default:
      let found = describe(at: index + 1)
      if found.hasPrefix("'") {
        throw error("invalid escape '\\\(found.dropFirst().dropLast())' in a string", at: backslash)
      }
      throw error("invalid escape in a string: '\\' followed by \(found)", at: backslash)
    }
  }

  /// Reads the four hex digits of a `\u` escape starting at `position`.
  ///
  /// The end of input makes the string unterminated; any other non-hex character is an error at
  /// that character.
  mutating func parseHexUnit(at position: Int, stringStart: SourceLocation)
    throws(JSONSyntaxError) -> UInt32
  {
    var value: UInt32 = 0
    for offset in 0..<4 {
      guard position + offset < end else { throw unterminatedString(at: stringStart) }
      guard let digit = bytes[position + offset].hexDigitValue else {
        throw unexpected(expected: "a hex digit in a '\\u' escape", at: position + offset)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  // MARK: Whitespace and comments

  /// Skips whitespace, line breaks and comments, keeping the line count.
  ///
  /// Whitespace is ASCII space, tab, vertical tab and form feed, plus U+00A0, U+FEFF, U+2028 and
  /// U+2029 (which do not start a new line). A `/` that starts no comment is left for the
  /// caller to report.
  mutating func skipWhitespace() throws(JSONSyntaxError) {
    while index < end {
      switch bytes[index] {
      case 0x20, 0x09, 0x0B, 0x0C:
        index += 1
      case 0x0A:
        index += 1
        startNewLine()
      case 0x0D:
        index += 1
        if index < end && bytes[index] == 0x0A { index += 1 }
        startNewLine()
      case UInt8(ascii: "/"):
        guard index + 1 < end else { return }
        if bytes[index + 1] == UInt8(ascii: "/") {
          index += 2
          while index < end && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
        } else if bytes[index + 1] == UInt8(ascii: "*") {
          try skipBlockComment()
        } else {
          return
        }
      case 0xC2 where index + 1 < end && bytes[index + 1] == 0xA0:
        index += 2
      case 0xE2
      where index + 2 < end && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
        index += 3
      case 0xEF where index + 2 < end && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
        index += 3
      default:
        return
      }
    }
  }

  /// Skips a `/* */` comment starting at `index`, counting the lines inside it.
  ///
  /// Comments do not nest. A comment still open at the end of input is an error at its `/*`.
  mutating func skipBlockComment() throws(JSONSyntaxError) {
    let start = location(at: index)
    index += 2
    while true {
      guard index < end else {
        throw JSONSyntaxError(message: "unterminated block comment", location: start)
      }
      switch bytes[index] {
      case UInt8(ascii: "*") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "/"):
        index += 2
        return
      case 0x0A:
        index += 1
        startNewLine()
      case 0x0D:
        index += 1
        if index < end && bytes[index] == 0x0A { index += 1 }
        startNewLine()
      default:
        index += 1
      }
    }
  }

  // MARK: Locations and errors

  /// Records that a line break has just been consumed and `index` starts the next line.
  ///
  /// Called after `\n`, after `\r\n` as a whole, and after a lone `\r`.
  mutating func startNewLine() {
    line += 1
    columnIndex = index
    column = 1
  }

  /// The location of the byte at `position`, which must be on the current line.
  ///
  /// Counts scalar starts (bytes that are not `0b10xxxxxx`) from the last computed column, in
  /// either direction, and remembers the result for the next call.
  mutating func location(at position: Int) -> SourceLocation {
    var scalars = 0
    if position >= columnIndex {
      for offset in columnIndex..<position where bytes[offset] & 0xC0 != 0x80 { scalars += 1 }
    } else {
      for offset in position..<columnIndex where bytes[offset] & 0xC0 != 0x80 { scalars -= 1 }
    }
    column += scalars
    columnIndex = position
    return SourceLocation(file: file, line: line, column: column)
  }

  /// An error with `message` at byte `position`, which defaults to the current one.
  ///
  /// Use for errors about the character at that position.
  mutating func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(message: message, location: location(at: min(position ?? index, end)))
  }

  /// "expected …, found …" at byte `position`, or "unexpected end of input; expected …" there.
  ///
  /// `expected` is a phrase such as `"a value"` or `"',' or ']' after an array element"`.
  mutating func unexpected(expected: String, at position: Int? = nil) -> JSONSyntaxError {
    let position = position ?? index
    if position >= end {
      return error("unexpected end of input; expected \(expected)", at: position)
    }
    return error("expected \(expected), found \(describe(at: position))", at: position)
  }

  /// The error for a string whose closing quote is missing, at its opening quote.
  ///
  /// Reported both at the end of input and at a raw line break inside the string.
  func unterminatedString(at start: SourceLocation) -> JSONSyntaxError {
    JSONSyntaxError(message: "unterminated string", location: start)
  }

  /// The error for an array or object opened at `start` one level deeper than allowed.
  ///
  /// Marked with ``JSONSyntaxError/isNestingTooDeep``.
  func nestingTooDeep(at start: SourceLocation) -> JSONSyntaxError {
    JSONSyntaxError(
      message: "objects and arrays nest deeper than \(maximumDepth) levels", location: start,
      isNestingTooDeep: true)
  }

  /// The input between two byte offsets as a string; both must fall on scalar boundaries.
  ///
  /// The input came from a `String`, so it is valid UTF-8 and decoding never repairs anything.
  func text(from start: Int, to stop: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(stop, end)]), as: UTF8.self)
  }

  /// The character at `position` for a message: `'x'`, `U+0009` for an invisible one, or
  /// `end of input`.
  ///
  /// A single quote is shown in double quotes so that it stays readable.
  func describe(at position: Int) -> String {
    guard position < end else { return "end of input" }
    let lead = bytes[position]
    let length =
      switch lead {
      case 0xF0...: 4
      case 0xE0...: 3
      case 0xC0...: 2
      default: 1
      }
    guard let scalar = text(from: position, to: position + length).unicodeScalars.first else {
      return "end of input"
    }
    let properties = scalar.properties
    if scalar.value < 0x21 || (0x7F..<0xA1).contains(scalar.value) || properties.isWhitespace
      || properties.generalCategory == .format
    {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    if scalar == "'" { return "\"'\"" }
    return "'\(scalar)'"
  }

  /// `text` in single quotes for a message, shortened and with control characters escaped
  /// (``Swift/StringProtocol/quotedForMessage``).
  ///
  /// Keeps messages one line long even when a key or a word is huge.
  func quoted(_ text: String) -> String { text.quotedForMessage }
}

extension UInt8 {
  /// Whether the byte is an ASCII digit `0`–`9`.
  fileprivate var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }

  /// Whether the byte can start an unquoted member name: an ASCII letter, `_` or `$`.
  fileprivate var isIdentifierStart: Bool {
    (self | 0x20) &- UInt8(ascii: "a") < 26 || self == UInt8(ascii: "_")
      || self == UInt8(ascii: "$")
  }

  /// Whether the byte can continue an unquoted member name: a start byte or a digit.
  fileprivate var isIdentifierContinue: Bool { isIdentifierStart || isDigit }

  /// The value of an ASCII hex digit, or `nil` for any other byte.
  fileprivate var hexDigitValue: UInt8? {
    if isDigit { return self &- UInt8(ascii: "0") }
    let lower = self | 0x20
    if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") {
      return lower - UInt8(ascii: "a") + 10
    }
    return nil
  }
}
