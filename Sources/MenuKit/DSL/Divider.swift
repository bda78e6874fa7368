/// A section break in a ``MenuElementsBuilder`` body, as SwiftUI's `Divider` in a menu.
///
/// The menu model has no separator element: sections are inline menus. A divider therefore
/// never reaches the model; the builder groups the elements between dividers into inline
/// menus, and drops leading, trailing and doubled dividers.
///
/// ```swift
/// Menu("Edit", identifier: .edit) {
///   Button("Undo", action: "undo:").keyboardShortcut("z")
///   Button("Redo", action: "redo:").keyboardShortcut("z", modifiers: [.command, .shift])
///   Divider()
///   Button("Cut", action: "cut:").keyboardShortcut("x")
/// }
/// // children: [inline[Undo, Redo], inline[Cut]]
/// ```
public struct Divider: Hashable, Sendable {
  /// Creates a divider.
  public init() {}
}

// MARK: - Internal

extension Divider {
  /// The identifier of the marker; the NUL character keeps it apart from any real identifier.
  static let markerIdentifier = MenuIdentifier(rawValue: "\u{0}MenuKit.Divider")

  /// The element a divider stands for inside a builder body, until the body's final result
  /// replaces the markers with inline menus.
  static let marker = MenuElement.menu(
    Menu(identifier: markerIdentifier, options: .displayInline))
}
