/// A container of menu elements: a menu-bar menu, a submenu or an inline group (UIKit's
/// `UIMenu`).
///
/// Menus are values. An inline menu (``Options-swift.struct/displayInline``) is drawn as a
/// section of its parent, set off by separators, and usually has an empty title.
///
/// ```swift
/// let navigation = Menu(title: "Navigation", identifier: "com.example.navigation", children: [
///   .menu(Menu(options: .displayInline, children: [
///     .keyCommand(KeyCommand(title: "Up", action: "navigate:", input: .upArrow,
///                            modifierFlags: .command, propertyList: "up")),
///   ])),
/// ])
/// ```
public struct Menu: Hashable, Sendable {
  /// The title shown in the menu bar or as a submenu item.
  public var title: String
  /// A secondary line of text.
  public var subtitle: String?
  /// A symbol name for the menu's image.
  public var image: String?
  /// The identifier builder edits use; nil for an anonymous menu, which edits cannot address.
  public var identifier: MenuIdentifier?
  /// How the menu is displayed.
  public var options: Options
  /// The preferred size of the menu's elements when shown as a palette or row.
  public var preferredElementSize: ElementSize
  /// The menu's elements, in order.
  public var children: [MenuElement] {
    get { childStorage.elements }
    _modify {
      if !isKnownUniquelyReferenced(&childStorage) {
        childStorage = MenuChildren(childStorage.elements)
      }
      yield &childStorage.elements
    }
  }
  /// Where ``children`` are kept: a box that frees a deep tree without recursion
  /// (``MenuChildren``), copied before a change when shared, so menus stay values.
  private var childStorage: MenuChildren

  /// Creates a menu.
  public init(
    title: String = "", subtitle: String? = nil, image: String? = nil,
    identifier: MenuIdentifier? = nil, options: Options = [],
    preferredElementSize: ElementSize = .large, children: [MenuElement] = []
  ) {
    self.title = title
    self.subtitle = subtitle
    self.image = image
    self.identifier = identifier
    self.options = options
    self.preferredElementSize = preferredElementSize
    self.childStorage = MenuChildren(children)
  }

  /// Whether two menus have the same properties and equal children.
  public static func == (lhs: Menu, rhs: Menu) -> Bool {
    lhs.title == rhs.title && lhs.subtitle == rhs.subtitle && lhs.image == rhs.image
      && lhs.identifier == rhs.identifier && lhs.options == rhs.options
      && lhs.preferredElementSize == rhs.preferredElementSize
      && (lhs.childStorage === rhs.childStorage || lhs.children == rhs.children)
  }

  /// Hashes the menu's properties and children.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(subtitle)
    hasher.combine(image)
    hasher.combine(identifier)
    hasher.combine(options)
    hasher.combine(preferredElementSize)
    hasher.combine(children)
  }

  /// How a menu is displayed (UIKit's `UIMenu.Options`).
  public struct Options: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Creates options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The menu is drawn inline in its parent, as a separated section.
    public static let displayInline = Options(rawValue: 1 << 0)
    /// The menu's title is drawn as destructive.
    public static let destructive = Options(rawValue: 1 << 1)
    /// At most one element is `on` at a time in the menu and its submenus: its children,
    /// those of its inline sections and those of its submenus, at any depth, count together
    /// (UIKit's "the menu and any submenus"). ``MenuValidation`` keeps the first `on` in tree
    /// order; ``MenuValidator`` reports a definition with more (MK304).
    public static let singleSelection = Options(rawValue: 1 << 2)
    /// The children are drawn as a row of small items.
    public static let displayAsPalette = Options(rawValue: 1 << 3)

    /// Each option with its name as used in menu files, in order.
    public static let named: [(option: Options, name: String)] = [
      (.displayInline, "displayInline"), (.destructive, "destructive"),
      (.singleSelection, "singleSelection"), (.displayAsPalette, "displayAsPalette"),
    ]

    /// The names of the options in this set, in order.
    public var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }
  }

  /// The preferred size of a menu's elements (UIKit's `UIMenu.ElementSize`).
  public enum ElementSize: String, Hashable, Sendable, CaseIterable {
    /// Small, icon-only elements.
    case small
    /// Medium elements with icon and short title.
    case medium
    /// Full-size rows (the default).
    case large
  }

  /// Whether the menu is drawn inline in its parent.
  public var isInline: Bool { options.contains(.displayInline) }
}

/// An element of a menu: a submenu or inline group, a command, a key command, an action or a
/// deferred element (UIKit's `UIMenuElement` family).
///
/// ```swift
/// let elements: [MenuElement] = [
///   .keyCommand(KeyCommand(title: "Copy", action: "copy:", input: "c", modifierFlags: .command)),
///   .command(Command(title: "Paste and Match Style", action: "pasteAndMatchStyle:")),
///   .menu(Menu(title: "Open Recent", identifier: "openRecent")),
/// ]
/// elements.map(\.title)  // ["Copy", "Paste and Match Style", "Open Recent"]
/// ```
public enum MenuElement: Hashable, Sendable {
  /// A submenu, or an inline group when the menu is ``Menu/Options-swift.struct/displayInline``.
  case menu(Menu)
  /// A command performed through the responder chain.
  case command(Command)
  /// A command with a keyboard shortcut.
  case keyCommand(KeyCommand)
  /// A closure-based action.
  case action(Action)
  /// A placeholder resolved later by a provider.
  case deferred(DeferredElement)
}

// MARK: - API

extension MenuElement {
  /// The element's title; a deferred element has none.
  public var title: String {
    switch self {
    case .menu(let menu): menu.title
    case .command(let command): command.title
    case .keyCommand(let keyCommand): keyCommand.command.title
    case .action(let action): action.title
    case .deferred: ""
    }
  }

  /// The element's attributes; menus and deferred elements have none.
  public var attributes: MenuElementAttributes {
    switch self {
    case .command(let command): command.attributes
    case .keyCommand(let keyCommand): keyCommand.command.attributes
    case .action(let action): action.attributes
    case .menu, .deferred: []
    }
  }

  /// The element's state; menus and deferred elements are `off`.
  public var state: MenuElementState {
    switch self {
    case .command(let command): command.state
    case .keyCommand(let keyCommand): keyCommand.command.state
    case .action(let action): action.state
    case .menu, .deferred: .off
    }
  }

  /// The command of a command or key command.
  public var command: Command? {
    switch self {
    case .command(let command): command
    case .keyCommand(let keyCommand): keyCommand.command
    default: nil
    }
  }

  /// The menu, if the element is a menu.
  public var menu: Menu? {
    if case .menu(let menu) = self { return menu }
    return nil
  }
}

extension Menu {
  /// Every element of the tree below this menu, depth first, with its depth (children of this
  /// menu have depth 1).
  ///
  /// The walk uses an explicit stack, so arbitrarily deep trees do not exhaust the call stack.
  ///
  /// - Complexity: O(*n*) for *n* elements.
  public func forEachElement(_ body: (MenuElement, _ depth: Int) throws -> Void) rethrows {
    var stack: [(children: [MenuElement], index: Int, depth: Int)] = [(children, 0, 1)]
    while !stack.isEmpty {
      let top = stack.count - 1
      let (children, index, depth) = stack[top]
      guard index < children.count else {
        stack.removeLast()
        continue
      }
      stack[top].index += 1
      let element = children[index]
      try body(element, depth)
      if case .menu(let menu) = element, !menu.children.isEmpty {
        stack.append((menu.children, 0, depth + 1))
      }
    }
  }

  /// All key commands in the tree, in menu order.
  public var allKeyCommands: [KeyCommand] {
    var result: [KeyCommand] = []
    forEachElement { element, _ in
      if case .keyCommand(let keyCommand) = element { result.append(keyCommand) }
    }
    return result
  }
}

// MARK: - Storage

/// The children of a ``Menu``, in a box whose deinitializer frees a tree of any depth without
/// recursion.
///
/// Freeing a menu frees its children, and a submenu among them frees its own: one call inside
/// the next, per level. A menu built in code 30,000 levels deep would exhaust the stack when
/// released. The box instead takes the children of each submenu that nothing else holds out
/// onto a list, so every element is freed with its own children already gone (the same in
/// spirit as ``Responder``'s release of a long chain).
///
/// It is mutated only while uniquely referenced (``Menu/children`` copies it first), so sharing
/// it between threads is safe.
final class MenuChildren: @unchecked Sendable {
  var elements: [MenuElement]

  init(_ elements: [MenuElement]) {
    self.elements = elements
  }

  deinit {
    guard elements.contains(where: \.isMenuWithChildren) else { return }
    var pending: [MenuElement] = []
    swap(&pending, &elements)
    while var element = pending.popLast() {
      element.detachChildren(into: &pending)
    }
  }
}

extension MenuElement {
  /// Whether the element is a menu with at least one child.
  fileprivate var isMenuWithChildren: Bool {
    if case .menu(let menu) = self { return !menu.children.isEmpty }
    return false
  }

  /// A menu's children moved to `pending`, when this element is the only holder of them;
  /// leaves an empty menu in its place.
  fileprivate mutating func detachChildren(into pending: inout [MenuElement]) {
    guard case .menu(var menu) = self else { return }
    // Drop this element's own reference first, so that `menu` may be the only one.
    self = .menu(Menu())
    menu.moveChildrenIfUnique(into: &pending)
  }
}

extension Menu {
  /// Moves the children to `pending` when nothing else shares them; the menu is left empty.
  fileprivate mutating func moveChildrenIfUnique(into pending: inout [MenuElement]) {
    guard isKnownUniquelyReferenced(&childStorage) else { return }
    var children: [MenuElement] = []
    swap(&children, &childStorage.elements)
    pending.append(contentsOf: children)
  }
}
