import MenuKitTestSupport
import Testing

@testable import MenuKit

// MARK: - Fixtures

/// A predicate's text, the value it parses to, and its canonical text.
private struct ParseCase: CustomTestStringConvertible, Sendable {
  var text: String
  var predicate: ContextPredicate
  var canonical: String
  var testDescription: String { "\"\(text)\"" }

  init(_ text: String, _ predicate: ContextPredicate, _ canonical: String? = nil) {
    self.text = text
    self.predicate = predicate
    self.canonical = canonical ?? text
  }
}

private let a = ContextPredicate.identifier("a")
private let b = ContextPredicate.identifier("b")
private let c = ContextPredicate.identifier("c")

private let parseCases: [ParseCase] = [
  ParseCase("Editor", .identifier("Editor")),
  ParseCase("  Editor\t", .identifier("Editor"), "Editor"),
  ParseCase("vim_mode", .identifier("vim_mode")),
  ParseCase("os.linux:x-1", .identifier("os.linux:x-1")),
  ParseCase("Éditeur", .identifier("Éditeur")),
  ParseCase("'two words'", .identifier("two words")),
  ParseCase("mode == full", .equal("mode", "full")),
  ParseCase("mode==full", .equal("mode", "full"), "mode == full"),
  ParseCase("mode != full", .notEqual("mode", "full")),
  ParseCase("ext == .js", .equal("ext", ".js")),
  ParseCase("title == 'My file'", .equal("title", "My file")),
  ParseCase(#"title == "it's""#, .equal("title", "it's"), #"title == 'it\'s'"#),
  ParseCase("!a", .not(a)),
  ParseCase("!!a", .not(.not(a))),
  ParseCase("! a", .not(a), "!a"),
  ParseCase("a && b", .and(a, b)),
  ParseCase("a&&b", .and(a, b), "a && b"),
  ParseCase("a || b", .or(a, b)),
  ParseCase("a > b", .descendant(a, b)),
  // && binds tighter than ||, || tighter than >.
  ParseCase("a || b && c", .or(a, .and(b, c))),
  ParseCase("a && b || c", .or(.and(a, b), c)),
  ParseCase("a > b || c", .descendant(a, .or(b, c))),
  ParseCase("a || b > c", .descendant(.or(a, b), c)),
  ParseCase("a > b && c", .descendant(a, .and(b, c))),
  // `>` chains are left-associative; `&&` and `||` chains are one list each.
  ParseCase("a > b > c", .descendant(.descendant(a, b), c)),
  ParseCase("a && b && c", .and([a, b, c])),
  ParseCase("a || b || c", .or([a, b, c])),
  // Parentheses: only the needed ones are kept.
  ParseCase("(a)", a, "a"),
  ParseCase("((a && b))", .and(a, b), "a && b"),
  ParseCase("(a || b) && c", .and(.or(a, b), c)),
  ParseCase("a && (b || c)", .and(a, .or(b, c))),
  ParseCase("a > (b > c)", .descendant(a, .descendant(b, c))),
  ParseCase("(a > b) > c", .descendant(.descendant(a, b), c), "a > b > c"),
  ParseCase("a && (b && c)", .and([a, b, c]), "a && b && c"),
  ParseCase("(a || b) || (c || a)", .or([a, b, c, a]), "a || b || c || a"),
  ParseCase("!(a && b)", .not(.and(a, b))),
  ParseCase("!(mode == full)", .not(.equal("mode", "full"))),
  ParseCase("!a && b", .and(.not(a), b)),
  ParseCase("(a > b) && c", .and(.descendant(a, b), c)),
  ParseCase(
    "Workspace > Pane > Editor && mode == full && !readOnly",
    .descendant(
      .descendant(.identifier("Workspace"), .identifier("Pane")),
      .and(
        .and(.identifier("Editor"), .equal("mode", "full")), .not(.identifier("readOnly"))))),
]

/// A predicate's text that does not parse, with the column and a phrase of the message.
private struct ErrorCase: CustomTestStringConvertible, Sendable {
  var text: String
  var column: Int
  var message: String
  var testDescription: String { "\"\(text)\"" }

  init(_ text: String, _ column: Int, _ message: String) {
    self.text = text
    self.column = column
    self.message = message
  }
}

private let errorCases: [ErrorCase] = [
  ErrorCase("", 1, "empty predicate; expected an identifier, '!' or '('"),
  ErrorCase("   ", 4, "empty predicate"),
  ErrorCase("Editor &&", 10, "expected an identifier, '!' or '(' after '&&', found the end"),
  ErrorCase("a || && b", 6, "expected an identifier, '!' or '(' after '||', found '&&'"),
  ErrorCase("a >", 4, "after '>'"),
  ErrorCase("!", 2, "after '!'"),
  ErrorCase("(a", 3, "expected ')' to close the '(' at column 1, found the end"),
  ErrorCase("a)", 2, "unexpected ')' without a matching '('"),
  ErrorCase("()", 2, "expected an identifier, '!' or '(' after '(', found ')'"),
  ErrorCase("a b", 3, "expected '&&', '||', '>' or the end, found 'b'"),
  ErrorCase("a = b", 3, "use '==' to compare"),
  ErrorCase("a & b", 3, "use '&&'"),
  ErrorCase("a | b", 3, "use '||'"),
  ErrorCase("a @ b", 3, "unexpected '@'"),
  ErrorCase("mode ==", 8, "expected a value after '==', found the end"),
  ErrorCase("mode != (x)", 9, "expected a value after '!=', found '('"),
  ErrorCase("!a == b", 4, "expected a key on the left of '=='"),
  ErrorCase("(a) == b", 5, "expected a key on the left of '=='"),
  ErrorCase("a == b == c", 8, "expected '&&', '||', '>' or the end, found '=='"),
  ErrorCase("'open", 1, "unterminated quoted name"),
  ErrorCase("a && 'b", 6, "unterminated quoted name"),
]

/// Parses `text`, returning the error it throws, or nil when it parses.
private func parseError(_ text: String) -> ContextPredicateError? {
  do {
    _ = try ContextPredicate(parsing: text)
    return nil
  } catch {
    return error
  }
}

/// A predicate, a context stack, and the depths at which the predicate holds.
private struct EvaluationCase: CustomTestStringConvertible, Sendable {
  var predicate: String
  var stack: String
  var holdsAt: [Int]
  var testDescription: String { "\"\(predicate)\" on \"\(stack)\"" }

  init(_ predicate: String, on stack: String, holdsAt: [Int]) {
    self.predicate = predicate
    self.stack = stack
    self.holdsAt = holdsAt
  }
}

private let chain = "Workspace > Pane os=linux > Editor mode=full readOnly"

private let evaluationCases: [EvaluationCase] = [
  // Identifiers look at one context only.
  EvaluationCase("Editor", on: chain, holdsAt: [2]),
  EvaluationCase("Workspace", on: chain, holdsAt: [0]),
  EvaluationCase("Missing", on: chain, holdsAt: []),
  // An identifier also holds where the context has a value for that key.
  EvaluationCase("mode", on: chain, holdsAt: [2]),
  EvaluationCase("os", on: chain, holdsAt: [1]),
  EvaluationCase("mode == full", on: chain, holdsAt: [2]),
  EvaluationCase("mode == vim", on: chain, holdsAt: []),
  EvaluationCase("mode != vim", on: chain, holdsAt: [0, 1, 2]),
  EvaluationCase("mode != full", on: chain, holdsAt: [0, 1]),
  // `!` looks at the same context, not the whole chain.
  EvaluationCase("!Editor", on: chain, holdsAt: [0, 1]),
  EvaluationCase("!readOnly", on: chain, holdsAt: [0, 1]),
  EvaluationCase("Editor && !readOnly", on: chain, holdsAt: []),
  EvaluationCase("Editor && readOnly", on: chain, holdsAt: [2]),
  EvaluationCase("Editor && Pane", on: chain, holdsAt: []),
  EvaluationCase("Pane || Editor", on: chain, holdsAt: [1, 2]),
  // `>`: the right side here, the left side on any ancestor (not only the parent).
  EvaluationCase("Pane > Editor", on: chain, holdsAt: [2]),
  EvaluationCase("Workspace > Editor", on: chain, holdsAt: [2]),
  EvaluationCase("Workspace > Pane", on: chain, holdsAt: [1]),
  EvaluationCase("Editor > Pane", on: chain, holdsAt: []),
  EvaluationCase("Editor > Editor", on: chain, holdsAt: []),
  EvaluationCase("Workspace > Pane > Editor", on: chain, holdsAt: [2]),
  EvaluationCase("Pane > Workspace > Editor", on: chain, holdsAt: []),
  EvaluationCase("os == linux > mode == full", on: chain, holdsAt: [2]),
  EvaluationCase("Workspace > !Workspace", on: chain, holdsAt: [1, 2]),
  EvaluationCase("!(Workspace > Editor)", on: chain, holdsAt: [0, 1]),
  EvaluationCase("Pane > Editor || Pane", on: chain, holdsAt: [2]),
  // A repeated context: both the inner and the outer pane are ancestors.
  EvaluationCase("Pane > Pane", on: "Pane > Pane > Editor", holdsAt: [1]),
  EvaluationCase("Pane > Editor", on: "Pane > Pane > Editor", holdsAt: [2]),
  // An empty stack: nothing holds.
  EvaluationCase("!Editor", on: "", holdsAt: []),
]

// MARK: - Tests

@Suite("Context predicates")
private struct ContextPredicateTests {
  @Test("parses to the expected tree and prints canonical text", arguments: parseCases)
  func parses(_ testCase: ParseCase) throws {
    let predicate = try ContextPredicate(parsing: testCase.text)
    #expect(predicate == testCase.predicate)
    #expect(predicate.description == testCase.canonical)
    #expect(try ContextPredicate(parsing: predicate.description) == predicate)
  }

  @Test("reports a column and what was expected", arguments: errorCases)
  func reportsErrors(_ testCase: ErrorCase) {
    let error = parseError(testCase.text)
    #expect(error?.column == testCase.column)
    #expect(error?.message.contains(testCase.message) == true, "\(String(describing: error))")
  }

  @Test("evaluates on stack prefixes", arguments: evaluationCases)
  func evaluates(_ testCase: EvaluationCase) throws {
    let predicate = try ContextPredicate(parsing: testCase.predicate)
    let stack = try KeyContext.stack(parsing: testCase.stack)
    let depths = stack.indices.filter { predicate.holds(in: stack, at: $0) }
    #expect(depths == testCase.holdsAt)
    #expect(predicate.matchDepth(in: stack) == testCase.holdsAt.last)
  }

  @Test("a depth outside the stack never holds")
  func outsideDepth() throws {
    let stack = try KeyContext.stack(parsing: "Editor")
    #expect(!ContextPredicate.not(.identifier("x")).holds(in: stack, at: 1))
    #expect(!ContextPredicate.not(.identifier("x")).holds(in: stack, at: -1))
  }

  @Test("printing trees built in code quotes names and parenthesizes as needed")
  func describesBuiltTrees() throws {
    let cases: [(ContextPredicate, String)] = [
      (.identifier("a b"), "'a b'"),
      (.identifier(""), "''"),
      (.equal("key with space", #"back\slash"#), #"'key with space' == 'back\\slash'"#),
      (.or(a, .or(b, c)), "a || b || c"),
      (.and(.or(a, b), .or(b, c)), "(a || b) && (b || c)"),
      (.not(.not(.and(a, b))), "!!(a && b)"),
      (.descendant(.and(a, b), .or(b, c)), "a && b > b || c"),
      (.or(.descendant(a, b), c), "(a > b) || c"),
    ]
    for (predicate, text) in cases {
      #expect(predicate.description == text)
      #expect(try ContextPredicate(parsing: text) == predicate)
    }
    // Lists the parser never makes: nested directly, or of fewer than two operands.
    #expect(ContextPredicate.or([a, .or([b, c])]).description == "a || (b || c)")
    #expect(ContextPredicate.and([.not(a)]).description == "!a")
    #expect(ContextPredicate.and([]).description == "")
    #expect(ContextPredicate.and([]).holds(in: [KeyContext()], at: 0))
    #expect(!ContextPredicate.or([]).holds(in: [KeyContext()], at: 0))
  }

  @Test("random texts either fail with a column inside the text or round-trip")
  func randomTexts() {
    var generator = SplitMix64(seed: 5)
    let pieces = [
      "a", "b", "mode", "full", "'x y'", "&&", "||", ">", "==", "!=", "!", "(", ")", " ", "=",
      "&", "@", "\"",
    ]
    for _ in 0..<3000 {
      let count = Int(generator.next() % 9)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      do {
        let predicate = try ContextPredicate(parsing: text)
        #expect(try ContextPredicate(parsing: predicate.description) == predicate, "\(text)")
      } catch {
        #expect((1...text.unicodeScalars.count + 1).contains(error.column), "\(text)")
      }
    }
  }

  @Test("nesting deeper than the limit is an error, not a crash")
  func nestingLimit() throws {
    let limit = ContextPredicate.maximumDepth
    // Parentheses add no level, but open at most `limit` at once.
    let deepest =
      String(repeating: "(", count: limit) + "a" + String(repeating: ")", count: limit)
    #expect(try ContextPredicate(parsing: deepest) == a)
    let tooDeep = "(" + deepest + ")"
    #expect(parseError(tooDeep)?.message.contains("nests deeper than 64 levels") == true)
    #expect(parseError(tooDeep)?.column == limit + 1)  // the innermost parenthesis

    let huge = String(repeating: "(", count: 100_000)
    #expect(parseError(huge)?.message.contains("nests deeper") == true)
    let nots = String(repeating: "!", count: 100_000) + "a"
    #expect(parseError(nots)?.message.contains("nests deeper") == true)
    // `!` is a level: 63 of them over a name are 64 levels; the 64th is one too many.
    #expect(parseError(String(repeating: "!", count: limit - 1) + "a") == nil)
    #expect(parseError(String(repeating: "!", count: limit) + "a")?.column == 1)
  }

  /// `a0 && (a1 || (a2 && (a3 || …)))`: `levels` levels, alternating `&&` and `||`, each list
  /// of two operands; the last level is a name.
  private func alternating(levels: Int) -> String {
    var text = "a\(levels - 1)"
    for level in stride(from: levels - 2, through: 0, by: -1) {
      text = "a\(level) \(level % 2 == 0 ? "&&" : "||") (\(text))"
    }
    return text
  }

  @Test("a chain of && or || is one level, however long: 100,000 names parse, evaluate and print")
  func longChains() throws {
    let names = (0..<100_000).map { "k\($0)" }
    let text = names.joined(separator: " && ")
    let predicate = try ContextPredicate(parsing: text)
    guard case .and(let operands) = predicate else {
      Issue.record("expected one list, got \(predicate)")
      return
    }
    #expect(operands.count == 100_000)
    #expect(predicate.description == text)
    let all = [KeyContext(Set(names))]
    #expect(predicate.holds(in: all, at: 0))
    #expect(!predicate.holds(in: [KeyContext(Set(names.dropLast()))], at: 0))
    let either = try ContextPredicate(parsing: names.joined(separator: " || "))
    #expect(either.matchDepth(in: [KeyContext(["k99999"])]) == 0)
    #expect(either.hashValue == (try ContextPredicate(parsing: either.description)).hashValue)
  }

  /// The definition of ``ContextPredicate/holds(in:at:)``, written as directly as it reads:
  /// exponential in the number of `>`, so only for small predicates and stacks.
  private func definitionHolds(_ predicate: ContextPredicate, _ stack: [KeyContext], _ depth: Int)
    -> Bool
  {
    guard stack.indices.contains(depth) else { return false }
    let context = stack[depth]
    switch predicate {
    case .identifier(let name):
      return context.identifiers.contains(name) || context.values[name] != nil
    case .equal(let key, let value): return context.values[key] == value
    case .notEqual(let key, let value): return context.values[key] != value
    case .not(let inner): return !definitionHolds(inner, stack, depth)
    case .and(let operands): return operands.allSatisfy { definitionHolds($0, stack, depth) }
    case .or(let operands): return operands.contains { definitionHolds($0, stack, depth) }
    case .descendant(let ancestor, let descendant):
      return definitionHolds(descendant, stack, depth)
        && (0..<depth).contains { definitionHolds(ancestor, stack, $0) }
    }
  }

  /// A random predicate over the names `a`, `b`, `c` and the key `m`, at most `levels` deep.
  private func randomPredicate(_ generator: inout SplitMix64, levels: Int) -> ContextPredicate {
    let names = ["a", "b", "c"]
    let choice = levels <= 1 ? generator.next(4) : generator.next(9)
    switch choice {
    case 0, 1: return .identifier(names[generator.next(3)])
    case 2: return .equal("m", ["x", "y"][generator.next(2)])
    case 3: return .notEqual("m", "x")
    case 4: return .not(randomPredicate(&generator, levels: levels - 1))
    case 5:
      return .and(
        (0..<2 + generator.next(2)).map { _ in randomPredicate(&generator, levels: levels - 1) })
    case 6:
      return .or(
        (0..<2 + generator.next(2)).map { _ in randomPredicate(&generator, levels: levels - 1) })
    default:
      return .descendant(
        randomPredicate(&generator, levels: levels - 1),
        randomPredicate(&generator, levels: levels - 1))
    }
  }

  @Test("holds and matchDepth agree with the definition on generated predicates and stacks")
  func agreesWithDefinition() {
    var generator = SplitMix64(seed: 22)
    for round in 0..<1500 {
      let predicate = randomPredicate(&generator, levels: 4)
      // Stacks past 64 contexts cross from one word of depths to the next.
      let count = round % 10 == 0 ? 60 + generator.next(80) : generator.next(9)
      let stack = (0..<count).map { _ in
        KeyContext(
          Set(["a", "b", "c"].filter { _ in generator.next(3) == 0 }),
          values: generator.next(2) == 0 ? [:] : ["m": ["x", "y"][generator.next(2)]])
      }
      let expected = stack.indices.filter { definitionHolds(predicate, stack, $0) }
      #expect(
        stack.indices.filter { predicate.holds(in: stack, at: $0) } == expected, "\(predicate)")
      #expect(predicate.matchDepth(in: stack) == expected.last, "\(predicate)")
      #expect(
        predicate.holdsAtEachDepth(in: stack) == stack.indices.map(expected.contains),
        "\(predicate)")
    }
  }

  @Test("a chain of '>' over a long stack is decided without trying every choice of ancestors")
  func longDescendantChains() throws {
    // Found by the predicate fuzz target (CI, after 106,559 inputs): asking at every shallower
    // depth for every '>' took time exponential in the number of '>'. Here that would be
    // about 2,000 choose 30 steps; now it is one pass per operator.
    let stack = try KeyContext.stack(
      parsing: Array(repeating: "a", count: 2000).joined(separator: " > "))
    let chain = try ContextPredicate(
      parsing: "b > " + Array(repeating: "a", count: 30).joined(separator: " > "))
    let nested = try ContextPredicate(
      parsing: "!(b > a > a > a) > " + Array(repeating: "a", count: 30).joined(separator: " > "))
    let answers = try finishing("30 '>' over 2,000 contexts") {
      (
        chain: chain.matchDepth(in: stack), chainAt1999: chain.holds(in: stack, at: 1999),
        nested: nested.matchDepth(in: stack), nestedAt30: nested.holds(in: stack, at: 30),
        nestedAt29: nested.holds(in: stack, at: 29)
      )
    }
    let found = try #require(answers)
    #expect(found.chain == nil)
    #expect(!found.chainAt1999)
    #expect(found.nested == 1999)
    #expect(found.nestedAt30)
    #expect(!found.nestedAt29)
  }

  @Test("the depth limit counts levels of different operators, not the length of chains")
  func structuralDepth() throws {
    let limit = ContextPredicate.maximumDepth
    let deepest = alternating(levels: limit)
    let parsed = try ContextPredicate(parsing: deepest)
    #expect(try ContextPredicate(parsing: parsed.description) == parsed)
    let error = parseError(alternating(levels: limit + 1))
    #expect(error?.message == ContextPredicate.tooDeepMessage)
  }
}

@Suite("Key contexts")
struct KeyContextTests {
  @Test("parses identifiers and key=value pairs")
  func parsesContext() throws {
    let context = try KeyContext(parsing: "Editor mode=full  readOnly title='My file'")
    #expect(context.identifiers == ["Editor", "readOnly"])
    #expect(context.values == ["mode": "full", "title": "My file"])
    #expect(context.description == "Editor readOnly mode=full title='My file'")
    #expect(try KeyContext(parsing: context.description) == context)
    #expect(try KeyContext(parsing: "") == KeyContext())
  }

  @Test("parses a stack, root first")
  func parsesStack() throws {
    let stack = try KeyContext.stack(parsing: "Workspace > Pane>Editor mode=full")
    #expect(
      stack == [
        KeyContext(["Workspace"]), KeyContext(["Pane"]),
        KeyContext(["Editor"], values: ["mode": "full"]),
      ])
    #expect(try KeyContext.stack(parsing: "  ") == [])
  }

  @Test(
    "reports bad context text with a column",
    arguments: [
      ("Editor > Pane", 8, "unexpected '>' in a single context"),
      ("mode=", 6, "expected a value after '='"),
      ("a@b", 2, "unexpected '@'"),
      ("@", 1, "unexpected '@'; expected an identifier or a key=value pair"),
      ("'x", 1, "unterminated quoted string"),
    ])
  func reportsContextErrors(text: String, column: Int, message: String) {
    do {
      _ = try KeyContext(parsing: text)
      Issue.record("expected an error")
    } catch {
      #expect(error.column == column)
      #expect(error.message.contains(message), "\(error)")
    }
  }

  @Test(
    "reports bad stack text with a column",
    arguments: [
      ("> Editor", 1, "expected a context before '>'"),
      ("Pane > > Editor", 8, "expected a context before '>'"),
      ("Pane >", 6, "expected a context after '>'"),
    ])
  func reportsStackErrors(text: String, column: Int, message: String) {
    do {
      _ = try KeyContext.stack(parsing: text)
      Issue.record("expected an error")
    } catch {
      #expect(error.column == column)
      #expect(error.message.contains(message), "\(error)")
    }
  }
}

@Suite("Keymap sources")
struct KeymapSourceTests {
  @Test("layers order built-in < app < extension < user")
  func layering() {
    #expect(KeymapSource.allCases == [.builtIn, .app, .extension, .user])
    #expect(KeymapSource.allCases.sorted() == KeymapSource.allCases)
    #expect(KeymapSource.builtIn < .app && KeymapSource.extension < .user)
    #expect(KeymapSource(rawValue: "built-in") == .builtIn)
  }
}
