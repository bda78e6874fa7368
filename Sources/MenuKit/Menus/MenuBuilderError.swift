/// Why a ``MenuBuilder`` edit could not be applied.
///
/// An edit that names something the tree does not contain is reported, never silently
/// dropped; a failed edit leaves the builder unchanged. ``MenuEdit/apply(to:)`` throws it;
/// the builder's own edit methods record it in ``MenuBuilder/diagnostics`` and go on.
///
/// ```swift
/// do {
///   try MenuEdit(.remove(.menu("fiel"))).apply(to: &builder)
/// } catch {
///   print(error)  // the description names "fiel" and suggests "file"
/// }
/// ```
public enum MenuBuilderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No menu has this identifier.
  case unknownMenu(MenuIdentifier, suggestion: MenuIdentifier?)
  /// No action has this identifier.
  case unknownAction(ActionIdentifier)
  /// No command has this action and property list.
  case unknownCommand(CommandKey)
  /// The elements to insert use an identifier that the tree (or the insertion itself) already
  /// uses.
  case identifierInUse(String)
  /// The edit cannot apply to its target, such as removing or replacing the root menu.
  case invalidEdit(String)

  /// The error as one line, naming the identifier.
  public var description: String {
    switch self {
    case .unknownMenu(let identifier, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "no menu has the identifier '\(identifier)'\(hint)"
    case .unknownAction(let identifier):
      return "no action has the identifier '\(identifier)'"
    case .unknownCommand(let key):
      return "no command has the action '\(key)'"
    case .identifierInUse(let identifier):
      return "the identifier '\(identifier)' is already used in the menu"
    case .invalidEdit(let reason):
      return reason
    }
  }

  /// The diagnostic code for this error.
  public var code: DiagnosticCode {
    switch self {
    case .unknownMenu: .unknownMenu
    case .unknownAction: .unknownAction
    case .unknownCommand: .unknownCommand
    case .identifierInUse: .identifierInUse
    case .invalidEdit: .invalidEdit
    }
  }
}

/// A reference to a menu element by its identifier: what builder edits address.
///
/// ```swift
/// builder.remove(.command(CommandKey(action: "showCity:", propertyList: "paris")))
/// builder.contains(.menu(.format))  // true on the standard menu
/// ```
public enum MenuElementReference: Hashable, Sendable, CustomStringConvertible {
  /// A menu, by identifier.
  case menu(MenuIdentifier)
  /// An action, by identifier.
  case action(ActionIdentifier)
  /// A command or key command, by action and property list.
  case command(CommandKey)

  /// The reference as text, such as `menu 'file'`.
  public var description: String {
    switch self {
    case .menu(let identifier): "menu '\(identifier)'"
    case .action(let identifier): "action '\(identifier)'"
    case .command(let key): "command '\(key)'"
    }
  }
}
