/// The bounds of "did you mean" suggestions (docs/development/hardening.md), which keep their cost small
/// whatever the input: a word longer than ``maximumWordLength`` gets none, nor does a word among
/// more than ``maximumCandidates`` candidates.
enum Suggestions {
  /// The longest word, in characters, that gets a suggestion.
  static let maximumWordLength = 32
  /// The most candidates a word is compared with; with more, there is no suggestion.
  static let maximumCandidates = 1_000
}

extension StringProtocol {
  /// The edit distance to `other`, ignoring case: insertions, deletions, substitutions and
  /// swaps of two neighbouring characters each count one (optimal string alignment), so the
  /// typos "fiel" and "Shfit" are one edit from "file" and "Shift".
  ///
  /// - Complexity: O(*n* × *m*) for strings of *n* and *m* characters.
  func editDistance(to other: some StringProtocol) -> Int {
    Self.editDistance(Array(lowercased()), Array(other.lowercased()), limit: .max) ?? .max
  }

  /// The candidate closest to this string, if it is close enough to be a likely typo
  /// (at most a third of the word's length, and at least one edit); of equally close ones, the
  /// first.
  ///
  /// A word longer than ``Suggestions/maximumWordLength`` characters, or among more than
  /// ``Suggestions/maximumCandidates`` candidates, gets no suggestion, and only candidates whose
  /// length is within the allowed distance are compared, so a huge word or a huge list costs
  /// next to nothing.
  ///
  /// - Complexity: O(*c* × *n*) for *c* candidates and a word of *n* characters, both bounded.
  package func closest(in candidates: some Collection<String>) -> String? {
    guard candidates.count <= Suggestions.maximumCandidates,
      utf8.count <= Suggestions.maximumWordLength * 16
    else { return nil }
    let word = Array(lowercased())
    guard word.count <= Suggestions.maximumWordLength else { return nil }
    let limit = Swift.max(1, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      // Only a strictly closer candidate replaces the best one, so ties keep the first.
      let bound = best.map { $0.distance - 1 } ?? limit
      guard bound >= 0, candidate.utf8.count <= (word.count + bound) * 16 else { continue }
      let other = Array(candidate.lowercased())
      guard abs(other.count - word.count) <= bound,
        let distance = Self.editDistance(word, other, limit: bound)
      else { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }

  /// The optimal string alignment distance of two character arrays, or nil as soon as it is
  /// certain to be more than `limit`.
  ///
  /// - Complexity: O(*n* × *m*), and less when the distance passes `limit` early.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
    guard !a.isEmpty else { return b.count <= limit ? b.count : nil }
    guard !b.isEmpty else { return a.count <= limit ? a.count : nil }
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
        }
        rowMinimum = Swift.min(rowMinimum, current[j])
      }
      // A transposition reaches back two rows, so the bound is the smaller of two rows' minima.
      if rowMinimum > limit, (previous.min() ?? 0) > limit { return nil }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    let distance = previous[b.count]
    return distance <= limit ? distance : nil
  }
}
