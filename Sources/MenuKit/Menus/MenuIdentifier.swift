/// The identifier of a menu, as UIKit's `UIMenu.Identifier`.
///
/// Builder edits address menus by identifier. The standard identifiers name the menus and
/// inline groups of the standard main menu; apps declare their own as static members:
///
/// ```swift
/// extension MenuIdentifier {
///   static let cities: MenuIdentifier = "com.example.cities"
/// }
/// builder.insertSibling(citiesMenu, afterMenu: .view)
/// ```
public struct MenuIdentifier: StringIdentifier {
  /// The identifier's text, such as `com.example.cities`.
  public let rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) { self.rawValue = rawValue }
}

// MARK: - Standard identifiers

extension MenuIdentifier {
  /// The root of the main menu; its children are the menu bar's menus.
  public static let root: MenuIdentifier = "root"
  /// The application menu (mac profile only).
  public static let application: MenuIdentifier = "application"
  /// The File menu.
  public static let file: MenuIdentifier = "file"
  /// The Edit menu.
  public static let edit: MenuIdentifier = "edit"
  /// The Format menu.
  public static let format: MenuIdentifier = "format"
  /// The View menu.
  public static let view: MenuIdentifier = "view"
  /// The Window menu.
  public static let window: MenuIdentifier = "window"
  /// The Help menu.
  public static let help: MenuIdentifier = "help"
  /// The About group.
  public static let about: MenuIdentifier = "about"
  /// The Preferences (Settings) group.
  public static let preferences: MenuIdentifier = "preferences"
  /// The Services menu (mac profile only).
  public static let services: MenuIdentifier = "services"
  /// The Hide group (mac profile only).
  public static let hide: MenuIdentifier = "hide"
  /// The Quit group.
  public static let quit: MenuIdentifier = "quit"
  /// The New group at the top of File.
  public static let newScene: MenuIdentifier = "newScene"
  /// The Open group of File (a MenuKit addition: Open… and Open Recent).
  public static let open: MenuIdentifier = "open"
  /// The Open Recent menu.
  public static let openRecent: MenuIdentifier = "openRecent"
  /// The Close group.
  public static let close: MenuIdentifier = "close"
  /// The Print group.
  public static let print: MenuIdentifier = "print"
  /// The document group: Save, Save As.
  public static let document: MenuIdentifier = "document"
  /// The import and export group of File (a MenuKit addition; empty by default).
  public static let importExport: MenuIdentifier = "importExport"
  /// The Undo and Redo group.
  public static let undoRedo: MenuIdentifier = "undoRedo"
  /// The standard edit group: Cut, Copy, Paste, Delete, Select All.
  public static let standardEdit: MenuIdentifier = "standardEdit"
  /// The Find menu.
  public static let find: MenuIdentifier = "find"
  /// The Replace group.
  public static let replace: MenuIdentifier = "replace"
  /// The Share menu.
  public static let share: MenuIdentifier = "share"
  /// The text style group: Bold, Italic, Underline.
  public static let textStyle: MenuIdentifier = "textStyle"
  /// The Spelling menu.
  public static let spelling: MenuIdentifier = "spelling"
  /// The spelling panel group.
  public static let spellingPanel: MenuIdentifier = "spellingPanel"
  /// The spelling options group.
  public static let spellingOptions: MenuIdentifier = "spellingOptions"
  /// The Substitutions menu.
  public static let substitutions: MenuIdentifier = "substitutions"
  /// The substitutions panel group.
  public static let substitutionsPanel: MenuIdentifier = "substitutionsPanel"
  /// The substitution options group.
  public static let substitutionOptions: MenuIdentifier = "substitutionOptions"
  /// The Transformations menu.
  public static let transformations: MenuIdentifier = "transformations"
  /// The Speech menu.
  public static let speech: MenuIdentifier = "speech"
  /// The Look Up group.
  public static let lookup: MenuIdentifier = "lookup"
  /// The Learn group.
  public static let learn: MenuIdentifier = "learn"
  /// The AutoFill menu.
  public static let autoFill: MenuIdentifier = "autoFill"
  /// The Font menu.
  public static let font: MenuIdentifier = "font"
  /// The text size group.
  public static let textSize: MenuIdentifier = "textSize"
  /// The text color group.
  public static let textColor: MenuIdentifier = "textColor"
  /// The text style pasteboard group: Copy Style, Paste Style.
  public static let textStylePasteboard: MenuIdentifier = "textStylePasteboard"
  /// The Text menu.
  public static let text: MenuIdentifier = "text"
  /// The Writing Direction menu.
  public static let writingDirection: MenuIdentifier = "writingDirection"
  /// The alignment group.
  public static let alignment: MenuIdentifier = "alignment"
  /// The toolbar group of View.
  public static let toolbar: MenuIdentifier = "toolbar"
  /// The sidebar group of View.
  public static let sidebar: MenuIdentifier = "sidebar"
  /// The full-screen group of View.
  public static let fullscreen: MenuIdentifier = "fullscreen"
  /// The inspector group of View.
  public static let inspector: MenuIdentifier = "inspector"
  /// The minimize and zoom group of Window.
  public static let minimizeAndZoom: MenuIdentifier = "minimizeAndZoom"
  /// The Bring All to Front group of Window.
  public static let bringAllToFront: MenuIdentifier = "bringAllToFront"
  /// The list of open windows (a MenuKit addition; filled by the app).
  public static let windowList: MenuIdentifier = "windowList"

  /// Every standard identifier.
  public static let standard: [MenuIdentifier] = [
    .root, .application, .file, .edit, .format, .view, .window, .help, .about, .preferences,
    .services, .hide, .quit, .newScene, .open, .openRecent, .close, .print, .document,
    .importExport, .undoRedo, .standardEdit, .find, .replace, .share, .textStyle, .spelling,
    .spellingPanel, .spellingOptions, .substitutions, .substitutionsPanel, .substitutionOptions,
    .transformations, .speech, .lookup, .learn, .autoFill, .font, .textSize, .textColor,
    .textStylePasteboard, .text, .writingDirection, .alignment, .toolbar, .sidebar, .fullscreen,
    .inspector, .minimizeAndZoom, .bringAllToFront, .windowList,
  ]
}
