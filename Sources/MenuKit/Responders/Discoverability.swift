/// UIKit's discoverability heads-up display as data: the key commands available from a first
/// responder, grouped as the overlay shows them.
///
/// ``keyCommands(from:mainMenu:platform:)`` lists, in order:
///
/// 1. The ``Responder/keyCommands`` of each responder in the chain from the first responder
///    (first responder first; the walk is loop-checked by ``ResponderChain``), one group per
///    responder that has something to show, titled with the responder's type name (such as
///    `TableView`).
/// 2. The key commands of the main menu, validated for the first responder
///    (``MenuValidation``), one group per top-level menu, titled with the menu's title, in
///    tree order. Key commands placed directly in the root, outside any menu, are not listed.
///
/// In both parts, disabled key commands are listed with ``DiscoverabilityEntry/isEnabled``
/// false; hidden ones are left out, as are key commands with an empty title and no
/// discoverability title, since the overlay shows only titled commands. Groups with no entries
/// are left out.
///
/// ```swift
/// let groups = Discoverability.keyCommands(
///   from: app.firstResponderForEvents, mainMenu: MenuSystem.main.menu, platform: .linux)
/// print(Discoverability.text(for: groups))
/// // TableView
/// //   Down     Down Arrow
/// // Edit
/// //   Copy     Ctrl+C
/// ```
@MainActor
public struct Discoverability {
  /// The key commands available from a first responder, grouped for the overlay.
  ///
  /// - Parameters:
  ///   - firstResponder: Where the chain starts; nil lists the main menu only, all disabled.
  ///   - mainMenu: The main menu's root, as built (it is validated here).
  ///   - platform: The profile whose shortcut labels are used.
  /// - Returns: The responders' groups, then the main menu's groups.
  public static func keyCommands(
    from firstResponder: Responder?, mainMenu: Menu, platform: PlatformProfile
  ) -> [DiscoverabilityGroup] {
    keyCommands(from: firstResponder, mainMenu: mainMenu, platform: platform, keyBindings: nil)
  }

  /// The key commands available from a first responder with keymaps: the main menu's commands
  /// are listed with the keys that actually fire for them in the chain's contexts
  /// (``KeyBindingResolver/shortcutLabels(in:platform:)``) — commands a keymap binds appear,
  /// and commands whose keys were removed or taken by another binding do not.
  ///
  /// ```swift
  /// let groups = Discoverability.keyCommands(
  ///   from: first, mainMenu: menu, platform: .linux, keyBindings: dispatcher.keyBindingResolver)
  /// ```
  ///
  /// - Parameters:
  ///   - firstResponder: Where the chain starts; nil lists the main menu only, all disabled.
  ///   - mainMenu: The main menu's root, as built (it is validated here).
  ///   - platform: The profile whose shortcut labels are used.
  ///   - keyBindings: The resolver of the keymaps over the main menu, or nil for the key
  ///     commands' own shortcuts.
  ///   - contexts: The context stack to resolve the keymaps in, root first; nil reads the
  ///     ``Responder/keyContext`` of the chain's responders.
  /// - Returns: The responders' groups, then the main menu's groups.
  public static func keyCommands(
    from firstResponder: Responder?, mainMenu: Menu, platform: PlatformProfile,
    keyBindings: KeyBindingResolver?, contexts: [KeyContext]? = nil
  ) -> [DiscoverabilityGroup] {
    let validation = MenuValidation(firstResponder: firstResponder)
    var groups: [DiscoverabilityGroup] = []
    for responder in ResponderChain(startingAt: firstResponder).responders {
      let keyCommands = responder.keyCommands
      guard !keyCommands.isEmpty else { continue }
      let validated = validation.validate(Menu(children: keyCommands.map(MenuElement.keyCommand)))
      let entries = entries(in: validated.menu, platform: platform)
      guard !entries.isEmpty else { continue }
      groups.append(
        DiscoverabilityGroup(title: String(describing: type(of: responder)), entries: entries))
    }
    let chain = ResponderChain(startingAt: firstResponder).responders
    let labels = keyBindings?.shortcutLabels(
      in: contexts ?? chain.reversed().compactMap(\.keyContext), platform: platform)
    for element in validation.validate(mainMenu).menu.children {
      guard case .menu(let menu) = element else { continue }
      let entries = entries(in: menu, platform: platform, labels: labels)
      guard !entries.isEmpty else { continue }
      groups.append(DiscoverabilityGroup(title: menu.title, entries: entries))
    }
    return groups
  }

  /// Renders groups as a plain text block for command-line tools.
  ///
  /// Each group is its title on a line, then one line per entry, indented by two spaces: the
  /// entry's title padded so that the shortcut labels of the group line up three spaces after
  /// its longest title, and ` (disabled)` after the label of a disabled entry. Groups are
  /// separated by a blank line.
  ///
  /// - Parameter groups: The groups, as ``keyCommands(from:mainMenu:platform:)`` returns them.
  /// - Returns: The text, ending with a newline unless there are no groups.
  public static func text(for groups: [DiscoverabilityGroup]) -> String {
    var blocks: [String] = []
    for group in groups {
      // Titles come from menu files: their control characters are written as escapes.
      let titles = group.entries.map(\.title.escapingControlCharacters)
      let width = titles.map(\.count).max() ?? 0
      var lines = [group.title.escapingControlCharacters]
      for (entry, title) in zip(group.entries, titles) {
        let padding = String(repeating: " ", count: width - title.count + 3)
        lines.append(
          "  " + title + padding + entry.shortcutLabel.escapingControlCharacters
            + (entry.isEnabled ? "" : " (disabled)"))
      }
      blocks.append(lines.joined(separator: "\n") + "\n")
    }
    return blocks.joined(separator: "\n")
  }

  /// The titled, visible key commands of a validated tree, in tree order.
  private static func entries(
    in menu: Menu, platform: PlatformProfile, labels: [CommandKey: String]? = nil
  ) -> [DiscoverabilityEntry] {
    var entries: [DiscoverabilityEntry] = []
    menu.forEachElement { element, _ in
      let command: Command
      let label: String
      switch element {
      case .keyCommand(let keyCommand):
        command = keyCommand.command
        if let labels {
          guard let bound = labels[command.key] else { return }
          label = bound
        } else {
          label = keyCommand.shortcut.label(for: platform)
        }
      case .command(let plain):
        // A plain command is listed when a keymap binds it.
        guard let bound = labels?[plain.key] else { return }
        command = plain
        label = bound
      default:
        return
      }
      guard !command.attributes.contains(.hidden) else { return }
      let title = command.discoverabilityTitle ?? command.title
      guard !title.isEmpty else { return }
      entries.append(
        DiscoverabilityEntry(
          title: title, shortcutLabel: label, action: command.action,
          isEnabled: !command.attributes.contains(.disabled)))
    }
    return entries
  }
}

/// One group of the discoverability overlay: a responder's key commands or a top-level menu's.
///
/// ```swift
/// DiscoverabilityGroup(title: "Edit", entries: [
///   DiscoverabilityEntry(title: "Copy", shortcutLabel: "Ctrl+C", action: "copy:", isEnabled: true)
/// ])
/// ```
public struct DiscoverabilityGroup: Hashable, Sendable {
  /// The menu's title, or the responder's type name.
  public var title: String
  /// The group's key commands, in order.
  public var entries: [DiscoverabilityEntry]

  /// Creates a group.
  public init(title: String, entries: [DiscoverabilityEntry]) {
    self.title = title
    self.entries = entries
  }
}

/// One key command in the discoverability overlay.
///
/// ```swift
/// let entry = DiscoverabilityEntry(
///   title: "Copy", shortcutLabel: "Ctrl+C", action: "copy:", isEnabled: true)
/// ```
public struct DiscoverabilityEntry: Hashable, Sendable {
  /// The key command's discoverability title, or its title when it has none.
  public var title: String
  /// The shortcut's label under the platform profile, such as `Ctrl+C` or `⌘C`.
  public var shortcutLabel: String
  /// The action the key command sends.
  public var action: ActionName
  /// Whether the key command can fire now.
  public var isEnabled: Bool

  /// Creates an entry.
  public init(title: String, shortcutLabel: String, action: ActionName, isEnabled: Bool) {
    self.title = title
    self.shortcutLabel = shortcutLabel
    self.action = action
    self.isEnabled = isEnabled
  }
}
