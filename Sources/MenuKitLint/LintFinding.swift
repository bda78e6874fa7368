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
  /// wins): the human output prints it as `witness: Workspace > Editor`, JSON as `witness`,
  /// SARIF as the result's `witnessContextStack` property.
  package var witness: [KeyContext]?
  /// The bindings the finding is about: those it is at (``LintParticipant/Role/reported``)
  /// and those its notes name (``LintParticipant/Role/related``), in report order once
  /// grouped.
  package var participants: [LintParticipant]
  /// What findings of one rule must share to be grouped into one (``LintReport/grouped()``):
  /// the keys, the layouts, and the group's message; nil for a finding that is never grouped
  /// (a loader's diagnostic, a duplicate mnemonic).
  package var group: LintGroupKey?
  /// The baseline fingerprints (``LintBaseline/fingerprint(of:)``) of the findings a grouped
  /// finding was made of; empty for a finding that is not a group.
  package var memberFingerprints: [String] = []

  /// Creates a finding.
  ///
  /// - Parameters:
  ///   - diagnostic: The diagnostic.
  ///   - notes: The notes, in order.
  ///   - witness: A context stack that shows the finding, if the rule has one.
  ///   - participants: The bindings it is about.
  ///   - group: What it must share with others of its rule to be grouped with them.
  package init(
    _ diagnostic: Diagnostic, notes: [LintNote] = [], witness: [KeyContext]? = nil,
    participants: [LintParticipant] = [], group: LintGroupKey? = nil
  ) {
    self.diagnostic = diagnostic
    self.notes = notes
    self.witness = witness
    self.participants = participants
    self.group = group
  }

  /// What a message ended with, before version 2 of the JSON output, when it carried a
  /// witness: `; witness context stack 'Editor'`.
  static let witnessMarker = "; witness context stack '"

  /// Whether the finding is a group of several findings (``LintReport/grouped()``).
  package var isGroup: Bool { !memberFingerprints.isEmpty }

  /// The message without a witness clause: what a baseline fingerprint hashes, so that
  /// baselines written when messages ended with their witness still match.
  static func messageWithoutWitness(_ message: String) -> String {
    // The marker is ASCII, cannot overlap itself and holds no line break, so its occurrences
    // among the characters are its occurrences among the bytes that start and end on
    // character boundaries, found without comparing characters; but for a GREEK QUESTION
    // MARK (U+037E), which is canonically a semicolon: such a message is searched by
    // character.
    let bytes = Array(message.utf8)
    let hasGreekQuestionMark = bytes.indices.dropLast().contains {
      bytes[$0] == 0xCD && bytes[$0 + 1] == 0xBE
    }
    guard !hasGreekQuestionMark else {
      guard let range = message.ranges(of: witnessMarker).last else { return message }
      return String(message[..<range.lowerBound])
    }
    let marker = Array(witnessMarker.utf8)
    var start = bytes.count - marker.count
    while start >= 0 {
      if bytes[start] == marker[0], bytes[start..<start + marker.count].elementsEqual(marker) {
        let utf8 = message.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: marker.count)
        if String.Index(lower, within: message) != nil,
          String.Index(upper, within: message) != nil
        {
          return String(message[..<lower])
        }
      }
      start -= 1
    }
    return message
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

/// A binding a finding is about: where it is, its keys, its command and its context.
package struct LintParticipant: Hashable, Sendable {
  /// Whether the finding is at the binding, or names it.
  package enum Role: String, Hashable, Sendable {
    /// The finding is at this binding (it never runs, it wins only by order, it needs AltGr).
    case reported
    /// The finding names this binding (the later binding that wins, the longer sequence).
    case related
  }

  /// Whether the finding is at the binding, or names it.
  package var role: Role
  /// The binding's position, when known.
  package var location: SourceLocation?
  /// Its keys as the platform labels them: `Ctrl+K Ctrl+S`.
  package var keys: String
  /// What it does in words: `editor.fold`, `null (unbinds the keys)`.
  package var command: String
  /// Its context predicate (a VS Code `when` clause, a Zed context), or nil.
  package var context: String?
  /// For a reported binding of `MK601` or `MK602`, a context stack that shows the finding for
  /// it.
  package var witness: [KeyContext]?

  /// Creates a participant.
  ///
  /// - Parameters:
  ///   - role: Whether the finding is at the binding, or names it.
  ///   - location: The binding's position.
  ///   - keys: Its keys' label.
  ///   - command: What it does.
  ///   - context: Its context predicate.
  ///   - witness: A context stack that shows the finding for it.
  package init(
    _ role: Role, at location: SourceLocation?, keys: String, command: String,
    context: String?, witness: [KeyContext]? = nil
  ) {
    self.role = role
    self.location = location
    self.keys = keys
    self.command = command
    self.context = context
    self.witness = witness
  }

  /// The participant in words: `Ctrl+D (duplicate:) in 'Editor'`.
  package var summary: String {
    "\(keys) (\(command)) in " + (context.map { $0.quotedForMessage } ?? "no context")
  }
}

/// What findings of one rule share when ``LintReport/grouped()`` makes them one: the code and
/// severity, the keys (as the press identity, not as written), the layouts, and the words of
/// the group's message.
package struct LintGroupKey: Hashable, Sendable {
  /// The rule's code.
  package var code: DiagnosticCode
  /// The severity.
  package var severity: Diagnostic.Severity
  /// What identifies the keys: findings about the same press group even when it is written
  /// differently (`Ctrl+Shift+[`, `Ctrl+{`).
  package var identity: String
  /// The group's predicate, plural, after `KEYS: N bindings `: `need AltGr on de`.
  package var phrase: String
  /// Whether the group's count is of every participant (a conflict among them all) rather
  /// than of the bindings it is at.
  package var countsEveryParticipant: Bool
  /// The keys as the group's message names them (`Ctrl+Shift+[`), from its first finding; not
  /// part of what findings must share.
  package var label: String

  /// Creates a group key.
  ///
  /// - Parameters:
  ///   - code: The rule's code.
  ///   - severity: The severity.
  ///   - label: The keys as the group's message names them.
  ///   - identity: What identifies the keys.
  ///   - phrase: The group's predicate.
  ///   - countsEveryParticipant: Whether the count is of every participant.
  package init(
    _ code: DiagnosticCode, severity: Diagnostic.Severity, label: String, identity: String,
    phrase: String, countsEveryParticipant: Bool = false
  ) {
    self.label = label
    self.code = code
    self.severity = severity
    self.identity = identity
    self.phrase = phrase
    self.countsEveryParticipant = countsEveryParticipant
  }

  /// Whether two findings with these keys are grouped: everything but the label is equal.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.code == rhs.code && lhs.severity == rhs.severity && lhs.identity == rhs.identity
      && lhs.phrase == rhs.phrase && lhs.countsEveryParticipant == rhs.countsEveryParticipant
  }

  /// Hashes everything but the label.
  ///
  /// - Parameter hasher: The hasher.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(severity)
    hasher.combine(identity)
    hasher.combine(phrase)
    hasher.combine(countsEveryParticipant)
  }
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
