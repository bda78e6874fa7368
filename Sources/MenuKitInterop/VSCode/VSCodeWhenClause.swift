import MenuKit

/// Reads and writes VS Code's `when` clauses as ``ContextPredicate``s.
///
/// VS Code's grammar, loosest first: `a || b`, `a && b`, `!a` (before a key, `true`, `false`
/// or a parenthesis), and the primaries `true`, `false`, `( … )`, `key`, `key == value`,
/// `key != value` (also `===`, `!==`), `key =~ /regex/flags`, `key in other`, `key not in
/// other`, `key < n`, `<=`, `>`, `>=`. Values are bare words or single-quoted strings.
///
/// The mapping (also in `docs/guides/importing-keymaps.md`):
/// - `&&`, `||`, `!`, parentheses, keys, `==` and `!=` map one to one; `key == true` is
///   `key`, `key == false` is `!key`.
/// - `true` and `false` are folded away: `a && true` is `a`; a clause that is always true is
///   no context; one that is always false never applies (`MK554`).
/// - `=~`, `in`, `not in` and the numeric comparisons have no MenuKit equivalent. Each such
///   comparison becomes the opaque identifier `vscode:` + its text (`'vscode:count > 0'`),
///   with an `MK553` warning; the writer turns the identifier back into the comparison.
struct VSCodeWhenClause {
  /// The prefix of an identifier that stands for a comparison MenuKit cannot express.
  static let opaquePrefix = "vscode:"

  /// A comparison that was kept as an opaque identifier: its text and the operator's name.
  struct Approximation: Hashable {
    /// The comparison's text as written, such as `count > 0`.
    var text: String
    /// What kind of operator it uses, for the warning.
    var kind: String
    /// The 1-based column of the comparison's key in the clause.
    var column: Int
    /// Whether the clause negates the comparison kept (`key not in list` is kept as
    /// `!'vscode:key in list'`).
    var negated = false
    /// The comparison as the clause writes it, when it differs from ``text``.
    var written: String? = nil

    /// The comparison as the clause writes it.
    var writtenText: String { written ?? text }
  }

  /// A problem in the clause's text: what and where (1-based column).
  struct ParseError: Error, Hashable {
    var message: String
    var column: Int
  }

  /// The result of parsing: a constant, or a predicate.
  enum Value: Hashable {
    /// The clause is always true or always false.
    case constant(Bool)
    /// The clause as a predicate.
    case predicate(ContextPredicate)
  }

  /// The context keys VS Code fixes per platform and folds away while parsing
  /// (`CONSTANT_VALUES` in `contextkey.ts`), for the desktop app on a platform profile:
  /// `isLinux` is true under linux, `isWindows` false, and so on.
  static func constants(on platform: PlatformProfile) -> [String: Bool] {
    [
      "isLinux": platform == .linux, "isMac": platform == .mac,
      "isWindows": platform == .windows, "isWeb": false, "isMacNative": platform == .mac,
      "isIOS": false, "isMobile": false,
    ]
  }

  /// The platform constants a clause names, sorted, for messages.
  static func constantKeys(in text: String, platform: PlatformProfile) -> [String] {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    guard (try? parser.tokenize()) != nil else { return [] }
    let constants = constants(on: platform)
    let words: [String] = parser.tokens.compactMap {
      if case .word(let word) = $0.kind, constants[word] != nil { return word }
      return nil
    }
    return Set(words).sorted()
  }

  /// The parsed clause.
  var value: Value
  /// The comparisons kept as opaque identifiers, in order.
  var approximations: [Approximation]

  /// Parses a clause.
  init(parsing text: String, platform: PlatformProfile? = nil) throws(ParseError) {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    parser.constants = platform.map(Self.constants(on:)) ?? [:]
    try parser.tokenize()
    let (value, _) = try parser.parseOr(nesting: 0)
    if parser.current.kind != .end {
      throw ParseError(
        message: "expected '&&', '||' or the end, found \(parser.current.kind.phrase)",
        column: parser.current.column)
    }
    self.value = value
    self.approximations = parser.approximations
  }
}

// MARK: - Writing

extension VSCodeWhenClause {
  /// A predicate written as a VS Code `when` clause, or the reason it cannot be.
  static func text(of predicate: ContextPredicate) -> Result<String, WriteError> {
    do {
      return .success(try write(predicate, minimumLevel: 0))
    } catch {
      return .failure(error)
    }
  }

  /// Why a predicate has no VS Code spelling.
  struct WriteError: Error, Hashable {
    var reason: String
  }

  /// The clause text, in parentheses when it binds more loosely than `minimumLevel`: 0 for
  /// `||`, 1 for `&&`, 2 for a comparison, 3 for a key or `!`. An operand of `&&` or `||`
  /// asks for one level more than its list, so the text parses back to the same tree.
  private static func write(_ predicate: ContextPredicate, minimumLevel: Int) throws(WriteError)
    -> String
  {
    let text: String
    let level: Int
    switch predicate {
    case .identifier(let name):
      if let comparison = opaqueComparison(name) {
        (text, level) = (comparison, 2)
      } else {
        (text, level) = (try key(name), 3)
      }
    case .equal(let name, let value):
      (text, level) = ("\(try key(name)) == \(try self.value(value))", 2)
    case .notEqual(let name, let value):
      (text, level) = ("\(try key(name)) != \(try self.value(value))", 2)
    case .not(.identifier(let name)) where notInComparison(name) != nil:
      (text, level) = (notInComparison(name)!, 2)
    case .not(let operand):
      (text, level) = ("!" + (try write(operand, minimumLevel: 3)), 3)
    case .and(let operands) where operands.count == 1, .or(let operands) where operands.count == 1:
      return try write(operands[0], minimumLevel: minimumLevel)
    case .and(let operands):
      var parts: [String] = []
      for operand in operands { parts.append(try write(operand, minimumLevel: 2)) }
      (text, level) = (operands.isEmpty ? "true" : parts.joined(separator: " && "), 1)
    case .or(let operands):
      var parts: [String] = []
      for operand in operands { parts.append(try write(operand, minimumLevel: 1)) }
      (text, level) = (operands.isEmpty ? "false" : parts.joined(separator: " || "), 0)
    case .descendant:
      throw WriteError(
        reason: "the ancestor operator '>' has no VS Code equivalent (in a when clause '>' "
          + "compares numbers)")
    }
    return level < minimumLevel ? "(\(text))" : text
  }

  /// The comparison an opaque identifier made by the reader stands for (`count > 0` for
  /// `vscode:count > 0`), or nil for any other identifier. A key that merely starts with the
  /// prefix, such as `vscode:foo`, is a key: its text does not read back as itself (found by
  /// fuzzing, docs/development/hardening.md).
  private static func opaqueComparison(_ name: String) -> String? {
    guard name.hasPrefix(opaquePrefix) else { return nil }
    let text = String(name.dropFirst(opaquePrefix.count))
    guard let clause = try? VSCodeWhenClause(parsing: text),
      clause.value == .predicate(.identifier(name))
    else { return nil }
    return text
  }

  /// `key not in list` for the opaque identifier of `key in list`, or nil.
  private static func notInComparison(_ name: String) -> String? {
    guard let comparison = opaqueComparison(name),
      let clause = try? VSCodeWhenClause(parsing: comparison),
      clause.approximations.count == 1, clause.approximations[0].kind == "'in'"
    else { return nil }
    var parser = Parser(scalars: Array(comparison.unicodeScalars))
    guard (try? parser.tokenize()) != nil, parser.tokens.count == 4 else { return nil }
    let key = parser.tokens[0]
    let value = parser.tokens[2]
    let scalars = Array(comparison.unicodeScalars)
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[(key.column - 1)..<key.end])
    text.append(contentsOf: " not in ".unicodeScalars)
    text.append(contentsOf: scalars[(value.column - 1)..<value.end])
    return String(text)
  }

  /// A context key as VS Code writes it, bare.
  private static func key(_ name: String) throws(WriteError) -> String {
    guard isBareWord(name) else {
      throw WriteError(reason: "'\(name)' cannot be written as a VS Code context key")
    }
    return name
  }

  /// A value, bare when it reads back as itself, else in single quotes.
  private static func value(_ value: String) throws(WriteError) -> String {
    if isBareWord(value) { return value }
    guard !value.contains("'") else {
      throw WriteError(reason: "the value '\(value)' contains a quote, which VS Code cannot write")
    }
    return "'\(value)'"
  }

  /// Whether a word reads back as a bare key or value (not a keyword, no operator characters).
  static func isBareWord(_ word: String) -> Bool {
    guard !word.isEmpty, !["true", "false", "in", "not"].contains(word) else { return false }
    var parser = Parser(scalars: Array(word.unicodeScalars))
    guard (try? parser.tokenize()) != nil, parser.tokens.count == 2,
      case .word(let read) = parser.tokens[0].kind
    else { return false }
    return read == word
  }
}

// MARK: - Internal

extension VSCodeWhenClause {
  /// A token of a clause.
  struct Token {
    enum Kind: Equatable {
      case word(String)
      case quoted(String)
      case regex(String)
      case and, or, not, open, close, equal, notEqual, match, less, lessOrEqual, greater
      case greaterOrEqual, end

      /// The token for messages.
      var phrase: String {
        switch self {
        case .word(let word): "'\(word)'"
        case .quoted(let text): "'\(text)' in quotes"
        case .regex(let text): "the regular expression \(text)"
        case .and: "'&&'"
        case .or: "'||'"
        case .not: "'!'"
        case .open: "'('"
        case .close: "')'"
        case .equal: "'=='"
        case .notEqual: "'!='"
        case .match: "'=~'"
        case .less: "'<'"
        case .lessOrEqual: "'<='"
        case .greater: "'>'"
        case .greaterOrEqual: "'>='"
        case .end: "the end"
        }
      }
    }
    var kind: Kind
    /// 1-based column of the first scalar.
    var column: Int
    /// Index of the scalar after the token.
    var end: Int
  }

  /// A recursive-descent parser over the clause's tokens.
  struct Parser {
    let scalars: [Unicode.Scalar]
    var tokens: [Token] = []
    var index = 0
    var approximations: [Approximation] = []
    /// The keys that are constants on the platform (``VSCodeWhenClause/constants(on:)``).
    var constants: [String: Bool] = [:]

    /// `key` alone: a constant on the platform, or the predicate that the context has it.
    func has(_ key: String) -> Value {
      constants[key].map(Value.constant) ?? .predicate(.identifier(key))
    }

    /// What an operand may start with, for messages.
    static let operandPhrase = "a context key, '!', 'true', 'false' or '('"

    init(scalars: [Unicode.Scalar]) {
      self.scalars = scalars
    }

    var current: Token { tokens[index] }

    /// Whether a scalar is white space to VS Code's scanner: space, tab, CR, LF and U+00A0.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{A0}"
    }

    /// Whether a scalar continues a bare word, as VS Code's scanner (`Scanner._isStringChar`)
    /// decides: ASCII letters and digits, `_ - . / \\ : * ? % + [ ] ^ , # @ ; "`, any scalar
    /// beyond ASCII, and `<` or `>` unless `=` follows (so `vim.use<C-a>` is one key and
    /// `count<=2` a comparison).
    static func continuesWord(_ scalar: Unicode.Scalar, next: Unicode.Scalar?) -> Bool {
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9": return true
      case "<", ">": return next != "="
      case "_", "-", ".", "/", "\\", ":", "*", "?", "%", "+", "[", "]", "^", ",", "#", "@", ";",
        "\"":
        return true
      default: return scalar.value > 127 && !isWhitespace(scalar)
      }
    }

    /// Splits the text into tokens; a regular expression is read after `=~`.
    mutating func tokenize() throws(ParseError) {
      var position = 0
      while true {
        while position < scalars.count, Self.isWhitespace(scalars[position]) {
          position += 1
        }
        let start = position
        guard position < scalars.count else {
          tokens.append(Token(kind: .end, column: start + 1, end: start))
          return
        }
        let scalar = scalars[position]
        let next: Unicode.Scalar? = position + 1 < scalars.count ? scalars[position + 1] : nil
        let kind: Token.Kind
        func error(_ message: String) -> ParseError {
          ParseError(message: message, column: start + 1)
        }
        switch scalar {
        case "&" where next == "&": kind = .and
        case "|" where next == "|": kind = .or
        case "&": throw error("unexpected '&'; use '&&' for 'and'")
        case "|": throw error("unexpected '|'; use '||' for 'or'")
        case "=" where next == "~": kind = .match
        case "=" where next == "=": kind = .equal
        case "=": throw error("unexpected '='; use '==' to compare a key with a value")
        case "!" where next == "=": kind = .notEqual
        case "!": kind = .not
        case "<" where next == "=": kind = .lessOrEqual
        case "<": kind = .less
        case ">" where next == "=": kind = .greaterOrEqual
        case ">": kind = .greater
        case "(": kind = .open
        case ")": kind = .close
        case "'": kind = .quoted(try quoted(from: position))
        case "/" where tokens.last?.kind == .match: kind = .regex(try regex(from: position))
        case "~": throw error("unexpected '~'; use '=~' to match a regular expression")
        default:
          // As VS Code's scanner: the first scalar starts a word whatever it is, and the word
          // goes on while scalars continue it (`<` and `>` too, unless `=` follows).
          position += 1
          while position < scalars.count,
            Self.continuesWord(
              scalars[position],
              next: position + 1 < scalars.count ? scalars[position + 1] : nil)
          {
            position += 1
          }
          var word = String.UnicodeScalarView()
          word.append(contentsOf: scalars[start..<position])
          tokens.append(Token(kind: .word(String(word)), column: start + 1, end: position))
          continue
        }
        switch kind {
        case .and, .or, .match, .equal, .lessOrEqual, .greaterOrEqual: position += 2
        case .notEqual:
          position += 2
          if position < scalars.count, scalars[position] == "=" { position += 1 }  // `!==`
        case .quoted(let text): position += text.unicodeScalars.count + 2
        case .regex(let text): position += text.unicodeScalars.count
        default: position += 1
        }
        if kind == .equal, position < scalars.count, scalars[position] == "=" {
          position += 1  // `===`
        }
        tokens.append(Token(kind: kind, column: start + 1, end: position))
      }
    }

    /// The contents of a quoted string starting at `start` (VS Code has no escapes in them).
    func quoted(from start: Int) throws(ParseError) -> String {
      let quote = scalars[start]
      var position = start + 1
      var text = String.UnicodeScalarView()
      while position < scalars.count, scalars[position] != quote {
        text.append(scalars[position])
        position += 1
      }
      guard position < scalars.count else {
        throw ParseError(
          message: "unterminated string; expected a closing \(quote == "'" ? "\"'\"" : "'\"'")",
          column: start + 1)
      }
      return String(text)
    }

    /// A regular expression literal `/…/flags` starting at `start`, as written.
    func regex(from start: Int) throws(ParseError) -> String {
      var position = start + 1
      var inClass = false
      while position < scalars.count {
        let scalar = scalars[position]
        if scalar == "\\" {
          position += 2
          continue
        }
        if scalar == "[" { inClass = true }
        if scalar == "]" { inClass = false }
        if scalar == "/", !inClass { break }
        position += 1
      }
      guard position < scalars.count else {
        throw ParseError(
          message: "unterminated regular expression; expected a closing '/'", column: start + 1)
      }
      position += 1
      while position < scalars.count, scalars[position].properties.isAlphabetic {
        position += 1
      }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[start..<position])
      return String(text)
    }

    /// A parsed part of a clause and its depth as ``ContextPredicate/maximumDepth`` counts it
    /// (0 for a constant, which folds away).
    typealias Parsed = (value: Value, depth: Int)

    /// An error at the current token when `depth` is more than
    /// ``ContextPredicate/maximumDepth``, with the message MenuKit's own parser gives: an
    /// imported clause is one that MenuKit's keymap files read back.
    func check(depth: Int) throws(ParseError) {
      guard depth > ContextPredicate.maximumDepth else { return }
      throw ParseError(message: ContextPredicate.tooDeepMessage, column: current.column)
    }

    /// `a || b || …`: one list, constants folded. `nesting` counts the parentheses and `!`
    /// open around this point, which alone make the parser recurse.
    mutating func parseOr(nesting: Int) throws(ParseError) -> Parsed {
      var chain = Chain(isAnd: false)
      chain.add(try parseAnd(nesting: nesting))
      while current.kind == .or {
        index += 1
        chain.add(try parseAnd(nesting: nesting))
        try check(depth: chain.depth)
      }
      return chain.result
    }

    /// `a && b && …`: one list, constants folded.
    mutating func parseAnd(nesting: Int) throws(ParseError) -> Parsed {
      var chain = Chain(isAnd: true)
      chain.add(try parseUnary(nesting: nesting, after: index > 0 ? tokens[index - 1] : nil))
      while current.kind == .and {
        index += 1
        chain.add(try parseUnary(nesting: nesting, after: tokens[index - 1]))
        try check(depth: chain.depth)
      }
      return chain.result
    }

    /// The operands of a chain of `&&` or of `||` as they are read, with constants folded
    /// (`a && true` is `a`, `a && false` is false) and an operand of the same kind flattened
    /// into the list, as ``ContextPredicate``'s parser does.
    struct Chain {
      let isAnd: Bool
      var operands: [ContextPredicate] = []
      var operandDepth = 0
      /// The constant that decides the whole chain: false for `&&`, true for `||`.
      var isDecided = false

      mutating func add(_ parsed: Parsed) {
        switch parsed.value {
        case .constant(let value):
          // `true && x` is x and `false && x` false; `false || x` is x and `true || x` true.
          if value != isAnd { isDecided = true }
        case .predicate(.and(let inner)) where isAnd:
          operands += inner
          operandDepth = max(operandDepth, parsed.depth - 1)
        case .predicate(.or(let inner)) where !isAnd:
          operands += inner
          operandDepth = max(operandDepth, parsed.depth - 1)
        case .predicate(let predicate):
          operands.append(predicate)
          operandDepth = max(operandDepth, parsed.depth)
        }
      }

      /// The depth of ``result``, without making it.
      var depth: Int {
        if isDecided { return 0 }
        return operands.count < 2 ? operandDepth : operandDepth + 1
      }

      var result: Parsed {
        if isDecided { return (.constant(!isAnd), 0) }
        switch operands.count {
        case 0: return (.constant(isAnd), 0)
        case 1: return (.predicate(operands[0]), operandDepth)
        default: return (.predicate(isAnd ? .and(operands) : .or(operands)), operandDepth + 1)
        }
      }
    }

    /// `!` before a key, a constant or a parenthesis, else a primary.
    mutating func parseUnary(nesting: Int, after previous: Token?) throws(ParseError) -> Parsed {
      guard current.kind == .not else { return try parsePrimary(nesting: nesting, after: previous) }
      let bang = current
      index += 1
      switch current.kind {
      case .word(let word) where word == "true" || word == "false":
        index += 1
        return (.constant(word == "false"), 0)
      case .word(let word) where word != "in" && word != "not":
        index += 1
        if let constant = constants[word] { return (.constant(!constant), 0) }
        return (.predicate(.not(.identifier(word))), 2)
      case .open, .not:
        if nesting >= ContextPredicate.maximumDepth {
          throw ParseError(message: ContextPredicate.tooDeepMessage, column: bang.column)
        }
        let operand = try parseUnary(nesting: nesting + 1, after: bang)
        switch operand.value {
        case .constant(let flag): return (.constant(!flag), 0)
        case .predicate(let predicate):
          try check(depth: operand.depth + 1)
          return (.predicate(.not(predicate)), operand.depth + 1)
        }
      default:
        throw ParseError(
          message: "expected a context key, 'true', 'false' or '(' after '!', found "
            + current.kind.phrase,
          column: current.column)
      }
    }

    mutating func parsePrimary(nesting: Int, after previous: Token?) throws(ParseError) -> Parsed {
      let token = current
      switch token.kind {
      case .open:
        if nesting >= ContextPredicate.maximumDepth {
          throw ParseError(message: ContextPredicate.tooDeepMessage, column: token.column)
        }
        index += 1
        let value = try parseOr(nesting: nesting + 1)
        guard current.kind == .close else {
          throw ParseError(
            message: "expected ')' to close the '(' at column \(token.column), found "
              + current.kind.phrase,
            column: current.column)
        }
        index += 1
        return value
      case .word("true"):
        index += 1
        return (.constant(true), 0)
      case .word("false"):
        index += 1
        return (.constant(false), 0)
      case .word(let key) where key != "in" && key != "not":
        index += 1
        let value = try parseComparison(key: key, keyToken: token)
        if case .constant = value { return (value, 0) }
        guard case .predicate(.not) = value else { return (value, 1) }
        return (value, 2)
      default:
        let after = previous.map { " after \($0.kind.phrase)" } ?? ""
        throw ParseError(
          message: "expected \(Self.operandPhrase)\(after), found \(token.kind.phrase)",
          column: token.column)
      }
    }

    /// What follows a key: nothing, or an operator and a value.
    mutating func parseComparison(key: String, keyToken: Token) throws(ParseError) -> Value {
      let operatorToken = current
      switch operatorToken.kind {
      case .equal, .notEqual:
        index += 1
        let isEqual = operatorToken.kind == .equal
        switch current.kind {
        case .word("true"), .word("false"):
          let isTrue = current.kind == .word("true")
          index += 1
          if let constant = constants[key] { return .constant((constant == isTrue) == isEqual) }
          let has = ContextPredicate.identifier(key)
          return .predicate(isTrue == isEqual ? has : .not(has))
        case .word(let value), .quoted(let value):
          index += 1
          return .predicate(isEqual ? .equal(key, value) : .notEqual(key, value))
        default:
          throw expectedValue(after: operatorToken)
        }
      case .match:
        index += 1
        switch current.kind {
        case .regex, .word, .quoted:
          index += 1
          return approximate(from: keyToken, kind: "regular-expression match")
        default:
          throw ParseError(
            message: "expected a regular expression such as /^abc$/ after '=~', found "
              + current.kind.phrase,
            column: current.column)
        }
      case .less, .lessOrEqual, .greater, .greaterOrEqual:
        index += 1
        guard case .word = current.kind else { throw expectedValue(after: operatorToken) }
        index += 1
        return approximate(from: keyToken, kind: "numeric comparison")
      case .word("in"):
        index += 1
        guard isValue(current.kind) else { throw expectedValue(after: operatorToken) }
        index += 1
        return approximate(from: keyToken, kind: "'in'")
      case .word("not"):
        index += 1
        guard current.kind == .word("in") else {
          throw ParseError(
            message: "expected 'in' after 'not', found \(current.kind.phrase)",
            column: current.column)
        }
        index += 1
        guard isValue(current.kind) else { throw expectedValue(after: operatorToken) }
        index += 1
        return approximateNotIn(key: keyToken, value: tokens[index - 1])
      default:
        return has(key)
      }
    }

    func isValue(_ kind: Token.Kind) -> Bool {
      switch kind {
      case .word, .quoted: true
      default: false
      }
    }

    func expectedValue(after token: Token) -> ParseError {
      ParseError(
        message: "expected a value after \(token.kind.phrase), found \(current.kind.phrase)",
        column: current.column)
    }

    /// The comparison from `keyToken` to the previous token, as an opaque identifier.
    /// `key not in list` as the negation of the opaque `key in list`: VS Code's `not in` is
    /// `!(key in list)` (`ContextKeyNotInExpr`), so where nothing is known about the list it
    /// holds, as in VS Code where the list is undefined.
    mutating func approximateNotIn(key keyToken: Token, value valueToken: Token) -> Value {
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[(keyToken.column - 1)..<keyToken.end])
      text.append(contentsOf: " in ".unicodeScalars)
      text.append(contentsOf: scalars[(valueToken.column - 1)..<valueToken.end])
      let comparison = String(text)
      var written = String.UnicodeScalarView()
      written.append(contentsOf: scalars[(keyToken.column - 1)..<valueToken.end])
      approximations.append(
        Approximation(
          text: comparison, kind: "'not in'", column: keyToken.column, negated: true,
          written: String(written)))
      return .predicate(.not(.identifier(VSCodeWhenClause.opaquePrefix + comparison)))
    }

    mutating func approximate(from keyToken: Token, kind: String) -> Value {
      let start = keyToken.column - 1
      let end = tokens[index - 1].end
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[start..<end])
      let comparison = String(text)
      approximations.append(Approximation(text: comparison, kind: kind, column: keyToken.column))
      return .predicate(.identifier(VSCodeWhenClause.opaquePrefix + comparison))
    }
  }
}
