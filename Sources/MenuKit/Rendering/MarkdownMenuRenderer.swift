/// Writes a keyboard-shortcut cheat sheet of a menu tree in Markdown: one section per menu-bar
/// menu, with a table of its key commands and their shortcuts.
///
/// The renderer is a pure function of the menu and its properties, like
/// ``TextMenuRenderer``. Each menu-bar menu (a child menu of the root) that has a visible,
/// titled key command anywhere below it becomes a `##` section; its key commands are rows in
/// tree order, the ones in submenus prefixed with the submenu titles and ` ▸ `:
///
/// ```swift
/// let menu = Menu(children: [
///   .menu(Menu(title: "File", children: [
///     .keyCommand(KeyCommand(title: "Save", action: "saveDocument:", input: "s",
///                            modifierFlags: .command)),
///     .menu(Menu(title: "Open Recent", children: [
///       .keyCommand(KeyCommand(title: "Reopen Closed Tab", action: "reopen:", input: "t",
///                              modifierFlags: [.command, .shift])),
///     ])),
///   ])),
/// ])
/// print(MarkdownMenuRenderer(platform: .linux).render(menu))
/// ```
///
/// ```text
/// # Keyboard shortcuts
///
/// ## File
///
/// | Command | Shortcut |
/// | --- | --- |
/// | Save | Ctrl+S |
/// | Open Recent ▸ Reopen Closed Tab | Ctrl+Shift+T |
/// ```
///
/// The rules:
///
/// - Hidden elements, and elements with an empty title, are left out; commands without a
///   shortcut are not listed (this is a cheat sheet). Inline groups add their key commands to
///   their parent's rows.
/// - A disabled key command's title ends in ` (disabled)`.
/// - Key commands placed directly in the root, outside any menu, are not listed, as
///   ``Discoverability`` does.
/// - The label is ``KeyboardShortcut/label(for:)`` for ``platform``. When ``shortcutLabels``
///   is set, it is the only source of labels instead: a command or key command is listed with
///   the label its ``Command/key`` has there, and left out when it has none.
/// - Text from the menu is escaped, so a title such as `a|b` or `<b>` is shown as written, and
///   a control character (ESC, BEL …) is written as an escape such as `\u{1B}`.
///   A menu with nothing to list gives the heading and the line `No keyboard shortcuts.`
///
/// The text ends with a newline.
public struct MarkdownMenuRenderer: Sendable {
  /// The platform whose shortcut labels are written.
  public var platform: PlatformProfile
  /// The document's `#` heading.
  public var title: String
  /// The label of every command that has a shortcut, by command, replacing the key commands'
  /// own shortcuts; nil to label each key command with its own shortcut.
  ///
  /// Use it for the keys that actually fire: ``KeyBindingResolver/shortcutLabels(in:platform:)``
  /// with keymaps, or the labels of a keyboard layout (`Ctrl+Ü` for `Ctrl+[` on German).
  public var shortcutLabels: [CommandKey: String]?

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - platform: The platform whose shortcut labels are written.
  ///   - title: The document's heading.
  ///   - shortcutLabels: The label of every command with a shortcut, or nil for the key
  ///     commands' own shortcuts.
  public init(
    platform: PlatformProfile, title: String = "Keyboard shortcuts",
    shortcutLabels: [CommandKey: String]? = nil
  ) {
    self.platform = platform
    self.title = title
    self.shortcutLabels = shortcutLabels
  }
}

// MARK: - API

extension MarkdownMenuRenderer {
  /// Writes the cheat sheet of a menu tree.
  ///
  /// - Parameter menu: The root of the tree; its children are the menu-bar menus.
  /// - Returns: The Markdown text, ending with a newline.
  /// - Complexity: O(*n*) for a tree of *n* elements.
  public func render(_ menu: Menu) -> String {
    let sections = CheatSheet(menu: menu, platform: platform, shortcutLabels: shortcutLabels)
      .sections
    var lines = ["# " + Self.escape(title), ""]
    if sections.isEmpty {
      lines += ["No keyboard shortcuts.", ""]
    }
    for section in sections {
      lines += ["## " + Self.escape(section.title), "", "| Command | Shortcut |", "| --- | --- |"]
      for row in section.rows {
        var title = row.path.map(Self.escape).joined(separator: " ▸ ")
        if !row.isEnabled { title += " (disabled)" }
        lines.append("| \(title) | \(Self.escape(row.label)) |")
      }
      lines.append("")
    }
    return lines.dropLast().joined(separator: "\n") + "\n"
  }
}

// MARK: - Internal

extension MarkdownMenuRenderer {
  /// Text escaped for a Markdown heading or table cell: backslash before the characters that
  /// start emphasis, code, links, HTML, entities, strikethrough or end a cell; line breaks
  /// become spaces.
  static func escape(_ text: String) -> String {
    var result = ""
    // Other control characters (ESC, BEL …) are written as escapes such as `\u{1B}`.
    for character in text.escapingControlCharacters(keepingLineBreaks: true) {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "&", "~":
        result += "\\" + String(character)
      case "\n", "\r", "\r\n":
        result += " "
      default:
        result.append(character)
      }
    }
    return result
  }
}

/// The key commands of a menu tree grouped by menu-bar menu, as the Markdown and HTML cheat
/// sheets list them.
struct CheatSheet {
  /// One key command of a section.
  struct Row: Hashable {
    /// The submenu titles below the menu-bar menu, then the key command's title.
    var path: [String]
    /// The shortcut's label.
    var label: String
    /// Whether the key command is enabled.
    var isEnabled: Bool
  }

  /// A menu-bar menu and its key commands.
  struct Section: Hashable {
    var title: String
    var rows: [Row]
  }

  /// The sections with at least one row, in menu-bar order.
  var sections: [Section] = []

  init(menu: Menu, platform: PlatformProfile, shortcutLabels: [CommandKey: String]?) {
    for child in menu.children {
      guard case .menu(let top) = child else { continue }
      var rows: [Row] = []
      Self.collect(
        top, path: [], depth: 1, platform: platform, shortcutLabels: shortcutLabels, into: &rows)
      if !rows.isEmpty { sections.append(Section(title: top.title, rows: rows)) }
    }
  }

  /// The label of an element: its key command's shortcut, or with `shortcutLabels` the one
  /// its command has there; nil when it has none.
  static func label(
    of element: MenuElement, platform: PlatformProfile, shortcutLabels: [CommandKey: String]?
  ) -> String? {
    if let shortcutLabels {
      return element.command.flatMap { shortcutLabels[$0.key] }
    }
    guard case .keyCommand(let keyCommand) = element else { return nil }
    return keyCommand.shortcut.label(for: platform)
  }

  /// Adds the rows of `menu`'s children; submenus add their title to the path. Menus deeper
  /// than ``MenuValidator/maximumDepth`` are skipped, which bounds the recursion.
  private static func collect(
    _ menu: Menu, path: [String], depth: Int, platform: PlatformProfile,
    shortcutLabels: [CommandKey: String]?, into rows: inout [Row]
  ) {
    guard depth <= MenuValidator.maximumDepth else { return }
    for child in menu.children {
      switch child {
      case .menu(let submenu):
        collect(
          submenu, path: submenu.isInline ? path : path + [submenu.title], depth: depth + 1,
          platform: platform, shortcutLabels: shortcutLabels, into: &rows)
      case .keyCommand, .command:
        guard !child.attributes.contains(.hidden), !child.title.isEmpty,
          let label = label(of: child, platform: platform, shortcutLabels: shortcutLabels)
        else { continue }
        rows.append(
          Row(
            path: path + [child.title], label: label,
            isEnabled: !child.attributes.contains(.disabled)))
      case .action, .deferred:
        continue
      }
    }
  }
}
