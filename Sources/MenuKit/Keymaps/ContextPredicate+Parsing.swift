// MARK: - API

extension ContextPredicate {
  /// Parses the text form of a predicate, such as `Editor && !readOnly` or `Pane > Editor`.
  ///
  /// Operators, from the loosest to the tightest: `>` (left-associative), `||`, `&&`,
  /// `==` and `!=`, `!`. Identifiers are made of letters, digits and `_ . : -`; a name with
  /// other characters is quoted (`title == 'My file'`). The left side of `==` and `!=` is a
  /// key, the right side a value. A chain of `&&` or of `||` becomes one list, of any length;
  /// nesting is limited to ``maximumDepth`` levels.
  ///
  /// ```swift
  /// let predicate = try ContextPredicate(parsing: "Editor && (mode == full || !readOnly)")
  /// // .and([.identifier("Editor"), .or([.equal("mode", "full"), .not(.identifier("readOnly"))])])
  /// ```
  ///
  /// - Complexity: O(*n*) for a text of *n* characters.
  ///
  /// - Parameter text: The predicate's text.
  /// - Throws: ``ContextPredicateError`` with the column of the problem and what was expected
  ///   there, such as "expected an identifier, '!' or '(' after '&&'".
  public init(parsing text: String) throws(ContextPredicateError) {
    var lexer = PredicateLexer(text: text)
    let tokens = try lexer.tokens()
    var parser = PredicateParser(tokens: tokens)
    self = try parser.parsePredicate()
  }
}

// MARK: - Tokens

/// One token of a predicate's text.
private struct PredicateToken {
  /// What the token is.
  enum Kind: Equatable {
    /// An identifier, or a quoted name with its quotes removed.
    case name(String)
    /// `&&`, `||`, `>`, `==`, `!=`, `!`, `(`, `)`.
    case and, or, descendant, equal, notEqual, not, open, close
    /// The end of the text.
    case end
  }

  /// What the token is.
  var kind: Kind
  /// The 1-based column of its first character.
  var column: Int

  /// The token as messages quote it.
  var quoted: String {
    switch kind {
    case .name(let name): "'\(name)'"
    case .and: "'&&'"
    case .or: "'||'"
    case .descendant: "'>'"
    case .equal: "'=='"
    case .notEqual: "'!='"
    case .not: "'!'"
    case .open: "'('"
    case .close: "')'"
    case .end: "the end"
    }
  }

  /// Whether the token is a name.
  var isName: Bool {
    if case .name = kind { return true }
    return false
  }
}

/// Splits a predicate's text into tokens; reports characters that start no token.
private struct PredicateLexer {
  /// The text's scalars.
  let scalars: [Unicode.Scalar]
  /// The index of the next scalar.
  var index = 0

  /// Creates a lexer at the start of `text`.
  init(text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// Every token, ending with ``PredicateToken/Kind/end``.
  mutating func tokens() throws(ContextPredicateError) -> [PredicateToken] {
    var tokens: [PredicateToken] = []
    while true {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
      let column = index + 1
      guard index < scalars.count else {
        tokens.append(PredicateToken(kind: .end, column: column))
        return tokens
      }
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      let kind: PredicateToken.Kind
      switch scalar {
      case "&" where next == "&": kind = .and
      case "|" where next == "|": kind = .or
      case "=" where next == "=": kind = .equal
      case "!" where next == "=": kind = .notEqual
      case "&": throw error("unexpected '&'; use '&&' for 'and'")
      case "|": throw error("unexpected '|'; use '||' for 'or'")
      case "=": throw error("unexpected '='; use '==' to compare a key with a value")
      case "!": kind = .not
      case ">": kind = .descendant
      case "(": kind = .open
      case ")": kind = .close
      case "'", "\"": kind = .name(try quotedName())
      default:
        guard ContextPredicate.isIdentifierScalar(scalar) else {
          throw error(
            "unexpected \(ContextPredicate.describe(scalar)); identifiers are made of letters, "
              + "digits, '_', '.', ':' and '-', and other names are quoted")
        }
        var name = String.UnicodeScalarView()
        while index < scalars.count, ContextPredicate.isIdentifierScalar(scalars[index]) {
          name.append(scalars[index])
          index += 1
        }
        tokens.append(PredicateToken(kind: .name(String(name)), column: column))
        continue
      }
      switch kind {
      case .name: break
      case .and, .or, .equal, .notEqual: index += 2
      default: index += 1
      }
      tokens.append(PredicateToken(kind: kind, column: column))
    }
  }

  /// Reads a quoted name at `index`, where its quote is; `\` escapes the next character.
  mutating func quotedName() throws(ContextPredicateError) -> String {
    let quote = scalars[index]
    let start = index
    var name = String.UnicodeScalarView()
    index += 1
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == quote {
        index += 1
        return String(name)
      }
      if scalar == "\\", index + 1 < scalars.count { index += 1 }
      name.append(scalars[index])
      index += 1
    }
    throw ContextPredicateError(
      message: "unterminated quoted name; expected a closing \(quote == "'" ? "\"'\"" : "'\"'")",
      column: start + 1)
  }

  /// An error at the current scalar.
  func error(_ message: String) -> ContextPredicateError {
    ContextPredicateError(message: message, column: index + 1)
  }
}

// MARK: - Parser

/// A recursive-descent parser over the tokens, one function per precedence level.
///
/// Chains of `&&`, `||` and `>` are read in loops, and a chain of `&&` or `||` becomes one
/// list, so a chain of any length costs neither stack nor depth. Recursion happens only for
/// parentheses and `!`, whose nesting is bounded by ``ContextPredicate/maximumDepth``, so no
/// text can overflow the stack. Each function returns the predicate's depth as
/// ``ContextPredicate/maximumDepth`` counts it.
private struct PredicateParser {
  /// The tokens, ending with `.end`.
  let tokens: [PredicateToken]
  /// The index of the current token.
  var position = 0

  /// The phrase for what may start an operand.
  static let operandPhrase = "an identifier, '!' or '('"

  /// Creates a parser at the first token.
  init(tokens: [PredicateToken]) {
    self.tokens = tokens
  }

  /// The current token.
  var current: PredicateToken { tokens[position] }

  /// Parses the whole text; anything after a complete predicate is an error.
  mutating func parsePredicate() throws(ContextPredicateError) -> ContextPredicate {
    if current.kind == .end {
      throw ContextPredicateError(
        message: "empty predicate; expected \(Self.operandPhrase)", column: current.column)
    }
    let (predicate, _) = try parseDescendant(after: nil, nesting: 0)
    switch current.kind {
    case .end:
      return predicate
    case .close:
      throw ContextPredicateError(
        message: "unexpected ')' without a matching '('", column: current.column)
    default:
      throw ContextPredicateError(
        message: "expected '&&', '||', '>' or the end, found \(current.quoted)",
        column: current.column)
    }
  }

  /// `A > B > …` (left-associative); returns the predicate and its depth.
  ///
  /// `nesting` counts the parentheses and `!` open around this point.
  mutating func parseDescendant(after previous: PredicateToken?, nesting: Int)
    throws(ContextPredicateError) -> (ContextPredicate, Int)
  {
    var (lhs, depth) = try parseOr(after: previous, nesting: nesting)
    while current.kind == .descendant {
      let op = current
      position += 1
      let (rhs, rhsDepth) = try parseOr(after: op, nesting: nesting)
      depth = try Self.depth(over: max(depth, rhsDepth), at: op)
      lhs = .descendant(lhs, rhs)
    }
    return (lhs, depth)
  }

  /// `A || B || …`, as one list.
  mutating func parseOr(after previous: PredicateToken?, nesting: Int)
    throws(ContextPredicateError) -> (ContextPredicate, Int)
  {
    let (first, firstDepth) = try parseAnd(after: previous, nesting: nesting)
    guard current.kind == .or else { return (first, firstDepth) }
    var chain = Chain(isAnd: false)
    chain.add(first, depth: firstDepth)
    while current.kind == .or {
      let op = current
      position += 1
      let (operand, depth) = try parseAnd(after: op, nesting: nesting)
      chain.add(operand, depth: depth)
      try chain.check(at: op)
    }
    return chain.result
  }

  /// `A && B && …`, as one list.
  mutating func parseAnd(after previous: PredicateToken?, nesting: Int)
    throws(ContextPredicateError) -> (ContextPredicate, Int)
  {
    let (first, firstDepth) = try parseComparison(after: previous, nesting: nesting)
    guard current.kind == .and else { return (first, firstDepth) }
    var chain = Chain(isAnd: true)
    chain.add(first, depth: firstDepth)
    while current.kind == .and {
      let op = current
      position += 1
      let (operand, depth) = try parseComparison(after: op, nesting: nesting)
      chain.add(operand, depth: depth)
      try chain.check(at: op)
    }
    return chain.result
  }

  /// The operands of a chain of `&&` or of `||` as they are read. An operand of the same kind
  /// (a parenthesized chain) contributes its operands, so `a && (b && c)` is one list of three.
  struct Chain {
    let isAnd: Bool
    var operands: [ContextPredicate] = []
    /// The deepest operand's depth.
    var operandDepth = 0

    mutating func add(_ operand: ContextPredicate, depth: Int) {
      switch (isAnd, operand) {
      case (true, .and(let inner)), (false, .or(let inner)):
        operands += inner
        operandDepth = max(operandDepth, depth - 1)
      default:
        operands.append(operand)
        operandDepth = max(operandDepth, depth)
      }
    }

    /// An error at `op` when the chain is deeper than allowed.
    func check(at op: PredicateToken) throws(ContextPredicateError) {
      _ = try PredicateParser.depth(over: operandDepth, at: op)
    }

    var result: (ContextPredicate, Int) {
      (isAnd ? .and(operands) : .or(operands), operandDepth + 1)
    }
  }

  /// `key == value`, `key != value`, or a unary predicate.
  mutating func parseComparison(after previous: PredicateToken?, nesting: Int)
    throws(ContextPredicateError) -> (ContextPredicate, Int)
  {
    let start = position
    let (operand, depth) = try parseUnary(after: previous, nesting: nesting)
    let op = current
    guard op.kind == .equal || op.kind == .notEqual else { return (operand, depth) }
    guard position == start + 1, case .name(let key) = tokens[start].kind else {
      throw ContextPredicateError(
        message: "expected a key on the left of \(op.quoted), such as 'mode == full'",
        column: op.column)
    }
    position += 1
    guard case .name(let value) = current.kind else {
      throw ContextPredicateError(
        message: "expected a value after \(op.quoted), found \(current.quoted)",
        column: current.column)
    }
    position += 1
    let predicate: ContextPredicate =
      op.kind == .equal ? .equal(key, value) : .notEqual(key, value)
    return (predicate, 1)
  }

  /// `!A`, or a primary.
  mutating func parseUnary(after previous: PredicateToken?, nesting: Int)
    throws(ContextPredicateError) -> (ContextPredicate, Int)
  {
    guard current.kind == .not else { return try parsePrimary(after: previous, nesting: nesting) }
    let op = current
    try Self.checkNesting(nesting + 1, at: op)
    position += 1
    let (operand, depth) = try parseUnary(after: op, nesting: nesting + 1)
    return (.not(operand), try Self.depth(over: depth, at: op))
  }

  /// A name, or a parenthesized predicate.
  mutating func parsePrimary(after previous: PredicateToken?, nesting: Int)
    throws(ContextPredicateError) -> (ContextPredicate, Int)
  {
    let token = current
    switch token.kind {
    case .name(let name):
      position += 1
      return (.identifier(name), 1)
    case .open:
      try Self.checkNesting(nesting + 1, at: token)
      position += 1
      let inner = try parseDescendant(after: token, nesting: nesting + 1)
      guard current.kind == .close else {
        throw ContextPredicateError(
          message:
            "expected ')' to close the '(' at column \(token.column), found \(current.quoted)",
          column: current.column)
      }
      position += 1
      return inner
    default:
      let place = previous.map { " after \($0.quoted)" } ?? ""
      throw ContextPredicateError(
        message: "expected \(Self.operandPhrase)\(place), found \(token.quoted)",
        column: token.column)
    }
  }

  /// The depth of an operator over operands at most `operandDepth` deep; an error at `op` when
  /// it is deeper than allowed.
  static func depth(over operandDepth: Int, at op: PredicateToken) throws(ContextPredicateError)
    -> Int
  {
    let depth = operandDepth + 1
    try checkNesting(depth, at: op)
    return depth
  }

  /// An error at `token` when `depth` exceeds the limit.
  static func checkNesting(_ depth: Int, at token: PredicateToken) throws(ContextPredicateError) {
    guard depth > ContextPredicate.maximumDepth else { return }
    throw ContextPredicateError(message: ContextPredicate.tooDeepMessage, column: token.column)
  }
}

extension ContextPredicate {
  /// The message for a predicate deeper than ``maximumDepth``, the same in every reader.
  package static let tooDeepMessage =
    "the predicate nests deeper than \(maximumDepth) levels; split it into simpler predicates"
}
