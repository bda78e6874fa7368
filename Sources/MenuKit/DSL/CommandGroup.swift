/// Items added to, or replacing, a standard group of the main menu, as SwiftUI's
/// `CommandGroup`.
///
/// A placement names a group menu (``CommandGroupPlacement``), and the group edits its
/// children:
/// - `before` inserts the items at the start of the group
///   (``MenuBuilder/insertElements(_:atStartOfMenu:)``);
/// - `after` inserts them at its end (``MenuBuilder/insertElements(_:atEndOfMenu:)``);
/// - `replacing` replaces all its children (``MenuBuilder/replaceChildren(ofMenu:from:)``);
///   an empty body clears the group.
///
/// The items join the group's own section. Start the body with a ``Divider`` to set them off
/// as a section of their own: a body with dividers becomes inline menus.
///
/// ```swift
/// Commands {
///   CommandGroup(before: .systemServices) {
///     Button("Check for Updates", action: "checkForUpdates:")
///   }
///   CommandGroup(after: .newItem) {
///     Button("New from Clipboard", action: "newFromClipboard:").keyboardShortcut("V")
///   }
///   CommandGroup(replacing: .help) {
///     Button("User Manual", action: "showManual:")
///   }
/// }
/// ```
public struct CommandGroup: Hashable, Sendable {
  /// How a group edits the menu its placement names.
  public enum Position: String, Hashable, Sendable, CaseIterable {
    /// The items go at the start of the group.
    case before
    /// The items go at the end of the group.
    case after
    /// The items replace the group's children.
    case replacing
  }

  /// The group menu edited.
  public var placement: CommandGroupPlacement
  /// How the group menu is edited.
  public var position: Position
  /// The items inserted, or the replacement children.
  public var elements: [MenuElement]

  /// Creates a group from a plain array of elements.
  public init(_ position: Position, _ placement: CommandGroupPlacement, elements: [MenuElement]) {
    self.placement = placement
    self.position = position
    self.elements = elements
  }
}

// MARK: - API

extension CommandGroup {
  /// Creates a group whose items go at the start of the placement's group.
  public init(
    before placement: CommandGroupPlacement,
    @MenuElementsBuilder addition: () throws -> [MenuElement]
  ) rethrows {
    self.init(.before, placement, elements: try addition())
  }

  /// Creates a group whose items go at the end of the placement's group.
  public init(
    after placement: CommandGroupPlacement,
    @MenuElementsBuilder addition: () throws -> [MenuElement]
  ) rethrows {
    self.init(.after, placement, elements: try addition())
  }

  /// Creates a group whose items replace the children of the placement's group.
  public init(
    replacing placement: CommandGroupPlacement,
    @MenuElementsBuilder addition: () throws -> [MenuElement]
  ) rethrows {
    self.init(.replacing, placement, elements: try addition())
  }

  /// Applies the group to a builder, as one edit: it either applies whole or changes nothing.
  ///
  /// The edit acts on the placement's group (``CommandGroupPlacement``). When the builder's
  /// menu has no member of a standard placement's group, nothing changes and the builder
  /// records an `MK206` note; an app's own placement naming an absent menu records `MK201`,
  /// and items reusing an identifier of the menu record `MK204` (see
  /// ``MenuBuilder/diagnostics``).
  public func apply(to builder: inout MenuBuilder) {
    builder.record { (builder) throws(MenuBuilderError) in
      try builder.apply(self)
    }
  }
}

// MARK: - Groups in a builder

extension MenuBuilder {
  /// Where a placement's group is: the menu node holding it and the positions of its members
  /// there, in order (empty for a menu's contents that are all excluded).
  struct PlacedGroup {
    var parent: Int
    var members: [Int]
  }

  /// The group a placement names in the tree; nil when the tree has none of its members.
  func group(of placement: CommandGroupPlacement) -> PlacedGroup? {
    switch placement.group {
    case .elements(let identifiers):
      let found = identifiers.compactMap { menuIndex[$0] }
      guard let first = found.first, let parent = nodes[first].parent else { return nil }
      let members = Set(found)
      let positions = nodes[parent].children.indices.filter {
        members.contains(nodes[parent].children[$0])
      }
      return PlacedGroup(parent: parent, members: positions)
    case .contents(let identifier, let excluded):
      guard let menu = menuIndex[identifier] else { return nil }
      let excludedNodes = Set(excluded.compactMap { menuIndex[$0] })
      let positions = nodes[menu].children.indices.filter {
        !excludedNodes.contains(nodes[menu].children[$0])
      }
      return PlacedGroup(parent: menu, members: positions)
    }
  }

  /// Whether a node is an inline menu: a section whose items a group's additions join.
  func isInlineSection(_ node: Int) -> Bool {
    if case .menu(let menu) = nodes[node].element {
      return menu.options.contains(.displayInline)
    }
    return false
  }

  /// Applies a command group to its placement's group, or throws and changes nothing.
  mutating func apply(_ commandGroup: CommandGroup) throws(MenuBuilderError) {
    let placement = commandGroup.placement
    guard let group = group(of: placement) else {
      if placement.standardName != nil {
        diagnostics.append(
          Diagnostic(
            .placementUnavailable,
            "the \(placement) placement has no group in this menu (none of "
              + placement.identifiers.map { "'\($0)'" }.joined(separator: ", ")
              + "), so the command group's items were not added"))
        return
      }
      let identifier = placement.identifiers[0]
      throw .unknownMenu(identifier, suggestion: suggestion(for: identifier))
    }
    let elements = commandGroup.elements
    let parent = group.parent
    let children = nodes[parent].children
    switch commandGroup.position {
    case .before:
      guard let first = group.members.first else {
        return try insert(elements, into: parent, at: 0)
      }
      if isInlineSection(children[first]) {
        try insert(elements, into: children[first], at: 0)
      } else {
        try insert(elements, into: parent, at: first)
      }
    case .after:
      guard let last = group.members.last else {
        return try insert(elements, into: parent, at: 0)
      }
      let node = children[last]
      if isInlineSection(node) {
        try insert(elements, into: node, at: nodes[node].children.count)
      } else {
        try insert(elements, into: parent, at: last + 1)
      }
    case .replacing:
      try replace(group, in: parent, with: elements)
    }
  }

  /// Puts elements in place of a group: into the first member's section (or in place of the
  /// first member), emptying the other sections and removing the other members; or throws and
  /// changes nothing.
  private mutating func replace(_ group: PlacedGroup, in parent: Int, with elements: [MenuElement])
    throws(MenuBuilderError)
  {
    let children = nodes[parent].children
    let memberNodes = group.members.map { children[$0] }
    // Everything the group holds goes, so its identifiers may be reused by the new items.
    let removed = Set(memberNodes.flatMap { subtree(of: $0) })
    try checkInsertable(elements, replacing: removed)
    guard let first = group.members.first else {
      nodes[parent].children.insert(contentsOf: ingest(elements, parent: parent), at: 0)
      return
    }
    var replacement: [Int] = []
    for (offset, node) in memberNodes.enumerated() where isInlineSection(node) {
      // Sections stay, emptied, so that their identifiers still address them.
      for child in nodes[node].children { kill(child) }
      nodes[node].children = offset == 0 ? ingest(elements, parent: node) : []
    }
    if !isInlineSection(memberNodes[0]) { replacement = ingest(elements, parent: parent) }
    // Members that are not sections are removed, last first so that positions hold.
    for (position, node) in zip(group.members, memberNodes).reversed()
    where !isInlineSection(node) {
      kill(node)
      nodes[parent].children.remove(at: position)
    }
    nodes[parent].children.insert(contentsOf: replacement, at: first)
  }
}
