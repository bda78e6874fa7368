import Foundation
import MenuKit

/// One problem keymap-lint found: a diagnostic with a stable `MK6xx` code (or a loader's code)
/// and the notes that explain it.
///
/// The human form prints the diagnostic, then one indented line per note:
///
/// ```text
/// linux.keybindings.json:391:3: warning[MK606 needs-altgr]: Ctrl+Shift+[ (editor.fold) needs AltGr on 1 layout
///   note: se: '[' is typed with AltGr on KEY_8 (level 3); automatic localization relocates it to Ctrl+Shift+å (KEY_LEFTBRACE)
/// ```
package struct LintFinding: Hashable, Sendable {
  /// The code, severity, message and position.
  package var diagnostic: Diagnostic
  /// The explanations: the other binding involved, a context where both apply, or one line
  /// per affected layout.
  package var notes: [LintNote]
  /// A context stack, root first, that shows the finding, for `MK601` (both bindings apply
  /// there, and order alone decides) and `MK602` (the binding applies there, and a later one
  /// wins); the message ends with it (``witnessClause(_:)``) and SARIF carries it as the
  /// result's `witnessContextStack` property.
  package var witness: [KeyContext]?

  /// Creates a finding.
  ///
  /// - Parameters:
  ///   - diagnostic: The diagnostic.
  ///   - notes: The notes, in order.
  ///   - witness: A context stack that shows the finding, if the rule has one.
  package init(_ diagnostic: Diagnostic, notes: [LintNote] = [], witness: [KeyContext]? = nil) {
    self.diagnostic = diagnostic
    self.notes = notes
    self.witness = witness
  }

  /// What a message ends with when it carries a witness: `; witness context stack 'Editor'`.
  static let witnessMarker = "; witness context stack '"

  /// The end of a message that names its witness stack.
  ///
  /// - Parameter stack: The stack.
  /// - Returns: `; witness context stack 'Workspace > Editor mode=full'`.
  package static func witnessClause(_ stack: [KeyContext]) -> String {
    witnessMarker + LintModel.describe(stack) + "'"
  }

  /// The message without its witness clause: what a baseline fingerprint hashes, so that
  /// fingerprints stay as they were before findings carried witnesses.
  static func messageWithoutWitness(_ message: String) -> String {
    guard let range = message.range(of: witnessMarker, options: .backwards) else {
      return message
    }
    return String(message[..<range.lowerBound])
  }

  /// The code.
  package var code: DiagnosticCode { diagnostic.code }
  /// The severity.
  package var severity: Diagnostic.Severity { diagnostic.severity }
  /// The message.
  package var message: String { diagnostic.message }
  /// The position, when known.
  package var location: SourceLocation? { diagnostic.location }
}

/// A line that explains a finding: another position involved, or what happens on a layout.
package struct LintNote: Hashable, Sendable {
  /// The explanation, one sentence without a trailing period.
  package var message: String
  /// The position it refers to, if any (such as the binding that wins).
  package var location: SourceLocation?
  /// The layout it is about, such as `se` or `de(nodeadkeys)`, if any.
  package var layout: String?

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - message: The explanation.
  ///   - location: The position it refers to.
  ///   - layout: The layout it is about.
  package init(_ message: String, at location: SourceLocation? = nil, layout: String? = nil) {
    self.message = message
    self.location = location
    self.layout = layout
  }
}

/// One check of keymap-lint, with a stable code and a name.
///
/// Each rule looks at the whole ``LintModel`` (every binding of every input, in precedence
/// order, the menus, the layouts) and returns what it finds; ``KeymapLinter`` runs them all
/// and sorts the result.
///
/// ```swift
/// struct NoF1Rule: LintRule {
///   var code: DiagnosticCode { .reservedShortcut }
///   func check(_ model: LintModel) -> [LintFinding] { [] }
/// }
/// ```
package protocol LintRule {
  /// The rule's stable code; its name is the code's.
  var code: DiagnosticCode { get }
  /// Checks the model and returns the findings.
  ///
  /// - Parameter model: Everything being linted.
  /// - Returns: The findings, in any order.
  func check(_ model: LintModel) -> [LintFinding]
}

extension LintRule {
  /// The rule's kebab-case name, such as `dead-binding`.
  package var name: String { code.name }
}
