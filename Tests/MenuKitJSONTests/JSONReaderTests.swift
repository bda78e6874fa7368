import Testing

@testable import MenuKitJSON

/// Parses `text`, returning the error it throws, or `nil` when it parses.
///
/// Lets table-driven tests compare the error's message and location directly.
private func syntaxError(
  _ text: String, maximumDepth: Int = JSONReader.defaultMaximumDepth
) -> JSONSyntaxError? {
  do {
    _ = try JSONReader.parse(text, maximumDepth: maximumDepth)
    return nil
  } catch {
    return error
  }
}

/// A location without a file, for comparing with parsed locations.
///
/// Shortens the many `MenuKitJSON.SourceLocation(line:column:)` literals in the tables.
private func at(_ line: Int, _ column: Int) -> MenuKitJSON.SourceLocation {
  MenuKitJSON.SourceLocation(line: line, column: column)
}

/// The reader's values: every kind, strings and their escapes, numbers and their literals.
@Suite("JSONReader values")
struct JSONReaderValueTests {
  @Test("reads the keywords null, true and false")
  func keywords() throws {
    #expect(try JSONReader.parse("null").value == .null)
    #expect(try JSONReader.parse("true").value == .bool(true))
    #expect(try JSONReader.parse(" false ").value == .bool(false))
  }

  @Test(
    "reads numbers, keeping the literal and computing the value",
    arguments: [
      ("0", 0.0),
      ("-3", -3),
      ("42", 42),
      ("1.5", 1.5),
      ("1.50", 1.5),
      ("1e3", 1000),
      ("-2.5E-2", -0.025),
      ("0.1e+2", 10),
      ("0x1F", 31),
      ("0XfF", 255),
      ("-0x10", -16),
      ("+0x10", 16),
      ("+7", 7),
      (".5", 0.5),
      ("5.", 5),
      ("+.5e1", 5),
      ("-0", 0),
      ("123456789012345678901234567890", 1.2345678901234568e29),
      ("0x10000000000000000", 18_446_744_073_709_551_616),
      ("0x1FFFFFFFFFFFFF", 9_007_199_254_740_991),
    ] as [(String, Double)])
  func numbers(literal: String, value: Double) throws {
    let node = try JSONReader.parse(literal)
    #expect(node.value == .number(value, literal: literal))
    #expect(node.location == at(1, 1))
  }

  @Test(
    "decodes strings and their escapes",
    arguments: [
      (#""hello""#, "hello"),
      (#"''"#, ""),
      (#"'single'"#, "single"),
      (#"'it\'s'"#, "it's"),
      (#"'say "hi"'"#, #"say "hi""#),
      (#""it's""#, "it's"),
      (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
      (#""\u0041\u00e9\u2192""#, "Aé→"),
      (#""\uD83D\uDE00""#, "😀"),
      (#""\ud83d\ude00 and \uD834\uDD1E""#, "😀 and 𝄞"),
      (#""\u0000""#, "\u{0}"),
      (#""é→😀 kept as is""#, "é→😀 kept as is"),
      ("'a\\\nb'", "ab"),
      ("'a\\\r\nb'", "ab"),
      ("'a\\\rb'", "ab"),
      ("'a\\\u{2028}b'", "ab"),
      (#""prefix \n suffix""#, "prefix \n suffix"),
    ] as [(String, String)])
  func strings(source: String, decoded: String) throws {
    #expect(try JSONReader.parse(source).value == .string(decoded))
  }

  @Test("reads arrays, including empty and nested ones")
  func arrays() throws {
    let node = try JSONReader.parse("[1, [], [true, [null]], \"x\"]")
    let elements = try #require(node.value.arrayValue)
    #expect(elements.count == 4)
    #expect(elements[0].value == .number(1, literal: "1"))
    #expect(elements[1].value == .array([]))
    let nested = try #require(elements[2].value.arrayValue)
    #expect(nested.map(\.value.typeName) == ["boolean", "array"])
    #expect(nested[1].value.arrayValue?.first?.value == .null)
    #expect(elements[3].value == .string("x"))
  }

  @Test("reads objects, including empty and nested ones")
  func objects() throws {
    let node = try JSONReader.parse(#"{"a": {}, "b": {"c": [1]}, "d": "e"}"#)
    let members = try #require(node.value.objectValue)
    #expect(members.map(\.key) == ["a", "b", "d"])
    #expect(members[0].value.value == .object([]))
    let inner = try #require(members[1].value.value.objectValue)
    #expect(inner.map(\.key) == ["c"])
    #expect(inner[0].value.value.arrayValue?.first?.value.numberValue == 1)
    #expect(members[2].value.value.stringValue == "e")
  }

  @Test("keeps duplicate keys, in source order")
  func duplicateKeys() throws {
    let node = try JSONReader.parse(#"{"a": 1, "b": 2, "a": 3}"#)
    let members = try #require(node.value.objectValue)
    #expect(members.map(\.key) == ["a", "b", "a"])
    #expect(members.map(\.value.value.numberValue) == [1, 2, 3])
    #expect(members.map(\.keyLocation.column) == [2, 10, 18])
  }

  @Test("accepts unquoted member names of letters, digits, '_' and '$'")
  func unquotedKeys() throws {
    let node = try JSONReader.parse("{a: 1, _b$: 2, $c9: 3, Title_2: 4, 'q': 5}")
    let members = try #require(node.value.objectValue)
    #expect(members.map(\.key) == ["a", "_b$", "$c9", "Title_2", "q"])
    #expect(members.map(\.value.value.numberValue) == [1, 2, 3, 4, 5])
  }

  @Test("skips line and block comments wherever whitespace may go")
  func comments() throws {
    let text = """
      // leading comment
      /* block */ { /* before key */ "a" /* before colon */ : // after colon
        [1, /* between */ 2 /* before close */] /* after value */, // after comma
      } // trailing comment
      /* final block */
      """
    let node = try JSONReader.parse(text)
    let members = try #require(node.value.objectValue)
    #expect(members.map(\.key) == ["a"])
    #expect(members[0].value.value.arrayValue?.map(\.value.numberValue) == [1, 2])
    #expect(node.location == at(2, 13))
    #expect(members[0].value.location == at(3, 3))
  }

  @Test(
    "accepts a trailing comma after the last element or member",
    arguments: [
      ("[1, 2,]", 2),
      ("[[],]", 1),
      ("[1, 2, // comment\n]", 2),
      (#"{"a": 1,}"#, 1),
      ("{a: 1, b: 2, }", 2),
    ])
  func trailingCommas(text: String, count: Int) throws {
    let value = try JSONReader.parse(text).value
    #expect((value.arrayValue?.count ?? value.objectValue?.count) == count)
  }

  @Test("skips a UTF-8 byte order mark at the start")
  func byteOrderMark() throws {
    let node = try JSONReader.parse("\u{FEFF}[1]")
    #expect(node.location == at(1, 1))
    #expect(node.value.arrayValue?.first?.location == at(1, 2))
  }

  @Test("treats U+00A0, U+2028 and U+2029 as whitespace that does not start a line")
  func unicodeWhitespace() throws {
    let node = try JSONReader.parse("[\u{A0}1,\u{2028}2,\u{2029}3]")
    #expect(node.value.arrayValue?.map(\.location) == [at(1, 3), at(1, 6), at(1, 9)])
  }

  @Test(
    "names each kind of value",
    arguments: [
      (JSONValue.null, "null", "null"),
      (.bool(true), "boolean", "a boolean"),
      (.number(1, literal: "1"), "number", "a number"),
      (.string("s"), "string", "a string"),
      (.array([]), "array", "an array"),
      (.object([]), "object", "an object"),
    ])
  func typeNames(value: JSONValue, name: String, withArticle: String) {
    #expect(value.typeName == name)
    #expect(value.typeNameWithArticle == withArticle)
  }
}

/// Where the reader says values and keys are: lines, columns in scalars, file names.
@Suite("JSONReader locations")
struct JSONReaderLocationTests {
  @Test("locates values and keys on several lines")
  func multiline() throws {
    let text = """
      {
        "title": "Open",
        items: [1, true]
      }
      """
    let node = try JSONReader.parse(text)
    #expect(node.location == at(1, 1))
    let members = try #require(node.value.objectValue)
    #expect(members[0].keyLocation == at(2, 3))
    #expect(members[0].value.location == at(2, 12))
    #expect(members[1].keyLocation == at(3, 3))
    #expect(members[1].value.location == at(3, 10))
    let items = try #require(members[1].value.value.arrayValue)
    #expect(items.map(\.location) == [at(3, 11), at(3, 14)])
  }

  @Test("counts a multi-byte character as one column")
  func multiByteCharacters() throws {
    let node = try JSONReader.parse(#"{"é": "→", "x": ["😀", 2]}"#)
    let members = try #require(node.value.objectValue)
    #expect(members.map(\.keyLocation) == [at(1, 2), at(1, 12)])
    #expect(members[0].value.location == at(1, 7))
    #expect(members[1].value.location == at(1, 17))
    #expect(members[1].value.value.arrayValue?.map(\.location) == [at(1, 18), at(1, 23)])
  }

  @Test("counts Unicode scalars, not grapheme clusters")
  func combiningCharacters() throws {
    // "e" + U+0301 is one Character but two scalars.
    let node = try JSONReader.parse("[\"e\u{301}\", 1]")
    #expect(node.value.arrayValue?.map(\.location) == [at(1, 2), at(1, 8)])
  }

  @Test(
    "splits lines on \\n, \\r\\n and a lone \\r",
    arguments: [
      ("[\n  1,\n  2\n]", [at(2, 3), at(3, 3)]),
      ("[\r\n  1,\r\n  2\r\n]", [at(2, 3), at(3, 3)]),
      ("[\r  1,\r  2\r]", [at(2, 3), at(3, 3)]),
      ("[\n\r\n\r1, 2]", [at(4, 1), at(4, 4)]),
      ("[/* a\n b\r\n */ 1, // c\r 2]", [at(3, 5), at(4, 2)]),
      ("['a\\\n', 1]", [at(1, 2), at(2, 4)]),
    ] as [(String, [MenuKitJSON.SourceLocation])])
  func lineBreaks(text: String, locations: [MenuKitJSON.SourceLocation]) throws {
    let node = try JSONReader.parse(text)
    #expect(node.value.arrayValue?.map(\.location) == locations)
  }

  @Test("copies the file name into every location")
  func fileName() throws {
    let node = try JSONReader.parse("{\"a\": [1]}", file: "menus/app.json")
    #expect(node.location == MenuKitJSON.SourceLocation(file: "menus/app.json", line: 1, column: 1))
    let member = try #require(node.value.objectValue?.first)
    #expect(member.keyLocation.file == "menus/app.json")
    #expect(member.value.value.arrayValue?.first?.location.file == "menus/app.json")
  }

  @Test("keeps columns right at the end of a very long line")
  func longLine() throws {
    let count = 100_000
    let text = "[" + String(repeating: "\"é\",", count: count - 1) + "7]"
    let elements = try #require(try JSONReader.parse(text).value.arrayValue)
    #expect(elements.count == count)
    #expect(elements[1].location == at(1, 6))
    #expect(elements[count - 1].location == at(1, 2 + 4 * (count - 1)))
    #expect(elements[count - 1].value == .number(7, literal: "7"))
  }
}

/// The reader's errors: each message kind, where it points, and deep nesting.
@Suite("JSONReader errors")
struct JSONReaderErrorTests {
  @Test(
    "reports the first syntax error with a specific message and location",
    arguments: [
      // Structure.
      (#"{"a": 1 x}"#, "expected ',' or '}' after an object member, found 'x'", 1, 9),
      (#"{"a": 1"#, "unexpected end of input; expected ',' or '}' after an object member", 1, 8),
      ("[1 2]", "expected ',' or ']' after an array element, found '2'", 1, 4),
      ("[1 é]", "expected ',' or ']' after an array element, found 'é'", 1, 4),
      ("[1,", "unexpected end of input; expected a value or ']'", 1, 4),
      ("[,]", "expected a value or ']', found ','", 1, 2),
      ("[1,,2]", "expected a value or ']', found ','", 1, 4),
      (#"{"a" 1}"#, "expected ':' after the member name 'a', found '1'", 1, 6),
      ("{'a': 1, b c}", "expected ':' after the member name 'b', found 'c'", 1, 12),
      ("{,}", "expected a member name or '}', found ','", 1, 2),
      ("{", "unexpected end of input; expected a member name or '}'", 1, 2),
      (
        "{1: 2}",
        "expected a member name or '}', found '1'; an unquoted member name cannot start with a digit",
        1, 2
      ),
      (#"{"a": }"#, "expected a value, found '}'", 1, 7),
      ("", "unexpected end of input; expected a value", 1, 1),
      ("  // only a comment\n", "unexpected end of input; expected a value", 2, 1),
      ("/", "expected a value, found '/'", 1, 1),
      ("[\n\r\n\r@]", "expected a value or ']', found '@'", 4, 1),
      ("[\t\u{1}]", "expected a value or ']', found U+0001", 1, 3),
      ("{} x", "trailing content after the top-level value, found 'x'", 1, 4),
      ("1\n2", "trailing content after the top-level value, found '2'", 2, 1),
      // Words.
      ("tru", "expected a value, found 'tru'", 1, 1),
      ("[nullx]", "expected a value or ']', found 'nullx'", 1, 2),
      ("[Infinity]", "'Infinity' is not supported; numbers must be finite", 1, 2),
      ("NaN", "'NaN' is not supported; numbers must be finite", 1, 1),
      ("-Infinity", "'-Infinity' is not supported; numbers must be finite", 1, 1),
      // Numbers.
      ("01", "numbers cannot have leading zeros, found '01'", 1, 1),
      ("[-007]", "numbers cannot have leading zeros, found '-007'", 1, 2),
      ("1e", "unexpected end of input; expected a digit in the exponent", 1, 3),
      ("[1e+x]", "expected a digit in the exponent, found 'x'", 1, 5),
      ("[1.2.3]", "unexpected '.' after the number '1.2'", 1, 5),
      ("12abc", "unexpected 'a' after the number '12'", 1, 3),
      ("0xG", "expected a hex digit after '0x', found 'G'", 1, 3),
      ("0x1G", "unexpected 'G' after the number '0x1'", 1, 4),
      ("-", "unexpected end of input; expected a digit", 1, 2),
      ("[+.]", "expected a digit, found ']'", 1, 4),
      // Strings.
      (#""abc"#, "unterminated string", 1, 1),
      ("[1, \"ab\ncd\"]", "unterminated string", 1, 5),
      ("'abc\\", "unterminated string", 1, 1),
      (#""\u12"#, "unterminated string", 1, 1),
      (#""a\qb""#, #"invalid escape '\q' in a string"#, 1, 3),
      (#"{"k": "→\x"}"#, #"invalid escape '\x' in a string"#, 1, 9),
      ("\"a\\\tb\"", #"invalid escape in a string: '\' followed by U+0009"#, 1, 3),
      (#""\u12G4""#, #"expected a hex digit in a '\u' escape, found 'G'"#, 1, 6),
      (
        #""x\uD83D""#,
        #"unpaired surrogate '\uD83D' in a string; a high surrogate must be followed by a '\u' low surrogate"#,
        1, 3
      ),
      (
        #""\uD83Dx""#,
        #"unpaired surrogate '\uD83D' in a string; a high surrogate must be followed by a '\u' low surrogate"#,
        1, 2
      ),
      (
        #""\uD83D\u0041""#,
        #"unpaired surrogate '\uD83D' in a string; a high surrogate must be followed by a '\u' low surrogate"#,
        1, 2
      ),
      (
        #""\uDE00""#,
        #"unpaired surrogate '\uDE00' in a string; a low surrogate must follow a '\u' high surrogate"#,
        1, 2
      ),
      ("\"a\u{1}b\"", "control character U+0001 must be escaped in a string", 1, 3),
      ("\"a\tb\"", "control character U+0009 must be escaped in a string", 1, 3),
      // Comments.
      ("/* never closed", "unterminated block comment", 1, 1),
      ("[1,\n  /* open\n", "unterminated block comment", 2, 3),
      // Line breaks and multi-byte characters before the error.
      ("{\"a\": 1,\r\n \"b\" 2}", "expected ':' after the member name 'b', found '2'", 2, 6),
      (#"{"é→": 1 x}"#, "expected ',' or '}' after an object member, found 'x'", 1, 10),
      (
        "[\"😀\",\r\n  \"e\u{301}\" x]", "expected ',' or ']' after an array element, found 'x'", 2,
        8
      ),
    ] as [(String, String, Int, Int)])
  func syntaxErrors(text: String, message: String, line: Int, column: Int) throws {
    let error = try #require(syntaxError(text))
    #expect(error.message == message)
    #expect(error.location == at(line, column))
    #expect(error.isNestingTooDeep == false)
  }

  @Test("puts the file name in the error and its description")
  func errorFileName() throws {
    do {
      _ = try JSONReader.parse("[1 x]", file: "menus/app.json")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.location == MenuKitJSON.SourceLocation(file: "menus/app.json", line: 1, column: 4))
      #expect(
        error.description
          == "menus/app.json:1:4: expected ',' or ']' after an array element, found 'x'")
    }
  }

  @Test("shortens a very long word in a message")
  func longWordInMessage() throws {
    let error = try #require(syntaxError(String(repeating: "a", count: 100)))
    #expect(error.message == "expected a value, found '\(String(repeating: "a", count: 80))…'")
  }

  @Test("a number too large for a Double (1e400) is an error, not infinity")
  func infiniteNumber() throws {
    for literal in ["1e400", "-1e400", "0x" + String(repeating: "F", count: 300)] {
      let error = try #require(syntaxError("[\(literal)]"), "\(literal)")
      #expect(error.message.hasPrefix("the number '"), "\(error.message)")
      #expect(error.message.contains("is too large; numbers must be finite"))
      #expect(error.location.column == 2)
    }
    #expect(syntaxError("[1e308, -1.7976931348623157e308]") == nil)
  }

  @Test("rejects 10,000 nested arrays as too deep, at the first bracket past the limit")
  func deepArrays() throws {
    let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let error = try #require(syntaxError(text))
    #expect(error.isNestingTooDeep)
    #expect(error.message == "objects and arrays nest deeper than 256 levels")
    #expect(error.location == at(1, 257))
  }

  @Test("rejects 10,000 nested objects as too deep, at the first brace past the limit")
  func deepObjects() throws {
    let text =
      String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
    let error = try #require(syntaxError(text))
    #expect(error.isNestingTooDeep)
    #expect(error.message == "objects and arrays nest deeper than 256 levels")
    #expect(error.location == at(1, 256 * 5 + 1))
  }

  @Test("rejects unterminated deep nesting as too deep rather than as truncated")
  func deepUnterminated() throws {
    let text = String(repeating: "[{'k':\n", count: 10_000)
    let error = try #require(syntaxError(text))
    #expect(error.isNestingTooDeep)
    // Levels 1-256 are the first 128 lines; the 257th container is the '[' of line 129.
    #expect(error.location == at(129, 1))
  }

  @Test("accepts nesting exactly at the default limit")
  func nestingAtLimit() throws {
    let depth = JSONReader.defaultMaximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try JSONReader.parse(text).value
    var levels = 1
    while let first = value.arrayValue?.first {
      value = first.value
      levels += 1
    }
    #expect(levels == depth)
    #expect(syntaxError("[" + text + "]")?.isNestingTooDeep == true)
  }

  @Test(
    "honours a custom maximum depth",
    arguments: [
      ("[[[1]]]", 3, nil),
      (#"{"a": [{}]}"#, 3, nil),
      ("[[[[1]]]]", 3, 4),
      (#"{"a": [{"b": {}}]}"#, 3, 14),
      ("1", 0, nil),
      ("[]", 0, 1),
    ] as [(String, Int, Int?)])
  func customDepth(text: String, maximumDepth: Int, errorColumn: Int?) {
    let error = syntaxError(text, maximumDepth: maximumDepth)
    #expect(error?.location.column == errorColumn)
    if let error {
      #expect(error.isNestingTooDeep)
      #expect(error.message == "objects and arrays nest deeper than \(maximumDepth) levels")
    }
  }
}
