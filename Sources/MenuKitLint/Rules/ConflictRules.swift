import MenuKit

/// MK601: two bindings of the same keys can apply at the same context depth, neither context
/// implies the other, and only their order in the file decides which runs where both hold.
///
/// The finding is at the later binding (the one that wins where both hold); a note gives a
/// context stack where both hold, checked with ``ContextPredicate/holds(in:at:)``.
package struct AmbiguousBindingRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK601 ambiguous-binding`.
  package var code: DiagnosticCode { .ambiguousBinding }
  /// The ambiguities of the conflict analysis.
  package func check(_ model: LintModel) -> [LintFinding] {
    model.conflicts.filter { $0.code == code }
  }
}

/// MK602: a binding never runs, because wherever its context holds a later binding of the
/// same keys in the same file holds too and wins (rules 5 and 6 of `docs/formats/keymaps.md`).
package struct DeadBindingRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK602 dead-binding`.
  package var code: DiagnosticCode { .deadBinding }
  /// The dead bindings of the conflict analysis.
  package func check(_ model: LintModel) -> [LintFinding] {
    model.conflicts.filter { $0.code == code }
  }
}

/// MK603 (a note): a later binding of the same keys overrides another by design — its context
/// is more specific, or it comes from a later keymap (a higher layer, such as a user keymap
/// over the defaults), or it is an unbind.
package struct ResolvedOverrideRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK603 resolved-override`.
  package var code: DiagnosticCode { .resolvedOverride }
  /// The overrides of the conflict analysis.
  package func check(_ model: LintModel) -> [LintFinding] {
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
  ///
  /// The bindings are read from the last to the first, and those after the current one are
  /// kept in buckets of equal context, file and kind (``Bucket``): each binding is compared
  /// with each bucket, not with each later binding, and the solver answers each question about
  /// the same contexts once (``Decisions``). The bindings of one key usually share a handful
  /// of contexts (a GTK list has none), so 10,000 bindings of one key cost a few solver calls
  /// and linear work, not 50 million comparisons. Only a binding that is not dead is then
  /// compared with each later binding it overlaps, to classify the pair.
  func analyze(_ members: [LintBinding]) -> [LintFinding] {
    var decisions = Decisions(solver: model.solver, members: members)
    var buckets: [Bucket] = []
    var bucketNumbers: [Bucket.Key: Int] = [:]
    var dead: [LintFinding] = []
    // The bindings that overlap later ones without being dead, with the buckets they overlap.
    var live: [(position: Int, buckets: [Int])] = []
    for position in members.indices.reversed() {
      let earlier = members[position]
      let isMenu = isFromMenu(earlier)
      // The buckets in the order of their first binding, as the bindings come.
      let overlapping = buckets.indices.filter { number in
        !(isMenu && buckets[number].key.isMenu)
          && decisions.overlap(
            formula: decisions.memberFormula[position],
            buckets[number].key.formula
          ).isSatisfiable
      }.sorted { buckets[$0].positions.last! < buckets[$1].positions.last! }
      if !overlapping.isEmpty {
        if decisions.isCovered(position, byFormulas: overlapping.map { buckets[$0].key.formula }) {
          dead.append(
            never(
              members, position, overriddenBy: overlapping.map { buckets[$0] },
              decisions: &decisions))
        } else {
          live.append((position, overlapping))
        }
      }
      let key = Bucket.Key(
        formula: decisions.memberFormula[position], document: earlier.document, isMenu: isMenu)
      if let number = bucketNumbers[key] {
        buckets[number].add(position, earlier)
      } else {
        bucketNumbers[key] = buckets.count
        var bucket = Bucket(key: key)
        bucket.add(position, earlier)
        buckets.append(bucket)
      }
    }
    var findings = Array(dead.reversed())
    // The pairs of the live bindings, earliest first: which later ones win over them, and why.
    var pairs: [Int: PairGroups] = [:]
    for (position, overlapping) in live.reversed() {
      let earlier = members[position]
      let laterPositions = overlapping.flatMap { number in
        buckets[number].positions.lazy.filter { $0 > position }
      }.sorted()
      for index in laterPositions where members[index].binding.effect != earlier.binding.effect {
        let later = members[index]
        guard case .satisfiable(let witness) = decisions.overlap(position, index) else { continue }
        let (code, reason) = classify(earlier, later, decisions: &decisions, position, index)
        pairs[later.rank, default: PairGroups()].add(
          Pair(earlier: earlier, later: later, witness: witness, code: code, reason: reason))
      }
    }
    // One finding per later binding and class, listing the earlier bindings it wins over.
    for rank in pairs.keys.sorted() {
      for group in pairs[rank]!.groups where group.count > 0 {
        findings.append(finding(for: group))
      }
    }
    return findings
  }

  /// Whether a binding is a key command of a menu file: `MenuValidator` reports two of those
  /// with the same keys as `MK302`, so such pairs are not compared here.
  func isFromMenu(_ binding: LintBinding) -> Bool {
    model.documents[binding.document].format == .menu
  }

  /// The later bindings of one key sequence that share a context (an equal
  /// ``LintBinding/applies``), a file and whether it is a menu file, as ``analyze(_:)`` keeps
  /// them: every position, and what a finding about them needs.
  struct Bucket {
    struct Key: Hashable {
      var formula: Int
      var document: Int
      var isMenu: Bool
    }
    let key: Key
    /// The positions, from the last to the first.
    var positions: [Int] = []
    /// The effects of the bindings, as long as there are at most two different ones.
    var effects: [KeyBinding.Effect] = []
    /// Whether some binding has no context.
    var hasBindingWithoutContext = false

    init(key: Key) {
      self.key = key
    }

    mutating func add(_ position: Int, _ binding: LintBinding) {
      positions.append(position)
      if effects.count < 2, !effects.contains(binding.binding.effect) {
        effects.append(binding.binding.effect)
      }
      if binding.binding.context == nil { hasBindingWithoutContext = true }
    }

    /// How many bindings the bucket has.
    var count: Int { positions.count }
    /// The first positions, earliest first, up to `limit`.
    func first(_ limit: Int) -> [Int] { Array(positions.suffix(limit).reversed()) }
  }

  /// The solver's answers for one key sequence's bindings, each asked once per distinct pair of
  /// contexts: a binding's ``LintBinding/applies`` is known by a number, the same for equal
  /// formulas.
  struct Decisions {
    let solver: ContextSolver
    /// The formulas, by number.
    var formulas: [ContextFormula] = []
    /// The formulas' terms, by number, read once, their names numbered in ``names``.
    var terms: [ContextTerm] = []
    /// The names of every formula.
    let names: ContextNameTable
    /// The number of each member's formula.
    var memberFormula: [Int] = []
    /// Answers to "can both hold", by the two numbers.
    var overlaps: [Pair2: ContextSolver.Decision] = [:]
    /// Answers to "does the first imply the second", by the two numbers.
    var implications: [Pair2: Bool] = [:]
    /// Answers to "is the first covered by the others", by the numbers.
    var covers: [[Int]: Bool] = [:]

    /// Two formula numbers, in order.
    struct Pair2: Hashable {
      var first: Int
      var second: Int
    }

    init(solver: ContextSolver, members: [LintBinding]) {
      self.solver = solver
      var numbers: [ContextFormula: Int] = [:]
      var names = ContextNames()
      for member in members {
        if let number = numbers[member.applies] {
          memberFormula.append(number)
        } else {
          numbers[member.applies] = formulas.count
          memberFormula.append(formulas.count)
          formulas.append(member.applies)
          terms.append(ContextTerm(member.applies, names: &names))
        }
      }
      self.names = ContextNameTable(names, assumptions: solver.assumptions)
    }

    /// Whether members `lhs` and `rhs` can apply at one position, with a witness stack.
    mutating func overlap(_ lhs: Int, _ rhs: Int) -> ContextSolver.Decision {
      overlap(formula: memberFormula[lhs], memberFormula[rhs])
    }

    /// Whether the formulas numbered `lhs` and `rhs` can hold at one position.
    mutating func overlap(formula lhs: Int, _ rhs: Int) -> ContextSolver.Decision {
      let key = Pair2(first: lhs, second: rhs)
      if let known = overlaps[key] { return known }
      let decision = solver.decide(
        .and([formulas[key.first], formulas[key.second]]),
        term: .and([terms[key.first], terms[key.second]]), table: names)
      overlaps[key] = decision
      return decision
    }

    /// Whether member `lhs`'s context implies member `rhs`'s (`lhs && !rhs` is unsatisfiable).
    mutating func implies(_ lhs: Int, _ rhs: Int) -> Bool {
      let key = Pair2(first: memberFormula[lhs], second: memberFormula[rhs])
      if let known = implications[key] { return known }
      let answer =
        solver.decide(
          .and([formulas[key.first], .not(formulas[key.second])]),
          term: .and([terms[key.first], .not(terms[key.second])]), table: names) == .unsatisfiable
      implications[key] = answer
      return answer
    }

    /// Whether member `position` holds nowhere that none of the formulas numbered `others`
    /// holds: `E && !(L1 || L2 …)` is unsatisfiable. Each formula counts once, in the order
    /// given (the order of the bindings, which the solver's search follows).
    mutating func isCovered(_ position: Int, byFormulas others: [Int]) -> Bool {
      var seen: Set<Int> = []
      let key = [memberFormula[position]] + others.filter { seen.insert($0).inserted }
      if let known = covers[key] { return known }
      let formula = ContextFormula.and([
        formulas[key[0]], .not(.or(key.dropFirst().map { formulas[$0] })),
      ])
      let term = ContextTerm.and([terms[key[0]], .not(.or(key.dropFirst().map { terms[$0] }))])
      let answer = solver.decide(formula, term: term, table: names) == .unsatisfiable
      covers[key] = answer
      return answer
    }
  }

  /// The pairs in which one later binding wins, by class: only what a finding prints is kept
  /// (the first ``listedLimit``, how many, and the reasons), so memory stays linear.
  struct PairGroups {
    var groups = [PairGroup(), PairGroup()]

    mutating func add(_ pair: Pair) {
      groups[pair.code == .ambiguousBinding ? 0 : 1].add(pair)
    }
  }

  /// The pairs of one later binding and one class.
  struct PairGroup {
    /// The first pairs, up to ``ConflictAnalysis/listedLimit``.
    var first: [Pair] = []
    /// How many pairs there are.
    var count = 0
    /// Every reason given.
    var reasons: Set<String> = []

    mutating func add(_ pair: Pair) {
      if first.count < ConflictAnalysis.listedLimit { first.append(pair) }
      count += 1
      if let reason = pair.reason { reasons.insert(reason) }
    }
  }

  /// An earlier binding that a later one wins over where both hold, and why.
  struct Pair {
    var earlier: LintBinding
    var later: LintBinding
    var witness: [KeyContext]
    var code: DiagnosticCode
    var reason: String?
  }

  /// The finding for a binding that never runs: member `position` of `members`, which the
  /// later bindings in the buckets `winners` override wherever it applies.
  ///
  /// Works on buckets, so a binding overridden by 10,000 others costs a few steps.
  func never(
    _ members: [LintBinding], _ position: Int, overriddenBy winners: [Bucket],
    decisions: inout Decisions
  ) -> LintFinding {
    let binding = members[position]
    let sameFile = winners.filter { $0.key.document == binding.document }
    let isDead =
      !sameFile.isEmpty
      && decisions.isCovered(position, byFormulas: sameFile.map(\.key.formula))
    let shown = isDead ? sameFile : winners
    let shownCount = shown.reduce(0) { $0 + $1.count }
    let firstShown = shown.flatMap { $0.first(Self.listedLimit) }.sorted().prefix(
      Self.listedLimit)
    var notes = firstShown.map { index in
      let winner = members[index]
      return LintNote(
        "overridden here by \(LintModel.describe(winner.binding.effect)) in "
          + LintModel.describe(winner.binding.context)
          + (winner.writtenStrokes == binding.writtenStrokes
            ? ""
            : " (\(model.label(winner)) is the same press as \(model.label(binding)): "
              + "docs/decisions/0009-stroke-semantics.md)"),
        at: winner.binding.location)
    }
    if shownCount > Self.listedLimit {
      notes.append(LintNote("and \(shownCount - Self.listedLimit) more"))
    }
    if binding.binding.context != nil, shown.contains(where: \.hasBindingWithoutContext) {
      notes.append(
        LintNote(
          "a binding without a context counts as matching at the deepest level of the stack "
            + "(rule 3 of docs/formats/keymaps.md), so it wins over any context at the same position"
        ))
    }
    let subject =
      "\(model.label(binding)) (\(LintModel.describe(binding.binding.effect))) in "
      + LintModel.describe(binding.binding.context)
    // A stack where the binding applies: a later one wins there, as everywhere it applies.
    var witness: [KeyContext]?
    if case .satisfiable(let stack) = model.solver.decide(
      decisions.formulas[decisions.memberFormula[position]])
    {
      witness = stack
    }
    let participants =
      [model.participant(binding, .reported, witness: witness)]
      + firstShown.map { model.participant(members[$0], .related) }
    if isDead {
      let redundant = sameFile.allSatisfy { $0.effects == [binding.binding.effect] }
      let message =
        redundant
        ? "\(subject) is redundant: a later binding of the same keys to the same command "
          + "applies wherever it does, so this one never runs; remove it"
        : "\(subject) never runs: later bindings of the same keys in this file apply wherever "
          + "it does and win (same depth, later wins); remove it or narrow the later context"
      let severity: Diagnostic.Severity = redundant ? .warning : .error
      return LintFinding(
        Diagnostic(.deadBinding, message, at: binding.binding.location, severity: severity),
        notes: notes, witness: witness, participants: participants,
        group: LintGroupKey(
          .deadBinding, severity: severity, label: model.label(binding),
          identity: model.identity(binding),
          phrase: redundant
            ? "are redundant: later bindings of the same keys to the same command apply "
              + "wherever each does, so they never run; remove them"
            : "never run: later bindings of the same keys in their file apply wherever each "
              + "does and win (same depth, later wins); remove them or narrow the later contexts"
        ))
    }
    return LintFinding(
      Diagnostic(
        .resolvedOverride,
        "\(subject) is overridden by a later keymap wherever it applies; precedence resolves "
          + "this by design (a later layer or file wins at the same depth)",
        at: binding.binding.location), notes: notes, participants: participants,
      group: overrideGroup(binding))
  }

  /// The group key of an ``DiagnosticCode/resolvedOverride`` finding about a binding's keys.
  func overrideGroup(_ binding: LintBinding) -> LintGroupKey {
    LintGroupKey(
      .resolvedOverride, severity: .note, label: model.label(binding),
      identity: model.identity(binding),
      phrase: "override one another by design: precedence resolves this (a later layer or "
        + "file, an unbind or a more specific context wins)", countsEveryParticipant: true)
  }

  /// Why a later binding wins over an earlier one where both hold: by design (with the
  /// reason), or only by order (ambiguous).
  func classify(
    _ earlier: LintBinding, _ later: LintBinding, decisions: inout Decisions,
    _ earlierIndex: Int, _ laterIndex: Int
  ) -> (DiagnosticCode, String?) {
    if case .unbind = later.binding.effect {
      return (.resolvedOverride, "it unbinds the keys there")
    }
    if decisions.implies(laterIndex, earlierIndex) {
      return (.resolvedOverride, "its context is more specific")
    }
    if later.document != earlier.document {
      return (.resolvedOverride, "it comes from a later keymap")
    }
    return (.ambiguousBinding, nil)
  }

  /// The finding at a later binding for the earlier ones it wins over, all of one class.
  func finding(for pairs: PairGroup) -> LintFinding {
    let group = pairs.first
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
    if pairs.count > Self.listedLimit {
      notes.append(LintNote("and \(pairs.count - Self.listedLimit) more"))
    }
    let others =
      pairs.count == 1 ? "the earlier \(other(group[0]))" : "\(pairs.count) earlier bindings"
    let isAmbiguous = group[0].code == .ambiguousBinding
    let participants =
      [model.participant(later, .reported, witness: isAmbiguous ? group[0].witness : nil)]
      + group.map { model.participant($0.earlier, .related) }
    if !isAmbiguous {
      let reasons = pairs.reasons.sorted().joined(separator: "; ")
      return LintFinding(
        Diagnostic(
          .resolvedOverride,
          "\(subject) overrides \(others) where both apply; precedence resolves this by design "
            + "(\(reasons))",
          at: later.binding.location), notes: notes, participants: participants,
        group: overrideGroup(later))
    }
    notes.append(
      LintNote("make the contexts exclusive, or one more specific than the other"))
    return LintFinding(
      Diagnostic(
        .ambiguousBinding,
        "\(subject) and \(others) of the same keys can apply at the same context depth, and "
          + "neither context implies the other; only their order decides, and this one wins "
          + "where both hold",
        at: later.binding.location), notes: notes, witness: group[0].witness,
      participants: participants,
      group: LintGroupKey(
        .ambiguousBinding, severity: .warning, label: model.label(later),
        identity: model.identity(later),
        phrase: "can apply at the same context depth where neither context implies the "
          + "other's; only their order decides which runs", countsEveryParticipant: true))
  }
}

extension ContextSolver.Decision {
  /// Whether the decision is satisfiable.
  var isSatisfiable: Bool {
    if case .satisfiable = self { return true }
    return false
  }
}
