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

/// The names of a term, each numbered once: identifiers, keys and values share one numbering,
/// so the solver grounds and searches on numbers and reads a name's text only to sort names
/// and to write a witness.
struct ContextNames {
  /// The names, by number.
  private(set) var strings: [String] = []
  /// The number of each name.
  private var numbers: [String: Int] = [:]

  /// The number of a name, given on first sight.
  mutating func number(_ name: String) -> Int {
    if let known = numbers[name] { return known }
    let number = strings.count
    numbers[name] = number
    strings.append(name)
    return number
  }

  /// The name of a number.
  subscript(number: Int) -> String { strings[number] }

  /// How many names there are.
  var count: Int { strings.count }
}

/// Names numbered once for every formula the solver is asked about in a batch (the bindings'
/// contexts of one key sequence, in the conflict analysis), with what grounding reads of each
/// name: its rank in the order of the names' text and whether it names a kind. Grounding a
/// formula then reads numbers only; no name is hashed or compared again.
///
/// One formula is grounded at a time: the table keeps the places of the names of the formula
/// being grounded (``places``), so a table is not shared between threads.
final class ContextNameTable {
  /// The names.
  let names: ContextNames
  /// Each name's rank in the order of the names' text, by number.
  let ranks: [Int]
  /// Whether each name, as an identifier, names a kind (``ContextSolver/Assumptions/isKind(_:)``),
  /// by number.
  let isKind: [Bool]
  /// The place of each name among the names of the formula being grounded, by number; -1 for
  /// a name not in it, and for every name between two formulas.
  var places: [Int]

  /// Reads a table's names under a solver's assumptions.
  ///
  /// - Parameters:
  ///   - names: The names.
  ///   - assumptions: The solver's assumptions, which say which names are kinds.
  init(_ names: ContextNames, assumptions: ContextSolver.Assumptions) {
    self.names = names
    var ranks = [Int](repeating: 0, count: names.count)
    for (rank, number) in names.strings.indices.sorted(by: { names[$0] < names[$1] })
      .enumerated()
    {
      ranks[number] = rank
    }
    self.ranks = ranks
    isKind = names.strings.map(assumptions.isKind)
    places = [Int](repeating: -1, count: names.count)
  }
}

/// A formula in the solver's terms: atoms at the current position and `ancestor` for the
/// positions above it, with names as numbers of a ``ContextNames``.
indirect enum ContextTerm: Hashable {
  /// A fixed truth value.
  case constant(Bool)
  /// The context has the identifier, or a value for the key of that name (a name's number).
  case identifier(Int)
  /// The context's value for the key is the value (the key's and the value's numbers).
  case equal(Int, Int)
  case not(ContextTerm)
  case and([ContextTerm])
  case or([ContextTerm])
  /// The term holds at some position strictly above the current one.
  case ancestor(ContextTerm)

  /// The term of a formula, its names numbered in `names`.
  init(_ formula: ContextFormula, names: inout ContextNames) {
    switch formula {
    case .predicate(let predicate):
      self = predicate.map { ContextTerm(predicate: $0, names: &names) } ?? .constant(true)
    case .not(let formula):
      self = .not(ContextTerm(formula, names: &names))
    case .and(let formulas):
      self = .and(formulas.map { ContextTerm($0, names: &names) })
    case .or(let formulas):
      self = .or(formulas.map { ContextTerm($0, names: &names) })
    case .somewhere(let formula):
      let term = ContextTerm(formula, names: &names)
      self = .or([term, .ancestor(term)])
    }
  }

  /// The term of a predicate, its names numbered in `names`: `A > B` is `B` here and `A` on an
  /// ancestor.
  init(predicate: ContextPredicate, names: inout ContextNames) {
    switch predicate {
    case .identifier(let name): self = .identifier(names.number(name))
    case .equal(let key, let value): self = .equal(names.number(key), names.number(value))
    case .notEqual(let key, let value):
      self = .not(.equal(names.number(key), names.number(value)))
    case .not(let inner): self = .not(ContextTerm(predicate: inner, names: &names))
    case .and(let operands):
      self = .and(operands.map { ContextTerm(predicate: $0, names: &names) })
    case .or(let operands):
      self = .or(operands.map { ContextTerm(predicate: $0, names: &names) })
    case .descendant(let ancestor, let descendant):
      self = .and([
        ContextTerm(predicate: descendant, names: &names),
        .ancestor(ContextTerm(predicate: ancestor, names: &names)),
      ])
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

  /// Notes every name the term uses as an identifier and every value it compares a key with.
  func collectNames(into names: inout GroundNameCollector) {
    switch self {
    case .constant: break
    case .identifier(let name): names.identifier(name)
    case .equal(let key, let value): names.equal(key, value)
    case .not(let term), .ancestor(let term): term.collectNames(into: &names)
    case .and(let terms), .or(let terms):
      for term in terms { term.collectNames(into: &names) }
    }
  }
}
