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
