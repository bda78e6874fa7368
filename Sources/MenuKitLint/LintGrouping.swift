import Dispatch
import MenuKit
import Synchronization

// Findings of one key across many bindings, as one finding: a reference keymap reads as a list
// of keys, not hundreds of lines.

extension LintReport {
  /// The report with the findings of one rule about the same keys (and, for the layout rules,
  /// the same layouts) made one finding that lists every binding involved.
  ///
  /// Findings are grouped by their ``LintFinding/group`` key: code, severity, the press
  /// identity of the keys and the group's words. A key with one finding keeps it as it is. A
  /// key with several gets one finding at the first of them, whose message names the keys and
  /// how many bindings (`Ctrl+D: 3 bindings never run: …`); its
  /// ``LintFinding/participants`` are every binding the findings were at (reported) or named
  /// (related), in report order; its notes are the findings' notes that name no position
  /// (a layout's explanation, a fix), each once; its witness is the first finding's; and
  /// ``LintFinding/memberFingerprints`` keeps each finding's baseline fingerprint, so a
  /// baseline written from the grouped SARIF still knows each one.
  ///
  /// Group after ``limited(toFiles:)`` and ``excluding(_:)``, which look at each finding: a
  /// group then holds only what involves the checked files and is new since the baseline.
  ///
  /// ```swift
  /// let report = linter.lint(documents).excluding(baseline).grouped()
  /// ```
  ///
  /// - Returns: The grouped report, in report order.
  /// - Complexity: O(*n* log *n*) in the number of findings and participants.
  package func grouped() -> LintReport {
    grouped(mergingInParallelFrom: Self.groupsMergedInParallel)
  }

  /// ``grouped()``, merging the groups on two threads when there are at least `threshold`
  /// groups of several findings (the tests compare both ways).
  func grouped(mergingInParallelFrom threshold: Int) -> LintReport {
    var order: [LintGroupKey] = []
    var members: [LintGroupKey: [LintFinding]] = [:]
    var kept: [LintFinding] = []
    for finding in findings {
      guard let key = finding.group else {
        kept.append(finding)
        continue
      }
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(finding)
    }
    let fileOrder = Dictionary(
      files.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let groups = order.map { members[$0]! }
    let merged = mergedGroups(
      groups, keys: order, fileOrder: fileOrder, parallelFrom: threshold)
    for (index, group) in groups.enumerated() {
      kept.append(group.count == 1 ? group[0] : merged[index]!)
    }
    var report = self
    report.findings = kept.sorted(by: KeymapLinter.reportOrder)
    return report
  }

  /// The merged finding of each group of several findings (nil for a group of one), by
  /// position. Each merge depends on its group alone: with many groups (a sweep over every
  /// layout) they are merged on two threads, every other group on each, and put back in place.
  private func mergedGroups(
    _ groups: [[LintFinding]], keys: [LintGroupKey], fileOrder: [String: Int],
    parallelFrom threshold: Int
  ) -> [LintFinding?] {
    let several = groups.indices.filter { groups[$0].count > 1 }
    guard several.count >= threshold else {
      var merged = [LintFinding?](repeating: nil, count: groups.count)
      for index in several {
        merged[index] = merge(groups[index], key: keys[index], fileOrder: fileOrder)
      }
      return merged
    }
    let results = Mutex([LintFinding?](repeating: nil, count: groups.count))
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      var local: [(Int, LintFinding)] = []
      for position in stride(from: part, to: several.count, by: 2) {
        let index = several[position]
        local.append((index, merge(groups[index], key: keys[index], fileOrder: fileOrder)))
      }
      results.withLock { merged in
        for (index, finding) in local { merged[index] = finding }
      }
    }
    return results.withLock { $0 }
  }

  /// How many groups of several findings are merged on two threads rather than one.
  static let groupsMergedInParallel = 64

  /// One finding for several of one group key, at the first.
  private func merge(_ group: [LintFinding], key: LintGroupKey, fileOrder: [String: Int])
    -> LintFinding
  {
    let sorted = group.sorted(by: KeymapLinter.reportOrder)
    var participants: [LintParticipant] = []
    var byLocation: [SourceLocation: Int] = [:]
    var unplaced: Set<String> = []
    for participant in sorted.flatMap(\.participants) {
      guard let location = participant.location else {
        if unplaced.insert(participant.summary).inserted { participants.append(participant) }
        continue
      }
      if let index = byLocation[location] {
        // A binding one finding is at and another names is reported, with its witness.
        if participant.role == .reported, participants[index].role == .related {
          participants[index] = participant
        }
      } else {
        byLocation[location] = participants.count
        participants.append(participant)
      }
    }
    participants.sort { lhs, rhs in
      guard let left = lhs.location, let right = rhs.location else {
        return lhs.location == nil && rhs.location != nil
      }
      let leftFile = fileOrder[left.file] ?? Int.max
      let rightFile = fileOrder[right.file] ?? Int.max
      if leftFile != rightFile { return leftFile < rightFile }
      if left.file != right.file { return left.file < right.file }
      return (left.line, left.column) < (right.line, right.column)
    }
    let count =
      key.countsEveryParticipant
      ? participants.count : participants.lazy.filter { $0.role == .reported }.count
    var notes: [LintNote] = []
    var seenNotes: Set<NoteIdentity> = []
    for note in sorted.flatMap(\.notes)
    where note.location == nil && !Self.isMoreNote(note)
      && seenNotes.insert(NoteIdentity(note)).inserted
    {
      notes.append(note)
    }
    var merged = LintFinding(
      Diagnostic(
        key.code, "\(key.label): \(count) bindings \(key.phrase)", at: sorted[0].location,
        severity: key.severity),
      notes: notes, witness: sorted.lazy.compactMap(\.witness).first,
      participants: participants, group: key)
    merged.memberFingerprints = sorted.map(LintBaseline.fingerprint(of:))
    return merged
  }

  /// Whether a note only counts the others a finding did not list (`and 4 more`): a group
  /// lists them all.
  private static func isMoreNote(_ note: LintNote) -> Bool {
    note.message.hasPrefix("and ") && note.message.hasSuffix(" more")
  }
}

/// A note as a group's notes are told apart: equal exactly when the notes are, but hashed by
/// the layout a layout note names (a short ASCII name) rather than by its message, whose
/// non-ASCII characters make hashing it by canonical equivalence slow; a note without a layout
/// is hashed whole. Equal notes name the same layout, so they hash the same.
struct NoteIdentity: Hashable {
  /// The note.
  let note: LintNote

  /// Wraps a note.
  init(_ note: LintNote) { self.note = note }

  /// Whether two notes are equal (``LintNote``'s own equality).
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.note == rhs.note }

  /// Hashes the note's layout when it has one, else the whole note.
  func hash(into hasher: inout Hasher) {
    if let layout = note.layout {
      hasher.combine(layout)
    } else {
      hasher.combine(note)
    }
  }
}
