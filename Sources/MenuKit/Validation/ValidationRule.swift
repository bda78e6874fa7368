/// One check that ``MenuValidator`` runs over a menu tree.
///
/// The validator walks the tree once, in tree order (the root menu first, then every element
/// depth first), and hands each element to every rule. A rule keeps whatever state it needs
/// between elements (the identifiers it has seen, say) and returns the diagnostics it finds at
/// the element it is given, so the validator's result is in tree order without sorting.
///
/// A rule must do O(1) amortised work per element, apart from work proportional to the
/// element's own children, so that validating a tree stays O(*n*).
protocol ValidationRule {
  /// Checks one element of the tree and returns the problems found at it.
  ///
  /// - Parameters:
  ///   - element: The element; the root menu arrives first, as `.menu(root)` at depth 0.
  ///   - position: Where the element is. Read it during the call; do not store it.
  /// - Returns: The diagnostics for this element, usually none.
  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic]
}

/// Where an element is in the tree being validated: its depth and the menus that contain it.
struct TreePosition {
  /// The maximum number of path components a message shows before eliding the middle.
  static let maximumShownComponents = 7

  /// 0 for the root menu, 1 for its children, and so on.
  var depth: Int
  /// The labels of the menus that contain the element, outermost first, without the root.
  var ancestors: [String]
}

// MARK: - Internal

extension TreePosition {
  /// Where the element is, as a phrase: `in File ▸ Open Recent`, or `at the top level` for a
  /// child of the root.
  var location: String {
    ancestors.isEmpty ? "at the top level" : "in " + Self.joined(ancestors[...])
  }

  /// A menu at this position, named for a message: `'Open Recent' in File`, `an inline group
  /// in Edit`, `an untitled menu at the top level`, or `the root menu` at depth 0.
  func describe(_ menu: Menu) -> String {
    if depth == 0 { return "the root menu" }
    if !menu.title.isEmpty { return "'\(menu.title)' \(location)" }
    return menu.isInline ? "an inline group \(location)" : "an untitled menu \(location)"
  }

  /// A titled element named for a message: `'Cut' in Edit`, or `an untitled <kind> in Edit`.
  func describe(title: String, kind: String) -> String {
    title.isEmpty ? "an untitled \(kind) \(location)" : "'\(title)' \(location)"
  }

  /// A command named for a message with its action: `'Cut' (cut:) in Edit`.
  func describe(_ command: Command) -> String {
    let name = command.title.isEmpty ? "an untitled command" : "'\(command.title)'"
    return "\(name) (\(command.key)) \(location)"
  }

  /// How a menu appears in a path: its title; an inline group's identifier, or `(inline)`; an
  /// untitled menu's identifier, or `(untitled)`.
  static func label(of menu: Menu) -> String {
    if menu.isInline {
      return menu.identifier?.rawValue ?? (menu.title.isEmpty ? "(inline)" : menu.title)
    }
    return menu.title.isEmpty ? menu.identifier?.rawValue ?? "(untitled)" : menu.title
  }

  /// Path labels joined with ` ▸ `; a long path keeps its first three and last three
  /// components around `…`, so a message stays short and takes O(1) to build in a deep tree.
  static func joined(_ labels: ArraySlice<String>) -> String {
    guard labels.count > maximumShownComponents else { return labels.joined(separator: " ▸ ") }
    return (labels.prefix(3) + ["…"] + labels.suffix(3)).joined(separator: " ▸ ")
  }
}
