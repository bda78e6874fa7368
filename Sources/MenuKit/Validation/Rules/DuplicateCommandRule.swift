/// MK307 (warning): two commands or key commands share an action and property list.
///
/// Builder edits and lookups such as ``MenuBuilder/command(for:propertyList:)`` address a
/// command by that pair (its ``CommandKey``) and find only the first, so the second cannot be
/// edited. The diagnostic is reported at each later command and names the first.
struct DuplicateCommandRule: ValidationRule {
  /// The first command with each key, as named in messages.
  private var firsts: [CommandKey: String] = [:]

  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    guard let command = element.command else { return [] }
    let key = command.key
    let subject = position.describe(title: command.title, kind: "command")
    guard let first = firsts[key] else {
      firsts[key] = subject
      return []
    }
    let what =
      key.propertyList == nil
      ? "action '\(key)' of \(first) is" : "action and property list '\(key)' of \(first) are"
    return [
      Diagnostic(
        .duplicateCommand,
        "\(what) also used by \(subject); builder edits address only the first")
    ]
  }
}
