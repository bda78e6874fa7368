import MenuKit
import MenuKitLint
import Testing

/// One row of the satisfiability table: two predicates, whether they can hold at one position,
/// and whether the first implies the second.
struct SolverCase: CustomTestStringConvertible, Sendable {
  var lhs: String?
  var rhs: String?
  var together: Bool
  var implies: Bool
  var testDescription: String { "\(lhs ?? "(none)") vs \(rhs ?? "(none)")" }
}

private let solverCases: [SolverCase] = [
  SolverCase(lhs: "Editor", rhs: "Editor", together: true, implies: true),
  SolverCase(lhs: "Editor && mode == full", rhs: "Editor", together: true, implies: true),
  SolverCase(lhs: "Editor", rhs: "Editor && mode == full", together: true, implies: false),
  SolverCase(lhs: "mode == full", rhs: "mode == vim", together: false, implies: false),
  SolverCase(lhs: "mode == full", rhs: "mode != vim", together: true, implies: true),
  SolverCase(lhs: "mode == full", rhs: "mode", together: true, implies: true),
  SolverCase(lhs: "!mode", rhs: "mode != full", together: true, implies: true),
  SolverCase(lhs: "a && !a", rhs: nil, together: false, implies: true),
  SolverCase(lhs: nil, rhs: "Editor", together: true, implies: false),
  SolverCase(lhs: "Editor", rhs: nil, together: true, implies: true),
  SolverCase(lhs: "a || b", rhs: "a", together: true, implies: false),
  SolverCase(lhs: "a && b", rhs: "a || c", together: true, implies: true),
  // `>` needs an ancestor: `Pane > Editor` implies `Editor` here, not `Pane` here.
  SolverCase(lhs: "Pane > Editor", rhs: "Editor", together: true, implies: true),
  SolverCase(lhs: "Pane > Editor", rhs: "Pane", together: false, implies: false),
  SolverCase(lhs: "Pane > Editor", rhs: "Workspace > Editor", together: true, implies: false),
  SolverCase(lhs: "Pane > Editor", rhs: "!(Pane > Editor)", together: false, implies: false),
  SolverCase(
    lhs: "Workspace > Pane > Editor", rhs: "Workspace > Editor", together: true, implies: true),
  SolverCase(lhs: "Editor && !(a > Editor)", rhs: "a > Editor", together: false, implies: false),
  // With the kinds assumption, two kinds never share a context.
  SolverCase(lhs: "Pane", rhs: "Editor", together: false, implies: false),
  SolverCase(lhs: "GitPanel", rhs: "CommitEditor", together: true, implies: false),
]

@Suite("Context satisfiability")
struct ContextSolverTests {
  let solver = ContextSolver(
    assumptions: .init(exclusiveKinds: true, compatibleKinds: [["CommitEditor", "GitPanel"]]))

  func predicate(_ text: String?) throws -> ContextPredicate? {
    try text.map { try ContextPredicate(parsing: $0) }
  }

  @Test(
    "decides whether two contexts hold together and whether one implies the other",
    arguments: solverCases)
  func table(_ row: SolverCase) throws {
    let lhs = try predicate(row.lhs)
    let rhs = try predicate(row.rhs)
    let witness = solver.canHoldTogether(lhs, rhs)
    #expect((witness != nil) == row.together)
    if let witness {
      // The witness is checked with the evaluator the resolver uses.
      let depth = witness.count - 1
      #expect(lhs?.holds(in: witness, at: depth) ?? true)
      #expect(rhs?.holds(in: witness, at: depth) ?? true)
    }
    #expect(solver.implies(lhs, rhs) == row.implies)
  }

  @Test("without the kinds assumption, two kinds can share a context")
  func openContexts() throws {
    let open = ContextSolver()
    let pane = try ContextPredicate(parsing: "Pane")
    let editor = try ContextPredicate(parsing: "Editor")
    let witness = try #require(open.canHoldTogether(pane, editor))
    #expect(witness.last?.identifiers == ["Editor", "Pane"])
  }

  @Test("learns compatible kinds from conjunctions")
  func learnsKinds() throws {
    let assumptions = ContextSolver.Assumptions.exclusiveKinds(learningFrom: [
      try ContextPredicate(parsing: "GitPanel && ChangesList > Editor")
    ])
    #expect(assumptions.compatibleKinds == [["ChangesList", "GitPanel"]])
  }

  @Test("a witness is the shortest stack that works")
  func shortWitness() throws {
    let formula = ContextFormula.and([
      .predicate(try ContextPredicate(parsing: "Workspace > Pane > Editor"))
    ])
    let witness = try #require(solver.witness(for: formula))
    #expect(witness.map(\.description) == ["Workspace", "Pane", "Editor"])
    let any = try #require(solver.witness(for: .predicate(nil)))
    #expect(any.count == 1)
  }

  @Test("a witness of comparisons satisfies them in the resolver's evaluator")
  func comparisonsWitness() throws {
    let predicate = try ContextPredicate(parsing: "mode != full && mode != other && mode")
    let witness = try #require(solver.witness(for: .predicate(predicate)))
    #expect(predicate.holds(in: witness, at: witness.count - 1))
  }
}

@Suite("Context satisfiability: stack sizes and kinds")
struct ContextSolverStackTests {
  @Test("a formula that holds only on a one-position stack is satisfiable")
  func shortestStackOnly() throws {
    let predicate = try ContextPredicate(parsing: "Editor && !(a > Editor) && !(!a > Editor)")
    let witness = try #require(ContextSolver().witness(for: .predicate(predicate)))
    #expect(witness.count == 1)
    #expect(predicate.holds(in: witness, at: 0))
  }

  @Test("whole operands of '>' are kinds even in lowercase")
  func lowercaseKinds() throws {
    let assumptions = ContextSolver.Assumptions.exclusiveKinds(learningFrom: [
      try ContextPredicate(parsing: "FileFinder > Picker > menu"),
      try ContextPredicate(parsing: "BufferSearchBar && !in_replace > Editor"),
    ])
    #expect(assumptions.lowercaseKinds == ["Editor", "FileFinder", "Picker", "menu"])
    #expect(!assumptions.isKind("in_replace"))
    let solver = ContextSolver(assumptions: assumptions)
    #expect(
      solver.canHoldTogether(
        try ContextPredicate(parsing: "Editor"), try ContextPredicate(parsing: "menu")) == nil)
  }
}

@Suite("Context satisfiability against every small stack")
struct ContextSolverBruteForceTests {
  /// Every context over identifiers a, b, c and the key mode (none, full, vim, other).
  static let contexts: [KeyContext] = {
    var result: [KeyContext] = []
    for bits in 0..<8 {
      let names = Set(
        ["a", "b", "c"].enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
      for mode in [nil, "full", "vim", "other"] {
        result.append(KeyContext(names, values: mode.map { ["mode": $0] } ?? [:]))
      }
    }
    return result
  }()

  @Test("the solver finds a stack exactly when one of one or two positions satisfies both")
  func agreesWithEnumeration() throws {
    let atoms = ["a", "!a", "b", "c", "!c", "mode == full", "mode != vim", "mode", "!mode"]
    var predicates = atoms
    for (index, first) in atoms.enumerated() {
      for second in atoms[(index + 1)...] {
        predicates += ["\(first) && \(second)", "\(first) || \(second)"]
      }
    }
    predicates += ["a > b", "b > a && !c", "!(a > b)", "c > mode == full", "a > (b || c)"]
    let parsed = try predicates.map { try ContextPredicate(parsing: $0) }
    let solver = ContextSolver()
    let contexts = Self.contexts
    var satisfiable = 0
    for (index, lhs) in parsed.enumerated() {
      // A sample of pairs: each predicate with every seventh other one and the `>` ones.
      for rhs in parsed.indices
      where rhs % 7 == index % 7 || rhs >= parsed.count - 5 {
        let right = parsed[rhs]
        let found =
          contexts.contains { one in
            lhs.holds(in: [one], at: 0) && right.holds(in: [one], at: 0)
          }
          || contexts.contains { outer in
            contexts.contains { inner in
              lhs.holds(in: [outer, inner], at: 1) && right.holds(in: [outer, inner], at: 1)
            }
          }
        let witness = solver.canHoldTogether(lhs, right)
        #expect((witness != nil) == found, "\(predicates[index]) vs \(predicates[rhs])")
        if let witness {
          satisfiable += 1
          #expect(lhs.holds(in: witness, at: witness.count - 1))
          #expect(right.holds(in: witness, at: witness.count - 1))
        }
      }
    }
    #expect(satisfiable > 100)
  }
}
