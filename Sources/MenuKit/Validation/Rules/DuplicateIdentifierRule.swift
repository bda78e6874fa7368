/// MK301: two menus share a ``MenuIdentifier``, or two actions share an ``ActionIdentifier``.
///
/// Builder edits address menus and actions by identifier and find only the first, so a
/// second use is unreachable. The diagnostic is reported at each later use and names the
/// first.
struct DuplicateIdentifierRule: ValidationRule {
  /// The first menu with each identifier, as named in messages.
  private var menus: [MenuIdentifier: String] = [:]
  /// The first action with each identifier, as named in messages.
  private var actions: [ActionIdentifier: String] = [:]

  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    switch element {
    case .menu(let menu):
      guard let identifier = menu.identifier else { return [] }
      let subject = position.describe(menu)
      guard let first = menus[identifier] else {
        menus[identifier] = subject
        return []
      }
      return [
        Diagnostic(
          .duplicateIdentifier,
          "menu identifier '\(identifier)' of \(first) is also used by \(subject)")
      ]
    case .action(let action):
      let subject = position.describe(title: action.title, kind: "action")
      guard let first = actions[action.identifier] else {
        actions[action.identifier] = subject
        return []
      }
      return [
        Diagnostic(
          .duplicateIdentifier,
          "action identifier '\(action.identifier)' of \(first) is also used by \(subject)")
      ]
    case .command, .keyCommand, .deferred:
      return []
    }
  }
}
