/// A problem found in a menu file or a menu tree, with a stable code and, where known, a position.
///
/// Diagnostics are collected, never thrown one at a time: a loader or validator reports every
/// problem it finds. ``description`` gives the one-line form that tools print:
///
/// ```text
/// menus/app.json:3:14: error[MK213]: unknown field 'titel' in a command; did you mean 'title'?
/// ```
///
/// The codes are listed, with an explanation and a fix, in `docs/tools/diagnostics.md`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Hashable, Sendable, Comparable {
    /// The input cannot be used as it is.
    case error
    /// The input works but is probably not what was meant.
    case warning
    /// Nothing is wrong, but it is worth knowing: keymap-lint reports an overlap of bindings
    /// that precedence resolves by design this way.
    case note

    /// Notes sort before warnings, and warnings before errors.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs.rank < rhs.rank
    }

    /// 0 for a note, 1 for a warning, 2 for an error.
    private var rank: Int {
      switch self {
      case .note: 0
      case .warning: 1
      case .error: 2
      }
    }
  }

  /// The diagnostic's stable code, such as `MK213`.
  public var code: DiagnosticCode
  /// How serious it is.
  public var severity: Severity
  /// What is wrong, where and what was expected, in one sentence.
  public var message: String
  /// Where the problem is, when it comes from a file.
  public var location: SourceLocation?

  /// Creates a diagnostic; the severity defaults to the code's own.
  ///
  /// Control characters in the message (ESC, BEL, CR, a line break …), which can only come
  /// from the input it quotes, are written as escapes such as `\u{1B}`, so that printing a
  /// diagnostic cannot drive the terminal (docs/development/hardening.md).
  public init(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil,
    severity: Severity? = nil
  ) {
    self.code = code
    self.severity = severity ?? code.defaultSeverity
    self.message = message.escapingControlCharacters
    self.location = location
  }

  /// `path:line:col: error[CODE]: message`, or `error[CODE]: message` without a location.
  ///
  /// Control characters in the path and the message are escaped, as in ``init(_:_:at:severity:)``.
  public var description: String {
    let head = "\(severity.rawValue)[\(code.rawValue)]: \(message.escapingControlCharacters)"
    guard let location else { return head }
    return "\(location): \(head)"
  }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var containsErrors: Bool { contains { $0.severity == .error } }
}
