import Foundation
import Testing

@testable import MenuKitJSON

/// A node at line 1, column 1, for building values in code.
///
/// The writer ignores locations, so any will do.
private func node(_ value: JSONValue) -> JSONNode {
  JSONNode(value: value, location: MenuKitJSON.SourceLocation(line: 1, column: 1))
}

/// A member whose key and value are at line 1, column 1.
///
/// Keeps hand-built objects short.
private func member(_ key: String, _ value: JSONValue) -> JSONMember {
  JSONMember(
    key: key, keyLocation: MenuKitJSON.SourceLocation(line: 1, column: 1), value: node(value))
}

/// Pretty-printing: layout, string escapes, number forms, and round trips through the reader.
@Suite("JSONWriter")
struct JSONWriterTests {
  @Test(
    "writes scalars on one line followed by a newline",
    arguments: [
      (JSONValue.null, "null\n"),
      (.bool(true), "true\n"),
      (.bool(false), "false\n"),
      (.string("hi"), "\"hi\"\n"),
      (.array([]), "[]\n"),
      (.object([]), "{}\n"),
    ])
  func scalars(value: JSONValue, text: String) {
    #expect(JSONWriter.write(value) == text)
  }

  @Test("quotes a string on its own, with the writer's escapes, and the reader reads it back")
  func quoted() throws {
    let text = "a\"b\\c\n\u{1}\u{8}é 日本"
    let literal = JSONWriter.quoted(text)
    #expect(literal == #""a\"b\\c\n\u0001\bé 日本""#)
    #expect(literal + "\n" == JSONWriter.write(.string(text)))
    #expect(try JSONReader.parse(literal).value == .string(text))
  }

  @Test("indents nested arrays and objects by two spaces, keeping member order and duplicates")
  func layout() {
    let value = JSONValue.object([
      member("title", .string("File")),
      member(
        "items", .array([node(.number(1, literal: "1")), node(.array([])), node(.object([]))])),
      member("nested", .object([member("b", .bool(true)), member("a", .null)])),
      member("title", .string("again")),
    ])
    let expected = """
      {
        "title": "File",
        "items": [
          1,
          [],
          {}
        ],
        "nested": {
          "b": true,
          "a": null
        },
        "title": "again"
      }

      """
    #expect(JSONWriter.write(value) == expected)
  }

  @Test("indents with a custom string and accepts a node")
  func customIndent() {
    let value = JSONValue.array([node(.array([node(.null)]))])
    #expect(JSONWriter(indent: "\t").string(for: value) == "[\n\t[\n\t\tnull\n\t]\n]\n")
    #expect(JSONWriter.write(node(value)) == "[\n  [\n    null\n  ]\n]\n")
  }

  @Test(
    "escapes quotes, backslashes and control characters, keeping other text as UTF-8",
    arguments: [
      ("say \"hi\"", #""say \"hi\"""#),
      ("back\\slash", #""back\\slash""#),
      ("a/b", #""a/b""#),
      ("line\nbreak\r\n", #""line\nbreak\r\n""#),
      ("tab\t", #""tab\t""#),
      ("\u{8}\u{C}", #""\b\f""#),
      ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
      ("\u{7F}", "\"\u{7F}\""),
      ("é→😀 e\u{301}", "\"é→😀 e\u{301}\""),
      ("\u{2028}", "\"\u{2028}\""),
    ] as [(String, String)])
  func stringEscapes(string: String, written: String) throws {
    #expect(JSONWriter.write(.string(string)) == written + "\n")
    #expect(try JSONReader.parse(written).value == .string(string))
  }

  @Test("escapes member names like strings")
  func keyEscapes() {
    let value = JSONValue.object([member("a\"b\n", .null)])
    #expect(JSONWriter.write(value) == "{\n  \"a\\\"b\\n\": null\n}\n")
  }

  @Test(
    "writes a plain JSON literal as is and anything else in canonical form",
    arguments: [
      (1.5, "1.50", "1.50"),
      (1000, "1e3", "1e3"),
      (-0.025, "-2.5E-2", "-2.5E-2"),
      (0, "-0", "-0"),
      (31, "0x1F", "31"),
      (-16, "-0x10", "-16"),
      (7, "+7", "7"),
      (0.5, ".5", "0.5"),
      (5, "5.", "5"),
      (1, "01", "1"),
      (3, "", "3"),
      (-42, "", "-42"),
      (-0.0, "", "-0"),
      (0, "", "0"),
      (0.1, "", "0.1"),
      (-2.5, "", "-2.5"),
      (1e-7, "", "1e-07"),
      (1e300, "", "1e+300"),
      (9_007_199_254_740_992, "", "9007199254740992"),
      (-9_007_199_254_740_992, "", "-9007199254740992"),
      (18_014_398_509_481_984, "", "1.8014398509481984e+16"),
      (Double.infinity, "", "null"),
      (-Double.infinity, "1e400", "null"),
      (Double.nan, "", "null"),
    ] as [(Double, String, String)])
  func numbers(value: Double, literal: String, written: String) {
    #expect(JSONWriter.write(.number(value, literal: literal)) == written + "\n")
  }

  @Test("writes canonical numbers that read back to the same value")
  func canonicalNumbersRoundTrip() throws {
    let values: [Double] = [
      0, -0.0, 1, -1, 0.1, 1.0 / 3, 123.456, 1e-7, .leastNonzeroMagnitude, 1e300, -1e300,
      9_007_199_254_740_991, 18_014_398_509_481_984, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude,
    ]
    for value in values {
      let text = JSONWriter.write(.number(value, literal: ""))
      let reread = try JSONReader.parse(text).value.numberValue
      #expect(reread == value, "\(value) was written as \(text)")
      #expect(reread?.sign == value.sign)
    }
  }

  @Test("writes text that the reader reads back to an equivalent value")
  func roundTrip() throws {
    let source = """
      // A JSON5-style menu file.
      {
        title: 'File',
        "items": [
          {id: "open", key: 'O', modifiers: ["command"], enabled: true, order: 0x0A,},
          {id: 'close', ratio: .5, scale: +2., big: 1e300, note: null,},
          [], {}, [[[]]], -0,
        ],
        'escapes': "\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001 é→😀 \\uD83D\\uDE00 it\\'s",
        "dup": 1,
        dup: 2,
      }
      """
    let original = try JSONReader.parse(source).value
    let written = JSONWriter.write(original)
    let reread = try JSONReader.parse(written).value
    #expect(reread.isEquivalent(to: original))
    #expect(reread.objectValue?.map(\.key) == ["title", "items", "escapes", "dup", "dup"])
    #expect(written.hasSuffix("}\n"))
    // Writing again changes nothing, and plain literals survive untouched.
    #expect(JSONWriter.write(reread) == written)
    #expect(written.contains("\"order\": 10\n"))
    #expect(written.contains("\"ratio\": 0.5,"))
    #expect(written.contains("\"big\": 1e300,"))
    #expect(written.contains("-0\n"))
  }

  @Test("round-trips every control character and some astral characters")
  func controlCharactersRoundTrip() throws {
    var string = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
    string += "\"\\/'é→😀𝄞\u{FEFF}\u{2028}"
    let value = JSONValue.array([node(.string(string)), node(.object([member(string, .null)]))])
    let reread = try JSONReader.parse(JSONWriter.write(value)).value
    #expect(reread.isEquivalent(to: value))
    #expect(reread.arrayValue?.first?.value.stringValue == string)
  }

  @Test("writes standard JSON that Foundation's strict parser accepts")
  func foundationAcceptsOutput() throws {
    let value = JSONValue.object([
      member("hex", .number(31, literal: "0x1F")),
      member("plus", .number(7, literal: "+7")),
      member("dot", .number(0.5, literal: ".5")),
      member("text", .string("tab\t\u{1}é")),
      member("list", .array([node(.null), node(.bool(false)), node(.array([]))])),
    ])
    let data = Data(JSONWriter.write(value).utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["hex"] as? Int == 31)
    #expect(object["dot"] as? Double == 0.5)
    #expect(object["text"] as? String == "tab\t\u{1}é")
    #expect((object["list"] as? [Any])?.count == 3)
  }

  @Test("compares values for equivalence ignoring locations and number spellings")
  func equivalence() throws {
    let hex = try JSONReader.parse("[0x1F, {a: 'x'}]").value
    let plain = try JSONReader.parse("\n  [31, {\"a\": \"x\"}]").value
    #expect(hex != plain)
    #expect(hex.isEquivalent(to: plain))
    #expect(!hex.isEquivalent(to: try JSONReader.parse("[31, {\"b\": \"x\"}]").value))
    #expect(!hex.isEquivalent(to: try JSONReader.parse("[31]").value))
    #expect(!JSONValue.null.isEquivalent(to: .bool(false)))
  }
}
