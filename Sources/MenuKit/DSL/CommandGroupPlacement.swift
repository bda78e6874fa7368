/// Where a ``CommandGroup`` goes: a group of items of the main menu, as SwiftUI's
/// `CommandGroupPlacement`.
///
/// A SwiftUI placement names Apple's *group of items* — Find, Spelling and Grammar,
/// Substitutions, Transformations and Speech for ``textEditing``; Close and the Save items for
/// ``saveItem`` — not one submenu. Each standard placement lists the standard menu
/// identifiers of its members; on a platform profile its group is the members its standard
/// menu has, where they are, so the same `CommandGroup` lands on the Linux equivalent of the
/// Mac's group: ``textEditing`` is the Find submenu and its siblings on mac, the Find and
/// Replace sections on linux.
///
/// A ``CommandGroup`` then acts on the group:
/// - `before` puts its items before the group's first member: at the start of that member's
///   section when it is an inline section (the items join it), else just before it, in its
///   parent (`CommandGroup(before: .systemServices)` puts the item above the Services submenu
///   in the application menu);
/// - `after` puts them after the last member, at the end of its section or just after it;
/// - `replacing` puts them in place of the first member (its section's contents, or the
///   member itself) and empties or removes the other members.
///
/// A placement whose members a profile's menus lack (``systemServices`` on linux, which has no
/// Services menu) is a no-op: the builder records an `MK206` note, never an error, as SwiftUI
/// ignores a placement a platform has no such menu for.
///
/// Any menu can serve as a placement, including an app's own groups: its contents are the
/// group.
///
/// ```swift
/// CommandGroup(after: .newItem) {
///   Button("New from Clipboard", action: "newFromClipboard:")
/// }
/// CommandGroup(before: CommandGroupPlacement(.cityList)) {
///   Button("Add City…", action: "addCity:")
/// }
/// ```
public struct CommandGroupPlacement: Hashable, Sendable, CustomStringConvertible {
  /// What a placement's group is made of.
  enum Group: Hashable, Sendable {
    /// These elements of one menu (the members found under the parent of the first one
    /// found), in the menu's order.
    case elements([MenuIdentifier])
    /// The children of a menu, except the members of other groups found there.
    case contents(of: MenuIdentifier, excluding: [MenuIdentifier])
  }

  /// What the group is made of.
  let group: Group
  /// The SwiftUI name of a standard placement; nil for an app's own.
  let standardName: String?

  /// Creates a placement naming the group menu with this identifier: its children are the
  /// group.
  public init(_ identifier: MenuIdentifier) {
    group = .contents(of: identifier, excluding: [])
    standardName = nil
  }

  private init(_ name: String, _ group: Group) {
    self.group = group
    standardName = name
  }

  private init(_ name: String, elements: MenuIdentifier...) {
    self.init(name, .elements(elements))
  }

  /// The identifiers of the standard menu elements the group is made of, in the order the
  /// placement looks for them: for a menu's contents, the menu itself.
  public var identifiers: [MenuIdentifier] {
    switch group {
    case .elements(let members): members
    case .contents(let menu, _): [menu]
    }
  }

  /// The SwiftUI name (`textEditing`) of a standard placement, or the identifier of the menu
  /// whose contents an app's own placement names.
  public var description: String {
    standardName ?? identifiers.map(\.rawValue).joined(separator: ", ")
  }
}

// MARK: - Standard placements

extension CommandGroupPlacement {
  /// The About item: ``MenuIdentifier/about`` (the application menu on mac, Help on linux).
  public static let appInfo = CommandGroupPlacement("appInfo", elements: .about)
  /// The Settings (Preferences) item: ``MenuIdentifier/preferences``.
  public static let appSettings = CommandGroupPlacement("appSettings", elements: .preferences)
  /// The Services submenu of the application menu: ``MenuIdentifier/services``, on mac only.
  public static let systemServices = CommandGroupPlacement("systemServices", elements: .services)
  /// Hide App, Hide Others and Show All: ``MenuIdentifier/hide``, on mac only.
  public static let appVisibility = CommandGroupPlacement("appVisibility", elements: .hide)
  /// The Quit item: ``MenuIdentifier/quit``.
  public static let appTermination = CommandGroupPlacement("appTermination", elements: .quit)
  /// The New items at the top of File: ``MenuIdentifier/newScene``.
  public static let newItem = CommandGroupPlacement("newItem", elements: .newScene)
  /// The items that save documents and close windows: ``MenuIdentifier/close`` and
  /// ``MenuIdentifier/document`` (Save, Save As…, Revert).
  public static let saveItem = CommandGroupPlacement("saveItem", elements: .close, .document)
  /// Import and export items of File, empty by default: ``MenuIdentifier/importExport``.
  public static let importExport = CommandGroupPlacement("importExport", elements: .importExport)
  /// Page Setup and Print: ``MenuIdentifier/print``.
  public static let printItem = CommandGroupPlacement("printItem", elements: .print)
  /// Undo and Redo: ``MenuIdentifier/undoRedo``.
  public static let undoRedo = CommandGroupPlacement("undoRedo", elements: .undoRedo)
  /// Cut, Copy, Paste, Delete and Select All: ``MenuIdentifier/standardEdit``.
  public static let pasteboard = CommandGroupPlacement("pasteboard", elements: .standardEdit)
  /// The text-editing items of Edit: the Find submenu, Spelling and Grammar, Substitutions,
  /// Transformations and Speech on mac; the Find and Replace sections on linux and windows
  /// (``MenuIdentifier/find``, ``MenuIdentifier/replace``, ``MenuIdentifier/spelling``,
  /// ``MenuIdentifier/substitutions``, ``MenuIdentifier/transformations``,
  /// ``MenuIdentifier/speech``, ``MenuIdentifier/lookup``, ``MenuIdentifier/learn``).
  public static let textEditing = CommandGroupPlacement(
    "textEditing",
    elements: .find, .replace, .spelling, .substitutions, .transformations, .speech, .lookup,
    .learn)
  /// The Format menu's contents (Font and Text): ``MenuIdentifier/format``.
  public static let textFormatting = CommandGroupPlacement(
    "textFormatting", .contents(of: .format, excluding: []))
  /// Show/Hide Toolbar and Customize Toolbar: ``MenuIdentifier/toolbar``.
  public static let toolbar = CommandGroupPlacement("toolbar", elements: .toolbar)
  /// Show/Hide Sidebar: ``MenuIdentifier/sidebar``.
  public static let sidebar = CommandGroupPlacement("sidebar", elements: .sidebar)
  /// Minimize and Zoom: ``MenuIdentifier/minimizeAndZoom``.
  public static let windowSize = CommandGroupPlacement("windowSize", elements: .minimizeAndZoom)
  /// The list of open windows: ``MenuIdentifier/windowList``.
  public static let windowList = CommandGroupPlacement("windowList", elements: .windowList)
  /// The windows the app defines; MenuKit has one window list, so this is the group of
  /// ``windowList``.
  public static let singleWindowList = CommandGroupPlacement(
    "singleWindowList", elements: .windowList)
  /// Bring All to Front: ``MenuIdentifier/bringAllToFront``.
  public static let windowArrangement = CommandGroupPlacement(
    "windowArrangement", elements: .bringAllToFront)
  /// The help items of the Help menu: its contents, except About, which the linux and
  /// windows profiles keep there (``appInfo``).
  public static let help = CommandGroupPlacement(
    "help", .contents(of: .help, excluding: [.about]))

  /// Every standard placement, in SwiftUI's order.
  public static let standard: [CommandGroupPlacement] = [
    .appInfo, .appSettings, .systemServices, .appVisibility, .appTermination, .newItem,
    .saveItem, .importExport, .printItem, .undoRedo, .pasteboard, .textEditing, .textFormatting,
    .toolbar, .sidebar, .windowSize, .windowList, .singleWindowList, .windowArrangement, .help,
  ]
}
