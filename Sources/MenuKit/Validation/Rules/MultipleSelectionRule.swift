/// MK304: a single-selection menu has more than one element `on`.
///
/// UIKit lets a ``Menu/Options-swift.struct/singleSelection`` menu have only one element on in
/// "the menu and any submenus": its own children, those of its inline sections and those of
/// its submenus, at any depth, count together.
struct MultipleSelectionRule: ValidationRule {
  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    guard case .menu(let menu) = element, menu.options.contains(.singleSelection) else {
      return []
    }
    // Down to the depth validation descends to, so that a tree of nested single-selection
    // menus costs at most that many walks per element.
    var selected: [String] = []
    var stack: [(elements: [MenuElement], index: Int, depth: Int)] = [(menu.children, 0, 1)]
    while let (elements, index, depth) = stack.last {
      guard index < elements.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].index += 1
      let descendant = elements[index]
      if let submenu = descendant.menu {
        if depth < MenuValidator.maximumDepth { stack.append((submenu.children, 0, depth + 1)) }
      } else if descendant.state == .on {
        selected.append(descendant.title)
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
