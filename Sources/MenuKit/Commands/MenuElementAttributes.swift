/// Attributes that determine the style and behaviour of a menu element (UIKit's
/// `UIMenuElement.Attributes`).
///
/// ```swift
/// var delete = Command(title: "Delete", action: "delete:")
/// delete.attributes = [.destructive]
/// ```
public struct MenuElementAttributes: OptionSet, Hashable, Sendable {
  /// The attributes' bits.
  public let rawValue: Int
  /// Creates attributes from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The element is shown but cannot be chosen, and its key command does not fire.
  public static let disabled = MenuElementAttributes(rawValue: 1 << 0)
  /// The element destroys data; renderers mark it (UIKit draws it red).
  public static let destructive = MenuElementAttributes(rawValue: 1 << 1)
  /// The element is not shown; its key command still fires unless it is also disabled.
  public static let hidden = MenuElementAttributes(rawValue: 1 << 2)
  /// Choosing the element leaves the menu open.
  public static let keepsMenuPresented = MenuElementAttributes(rawValue: 1 << 3)

  /// Each attribute with its name as used in menu files, in order.
  public static let named: [(attribute: MenuElementAttributes, name: String)] = [
    (.disabled, "disabled"), (.destructive, "destructive"), (.hidden, "hidden"),
    (.keepsMenuPresented, "keepsMenuPresented"),
  ]

  /// The names of the attributes in this set, in order.
  public var names: [String] { Self.named.filter { contains($0.attribute) }.map(\.name) }
}

/// The state of an action- or command-based menu element (UIKit's `UIMenuElement.State`).
///
/// Renderers draw `on` as a checkmark (✓) and `mixed` as a dash (–).
///
/// ```swift
/// Command(title: "Word Wrap", action: "toggleWordWrap:", state: .on)
/// ```
public enum MenuElementState: String, Hashable, Sendable, CaseIterable {
  /// Not selected.
  case off
  /// Selected: drawn with a checkmark.
  case on
  /// Partly selected, as for a selection with mixed styles: drawn with a dash.
  case mixed
}
