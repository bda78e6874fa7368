/// A menu element that performs its action in a closure (UIKit's `UIAction`).
///
/// Unlike a ``Command``, an action does not go through the responder chain: choosing it calls
/// its handler directly, with the action itself and the sender. Equality and hashing ignore the
/// handler; two actions are equal when everything else is.
///
/// ```swift
/// let refresh = Action(title: "Refresh", identifier: "refresh") { action, _ in
///   print("Refreshing from \(action.title)")
/// }
/// ```
public struct Action: Hashable, Sendable {
  /// The closure an action runs: the action chosen and the object that sent it, if any.
  public typealias Handler = @MainActor @Sendable (Action, _ sender: (any Sendable)?) -> Void

  /// The title shown in menus.
  public var title: String
  /// A secondary line of text.
  public var subtitle: String?
  /// A symbol name for the element's image.
  public var image: String?
  /// The identifier builder edits use to address this action.
  public var identifier: ActionIdentifier
  /// An elaborated title shown in the discoverability overlay and the command palette.
  public var discoverabilityTitle: String?
  /// The element's style and behaviour.
  public var attributes: MenuElementAttributes
  /// The checkmark state.
  public var state: MenuElementState
  /// The closure run when the action is performed.
  public var handler: Handler

  /// Creates an action.
  public init(
    title: String = "", subtitle: String? = nil, image: String? = nil,
    identifier: ActionIdentifier, discoverabilityTitle: String? = nil,
    attributes: MenuElementAttributes = [], state: MenuElementState = .off,
    handler: @escaping Handler
  ) {
    self.title = title
    self.subtitle = subtitle
    self.image = image
    self.identifier = identifier
    self.discoverabilityTitle = discoverabilityTitle
    self.attributes = attributes
    self.state = state
    self.handler = handler
  }

  /// Runs the handler.
  @MainActor
  public func perform(sender: (any Sendable)? = nil) {
    handler(self, sender)
  }

  /// Whether two actions look the same: title, subtitle, image, identifier, discoverability
  /// title, attributes and state are equal (handlers cannot be compared).
  public static func == (lhs: Action, rhs: Action) -> Bool {
    lhs.title == rhs.title && lhs.subtitle == rhs.subtitle && lhs.image == rhs.image
      && lhs.identifier == rhs.identifier && lhs.discoverabilityTitle == rhs.discoverabilityTitle
      && lhs.attributes == rhs.attributes && lhs.state == rhs.state
  }

  /// Hashes the identifier and title.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
    hasher.combine(title)
  }
}
