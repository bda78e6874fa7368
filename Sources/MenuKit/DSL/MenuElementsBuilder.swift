/// A result builder that collects menu elements into an array, the way SwiftUI's view builder
/// collects the buttons of a menu.
///
/// The builder is sugar over the plain model: its component is `[MenuElement]`, each
/// expression is lifted into that array, and everything it builds can also be written as an
/// array literal. Ordinary control flow works: `if`, `if let`, `switch`, `for … in` and
/// `if #available`.
///
/// The builder normalises what it returns, so renderers never see empty or stray pieces:
/// - An anonymous, empty inline menu vanishes; one with an identifier stays, because later
///   ``MenuBuilder`` edits may fill it.
/// - When the body contains a ``Divider``, the runs of elements between dividers become inline
///   menus (separated sections). Runs left empty by leading, trailing or doubled dividers
///   vanish, and a run that is already a single inline menu is kept as it is. A body without a
///   divider is returned unchanged.
///
/// ```swift
/// let file = Menu("File", identifier: .file) {
///   Button("New", action: "newDocument:").keyboardShortcut("n")
///   Button("Open…", action: "openDocument:").keyboardShortcut("o")
///   Divider()
///   if showsPrint {
///     Button("Print…", action: "print:").keyboardShortcut("p")
///   }
///   for document in recentDocuments {
///     Button(document.name, action: "openRecent:").propertyList(.string(document.path))
///   }
/// }
/// // file.children == [inline[New, Open…], inline[Print…, recent documents…]]
/// ```
@resultBuilder
public enum MenuElementsBuilder {
  /// Passes an element through.
  public static func buildExpression(_ element: MenuElement) -> [MenuElement] { [element] }

  /// Lifts a menu: a submenu, or an inline group when it is inline.
  public static func buildExpression(_ menu: Menu) -> [MenuElement] { [.menu(menu)] }

  /// Lifts a command.
  public static func buildExpression(_ command: Command) -> [MenuElement] { [.command(command)] }

  /// Lifts a key command.
  public static func buildExpression(_ keyCommand: KeyCommand) -> [MenuElement] {
    [.keyCommand(keyCommand)]
  }

  /// Lifts a closure-based action.
  public static func buildExpression(_ action: Action) -> [MenuElement] { [.action(action)] }

  /// Lifts a deferred element.
  public static func buildExpression(_ deferred: DeferredElement) -> [MenuElement] {
    [.deferred(deferred)]
  }

  /// Lifts a button: its command, key command or action.
  public static func buildExpression<Content>(_ button: Button<Content>) -> [MenuElement] {
    [button.element]
  }

  /// Lifts a toggle: its command, key command or action, with its on/off state.
  public static func buildExpression<Content>(_ toggle: Toggle<Content>) -> [MenuElement] {
    [toggle.element]
  }

  /// Marks a section break; ``buildFinalResult(_:)`` turns the marks into inline menus.
  public static func buildExpression(_ divider: Divider) -> [MenuElement] { [Divider.marker] }

  /// Splices a sequence of elements, such as an array built elsewhere.
  public static func buildExpression(_ elements: some Sequence<MenuElement>) -> [MenuElement] {
    Array(elements)
  }

  /// Splices a sequence of menus.
  public static func buildExpression(_ menus: some Sequence<Menu>) -> [MenuElement] {
    menus.map(MenuElement.menu)
  }

  /// Splices a sequence of commands.
  public static func buildExpression(_ commands: some Sequence<Command>) -> [MenuElement] {
    commands.map(MenuElement.command)
  }

  /// Splices a sequence of key commands.
  public static func buildExpression(_ keyCommands: some Sequence<KeyCommand>) -> [MenuElement] {
    keyCommands.map(MenuElement.keyCommand)
  }

  /// Splices a sequence of actions.
  public static func buildExpression(_ actions: some Sequence<Action>) -> [MenuElement] {
    actions.map(MenuElement.action)
  }

  /// Splices a sequence of buttons, such as the result of `map`.
  public static func buildExpression<Content>(_ buttons: some Sequence<Button<Content>>)
    -> [MenuElement]
  {
    buttons.map(\.element)
  }

  /// Concatenates the statements of a block.
  public static func buildBlock(_ components: [MenuElement]...) -> [MenuElement] {
    components.flatMap { $0 }
  }

  /// Builds an `if` without `else`: nothing when the condition is false.
  public static func buildOptional(_ component: [MenuElement]?) -> [MenuElement] {
    component ?? []
  }

  /// Builds the first branch of an `if`/`else` or `switch`.
  public static func buildEither(first component: [MenuElement]) -> [MenuElement] { component }

  /// Builds the second branch of an `if`/`else` or `switch`.
  public static func buildEither(second component: [MenuElement]) -> [MenuElement] { component }

  /// Concatenates the iterations of a `for … in` loop.
  public static func buildArray(_ components: [[MenuElement]]) -> [MenuElement] {
    components.flatMap { $0 }
  }

  /// Builds the body of an `if #available` check.
  public static func buildLimitedAvailability(_ component: [MenuElement]) -> [MenuElement] {
    component
  }

  /// Normalises a whole body: drops empty anonymous inline menus and groups the elements
  /// between dividers into inline menus (see the type's discussion).
  public static func buildFinalResult(_ component: [MenuElement]) -> [MenuElement] {
    let elements = component.filter { !$0.isEmptyAnonymousInlineMenu }
    guard elements.contains(where: \.isDividerMarker) else { return elements }
    var runs: [[MenuElement]] = [[]]
    for element in elements {
      if element.isDividerMarker {
        runs.append([])
      } else {
        runs[runs.count - 1].append(element)
      }
    }
    return runs.filter { !$0.isEmpty }.map { run in
      if run.count == 1, let menu = run[0].menu, menu.isInline { return run[0] }
      return .menu(Menu(options: .displayInline, children: run))
    }
  }
}

// MARK: - API

extension Menu {
  /// Creates a menu whose children come from a ``MenuElementsBuilder`` body.
  ///
  /// This is sugar over ``init(title:subtitle:image:identifier:options:preferredElementSize:children:)``.
  ///
  /// ```swift
  /// let view = Menu("View", identifier: .view) {
  ///   Button("Show Sidebar", action: "toggleSidebar:").keyboardShortcut("s", modifiers: [.command, .control])
  ///   Menu("Zoom") {
  ///     Button("Zoom In", action: "zoomIn:").keyboardShortcut("+")
  ///     Button("Zoom Out", action: "zoomOut:").keyboardShortcut("-")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The title shown in the menu bar or as a submenu item.
  ///   - image: A symbol name for the menu's image.
  ///   - identifier: The identifier builder edits use; nil for an anonymous menu.
  ///   - options: How the menu is displayed.
  ///   - children: The menu's elements.
  public init(
    _ title: String, image: String? = nil, identifier: MenuIdentifier? = nil,
    options: Options = [], @MenuElementsBuilder children: () throws -> [MenuElement]
  ) rethrows {
    self.init(
      title: title, image: image, identifier: identifier, options: options,
      children: try children())
  }

  /// Creates an untitled inline menu: a section of its parent, set off by separators.
  ///
  /// ```swift
  /// Menu("Sort By") {
  ///   Menu.inline(identifier: "com.example.sortKeys", options: .singleSelection) {
  ///     Button("Name", action: "sortBy:").propertyList("name").state(.on)
  ///     Button("Date", action: "sortBy:").propertyList("date")
  ///   }
  ///   Menu.inline {
  ///     Button("Ascending", action: "sortAscending:")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The identifier builder edits use; nil for an anonymous group.
  ///   - options: Options added to ``Options-swift.struct/displayInline``.
  ///   - children: The group's elements.
  /// - Returns: A menu with the ``Options-swift.struct/displayInline`` option.
  public static func inline(
    identifier: MenuIdentifier? = nil, options: Options = [],
    @MenuElementsBuilder _ children: () throws -> [MenuElement]
  ) rethrows -> Menu {
    Menu(
      identifier: identifier, options: options.union(.displayInline), children: try children())
  }
}

// MARK: - Internal

extension MenuElement {
  /// Whether the element is the marker a ``Divider`` leaves until the end of its body.
  var isDividerMarker: Bool {
    menu?.identifier == Divider.markerIdentifier
  }

  /// Whether the element is an inline menu with no identifier and no children.
  var isEmptyAnonymousInlineMenu: Bool {
    guard let menu else { return false }
    return menu.isInline && menu.identifier == nil && menu.children.isEmpty
  }
}
