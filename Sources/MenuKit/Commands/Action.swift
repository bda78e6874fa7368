import Synchronization

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
/// // As UIKit's UIAction(title:handler:): a unique identifier, a handler of the action alone.
/// let reload = Action(title: "Reload") { action in print("Reload the data.") }
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
  /// The identifier builder edits use to address this action; a generated, unique one when
  /// none was given.
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
  ///
  /// Without an identifier the action gets a unique one, as UIKit's `UIAction` does: builder
  /// edits can still address it through ``identifier``, and no two actions made without one
  /// share it.
  public init(
    title: String = "", subtitle: String? = nil, image: String? = nil,
    identifier: ActionIdentifier? = nil, discoverabilityTitle: String? = nil,
    attributes: MenuElementAttributes = [], state: MenuElementState = .off,
    handler: @escaping Handler
  ) {
    self.title = title
    self.subtitle = subtitle
    self.image = image
    self.identifier = identifier ?? .unique()
    self.discoverabilityTitle = discoverabilityTitle
    self.attributes = attributes
    self.state = state
    self.handler = handler
  }

  /// Creates an action whose handler receives the action alone, as UIKit's
  /// `UIAction(title:image:identifier:handler:)`.
  ///
  /// ```swift
  /// let refresh = Action(title: "Refresh") { action in print("Refresh the data.") }
  /// ```
  public init(
    title: String = "", subtitle: String? = nil, image: String? = nil,
    identifier: ActionIdentifier? = nil, discoverabilityTitle: String? = nil,
    attributes: MenuElementAttributes = [], state: MenuElementState = .off,
    handler: @escaping @MainActor @Sendable (Action) -> Void
  ) {
    self.init(
      title: title, subtitle: subtitle, image: image, identifier: identifier,
      discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state,
      handler: { action, _ in handler(action) })
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

// MARK: - Internal

extension ActionIdentifier {
  /// A new identifier no other call returns: `menukit.generated.` and a number counted
  /// process-wide.
  static func unique() -> ActionIdentifier {
    let number = generatedActionCount.add(1, ordering: .relaxed).newValue
    return ActionIdentifier(rawValue: "menukit.generated.\(number)")
  }
}

/// How many action identifiers ``ActionIdentifier/unique()`` has made.
private let generatedActionCount = Atomic<Int>(0)
