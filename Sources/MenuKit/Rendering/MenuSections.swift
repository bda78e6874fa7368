/// The visible sections of a menu's children, as every renderer groups them.
///
/// Each run of elements outside inline groups is a section, and each inline group adds its own
/// sections (recursively); hidden commands, key commands and actions are left out, and empty
/// sections are dropped, so the result has no empty section. A submenu deeper than
/// ``MenuValidator/maximumDepth`` becomes `elided` instead of being walked.
///
/// ```swift
/// let sections = menuSections(of: menu.children, depth: 1, elided: "…") { element, _ in
///   element.title
/// }
/// ```
///
/// - Parameters:
///   - children: The elements of one menu.
///   - depth: The depth of that menu (1 for a top-level menu).
///   - elided: The entry that stands for a submenu too deep to show.
///   - entry: The entry for a submenu, a deferred element or a visible item, with the depth it
///     is shown at.
/// - Returns: The sections, in menu order.
func menuSections<Entry>(
  of children: [MenuElement], depth: Int, elided: Entry,
  entry: (MenuElement, _ depth: Int) -> Entry
) -> [[Entry]] {
  var sections: [[Entry]] = []
  var current: [Entry] = []
  for child in children {
    switch child {
    case .menu where depth > MenuValidator.maximumDepth:
      current.append(elided)
    case .menu(let group) where group.isInline:
      let inner = menuSections(of: group.children, depth: depth + 1, elided: elided, entry: entry)
      guard !inner.isEmpty else { continue }
      if !current.isEmpty { sections.append(current) }
      current = []
      sections += inner
    case .menu, .deferred:
      current.append(entry(child, depth))
    case .command, .keyCommand, .action:
      guard !child.attributes.contains(.hidden) else { continue }
      current.append(entry(child, depth))
    }
  }
  if !current.isEmpty { sections.append(current) }
  return sections
}
