import MenuKit
import MenuKitToolSupport
import MenuKitXKB

/// `menu-dump --format markdown|html`: the cheat sheet, and the page with the menu bar, the
/// discoverability overlay and the keyboard of a layout.
///
/// Labels come from, in order: the keymap files (the keys that fire in `--context`, through
/// `KeyBindingResolver`; keymap bindings are not relocated), the layout (the key commands'
/// shortcuts as the layout types them, relocated where automatic localization moves them), or
/// the platform.
enum CheatSheetPage {
  /// Writes the Markdown cheat sheet or the HTML page of a validated menu, with the keymaps
  /// (already loaded and reported) resolved in `contexts`; nil keymaps when there are no
  /// keymap files. Responders and the keymap resolver live on the main actor, where the tool
  /// runs.
  @MainActor
  static func write(
    _ menu: Menu, _ options: Options, keymaps: [Keymap]?, contexts: [KeyContext],
    output: inout some OutputSink
  ) -> ToolExitStatus {
    var keyboard: XKBKeyboard?
    if options.format == .html || options.layout != nil {
      do {
        let names = XKBKeymap.RuleNames(layout: options.layout ?? "us", variant: options.variant)
        keyboard = XKBKeyboard(
          keymap: try XKBKeymap(context: XKBContext.system(), names: names),
          repeatSettings: KeyRepeatSettings(isEnabled: false))
      } catch {
        // The names given do not make a keymap: a bad value on the command line.
        output.error("menu-dump: error: \(error)\n")
        return .usage
      }
    }
    if options.format == .markdown, keymaps == nil {
      let labels = keyboard.map { layoutLabels(of: menu, on: $0, platform: options.platform) }
      output.write(
        MarkdownMenuRenderer(platform: options.platform, shortcutLabels: labels).render(menu))
      return .success
    }
    let resolver = keymaps.map {
      KeyBindingResolver(defaults: menu, keymaps: $0, platform: options.platform)
    }
    let labels =
      resolver?.shortcutLabels(in: contexts)
      ?? keyboard.map { layoutLabels(of: menu, on: $0, platform: options.platform) }
    guard options.format == .html, let keyboard = keyboard else {
      output.write(
        MarkdownMenuRenderer(platform: options.platform, shortcutLabels: labels).render(menu))
      return .success
    }
    let page = Page(
      menu: menu, options: options, keyboard: keyboard, resolver: resolver, stack: contexts,
      labels: labels ?? [:])
    return page.write(output: &output)
  }

  /// The label of every key command's shortcut as the layout types it: relocated where
  /// automatic localization moves it, and physical keys with the layout's keycaps.
  static func layoutLabels(of menu: Menu, on keyboard: XKBKeyboard, platform: PlatformProfile)
    -> [CommandKey: String]
  {
    var labels: [CommandKey: String] = [:]
    for keyCommand in menu.allKeyCommands where labels[keyCommand.command.key] == nil {
      labels[keyCommand.command.key] =
        keyCommand.allowsAutomaticLocalization
        ? keyboard.localizedLabel(for: keyCommand.shortcut, platform: platform)
        : keyCommand.shortcut.label(for: platform, layout: keyboard)
    }
    return labels
  }
}

/// The HTML page of one run.
@MainActor
private struct Page {
  var menu: Menu
  var options: Options
  var keyboard: XKBKeyboard
  /// The keymaps' resolver, or nil without keymap files.
  var resolver: KeyBindingResolver?
  var stack: [KeyContext]
  /// The label of every command with a shortcut.
  var labels: [CommandKey: String]

  /// Writes the page.
  func write(output: inout some OutputSink) -> ToolExitStatus {
    let chain: ScriptedChain
    switch DispatchSetup.chain(
      path: options.chain, firstResponder: options.firstResponder, menu: menu, output: &output)
    {
    case .success(let value): chain = value
    case .failure(let status): return status
    }
    let layout = options.layout ?? "us"
    let geometry: KeyboardGeometry =
      switch options.geometry ?? (layout == "us" ? .ansi : .iso) {
      case .ansi: .ansi
      case .iso: .iso
      }
    let map: KeyboardMap
    if let resolver {
      map = KeyboardMap(
        entries: keymapEntries(resolver), keyboard: keyboard, geometry: geometry,
        platform: options.platform)
    } else {
      map = KeyboardMap(
        menu: menu, keyboard: keyboard, geometry: geometry, platform: options.platform)
    }
    let layoutName =
      keyboard.activeLayoutName.map { "\(layout) (\($0))" }
      ?? layout + (options.variant.map { "(\($0))" } ?? "")
    var subtitle = "Platform \(options.platform.rawValue) · layout \(layoutName)"
    subtitle += " · \(geometry.name.uppercased()) keyboard"
    let files = (options.files + options.keymapFiles).map(InputFile.name(of:))
    if !files.isEmpty { subtitle += " · " + files.joined(separator: ", ") }
    if let context = options.context { subtitle += " · context \(context)" }
    let renderer = HTMLMenuRenderer(
      platform: options.platform, title: "Menus and keyboard shortcuts", subtitle: subtitle,
      shortcutLabels: labels)
    let keyboardSection = HTMLMenuRenderer.Section(
      identifier: "keyboard", title: "Keyboard: \(layoutName), \(geometry.name.uppercased())",
      trustedMarkup: map.htmlMarkup(platform: options.platform))
    output.write(
      renderer.render(
        menu, discoverability: discoverabilityGroups(chain: chain), sections: [keyboardSection]))
    return .success
  }

  /// The menu's commands with the keys that fire them once the keymaps apply, in menu order.
  func keymapEntries(_ resolver: KeyBindingResolver) -> [KeyboardMap.Entry] {
    var entries: [KeyboardMap.Entry] = []
    var seen: Set<CommandKey> = []
    menu.forEachElement { element, _ in
      guard let command = element.command, seen.insert(command.key).inserted,
        let keys = resolver.keys(for: command.key, in: stack)
      else { return }
      entries.append(
        KeyboardMap.Entry(
          title: [command.discoverabilityTitle, command.title]
            .compactMap { $0 }.first { !$0.isEmpty } ?? command.action.rawValue,
          keys: keys, label: keys.label(for: options.platform, layout: keyboard),
          isEnabled: !command.attributes.contains(.disabled)))
    }
    return entries
  }

  /// The overlay's groups from the chain's first responder, responder groups titled by their
  /// identifiers. With keymaps, the menu's commands show the keys that fire in the contexts
  /// (and those no key fires are left out); without, the layout's labels, found by action
  /// where that is unambiguous.
  func discoverabilityGroups(chain: ScriptedChain) -> [DiscoverabilityGroup] {
    let first = chain.firstResponder
    var groups = Discoverability.keyCommands(
      from: first, mainMenu: menu, platform: options.platform, keyBindings: resolver,
      contexts: stack)
    // Responder groups come first, one per responder with a titled, visible key command.
    var responderGroups = 0
    for responder in ResponderChain(startingAt: first).responders {
      let shown = responder.keyCommands.contains { keyCommand in
        !keyCommand.command.attributes.contains(.hidden)
          && !(keyCommand.command.discoverabilityTitle ?? keyCommand.command.title).isEmpty
      }
      guard shown, responderGroups < groups.count else { continue }
      if let id = chain.identifier(of: responder) { groups[responderGroups].title = id }
      responderGroups += 1
    }
    guard resolver == nil else { return groups }
    var byAction: [ActionName: String?] = [:]
    for (key, label) in labels {
      if byAction[key.action] == nil {
        byAction[key.action] = .some(label)
      } else {
        byAction[key.action] = .some(nil)  // several commands share the action
      }
    }
    for group in groups.indices where group >= responderGroups {
      for entry in groups[group].entries.indices {
        if case .some(.some(let label)) = byAction[groups[group].entries[entry].action] {
          groups[group].entries[entry].shortcutLabel = label
        }
      }
    }
    return groups
  }
}
