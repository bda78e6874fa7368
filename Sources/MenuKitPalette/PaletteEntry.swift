import MenuKit

/// One command of a command palette: what it performs, the words it is found by, its shortcut
/// label, whether it is enabled now, and where it came from.
///
/// ``PaletteIndex`` builds entries from a validated menu tree; apps and keymaps add others
/// (commands that exist only in a keymap) with ``PaletteIndex/add(_:)``.
///
/// ```swift
/// let entry = PaletteEntry(
///   target: .identifier("workbench.action.reloadWindow"), title: "Reload Window",
///   keywords: ["restart"], aliases: ["Reload"], shortcutLabel: "Ctrl+R",
///   source: .keymap("user.keymap.json"))
/// entry.identifier  // "workbench.action.reloadWindow"
/// ```
public struct PaletteEntry: Hashable, Sendable {
  /// What choosing the entry performs.
  public var target: Target
  /// The title, as the menu shows it.
  public var title: String
  /// The elaborated title of the discoverability overlay, matched like the title.
  public var discoverabilityTitle: String?
  /// The titles of the menus that lead to the entry, outermost first, such as
  /// `["File", "Open Recent"]`; inline groups add nothing. Empty outside menus.
  public var path: [String]
  /// Extra words the entry is found by, ranked below the title.
  public var keywords: [String]
  /// Other names the entry is found by as strongly as its title.
  public var aliases: [String]
  /// The shortcut's label for the current platform and layout, such as `Ctrl+O`.
  public var shortcutLabel: String?
  /// Whether the entry can be performed now (its validated state).
  public var isEnabled: Bool
  /// Where the entry came from.
  public var source: Source

  /// Creates an entry.
  public init(
    target: Target, title: String, discoverabilityTitle: String? = nil, path: [String] = [],
    keywords: [String] = [], aliases: [String] = [], shortcutLabel: String? = nil,
    isEnabled: Bool = true, source: Source = .menu
  ) {
    self.target = target
    self.title = title
    self.discoverabilityTitle = discoverabilityTitle
    self.path = path
    self.keywords = keywords
    self.aliases = aliases
    self.shortcutLabel = shortcutLabel
    self.isEnabled = isEnabled
    self.source = source
  }

  /// What a palette entry performs.
  public enum Target: Hashable, Sendable {
    /// A command sent through the responder chain.
    case command(CommandKey)
    /// A closure-based action of the menu.
    case action(ActionIdentifier)
    /// A command known only by its name, such as a keymap's `"editor.action.commentLine"`.
    case identifier(String)
  }

  /// Where a palette entry came from.
  public enum Source: Hashable, Sendable, CustomStringConvertible {
    /// The menu tree the index was built from.
    case menu
    /// A keymap, named as its caller likes (usually its file's path).
    case keymap(String)

    /// `menu`, or `keymap:` followed by the keymap's name.
    public var description: String {
      switch self {
      case .menu: "menu"
      case .keymap(let name): "keymap:" + name
      }
    }
  }
}

// MARK: - API

extension PaletteEntry {
  /// The identifier that names the entry in a palette history and on the command line: a
  /// command's action and property list (``CommandKey/description``), an action's identifier,
  /// or the identifier itself.
  public var identifier: String {
    switch target {
    case .command(let key): key.description
    case .action(let identifier): identifier.rawValue
    case .identifier(let identifier): identifier
    }
  }

  /// The path as one line, its titles joined by ` › `, such as `File › Open Recent`.
  public var pathText: String { path.joined(separator: " › ") }
}
