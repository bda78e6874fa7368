/// A position in a source file: a file path, a 1-based line and a 1-based column.
///
/// Columns count Unicode scalars from the start of the line, so a diagnostic points at the same
/// place in any editor that counts characters. Locations sort by file, then line, then column.
///
/// ```swift
/// let location = SourceLocation(file: "menus/app.json", line: 3, column: 14)
/// print(location)  // menus/app.json:3:14
/// ```
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The path of the file, as the user named it; empty for text that has no file.
  public var file: String
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a location.
  public init(file: String = "", line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, or `line:column` when there is no file; control characters in the
  /// path are escaped (`\u{1B}`), so that printing a location cannot drive the terminal.
  public var description: String {
    file.isEmpty ? "\(line):\(column)" : "\(file.escapingControlCharacters):\(line):\(column)"
  }

  /// Orders locations by path, then line, then column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}
