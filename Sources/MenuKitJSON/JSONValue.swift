/// A JSON value as read from a menu file, with every nested value carrying its source position.
///
/// Numbers keep the text they were written as (`literal`) next to their `Double` value, so a
/// loader can report `"1e3"` as the user wrote it and the writer can print it back unchanged.
/// Object members keep their order and their duplicates: the loader, not the reader, decides
/// what a repeated key means and reports it.
///
/// The enum is not `indirect`: nesting goes through `Array`, which already stores its elements
/// out of line, so boxing every case would only cost an allocation per value.
package enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number: its value and the source text it was written as (empty when built in code).
  case number(Double, literal: String)
  /// A string, with its escapes decoded.
  case string(String)
  /// An array of values, in order.
  case array([JSONNode])
  /// An object's members, in source order, duplicates included.
  case object([JSONMember])

  /// The kind of value in words, for error messages: `null`, `boolean`, `number`, `string`,
  /// `array` or `object`.
  ///
  /// A loader uses it to say what it found, as in "expected a string, found an array";
  /// ``typeNameWithArticle`` adds the article.
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// ``typeName`` with its indefinite article, such as `a string` or `an array`; `null` alone.
  ///
  /// Fits the "found …" half of a message: "expected a string, found an array".
  package var typeNameWithArticle: String {
    switch self {
    case .null: "null"
    case .array, .object: "an \(typeName)"
    case .bool, .number, .string: "a \(typeName)"
    }
  }

  /// Whether the value is `null`.
  ///
  /// Equivalent to `self == .null`, spelled for use in conditions.
  package var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The Boolean, when the value is `true` or `false`.
  ///
  /// `nil` for every other kind; no conversion from numbers or strings is attempted.
  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The number's value, when the value is a number.
  ///
  /// `nil` for every other kind; the literal text is available from the case itself.
  package var numberValue: Double? {
    if case .number(let value, _) = self { return value }
    return nil
  }

  /// The string, when the value is a string.
  ///
  /// `nil` for every other kind, including numbers and keywords.
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, when the value is an array.
  ///
  /// `nil` for every other kind.
  package var arrayValue: [JSONNode]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The members in source order, duplicates included, when the value is an object.
  ///
  /// `nil` for every other kind.
  package var objectValue: [JSONMember]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// Whether two values are equal when source positions and number spellings are ignored.
  ///
  /// Numbers compare by their `Double` value, so `0x1F` matches `31`; strings, keys, member
  /// order and duplicates must match exactly. This is the equality a writer round trip keeps.
  package func isEquivalent(to other: JSONValue) -> Bool {
    switch (self, other) {
    case (.null, .null):
      return true
    case (.bool(let lhs), .bool(let rhs)):
      return lhs == rhs
    case (.number(let lhs, _), .number(let rhs, _)):
      return lhs == rhs || (lhs.isNaN && rhs.isNaN)
    case (.string(let lhs), .string(let rhs)):
      return lhs == rhs
    case (.array(let lhs), .array(let rhs)):
      return lhs.count == rhs.count
        && zip(lhs, rhs).allSatisfy { $0.value.isEquivalent(to: $1.value) }
    case (.object(let lhs), .object(let rhs)):
      return lhs.count == rhs.count
        && zip(lhs, rhs).allSatisfy {
          $0.key == $1.key && $0.value.value.isEquivalent(to: $1.value.value)
        }
    default:
      return false
    }
  }
}

/// A JSON value together with the position of its first character in the source.
///
/// For a string that is the opening quote, for an array its `[`, for a number its sign or first
/// digit. Values built in code can use any location, such as line 1, column 1.
package struct JSONNode: Hashable, Sendable {
  /// The value.
  package var value: JSONValue
  /// Where the value's first character is.
  package var location: SourceLocation

  /// Creates a node from a value and its location.
  package init(value: JSONValue, location: SourceLocation) {
    self.value = value
    self.location = location
  }
}

/// One `key: value` member of a JSON object, with where its key was written.
///
/// The key is decoded (escapes resolved, quotes removed); `keyLocation` points at its opening
/// quote, or at its first character when it was written unquoted.
package struct JSONMember: Hashable, Sendable {
  /// The member's name.
  package var key: String
  /// Where the name's first character (or opening quote) is.
  package var keyLocation: SourceLocation
  /// The member's value and its location.
  package var value: JSONNode

  /// Creates a member from its key, the key's location and its value.
  package init(key: String, keyLocation: SourceLocation, value: JSONNode) {
    self.key = key
    self.keyLocation = keyLocation
    self.value = value
  }
}

/// The first syntax error in a JSON text: what was wrong, what was expected, and where.
///
/// ``JSONReader`` stops at the first error. `message` names what it found and what it expected,
/// such as "expected ',' or '}' after an object member, found 'x'"; `location` points at the
/// offending character. `isNestingTooDeep` marks the one error that is about the document's
/// shape rather than its spelling, so a loader can give it its own diagnostic code.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in one sentence without a trailing period.
  package var message: String
  /// Where the offending character is.
  package var location: SourceLocation
  /// Whether arrays and objects nest deeper than the reader's maximum depth.
  package var isNestingTooDeep: Bool

  /// Creates an error.
  package init(message: String, location: SourceLocation, isNestingTooDeep: Bool = false) {
    self.message = message
    self.location = location
    self.isNestingTooDeep = isNestingTooDeep
  }

  /// `file:line:column: message`, or `line:column: message` when there is no file.
  package var description: String { "\(location): \(message)" }
}
