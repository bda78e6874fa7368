/// Writes one self-contained HTML page that shows a menu tree: the menu bar, each menu-bar
/// menu drawn open, the discoverability overlay's groups, and sections the caller adds, such
/// as keyboard maps.
///
/// The page needs no network access and no script: the style sheet is inline, there are no
/// external fonts, images or links, and the only links are to anchors within the page. Every
/// text that comes from the menu (titles, labels, identifiers) is escaped, so a title such as
/// `<script>` is shown as written.
///
/// ```swift
/// let renderer = HTMLMenuRenderer(platform: .linux, title: "Text Editor")
/// let page = renderer.render(
///   menu,
///   discoverability: Discoverability.keyCommands(
///     from: firstResponder, mainMenu: menu, platform: .linux),
///   sections: [HTMLMenuRenderer.Section(
///     identifier: "keyboard", title: "Keyboard", trustedMarkup: keyboardSVG)])
/// try page.write(toFile: "menu.html", atomically: true, encoding: .utf8)
/// ```
///
/// The menus are drawn as ``TextMenuRenderer`` draws them, as HTML: inline groups are
/// sections separated by a rule (`li.separator`), submenus are nested lists marked `▸`,
/// `on` and `mixed` items show `✓` and `–`, disabled items are greyed (`li.disabled`),
/// destructive ones red, hidden ones left out, and a deferred element is shown by its
/// identifier. Each menu-bar menu is a `div.menu` with an `id` of `menu-` and its position
/// from 1, which the menu bar links to. Menus deeper than ``MenuValidator/maximumDepth`` are
/// drawn as `…`. The menu bar shows the root's menus; elements placed directly in the root
/// (not in a menu) and inline groups at the root are not drawn, as a menu bar has no place
/// for them.
public struct HTMLMenuRenderer: Sendable {
  /// The platform whose shortcut labels are shown.
  public var platform: PlatformProfile
  /// The page's title and top heading.
  public var title: String
  /// A line under the heading, such as the platform and keyboard layout; nil for none.
  public var subtitle: String?
  /// The label of every command that has a shortcut, by command, replacing the key commands'
  /// own shortcuts (a command without one shows none); nil to label each key command with its
  /// own shortcut, as ``KeyboardShortcut/label(for:)`` gives it.
  ///
  /// Use it for the keys that actually fire: ``KeyBindingResolver/shortcutLabels(in:platform:)``
  /// with keymaps, or the labels of a keyboard layout (`Ctrl+Ü` for `Ctrl+[` on German).
  public var shortcutLabels: [CommandKey: String]?

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - platform: The platform whose shortcut labels are shown.
  ///   - title: The page's title and top heading.
  ///   - subtitle: A line under the heading, or nil.
  ///   - shortcutLabels: The label of every command with a shortcut, or nil for the key
  ///     commands' own shortcuts.
  public init(
    platform: PlatformProfile, title: String = "Menus and keyboard shortcuts",
    subtitle: String? = nil, shortcutLabels: [CommandKey: String]? = nil
  ) {
    self.platform = platform
    self.title = title
    self.subtitle = subtitle
    self.shortcutLabels = shortcutLabels
  }

  /// A section of the page that the caller writes, such as a keyboard map.
  ///
  /// ```swift
  /// HTMLMenuRenderer.Section(
  ///   identifier: "keyboard", title: "Keyboard (de)", trustedMarkup: "<svg>…</svg>")
  /// ```
  public struct Section: Hashable, Sendable {
    /// The section's `id`, for links; escaped when written.
    public var identifier: String
    /// The section's heading; escaped when written.
    public var title: String
    /// The section's content, written as it is: it must be well-formed HTML, with any user
    /// text in it escaped (``HTMLMenuRenderer/escape(_:)``).
    public var trustedMarkup: String

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - identifier: The section's `id`.
    ///   - title: The section's heading.
    ///   - trustedMarkup: The content, as HTML that is written unchanged.
    public init(identifier: String, title: String, trustedMarkup: String) {
      self.identifier = identifier
      self.title = title
      self.trustedMarkup = trustedMarkup
    }
  }
}

// MARK: - API

extension HTMLMenuRenderer {
  /// Writes the page.
  ///
  /// - Parameters:
  ///   - menu: The root of the tree; its children are the menu-bar menus.
  ///   - discoverability: The overlay's groups, as ``Discoverability`` lists them; the
  ///     section is left out when there are none.
  ///   - sections: Sections added after the menus and the overlay, in order.
  /// - Returns: The HTML document, ending with a newline.
  /// - Complexity: O(*n*) for a tree of *n* elements, plus the size of the sections.
  public func render(
    _ menu: Menu, discoverability: [DiscoverabilityGroup] = [], sections: [Section] = []
  ) -> String {
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escape(title))</title>
      <style>
      \(Self.styleSheet)
      </style>
      </head>
      <body>
      <header><h1>\(Self.escape(title))</h1>
      """
    if let subtitle { html += "<p class=\"subtitle\">\(Self.escape(subtitle))</p>" }
    html += "</header>\n<main>\n"
    html += menusSection(menu)
    if !discoverability.isEmpty { html += Self.discoverabilitySection(discoverability) }
    for section in sections {
      html += "<section id=\"\(Self.escape(section.identifier))\">\n"
      html += "<h2>\(Self.escape(section.title))</h2>\n"
      html += section.trustedMarkup
      html += "\n</section>\n"
    }
    html += "</main>\n</body>\n</html>\n"
    return html
  }

  /// Text escaped for HTML and SVG content and attribute values: `&`, `<`, `>`, `"` and `'`
  /// become character references, and control characters other than tab and line breaks
  /// become U+FFFD.
  ///
  /// ```swift
  /// HTMLMenuRenderer.escape("Find & <Replace>")  // "Find &amp; &lt;Replace&gt;"
  /// ```
  ///
  /// - Parameter text: Any text.
  /// - Returns: The text, safe to place between tags or inside a quoted attribute.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}

// MARK: - Internal

extension HTMLMenuRenderer {
  /// One visible line of a menu, before it is written.
  enum Entry {
    /// A command, key command, action, submenu or deferred element.
    case element(MenuElement)
    /// A menu too deep to draw.
    case elided
  }

  /// The menu bar and the open menus.
  func menusSection(_ menu: Menu) -> String {
    let menus = menu.children.compactMap(\.menu).filter { !$0.isInline }
    var html = "<section id=\"menus\">\n<h2>Menu bar</h2>\n"
    html += "<nav class=\"menubar\" aria-label=\"Menu bar\"><ul>"
    for (index, top) in menus.enumerated() {
      html += "<li><a href=\"#menu-\(index + 1)\">\(Self.escape(top.title))</a></li>"
    }
    html += "</ul></nav>\n<div class=\"menus\">\n"
    for (index, top) in menus.enumerated() {
      html += "<div class=\"menu\" id=\"menu-\(index + 1)\" role=\"menu\">"
      html += "<div class=\"menu-title\">\(Self.escape(top.title))</div>\n"
      html += list(of: top, depth: 2)
      html += "</div>\n"
    }
    html += "</div>\n</section>\n"
    return html
  }

  /// The `ul` of a menu's children (at `depth`), with separators between sections.
  func list(of menu: Menu, depth: Int) -> String {
    let sections = sections(of: menu.children, depth: depth)
    var html = "<ul>"
    for (index, section) in sections.enumerated() {
      if index > 0 { html += "<li class=\"separator\" role=\"separator\"></li>" }
      for entry in section { html += item(entry, depth: depth) }
    }
    return html + "</ul>\n"
  }

  /// The `li` of one entry.
  func item(_ entry: Entry, depth: Int) -> String {
    guard case .element(let element) = entry else {
      return "<li class=\"elided\">…</li>"
    }
    switch element {
    case .menu(let submenu):
      var classes = ["submenu"]
      if submenu.options.contains(.destructive) { classes.append("destructive") }
      return "<li class=\"\(classes.joined(separator: " "))\" role=\"menuitem\">"
        + "<span class=\"state\"></span><span class=\"title\">\(Self.escape(submenu.title))</span>"
        + "<span class=\"arrow\">▸</span>" + list(of: submenu, depth: depth + 1) + "</li>"
    case .deferred(let deferred):
      return "<li class=\"deferred\"><span class=\"state\"></span><span class=\"title\">⋯ "
        + "\(Self.escape(deferred.identifier)) (deferred)</span></li>"
    case .command, .keyCommand, .action:
      var classes = ["item"]
      if element.attributes.contains(.disabled) { classes.append("disabled") }
      if element.attributes.contains(.destructive) { classes.append("destructive") }
      let state =
        switch element.state {
        case .on: "✓"
        case .mixed: "–"
        case .off: ""
        }
      var html =
        "<li class=\"\(classes.joined(separator: " "))\" role=\"menuitem\">"
        + "<span class=\"state\">\(state)</span>"
        + "<span class=\"title\">\(Self.escape(element.title))</span>"
      if let label = CheatSheet.label(
        of: element, platform: platform, shortcutLabels: shortcutLabels)
      {
        html += "<kbd>\(Self.escape(label))</kbd>"
      }
      return html + "</li>"
    }
  }

  /// The visible entries of `children` (at `depth`) in sections, as ``TextMenuRenderer``
  /// groups them: inline groups add their own sections, empty sections are dropped.
  func sections(of children: [MenuElement], depth: Int) -> [[Entry]] {
    menuSections(of: children, depth: depth, elided: Entry.elided) { child, _ in .element(child) }
  }

  /// The discoverability overlay's groups.
  static func discoverabilitySection(_ groups: [DiscoverabilityGroup]) -> String {
    var html = "<section id=\"discoverability\">\n<h2>Discoverability</h2>\n<div class=\"hud\">\n"
    for group in groups {
      html += "<div class=\"group\"><h3>\(escape(group.title))</h3><dl>"
      for entry in group.entries {
        html += "<div class=\"entry\(entry.isEnabled ? "" : " disabled")\">"
        html += "<dt>\(escape(entry.title))</dt><dd><kbd>\(escape(entry.shortcutLabel))</kbd></dd>"
        html += "</div>"
      }
      html += "</dl></div>\n"
    }
    return html + "</div>\n</section>\n"
  }

  /// The page's style sheet: system fonts only, light and dark colour schemes.
  static let styleSheet = """
    :root { color-scheme: light; --fg: #1d1d1f; --muted: #6e6e73; --bg: #f5f5f7;
      --panel: #ffffff; --line: #d2d2d7; --accent: #0a63c9; --danger: #c9190b; }
    * { box-sizing: border-box; }
    body { margin: 0; font-family: system-ui, "DejaVu Sans", "Noto Sans", sans-serif;
      color: var(--fg); background: var(--bg); font-size: 14px; }
    header { padding: 16px 24px 4px; }
    h1 { font-size: 22px; margin: 0; }
    h2 { font-size: 17px; margin: 24px 0 8px; }
    h3 { font-size: 14px; margin: 0 0 6px; }
    .subtitle { color: var(--muted); margin: 4px 0 0; }
    main { padding: 0 24px 24px; }
    kbd { font-family: inherit; color: var(--muted); white-space: nowrap; }
    .menubar ul { display: flex; flex-wrap: wrap; gap: 2px; list-style: none; margin: 0;
      padding: 4px 8px; background: var(--panel); border: 1px solid var(--line);
      border-radius: 6px; }
    .menubar a { display: block; padding: 3px 10px; border-radius: 4px; color: var(--fg);
      text-decoration: none; }
    .menubar a:hover { background: var(--accent); color: #fff; }
    .menus { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start;
      margin-top: 10px; }
    .menu { background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
      box-shadow: 0 4px 14px rgba(0,0,0,.08); padding: 4px 0; min-width: 220px; }
    .menu-title { font-weight: 600; padding: 4px 12px 6px; border-bottom: 1px solid var(--line); }
    .menu ul { list-style: none; margin: 0; padding: 2px 0; }
    .menu li { display: grid; grid-template-columns: 16px 1fr auto auto; gap: 0 6px;
      padding: 2px 12px 2px 6px; align-items: baseline; }
    .menu li > ul { grid-column: 1 / -1; margin-left: 14px; border-left: 2px solid var(--line); }
    .menu li.separator { display: block; height: 0; padding: 0; margin: 4px 8px;
      border-top: 1px solid var(--line); }
    .menu .state { color: var(--accent); }
    .menu kbd { padding-left: 18px; }
    .menu .arrow { color: var(--muted); }
    .disabled, .disabled kbd { color: #a1a1a6; }
    .destructive > .title { color: var(--danger); }
    .deferred, .elided { color: var(--muted); font-style: italic; }
    .hud { display: flex; flex-wrap: wrap; gap: 12px; background: #2c2c2e; color: #f5f5f7;
      border-radius: 12px; padding: 14px; }
    .hud .group { min-width: 200px; }
    .hud dl { margin: 0; }
    .hud .entry { display: flex; justify-content: space-between; gap: 18px; padding: 1px 0; }
    .hud dt, .hud dd { margin: 0; }
    .hud kbd { color: #c7c7cc; }
    .hud .disabled dt, .hud .disabled kbd { color: #8e8e93; }
    .keyboard-layer { margin: 8px 0 18px; }
    .keyboard-layer h3 .count { color: var(--muted); font-weight: normal; }
    svg.keyboard { display: block; max-width: 100%; height: auto; }
    svg.keyboard .key rect, svg.keyboard .key path { fill: #fff; stroke: #8e8e93;
      stroke-width: 1; }
    svg.keyboard .key.bound rect, svg.keyboard .key.bound path { fill: #dbe9fb;
      stroke: var(--accent); stroke-width: 1.5; }
    svg.keyboard .key.free rect, svg.keyboard .key.free path { fill: #eef8ee; stroke: #4f9a4f;
      stroke-dasharray: 4 3; }
    svg.keyboard .key.held rect, svg.keyboard .key.held path { fill: #4a4a4f; stroke: #1d1d1f; }
    svg.keyboard .key.held text { fill: #fff; }
    svg.keyboard .key.modifier rect, svg.keyboard .key.modifier path,
    svg.keyboard .key.other rect, svg.keyboard .key.other path { fill: #e5e5ea; }
    svg.keyboard text { font-family: system-ui, "DejaVu Sans", sans-serif; fill: var(--fg); }
    svg.keyboard .legend { font-size: 13px; }
    svg.keyboard .legend.small { font-size: 10px; }
    svg.keyboard .altgr { font-size: 10px; fill: var(--muted); }
    svg.keyboard .command { font-size: 9px; fill: #063f80; }
    svg.keyboard .key.free .command { fill: #2f6f2f; }
    .key-legend { display: flex; gap: 16px; color: var(--muted); margin: 4px 0 10px;
      flex-wrap: wrap; }
    .swatch { display: inline-block; width: 14px; height: 14px; vertical-align: -2px;
      border-radius: 3px; margin-right: 4px; border: 1px solid #8e8e93; }
    .swatch.bound { background: #dbe9fb; border-color: var(--accent); }
    .swatch.free { background: #eef8ee; border: 1px dashed #4f9a4f; }
    .swatch.held { background: #4a4a4f; }
    table.unplaced { border-collapse: collapse; margin: 6px 0; }
    table.unplaced td, table.unplaced th { border: 1px solid var(--line); padding: 3px 8px;
      text-align: left; }
    """
}
