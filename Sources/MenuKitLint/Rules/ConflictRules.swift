public import MenuKit

/// MK601: two bindings of the same keys can apply at the same context depth, neither context
/// implies the other, and only their order in the file decides which runs where both hold.
///
/// The finding is at the later binding (the one that wins where both hold); a note gives a
/// context stack where both hold, checked with ``ContextPredicate/holds(in:at:)``.
public struct AmbiguousBindingRule: LintRule {
  /// Creates the rule.
  public init() {}
  /// `MK601 ambiguous-binding`.
  public var code: DiagnosticCode { .ambiguousBinding }
  /// The ambiguities of the conflict analysis.
  public func check(_ model: LintModel) -> [LintFinding] {
    model.conflicts.filter { $0.code == code }
  }
}

/// MK602: a binding never runs, because wherever its context holds a later binding of the
/// same keys in the same file holds too and wins (rules 5 and 6 of `docs/keymaps.md`).
public struct DeadBindingRule: LintRule {
  /// Creates the rule.
  public init() {}
  /// `MK602 dead-binding`.
  public var code: DiagnosticCode { .deadBinding }
  /// The dead bindings of the conflict analysis.
  public func check(_ model: LintModel) -> [LintFinding] {
    model.conflicts.filter { $0.code == code }
  }
}

/// MK603 (a note): a later binding of the same keys overrides another by design — its context
/// is more specific, or it comes from a later keymap (a higher layer, such as a user keymap
/// over the defaults), or it is an unbind.
public struct ResolvedOverrideRule: LintRule {
  /// Creates the rule.
  public init() {}
  /// `MK603 resolved-override`.
  public var code: DiagnosticCode { .resolvedOverride }
  /// The overrides of the conflict analysis.
  public func check(_ model: LintModel) -> [LintFinding] {
    model.conflicts.filter { $0.code == code }
  }
}

/// Compares every pair of bindings of the same keys by the precedence rules of
/// `KeyBindingResolver`: context depth, then order.
///
/// Two contexts that hold together at one position match at the same depth, so the later
/// binding wins there (rule 6); two that never do are told apart by depth (rule 5) and are
/// not reported. For a pair that overlaps at one position:
/// - the earlier binding is **dead** when the later bindings of its file cover every position
///   where it holds (`E && !(L1 || L2 …)` is unsatisfiable);
/// - the later one overrides **by design** when its context implies the earlier one's (it is
///   more specific), when it is in a later file, or when it unbinds the keys;
/// - otherwise the pair is **ambiguous**.
struct ConflictAnalysis {
  let model: LintModel

  /// How many other bindings a note lists before "and N more".
  static let listedLimit = 3

  func findings() -> [LintFinding] {
    let bindings = model.activeBindings
    var groups: [[PhysicalStroke]: [Int]] = [:]
    for index in bindings.indices { groups[bindings[index].strokes, default: []].append(index) }
    var findings: [LintFinding] = []
    for members in groups.values where members.count > 1 {
      findings += analyze(members.map { bindings[$0] })
    }
    return findings
  }

  /// The findings for the bindings of one key sequence, in precedence order.
  func analyze(_ members: [LintBinding]) -> [LintFinding] {
    let solver = model.solver
    var findings: [LintFinding] = []
    var pairs: [Int: [Pair]] = [:]
    for (position, earlier) in members.enumerated() {
      var overlapping: [(binding: LintBinding, witness: [KeyContext])] = []
      for later in members[(position + 1)...] where !bothFromMenus(earlier, later) {
        if case .satisfiable(let witness) = solver.decide(.and([earlier.applies, later.applies])) {
          overlapping.append((later, witness))
        }
      }
      guard !overlapping.isEmpty else { continue }
      let covering = ContextFormula.and([
        earlier.applies, .not(.or(overlapping.map(\.binding.applies))),
      ])
      if solver.decide(covering) == .unsatisfiable {
        findings.append(never(earlier, overriddenBy: overlapping.map(\.binding)))
        continue
      }
      for (later, witness) in overlapping where later.binding.effect != earlier.binding.effect {
        let (code, reason) = classify(earlier, later)
        pairs[later.rank, default: []].append(
          Pair(earlier: earlier, later: later, witness: witness, code: code, reason: reason))
      }
    }
    // One finding per later binding and class, listing the earlier bindings it wins over.
    for rank in pairs.keys.sorted() {
      let all = pairs[rank]!
      for code in [DiagnosticCode.ambiguousBinding, .resolvedOverride] {
        let group = all.filter { $0.code == code }
        if !group.isEmpty { findings.append(finding(for: group)) }
      }
    }
    return findings
  }

  /// Whether both bindings are key commands of menu files: `MenuValidator` reports those as
  /// `MK302`.
  func bothFromMenus(_ lhs: LintBinding, _ rhs: LintBinding) -> Bool {
    model.documents[lhs.document].format == .menu && model.documents[rhs.document].format == .menu
  }

  /// An earlier binding that a later one wins over where both hold, and why.
  struct Pair {
    var earlier: LintBinding
    var later: LintBinding
    var witness: [KeyContext]
    var code: DiagnosticCode
    var reason: String?
  }

  /// The finding for a binding that never runs.
  func never(_ binding: LintBinding, overriddenBy winners: [LintBinding]) -> LintFinding {
    let sameFile = winners.filter { $0.document == binding.document }
    let solver = model.solver
    let isDead =
      !sameFile.isEmpty
      && solver.decide(.and([binding.applies, .not(.or(sameFile.map(\.applies)))]))
        == .unsatisfiable
    let shown = isDead ? sameFile : winners
    var notes = shown.prefix(Self.listedLimit).map { winner in
      LintNote(
        "overridden here by \(LintModel.describe(winner.binding.effect)) in "
          + LintModel.describe(winner.binding.context)
          + (winner.writtenStrokes == binding.writtenStrokes
            ? ""
            : " (\(model.label(winner)) is the same press as \(model.label(binding)): "
              + "docs/decisions/0009-stroke-semantics.md)"),
        at: winner.binding.location)
    }
    if shown.count > Self.listedLimit {
      notes.append(LintNote("and \(shown.count - Self.listedLimit) more"))
    }
    if binding.binding.context != nil, shown.contains(where: { $0.binding.context == nil }) {
      notes.append(
        LintNote(
          "a binding without a context counts as matching at the deepest level of the stack "
            + "(rule 3 of docs/keymaps.md), so it wins over any context at the same position"))
    }
    let subject =
      "\(model.label(binding)) (\(LintModel.describe(binding.binding.effect))) in "
      + LintModel.describe(binding.binding.context)
    if isDead {
      let redundant = sameFile.allSatisfy { $0.binding.effect == binding.binding.effect }
      let message =
        redundant
        ? "\(subject) is redundant: a later binding of the same keys to the same command "
          + "applies wherever it does, so this one never runs; remove it"
        : "\(subject) never runs: later bindings of the same keys in this file apply wherever "
          + "it does and win (same depth, later wins); remove it or narrow the later context"
      return LintFinding(
        Diagnostic(
          .deadBinding, message, at: binding.binding.location,
          severity: redundant ? .warning : .error), notes: notes)
    }
    return LintFinding(
      Diagnostic(
        .resolvedOverride,
        "\(subject) is overridden by a later keymap wherever it applies; precedence resolves "
          + "this by design (a later layer or file wins at the same depth)",
        at: binding.binding.location), notes: notes)
  }

  /// Why a later binding wins over an earlier one where both hold: by design (with the
  /// reason), or only by order (ambiguous).
  func classify(_ earlier: LintBinding, _ later: LintBinding) -> (DiagnosticCode, String?) {
    if case .unbind = later.binding.effect {
      return (.resolvedOverride, "it unbinds the keys there")
    }
    if model.solver.decide(.and([later.applies, .not(earlier.applies)])) == .unsatisfiable {
      return (.resolvedOverride, "its context is more specific")
    }
    if later.document != earlier.document {
      return (.resolvedOverride, "it comes from a later keymap")
    }
    return (.ambiguousBinding, nil)
  }

  /// The finding at a later binding for the earlier ones it wins over, all of one class.
  func finding(for group: [Pair]) -> LintFinding {
    let later = group[0].later
    let subject =
      "\(model.label(later)) (\(LintModel.describe(later.binding.effect))) in "
      + LintModel.describe(later.binding.context)
    func other(_ pair: Pair) -> String {
      "\(LintModel.describe(pair.earlier.binding.effect)) in "
        + LintModel.describe(pair.earlier.binding.context)
    }
    var notes = group.prefix(Self.listedLimit).map { pair in
      LintNote(
        "the earlier binding: \(other(pair)); both apply in the context stack "
          + "'\(LintModel.describe(pair.witness))'"
          + (pair.reason.map { " (\($0))" } ?? ""),
        at: pair.earlier.binding.location)
    }
    if group.count > Self.listedLimit {
      notes.append(LintNote("and \(group.count - Self.listedLimit) more"))
    }
    let others =
      group.count == 1 ? "the earlier \(other(group[0]))" : "\(group.count) earlier bindings"
    if group[0].code == .resolvedOverride {
      let reasons = Set(group.compactMap(\.reason)).sorted().joined(separator: "; ")
      return LintFinding(
        Diagnostic(
          .resolvedOverride,
          "\(subject) overrides \(others) where both apply; precedence resolves this by design "
            + "(\(reasons))",
          at: later.binding.location), notes: notes)
    }
    notes.append(
      LintNote("make the contexts exclusive, or one more specific than the other"))
    return LintFinding(
      Diagnostic(
        .ambiguousBinding,
        "\(subject) and \(others) of the same keys can apply at the same context depth, and "
          + "neither context implies the other; only their order decides, and this one wins "
          + "where both hold",
        at: later.binding.location), notes: notes)
  }
}
