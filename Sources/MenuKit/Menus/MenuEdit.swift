/// One change to an existing menu tree, as written in a menu file's `"edits"`: an insertion, a
/// replacement or a removal, addressed by identifier (UIKit's `UIMenuBuilder` operations).
///
/// An edit is a value; ``apply(to:)`` performs it on a ``MenuBuilder``. Edits read from a file
/// keep the ``location`` of their target, so a failing edit is reported where the target is
/// written. Equality and hashing ignore the location: two edits are equal when they do the same
/// thing.
///
/// ```swift
/// let edit = MenuEdit(.insert([.command(Command(title: "Export…", action: "export:"))],
///                             .atEndOf(.file)))
/// var builder = MenuBuilder(menu: menu)
/// try edit.apply(to: &builder)
/// ```
public struct MenuEdit: Hashable, Sendable {
  /// What an edit does.
  public enum Operation: Hashable, Sendable {
    /// Inserts elements at a position (`insertElements(_:atStartOfMenu:)` and its siblings).
    case insert([MenuElement], InsertPosition)
    /// Replaces the referenced element with elements, in place (`replace(_:with:)`).
    case replace(MenuElementReference, with: [MenuElement])
    /// Replaces all children of a menu (`replaceChildren(ofMenu:from:)`).
    case replaceChildren(of: MenuIdentifier, with: [MenuElement])
    /// Removes the referenced element and, for a menu, everything in it (`remove(_:)`).
    case remove(MenuElementReference)
  }

  /// Where an ``Operation/insert(_:_:)`` edit puts its elements.
  public enum InsertPosition: Hashable, Sendable {
    /// Before the first child of a menu.
    case atStartOf(MenuIdentifier)
    /// After the last child of a menu.
    case atEndOf(MenuIdentifier)
    /// Just before the referenced element, in its parent.
    case before(MenuElementReference)
    /// Just after the referenced element, in its parent.
    case after(MenuElementReference)
  }

  /// What the edit does.
  public var operation: Operation
  /// Where the edit's target is written in its file (the menu identifier or element reference
  /// it names); `nil` for edits made in code. Ignored by `==` and hashing.
  public var location: SourceLocation?

  /// Creates an edit.
  public init(_ operation: Operation, location: SourceLocation? = nil) {
    self.operation = operation
    self.location = location
  }

  /// Whether two edits are the same operation, wherever they were read (the location is
  /// ignored).
  public static func == (lhs: MenuEdit, rhs: MenuEdit) -> Bool {
    lhs.operation == rhs.operation
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(operation)
  }
}

// MARK: - API

extension MenuEdit {
  /// Performs the edit on a builder.
  ///
  /// A failed edit throws and leaves the builder unchanged: the throwing form of the
  /// builder's edits, for callers that stop or report at the first failure (menu files report
  /// it at the edit's location). The builder's own methods, as UIKit's, record the failure in
  /// ``MenuBuilder/diagnostics`` instead and go on.
  ///
  /// ```swift
  /// var builder = MenuBuilder(menu: menu)
  /// try MenuEdit(.remove(.menu(.format))).apply(to: &builder)
  /// ```
  ///
  /// - Throws: ``MenuBuilderError`` when the target does not exist, the elements reuse an
  ///   identifier the tree already has, or the edit would move, replace or remove the root.
  public func apply(to builder: inout MenuBuilder) throws(MenuBuilderError) {
    switch operation {
    case .insert(let elements, let position):
      try builder.checkedInsert(elements, at: position)
    case .replace(let reference, let elements):
      try builder.checkedReplace(reference, with: elements)
    case .replaceChildren(let menu, let elements):
      try builder.checkedReplaceChildren(ofMenu: menu) { _ in elements }
    case .remove(let reference):
      try builder.checkedRemove(reference)
    }
  }
}
