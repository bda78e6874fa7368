import MenuKit

/// A validated menu as org.gtk.Menus groups and org.gtk.Actions actions.
struct GtkMenuModel: Equatable {
  /// One exported action.
  struct ExportedAction: Equatable {
    /// The elements that use it, with their `target` (nil for none).
    var elements: [(target: String?, element: MenuElement)]
    var isEnabled: Bool
    /// `s` when its elements have targets, else empty.
    var parameterType: String
    var state: DBusValue?

    /// `(bgav)`.
    var description: DBusValue {
      .tuple([
        .boolean(isEnabled), .signature(parameterType),
        .array("v", state.map { [.variant($0)] } ?? []),
      ])
    }

    static func == (lhs: ExportedAction, rhs: ExportedAction) -> Bool {
      lhs.isEnabled == rhs.isEnabled && lhs.parameterType == rhs.parameterType
        && lhs.state == rhs.state && lhs.elements.map(\.target) == rhs.elements.map(\.target)
        && lhs.elements.map(\.element) == rhs.elements.map(\.element)
    }
  }

  /// Group → menu → items.
  var groups: [UInt32: [UInt32: [[String: DBusValue]]]] = [:]
  /// GAction name → action.
  var actions: [String: ExportedAction] = [:]
}

/// Builds a ``GtkMenuModel``.
struct GtkMenuModelBuilder {
  /// Actions that had a state once keep one, so their type does not change under a client.
  var statefulActions: Set<String>
  private var model = GtkMenuModel()
  private var nextMenu: [UInt32: UInt32] = [:]

  init(statefulActions: Set<String>) { self.statefulActions = statefulActions }

  mutating func build(_ menu: Menu, identities: inout MenuItemIdentities) -> GtkMenuModel {
    model = GtkMenuModel()
    nextMenu = [:]
    fill(menu, group: 0, menu: allocateMenu(in: 0), key: "root", depth: 0, identities: &identities)
    return model
  }

  private mutating func allocateMenu(in group: UInt32) -> UInt32 {
    let number = nextMenu[group, default: 0]
    nextMenu[group] = number + 1
    model.groups[group, default: [:]][number] = []
    return number
  }

  private mutating func fill(
    _ menu: Menu, group: UInt32, menu number: UInt32, key: String, depth: Int,
    identities: inout MenuItemIdentities
  ) {
    guard depth < MenuLayoutBuilder.maximumDepth else { return }
    let radio = menu.options.contains(.singleSelection)
    var items: [[String: DBusValue]] = []
    for element in menu.children where !element.attributes.contains(.hidden) {
      var item: [String: DBusValue] = [:]
      if !element.title.isEmpty {
        item["label"] = .string(DesktopNotation.mnemonicLabel(element.title))
      }
      switch element {
      case .menu(let child):
        let childKey = child.identifier.map { "menu " + $0.rawValue } ?? key + " / " + child.title
        if child.isInline {
          let section = allocateMenu(in: group)
          item[":section"] = .tuple([.uint32(group), .uint32(section)])
          fill(
            child, group: group, menu: section, key: childKey, depth: depth + 1,
            identities: &identities)
        } else {
          let childGroup = UInt32(identities.id(for: childKey))
          let submenu = allocateMenu(in: childGroup)
          item[":submenu"] = .tuple([.uint32(childGroup), .uint32(submenu)])
          fill(
            child, group: childGroup, menu: submenu, key: childKey, depth: depth + 1,
            identities: &identities)
        }
      case .command(let command):
        addAction(command, element: element, radio: radio, shortcut: nil, into: &item)
      case .keyCommand(let keyCommand):
        addAction(
          keyCommand.command, element: element, radio: radio, shortcut: keyCommand.shortcut,
          into: &item)
      case .action(let action):
        let name = GActionName.encode(actionIdentifier: action.identifier)
        item["action"] = .string("app." + name)
        model.actions[name] = GtkMenuModel.ExportedAction(
          elements: [(nil, element)], isEnabled: !action.attributes.contains(.disabled),
          parameterType: "", state: nil)
      case .deferred:
        continue
      }
      items.append(item)
    }
    model.groups[group, default: [:]][number] = items
  }

  private mutating func addAction(
    _ command: Command, element: MenuElement, radio: Bool, shortcut: KeyboardShortcut?,
    into item: inout [String: DBusValue]
  ) {
    let name = GActionName.encode(command.action)
    let target = command.propertyList.map(\.description)
    item["action"] = .string("app." + name)
    if let target { item["target"] = .string(target) }
    if let shortcut,
      let accel = KeySequence([shortcut]).text(in: .gtk, platform: .linux)
    {
      item["accel"] = .string(accel)
    }
    var action =
      model.actions[name]
      ?? GtkMenuModel.ExportedAction(elements: [], isEnabled: false, parameterType: "", state: nil)
    action.elements.append((target, element))
    action.isEnabled = action.isEnabled || !command.attributes.contains(.disabled)
    if target != nil { action.parameterType = "s" }
    if radio || command.state != .off { statefulActions.insert(name) }
    if statefulActions.contains(name) {
      if action.parameterType == "s" {
        let on = action.elements.first { $0.element.state == .on }?.target
        action.state = .string(on ?? "")
      } else {
        action.state = .boolean(action.elements.contains { $0.element.state == .on })
      }
    }
    model.actions[name] = action
  }
}
