import MenuKit
import Testing

@testable import MenuKitLint

/// The conflict analysis reads each binding's context once, its names numbered in one table
/// for the whole key sequence (``ContextNameTable``), and asks the solver about combinations
/// of those terms: every decision must be the one the solver makes of the formula alone.
@Suite("Context solver: names numbered once for many formulas")
struct ContextNameTableTests {
  /// Predicates whose names come in another order than their text's (`zeta` before `alpha`,
  /// `mode == vim` before `mode == full`), with kinds, flags, values and `>`.
  static let predicates = [
    "zeta && mode == vim", "alpha || mode == full", "Editor", "Pane && focused",
    "Editor && mode == full", "Pane > Editor", "GitPanel && CommitEditor", "!Editor || Terminal",
    "mode == vim && Terminal", "alpha && mode != full", "Workspace > Pane > Editor && !zeta",
    "CommitEditor", "!(alpha > Editor)", "mode",
  ]

  /// The predicates parsed, and a solver with the kinds assumption learned from them.
  static func parsed() throws -> (predicates: [ContextPredicate?], solver: ContextSolver) {
    let parsed = try predicates.map { try ContextPredicate(parsing: $0) }
    let solver = ContextSolver(assumptions: .exclusiveKinds(learningFrom: parsed))
    return (parsed + [nil], solver)
  }

  @Test("overlaps, implications and covers decided through one table are the formulas' own")
  func sharedTableDecidesAlike() throws {
    let (predicates, solver) = try Self.parsed()
    // The terms read in the order given, as the analysis reads a key sequence's bindings.
    var names = ContextNames()
    let formulas = predicates.map { ContextFormula.predicate($0) }
    let terms = formulas.map { ContextTerm($0, names: &names) }
    let table = ContextNameTable(names, assumptions: solver.assumptions)
    var satisfiable = 0
    for first in formulas.indices {
      for second in formulas.indices {
        let third = (first + second) % formulas.count
        let questions: [(ContextFormula, ContextTerm)] = [
          (.and([formulas[first], formulas[second]]), .and([terms[first], terms[second]])),
          (
            .and([formulas[first], .not(formulas[second])]),
            .and([terms[first], .not(terms[second])])
          ),
          (
            .and([formulas[first], .not(.or([formulas[second], formulas[third]]))]),
            .and([terms[first], .not(.or([terms[second], terms[third]]))])
          ),
        ]
        for (formula, term) in questions {
          let shared = solver.decide(formula, term: term, table: table)
          #expect(shared == solver.decide(formula), "\(first), \(second), \(third)")
          if case .satisfiable = shared { satisfiable += 1 }
          // The table's scratch is clear for the next formula.
          #expect(table.places.allSatisfy { $0 == -1 })
        }
      }
    }
    #expect(satisfiable > 100)
  }

  @Test("the search branches on the first unknown variable, operands in order, false first")
  func branchingOrder() throws {
    let solver = ContextSolver()
    // `b` is tried first and left false, so `a` makes the formula hold; branching on `a` first
    // would find `b`.
    #expect(
      solver.witness(for: .predicate(try ContextPredicate(parsing: "b || a"))) == [
        KeyContext(["a"])
      ])
    // The first part still unknown is `c || b`: with `c` false, `b` holds and `a` is then
    // decided false by `!(a && b)`.
    let formula = ContextFormula.predicate(try ContextPredicate(parsing: "(c || b) && !(a && b)"))
    #expect(solver.witness(for: formula) == [KeyContext(["b"])])
  }

  @Test("a witness names values in the order of their text, whatever order they come in")
  func valuesInTextOrder() throws {
    let solver = ContextSolver()
    let formula = ContextFormula.and([
      .predicate(try ContextPredicate(parsing: "mode == zz || mode == aa")),
      .predicate(try ContextPredicate(parsing: "zeta || alpha")),
    ])
    // The first value and identifier in text order are tried first.
    #expect(solver.witness(for: formula) == [KeyContext(["alpha"], values: ["mode": "aa"])])
  }
}
