/// MK306: menus nest deeper than ``MenuValidator/maximumDepth``.
///
/// The diagnostic is reported once, at the first menu (in tree order) that is too deep; the
/// menus below it are too deep as well and add nothing. The check reads the depth the
/// validator's iterative walk provides, so it never recurses, whatever the tree's depth.
struct MenuDepthRule: ValidationRule {
  /// The deepest a menu may be; the root's children are at depth 1.
  var maximumDepth: Int
  /// Whether the diagnostic has been reported.
  private var reported = false

  init(maximumDepth: Int) {
    self.maximumDepth = maximumDepth
  }

  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    guard !reported, position.depth > maximumDepth, case .menu(let menu) = element else {
      return []
    }
    reported = true
    return [
      Diagnostic(
        .menuTooDeep,
        "\(position.describe(menu)) is nested \(position.depth) levels deep; menus may nest at "
          + "most \(maximumDepth) levels")
    ]
  }
}
