/// Where a ``CommandGroup`` goes: a standard group of the main menu, as SwiftUI's
/// `CommandGroupPlacement`.
///
/// A placement is the identifier of the group menu it names. Every SwiftUI placement has a
/// static member, mapped to the MenuKit standard group that holds the same items (for
/// example ``newItem`` is the ``MenuIdentifier/newScene`` group at the top of File). Any menu
/// can serve as a placement, including an app's own groups:
///
/// ```swift
/// CommandGroup(after: .newItem) {
///   Button("New from Clipboard", action: "newFromClipboard:")
/// }
/// CommandGroup(before: CommandGroupPlacement(.cityList)) {
///   Button("Add City…", action: "addCity:")
/// }
/// ```
public struct CommandGroupPlacement: RawRepresentable, Hashable, Sendable,
  CustomStringConvertible
{
  /// The identifier of the group menu the placement names.
  public let rawValue: MenuIdentifier

  /// Creates a placement naming the group menu with this identifier.
  public init(rawValue: MenuIdentifier) { self.rawValue = rawValue }

  /// Creates a placement naming the group menu with this identifier.
  public init(_ identifier: MenuIdentifier) { self.rawValue = identifier }

  /// The placement's menu identifier.
  public var description: String { rawValue.rawValue }
}

// MARK: - Standard placements

extension CommandGroupPlacement {
  /// The About item of the application menu: ``MenuIdentifier/about``.
  public static let appInfo = CommandGroupPlacement(.about)
  /// The Settings (Preferences) item: ``MenuIdentifier/preferences``.
  public static let appSettings = CommandGroupPlacement(.preferences)
  /// The Services menu: ``MenuIdentifier/services``.
  public static let systemServices = CommandGroupPlacement(.services)
  /// Hide App, Hide Others and Show All: ``MenuIdentifier/hide``.
  public static let appVisibility = CommandGroupPlacement(.hide)
  /// The Quit item: ``MenuIdentifier/quit``.
  public static let appTermination = CommandGroupPlacement(.quit)
  /// The New items at the top of File: ``MenuIdentifier/newScene``.
  public static let newItem = CommandGroupPlacement(.newScene)
  /// Save, Save As and related items of File: ``MenuIdentifier/document``.
  public static let saveItem = CommandGroupPlacement(.document)
  /// Import and export items of File, empty by default: ``MenuIdentifier/importExport``.
  public static let importExport = CommandGroupPlacement(.importExport)
  /// Page Setup and Print: ``MenuIdentifier/print``.
  public static let printItem = CommandGroupPlacement(.print)
  /// Undo and Redo: ``MenuIdentifier/undoRedo``.
  public static let undoRedo = CommandGroupPlacement(.undoRedo)
  /// Cut, Copy, Paste, Delete and Select All: ``MenuIdentifier/standardEdit``.
  public static let pasteboard = CommandGroupPlacement(.standardEdit)
  /// Find and the other text-editing menus of Edit: ``MenuIdentifier/find``.
  public static let textEditing = CommandGroupPlacement(.find)
  /// The Format menu's contents: ``MenuIdentifier/format``.
  public static let textFormatting = CommandGroupPlacement(.format)
  /// Show/Hide Toolbar and Customize Toolbar: ``MenuIdentifier/toolbar``.
  public static let toolbar = CommandGroupPlacement(.toolbar)
  /// Show/Hide Sidebar: ``MenuIdentifier/sidebar``.
  public static let sidebar = CommandGroupPlacement(.sidebar)
  /// Minimize and Zoom: ``MenuIdentifier/minimizeAndZoom``.
  public static let windowSize = CommandGroupPlacement(.minimizeAndZoom)
  /// The list of open windows: ``MenuIdentifier/windowList``.
  public static let windowList = CommandGroupPlacement(.windowList)
  /// The windows the app defines; MenuKit has one window list, so this equals
  /// ``windowList``.
  public static let singleWindowList = CommandGroupPlacement(.windowList)
  /// Bring All to Front: ``MenuIdentifier/bringAllToFront``.
  public static let windowArrangement = CommandGroupPlacement(.bringAllToFront)
  /// The Help menu's contents: ``MenuIdentifier/help``.
  public static let help = CommandGroupPlacement(.help)
}
