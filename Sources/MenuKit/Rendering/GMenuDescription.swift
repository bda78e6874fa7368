/// A validated menu as GMenuModel items and GActions, in Swift values: what MenuKitGTK's
/// `GtkMenuBridge` builds GTK objects from and MenuKitDBus's `GtkMenuExporter` numbers into
/// `org.gtk.Menus` groups, so both export a menu by the same rules (docs/guides/gtk.md).
///
/// Inline groups are sections, other menus submenu links; items carry a mnemonic `label`,
/// `action` (`app.` and the ``GActionName``), `target` (the property list's text, for commands
/// that share an action) and `accel` (the GTK accelerator its exporter chooses). Each command's
/// action is enabled when one of its commands is; it has a state — a boolean, or for commands
/// with property lists the target of the one that is on — once an element using it has a
/// checkmark or sits in a single-selection menu. Hidden and deferred elements are left out.
package struct GMenuDescription: Equatable, Sendable {
  /// One entry of a menu.
  package enum Entry: Equatable, Sendable {
    /// An item that activates an action.
    case item(Item)
    /// An inline group: a section, with its title as the section's label (nil when empty).
    case section(label: String?, key: String, Menu)
    /// A submenu.
    case submenu(label: String, key: String, Menu)
  }

  /// An action item.
  package struct Item: Equatable, Sendable {
    /// The title in GTK's mnemonic convention; empty for an untitled element.
    package var label: String
    /// The detailed action name's action part, `app.` included.
    package var action: String
    /// The property list's text, for commands that share an action.
    package var target: String?
    /// The GTK accelerator shown.
    package var accel: String?

    package init(label: String, action: String, target: String? = nil, accel: String? = nil) {
      self.label = label
      self.action = action
      self.target = target
      self.accel = accel
    }
  }

  /// A menu: its entries in order.
  package struct Menu: Equatable, Sendable {
    /// The entries.
    package var entries: [Entry] = []

    package init(entries: [Entry] = []) { self.entries = entries }
  }

  /// A menu element an action performs, with the target that selects it.
  package struct ActionElement: Equatable, Sendable {
    /// The property list's text, or nil.
    package var target: String?
    /// The validated element.
    package var element: MenuElement
  }

  /// An action's state: a boolean for a checkmark, the target of the item that is on for
  /// commands sharing an action in a single-selection menu.
  package enum State: Equatable, Sendable {
    case boolean(Bool)
    case string(String)
  }

  /// One GAction.
  package struct Action: Equatable, Sendable {
    /// The elements that use it, in menu order.
    package var elements: [ActionElement] = []
    /// Whether one of its elements is enabled.
    package var isEnabled = false
    /// `s` when its elements have targets.
    package var parameterType: String?
    /// Its state, for stateful actions.
    package var state: State?
  }

  /// The root menu (the menubar).
  package var menu = Menu()
  /// The actions by GAction name (without `app.`).
  package var actions: [String: Action] = [:]

  /// An empty description: no entries, no actions.
  package init() {}
}

/// Builds a ``GMenuDescription`` from a validated menu.
package struct GMenuDescriptionBuilder {
  /// Actions that had a state once keep one, so their type does not change under a client.
  package var statefulActions: Set<String>
  /// The GTK accelerator shown next to a command, given the key command's own shortcut (nil
  /// for a plain command), or nil for none.
  package var accelerator: (Command, KeyboardShortcut?) -> String?
  /// Menus deeper than this are left out.
  package static let maximumDepth = 64

  private var description = GMenuDescription()

  /// A builder that keeps the actions that were stateful in an earlier description stateful.
  package init(
    statefulActions: Set<String>, accelerator: @escaping (Command, KeyboardShortcut?) -> String?
  ) {
    self.statefulActions = statefulActions
    self.accelerator = accelerator
  }

  /// The description of a validated menu.
  package mutating func build(_ menu: Menu) -> GMenuDescription {
    description = GMenuDescription()
    description.menu = entries(of: menu, key: "root", depth: 0)
    return description
  }

  private mutating func entries(of menu: Menu, key: String, depth: Int) -> GMenuDescription.Menu {
    guard depth < Self.maximumDepth else { return GMenuDescription.Menu() }
    let radio = menu.options.contains(.singleSelection)
    var result = GMenuDescription.Menu()
    for element in menu.children where !element.attributes.contains(.hidden) {
      let label = GtkMnemonic.label(element.title)
      switch element {
      case .menu(let child):
        // A menu is known by its identifier, else by its path of titles.
        let childKey = child.identifier.map { "menu " + $0.rawValue } ?? key + " / " + child.title
        let content = entries(of: child, key: childKey, depth: depth + 1)
        result.entries.append(
          child.isInline
            ? .section(label: label.isEmpty ? nil : label, key: childKey, content)
            : .submenu(label: label, key: childKey, content))
      case .command(let command):
        result.entries.append(
          .item(item(command, shortcut: nil, label: label, element: element, radio: radio)))
      case .keyCommand(let keyCommand):
        result.entries.append(
          .item(
            item(
              keyCommand.command, shortcut: keyCommand.shortcut, label: label, element: element,
              radio: radio)))
      case .action(let action):
        let name = GActionName.encode(actionIdentifier: action.identifier)
        description.actions[name] = GMenuDescription.Action(
          elements: [GMenuDescription.ActionElement(target: nil, element: element)],
          isEnabled: !action.attributes.contains(.disabled))
        result.entries.append(
          .item(GMenuDescription.Item(label: label, action: "app." + name)))
      case .deferred:
        continue
      }
    }
    return result
  }

  private mutating func item(
    _ command: Command, shortcut: KeyboardShortcut?, label: String, element: MenuElement,
    radio: Bool
  ) -> GMenuDescription.Item {
    let name = GActionName.encode(command.action)
    let target = command.propertyList.map(\.description)
    var action = description.actions[name] ?? GMenuDescription.Action()
    action.elements.append(GMenuDescription.ActionElement(target: target, element: element))
    action.isEnabled = action.isEnabled || !command.attributes.contains(.disabled)
    if target != nil { action.parameterType = "s" }
    if radio || command.state != .off { statefulActions.insert(name) }
    if statefulActions.contains(name) {
      if action.parameterType != nil {
        let on = action.elements.first { $0.element.state == .on }?.target
        action.state = .string(on ?? "")
      } else {
        action.state = .boolean(action.elements.contains { $0.element.state == .on })
      }
    }
    description.actions[name] = action
    return GMenuDescription.Item(
      label: label, action: "app." + name, target: target, accel: accelerator(command, shortcut))
  }
}
