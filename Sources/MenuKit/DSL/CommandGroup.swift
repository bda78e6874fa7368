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

  /// Applies the group to a builder: one builder edit, which either succeeds or throws and
  /// changes nothing.
  ///
  /// - Throws: ``MenuBuilderError/unknownMenu(_:suggestion:)`` when no menu has the
  ///   placement's identifier, or ``MenuBuilderError/identifierInUse(_:)`` when an item
  ///   reuses an identifier.
  public func apply(to builder: inout MenuBuilder) throws(MenuBuilderError) {
    switch position {
    case .before: try builder.insertElements(elements, atStartOfMenu: placement.rawValue)
    case .after: try builder.insertElements(elements, atEndOfMenu: placement.rawValue)
    case .replacing:
      try builder.replaceChildren(ofMenu: placement.rawValue) { [elements] _ in elements }
    }
  }
}
