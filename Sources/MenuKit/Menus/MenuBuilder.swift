/// Edits a menu tree by identifier, with every operation of UIKit's `UIMenuBuilder`.
///
/// A builder holds a menu tree in an indexed form: looking up a menu, action or command by its
/// identifier takes amortised O(1), not a tree scan, so a long series of edits on a large menu
/// stays fast.
///
/// As in UIKit, an edit that names an identifier the tree does not contain does nothing, and
/// the edits after it still apply: `builder.remove(menu: .services)` in code written for the
/// mac, where Linux has no Services menu, does not keep the app's own menus from being added.
/// Each edit that could not be applied — an absent identifier, an identifier already in use,
/// an edit of the root — is recorded in ``diagnostics``, which ``MenuSystem`` and `menu-dump`
/// report. To have a failed edit thrown instead, apply a ``MenuEdit`` with
/// ``MenuEdit/apply(to:)``.
///
/// ```swift
/// var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
/// builder.insertChild(openMenu, atStartOfMenu: .file)
/// builder.insertSibling(citiesMenu, afterMenu: .view)
/// builder.remove(menu: .services)  // absent on linux: nothing happens, MK201 is recorded
/// let menu = builder.menu
/// builder.diagnostics  // [error[MK201]: no menu has the identifier 'services'; …]
/// ```
public struct MenuBuilder: Sendable {
  /// The menu system this builder edits.
  public var system: MenuSystemKind
  /// The edits that could not be applied, in the order they were made, each with the reason:
  /// an identifier the tree does not contain (`MK201`–`MK203`), an identifier already in use
  /// (`MK204`), an edit of the root (`MK205`); and the notes of ``CommandGroup``s whose
  /// placement the platform's menus lack (`MK206`). Those edits changed nothing.
  public internal(set) var diagnostics: [Diagnostic] = []

  struct Node: Sendable {
    /// The element; for a menu, its `children` are kept empty and live in `children` below.
    var element: MenuElement
    var children: [Int]
    var parent: Int?
    var isAlive = true
  }

  var nodes: [Node] = []
  var menuIndex: [MenuIdentifier: Int] = [:]
  var actionIndex: [ActionIdentifier: Int] = [:]
  var commandIndex: [CommandKey: [Int]] = [:]
  /// Whether an unknown menu identifier gets a "did you mean" suggestion; a caller that will
  /// not show the error (``MenuFile/apply(to:)`` past its first 100 problems) turns it off.
  var suggestsIdentifiers = true
  let rootNode = 0

  /// Creates a builder that edits `menu`, the root of a menu system.
  ///
  /// If the tree already uses an identifier twice, lookups find the first; ``MenuValidator``
  /// reports the duplicate.
  public init(menu: Menu, system: MenuSystemKind = .main) {
    self.system = system
    var root = menu
    let children = root.children
    root.children = []
    nodes.append(Node(element: .menu(root), children: [], parent: nil))
    if let identifier = menu.identifier { menuIndex[identifier] = rootNode }
    nodes[rootNode].children = ingest(children, parent: rootNode)
  }

  /// The root menu with every edit applied.
  ///
  /// - Complexity: O(*n*) for *n* elements.
  public var menu: Menu {
    guard case .menu(let menu) = materialize(rootNode) else {
      preconditionFailure("the root node is always a menu")
    }
    return menu
  }
}

/// Which menu system a builder or responder is working on (UIKit's `UIMenuSystem.main` and
/// `.context`).
///
/// ```swift
/// override func buildMenu(with builder: inout MenuBuilder) throws {
///   guard builder.system == .main else { return }
///   builder.remove(menu: .format)
/// }
/// ```
public enum MenuSystemKind: String, Hashable, Sendable {
  /// The main menu: the menu bar, with exactly one root menu.
  case main
  /// Context menus, each built by a responder.
  case context
}

// MARK: - Getting menus and elements

extension MenuBuilder {
  /// The menu with an identifier, with its current children (UIKit's `menu(for:)`).
  ///
  /// - Complexity: O(1) to find it, plus O(*k*) to copy its *k* descendants.
  public func menu(for identifier: MenuIdentifier) -> Menu? {
    menuIndex[identifier].flatMap { materialize($0).menu }
  }

  /// The action with an identifier (UIKit's `action(for:)`).
  ///
  /// - Complexity: O(1).
  public func action(for identifier: ActionIdentifier) -> Action? {
    guard let node = actionIndex[identifier], case .action(let action) = nodes[node].element
    else { return nil }
    return action
  }

  /// The command with an action and property list (UIKit's `command(for:propertyList:)`);
  /// for a key command, its command.
  ///
  /// - Complexity: O(1) amortised.
  public func command(for action: ActionName, propertyList: PropertyList? = nil) -> Command? {
    commandNode(CommandKey(action: action, propertyList: propertyList)).flatMap {
      nodes[$0].element.command
    }
  }

  /// The key command with an action and property list, if that command has a shortcut.
  ///
  /// - Complexity: O(1) amortised.
  public func keyCommand(for action: ActionName, propertyList: PropertyList? = nil) -> KeyCommand? {
    guard let node = commandNode(CommandKey(action: action, propertyList: propertyList)),
      case .keyCommand(let keyCommand) = nodes[node].element
    else { return nil }
    return keyCommand
  }

  /// Whether the tree contains the referenced element.
  public func contains(_ reference: MenuElementReference) -> Bool {
    node(for: reference) != nil
  }
}

// MARK: - Inserting menus and elements

extension MenuBuilder {
  /// Adds a menu as the first child of a menu.
  public mutating func insertChild(_ menu: Menu, atStartOfMenu parent: MenuIdentifier) {
    apply(MenuEdit(.insert([.menu(menu)], .atStartOf(parent))))
  }

  /// Adds a menu as the last child of a menu.
  public mutating func insertChild(_ menu: Menu, atEndOfMenu parent: MenuIdentifier) {
    apply(MenuEdit(.insert([.menu(menu)], .atEndOf(parent))))
  }

  /// Inserts a menu before a menu, in the same parent.
  public mutating func insertSibling(_ menu: Menu, beforeMenu sibling: MenuIdentifier) {
    apply(MenuEdit(.insert([.menu(menu)], .before(.menu(sibling)))))
  }

  /// Inserts a menu after a menu, in the same parent.
  public mutating func insertSibling(_ menu: Menu, afterMenu sibling: MenuIdentifier) {
    apply(MenuEdit(.insert([.menu(menu)], .after(.menu(sibling)))))
  }

  /// Inserts elements at the start of a menu.
  public mutating func insertElements(
    _ elements: [MenuElement], atStartOfMenu parent: MenuIdentifier
  ) {
    apply(MenuEdit(.insert(elements, .atStartOf(parent))))
  }

  /// Inserts elements at the end of a menu.
  public mutating func insertElements(
    _ elements: [MenuElement], atEndOfMenu parent: MenuIdentifier
  ) {
    apply(MenuEdit(.insert(elements, .atEndOf(parent))))
  }

  /// Inserts elements before a menu, in the same parent.
  public mutating func insertElements(_ elements: [MenuElement], beforeMenu menu: MenuIdentifier) {
    apply(MenuEdit(.insert(elements, .before(.menu(menu)))))
  }

  /// Inserts elements after a menu, in the same parent.
  public mutating func insertElements(_ elements: [MenuElement], afterMenu menu: MenuIdentifier) {
    apply(MenuEdit(.insert(elements, .after(.menu(menu)))))
  }

  /// Inserts elements before an action.
  public mutating func insertElements(
    _ elements: [MenuElement], beforeAction action: ActionIdentifier
  ) {
    apply(MenuEdit(.insert(elements, .before(.action(action)))))
  }

  /// Inserts elements after an action.
  public mutating func insertElements(
    _ elements: [MenuElement], afterAction action: ActionIdentifier
  ) {
    apply(MenuEdit(.insert(elements, .after(.action(action)))))
  }

  /// Inserts elements before a command.
  public mutating func insertElements(
    _ elements: [MenuElement], beforeCommand action: ActionName,
    propertyList: PropertyList? = nil
  ) {
    let key = CommandKey(action: action, propertyList: propertyList)
    apply(MenuEdit(.insert(elements, .before(.command(key)))))
  }

  /// Inserts elements after a command.
  public mutating func insertElements(
    _ elements: [MenuElement], afterCommand action: ActionName, propertyList: PropertyList? = nil
  ) {
    let key = CommandKey(action: action, propertyList: propertyList)
    apply(MenuEdit(.insert(elements, .after(.command(key)))))
  }

  /// Inserts elements just before the referenced element, in its parent.
  public mutating func insertElements(
    _ elements: [MenuElement], before reference: MenuElementReference
  ) {
    apply(MenuEdit(.insert(elements, .before(reference))))
  }

  /// Inserts elements just after the referenced element, in its parent.
  public mutating func insertElements(
    _ elements: [MenuElement], after reference: MenuElementReference
  ) {
    apply(MenuEdit(.insert(elements, .after(reference))))
  }
}

// MARK: - Replacing and removing

extension MenuBuilder {
  /// Replaces a menu's children with what `transform` returns; it receives the current ones.
  public mutating func replaceChildren(
    ofMenu parent: MenuIdentifier, from transform: ([MenuElement]) -> [MenuElement]
  ) {
    record { (builder) throws(MenuBuilderError) in
      try builder.checkedReplaceChildren(ofMenu: parent, from: transform)
    }
  }

  /// Replaces a menu with another menu.
  public mutating func replace(menu identifier: MenuIdentifier, with menu: Menu) {
    apply(MenuEdit(.replace(.menu(identifier), with: [.menu(menu)])))
  }

  /// Replaces a menu with elements.
  public mutating func replace(menu identifier: MenuIdentifier, with elements: [MenuElement]) {
    apply(MenuEdit(.replace(.menu(identifier), with: elements)))
  }

  /// Replaces an action with elements.
  public mutating func replace(action identifier: ActionIdentifier, with elements: [MenuElement]) {
    apply(MenuEdit(.replace(.action(identifier), with: elements)))
  }

  /// Replaces a command with elements.
  public mutating func replace(
    command action: ActionName, propertyList: PropertyList? = nil, with elements: [MenuElement]
  ) {
    let key = CommandKey(action: action, propertyList: propertyList)
    apply(MenuEdit(.replace(.command(key), with: elements)))
  }

  /// Removes a menu and everything in it.
  public mutating func remove(menu identifier: MenuIdentifier) {
    apply(MenuEdit(.remove(.menu(identifier))))
  }

  /// Removes an action.
  public mutating func remove(action identifier: ActionIdentifier) {
    apply(MenuEdit(.remove(.action(identifier))))
  }

  /// Removes a command.
  public mutating func remove(command action: ActionName, propertyList: PropertyList? = nil) {
    apply(MenuEdit(.remove(.command(CommandKey(action: action, propertyList: propertyList)))))
  }

  /// Replaces the referenced element with elements, in place.
  public mutating func replace(_ reference: MenuElementReference, with elements: [MenuElement]) {
    apply(MenuEdit(.replace(reference, with: elements)))
  }

  /// Removes the referenced element and, for a menu, everything in it.
  public mutating func remove(_ reference: MenuElementReference) {
    apply(MenuEdit(.remove(reference)))
  }

  /// Performs an edit; one that cannot be applied does nothing and is recorded in
  /// ``diagnostics``, as every edit method of the builder does.
  ///
  /// To have a failed edit thrown instead, call ``MenuEdit/apply(to:)``.
  public mutating func apply(_ edit: MenuEdit) {
    record { (builder) throws(MenuBuilderError) in try edit.apply(to: &builder) }
  }
}

// MARK: - Checked edits

extension MenuBuilder {
  /// Runs an edit that throws when it cannot be applied (and then changes nothing), and
  /// records what it threw in ``diagnostics``.
  mutating func record(_ edit: (inout MenuBuilder) throws(MenuBuilderError) -> Void) {
    do throws(MenuBuilderError) {
      try edit(&self)
    } catch {
      diagnostics.append(Diagnostic(error.code, error.description))
    }
  }

  /// Inserts elements at a position, or throws and changes nothing.
  mutating func checkedInsert(_ elements: [MenuElement], at position: MenuEdit.InsertPosition)
    throws(MenuBuilderError)
  {
    switch position {
    case .atStartOf(let menu):
      try insert(elements, into: try menuNode(menu), at: 0)
    case .atEndOf(let menu):
      let parent = try menuNode(menu)
      try insert(elements, into: parent, at: nodes[parent].children.count)
    case .before(let reference):
      let (parent, index) = try self.position(of: reference)
      try insert(elements, into: parent, at: index)
    case .after(let reference):
      let (parent, index) = try self.position(of: reference)
      try insert(elements, into: parent, at: index + 1)
    }
  }

  /// Replaces a menu's children with what `transform` returns, or throws and changes nothing.
  mutating func checkedReplaceChildren(
    ofMenu parent: MenuIdentifier, from transform: ([MenuElement]) -> [MenuElement]
  ) throws(MenuBuilderError) {
    let parentNode = try menuNode(parent)
    try replaceChildren(
      of: parentNode, with: transform(nodes[parentNode].children.map(materialize)))
  }

  /// Replaces the children of a menu node, or throws and changes nothing.
  mutating func replaceChildren(of parentNode: Int, with newElements: [MenuElement])
    throws(MenuBuilderError)
  {
    let old = nodes[parentNode].children
    let removed = Set(old.flatMap { subtree(of: $0) })
    try checkInsertable(newElements, replacing: removed)
    for child in old { kill(child) }
    nodes[parentNode].children = ingest(newElements, parent: parentNode)
  }

  /// Replaces the referenced element with elements, or throws and changes nothing.
  mutating func checkedReplace(_ reference: MenuElementReference, with elements: [MenuElement])
    throws(MenuBuilderError)
  {
    let (parent, index) = try position(of: reference)
    try replace(nodeAt: index, in: parent, with: elements)
  }

  /// Replaces the child at an index of a node with elements, or throws and changes nothing.
  mutating func replace(nodeAt index: Int, in parent: Int, with elements: [MenuElement])
    throws(MenuBuilderError)
  {
    let target = nodes[parent].children[index]
    try checkInsertable(elements, replacing: Set(subtree(of: target)))
    kill(target)
    nodes[parent].children.remove(at: index)
    nodes[parent].children.insert(contentsOf: ingest(elements, parent: parent), at: index)
  }

  /// Removes the referenced element, or throws and changes nothing.
  mutating func checkedRemove(_ reference: MenuElementReference) throws(MenuBuilderError) {
    let (parent, index) = try position(of: reference)
    kill(nodes[parent].children[index])
    nodes[parent].children.remove(at: index)
  }
}

// MARK: - Internal

extension MenuBuilder {
  func node(for reference: MenuElementReference) -> Int? {
    switch reference {
    case .menu(let identifier): menuIndex[identifier]
    case .action(let identifier): actionIndex[identifier]
    case .command(let key): commandNode(key)
    }
  }

  func commandNode(_ key: CommandKey) -> Int? {
    commandIndex[key]?.first
  }

  func menuNode(_ identifier: MenuIdentifier) throws(MenuBuilderError) -> Int {
    guard let node = menuIndex[identifier] else {
      throw .unknownMenu(identifier, suggestion: suggestion(for: identifier))
    }
    return node
  }

  /// The identifier in the tree closest to an unknown one, when it looks like a typo of it
  /// (``Swift/StringProtocol/closest(in:)``: short words, a bounded number of candidates).
  func suggestion(for identifier: MenuIdentifier) -> MenuIdentifier? {
    guard suggestsIdentifiers else { return nil }
    return identifier.rawValue.closest(in: menuIndex.keys.lazy.map(\.rawValue))
      .map(MenuIdentifier.init(rawValue:))
  }

  /// The parent node and the index in it of the referenced element.
  func position(of reference: MenuElementReference) throws(MenuBuilderError) -> (Int, Int) {
    guard let node = node(for: reference) else {
      switch reference {
      case .menu(let identifier):
        throw .unknownMenu(identifier, suggestion: suggestion(for: identifier))
      case .action(let identifier): throw .unknownAction(identifier)
      case .command(let key): throw .unknownCommand(key)
      }
    }
    guard let parent = nodes[node].parent else {
      throw .invalidEdit("the root menu cannot be moved, replaced or removed")
    }
    guard let index = nodes[parent].children.firstIndex(of: node) else {
      preconditionFailure("a live node is always among its parent's children")
    }
    return (parent, index)
  }

  mutating func insert(_ elements: [MenuElement], into parent: Int, at index: Int)
    throws(MenuBuilderError)
  {
    try checkInsertable(elements, replacing: [])
    nodes[parent].children.insert(contentsOf: ingest(elements, parent: parent), at: index)
  }

  /// Throws if the elements use an identifier twice, or one that a live node outside
  /// `replacing` uses.
  func checkInsertable(_ elements: [MenuElement], replacing: Set<Int>) throws(MenuBuilderError) {
    var menus = Set<MenuIdentifier>()
    var actions = Set<ActionIdentifier>()
    for element in elements.flattenedTree() {
      switch element {
      case .menu(let menu):
        guard let identifier = menu.identifier else { continue }
        let existing = menuIndex[identifier]
        if !menus.insert(identifier).inserted || existing.map({ !replacing.contains($0) }) == true {
          throw .identifierInUse(identifier.rawValue)
        }
      case .action(let action):
        let existing = actionIndex[action.identifier]
        if !actions.insert(action.identifier).inserted
          || existing.map({ !replacing.contains($0) }) == true
        {
          throw .identifierInUse(action.identifier.rawValue)
        }
      default:
        continue
      }
    }
  }

  /// Adds nodes for a list of elements and their descendants, and returns the new top nodes.
  mutating func ingest(_ elements: [MenuElement], parent: Int) -> [Int] {
    var top: [Int] = []
    var pending: [(element: MenuElement, parent: Int, isTop: Bool)] = elements.reversed().map {
      ($0, parent, true)
    }
    while let (element, parent, isTop) = pending.popLast() {
      let index = nodes.count
      var stored = element
      var children: [MenuElement] = []
      if case .menu(var menu) = element {
        children = menu.children
        menu.children = []
        stored = .menu(menu)
      }
      nodes.append(Node(element: stored, children: [], parent: parent))
      if isTop { top.append(index) } else { nodes[parent].children.append(index) }
      register(index)
      pending.append(contentsOf: children.reversed().map { ($0, index, false) })
    }
    return top
  }

  mutating func register(_ node: Int) {
    switch nodes[node].element {
    case .menu(let menu):
      if let identifier = menu.identifier, menuIndex[identifier] == nil {
        menuIndex[identifier] = node
      }
    case .action(let action):
      if actionIndex[action.identifier] == nil { actionIndex[action.identifier] = node }
    case .command(let command):
      commandIndex[command.key, default: []].append(node)
    case .keyCommand(let keyCommand):
      commandIndex[keyCommand.command.key, default: []].append(node)
    case .deferred:
      break
    }
  }

  /// Marks a node and its descendants dead and removes them from the indexes.
  mutating func kill(_ node: Int) {
    for index in subtree(of: node) {
      nodes[index].isAlive = false
      switch nodes[index].element {
      case .menu(let menu):
        if let identifier = menu.identifier, menuIndex[identifier] == index {
          menuIndex[identifier] = nil
        }
      case .action(let action):
        if actionIndex[action.identifier] == index { actionIndex[action.identifier] = nil }
      case .command(let command):
        unregister(command.key, index)
      case .keyCommand(let keyCommand):
        unregister(keyCommand.command.key, index)
      case .deferred:
        break
      }
    }
  }

  mutating func unregister(_ key: CommandKey, _ node: Int) {
    commandIndex[key]?.removeAll { $0 == node }
    if commandIndex[key]?.isEmpty == true { commandIndex[key] = nil }
  }

  /// The node and all its descendants.
  func subtree(of node: Int) -> [Int] {
    var result: [Int] = []
    var pending = [node]
    while let next = pending.popLast() {
      result.append(next)
      pending.append(contentsOf: nodes[next].children)
    }
    return result
  }

  /// The element of a node with its children rebuilt, without recursion.
  func materialize(_ node: Int) -> MenuElement {
    // Post-order: a node's element is finished once all its children are.
    var finished: [Int: MenuElement] = [:]
    var pending: [(node: Int, expanded: Bool)] = [(node, false)]
    while let (current, expanded) = pending.popLast() {
      let children = nodes[current].children
      if !expanded, !children.isEmpty {
        pending.append((current, true))
        pending.append(contentsOf: children.reversed().map { ($0, false) })
        continue
      }
      var element = nodes[current].element
      if case .menu(var menu) = element {
        menu.children = children.map { finished.removeValue(forKey: $0)! }
        element = .menu(menu)
      }
      finished[current] = element
    }
    return finished[node]!
  }
}

extension Array where Element == MenuElement {
  /// The elements and all their descendants, depth first.
  func flattenedTree() -> [MenuElement] {
    var result: [MenuElement] = []
    var pending = Array(reversed())
    while let element = pending.popLast() {
      result.append(element)
      if case .menu(let menu) = element { pending.append(contentsOf: menu.children.reversed()) }
    }
    return result
  }
}
