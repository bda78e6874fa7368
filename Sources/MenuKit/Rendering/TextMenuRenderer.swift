/// Draws a menu tree as indented plain text, with shortcut labels in a right-aligned column.
///
/// The renderer is a pure function of the menu, ``platform`` and ``indent``: it reads no
/// environment, so its output is stable enough to compare in tests and to print from
/// `menu-dump`. The root menu's own title is not drawn; its children are, one per line:
///
/// ```swift
/// let menu = Menu(children: [
///   .menu(Menu(title: "File", children: [
///     .keyCommand(KeyCommand(title: "New", action: "newDocument:", input: "n",
///                            modifierFlags: .command)),
///     .menu(Menu(options: .displayInline, children: [
///       .keyCommand(KeyCommand(title: "Open…", action: "openDocument:", input: "o",
///                              modifierFlags: .command)),
///       .menu(Menu(title: "Open Recent")),
///     ])),
///   ])),
///   .menu(Menu(title: "Format", children: [
///     .keyCommand(KeyCommand(title: "Bold", action: "bold:", input: "b",
///                            modifierFlags: .command, state: .on)),
///     .keyCommand(KeyCommand(title: "Italic", action: "italic:", input: "i",
///                            modifierFlags: .command)),
///   ])),
/// ])
/// print(TextMenuRenderer(platform: .linux).render(menu))
/// ```
///
/// ```text
/// File
///   New    Ctrl+N
///   ─────
///   Open…  Ctrl+O
///   Open Recent ▸
/// Format
///   ✓ Bold    Ctrl+B
///     Italic  Ctrl+I
/// ```
///
/// The rules:
///
/// - A menu that is not inline is a line with its title and its children below it, indented
///   ``indent`` spaces further than its title. Submenus end in ` ▸`; the root's child menus
///   (the menu-bar menus) do not.
/// - An inline group is drawn as a section of its parent. One separator line, `─────`, sits
///   between adjacent sections; there is none at the start or end of a menu and never two in
///   a row, and a group with nothing to show vanishes.
/// - Commands, key commands and actions are a line with their title. A key command's
///   shortcut label, as ``KeyboardShortcut/label(for:)`` gives it for ``platform``, ends at
///   the same column as the other labels of its menu (including the menu's inline sections),
///   at least two spaces after the longest titled line that has a label. Widths count
///   characters (`String.count`).
/// - State: when any element of a menu, including its inline sections, is `on` or `mixed`,
///   every line of that menu starts with a two-character gutter: `✓ ` for on, `– ` for mixed,
///   two spaces otherwise. A menu with no state has no gutter.
/// - A disabled element ends in ` (disabled)` and a destructive one (or a menu with the
///   ``Menu/Options-swift.struct/destructive`` option) in ` (destructive)`.
/// - Hidden elements are not drawn: they are not in the menu a user sees (their key commands
///   still fire, and ``MenuValidator`` still checks them).
/// - A deferred element is drawn as `⋯ <identifier> (deferred)`, without resolving it.
/// - Control characters in titles, identifiers and labels (ESC, BEL, CR, a line break …) are
///   written as escapes such as `\u{1B}`, so that drawing a menu from a file cannot drive the
///   terminal or break a line (docs/development/hardening.md).
/// - Not drawn: subtitles, images, discoverability titles and command alternates.
/// - A menu nested deeper than ``MenuValidator/maximumDepth`` is drawn as `…`. The renderer
///   recurses once per level of nesting, so this bounds its stack use; ``MenuValidator``
///   reports such a tree as MK306.
///
/// Lines are joined with `\n`, with no trailing newline and no trailing spaces.
public struct TextMenuRenderer: Sendable {
  /// The separator line drawn between sections.
  static let separator = "─────"

  /// The platform whose shortcut labels are drawn.
  public var platform: PlatformProfile
  /// The number of spaces each level of submenu is indented by; a negative value counts as 0.
  public var indent = 2
  /// The shortcut labels to draw instead of the key commands' own, by command: with keymaps,
  /// the keys that actually fire (``KeyBindingResolver/shortcutLabels(in:platform:)``). When
  /// set, a command or key command shows the label this gives it, or none.
  ///
  /// ```swift
  /// var renderer = TextMenuRenderer(platform: .linux)
  /// renderer.shortcutLabels = resolver.shortcutLabels(in: contexts)
  /// print(renderer.render(menu))  // Save … Ctrl+K S, after a user rebinding
  /// ```
  public var shortcutLabels: [CommandKey: String]?

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - platform: The platform whose shortcut labels are drawn.
  ///   - indent: The number of spaces each level of submenu is indented by.
  public init(platform: PlatformProfile, indent: Int = 2) {
    self.platform = platform
    self.indent = indent
  }
}

// MARK: - API

extension TextMenuRenderer {
  /// Draws the children of a menu, and everything below them, as text.
  ///
  /// - Parameter menu: The root of the tree; its own title is not drawn.
  /// - Returns: The lines, joined with `\n`; empty for a menu with nothing to show.
  /// - Complexity: O(*n*) for a tree of *n* elements.
  public func render(_ menu: Menu) -> String {
    var lines: [String] = []
    renderChildren(of: menu, depth: 1, indentation: 0, into: &lines)
    return lines.joined(separator: "\n")
  }
}

// MARK: - Internal

extension TextMenuRenderer {
  /// One line of a menu, before alignment.
  enum Row {
    /// A command, key command or action, with its shortcut label if it has one.
    case item(
      title: String, state: MenuElementState, attributes: MenuElementAttributes,
      label: String?)
    /// A submenu at a depth (the root's children are at depth 1).
    case submenu(Menu, depth: Int)
    /// A deferred element, by identifier.
    case deferred(String)
    /// A menu too deep to draw.
    case elided
  }

  /// Draws the children of `menu`, which are at `depth`, indented by `indentation` spaces.
  func renderChildren(of menu: Menu, depth: Int, indentation: Int, into lines: inout [String]) {
    let sections = sections(of: menu.children, depth: depth)
    let hasGutter = sections.joined().contains {
      if case .item(_, let state, _, _) = $0 { state != .off } else { false }
    }
    let texts = sections.map { section in
      section.map { row in (row: row, text: text(of: row, gutter: hasGutter)) }
    }
    let column =
      texts.joined().compactMap { entry in
        entry.text.label.map { entry.text.title.count + 2 + $0.count }
      }.max() ?? 0
    let padding = String(repeating: " ", count: indentation)
    for (index, section) in texts.enumerated() {
      if index > 0 { lines.append(padding + Self.separator) }
      for (row, text) in section {
        if let label = text.label {
          let gap = String(repeating: " ", count: column - text.title.count - label.count)
          lines.append(padding + text.title + gap + label)
        } else {
          lines.append(padding + text.title)
        }
        if case .submenu(let submenu, let depth) = row {
          // Below the submenu's title, past the gutter.
          let nested = indentation + (hasGutter ? 2 : 0) + max(0, indent)
          renderChildren(of: submenu, depth: depth + 1, indentation: nested, into: &lines)
        }
      }
    }
  }

  /// The visible rows of `children` (at `depth`) in sections: each run of elements outside
  /// inline groups is a section, and each inline group adds its own sections. Empty sections
  /// are dropped, so the result has no empty section.
  func sections(of children: [MenuElement], depth: Int) -> [[Row]] {
    menuSections(of: children, depth: depth, elided: Row.elided) { child, depth in
      switch child {
      case .menu(let submenu):
        return .submenu(submenu, depth: depth)
      case .deferred(let deferred):
        return .deferred(deferred.identifier)
      case .command, .keyCommand, .action:
        var label: String?
        if let shortcutLabels {
          if let command = child.command {
            label = shortcutLabels[command.key]?.escapingControlCharacters
          }
        } else if case .keyCommand(let keyCommand) = child {
          label = keyCommand.shortcut.label(for: platform)
        }
        return .item(
          title: child.title, state: child.state, attributes: child.attributes, label: label)
      }
    }
  }

  /// The text of a row left of the label column, and its label.
  func text(of row: Row, gutter: Bool) -> (title: String, label: String?) {
    switch row {
    case .item(let title, let state, let attributes, let label):
      let title = title.escapingControlCharacters
      var text = gutter ? Self.gutter(for: state) + title : title
      if attributes.contains(.disabled) { text += " (disabled)" }
      if attributes.contains(.destructive) { text += " (destructive)" }
      return (text, label)
    case .submenu(let menu, let depth):
      var text = (gutter ? "  " : "") + menu.title.escapingControlCharacters
      if menu.options.contains(.destructive) { text += " (destructive)" }
      if depth > 1 { text += " ▸" }
      return (text, nil)
    case .deferred(let identifier):
      return ((gutter ? "  " : "") + "⋯ \(identifier.escapingControlCharacters) (deferred)", nil)
    case .elided:
      return ((gutter ? "  " : "") + "…", nil)
    }
  }

  /// The two-character state gutter: `✓ `, `– ` or two spaces.
  static func gutter(for state: MenuElementState) -> String {
    switch state {
    case .on: "✓ "
    case .mixed: "– "
    case .off: "  "
    }
  }
}
