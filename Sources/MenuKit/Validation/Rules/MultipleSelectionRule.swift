/// MK304: a single-selection menu has more than one element `on`.
///
/// UIKit lets a ``Menu/Options-swift.struct/singleSelection`` menu have only one element on,
/// counting its own children and the children of its inline groups (one level of groups, as
/// UIKit draws them in the same menu); submenus are separate menus with their own selection.
struct MultipleSelectionRule: ValidationRule {
  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    guard case .menu(let menu) = element, menu.options.contains(.singleSelection) else {
      return []
    }
    var selected: [String] = []
    for child in menu.children {
      if case .menu(let group) = child, group.isInline {
        for grandchild in group.children where grandchild.state == .on {
          selected.append(grandchild.title)
        }
      } else if child.state == .on {
        selected.append(child.title)
      }
    }
    guard selected.count > 1 else { return [] }
    let titles = selected.map { $0.isEmpty ? "(untitled)" : "'\($0)'" }.joined(separator: ", ")
    return [
      Diagnostic(
        .multipleSelection,
        "\(position.describe(menu)) is single-selection but has \(selected.count) items on: "
          + "\(titles); only one may be on")
    ]
  }
}
