extension StringProtocol {
  /// The edit distance to `other`, ignoring case: insertions, deletions, substitutions and
  /// swaps of two neighbouring characters each count one (optimal string alignment), so the
  /// typos "fiel" and "Shfit" are one edit from "file" and "Shift".
  ///
  /// - Complexity: O(*n* × *m*) for strings of *n* and *m* characters.
  func editDistance(to other: some StringProtocol) -> Int {
    let a = Array(lowercased())
    let b = Array(other.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }

  /// The candidate closest to this string, if it is close enough to be a likely typo
  /// (at most a third of the word's length, and at least one edit).
  func closest(in candidates: [String]) -> String? {
    let limit = Swift.max(1, count / 3)
    let scored = candidates.map { ($0, editDistance(to: $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 }?.0
  }
}
