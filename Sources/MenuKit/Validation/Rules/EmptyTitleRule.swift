/// MK303: a menu that is not inline has an empty title.
///
/// A submenu or menu-bar menu is shown by its title, so an empty one leaves a blank entry.
/// Inline groups are drawn as sections and need no title, and the root menu (the menu passed
/// to ``MenuValidator/validate(_:)``) is never shown. A title of only whitespace counts as
/// empty.
struct EmptyTitleRule: ValidationRule {
  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    guard position.depth > 0, case .menu(let menu) = element, !menu.isInline,
      menu.title.allSatisfy(\.isWhitespace)
    else { return [] }
    let subject = menu.identifier.map { "menu '\($0)'" } ?? "a menu"
    return [
      Diagnostic(
        .emptyTitle,
        "\(subject) \(position.location) has an empty title; give it a title or make it an "
          + "inline group with .displayInline")
    ]
  }
}
