import MenuKit
import MenuKitJSON

/// The kinds of file that hold menus or key bindings, as MenuKit and other editors write them.
///
/// ``detect(path:text:)`` tells them apart by their content, so a tool such as `keymap-lint`
/// can accept any of them and pick the right loader.
///
/// ```swift
/// let text = try String(contentsOfFile: path, encoding: .utf8)
/// switch KeymapFormat.detect(path: path, text: text) {
/// case .vscode?: VSCodeKeybindings.load(text: text, path: path, platform: .linux, source: .user)
/// case .zed?: ZedKeymap.load(text: text, path: path, platform: .linux, source: .user)
/// default: …
/// }
/// ```
public enum KeymapFormat: String, Hashable, Sendable, CaseIterable {
  /// A MenuKit keymap file (``KeymapFile``): an object with `keymap`.
  case menuKitKeymap
  /// A MenuKit menu file (``MenuFile``): an object with `menu` or `edits`.
  case menuKitMenu
  /// A VS Code `keybindings.json` (``VSCodeKeybindings``): an array of objects with `key`; or
  /// an extension's `package.json`, whose `contributes.keybindings` are read.
  case vscode
  /// A Zed `keymap.json` (``ZedKeymap``): an array of objects with `bindings`.
  case zed
  /// A GTK accelerator list (``GTKAccelerators``): `(gtk_accel_path …)` or action lines.
  case gtk
  /// A GtkBuilder `.ui` file (``GTKBuilderShortcuts``): XML whose shortcut triggers,
  /// `<accelerator>` elements and GtkShortcutsWindow accelerators are read.
  case gtkBuilder
  /// A Sublime Text `.sublime-keymap` (``SublimeKeymap``): an array of objects with `keys`.
  case sublime

  /// Guesses a file's format from its content, and from its name when the content is silent.
  ///
  /// The rules, in order (`docs/guides/importing-keymaps.md` has them too):
  /// 1. Text that parses as JSON (comments and trailing commas allowed):
  ///    - an object with `keymap` is a MenuKit keymap; with `menu` or `edits`, a menu file;
  ///      with a `contributes` object, a VS Code extension's `package.json` (`.vscode`);
  ///    - an array whose first object has `keys` is Sublime Text; one whose first object has
  ///      `key` or `command` is VS Code; one whose first object has `bindings`, `context` or
  ///      `use_key_equivalents` is Zed;
  ///    - anything else (an empty array, an object without those fields) goes by the name.
  /// 2. Text that is not JSON and starts with `<` (after white space) is a GtkBuilder file.
  ///    Otherwise, if its first line that is not blank or a `;`/`#` comment starts
  ///    with `(gtk_accel_path`, or is an action and accelerators (`app.quit <Primary>q`), or
  ///    there is no such line and some line is a `;` comment, it is GTK. Otherwise text that
  ///    starts with `{` or `[` is broken JSON: its fields, then its name, decide, so the right
  ///    loader reports the syntax error with its position.
  /// 3. By name: `*.keymap.json` is a MenuKit keymap, `*.menu.json` a menu file,
  ///    `keybindings.json` VS Code, `keymap.json` Zed, `accels` or `*.accels` GTK, `*.ui`
  ///    GtkBuilder, `*.sublime-keymap` Sublime Text.
  ///
  /// - Parameters:
  ///   - path: The file's path; only its last component is looked at.
  ///   - text: The file's contents.
  /// - Returns: The format, or nil when neither content nor name says.
  public static func detect(path: String, text: String) -> KeymapFormat? {
    if let root = try? JSONReader.parse(text) {
      return detect(json: root.value) ?? detect(name: path)
    }
    let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if trimmed.first == "<" { return .gtkBuilder }
    if let format = detectLines(text) { return format }
    if trimmed.first == "{" || trimmed.first == "[" {
      return detectBrokenJSON(text, isArray: trimmed.first == "[") ?? detect(name: path)
    }
    return detect(name: path)
  }
}

extension KeymapFormat {
  /// Loads a file of this format as a keymap: the one loader every tool uses (keymap-lint,
  /// `menu-dump`, explain, palette and import), so a file reads the same everywhere.
  ///
  /// ```swift
  /// if let format = KeymapFormat.detect(path: path, text: text),
  ///   let loaded = format.loadKeymap(text: text, path: path, platform: .linux, source: .user)
  /// {
  ///   keymaps.append(loaded.keymap)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The path for positions.
  ///   - platform: The profile whose keys a VS Code `linux`/`mac`/`win` field or a Zed
  ///     `use_key_equivalents` section selects, and whose Cmd the shortcuts mean (Sublime's
  ///     `primary`, GTK's `<Primary>`).
  ///   - source: The layer the keymap becomes.
  /// - Returns: The keymap (nil when the file cannot be used) and every diagnostic; nil for a
  ///   menu file, which holds no keymap.
  public func loadKeymap(
    text: String, path: String, platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic])? {
    switch self {
    case .menuKitKeymap: KeymapFile.load(text: text, path: path, source: source)
    case .vscode: VSCodeKeybindings.load(text: text, path: path, platform: platform, source: source)
    case .zed: ZedKeymap.load(text: text, path: path, platform: platform, source: source)
    case .gtk: GTKAccelerators.load(text: text, path: path, platform: platform, source: source)
    case .gtkBuilder:
      GTKBuilderShortcuts.load(text: text, path: path, platform: platform, source: source)
    case .sublime: SublimeKeymap.load(text: text, path: path, platform: platform, source: source)
    case .menuKitMenu: nil
    }
  }
}

// MARK: - Internal

extension KeymapFormat {
  /// The format a JSON value's shape says, if any.
  static func detect(json value: JSONValue) -> KeymapFormat? {
    switch value {
    case .object(let members):
      let keys = Set(members.map(\.key))
      if keys.contains("keymap") { return .menuKitKeymap }
      if keys.contains("menu") || keys.contains("edits") { return .menuKitMenu }
      // A VS Code extension's package.json: its `contributes.keybindings`.
      if members.contains(where: { $0.key == "contributes" && $0.value.value.objectValue != nil }) {
        return .vscode
      }
      return nil
    case .array(let elements):
      guard let first = elements.lazy.compactMap(\.value.objectValue).first else { return nil }
      let keys = Set(first.map(\.key))
      if keys.contains("keys") { return .sublime }
      if keys.contains("key") || keys.contains("command") { return .vscode }
      if !keys.isDisjoint(with: ["bindings", "context", "use_key_equivalents"]) { return .zed }
      return nil
    default:
      return nil
    }
  }

  /// The format a file name says, if any.
  static func detect(name path: String) -> KeymapFormat? {
    let name = path.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
    if name.hasSuffix(".keymap.json") { return .menuKitKeymap }
    if name.hasSuffix(".menu.json") { return .menuKitMenu }
    if name == "keybindings.json" || name.hasSuffix(".keybindings.json") { return .vscode }
    if name == "keymap.json" { return .zed }
    if name == "accels" || name.hasSuffix(".accels") { return .gtk }
    if name.hasSuffix(".ui") { return .gtkBuilder }
    if name.hasSuffix(".sublime-keymap") { return .sublime }
    return nil
  }

  /// GTK when the first meaningful line is an accelerator map entry or an action line.
  static func detectLines(_ text: String) -> KeymapFormat? {
    var sawSemicolonComment = false
    for line in text.split(whereSeparator: \.isNewline) {
      let trimmed = line.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix(";") {
        sawSemicolonComment = true
        continue
      }
      if trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("(gtk_accel_path") { return .gtk }
      let words = trimmed.split(whereSeparator: \.isWhitespace)
      let isActionLine =
        words.count >= 2 && !"{[(\"'/".contains(words[0].first!)
        && words.dropFirst().allSatisfy {
          $0.hasPrefix("<") || !$0.contains(where: \.isPunctuation)
        }
        && words.dropFirst().contains { $0.hasPrefix("<") }
      return isActionLine ? .gtk : nil
    }
    return sawSemicolonComment ? .gtk : nil
  }

  /// The format of JSON that does not parse, from the field names it mentions.
  static func detectBrokenJSON(_ text: String, isArray: Bool) -> KeymapFormat? {
    if isArray {
      if text.contains("\"keys\"") { return .sublime }
      if text.contains("\"bindings\"") { return .zed }
      if text.contains("\"key\"") { return .vscode }
    } else {
      if text.contains("\"keymap\"") { return .menuKitKeymap }
      if text.contains("\"menu\"") || text.contains("\"edits\"") { return .menuKitMenu }
      if text.contains("\"contributes\"") { return .vscode }
    }
    return nil
  }
}
