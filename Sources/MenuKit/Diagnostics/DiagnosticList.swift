/// The diagnostics of one file as a loader collects them: every problem is counted, and the
/// first ``limit`` by position are kept; the rest become one `MK105` diagnostic,
/// "and N more problems" (docs/development/hardening.md).
///
/// A file of millions of bad entries would otherwise make millions of diagnostics, and a
/// message for each: gigabytes for a 16 MiB file, and a terminal full of the same line. The
/// list keeps at most ``limit`` of them however many are reported, so memory stays bounded,
/// and appending is O(log ``limit``). A caller can ask ``wouldKeep(_:)`` before building a
/// costly message (a suggestion, say), and ``report(_:_:at:severity:)`` builds the message
/// only for a diagnostic it keeps.
///
/// ```swift
/// var list = DiagnosticList()
/// list.report(.unknownField, "unknown field 'sate' in a command", at: location)
/// list.sorted  // the kept diagnostics by position, then the MK105 summary if any were left out
/// ```
package struct DiagnosticList: Sendable {
  /// How many diagnostics a file's list keeps unless a caller says otherwise.
  package static let defaultLimit = 100

  /// One kept diagnostic and the order it was reported in, which breaks ties of position.
  private struct Entry: Sendable {
    var diagnostic: Diagnostic
    var sequence: Int

    /// Whether this entry sorts before `other`: no location first, then by location, then in
    /// the order reported.
    func precedes(_ other: Entry) -> Bool {
      DiagnosticList.precedes(
        diagnostic.location, sequence, other.diagnostic.location, other.sequence)
    }
  }

  /// The most diagnostics kept.
  package let limit: Int
  /// The kept entries, as a max-heap: the one that sorts last is at index 0.
  private var heap: [Entry] = []
  /// How many diagnostics were reported, kept or not.
  package private(set) var count = 0
  /// How many reported diagnostics are errors, kept or not.
  package private(set) var errorCount = 0
  /// The most severe of the diagnostics left out, and where the first of them (by position) is.
  private var omittedSeverity: Diagnostic.Severity?
  private var firstOmitted: (location: SourceLocation?, sequence: Int)?

  /// Creates an empty list.
  ///
  /// - Parameter limit: The most diagnostics kept; at least 1.
  package init(limit: Int = DiagnosticList.defaultLimit) {
    self.limit = max(1, limit)
  }

  /// Whether any reported diagnostic is an error.
  package var containsErrors: Bool { errorCount > 0 }

  /// Whether a diagnostic at `location`, reported now, would be kept: false once ``limit``
  /// diagnostics that sort before it are kept.
  package func wouldKeep(_ location: SourceLocation?) -> Bool {
    guard heap.count >= limit else { return true }
    let last = heap[0]
    return Self.precedes(location, count, last.diagnostic.location, last.sequence)
  }

  /// Adds a diagnostic; when ``limit`` are already kept, the one that sorts last of them and
  /// it is counted and left out.
  ///
  /// - Complexity: O(log ``limit``).
  package mutating func append(_ diagnostic: Diagnostic) {
    let entry = Entry(diagnostic: diagnostic, sequence: count)
    count += 1
    if diagnostic.severity == .error { errorCount += 1 }
    if heap.count < limit {
      heap.append(entry)
      siftUp(heap.count - 1)
      return
    }
    if entry.precedes(heap[0]) {
      let evicted = heap[0]
      heap[0] = entry
      siftDown(0)
      noteOmitted(evicted.diagnostic, sequence: evicted.sequence)
    } else {
      noteOmitted(diagnostic, sequence: entry.sequence)
    }
  }

  /// Adds a diagnostic whose message is built only if it is kept; an error still counts as
  /// one when it is not.
  ///
  /// - Parameters:
  ///   - code: The diagnostic's code.
  ///   - message: The message, built only when the diagnostic is kept.
  ///   - location: Where the problem is.
  ///   - severity: The severity; the code's own when nil.
  package mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String, at location: SourceLocation?,
    severity: Diagnostic.Severity? = nil
  ) {
    append(Diagnostic(code, wouldKeep(location) ? message() : "", at: location, severity: severity))
  }

  /// Adds every diagnostic of a sequence, in order.
  package mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
    for diagnostic in diagnostics { append(diagnostic) }
  }

  /// The kept diagnostics sorted by position (those without one first, ties in the order
  /// reported), then, when some were left out, one `MK105` at the first of those saying how
  /// many, with the severity of the most severe of them.
  package var sorted: [Diagnostic] {
    var result = heap.sorted { $0.precedes($1) }.map(\.diagnostic)
    if let severity = omittedSeverity, let first = firstOmitted {
      result.append(
        Self.moreProblems(
          count - heap.count,
          errors: errorCount - heap.lazy.filter { $0.diagnostic.severity == .error }.count,
          listed: heap.count, at: first.location, severity: severity))
    }
    return result
  }

  /// The `MK105` diagnostic that stands for problems left out of a list: "and 5,599,901 more
  /// problems (5,599,901 errors) from here on; only the first 100 are listed". Every capped
  /// list says it in these words (keymap-lint's report too).
  ///
  /// - Parameters:
  ///   - omitted: How many problems were left out.
  ///   - errors: How many of them are errors.
  ///   - listed: How many are listed.
  ///   - location: Where the first one left out is.
  ///   - severity: The severity of the most severe one left out.
  package static func moreProblems(
    _ omitted: Int, errors: Int, listed: Int, at location: SourceLocation?,
    severity: Diagnostic.Severity
  ) -> Diagnostic {
    let what = omitted == 1 ? "problem" : "problems"
    let errorPart = errors == 0 ? "" : " (\(grouped(errors)) error\(errors == 1 ? "" : "s"))"
    return Diagnostic(
      .moreProblems,
      "and \(grouped(omitted)) more \(what)\(errorPart) from here on; only the first "
        + "\(grouped(listed)) are listed",
      at: location, severity: severity)
  }

  // MARK: Internal

  /// Records a diagnostic that is left out: its severity, and whether it is the first left out.
  private mutating func noteOmitted(_ diagnostic: Diagnostic, sequence: Int) {
    omittedSeverity = max(omittedSeverity ?? diagnostic.severity, diagnostic.severity)
    if let first = firstOmitted,
      !Self.precedes(diagnostic.location, sequence, first.location, first.sequence)
    {
      return
    }
    firstOmitted = (diagnostic.location, sequence)
  }

  /// The order of the list: no location first, then by location, then by sequence.
  private static func precedes(
    _ lhs: SourceLocation?, _ lhsSequence: Int, _ rhs: SourceLocation?, _ rhsSequence: Int
  ) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return lhsSequence < rhsSequence
    case (nil, _): return true
    case (_, nil): return false
    case (let left?, let right?):
      return left == right ? lhsSequence < rhsSequence : left < right
    }
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[parent].precedes(heap[child]) else { return }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      var largest = parent
      let left = 2 * parent + 1
      let right = left + 1
      if left < heap.count, heap[largest].precedes(heap[left]) { largest = left }
      if right < heap.count, heap[largest].precedes(heap[right]) { largest = right }
      guard largest != parent else { return }
      heap.swapAt(parent, largest)
      parent = largest
    }
  }

  /// A count with thousands separators: `5,599,900`.
  package static func grouped(_ number: Int) -> String {
    let digits = String(number)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
