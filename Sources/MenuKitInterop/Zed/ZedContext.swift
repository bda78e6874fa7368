import MenuKit

/// Reads a Zed keymap section's `context` as gpui reads it
/// (`KeyBindingContextPredicate::parse`, `crates/gpui/src/keymap/context.rs`), into a
/// ``ContextPredicate``.
///
/// gpui's grammar, by precedence climbing from the loosest operator: `>` (1), `||` (2), `&&`
/// (3), `==` and `!=` (4, both operands identifiers), `!` (5, before a primary), parentheses.
/// An identifier starts with a letter, a digit, `_` or `-` and goes on through those and Vim's
/// operator characters `> < ~ " ?`, so `g~` and `g?` are identifiers (Zed's vim.json has
/// `vim_operator == g~`); one of those characters alone is an identifier too (`vim_operator ==
/// >`). The result is MenuKit's predicate with the same meaning; names MenuKit's own text cannot
/// write bare are quoted there (`vim_operator == 'g~'`), so the imported keymap loads back.
enum ZedContext {
  /// Parses a context as gpui does.
  ///
  /// - Throws: ``ContextPredicateError`` with the 1-based column of the problem.
  static func parse(_ text: String) throws(ContextPredicateError) -> ContextPredicate {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    parser.skipWhitespace()
    let predicate = try parser.parseExpression(minimumPrecedence: 0, nesting: 0)
    if parser.position < parser.scalars.count {
      throw parser.error("unexpected \(ContextPredicate.describe(parser.scalars[parser.position]))")
    }
    return predicate
  }

  /// gpui's precedences.
  static let child = 1
  static let or = 2
  static let and = 3
  static let equality = 4
  static let not = 5

  /// A letter or digit of any script, `_` or `-` (gpui's `is_identifier_char`).
  static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "-" || scalar.properties.isAlphabetic
      || scalar.properties.numericType != nil
  }

  /// Vim's operator characters, which gpui reads as identifiers (`is_vim_operator_char`).
  static func isVimOperatorScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar == ">" || scalar == "<" || scalar == "~" || scalar == "\"" || scalar == "?"
  }

  /// The precedence-climbing parser over a context's scalars.
  struct Parser {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(scalars: [Unicode.Scalar]) {
      self.scalars = scalars
    }

    func error(_ message: String) -> ContextPredicateError {
      ContextPredicateError(message: message, column: position + 1)
    }

    mutating func skipWhitespace() {
      while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    func starts(with text: String) -> Bool {
      var index = position
      for scalar in text.unicodeScalars {
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
      }
      return true
    }

    /// A parsed part and its depth as ``ContextPredicate/maximumDepth`` counts it.
    typealias Parsed = (predicate: ContextPredicate, depth: Int)

    /// An operand and the operators of at least `minimumPrecedence` after it, left to right.
    /// `nesting` counts the parentheses and `!` open here, which alone make it recurse more
    /// than a fixed number of levels. A run of `&&` or of `||` is gathered into one list, so
    /// a long chain is read in linear time.
    mutating func parseExpression(minimumPrecedence: Int, nesting: Int)
      throws(ContextPredicateError) -> ContextPredicate
    {
      try parse(minimumPrecedence: minimumPrecedence, nesting: nesting).predicate
    }

    mutating func parse(minimumPrecedence: Int, nesting: Int) throws(ContextPredicateError)
      -> Parsed
    {
      var chain = Chain(first: try parsePrimary(nesting: nesting))
      loop: while true {
        for (text, precedence) in [
          (">", ZedContext.child), ("&&", ZedContext.and), ("||", ZedContext.or),
          ("==", ZedContext.equality), ("!=", ZedContext.equality),
        ] where starts(with: text) && precedence >= minimumPrecedence {
          let column = position + 1
          position += text.unicodeScalars.count
          skipWhitespace()
          let right = try parse(minimumPrecedence: precedence + 1, nesting: nesting)
          switch text {
          case "&&", "||":
            chain.add(right, isAnd: text == "&&")
          case ">":
            let left = chain.result
            chain = Chain(
              first: (
                .descendant(left.predicate, right.predicate), max(left.depth, right.depth) + 1
              ))
          default:
            guard case .identifier(let key) = chain.result.predicate,
              case .identifier(let value) = right.predicate
            else {
              throw ContextPredicateError(
                message: "the operands of '\(text)' must be identifiers", column: column)
            }
            chain = Chain(first: (text == "==" ? .equal(key, value) : .notEqual(key, value), 1))
          }
          guard chain.depth <= ContextPredicate.maximumDepth else {
            throw ContextPredicateError(message: ContextPredicate.tooDeepMessage, column: column)
          }
          continue loop
        }
        break
      }
      return chain.result
    }

    /// The operands of a run of `&&` or of `||` as they are read.
    struct Chain {
      var operands: [ContextPredicate]
      var operandDepth: Int
      /// Whether the run is of `&&`; nil while there is one operand.
      var isAnd: Bool?

      init(first: Parsed) {
        operands = [first.predicate]
        operandDepth = first.depth
      }

      /// Adds an operand after `&&` (or `||`); a different operator closes the run so far
      /// into the first operand of a new one. An operand of the same kind gives its operands.
      mutating func add(_ parsed: Parsed, isAnd: Bool) {
        if let current = self.isAnd, current != isAnd {
          self = Chain(first: result)
        }
        if self.isAnd == nil {
          // The first operand joins the list too when it is of the same kind: `(a && b) && c`.
          switch operands[0] {
          case .and(let inner) where isAnd, .or(let inner) where !isAnd:
            operands = inner
            operandDepth -= 1
          default: break
          }
        }
        self.isAnd = isAnd
        switch parsed.predicate {
        case .and(let inner) where isAnd:
          operands += inner
          operandDepth = max(operandDepth, parsed.depth - 1)
        case .or(let inner) where !isAnd:
          operands += inner
          operandDepth = max(operandDepth, parsed.depth - 1)
        default:
          operands.append(parsed.predicate)
          operandDepth = max(operandDepth, parsed.depth)
        }
      }

      var depth: Int { operands.count < 2 ? operandDepth : operandDepth + 1 }

      var result: Parsed {
        guard operands.count > 1, let isAnd else { return (operands[0], operandDepth) }
        return (isAnd ? .and(operands) : .or(operands), operandDepth + 1)
      }
    }

    mutating func parsePrimary(nesting: Int) throws(ContextPredicateError) -> Parsed {
      guard position < scalars.count else {
        throw error("expected an identifier, '!' or '(', found the end")
      }
      let scalar = scalars[position]
      switch scalar {
      case "(", "!":
        guard nesting < ContextPredicate.maximumDepth else {
          throw error(ContextPredicate.tooDeepMessage)
        }
        let open = position + 1
        position += 1
        skipWhitespace()
        if scalar == "!" {
          let operand = try parse(minimumPrecedence: ZedContext.not, nesting: nesting + 1)
          guard operand.depth < ContextPredicate.maximumDepth else {
            throw ContextPredicateError(message: ContextPredicate.tooDeepMessage, column: open)
          }
          return (.not(operand.predicate), operand.depth + 1)
        }
        let inner = try parse(minimumPrecedence: 0, nesting: nesting + 1)
        guard position < scalars.count, scalars[position] == ")" else {
          let found =
            position < scalars.count ? ContextPredicate.describe(scalars[position]) : "the end"
          throw error("expected ')' to close the '(' at column \(open), found \(found)")
        }
        position += 1
        skipWhitespace()
        return inner
      case _ where ZedContext.isIdentifierScalar(scalar):
        let start = position
        while position < scalars.count,
          ZedContext.isIdentifierScalar(scalars[position])
            || ZedContext.isVimOperatorScalar(scalars[position])
        {
          position += 1
        }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: scalars[start..<position])
        skipWhitespace()
        return (.identifier(String(name)), 1)
      case _ where ZedContext.isVimOperatorScalar(scalar):
        position += 1
        skipWhitespace()
        return (.identifier(String(scalar)), 1)
      default:
        throw error(
          "unexpected \(ContextPredicate.describe(scalar)); expected an identifier (letters, "
            + "digits, '_' and '-'), '!' or '('")
      }
    }
  }
}
