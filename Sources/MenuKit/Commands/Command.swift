/// A menu element that performs its action by name through the responder chain (UIKit's
/// `UICommand`).
///
/// A command is a value. Its ``action`` is an ``ActionName``; when the command is chosen, the
/// responder chain finds the first responder that can perform that action. Commands that share
/// an action are told apart by ``propertyList``, and builder edits address a command by that
/// pair (``CommandKey``).
///
/// ```swift
/// let bold = Command(
///   title: "Bold", action: "toggleStyle:", propertyList: ["style": "bold"],
///   alternates: [CommandAlternate(title: "Bold All", action: "boldAll:", modifierFlags: .alternate)])
/// ```
public struct Command: Hashable, Sendable {
  /// The title shown in menus.
  public var title: String
  /// A symbol name for the element's image, such as `"doc.on.doc"`.
  public var image: String?
  /// The name of the action performed through the responder chain.
  public var action: ActionName
  /// Data that tells this command apart from others with the same action.
  public var propertyList: PropertyList?
  /// Alternate actions, chosen while their extra modifier is held.
  public var alternates: [CommandAlternate]
  /// An elaborated title shown in the discoverability overlay and the command palette.
  public var discoverabilityTitle: String?
  /// The element's style and behaviour.
  public var attributes: MenuElementAttributes
  /// The checkmark state.
  public var state: MenuElementState
  /// Extra words a command palette matches, such as `["preferences", "options"]` for Settings.
  public var keywords: [String]
  /// Other names a command palette matches as strongly as the title, such as `["Preferences"]`
  /// for Settings or `["rg"]` for Find in Files.
  ///
  /// Keywords are hints that rank below the title; an alias is another title.
  public var aliases: [String]

  /// Creates a command.
  public init(
    title: String, image: String? = nil, action: ActionName, propertyList: PropertyList? = nil,
    alternates: [CommandAlternate] = [], discoverabilityTitle: String? = nil,
    attributes: MenuElementAttributes = [], state: MenuElementState = .off,
    keywords: [String] = [], aliases: [String] = []
  ) {
    self.title = title
    self.image = image
    self.action = action
    self.propertyList = propertyList
    self.alternates = alternates
    self.discoverabilityTitle = discoverabilityTitle
    self.attributes = attributes
    self.state = state
    self.keywords = keywords
    self.aliases = aliases
  }

  /// The pair that addresses this command in builder edits.
  public var key: CommandKey { CommandKey(action: action, propertyList: propertyList) }
}

/// An alternative action for a command, chosen while an extra modifier is held (UIKit's
/// `UICommandAlternate`).
///
/// ```swift
/// CommandAlternate(title: "Close All", action: "closeAll:", modifierFlags: .alternate)
/// ```
public struct CommandAlternate: Hashable, Sendable {
  /// The title shown while the modifier is held.
  public var title: String
  /// The action performed instead of the command's own.
  public var action: ActionName
  /// The extra modifiers that select this alternate.
  public var modifierFlags: KeyModifierFlags

  /// Creates an alternate.
  public init(title: String, action: ActionName, modifierFlags: KeyModifierFlags) {
    self.title = title
    self.action = action
    self.modifierFlags = modifierFlags
  }
}

/// The address of a command: its action and property list, as UIKit's
/// `command(for:propertyList:)`.
///
/// ```swift
/// let tokyo = CommandKey(action: "showCity:", propertyList: "tokyo")
/// builder.keyCommand(for: tokyo.action, propertyList: tokyo.propertyList)?.title  // "Tokyo"
/// ```
public struct CommandKey: Hashable, Sendable, CustomStringConvertible {
  /// The command's action.
  public var action: ActionName
  /// The command's property list.
  public var propertyList: PropertyList?

  /// Creates a command address.
  public init(action: ActionName, propertyList: PropertyList? = nil) {
    self.action = action
    self.propertyList = propertyList
  }

  /// The action, followed by the property list after a space when there is one.
  public var description: String {
    propertyList.map { "\(action) \($0)" } ?? action.rawValue
  }
}
