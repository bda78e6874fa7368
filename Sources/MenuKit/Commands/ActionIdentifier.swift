/// The identifier of a closure-based ``Action``, as UIKit's `UIAction.Identifier`.
///
/// ```swift
/// let refresh = Action(title: "Refresh", identifier: "com.example.refresh") { _, _ in }
/// builder.replace(action: "com.example.refresh", with: [.action(refresh)])
/// ```
public struct ActionIdentifier: StringIdentifier {
  /// The identifier's text.
  public let rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) { self.rawValue = rawValue }
}
