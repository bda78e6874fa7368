import MenuKit
import MenuKitXKB

/// `menu-dump --format markdown|html`: the cheat sheet, and the page with the menu bar, the
/// discoverability overlay and the keyboard of a layout.
enum CheatSheetPage {
  /// Writes the Markdown cheat sheet or the HTML page of a validated menu. The page is made
  /// on the main actor, where responders live (the tool runs on the main thread).
  static func write(_ menu: Menu, _ options: Options, output: inout some OutputSink)
    -> ToolExitStatus
  {
    var keyboard: XKBKeyboard?
    if options.format == .html || options.layout != nil {
      do {
        let names = XKBKeymap.RuleNames(
          layout: options.layout ?? "us", variant: options.variant)
        keyboard = XKBKeyboard(
          keymap: try XKBKeymap(context: XKBContext(options: [.noEnvironmentNames]), names: names),
          repeatSettings: KeyRepeatSettings(isEnabled: false))
      } catch {
        output.error("menu-dump: error: \(error)\n")
        return .dataError
      }
    }
    let labels = keyboard.map { localizedLabels(of: menu, on: $0, platform: options.platform) }
    switch options.format {
    case .markdown:
      output.write(
        MarkdownMenuRenderer(platform: options.platform, localizedLabels: labels ?? [:])
          .render(menu))
      return .success
    case .html:
      guard let keyboard else { return .dataError }
      nonisolated(unsafe) var sink = output
      nonisolated(unsafe) let keyboardForMain = keyboard
      let status = MainActor.assumeIsolated {
        html(menu, options, keyboard: keyboardForMain, labels: labels ?? [:], output: &sink)
      }
      output = sink
      return status
    case .tree, .json:
      return .usage
    }
  }

  /// Writes the HTML page.
  @MainActor
  static func html(
    _ menu: Menu, _ options: Options, keyboard: XKBKeyboard,
    labels: [KeyboardShortcut: String], output: inout some OutputSink
  ) -> ToolExitStatus {
    let chain: ScriptedChain
    switch DispatchSetup.chain(
      path: options.chain, firstResponder: options.firstResponder, menu: menu, output: &output)
    {
    case .success(let value): chain = value
    case .failure(let status): return status
    }
    let groups = discoverabilityGroups(chain: chain, menu: menu, options: options, labels: labels)

    let layout = options.layout ?? "us"
    let geometry: KeyboardGeometry =
      switch options.geometry ?? (layout == "us" ? .ansi : .iso) {
      case .ansi: .ansi
      case .iso: .iso
      }
    let map = KeyboardMap(
      menu: menu, keyboard: keyboard, geometry: geometry, platform: options.platform)
    let layoutName =
      keyboard.activeLayoutName.map { "\(layout) (\($0))" }
      ?? layout + (options.variant.map { "(\($0))" } ?? "")
    var subtitle = "Platform \(options.platform.rawValue) · layout \(layoutName)"
    subtitle += " · \(geometry.name.uppercased()) keyboard"
    if !options.files.isEmpty { subtitle += " · " + options.files.joined(separator: ", ") }
    let renderer = HTMLMenuRenderer(
      platform: options.platform, title: "Menus and keyboard shortcuts", subtitle: subtitle,
      localizedLabels: labels)
    let keyboardSection = HTMLMenuRenderer.Section(
      identifier: "keyboard", title: "Keyboard: \(layoutName), \(geometry.name.uppercased())",
      trustedMarkup: map.htmlMarkup(platform: options.platform))
    output.write(renderer.render(menu, discoverability: groups, sections: [keyboardSection]))
    return .success
  }

  /// The label of every key command's shortcut on the layout, where automatic localization
  /// changes it.
  static func localizedLabels(of menu: Menu, on keyboard: XKBKeyboard, platform: PlatformProfile)
    -> [KeyboardShortcut: String]
  {
    var labels: [KeyboardShortcut: String] = [:]
    for keyCommand in menu.allKeyCommands where keyCommand.allowsAutomaticLocalization {
      let shortcut = keyCommand.shortcut
      let label = keyboard.localizedLabel(for: shortcut, platform: platform)
      if label != shortcut.label(for: platform) { labels[shortcut] = label }
    }
    return labels
  }

  /// The overlay's groups from the chain's first responder, responder groups titled by
  /// their identifiers and labels localized to the layout.
  @MainActor
  static func discoverabilityGroups(
    chain: ScriptedChain, menu: Menu, options: Options, labels: [KeyboardShortcut: String]
  ) -> [DiscoverabilityGroup] {
    let first = chain.firstResponder
    var groups = Discoverability.keyCommands(
      from: first, mainMenu: menu, platform: options.platform)
    // Responder groups come first, one per responder with a titled, visible key command.
    var index = 0
    for responder in ResponderChain(startingAt: first).responders {
      let shown = responder.keyCommands.contains { keyCommand in
        !keyCommand.command.attributes.contains(.hidden)
          && !(keyCommand.command.discoverabilityTitle ?? keyCommand.command.title).isEmpty
      }
      guard shown, index < groups.count else { continue }
      if let id = chain.identifier(of: responder) { groups[index].title = id }
      index += 1
    }
    let byPlatformLabel = Dictionary(
      labels.map { ($0.key.label(for: options.platform), $0.value) },
      uniquingKeysWith: { first, _ in first })
    for group in groups.indices {
      for entry in groups[group].entries.indices {
        let label = groups[group].entries[entry].shortcutLabel
        if let localized = byPlatformLabel[label] {
          groups[group].entries[entry].shortcutLabel = localized
        }
      }
    }
    return groups
  }
}
