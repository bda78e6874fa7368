import MenuKit
import MenuKitInterop
import MenuKitJSON

/// The kinds of file keymap-lint reads.
///
/// ```swift
/// LintInputFormat(rawValue: "vscode")                                   // .vscode
/// LintInputFormat.detect(path: "app.keymap.json", text: "{ … }")        // .keymap
/// ```
package enum LintInputFormat: String, CaseIterable, Hashable, Sendable {
  /// A MenuKit keymap file (`*.keymap.json`, an object with `"keymap"`).
  case keymap
  /// A MenuKit menu file (an object with `"menu"` or `"edits"`).
  case menu
  /// A VS Code `keybindings.json` (an array of `{ "key", "command", "when" }`).
  case vscode
  /// A Zed keymap (an array of `{ "context", "bindings": { … } }` sections).
  case zed
  /// A GTK accelerator map (`(gtk_accel_path "…" "…")` lines).
  case gtk
  /// A GtkBuilder `.ui` file: its shortcut triggers, `<accelerator>` elements and
  /// GtkShortcutsWindow accelerators.
  case gtkBuilder = "gtk-builder"
  /// A Sublime Text `.sublime-keymap` (an array of `{ "keys", "command", "context" }`).
  case sublime

  /// The format of a file, told from its contents and then its name, or nil
  /// (``KeymapFormat/detect(path:text:)``).
  ///
  /// A JSON object with `"keymap"` is a keymap file, one with `"menu"` or `"edits"` a menu
  /// file; a JSON array is VS Code's when its first object has `"key"` and Zed's when it has
  /// `"bindings"`; `(gtk_accel_path …)` or action lines are a GTK accelerator list; names such
  /// as `*.keymap.json` decide when the contents do not.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - text: The file's contents.
  /// - Returns: The format, or nil when it cannot be told.
  package static func detect(path: String, text: String) -> LintInputFormat? {
    switch KeymapFormat.detect(path: path, text: text) {
    case .menuKitKeymap?: .keymap
    case .menuKitMenu?: .menu
    case .vscode?: .vscode
    case .zed?: .zed
    case .gtk?: .gtk
    case .gtkBuilder?: .gtkBuilder
    case .sublime?: .sublime
    case nil: nil
    }
  }
}

/// One file given to keymap-lint, loaded: its bindings or menu, with every loader diagnostic.
///
/// ```swift
/// let document = LintDocument.load(contentsOf: "app.keymap.json", platform: .linux)
/// document.keymap?.bindings.count
/// document.diagnostics  // MK1xx and MK5xx from the loader
/// ```
package struct LintDocument: Sendable {
  /// The file's path, as given.
  package var path: String
  /// The file's format, or nil when it could not be told.
  package var format: LintInputFormat?
  /// The bindings: a keymap's, or a menu file's key commands as built-in bindings.
  package var keymap: Keymap?
  /// The menu of a menu file applied to the platform's standard menu.
  package var menu: Menu?
  /// The titled elements of each menu of a menu file, for the mnemonic rule.
  package var menuItems: [[MenuItemTitle]]
  /// The actions a menu file defines (commands and alternates).
  package var definedActions: Set<ActionName>
  /// The positions of key commands that turn automatic localization off
  /// (`"allowsAutomaticLocalization": false`).
  package var unlocalizedKeyCommands: Set<SourceLocation> = []
  /// Every problem the loader found.
  package var diagnostics: [Diagnostic]
  /// Whether the file could not be read or parsed at all.
  package var isUnreadable: Bool

  /// Creates a document from its parts.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - format: The format.
  ///   - keymap: The bindings.
  ///   - diagnostics: The loader's diagnostics.
  package init(
    path: String, format: LintInputFormat?, keymap: Keymap?, diagnostics: [Diagnostic] = []
  ) {
    self.path = path
    self.format = format
    self.keymap = keymap
    self.menu = nil
    self.menuItems = []
    self.definedActions = []
    self.diagnostics = diagnostics
    self.isUnreadable = keymap == nil && diagnostics.containsErrors
  }

  /// A titled element of a menu, for the mnemonic rule: its title and where it is.
  package struct MenuItemTitle: Hashable, Sendable {
    /// The title as written, with its mnemonic marker (`&File`, `_File`).
    package var title: String
    /// Where the title is.
    package var location: SourceLocation
  }
}

// MARK: - Loading

extension LintDocument {
  /// Reads and loads a file.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - format: The format, or nil to detect it (``LintInputFormat/detect(path:text:)``).
  ///   - platform: The platform whose profile reads `Cmd` and the standard menu.
  /// - Returns: The document; an unreadable file has `isUnreadable` set and an `MK103`, and a
  ///   file larger than 16 MiB an `MK104` (it is not read).
  package static func load(
    contentsOf path: String, format: LintInputFormat? = nil, platform: PlatformProfile
  ) -> LintDocument {
    // The one limited reader of every MenuKit tool: a file over 16 MiB is refused unread.
    let text: String
    switch SourceFile.readText(at: path, kind: "file") {
    case .success(let contents): text = contents
    case .failure(let failure):
      // No position: the file was not read, so there is no line and column to point at.
      var document = LintDocument(
        path: path, format: format, keymap: nil, diagnostics: [failure.diagnostic])
      document.isUnreadable = true
      return document
    }
    return load(text: text, path: path, detectingFormat: format, platform: platform)
  }

  /// Loads a file's text, in the format given or else the one its contents and name tell
  /// (``LintInputFormat/detect(path:text:)``).
  ///
  /// - Parameters:
  ///   - text: The contents.
  ///   - path: The path for positions and messages.
  ///   - format: The format, or nil to detect it.
  ///   - platform: The platform profile.
  /// - Returns: The document; one whose format cannot be told has `isUnreadable` set and an
  ///   `MK612`.
  package static func load(
    text: String, path: String, detectingFormat format: LintInputFormat?,
    platform: PlatformProfile
  ) -> LintDocument {
    guard let format = format ?? LintInputFormat.detect(path: path, text: text) else {
      var document = LintDocument(
        path: path, format: nil, keymap: nil,
        diagnostics: [
          Diagnostic(
            .unknownInputFormat,
            "cannot tell the format of '\(path)'; expected a MenuKit keymap or menu file, a VS "
              + "Code keybindings.json, a Zed keymap, a GTK accelerator map, a GtkBuilder file or "
              + "a Sublime Text keymap; choose one with "
              + "--input-format")
        ])
      document.isUnreadable = true
      return document
    }
    return load(text: text, path: path, format: format, platform: platform)
  }

  /// Loads a file's text in a known format.
  ///
  /// - Parameters:
  ///   - text: The contents.
  ///   - path: The path for positions.
  ///   - format: The format.
  ///   - platform: The platform profile.
  /// - Returns: The document.
  package static func load(
    text: String, path: String, format: LintInputFormat, platform: PlatformProfile
  ) -> LintDocument {
    let keymapFormat: KeymapFormat
    switch format {
    case .menu: return loadMenu(text: text, path: path, platform: platform)
    case .keymap: keymapFormat = .menuKitKeymap
    case .vscode: keymapFormat = .vscode
    case .zed: keymapFormat = .zed
    case .gtk: keymapFormat = .gtk
    case .gtkBuilder: keymapFormat = .gtkBuilder
    case .sublime: keymapFormat = .sublime
    }
    // The one loader of every tool (menu-dump, explain, palette and import use it too).
    let loaded =
      keymapFormat.loadKeymap(text: text, path: path, platform: platform, source: .app)
      ?? (nil, [])
    return LintDocument(
      path: path, format: format, keymap: loaded.keymap, diagnostics: loaded.diagnostics)
  }

  /// Loads a menu file: the loader's and the validator's diagnostics, the key commands as
  /// built-in bindings at the positions of their shortcuts, the titles of each menu.
  static func loadMenu(text: String, path: String, platform: PlatformProfile) -> LintDocument {
    let result = MenuFile.parse(text, path: path)
    var document = LintDocument(path: path, format: .menu, keymap: nil)
    document.diagnostics = result.diagnostics
    guard let root = try? JSONReader.parse(text, file: path) else {
      document.isUnreadable = true
      return document
    }
    var walker = MenuJSONWalker()
    walker.walk(root)
    document.keymap = Keymap(source: .builtIn, path: path, bindings: walker.bindings)
    document.menuItems = walker.menus
    document.definedActions = walker.actions
    document.unlocalizedKeyCommands = walker.unlocalized
    if let file = result.file {
      var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: platform))
      document.diagnostics += file.apply(to: &builder)
      let menu = builder.menu
      document.menu = menu
      let place = root.value.objectValue?.first { $0.key == "menu" }?.value.location
      for diagnostic in MenuValidator(platform: platform).validate(menu) {
        var located = diagnostic
        located.location =
          located.location ?? place ?? SourceLocation(file: path, line: 1, column: 1)
        document.diagnostics.append(located)
      }
    }
    return document
  }
}

/// Walks a menu file's JSON for key commands, actions and the titles of each menu.
private struct MenuJSONWalker {
  var bindings: [KeyBinding] = []
  var actions: Set<ActionName> = []
  var menus: [[LintDocument.MenuItemTitle]] = []
  var unlocalized: Set<SourceLocation> = []

  mutating func walk(_ node: JSONNode) {
    switch node.value {
    case .array(let elements):
      for element in elements { walk(element) }
    case .object(let members):
      visit(members)
      for member in members { walk(member.value) }
    default:
      break
    }
  }

  mutating func visit(_ members: [JSONMember]) {
    func string(_ key: String) -> String? {
      members.first { $0.key == key }?.value.value.stringValue
    }
    if let action = string("action") {
      actions.insert(ActionName(action))
      if let shortcutMember = members.first(where: { $0.key == "shortcut" }),
        let text = shortcutMember.value.value.stringValue,
        let shortcut = try? KeyboardShortcut(parsing: text)
      {
        bindings.append(
          KeyBinding(
            keys: KeySequence([shortcut]), effect: .perform(ActionName(action), arguments: nil),
            source: .builtIn, location: shortcutMember.value.location))
        let localization = members.first { $0.key == "allowsAutomaticLocalization" }
        if case .bool(false)? = localization?.value.value {
          unlocalized.insert(shortcutMember.value.location)
        }
      }
    }
    if let children = members.first(where: { $0.key == "children" })?.value.value.arrayValue {
      var titles: [LintDocument.MenuItemTitle] = []
      Self.collectTitles(children, into: &titles)
      if titles.count > 1 { menus.append(titles) }
    }
  }

  /// The titles a menu shows at its own level: its children's, and those of the inline
  /// groups among them (drawn as sections of the same menu).
  static func collectTitles(_ children: [JSONNode], into titles: inout [LintDocument.MenuItemTitle])
  {
    for child in children {
      guard let members = child.value.objectValue else { continue }
      if let inline = members.first(where: { $0.key == "inline" })?.value.value.arrayValue {
        collectTitles(inline, into: &titles)
        continue
      }
      let options = members.first { $0.key == "options" }?.value.value.arrayValue ?? []
      if options.contains(where: { $0.value.stringValue == "displayInline" }),
        let nested = members.first(where: { $0.key == "children" })?.value.value.arrayValue
      {
        collectTitles(nested, into: &titles)
        continue
      }
      for titleKey in ["menu", "command"] {
        if let member = members.first(where: { $0.key == titleKey }),
          let title = member.value.value.stringValue
        {
          titles.append(.init(title: title, location: member.value.location))
        }
      }
    }
  }
}
