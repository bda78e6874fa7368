/// Why a shortcut written in a ``ShortcutDialect`` could not be read.
///
/// The error says what is wrong (``message``), where (``column``, 1-based, in Unicode scalars
/// from the start of the shortcut text, as ``SourceLocation`` counts), and what was expected
/// there (``expected``). A file loader adds the column to the position of the text's first
/// character to point at the exact place in the file.
///
/// ```swift
/// do {
///   _ = try KeySequence(parsing: "ctrl+shfit+p", dialect: .vscode, platform: .linux)
/// } catch {
///   error.column       // 6
///   error.description  // "column 6: unknown VS Code modifier 'shfit'; did you mean 'shift'?…"
/// }
/// ```
public struct ShortcutDialectError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, for code that treats some problems differently.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The text is empty or only spaces.
    case empty
    /// A modifier word the dialect does not have.
    case unknownModifier
    /// A modifier the dialect has but MenuKit cannot require under the platform profile,
    /// such as Hyper, GTK's `<Meta>` on linux, or Zed's `fn`.
    case unsupportedModifier
    /// The same modifier twice in one stroke.
    case duplicateModifier
    /// Nothing between two separators, as in `ctrl++a`.
    case emptyModifier
    /// The stroke ends without a key, as in `ctrl+` or `ctrl+shift`.
    case missingKey
    /// A key name the dialect does not have.
    case unknownKey
    /// A key the dialect names but MenuKit shortcuts cannot, such as a media or browser key.
    case unsupportedKey
    /// A physical key (a key position written as a W3C code name in brackets, VS Code's
    /// `[BracketLeft]`) in a dialect that has no notation for key positions: Zed, GTK, Qt,
    /// Electron and Emacs.
    case physicalKey
    /// Text that does not fit the dialect's grammar, such as an unclosed `<` in GTK.
    case unexpectedText
    /// More strokes than the dialect or the API allows.
    case tooManyStrokes
  }

  /// The kind of problem.
  public var kind: Kind
  /// The dialect the text was read as.
  public var dialect: ShortcutDialect
  /// The 1-based column of the offending part, in Unicode scalars from the start of the text.
  public var column: Int
  /// What is wrong, in one sentence without a trailing period, such as
  /// `unknown VS Code modifier 'shfit'; did you mean 'shift'?`.
  public var message: String
  /// What was expected at ``column``, such as `one key name, like pageup, escape or f5`.
  public var expected: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The kind of problem.
  ///   - dialect: The dialect the text was read as.
  ///   - column: The 1-based column of the offending part.
  ///   - message: What is wrong.
  ///   - expected: What was expected there.
  public init(
    _ kind: Kind, dialect: ShortcutDialect, column: Int, message: String, expected: String
  ) {
    self.kind = kind
    self.dialect = dialect
    self.column = column
    self.message = message
    self.expected = expected
  }

  /// `column N: message; expected …`.
  public var description: String { "column \(column): \(message); expected \(expected)" }
}
