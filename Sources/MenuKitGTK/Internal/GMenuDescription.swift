import MenuKit

/// A validated menu as GMenuModel items and GActions, in Swift values: what ``GtkMenuBridge``
/// builds GTK objects from, and compares to know what changed.
///
/// It follows the export of MenuKitDBus's `GtkMenuExporter` (docs/gtk.md): inline groups are
/// sections, other menus submenu links; items carry a mnemonic `label`, `action` (`app.` and
/// the ``MenuKit/GActionName``), `target` (the property list's text, for commands that share
/// an action) and `accel` (the GTK accelerator of a single-stroke shortcut). Hidden and
/// deferred elements are left out.
struct GMenuDescription: Equatable {
  /// One entry of a menu.
  enum Entry: Equatable {
    /// An item that activates an action.
    case item(Item)
    /// An inline group: a section, with its title as the section's label (nil when empty).
    case section(label: String?, Menu)
    /// A submenu.
    case submenu(label: String, Menu)
  }

  /// An action item.
  struct Item: Equatable {
    var label: String
    /// The detailed action name's action part, `app.` included.
    var action: String
    var target: String?
    var accel: String?
  }

  /// A menu: its entries in order.
  struct Menu: Equatable {
    var entries: [Entry] = []
  }

  /// A menu element an action performs, with the target that selects it.
  struct ActionElement: Equatable {
    var target: String?
    var element: MenuElement
  }

  /// An action's state: a boolean for a checkmark, the target of the item that is on for
  /// commands sharing an action in a single-selection menu.
  enum State: Equatable {
    case boolean(Bool)
    case string(String)
  }

  /// One GAction.
  struct Action: Equatable {
    var elements: [ActionElement] = []
    var isEnabled = false
    /// `s` when its elements have targets.
    var parameterType: String?
    var state: State?
  }

  /// The root menu (the menubar).
  var menu = Menu()
  /// The actions by GAction name (without `app.`).
  var actions: [String: Action] = [:]
}

/// Builds a ``GMenuDescription`` from a validated menu.
struct GMenuDescriptionBuilder {
  /// Actions that had a state once keep one, so their type does not change under a client.
  var statefulActions: Set<String>
  /// The GTK accelerator shown next to a command, or nil.
  var accelerator: (Command) -> String?
  /// Menus deeper than this are left out.
  static let maximumDepth = 64

  private var description = GMenuDescription()

  init(statefulActions: Set<String>, accelerator: @escaping (Command) -> String?) {
    self.statefulActions = statefulActions
    self.accelerator = accelerator
  }

  /// The description of a validated menu.
  mutating func build(_ menu: Menu) -> GMenuDescription {
    description = GMenuDescription()
    description.menu = entries(of: menu, depth: 0)
    return description
  }

  private mutating func entries(of menu: Menu, depth: Int) -> GMenuDescription.Menu {
    guard depth < Self.maximumDepth else { return GMenuDescription.Menu() }
    let radio = menu.options.contains(.singleSelection)
    var result = GMenuDescription.Menu()
    for element in menu.children where !element.attributes.contains(.hidden) {
      let label = GtkMnemonic.label(element.title)
      switch element {
      case .menu(let child):
        let content = entries(of: child, depth: depth + 1)
        result.entries.append(
          child.isInline
            ? .section(label: label.isEmpty ? nil : label, content)
            : .submenu(label: label, content))
      case .command(let command):
        result.entries.append(.item(item(command, label: label, element: element, radio: radio)))
      case .keyCommand(let keyCommand):
        result.entries.append(
          .item(item(keyCommand.command, label: label, element: element, radio: radio)))
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
    _ command: Command, label: String, element: MenuElement, radio: Bool
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
      label: label, action: "app." + name, target: target, accel: accelerator(command))
  }
}
