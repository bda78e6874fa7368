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

/// Builds a ``GtkMenuModel``: the menu described by MenuKit's ``MenuKit/GMenuDescription`` (the
/// rules MenuKitGTK follows too), numbered into `org.gtk.Menus` groups.
struct GtkMenuModelBuilder {
  /// Actions that had a state once keep one, so their type does not change under a client.
  var statefulActions: Set<String>
  private var model = GtkMenuModel()
  private var nextMenu: [UInt32: UInt32] = [:]

  init(statefulActions: Set<String>) { self.statefulActions = statefulActions }

  mutating func build(_ menu: Menu, identities: inout MenuItemIdentities) -> GtkMenuModel {
    // The `accel` of a key command is its own single-stroke shortcut.
    var describer = GMenuDescriptionBuilder(statefulActions: statefulActions) { _, shortcut in
      shortcut.flatMap { KeySequence([$0]).text(in: .gtk, platform: .linux) }
    }
    let description = describer.build(menu)
    statefulActions = describer.statefulActions
    model = GtkMenuModel()
    nextMenu = [:]
    fill(description.menu, group: 0, menu: allocateMenu(in: 0), identities: &identities)
    model.actions = description.actions.mapValues { action in
      GtkMenuModel.ExportedAction(
        elements: action.elements.map { ($0.target, $0.element) }, isEnabled: action.isEnabled,
        parameterType: action.parameterType ?? "",
        state: action.state.map { state in
          switch state {
          case .boolean(let value): .boolean(value)
          case .string(let value): .string(value)
          }
        })
    }
    return model
  }

  private mutating func allocateMenu(in group: UInt32) -> UInt32 {
    let number = nextMenu[group, default: 0]
    nextMenu[group] = number + 1
    model.groups[group, default: [:]][number] = []
    return number
  }

  /// Numbers a menu's entries: a section is a menu of the same group, a submenu a group of
  /// its own, known across rebuilds by its key.
  private mutating func fill(
    _ menu: GMenuDescription.Menu, group: UInt32, menu number: UInt32,
    identities: inout MenuItemIdentities
  ) {
    var items: [[String: DBusValue]] = []
    for entry in menu.entries {
      var item: [String: DBusValue] = [:]
      switch entry {
      case .item(let description):
        if !description.label.isEmpty { item["label"] = .string(description.label) }
        item["action"] = .string(description.action)
        if let target = description.target { item["target"] = .string(target) }
        if let accel = description.accel { item["accel"] = .string(accel) }
      case .section(let label, _, let content):
        if let label { item["label"] = .string(label) }
        let section = allocateMenu(in: group)
        item[":section"] = .tuple([.uint32(group), .uint32(section)])
        fill(content, group: group, menu: section, identities: &identities)
      case .submenu(let label, let key, let content):
        if !label.isEmpty { item["label"] = .string(label) }
        let childGroup = UInt32(identities.id(for: key))
        let submenu = allocateMenu(in: childGroup)
        item[":submenu"] = .tuple([.uint32(childGroup), .uint32(submenu)])
        fill(content, group: childGroup, menu: submenu, identities: &identities)
      }
      items.append(item)
    }
    model.groups[group, default: [:]][number] = items
  }
}
