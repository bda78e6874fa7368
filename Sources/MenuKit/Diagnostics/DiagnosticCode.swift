/// The stable code of a diagnostic, such as `MK302` (`duplicate-shortcut`).
///
/// Codes are never reused or renumbered; new ones take free numbers in their family:
/// `MK1xx` for reading files, `MK2xx` for builder edits, `MK3xx` for validating a tree,
/// `MK4xx` for chain description files (``ChainFile``), `MK5xx` for keymap files
/// (``KeymapFile``, ``UserKeymap``), `MK6xx` for keymap-lint's rules (declared in the `MenuKitLint` module, beside them).
/// Each code is documented in `docs/tools/diagnostics.md`.
///
/// ```swift
/// if diagnostic.code == .duplicateShortcut { … }
/// ```
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
  /// The code as printed, such as `MK302`.
  public let rawValue: String
  /// A short kebab-case name, such as `duplicate-shortcut`.
  public let name: String
  /// The severity used when a diagnostic does not choose its own.
  public let defaultSeverity: Diagnostic.Severity

  /// Creates a code; only MenuKit's modules define codes, each documented in
  /// `docs/tools/diagnostics.md`.
  ///
  /// - Parameters:
  ///   - rawValue: The code as printed, such as `MK302`.
  ///   - name: A short kebab-case name.
  ///   - severity: The severity used when a diagnostic does not choose its own.
  package init(_ rawValue: String, _ name: String, _ severity: Diagnostic.Severity = .error) {
    self.rawValue = rawValue
    self.name = name
    self.defaultSeverity = severity
  }

  /// The code, such as `MK201`.
  public var description: String { rawValue }

  /// Whether two codes are the same code (codes are never reused, so the number decides).
  public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  /// Hashes the code.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

// MARK: - Reading files (MK1xx)

extension DiagnosticCode {
  /// The text is not valid JSON (JSON5 comments and trailing commas are accepted).
  public static let syntaxError = DiagnosticCode("MK101", "syntax-error")
  /// Objects or arrays nest deeper than the reader's limit.
  public static let nestingTooDeep = DiagnosticCode("MK102", "nesting-too-deep")
  /// The file could not be read.
  public static let unreadableFile = DiagnosticCode("MK103", "unreadable-file")
  /// The file is larger than ``MenuFile/maximumFileSize``; it was not read.
  public static let fileTooLarge = DiagnosticCode("MK104", "file-too-large")
  /// An object has a field that its kind does not define.
  public static let unknownField = DiagnosticCode("MK110", "unknown-field")
  /// A field has the wrong JSON type.
  public static let wrongType = DiagnosticCode("MK111", "wrong-type")
  /// A required field is missing.
  public static let missingField = DiagnosticCode("MK112", "missing-field")
  /// A field's value is not one of the values it accepts.
  public static let invalidValue = DiagnosticCode("MK113", "invalid-value")
  /// A shortcut cannot be parsed.
  public static let badShortcut = DiagnosticCode("MK114", "bad-shortcut")
  /// The file declares a schema version this reader does not know.
  public static let unsupportedVersion = DiagnosticCode("MK115", "unsupported-version")
  /// An element object says it is more than one kind (menu, group, command).
  public static let ambiguousElement = DiagnosticCode("MK116", "ambiguous-element")
  /// An object names the same field twice.
  public static let duplicateField = DiagnosticCode("MK117", "duplicate-field")
  /// A file has more problems than a list of diagnostics keeps: one diagnostic, after the
  /// first 100, says how many more there are (``DiagnosticList``). Its severity is that of the
  /// most severe problem left out.
  public static let moreProblems = DiagnosticCode("MK105", "more-problems")
}

// MARK: - Builder edits (MK2xx)

extension DiagnosticCode {
  /// An edit names a menu identifier that the tree does not contain.
  public static let unknownMenu = DiagnosticCode("MK201", "unknown-menu")
  /// An edit names a command (action and property list) that the tree does not contain.
  public static let unknownCommand = DiagnosticCode("MK202", "unknown-command")
  /// An edit names an action identifier that the tree does not contain.
  public static let unknownAction = DiagnosticCode("MK203", "unknown-action")
  /// An edit would insert an identifier that the tree already contains.
  public static let identifierInUse = DiagnosticCode("MK204", "identifier-in-use")
  /// An edit cannot apply to its target, such as removing the root menu.
  public static let invalidEdit = DiagnosticCode("MK205", "invalid-edit")
  /// A command group's standard placement has no group in the menu (Services on linux): its
  /// items were not added, as SwiftUI ignores a placement its platform lacks.
  public static let placementUnavailable = DiagnosticCode(
    "MK206", "placement-unavailable", .note)
}

// MARK: - Validating a tree (MK3xx)

extension DiagnosticCode {
  /// Two elements share an identifier.
  public static let duplicateIdentifier = DiagnosticCode("MK301", "duplicate-identifier")
  /// Two key commands have the same shortcut under the platform profile.
  public static let duplicateShortcut = DiagnosticCode("MK302", "duplicate-shortcut")
  /// A menu that is not inline has an empty title.
  public static let emptyTitle = DiagnosticCode("MK303", "empty-title")
  /// A single-selection menu has more than one child in the `on` state.
  public static let multipleSelection = DiagnosticCode("MK304", "multiple-selection")
  /// A key command's input is not a single key.
  public static let notASingleKey = DiagnosticCode("MK305", "not-a-single-key")
  /// Menus nest deeper than ``MenuValidator/maximumDepth``.
  public static let menuTooDeep = DiagnosticCode("MK306", "menu-too-deep")
  /// Two commands share an action and property list, so builder edits cannot tell them apart.
  public static let duplicateCommand = DiagnosticCode("MK307", "duplicate-command", .warning)
}

// MARK: - Keymap files (MK5xx)

extension DiagnosticCode {
  /// A keymap section's `context` is not a valid context predicate; the section is skipped.
  public static let badContext = DiagnosticCode("MK501", "bad-context")
  /// A key binding's `keys` is not a valid key sequence; the binding is skipped.
  public static let badKeys = DiagnosticCode("MK502", "bad-keys")
  /// A key binding's `command` is not a valid command name; the binding is skipped.
  public static let badCommand = DiagnosticCode("MK503", "bad-command")
  /// A binding that removes or disables keys has `args`, which are ignored.
  public static let ignoredArguments = DiagnosticCode("MK504", "ignored-arguments", .warning)
  /// A user keymap had errors; it was copied to a backup before being edited.
  public static let keymapBackedUp = DiagnosticCode("MK505", "keymap-backed-up", .warning)

  /// The codes of keymap files, in code order.
  static let keymapFileCodes: [DiagnosticCode] = [
    .badContext, .badKeys, .badCommand, .ignoredArguments, .keymapBackedUp,
  ]
}

// MARK: - Importing and exporting other editors' keymaps (MK551–MK579)

extension DiagnosticCode {
  /// A key in another editor's keymap is not a valid shortcut in that editor's dialect; the
  /// binding is skipped.
  public static let badForeignKeys = DiagnosticCode("MK551", "bad-foreign-keys")
  /// A VS Code `when` clause cannot be parsed; the binding is skipped.
  public static let badWhenClause = DiagnosticCode("MK552", "bad-when-clause")
  /// A VS Code `when` clause uses an operator MenuKit's predicates lack (`=~`, `in`, `<`, `>`);
  /// it is kept as an opaque identifier that only a context naming it exactly satisfies.
  public static let approximatedWhenClause = DiagnosticCode(
    "MK553", "approximated-when-clause", .warning)
  /// A VS Code `when` clause is always false, so the binding never applies; it is skipped.
  public static let bindingNeverApplies = DiagnosticCode("MK554", "binding-never-applies", .warning)
  /// A binding cannot be written in the export format; it is left out of the text.
  public static let notExportable = DiagnosticCode("MK555", "not-exportable", .warning)
  /// A line of a GTK accelerator map is not a comment or a `(gtk_accel_path "…" "…")` entry.
  public static let badAcceleratorLine = DiagnosticCode("MK556", "bad-accelerator-line")
  /// An entry or field of another editor's keymap has no MenuKit equivalent and is ignored.
  public static let ignoredForeignEntry = DiagnosticCode(
    "MK557", "ignored-foreign-entry", .warning)
  /// A later line of a GTK accelerator map sets the same accelerator path again and replaces
  /// this one.
  public static let replacedAccelerator = DiagnosticCode("MK558", "replaced-accelerator", .warning)
  /// A key of another editor's keymap is valid there but MenuKit shortcuts cannot express it
  /// (Super on linux, a browser or media key, a key named by its position); the binding is
  /// skipped.
  public static let unsupportedForeignKeys = DiagnosticCode(
    "MK559", "unsupported-foreign-keys", .warning)
  /// A binding of another editor's keymap is for other platforms only (a VS Code extension's
  /// binding with a `mac` key and no `key` or `linux`, under the linux profile); as in that
  /// editor, it is skipped on this one.
  public static let skippedForPlatform = DiagnosticCode("MK560", "skipped-for-platform", .note)
  /// A GtkBuilder `.ui` file is not well-formed XML, or uses what the reader never expands (a
  /// document type declaration, an undefined entity) or nests too deeply; nothing is loaded.
  public static let badBuilderFile = DiagnosticCode("MK561", "bad-builder-file")
  /// A condition of a Sublime Text binding's `context` is not valid (no `key`, an unknown
  /// `operator`, an operand of the wrong type); the binding is skipped.
  public static let badSublimeContext = DiagnosticCode("MK562", "bad-sublime-context")
  /// A condition of a Sublime Text binding's `context` has no exact MenuKit equivalent (a
  /// regular expression, a scope selector, a condition on every or any selection); it is kept
  /// as a named condition that keymap-lint takes as possibly true or false.
  public static let approximatedSublimeContext = DiagnosticCode(
    "MK563", "approximated-sublime-context", .warning)

  /// The codes of importing and exporting other editors' keymaps, in code order.
  static let keymapImportCodes: [DiagnosticCode] = [
    .badForeignKeys, .badWhenClause, .approximatedWhenClause, .bindingNeverApplies,
    .notExportable, .badAcceleratorLine, .ignoredForeignEntry, .replacedAccelerator,
    .unsupportedForeignKeys, .skippedForPlatform, .badBuilderFile, .badSublimeContext,
    .approximatedSublimeContext,
  ]
}

// MARK: - Input files (MK612)

extension DiagnosticCode {
  /// An input file's format could not be told from its name or contents.
  ///
  /// The number is in keymap-lint's family, where it was first reported; every tool that reads
  /// keymap files reports it now. keymap-lint's own codes are declared beside its rules, in the
  /// `MenuKitLint` module.
  public static let unknownInputFormat = DiagnosticCode("MK612", "unknown-input-format")
}

extension DiagnosticCode {
  /// Every code the MenuKit module defines, in code order (keymap-lint's rules declare
  /// their own `MK6xx` codes in `MenuKitLint`).
  public static let all: [DiagnosticCode] =
    [
      .syntaxError, .nestingTooDeep, .unreadableFile, .fileTooLarge, .moreProblems, .unknownField,
      .wrongType,
      .missingField,
      .invalidValue, .badShortcut, .unsupportedVersion, .ambiguousElement, .duplicateField,
      .unknownMenu, .unknownCommand, .unknownAction, .identifierInUse, .invalidEdit,
      .placementUnavailable,
      .duplicateIdentifier, .duplicateShortcut, .emptyTitle, .multipleSelection, .notASingleKey,
      .menuTooDeep, .duplicateCommand,
    ] + chainFileCodes + keymapFileCodes + [.unknownInputFormat]
    + keymapImportCodes
}
