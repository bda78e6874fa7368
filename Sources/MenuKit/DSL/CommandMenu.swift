/// A new top-level menu of the main menu, as SwiftUI's `CommandMenu`.
///
/// Like SwiftUI, MenuKit puts the menu after the View menu (UIKit's
/// `insertSibling(_:afterMenu: .view)`); in a tree without a View menu it goes at the end of
/// the root. The command menus of one ``Commands`` value keep their declaration order: each
/// goes right after the one before it.
///
/// ```swift
/// extension MenuIdentifier {
///   static let cities: MenuIdentifier = "com.example.cities"
/// }
///
/// Commands {
///   CommandMenu("Cities", identifier: .cities) {
///     Button("Add City…", action: "addCity:").keyboardShortcut("n", modifiers: [.command, .alternate])
///     Divider()
///     for city in cities {
///       Button(city.name, action: "showCity:").propertyList(.string(city.id))
///     }
///   }
/// }
/// ```
public struct CommandMenu: Hashable, Sendable {
  /// The menu inserted.
  public var menu: Menu

  /// Creates a command menu from a plain menu value.
  public init(_ menu: Menu) {
    self.menu = menu
  }
}

// MARK: - API

extension CommandMenu {
  /// Creates a command menu whose items come from a ``MenuElementsBuilder`` body.
  ///
  /// - Parameters:
  ///   - title: The title shown in the menu bar.
  ///   - identifier: The identifier builder edits use; give one so that later edits and
  ///     ``CommandGroup`` placements can address the menu.
  ///   - content: The menu's items.
  public init(
    _ title: String, identifier: MenuIdentifier? = nil,
    @MenuElementsBuilder content: () throws -> [MenuElement]
  ) rethrows {
    self.init(Menu(title: title, identifier: identifier, children: try content()))
  }

  /// Inserts the menu after the View menu, or at the end of the root when there is none.
  ///
  /// A menu that reuses an identifier of the tree is not inserted; the builder records
  /// `MK204` in ``MenuBuilder/diagnostics``.
  public func apply(to builder: inout MenuBuilder) {
    builder.record { (builder) throws(MenuBuilderError) in
      _ = try builder.insertCommandMenu(menu, after: nil)
    }
  }
}

// MARK: - Internal

extension MenuBuilder {
  /// Inserts a command menu right after the node `anchor` when it is still in the tree, else
  /// after the View menu, else at the end of the root; returns the new menu's node.
  ///
  /// The anchor is a node, not an identifier, so that menus without identifiers keep their
  /// declaration order too.
  mutating func insertCommandMenu(_ menu: Menu, after anchor: Int?) throws(MenuBuilderError)
    -> Int
  {
    let parent: Int
    let index: Int
    if let anchor, nodes[anchor].isAlive, let anchorParent = nodes[anchor].parent,
      let anchorIndex = nodes[anchorParent].children.firstIndex(of: anchor)
    {
      (parent, index) = (anchorParent, anchorIndex + 1)
    } else if let view = menuIndex[.view], let viewParent = nodes[view].parent,
      let viewIndex = nodes[viewParent].children.firstIndex(of: view)
    {
      (parent, index) = (viewParent, viewIndex + 1)
    } else {
      (parent, index) = (rootNode, nodes[rootNode].children.count)
    }
    try insert([.menu(menu)], into: parent, at: index)
    return nodes[parent].children[index]
  }
}
