/// The name of a command's action, such as `copy:` or `app.openDocument`.
///
/// UIKit names actions with Objective-C selectors; Linux has no Objective-C runtime, so a
/// MenuKit action is a name. Responders declare the names they can perform, and the responder
/// chain finds the target by name.
///
/// ```swift
/// let open: ActionName = "openDocument:"
/// let command = Command(title: "Open…", action: open)
/// ```
public struct ActionName: StringIdentifier {
  /// The action's name, such as `copy:`.
  public let rawValue: String

  /// Creates an action name from its text.
  public init(rawValue: String) { self.rawValue = rawValue }
}

// MARK: - Internal

extension ActionName {
  /// Whether a binding in a keymap file can perform this action: the name is not empty and does
  /// not start with `-`, which the file reads as removing a binding. Any other string is a
  /// command, spaces and `&` included, as in VS Code (whose commands are any string).
  ///
  /// The importers check this too, so that an imported binding reads back from MenuKit's text
  /// as the same binding (found by fuzzing, docs/development/hardening.md).
  package var isKeymapCommand: Bool {
    !rawValue.isEmpty && !rawValue.hasPrefix("-")
  }

  /// ``isKeymapCommand``, and without white space: the rule of the Zed and GTK importers,
  /// whose action names (`editor::Cancel`, `win.save`) never have any, so a space is a mistake.
  package var canBePerformedByKeymap: Bool {
    !rawValue.isEmpty && !rawValue.hasPrefix("-")
      && !rawValue.unicodeScalars.contains(where: \.properties.isWhitespace)
  }
}
