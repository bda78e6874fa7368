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
  /// The properties that hold references (texts, arrays), shared by every copy of the command
  /// and replaced whole when one of them changes (copy on write): copying a command — as the
  /// key dispatcher does for each `validate(_:)` — retains one object, not eight.
  ///
  /// Immutable, so that it is `Sendable` without any unchecked conformance; a change makes a
  /// new storage with the one property changed. ``attributes`` and ``state``, which
  /// validation changes, are stored in the command itself.
  private final class Storage: Sendable {
    let title: String
    let image: String?
    let action: ActionName
    let propertyList: PropertyList?
    let alternates: [CommandAlternate]
    let discoverabilityTitle: String?
    let keywords: [String]
    let aliases: [String]

    /// Creates a storage from its properties.
    init(
      title: String, image: String?, action: ActionName, propertyList: PropertyList?,
      alternates: [CommandAlternate], discoverabilityTitle: String?, keywords: [String],
      aliases: [String]
    ) {
      self.title = title
      self.image = image
      self.action = action
      self.propertyList = propertyList
      self.alternates = alternates
      self.discoverabilityTitle = discoverabilityTitle
      self.keywords = keywords
      self.aliases = aliases
    }

    /// A copy of this storage with the properties given changed (nil: unchanged).
    func with(
      title: String? = nil, image: String?? = nil, action: ActionName? = nil,
      propertyList: PropertyList?? = nil, alternates: [CommandAlternate]? = nil,
      discoverabilityTitle: String?? = nil, keywords: [String]? = nil, aliases: [String]? = nil
    ) -> Storage {
      Storage(
        title: title ?? self.title, image: image ?? self.image, action: action ?? self.action,
        propertyList: propertyList ?? self.propertyList,
        alternates: alternates ?? self.alternates,
        discoverabilityTitle: discoverabilityTitle ?? self.discoverabilityTitle,
        keywords: keywords ?? self.keywords, aliases: aliases ?? self.aliases)
    }
  }

  /// The shared properties (``Storage``); only read, or replaced whole.
  private var storage: Storage

  /// The title shown in menus.
  public var title: String {
    get { storage.title }
    set { storage = storage.with(title: newValue) }
  }
  /// A symbol name for the element's image, such as `"doc.on.doc"`.
  public var image: String? {
    get { storage.image }
    set { storage = storage.with(image: .some(newValue)) }
  }
  /// The name of the action performed through the responder chain.
  public var action: ActionName {
    get { storage.action }
    set { storage = storage.with(action: newValue) }
  }
  /// Data that tells this command apart from others with the same action.
  public var propertyList: PropertyList? {
    get { storage.propertyList }
    set { storage = storage.with(propertyList: .some(newValue)) }
  }
  /// Alternate actions, chosen while their extra modifier is held.
  public var alternates: [CommandAlternate] {
    get { storage.alternates }
    set { storage = storage.with(alternates: newValue) }
  }
  /// An elaborated title shown in the discoverability overlay and the command palette.
  public var discoverabilityTitle: String? {
    get { storage.discoverabilityTitle }
    set { storage = storage.with(discoverabilityTitle: .some(newValue)) }
  }
  /// The element's style and behaviour.
  public var attributes: MenuElementAttributes
  /// The checkmark state.
  public var state: MenuElementState
  /// Extra words a command palette matches, such as `["preferences", "options"]` for Settings.
  public var keywords: [String] {
    get { storage.keywords }
    set { storage = storage.with(keywords: newValue) }
  }
  /// Other names a command palette matches as strongly as the title, such as `["Preferences"]`
  /// for Settings or `["rg"]` for Find in Files.
  ///
  /// Keywords are hints that rank below the title; an alias is another title.
  public var aliases: [String] {
    get { storage.aliases }
    set { storage = storage.with(aliases: newValue) }
  }

  /// Creates a command.
  public init(
    title: String, image: String? = nil, action: ActionName, propertyList: PropertyList? = nil,
    alternates: [CommandAlternate] = [], discoverabilityTitle: String? = nil,
    attributes: MenuElementAttributes = [], state: MenuElementState = .off,
    keywords: [String] = [], aliases: [String] = []
  ) {
    storage = Storage(
      title: title, image: image, action: action, propertyList: propertyList,
      alternates: alternates, discoverabilityTitle: discoverabilityTitle, keywords: keywords,
      aliases: aliases)
    self.attributes = attributes
    self.state = state
  }

  /// The pair that addresses this command in builder edits.
  public var key: CommandKey { CommandKey(action: action, propertyList: propertyList) }

  /// Whether two commands have equal properties, compared in the order they are declared, as
  /// the synthesized comparison did. Two copies of one command are compared property by
  /// property too, never taken as equal by identity: a property list that holds NaN compares
  /// as it always did.
  public static func == (lhs: Command, rhs: Command) -> Bool {
    lhs.storage.title == rhs.storage.title && lhs.storage.image == rhs.storage.image
      && lhs.storage.action == rhs.storage.action
      && lhs.storage.propertyList == rhs.storage.propertyList
      && lhs.storage.alternates == rhs.storage.alternates
      && lhs.storage.discoverabilityTitle == rhs.storage.discoverabilityTitle
      && lhs.attributes == rhs.attributes && lhs.state == rhs.state
      && lhs.storage.keywords == rhs.storage.keywords && lhs.storage.aliases == rhs.storage.aliases
  }

  /// Hashes the properties in the order they are declared, as the synthesized hashing did.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.title)
    hasher.combine(storage.image)
    hasher.combine(storage.action)
    hasher.combine(storage.propertyList)
    hasher.combine(storage.alternates)
    hasher.combine(storage.discoverabilityTitle)
    hasher.combine(attributes)
    hasher.combine(state)
    hasher.combine(storage.keywords)
    hasher.combine(storage.aliases)
  }
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
