import MenuKit

/// Decides whether context formulas can hold, and finds a context stack where they do.
///
/// **What it decides.** A formula (``ContextFormula``) is satisfiable when some context stack
/// makes it hold at the stack's last position. Identifiers are free booleans; each key has at
/// most one value per context, drawn from a domain of the values the formula names plus "no
/// value" and "some other value"; `name` holds when the context has the identifier `name` or
/// any value for the key `name` (as ``ContextPredicate/holds(in:at:)`` says). `A > B` needs a
/// stack: the solver grounds the formula over stacks of 1, 2, … up to *n* + 1 positions, where
/// *n* counts the `>` operators (and ``ContextFormula/somewhere(_:)`` nodes), and searches the
/// assignments depth first, branching only on variables the formula's value still depends on.
/// That bound is exact: every existential "on some ancestor" needs one position, and removing
/// the other positions keeps every universal true, so a formula that holds on some stack holds
/// on one of at most that size (but not necessarily on a longer one, hence every size is
/// tried). Formulas with more than seven such operators are searched up to eight positions.
///
/// **The kinds assumption** (``Assumptions/exclusiveKinds``, on by default in keymap-lint):
/// identifiers that begin with an uppercase letter name the kind of a responder (`Editor`,
/// `Pane`, `Workspace`), as do those a predicate uses as a whole operand of `>` (Zed's `menu`
/// in `Picker > menu`), and one context has at most one kind, except for pairs listed in
/// ``Assumptions/compatibleKinds`` (keymap-lint lists every pair that some predicate requires
/// at one context, such as `GitPanel && CommitEditor`). Without it, `Pane` and `Editor` could
/// both hold at one context and every binding of `Pane` would overlap one of `Editor`.
///
/// ```swift
/// let solver = ContextSolver()
/// let a = try ContextPredicate(parsing: "Editor && mode == full")
/// let b = try ContextPredicate(parsing: "Editor && mode == auto_height")
/// solver.canHoldTogether(a, b)                      // nil: a key has one value
/// solver.implies(a, try ContextPredicate(parsing: "Editor"))  // true
/// ```
///
/// - Complexity: exponential in the number of distinct atoms in the worst case; the formulas
///   of real keymaps have a handful, and a search gives up after ``maximumSteps`` steps
///   (``Decision/undecided``, on which the rules report nothing).
package struct ContextSolver: Sendable {
  /// What the solver assumes about contexts beyond the predicate language.
  package struct Assumptions: Hashable, Sendable {
    /// Whether one context has at most one kind (``isKind(_:)``).
    package var exclusiveKinds: Bool
    /// Pairs of kinds that may appear in one context all the same, each sorted.
    package var compatibleKinds: Set<[String]>
    /// Identifiers that are kinds whatever their case, such as Zed's `menu`: keymap-lint lists
    /// those that some predicate uses as a whole operand of `>` (`FileFinder > Picker > menu`).
    package var lowercaseKinds: Set<String>
    /// Identifiers that are free flags, not kinds, whatever their case: they exclude no kind.
    /// ``exclusiveKinds(learningFrom:)`` makes a flag (Zed's `VimControl`, which its `Editor`
    /// contributes besides its kind) compatible with its kinds through ``compatibleKinds``,
    /// and lists here only the flags of a group too large for that.
    package var flags: Set<String>

    /// Creates assumptions.
    ///
    /// - Parameters:
    ///   - exclusiveKinds: Whether kinds exclude each other within one context.
    ///   - compatibleKinds: Pairs of kinds that may share a context.
    ///   - lowercaseKinds: Identifiers that are kinds whatever their case.
    ///   - flags: Identifiers that are flags of a kind, never kinds.
    package init(
      exclusiveKinds: Bool = false, compatibleKinds: Set<[String]> = [],
      lowercaseKinds: Set<String> = [], flags: Set<String> = []
    ) {
      self.exclusiveKinds = exclusiveKinds
      self.compatibleKinds = Set(compatibleKinds.map { $0.sorted() })
      self.lowercaseKinds = lowercaseKinds
      self.flags = flags
    }

    /// Whether an identifier names a kind: it is not one of ``flags``, and it begins with an
    /// uppercase letter or is one of ``lowercaseKinds``.
    package func isKind(_ name: String) -> Bool {
      if flags.contains(name) { return false }
      if lowercaseKinds.contains(name) { return true }
      guard let first = name.unicodeScalars.first else { return false }
      return first.properties.isUppercase
    }

    /// No assumption: identifiers are free.
    package static let none = Assumptions()

    /// Exclusive kinds, learned from the predicates: an identifier that is a whole operand of
    /// `>` is a kind even in lowercase (`Picker > menu`); an uppercase identifier that one
    /// conjunction requires at one context together with a kind (a whole operand of `>`, or a
    /// whole context such as `"GitPanel"`) or with a flag, and that is neither itself, is a
    /// flag of that kind, not a kind (`Editor && VimControl`, then `VimControl && VimCount`:
    /// both are flags, so `VimControl && VimCount` does not exclude `Editor`); and two kinds
    /// that one conjunction requires at one context may share one (`GitPanel && CommitEditor`).
    ///
    /// - Parameter predicates: The predicates of the keymaps being linted.
    /// - Returns: The assumptions.
    package static func exclusiveKinds(learningFrom predicates: some Sequence<ContextPredicate>)
      -> Assumptions
    {
      var kinds: Set<String> = []
      var chains: [[String]] = []
      var wholes: Set<String> = []
      for predicate in predicates {
        Self.collectOperandKinds(predicate, into: &kinds)
        Self.collectChains(predicate, into: &chains)
        // A context that is one identifier (or alternatives of single identifiers) names what
        // a responder is: `"context": "GitPanel"`.
        switch predicate {
        case .identifier(let name): wholes.insert(name)
        case .or(let operands):
          for case .identifier(let name) in operands { wholes.insert(name) }
        default: break
        }
      }
      let (flagPairs, freeFlags) = Self.flagPairs(chains: chains, kinds: kinds.union(wholes))
      var assumptions = Assumptions(exclusiveKinds: true, lowercaseKinds: kinds, flags: freeFlags)
      var pairs: Set<[String]> = []
      for predicate in predicates {
        assumptions.collectConjoinedKinds(predicate, into: &pairs)
      }
      assumptions.compatibleKinds = pairs.union(flagPairs)
      return assumptions
    }

    /// Adds the identifiers that are whole operands of `>`.
    private static func collectOperandKinds(
      _ predicate: ContextPredicate, into kinds: inout Set<String>
    ) {
      switch predicate {
      case .descendant(let lhs, let rhs):
        for operand in [lhs, rhs] {
          if case .identifier(let name) = operand { kinds.insert(name) }
          collectOperandKinds(operand, into: &kinds)
        }
      case .and(let operands), .or(let operands):
        for operand in operands { collectOperandKinds(operand, into: &kinds) }
      case .not(let inner):
        collectOperandKinds(inner, into: &kinds)
      case .identifier, .equal, .notEqual:
        break
      }
    }

    /// Adds the identifiers that each `&&` chain of the predicate requires at one context (its
    /// own identifier operands, as ``collectConjoinedKinds(_:into:)`` counts them).
    private static func collectChains(_ predicate: ContextPredicate, into chains: inout [[String]])
    {
      switch predicate {
      case .and(let operands):
        var names: [String] = []
        for operand in operands {
          if case .identifier(let name) = operand { names.append(name) }
          collectChains(operand, into: &chains)
        }
        if names.count > 1 { chains.append(names) }
      case .or(let operands):
        for operand in operands { collectChains(operand, into: &chains) }
      case .descendant(let lhs, let rhs):
        collectChains(lhs, into: &chains)
        collectChains(rhs, into: &chains)
      case .not(let inner):
        collectChains(inner, into: &chains)
      case .identifier, .equal, .notEqual:
        break
      }
    }

    /// The flags and the kinds each may share a context with. The uppercase identifiers that
    /// are not kinds (whole operands of `>` or whole contexts) are grouped by the chains that
    /// require them together (`VimControl && VimCount`); a group whose chains also require
    /// kinds (`Editor && VimControl`) is a group of flags of those kinds: each flag may share a
    /// context with them and with the group's other flags, and excludes every other kind. A
    /// group of more than ``ContextSolver/maximumExclusiveKinds`` flags is left free instead
    /// (``flags``). Linear in the chains' size, but for the pairs made.
    private static func flagPairs(chains: [[String]], kinds: Set<String>) -> (
      pairs: Set<[String]>, free: Set<String>
    ) {
      var parent: [String: String] = [:]
      func root(_ name: String) -> String {
        var current = name
        while let next = parent[current], next != current { current = next }
        var walk = name
        while let next = parent[walk], next != current {
          parent[walk] = current
          walk = next
        }
        return current
      }
      func isCandidate(_ name: String) -> Bool {
        !kinds.contains(name) && name.unicodeScalars.first?.properties.isUppercase == true
      }
      for chain in chains {
        let candidates = chain.filter(isCandidate)
        for name in candidates where parent[name] == nil { parent[name] = name }
        for name in candidates.dropFirst() {
          let (first, other) = (root(candidates[0]), root(name))
          if first != other { parent[other] = first }
        }
      }
      var owners: [String: Set<String>] = [:]
      for chain in chains {
        let owning = chain.filter { kinds.contains($0) }
        guard !owning.isEmpty else { continue }
        for name in chain where isCandidate(name) {
          owners[root(name), default: []].formUnion(owning)
        }
      }
      var members: [String: [String]] = [:]
      for name in parent.keys where owners[root(name)] != nil {
        members[root(name), default: []].append(name)
      }
      var pairs: Set<[String]> = []
      var free: Set<String> = []
      for (group, flags) in members {
        let kindsOfGroup = owners[group] ?? []
        guard flags.count + kindsOfGroup.count <= ContextSolver.maximumExclusiveKinds else {
          free.formUnion(flags)
          continue
        }
        for flag in flags {
          for kind in kindsOfGroup { pairs.insert([flag, kind].sorted()) }
          for other in flags where other < flag { pairs.insert([other, flag]) }
        }
      }
      return (pairs, free)
    }

    /// Adds each pair of kinds that one `&&` chain of the predicate requires together.
    ///
    /// Only the chain's own operands count: a kind under `||`, `!` or `>` is not required at
    /// the chain's context.
    private func collectConjoinedKinds(
      _ predicate: ContextPredicate, into pairs: inout Set<[String]>
    ) {
      switch predicate {
      case .and(let operands):
        var kinds: Set<String> = []
        for operand in operands {
          if case .identifier(let name) = operand, isKind(name) { kinds.insert(name) }
        }
        guard kinds.count <= ContextSolver.maximumExclusiveKinds else { return }
        let sorted = kinds.sorted()
        for (index, first) in sorted.enumerated() {
          for second in sorted[(index + 1)...] { pairs.insert([first, second]) }
        }
      case .or(let operands):
        for operand in operands { collectConjoinedKinds(operand, into: &pairs) }
      case .descendant(let lhs, let rhs):
        collectConjoinedKinds(lhs, into: &pairs)
        collectConjoinedKinds(rhs, into: &pairs)
      case .not(let inner):
        collectConjoinedKinds(inner, into: &pairs)
      case .identifier, .equal, .notEqual:
        break
      }
    }
  }

  /// The most positions a witness stack is searched over.
  package static let maximumStackDepth = 8

  /// What the solver assumes about contexts.
  package var assumptions: Assumptions

  /// Creates a solver.
  ///
  /// - Parameter assumptions: What to assume beyond the predicate language; none by default.
  package init(assumptions: Assumptions = .none) {
    self.assumptions = assumptions
  }

  /// A context stack at whose last position the formula holds, or nil when none exists.
  ///
  /// The witness names only what the formula needs; a key's "some other value" is written as
  /// a value the formula does not name (`other`, `other2`, …).
  ///
  /// - Parameter formula: The formula.
  /// - Returns: The stack, root first, or nil when the formula is unsatisfiable.
  package func witness(for formula: ContextFormula) -> [KeyContext]? {
    if case .satisfiable(let stack) = decide(formula) { return stack }
    return nil
  }

  /// The answer for a formula: satisfiable with a witness, unsatisfiable, or undecided when the
  /// search took more than ``maximumSteps`` steps.
  ///
  /// - Parameter formula: The formula.
  /// - Returns: The decision.
  package func decide(_ formula: ContextFormula) -> Decision {
    var names = ContextNames()
    let term = ContextTerm(formula, names: &names)
    return decide(
      formula, term: term, table: ContextNameTable(names, assumptions: assumptions))
  }

  /// ``decide(_:)`` for a formula whose term is already read, its names numbered in a table
  /// shared by many formulas (the conflict analysis reads each binding's context once): the
  /// same decision, without reading a name's text again.
  ///
  /// - Parameters:
  ///   - formula: The formula.
  ///   - term: Its term (``ContextTerm/init(_:names:)``), numbered in the table's names.
  ///   - table: The names, read with this solver's assumptions.
  /// - Returns: The decision.
  func decide(_ formula: ContextFormula, term: ContextTerm, table: ContextNameTable) -> Decision {
    // Every step of the search evaluates the whole formula: a huge one (a when clause of
    // thousands of terms) is not searched at all.
    guard term.atomCount <= Self.maximumAtoms else { return .undecided }
    // What grounding needs of the names, read once for every stack size.
    let vocabulary = GroundVocabulary(term: term, table: table, assumptions: assumptions)
    defer { vocabulary.release() }
    // The shortest stacks first: a witness usually needs one or two positions, and a formula
    // can hold on a short stack and on no longer one (`Editor && !(a > Editor) && !(!a > Editor)`).
    var decision = ContextSolver.Decision.unsatisfiable
    var steps = Self.maximumSteps
    for levels in 1...min(term.ancestorCount + 1, Self.maximumStackDepth) {
      var problem = GroundProblem(term: term, levels: levels, vocabulary: vocabulary)
      decision = problem.solve(steps: &steps)
      if decision != .unsatisfiable { break }
    }
    guard case .satisfiable(var stack) = decision else { return decision }
    // The shortest stack that still works: drop the positions the formula does not need.
    var index = 0
    while index < stack.count - 1 {
      var shorter = stack
      shorter.remove(at: index)
      if formula.holds(in: shorter, at: shorter.count - 1) {
        stack = shorter
      } else {
        index += 1
      }
    }
    return .satisfiable(stack)
  }

  /// What ``decide(_:)`` found.
  package enum Decision: Hashable, Sendable {
    /// The formula holds at the last position of the stack.
    case satisfiable([KeyContext])
    /// No stack makes the formula hold.
    case unsatisfiable
    /// The search gave up; rules report nothing for an undecided question.
    case undecided
  }

  /// How many assignments a search may visit before it gives up.
  package static let maximumSteps = 200_000

  /// The most names and comparisons a formula may have for the solver to search it; a larger
  /// one is ``Decision/undecided`` at once (real keymaps' formulas have a handful).
  package static let maximumAtoms = 4_096

  /// The most kinds a question may involve for ``Assumptions/exclusiveKinds`` to apply to it:
  /// the assumption adds a constraint per pair of kinds, so with more it is left out of that
  /// question, and a `&&` chain naming more teaches no compatible pairs.
  package static let maximumExclusiveKinds = 64

  /// Whether some context stack makes the formula hold.
  ///
  /// - Parameter formula: The formula.
  /// - Returns: Whether it is satisfiable.
  package func isSatisfiable(_ formula: ContextFormula) -> Bool {
    witness(for: formula) != nil
  }

  /// A stack at whose last position both predicates hold, or nil; nil predicates always hold.
  ///
  /// Two bindings of the same keys whose contexts hold together there match at the same depth,
  /// so only their order decides between them.
  ///
  /// - Parameters:
  ///   - lhs: A binding's context.
  ///   - rhs: Another binding's context.
  /// - Returns: The witness stack, or nil when they never hold at one position.
  package func canHoldTogether(_ lhs: ContextPredicate?, _ rhs: ContextPredicate?)
    -> [KeyContext]?
  {
    witness(for: .and([.predicate(lhs), .predicate(rhs)]))
  }

  /// Whether `rhs` holds at every position where `lhs` holds.
  ///
  /// - Parameters:
  ///   - lhs: The stronger predicate; nil always holds.
  ///   - rhs: The weaker predicate; nil always holds.
  /// - Returns: True when `lhs && !rhs` is unsatisfiable (false when undecided).
  package func implies(_ lhs: ContextPredicate?, _ rhs: ContextPredicate?) -> Bool {
    decide(.and([.predicate(lhs), .not(.predicate(rhs))])) == .unsatisfiable
  }

}

// MARK: - Grounding and search

/// What grounding a formula needs of its names, the same for every stack size: the variables
/// of one position, in the order of the names' text, and the pairs of kinds that may not share
/// a context. It numbers the formula's names from 0 in the table's scratch
/// (``ContextNameTable/places``) until ``release()``.
private struct GroundVocabulary {
  /// The names' table.
  let table: ContextNameTable
  /// The formula's names (the table's numbers), by their place in the formula.
  let found: [Int]
  /// The places of the names that are identifiers or keys, in the order of their text: each
  /// is an identifier variable at every position.
  let identifiers: [Int]
  /// The keys (the table's numbers), in the order of their text, each with the values
  /// compared with it (the table's numbers) in the order of their text: each is a key
  /// variable at every position, after the identifier variables.
  let keys: [(key: Int, values: [Int])]
  /// Each place's variable among ``identifiers``; -1 when the name is neither an identifier
  /// nor a key.
  let identifierSlots: [Int]
  /// Each place's variable among ``keys``; -1 when the name is not a key.
  let keySlots: [Int]
  /// The pairs of kinds (the table's numbers) that may not hold at one context, in the order
  /// of their text (the first before the second), when the kinds assumption applies.
  let exclusivePairs: [(Int, Int)]

  /// How many variables one position has.
  var variablesPerLevel: Int { identifiers.count + keys.count }

  /// Reads a term's names.
  init(term: ContextTerm, table: ContextNameTable, assumptions: ContextSolver.Assumptions) {
    self.table = table
    var names = GroundNameCollector(table: table)
    term.collectNames(into: &names)
    found = names.found
    let ranks = table.ranks
    let found = names.found
    let byText = { (lhs: Int, rhs: Int) in ranks[found[lhs]] < ranks[found[rhs]] }
    let places = found.indices
    let identifiers = places.filter { names.isIdentifier[$0] || names.isKey[$0] }
      .sorted(by: byText)
    let keyPlaces = places.filter { names.isKey[$0] }.sorted(by: byText)
    keys = keyPlaces.map { place in
      (key: found[place], values: names.values[place].sorted { ranks[$0] < ranks[$1] })
    }
    var identifierSlots = [Int](repeating: -1, count: found.count)
    for (slot, place) in identifiers.enumerated() { identifierSlots[place] = slot }
    var keySlots = [Int](repeating: -1, count: found.count)
    for (slot, place) in keyPlaces.enumerated() { keySlots[place] = slot }
    self.identifiers = identifiers
    self.identifierSlots = identifierSlots
    self.keySlots = keySlots
    let kinds = places.filter { names.isIdentifier[$0] && table.isKind[found[$0]] }
      .sorted(by: byText).map { found[$0] }
    var exclusivePairs: [(Int, Int)] = []
    if assumptions.exclusiveKinds, kinds.count <= ContextSolver.maximumExclusiveKinds {
      for (index, first) in kinds.enumerated() {
        for second in kinds[(index + 1)...]
        where !assumptions.compatibleKinds.contains([
          table.names[first], table.names[second],
        ]) {
          exclusivePairs.append((first, second))
        }
      }
    }
    self.exclusivePairs = exclusivePairs
  }

  /// The place of a name (the table's number) in the formula.
  func place(_ name: Int) -> Int { table.places[name] }

  /// Clears the table's scratch for the next formula.
  func release() {
    for name in found { table.places[name] = -1 }
  }
}

/// Collects a term's names into a ``GroundVocabulary``: each name's place in the formula,
/// given on first sight through the table's scratch, and what the formula does with it.
struct GroundNameCollector {
  /// The names' table, whose scratch keeps each name's place.
  let table: ContextNameTable
  /// The names (the table's numbers), by place.
  var found: [Int] = []
  /// Whether the formula uses each place's name as an identifier.
  var isIdentifier: [Bool] = []
  /// Whether the formula compares each place's name as a key.
  var isKey: [Bool] = []
  /// The values (the table's numbers) each place's key is compared with, each once.
  var values: [[Int]] = []

  /// The place of a name (the table's number), given on first sight.
  mutating func place(_ name: Int) -> Int {
    let known = table.places[name]
    if known >= 0 { return known }
    let place = found.count
    table.places[name] = place
    found.append(name)
    isIdentifier.append(false)
    isKey.append(false)
    values.append([])
    return place
  }

  /// Notes a name used as an identifier.
  mutating func identifier(_ name: Int) {
    isIdentifier[place(name)] = true
  }

  /// Notes a key compared with a value.
  mutating func equal(_ key: Int, _ value: Int) {
    let place = place(key)
    isKey[place] = true
    if !values[place].contains(value) { values[place].append(value) }
  }
}

/// A formula grounded over a stack of a fixed size: finite-domain variables and tests on them.
private struct GroundProblem {
  /// A variable: an identifier or a key at one position.
  struct Variable {
    var level: Int
    /// The name (the table's number).
    var name: Int
    /// nil for an identifier (domain false/true); the named values (the table's numbers) for a
    /// key (domain: none, each value, another value).
    var values: [Int]?
    var domainSize: Int { values.map { $0.count + 2 } ?? 2 }
  }

  /// The values a test allows: one value, or any but the first (0: false, or no value).
  /// Kept without a set, as the tests only ever allow one of these.
  enum Allowed {
    /// Exactly this value.
    case value(Int)
    /// Any value from 1: the identifier holds, or the key has some value.
    case nonzero

    /// Whether an assigned value (0 or more) is allowed.
    @inline(__always)
    func contains(_ value: Int) -> Bool {
      switch self {
      case .value(let allowed): value == allowed
      case .nonzero: value >= 1
      }
    }
  }

  let vocabulary: GroundVocabulary
  var variables: [Variable] = []
  /// The grounded formula's nodes, and the root's index among them.
  var nodes = GroundNodes()
  var root = 0
  let levels: Int

  init(term: ContextTerm, levels: Int, vocabulary: GroundVocabulary) {
    self.levels = levels
    self.vocabulary = vocabulary
    variables.reserveCapacity(levels * vocabulary.variablesPerLevel)
    for level in 0..<levels {
      for place in vocabulary.identifiers {
        variables.append(Variable(level: level, name: vocabulary.found[place], values: nil))
      }
      for (key, named) in vocabulary.keys {
        variables.append(Variable(level: level, name: key, values: named))
      }
    }
    var conjuncts = [ground(term, at: levels - 1)]
    if !vocabulary.exclusivePairs.isEmpty {
      for level in 0..<levels {
        for (first, second) in vocabulary.exclusivePairs {
          let both = [identifier(first, at: level), identifier(second, at: level)]
          conjuncts.append(nodes.not(nodes.and(both)))
        }
      }
    }
    root = nodes.and(conjuncts)
  }

  /// `name` (a name's number) at a level: the identifier, or any value for the key; returns
  /// its node.
  mutating func identifier(_ name: Int, at level: Int) -> Int {
    let base = level * vocabulary.variablesPerLevel
    let place = vocabulary.place(name)
    var alternatives: [Int] = []
    let slot = vocabulary.identifierSlots[place]
    if slot >= 0 {
      alternatives.append(nodes.test(base + slot, .value(1)))
    }
    let keySlot = vocabulary.keySlots[place]
    if keySlot >= 0 {
      // Every value of the domain but the first (domain 0..<domainSize).
      alternatives.append(nodes.test(base + vocabulary.identifiers.count + keySlot, .nonzero))
    }
    // A single test is its own disjunction: the same value and the same undecided variable
    // (a test has no parts that could be undecided while it is decided).
    if alternatives.count == 1 { return alternatives[0] }
    return nodes.or(alternatives)
  }

  /// A term grounded at a level, added to ``nodes``; returns its node.
  mutating func ground(_ term: ContextTerm, at level: Int) -> Int {
    switch term {
    case .constant(let value):
      return nodes.constant(value)
    case .identifier(let name):
      return identifier(name, at: level)
    case .equal(let key, let value):
      let slot = vocabulary.keySlots[vocabulary.place(key)]
      guard slot >= 0, let index = vocabulary.keys[slot].values.firstIndex(of: value)
      else { return nodes.constant(false) }
      let variable =
        level * vocabulary.variablesPerLevel + vocabulary.identifiers.count + slot
      return nodes.test(variable, .value(index + 1))
    case .not(let inner):
      return nodes.not(ground(inner, at: level))
    case .and(let terms):
      return nodes.and(terms.map { ground($0, at: level) })
    case .or(let terms):
      return nodes.or(terms.map { ground($0, at: level) })
    case .ancestor(let inner):
      return nodes.or((0..<level).map { ground(inner, at: $0) })
    }
  }

  /// Searches the assignments within a step budget shared by the caller.
  mutating func solve(steps: inout Int) -> ContextSolver.Decision {
    var assignment = [Int](repeating: -1, count: variables.count)
    let domainSizes = variables.map(\.domainSize)
    switch nodes.search(root, &assignment, &steps, domainSizes: domainSizes) {
    case true?: return .satisfiable(stack(from: assignment))
    case false?: return .unsatisfiable
    case nil: return .undecided
    }
  }

  /// The stack an assignment describes; unassigned variables are false or without a value.
  func stack(from assignment: [Int]) -> [KeyContext] {
    let names = vocabulary.table.names
    var stack = [KeyContext](repeating: KeyContext(), count: levels)
    for (index, variable) in variables.enumerated() where assignment[index] > 0 {
      let value = assignment[index]
      if let named = variable.values {
        stack[variable.level].values[names[variable.name]] =
          value <= named.count
          ? names[named[value - 1]] : Self.otherValue(avoiding: named.map { names[$0] })
      } else {
        stack[variable.level].identifiers.insert(names[variable.name])
      }
    }
    return stack
  }

  /// A value that is none of the named ones: `other`, `other2`, ….
  static func otherValue(avoiding named: [String]) -> String {
    var candidate = "other"
    var number = 1
    while named.contains(candidate) {
      number += 1
      candidate = "other\(number)"
    }
    return candidate
  }
}

/// A formula grounded over a stack of a fixed size (``GroundProblem``), laid out in one array
/// of nodes for the search, which evaluates the whole formula at every step: a node holds only
/// numbers (its operands are indices), so reading one is an array load and grounding allocates
/// no node of its own, where an indirect enum was allocated node by node and its `and` and
/// `or` operand arrays were retained and released on every visit.
private struct GroundNodes {
  /// A node: a grounded test, with its operands given by index.
  enum Node {
    /// A constant.
    case constant(Bool)
    /// Variable `index` has one of the allowed values.
    case test(Int, GroundProblem.Allowed)
    /// The negation of a node.
    case not(Int)
    /// The conjunction of the nodes listed in ``GroundNodes/operands`` in a range.
    case and(Range<Int>)
    /// The disjunction of the nodes listed in ``GroundNodes/operands`` in a range.
    case or(Range<Int>)
  }

  /// The nodes, each after its operands.
  private var nodes: [Node] = []
  /// The operand nodes of every `and` and `or`, each node's in one run, in order.
  private var operands: [Int] = []

  /// Adds a node; returns its index.
  private mutating func append(_ node: Node) -> Int {
    nodes.append(node)
    return nodes.count - 1
  }

  /// Adds a constant; returns its node.
  mutating func constant(_ value: Bool) -> Int { append(.constant(value)) }

  /// Adds a test of a variable; returns its node.
  mutating func test(_ variable: Int, _ allowed: GroundProblem.Allowed) -> Int {
    append(.test(variable, allowed))
  }

  /// Adds the negation of a node; returns its node.
  mutating func not(_ operand: Int) -> Int { append(.not(operand)) }

  /// Adds the conjunction of nodes, in order; returns its node.
  mutating func and(_ conjuncts: [Int]) -> Int {
    let start = operands.count
    operands += conjuncts
    return append(.and(start..<operands.count))
  }

  /// Adds the disjunction of nodes, in order; returns its node.
  mutating func or(_ disjuncts: [Int]) -> Int {
    let start = operands.count
    operands += disjuncts
    return append(.or(start..<operands.count))
  }

  /// Three-valued evaluation of a node, nil when unassigned variables decide, and then the
  /// variable to branch on: the first unassigned variable, operands in order, in the first
  /// part of the node whose value is still unknown. One walk answers both; the value short-
  /// circuits as a conjunction or disjunction does, and an unknown value always has such a
  /// variable (only a test of an unassigned variable is unknown by itself).
  ///
  /// - Returns: The value, and the variable to branch on when it is unknown (else -1).
  func evaluate(_ index: Int, _ assignment: [Int]) -> (value: Bool?, branch: Int) {
    switch nodes[index] {
    case .constant(let value):
      return (value, -1)
    case .test(let variable, let allowed):
      let value = assignment[variable]
      return value < 0 ? (nil, variable) : (allowed.contains(value), -1)
    case .not(let inner):
      let (value, branch) = evaluate(inner, assignment)
      return (value.map { !$0 }, branch)
    case .and(let range):
      var branch = -1
      for position in range {
        let operand = evaluate(operands[position], assignment)
        switch operand.value {
        case false?: return (false, -1)
        case nil: if branch < 0 { branch = operand.branch }
        case true?: continue
        }
      }
      return branch < 0 ? (true, -1) : (nil, branch)
    case .or(let range):
      var branch = -1
      for position in range {
        let operand = evaluate(operands[position], assignment)
        switch operand.value {
        case true?: return (true, -1)
        case nil: if branch < 0 { branch = operand.branch }
        case false?: continue
        }
      }
      return branch < 0 ? (false, -1) : (nil, branch)
    }
  }

  /// Depth-first search that branches only on a variable the formula's value still depends
  /// on, so variables that do not matter are never enumerated; nil when the budget ran out.
  ///
  /// - Parameters:
  ///   - root: The formula's node.
  ///   - assignment: Each variable's value, -1 when unassigned; the satisfying one on return.
  ///   - steps: The budget left, shared with the caller.
  ///   - domainSizes: How many values each variable has.
  /// - Returns: Whether the formula is satisfiable, or nil when the budget ran out.
  func search(_ root: Int, _ assignment: inout [Int], _ steps: inout Int, domainSizes: [Int])
    -> Bool?
  {
    steps -= 1
    if steps < 0 { return nil }
    let (value, next) = evaluate(root, assignment)
    switch value {
    case true?: return true
    case false?: return false
    case nil: break
    }
    for value in 0..<domainSizes[next] {
      assignment[next] = value
      switch search(root, &assignment, &steps, domainSizes: domainSizes) {
      case true?: return true
      case nil:
        assignment[next] = -1
        return nil
      case false?: continue
      }
    }
    assignment[next] = -1
    return false
  }
}
