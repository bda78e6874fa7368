import MenuKit

/// A validated menu as the flat, numbered item table dbusmenu serves.
///
/// Inline groups are not items: their elements join the enclosing menu, with a separator
/// item between groups. Item 0 is the root.
struct MenuLayout: Equatable {
  /// One dbusmenu item.
  struct Item: Equatable {
    var properties: [String: DBusValue]
    var children: [Int32]
    /// The validated element an `Event` performs; nil for the root and separators.
    var element: MenuElement?
  }

  /// The items by id.
  var items: [Int32: Item]

  /// Whether two layouts have the same items with the same children (properties aside).
  func hasSameStructure(as other: MenuLayout) -> Bool {
    items.count == other.items.count
      && items.allSatisfy { id, item in other.items[id]?.children == item.children }
  }
}

/// Gives dbusmenu ids to menu elements, the same id to the same element across rebuilds.
///
/// An element is known by its identity: a menu by its identifier, a command by its action
/// and property list, an action by its identifier; a second element with the same identity
/// in one menu gets `#2`, and so on.
struct MenuItemIdentities {
  private var ids: [String: Int32] = [:]
  private var nextID: Int32 = 1

  mutating func id(for key: String) -> Int32 {
    if let id = ids[key] { return id }
    let id = nextID
    nextID += 1
    ids[key] = id
    return id
  }
}

/// Builds a ``MenuLayout``.
struct MenuLayoutBuilder {
  /// The shortcut of a command, if the app overrides its key command's own.
  var shortcut: (Command) -> KeySequence?
  /// Menus deeper than this are left out.
  static let maximumDepth = 64

  private var layout = MenuLayout(items: [:])
  private var usedKeys: [String: Int] = [:]

  init(shortcut: @escaping (Command) -> KeySequence?) {
    self.shortcut = shortcut
  }

  /// The layout of a validated menu.
  mutating func build(_ menu: Menu, identities: inout MenuItemIdentities) -> MenuLayout {
    layout = MenuLayout(items: [:])
    usedKeys = [:]
    let children = items(of: menu, key: "root", depth: 0, identities: &identities)
    layout.items[0] = MenuLayout.Item(
      properties: ["children-display": .string("submenu")], children: children, element: nil)
    return layout
  }

  /// The ids of a menu's items: its groups' elements with separators between groups.
  private mutating func items(
    of menu: Menu, key: String, depth: Int, identities: inout MenuItemIdentities
  ) -> [Int32] {
    guard depth < Self.maximumDepth else { return [] }
    var result: [Int32] = []
    for segment in segments(of: menu, key: key) where !segment.elements.isEmpty {
      if !result.isEmpty {
        let id = identities.id(for: unique("separator before " + segment.key))
        layout.items[id] = MenuLayout.Item(
          properties: ["type": .string("separator")], children: [], element: nil)
        result.append(id)
      }
      for (element, radio) in segment.elements {
        if let id = item(
          for: element, radio: radio, parentKey: key, depth: depth, identities: &identities)
        {
          result.append(id)
        }
      }
    }
    return result
  }

  /// A menu's elements in groups: each inline group (nested ones flattened into groups of
  /// their own) and each run of other elements, with the key of its first element.
  private func segments(of menu: Menu, key: String) -> [(
    key: String, elements: [(MenuElement, radio: Bool)]
  )] {
    var result: [(key: String, elements: [(MenuElement, radio: Bool)])] = []
    var run: [(MenuElement, radio: Bool)] = []
    let radio = menu.options.contains(.singleSelection)
    func closeRun() {
      if let first = run.first { result.append((identity(of: first.0, parentKey: key), run)) }
      run = []
    }
    for child in menu.children {
      if case .menu(let inline) = child, inline.isInline {
        closeRun()
        let groupKey = identity(of: child, parentKey: key)
        result += segments(of: inline, key: groupKey).map { segment in
          (segment.key, segment.elements.map { ($0.0, $0.radio || radio) })
        }
      } else {
        run.append((child, radio))
      }
    }
    closeRun()
    return result
  }

  private mutating func item(
    for element: MenuElement, radio: Bool, parentKey: String, depth: Int,
    identities: inout MenuItemIdentities
  ) -> Int32? {
    if case .deferred = element { return nil }
    let id = identities.id(for: unique(identity(of: element, parentKey: parentKey)))
    var properties: [String: DBusValue] = [:]
    if !element.title.isEmpty {
      properties["label"] = .string(DesktopNotation.mnemonicLabel(element.title))
    }
    let attributes = element.attributes
    if attributes.contains(.disabled) { properties["enabled"] = .boolean(false) }
    if attributes.contains(.hidden) { properties["visible"] = .boolean(false) }
    if attributes.contains(.destructive) { properties["disposition"] = .string("alert") }
    var children: [Int32] = []
    switch element {
    case .menu(let menu):
      properties["children-display"] = .string("submenu")
      if let image = menu.image { properties["icon-name"] = .string(image) }
      children = items(
        of: menu, key: identity(of: element, parentKey: parentKey), depth: depth + 1,
        identities: &identities)
    case .command(let command):
      if let image = command.image { properties["icon-name"] = .string(image) }
      if let sequence = shortcut(command) { properties["shortcut"] = Self.shortcutValue(sequence) }
    case .keyCommand(let keyCommand):
      if let image = keyCommand.command.image { properties["icon-name"] = .string(image) }
      let sequence = shortcut(keyCommand.command) ?? KeySequence([keyCommand.shortcut])
      properties["shortcut"] = Self.shortcutValue(sequence)
    case .action(let action):
      if let image = action.image { properties["icon-name"] = .string(image) }
    case .deferred:
      break
    }
    if case .menu = element {
    } else if radio || element.state != .off {
      properties["toggle-type"] = .string(radio ? "radio" : "checkmark")
      let toggleState: Int32 =
        switch element.state {
        case .on: 1
        case .off: 0
        case .mixed: -1
        }
      properties["toggle-state"] = .int32(toggleState)
    }
    if properties["shortcut"] == .array("as", []) { properties["shortcut"] = nil }
    layout.items[id] = MenuLayout.Item(properties: properties, children: children, element: element)
    return id
  }

  private static func shortcutValue(_ sequence: KeySequence) -> DBusValue {
    guard let strokes = DesktopNotation.dbusmenuShortcut(sequence) else { return .array("as", []) }
    return .array("as", strokes.map(DBusValue.strings))
  }

  /// An element's identity (see ``MenuItemIdentities``).
  private func identity(of element: MenuElement, parentKey: String) -> String {
    switch element {
    case .menu(let menu):
      if let identifier = menu.identifier { return "menu " + identifier.rawValue }
      return parentKey + " / " + menu.title
    case .command(let command): return "command " + command.key.description
    case .keyCommand(let keyCommand): return "command " + keyCommand.command.key.description
    case .action(let action): return "action " + action.identifier.rawValue
    case .deferred(let deferred): return "deferred " + deferred.identifier
    }
  }

  /// The key itself the first time, then `key #2`, `key #3`…
  private mutating func unique(_ key: String) -> String {
    let count = (usedKeys[key] ?? 0) + 1
    usedKeys[key] = count
    return count == 1 ? key : "\(key) #\(count)"
  }
}
