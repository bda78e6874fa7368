/// What one responder contributes to key-binding contexts: identifiers and key/value pairs.
///
/// A responder that wants bindings scoped to it contributes a context, such as an editor that
/// contributes the identifier `Editor` and the value `mode` = `full`. The contexts of the
/// responders on the chain, root first, form the *context stack* that a
/// ``ContextPredicate`` is evaluated against.
///
/// The text form lists identifiers and `key=value` pairs separated by spaces; a stack joins
/// contexts with `>`, root first:
///
/// ```swift
/// let editor = try KeyContext(parsing: "Editor mode=full")
/// editor.identifiers  // ["Editor"]
/// editor.values       // ["mode": "full"]
/// let stack = try KeyContext.stack(parsing: "Workspace > Pane > Editor mode=full")
/// stack.count         // 3
/// ```
public struct KeyContext: Hashable, Sendable {
  /// The identifiers, such as `Editor` or `readOnly`.
  public var identifiers: Set<String>
  /// The key/value pairs, such as `mode` = `full`.
  public var values: [String: String]

  /// Creates a context from identifiers and key/value pairs.
  ///
  /// - Parameters:
  ///   - identifiers: The identifiers the context has.
  ///   - values: The key/value pairs the context has.
  public init(_ identifiers: Set<String> = [], values: [String: String] = [:]) {
    self.identifiers = identifiers
    self.values = values
  }

  /// Parses one context: identifiers and `key=value` pairs separated by spaces.
  ///
  /// Identifiers, keys and values are made of letters, digits and `_ . : -`; a value may also
  /// be quoted (`title='My file'`). A key given twice keeps its last value.
  ///
  /// ```swift
  /// try KeyContext(parsing: "Editor mode=full")  // identifiers ["Editor"], values ["mode": "full"]
  /// ```
  ///
  /// - Parameter text: The context's text.
  /// - Throws: ``ContextPredicateError`` with the column of the offending character.
  public init(parsing text: String) throws(ContextPredicateError) {
    var scanner = KeyContextScanner(text: text, allowsStack: false)
    let stack = try scanner.scanStack()
    self = stack.first ?? KeyContext()
  }

  /// Parses a context stack: contexts separated by `>`, root first.
  ///
  /// An empty or blank text is the empty stack.
  ///
  /// ```swift
  /// let stack = try KeyContext.stack(parsing: "Workspace > Pane > Editor mode=full")
  /// stack.map(\.identifiers)  // [["Workspace"], ["Pane"], ["Editor"]]
  /// ```
  ///
  /// - Parameter text: The stack's text.
  /// - Returns: The contexts, root first.
  /// - Throws: ``ContextPredicateError`` with the column of the offending character, such as an
  ///   empty context between two `>`.
  public static func stack(parsing text: String) throws(ContextPredicateError) -> [KeyContext] {
    var scanner = KeyContextScanner(text: text, allowsStack: true)
    return try scanner.scanStack()
  }
}

extension KeyContext: CustomStringConvertible {
  /// The text form: sorted identifiers, then sorted `key=value` pairs, separated by spaces.
  ///
  /// It parses back to an equal context with ``init(parsing:)``.
  public var description: String {
    let words = identifiers.sorted().map(ContextPredicate.quotedIfNeeded)
    let pairs = values.sorted { $0.key < $1.key }.map {
      "\(ContextPredicate.quotedIfNeeded($0.key))=\(ContextPredicate.quotedIfNeeded($0.value))"
    }
    return (words + pairs).joined(separator: " ")
  }
}

// MARK: - Scanning

/// Reads the text form of contexts and context stacks.
private struct KeyContextScanner {
  /// The text's scalars.
  let scalars: [Unicode.Scalar]
  /// Whether `>` may separate contexts.
  let allowsStack: Bool
  /// The index of the next scalar.
  var index = 0

  /// Creates a scanner at the start of `text`.
  init(text: String, allowsStack: Bool) {
    self.scalars = Array(text.unicodeScalars)
    self.allowsStack = allowsStack
  }

  /// Reads the whole text as contexts separated by `>`.
  mutating func scanStack() throws(ContextPredicateError) -> [KeyContext] {
    var stack: [KeyContext] = []
    var current = KeyContext()
    var isEmpty = true
    var separator: Int?
    while true {
      skipSpaces()
      guard index < scalars.count else { break }
      let scalar = scalars[index]
      if scalar == ">" {
        guard allowsStack else {
          throw error(
            "unexpected '>' in a single context; a context stack is parsed with "
              + "KeyContext.stack(parsing:)")
        }
        if isEmpty {
          throw error("expected a context before '>'")
        }
        stack.append(current)
        current = KeyContext()
        isEmpty = true
        separator = index
        index += 1
        continue
      }
      let keyColumn = index + 1
      guard let word = try scanWord() else {
        throw error(
          "unexpected \(Self.describe(scalar)); expected an identifier or a key=value pair")
      }
      if index < scalars.count, scalars[index] == "=" {
        index += 1
        guard let value = try scanWord() else {
          throw error("expected a value after '=' for the key '\(word)'")
        }
        current.values[word] = value
      } else {
        guard !word.isEmpty else {
          throw ContextPredicateError(
            message: "expected an identifier, found an empty quoted string", column: keyColumn)
        }
        current.identifiers.insert(word)
      }
      isEmpty = false
      if index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != ">" {
        throw error(
          "unexpected \(Self.describe(scalars[index])); separate identifiers and key=value "
            + "pairs with spaces")
      }
    }
    if isEmpty {
      if let separator {
        throw ContextPredicateError(
          message: "expected a context after '>'", column: separator + 1)
      }
      return stack
    }
    stack.append(current)
    return stack
  }

  /// Reads an identifier or a quoted string; nil when neither starts at `index`.
  mutating func scanWord() throws(ContextPredicateError) -> String? {
    guard index < scalars.count else { return nil }
    let first = scalars[index]
    if first == "'" || first == "\"" {
      let start = index
      var value = String.UnicodeScalarView()
      index += 1
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == first {
          index += 1
          return String(value)
        }
        if scalar == "\\", index + 1 < scalars.count {
          index += 1
        }
        value.append(scalars[index])
        index += 1
      }
      throw ContextPredicateError(message: "unterminated quoted string", column: start + 1)
    }
    guard ContextPredicate.isIdentifierScalar(first) else { return nil }
    var word = String.UnicodeScalarView()
    while index < scalars.count, ContextPredicate.isIdentifierScalar(scalars[index]) {
      word.append(scalars[index])
      index += 1
    }
    return String(word)
  }

  /// Skips spaces and tabs.
  mutating func skipSpaces() {
    while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
  }

  /// An error at the current scalar.
  func error(_ message: String) -> ContextPredicateError {
    ContextPredicateError(message: message, column: index + 1)
  }

  /// Whether a scalar separates words.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace
  }

  /// A scalar for a message: `'@'`, or `U+0009` for an invisible one.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    ContextPredicate.describe(scalar)
  }
}
