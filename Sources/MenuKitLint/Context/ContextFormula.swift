import MenuKit

/// A condition on a context stack at one position, built from context predicates: what
/// ``ContextSolver`` decides satisfiability of.
///
/// A formula is evaluated at a position of a stack, as ``ContextPredicate/holds(in:at:)`` is.
/// A missing predicate (a binding without a context) always holds. ``somewhere(_:)`` holds
/// when its formula holds at the position or at any position above it (an ancestor), which is
/// how a `"-command"` removal with its own context applies.
///
/// ```swift
/// let editor = try ContextPredicate(parsing: "Editor")
/// let readOnly = try ContextPredicate(parsing: "Editor && readOnly")
/// // Can an editor be focused that is not read-only?
/// let formula = ContextFormula.and([.predicate(editor), .not(.predicate(readOnly))])
/// ContextSolver().witness(for: formula)  // [Editor]
/// ```
package indirect enum ContextFormula: Hashable, Sendable {
  /// The predicate holds at the position; nil always holds.
  case predicate(ContextPredicate?)
  /// The formula does not hold.
  case not(ContextFormula)
  /// Every formula holds; an empty list holds.
  case and([ContextFormula])
  /// Some formula holds; an empty list does not.
  case or([ContextFormula])
  /// The formula holds at the position or at some position above it.
  case somewhere(ContextFormula)

  /// Whether the formula holds at a position of a stack.
  ///
  /// This is the reference the solver is tested against: every witness it returns makes the
  /// formula hold at the stack's last position.
  ///
  /// - Parameters:
  ///   - stack: The contexts, root first.
  ///   - depth: The position.
  /// - Returns: Whether the formula holds there.
  package func holds(in stack: [KeyContext], at depth: Int) -> Bool {
    guard stack.indices.contains(depth) else { return false }
    switch self {
    case .predicate(let predicate):
      return predicate?.holds(in: stack, at: depth) ?? true
    case .not(let formula):
      return !formula.holds(in: stack, at: depth)
    case .and(let formulas):
      return formulas.allSatisfy { $0.holds(in: stack, at: depth) }
    case .or(let formulas):
      return formulas.contains { $0.holds(in: stack, at: depth) }
    case .somewhere(let formula):
      return (0...depth).contains { formula.holds(in: stack, at: $0) }
    }
  }
}

// MARK: - Internal

/// A formula in the solver's terms: atoms at the current position and `ancestor` for the
/// positions above it.
indirect enum ContextTerm: Hashable {
  /// A fixed truth value.
  case constant(Bool)
  /// The context has the identifier, or a value for the key of that name.
  case identifier(String)
  /// The context's value for the key is the value.
  case equal(String, String)
  case not(ContextTerm)
  case and([ContextTerm])
  case or([ContextTerm])
  /// The term holds at some position strictly above the current one.
  case ancestor(ContextTerm)

  /// The term of a formula.
  init(_ formula: ContextFormula) {
    switch formula {
    case .predicate(let predicate):
      self = predicate.map(ContextTerm.init(predicate:)) ?? .constant(true)
    case .not(let formula):
      self = .not(ContextTerm(formula))
    case .and(let formulas):
      self = .and(formulas.map(ContextTerm.init))
    case .or(let formulas):
      self = .or(formulas.map(ContextTerm.init))
    case .somewhere(let formula):
      let term = ContextTerm(formula)
      self = .or([term, .ancestor(term)])
    }
  }

  /// The term of a predicate: `A > B` is `B` here and `A` on an ancestor.
  init(predicate: ContextPredicate) {
    switch predicate {
    case .identifier(let name): self = .identifier(name)
    case .equal(let key, let value): self = .equal(key, value)
    case .notEqual(let key, let value): self = .not(.equal(key, value))
    case .not(let inner): self = .not(ContextTerm(predicate: inner))
    case .and(let operands):
      self = .and(operands.map(ContextTerm.init(predicate:)))
    case .or(let operands):
      self = .or(operands.map(ContextTerm.init(predicate:)))
    case .descendant(let ancestor, let descendant):
      self = .and([ContextTerm(predicate: descendant), .ancestor(ContextTerm(predicate: ancestor))])
    }
  }

  /// How many names and comparisons the term has.
  var atomCount: Int {
    switch self {
    case .constant: 0
    case .identifier, .equal: 1
    case .not(let term), .ancestor(let term): term.atomCount
    case .and(let terms), .or(let terms): terms.reduce(0) { $0 + $1.atomCount }
    }
  }

  /// How many `ancestor` nodes the term has: a witness stack needs at most one more position.
  var ancestorCount: Int {
    switch self {
    case .constant, .identifier, .equal: 0
    case .not(let term): term.ancestorCount
    case .and(let terms), .or(let terms): terms.reduce(0) { $0 + $1.ancestorCount }
    case .ancestor(let term): 1 + term.ancestorCount
    }
  }

  /// Every identifier the term names (as an identifier, not as a key).
  func collectNames(identifiers: inout Set<String>, values: inout [String: Set<String>]) {
    switch self {
    case .constant: break
    case .identifier(let name): identifiers.insert(name)
    case .equal(let key, let value): values[key, default: []].insert(value)
    case .not(let term), .ancestor(let term):
      term.collectNames(identifiers: &identifiers, values: &values)
    case .and(let terms), .or(let terms):
      for term in terms { term.collectNames(identifiers: &identifiers, values: &values) }
    }
  }
}
