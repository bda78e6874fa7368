/// Pretty-prints ``JSONValue`` trees as standard JSON that ``JSONReader`` reads back unchanged.
///
/// Each element and member goes on its own line, indented by ``indent`` per level; members keep
/// their stored order (duplicates included) and are written `"key": value`. Empty containers are
/// `[]` and `{}`. The output always ends with a newline.
///
/// ```swift
/// let text = JSONWriter.write(.object([member]))
/// // {
/// //   "title": "Open…"
/// // }
/// ```
///
/// Strings escape `"`, `\` and control characters (`\n`, `\r`, `\t`, `\b`, `\f`, otherwise
/// `\u00XX`) and keep every other character as UTF-8. Numbers are written as their `literal`
/// when it is plain JSON, so `1.50` stays `1.50`; otherwise (hex, a leading `+` or bare `.`, or
/// no literal) in a canonical form: integers within ±2^53 without a fraction, other finite
/// values as Swift's `description`. JSON has no infinities or NaN, and ``JSONReader`` refuses a
/// number too large to be finite (`1e400`), so both are written `null`, as JavaScript's
/// `JSON.stringify` writes them.
package struct JSONWriter: Sendable {
  /// The text for one level of indentation.
  package var indent = "  "

  /// Creates a writer that indents each level with `indent`.
  package init(indent: String = "  ") {
    self.indent = indent
  }

  /// Pretty-prints `value` with two-space indentation.
  ///
  /// The same as `JSONWriter().string(for: value)`.
  package static func write(_ value: JSONValue) -> String {
    JSONWriter().string(for: value)
  }

  /// Pretty-prints the value of `node` with two-space indentation; its location is not used.
  ///
  /// The same as `JSONWriter.write(node.value)`.
  package static func write(_ node: JSONNode) -> String {
    write(node.value)
  }

  /// A string as a JSON string literal, in double quotes with the writer's escapes and no
  /// newline: the one way MenuKit's writers spell a string in JSON text they build by hand.
  ///
  /// ```swift
  /// JSONWriter.quoted("tab\there")  // #""tab\there""#
  /// ```
  package static func quoted(_ string: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(string.utf8.count + 2)
    appendQuoted(string, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Pretty-prints `value` with this writer's indentation, ending with a newline.
  ///
  /// Output is collected as UTF-8 bytes and turned into a string once, so large trees are
  /// written in linear time.
  package func string(for value: JSONValue) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    append(value, level: 0, to: &output)
    output.append(0x0A)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `value`, whose first line is already indented to `level`, to `output`.
  ///
  /// Nested lines are indented to `level + 1` and the closing bracket back to `level`.
  /// Recursion follows the value's nesting, which ``JSONReader`` bounds by its maximum depth.
  private func append(_ value: JSONValue, level: Int, to output: inout [UInt8]) {
    switch value {
    case .null:
      output.append(contentsOf: "null".utf8)
    case .bool(let flag):
      output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let number, let literal):
      output.append(contentsOf: Self.numberText(number, literal: literal).utf8)
    case .string(let string):
      Self.appendQuoted(string, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append(contentsOf: "[]".utf8)
        return
      }
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        output.append(contentsOf: offset == 0 ? "\n".utf8 : ",\n".utf8)
        appendIndent(level + 1, to: &output)
        append(element.value, level: level + 1, to: &output)
      }
      output.append(0x0A)
      appendIndent(level, to: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output.append(contentsOf: "{}".utf8)
        return
      }
      output.append(UInt8(ascii: "{"))
      for (offset, member) in members.enumerated() {
        output.append(contentsOf: offset == 0 ? "\n".utf8 : ",\n".utf8)
        appendIndent(level + 1, to: &output)
        Self.appendQuoted(member.key, to: &output)
        output.append(contentsOf: ": ".utf8)
        append(member.value.value, level: level + 1, to: &output)
      }
      output.append(0x0A)
      appendIndent(level, to: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `level` copies of ``indent``.
  ///
  /// Nothing is appended at level 0.
  private func appendIndent(_ level: Int, to output: inout [UInt8]) {
    for _ in 0..<level { output.append(contentsOf: indent.utf8) }
  }

  /// Appends `string` in double quotes with JSON escapes.
  ///
  /// Only `"`, `\` and characters below U+0020 are escaped; everything else, including
  /// non-ASCII text, is copied as UTF-8.
  static func appendQuoted(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case 0x0A: output.append(contentsOf: "\\n".utf8)
      case 0x0D: output.append(contentsOf: "\\r".utf8)
      case 0x09: output.append(contentsOf: "\\t".utf8)
      case 0x08: output.append(contentsOf: "\\b".utf8)
      case 0x0C: output.append(contentsOf: "\\f".utf8)
      case ..<0x20:
        output.append(contentsOf: "\\u00".utf8)
        output.append(UInt8(ascii: "0") + byte >> 4)
        let low = byte & 0x0F
        output.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The JSON text for a number: `literal` when it is plain JSON, otherwise a canonical form.
  ///
  /// The literal is trusted to match `value`; it is not re-parsed. The canonical form writes
  /// integers within ±2^53 without a fraction (`-0` keeps its sign), other finite values as
  /// `description`, and infinities and NaN as `null`.
  static func numberText(_ value: Double, literal: String) -> String {
    guard value.isFinite else { return "null" }
    if isPlainJSONNumber(literal) { return literal }
    if value == 0 { return value.sign == .minus ? "-0" : "0" }
    if abs(value) <= 9_007_199_254_740_992, Double(Int64(value)) == value {
      return String(Int64(value))
    }
    return value.description
  }

  /// Whether `literal` is a number in standard JSON syntax.
  ///
  /// The grammar is `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: no hex, no `+`, no bare
  /// decimal point, no leading zeros.
  static func isPlainJSONNumber(_ literal: String) -> Bool {
    let bytes = Array(literal.utf8)
    var position = 0
    /// Skips a run of digits and returns how many there were.
    func digits() -> Int {
      let start = position
      while position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
      return position - start
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0 else { return false }
    if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { return false }
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { return false }
    }
    if position < bytes.count && bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard digits() > 0 else { return false }
    }
    return position == bytes.count
  }
}
