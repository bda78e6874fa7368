import MenuKit

/// One result of a palette search: the entry, its score, and the parts of its texts that
/// matched the query, for highlighting.
///
/// ```swift
/// for match in index.search("sv as") {
///   for highlight in match.highlights where highlight.field == .title {
///     print(highlight.ranges.map { highlight.text[$0] })  // ["Sav", "As"] for "Save As…"
///   }
/// }
/// ```
public struct PaletteMatch: Hashable, Sendable {
  /// The matched entry.
  public var entry: PaletteEntry
  /// The ranking score: the match quality plus the command bonuses (docs/guides/palette.md). Results
  /// are ordered by enabled state first, so a disabled entry may have a higher score than an
  /// enabled one after it.
  public var score: Int
  /// The matched ranges of each text that matched a term, in the entry's field order.
  public var highlights: [PaletteHighlight]

  /// Creates a match.
  public init(entry: PaletteEntry, score: Int, highlights: [PaletteHighlight]) {
    self.entry = entry
    self.score = score
    self.highlights = highlights
  }
}

/// The matched ranges of one text of a palette entry.
///
/// ```swift
/// let highlight = PaletteHighlight(field: .title, text: "Open", ranges: [])
/// ```
public struct PaletteHighlight: Hashable, Sendable {
  /// Which of the entry's texts matched.
  public var field: Field
  /// That text: the title, an alias, a keyword, or the path as ``PaletteEntry/pathText``.
  public var text: String
  /// The matched characters of ``text``, ascending and merged where adjacent.
  public var ranges: [Range<String.Index>]

  /// Creates a highlight.
  public init(field: Field, text: String, ranges: [Range<String.Index>]) {
    self.field = field
    self.text = text
    self.ranges = ranges
  }

  /// The texts of a palette entry that the query is matched against.
  public enum Field: Hashable, Sendable, CustomStringConvertible {
    /// ``PaletteEntry/title``.
    case title
    /// ``PaletteEntry/discoverabilityTitle``.
    case discoverabilityTitle
    /// The alias at this position of ``PaletteEntry/aliases``.
    case alias(Int)
    /// The keyword at this position of ``PaletteEntry/keywords``.
    case keyword(Int)
    /// ``PaletteEntry/pathText``.
    case path

    /// `title`, `discoverabilityTitle`, `alias[0]`, `keyword[1]` or `path`.
    public var description: String {
      switch self {
      case .title: "title"
      case .discoverabilityTitle: "discoverabilityTitle"
      case .alias(let index): "alias[\(index)]"
      case .keyword(let index): "keyword[\(index)]"
      case .path: "path"
      }
    }
  }
}

extension PaletteHighlight {
  /// The matched ranges as offsets in Unicode scalars from the start of ``text``.
  public var scalarOffsets: [Range<Int>] {
    let scalars = text.unicodeScalars
    return ranges.map { range in
      let start = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
      return start..<start + scalars.distance(from: range.lowerBound, to: range.upperBound)
    }
  }
}
