/// A condition on the context stack under which a key binding applies, such as
/// `Editor && !readOnly` or `Pane > Editor`.
///
/// Responders on the chain contribute ``KeyContext``s; root first, they form the context stack.
/// A predicate is evaluated on a prefix of the stack, `stack[0...depth]`: its identifiers and
/// comparisons look at `stack[depth]`, and `A > B` asks for `B` there and `A` on some context
/// above it (an ancestor). ``matchDepth(in:)`` gives the deepest depth at which a predicate
/// holds, which decides precedence between bindings (see `docs/formats/keymaps.md`).
///
/// The text form, as in Zed, from the loosest operator to the tightest:
///
/// | Syntax | Meaning |
/// |---|---|
/// | `A > B` | `B` holds here and `A` holds on an ancestor (left-associative) |
/// | `A \|\| B` | either holds |
/// | `A && B` | both hold |
/// | `key == value`, `key != value` | the context's value for `key` is (is not) `value` |
/// | `!A` | `A` does not hold |
/// | `name` | the context has the identifier `name`, or a value for the key `name` |
/// | `( … )` | grouping |
///
/// ```swift
/// let predicate = try ContextPredicate(parsing: "Pane > Editor && mode == full")
/// let stack = try KeyContext.stack(parsing: "Workspace > Pane > Editor mode=full")
/// predicate.holds(in: stack, at: 2)   // true
/// predicate.matchDepth(in: stack)     // 2
/// predicate.description               // "Pane > Editor && mode == full"
/// ```
public indirect enum ContextPredicate: Hashable, Sendable, CustomStringConvertible {
  /// The context has this identifier, or a value for this key.
  case identifier(String)
  /// The context's value for the key (first) equals the value (second): `key == value`.
  case equal(String, String)
  /// The context's value for the key (first) is not the value (second): `key != value`.
  case notEqual(String, String)
  /// The predicate does not hold: `!A`.
  case not(ContextPredicate)
  /// Every operand holds: `A && B && …`.
  ///
  /// A chain of `&&` is one list, however long, so evaluating, writing and comparing it never
  /// recurses once per operand. The parser and ``and(_:_:)`` make lists of two or more
  /// operands, none of them itself an `and`; an empty list holds everywhere.
  case and([ContextPredicate])
  /// Some operand holds: `A || B || …`; a chain of `||` is one list, as for ``and(_:)``. An
  /// empty list holds nowhere.
  case or([ContextPredicate])
  /// The second predicate holds, and the first holds on an ancestor: `A > B`.
  case descendant(ContextPredicate, ContextPredicate)

  /// How deeply a predicate may nest. A name or a comparison is one level; `!`, `>` and each
  /// chain of `&&` or of `||` add one level over their deepest operand, however many operands
  /// the chain has. So `a && b && c` is two levels deep, `!(a || b) && c` four, and a chain of
  /// 100,000 names two. Parentheses add no level, but they and `!` may not open more than this
  /// many levels at once. The parser, VS Code's `when` clauses and Zed's contexts apply the same
  /// rule, so an imported keymap always loads (docs/development/hardening.md).
  public static let maximumDepth = 64

  /// Both predicates hold: `lhs && rhs`, as one flat list; an operand that is itself an `and`
  /// contributes its operands.
  ///
  /// - Complexity: O(*n*) for operands of *n* operands in all; build a long chain with
  ///   ``and(_:)`` and an array instead of one call per operand.
  public static func and(_ lhs: ContextPredicate, _ rhs: ContextPredicate) -> ContextPredicate {
    var operands: [ContextPredicate] = []
    for operand in [lhs, rhs] {
      if case .and(let inner) = operand { operands += inner } else { operands.append(operand) }
    }
    return .and(operands)
  }

  /// Either predicate holds: `lhs || rhs`, as one flat list; an operand that is itself an `or`
  /// contributes its operands.
  ///
  /// - Complexity: O(*n*) for operands of *n* operands in all.
  public static func or(_ lhs: ContextPredicate, _ rhs: ContextPredicate) -> ContextPredicate {
    var operands: [ContextPredicate] = []
    for operand in [lhs, rhs] {
      if case .or(let inner) = operand { operands += inner } else { operands.append(operand) }
    }
    return .or(operands)
  }

  // MARK: Evaluation

  /// Whether the predicate holds for the stack prefix `stack[0...depth]`.
  ///
  /// Identifiers and comparisons look at `stack[depth]`; `!`, `&&` and `||` combine results on
  /// the same prefix; `A > B` holds when `B` holds at `depth` and `A` holds at some shallower
  /// depth (any ancestor, not only the parent). A depth outside the stack never holds.
  ///
  /// ```swift
  /// let stack = try KeyContext.stack(parsing: "Workspace > Pane > Editor")
  /// try ContextPredicate(parsing: "Workspace > Editor").holds(in: stack, at: 2)  // true
  /// ```
  ///
  /// - Parameters:
  ///   - stack: The contexts of the responder chain, root first.
  ///   - depth: The index of the context the predicate is evaluated at.
  /// - Returns: Whether the predicate holds there.
  public func holds(in stack: [KeyContext], at depth: Int) -> Bool {
    guard stack.indices.contains(depth) else { return false }
    switch self {
    case .identifier(let name):
      return stack[depth].identifiers.contains(name) || stack[depth].values[name] != nil
    case .equal(let key, let value):
      return stack[depth].values[key] == value
    case .notEqual(let key, let value):
      return stack[depth].values[key] != value
    case .not(let predicate):
      return !predicate.holds(in: stack, at: depth)
    case .and(let operands):
      return operands.allSatisfy { $0.holds(in: stack, at: depth) }
    case .or(let operands):
      return operands.contains { $0.holds(in: stack, at: depth) }
    case .descendant(let ancestor, let descendant):
      guard descendant.holds(in: stack, at: depth) else { return false }
      // The ancestor's depths all at once: asking at each shallower depth in turn would ask
      // again for every `>` inside the ancestor, which is exponential in the number of `>`.
      return !ancestor.holdingDepths(in: stack, count: depth).isEmpty
    }
  }

  /// The deepest depth at which the predicate holds, or nil when it holds nowhere.
  ///
  /// The binding whose context matches deeper on the chain wins over one that matches
  /// shallower; this is the depth compared.
  ///
  /// ```swift
  /// let stack = try KeyContext.stack(parsing: "Workspace > Pane > Editor")
  /// try ContextPredicate(parsing: "Pane").matchDepth(in: stack)  // 1
  /// ```
  ///
  /// - Parameter stack: The contexts of the responder chain, root first.
  /// - Returns: The largest index `d` for which ``holds(in:at:)`` is true.
  ///
  /// - Complexity: O(*n* × *m*) for a stack of *n* contexts and a predicate of *m* names,
  ///   comparisons and operators, however many `>` it has.
  public func matchDepth(in stack: [KeyContext]) -> Int? {
    guard containsDescendant else {
      return stack.indices.reversed().first { holds(in: stack, at: $0) }
    }
    return holdingDepths(in: stack, count: stack.count).last
  }

  /// What ``holds(in:at:)`` says at each depth of the stack, in one pass: O(*n* × *m*), as
  /// ``matchDepth(in:)``.
  package func holdsAtEachDepth(in stack: [KeyContext]) -> [Bool] {
    let depths = holdingDepths(in: stack, count: stack.count)
    return stack.indices.map(depths.contains)
  }

  /// Whether the predicate has an `A > B` anywhere in it.
  private var containsDescendant: Bool {
    switch self {
    case .identifier, .equal, .notEqual: false
    case .not(let predicate): predicate.containsDescendant
    case .and(let operands), .or(let operands): operands.contains { $0.containsDescendant }
    case .descendant: true
    }
  }

  /// The depths among the first `count` of the stack at which the predicate holds: what
  /// ``holds(in:at:)`` says at each of them, each node evaluated once for all depths.
  ///
  /// `A > B` holds at the depths where `B` holds that lie below the first depth where `A`
  /// holds, since whether `A` holds at a depth depends only on the stack down to that depth.
  private func holdingDepths(in stack: [KeyContext], count: Int) -> DepthSet {
    switch self {
    case .identifier(let name):
      return DepthSet(count: count) {
        stack[$0].identifiers.contains(name) || stack[$0].values[name] != nil
      }
    case .equal(let key, let value):
      return DepthSet(count: count) { stack[$0].values[key] == value }
    case .notEqual(let key, let value):
      return DepthSet(count: count) { stack[$0].values[key] != value }
    case .not(let predicate):
      var depths = predicate.holdingDepths(in: stack, count: count)
      depths.invert()
      return depths
    case .and(let operands):
      var depths = DepthSet(count: count) { _ in true }
      for operand in operands where !depths.isEmpty {
        depths.formIntersection(operand.holdingDepths(in: stack, count: count))
      }
      return depths
    case .or(let operands):
      var depths = DepthSet(count: count) { _ in false }
      for operand in operands where !depths.isFull {
        depths.formUnion(operand.holdingDepths(in: stack, count: count))
      }
      return depths
    case .descendant(let ancestor, let descendant):
      guard let first = ancestor.holdingDepths(in: stack, count: count).first else {
        return DepthSet(count: count) { _ in false }
      }
      var depths = descendant.holdingDepths(in: stack, count: count)
      depths.removeAll(through: first)
      return depths
    }
  }

  // MARK: Text

  /// The canonical text: operators spaced as `a && b`, `!a`, and only the parentheses that the
  /// structure needs; it parses back to an equal predicate.
  ///
  /// Names that are not plain identifiers are quoted: `title == 'My file'`. An `and` or `or`
  /// made in code with fewer than two operands, which the parser never makes, is written as
  /// its one operand, or as nothing when empty; one nested directly in another of its kind is
  /// written in parentheses.
  public var description: String { text(minimumLevel: 0) }

  /// How tightly a node binds in the text form; higher is tighter.
  private var level: Int {
    switch self {
    case .descendant: 0
    case .or: 1
    case .and: 2
    case .equal, .notEqual: 3
    case .not: 4
    case .identifier: 5
    }
  }

  /// The text, in parentheses when the node binds more loosely than `minimumLevel`.
  private func text(minimumLevel: Int) -> String {
    let body: String
    switch self {
    case .identifier(let name):
      body = Self.quotedIfNeeded(name)
    case .equal(let key, let value):
      body = "\(Self.quotedIfNeeded(key)) == \(Self.quotedIfNeeded(value))"
    case .notEqual(let key, let value):
      body = "\(Self.quotedIfNeeded(key)) != \(Self.quotedIfNeeded(value))"
    case .not(let predicate):
      body = "!" + predicate.text(minimumLevel: 4)
    case .and(let operands) where operands.isEmpty, .or(let operands) where operands.isEmpty:
      return ""
    case .and(let operands) where operands.count == 1:
      return operands[0].text(minimumLevel: minimumLevel)
    case .or(let operands) where operands.count == 1:
      return operands[0].text(minimumLevel: minimumLevel)
    case .and(let operands):
      body = operands.map { $0.text(minimumLevel: 3) }.joined(separator: " && ")
    case .or(let operands):
      body = operands.map { $0.text(minimumLevel: 2) }.joined(separator: " || ")
    case .descendant(let lhs, let rhs):
      body = lhs.text(minimumLevel: 0) + " > " + rhs.text(minimumLevel: 1)
    }
    return level < minimumLevel ? "(\(body))" : body
  }

  /// `name` as is when it is a plain identifier, else in single quotes with `\` and `'`
  /// escaped.
  static func quotedIfNeeded(_ name: String) -> String {
    if !name.isEmpty, name.unicodeScalars.allSatisfy(isIdentifierScalar) { return name }
    var quoted = "'"
    for scalar in name.unicodeScalars {
      if scalar == "'" || scalar == "\\" { quoted.unicodeScalars.append("\\") }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "'"
  }

  /// Whether a scalar can be part of an identifier: a letter or digit (any script), `_`, `.`,
  /// `:` or `-`.
  static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", ".", ":", "-":
      return true
    case "\u{0}"..."\u{7F}":
      return false
    default:
      let properties = scalar.properties
      return properties.isAlphabetic || properties.numericType == .decimal
    }
  }

  /// A scalar for a message: `'@'`, or `U+0009` for an invisible one.
  package static func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 0x21 || (0x7F..<0xA1).contains(scalar.value)
      || scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
    {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return scalar == "'" ? "\"'\"" : "'\(scalar)'"
  }
}

/// A set of depths in `0..<count`, one bit each.
private struct DepthSet {
  private var words: [UInt64]
  private let count: Int

  /// The depths in `0..<count` for which `isMember` is true.
  init(count: Int, _ isMember: (Int) -> Bool) {
    self.count = count
    words = Array(repeating: 0, count: (count + 63) / 64)
    for depth in 0..<count where isMember(depth) {
      words[depth / 64] |= 1 << UInt64(depth % 64)
    }
  }

  func contains(_ depth: Int) -> Bool {
    (0..<count).contains(depth) && words[depth / 64] & (1 << UInt64(depth % 64)) != 0
  }

  var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  var isFull: Bool {
    words.indices.allSatisfy { words[$0] == mask(ofWord: $0) }
  }

  /// The smallest depth in the set.
  var first: Int? {
    guard let index = words.firstIndex(where: { $0 != 0 }) else { return nil }
    return index * 64 + words[index].trailingZeroBitCount
  }

  /// The largest depth in the set.
  var last: Int? {
    guard let index = words.lastIndex(where: { $0 != 0 }) else { return nil }
    return index * 64 + 63 - words[index].leadingZeroBitCount
  }

  /// The bits of word `index` that stand for depths below `count`.
  private func mask(ofWord index: Int) -> UInt64 {
    let bits = min(64, count - index * 64)
    return bits == 64 ? ~0 : (1 << UInt64(bits)) - 1
  }

  mutating func invert() {
    for index in words.indices { words[index] = ~words[index] & mask(ofWord: index) }
  }

  mutating func formIntersection(_ other: DepthSet) {
    for index in words.indices { words[index] &= other.words[index] }
  }

  mutating func formUnion(_ other: DepthSet) {
    for index in words.indices { words[index] |= other.words[index] }
  }

  /// Removes `0...depth`.
  mutating func removeAll(through depth: Int) {
    for index in words.indices {
      let low = index * 64
      if depth >= low + 63 {
        words[index] = 0
      } else if depth >= low {
        words[index] &= ~((1 << UInt64(depth - low + 1)) - 1)
      }
    }
  }
}

/// Why a context predicate or a context's text could not be parsed: what was wrong, what was
/// expected, and the column.
///
/// ```swift
/// do {
///   _ = try ContextPredicate(parsing: "Editor &&")
/// } catch {
///   error.column       // 10
///   error.description  // "column 10: expected an identifier, '!' or '(' after '&&', found the end"
/// }
/// ```
public struct ContextPredicateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong and what was expected, in one sentence without a trailing period.
  public var message: String
  /// The 1-based column, in Unicode scalars, of the offending character in the text; one past
  /// the last character when the text ended too early.
  public var column: Int

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: What was wrong and what was expected.
  ///   - column: The 1-based column of the problem.
  public init(message: String, column: Int) {
    self.message = message
    self.column = column
  }

  /// `column N: message`.
  public var description: String { "column \(column): \(message)" }
}
