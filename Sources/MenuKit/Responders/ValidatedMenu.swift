import Synchronization

/// The validation pass: the enabled state and checkmark of every command in a menu tree, for
/// one first responder (UIKit's `canPerformAction(_:withSender:)` and `validate(_:)` run before
/// a menu is shown).
///
/// ``validate(_:)`` returns a ``ValidatedMenu``: a copy of the tree as renderers and the
/// command palette should show it. The rules, applied in tree order:
///
/// 1. For each ``Command`` and ``KeyCommand``, the target is
///    `firstResponder?.target(forAction: command.action, withSender: command)`; the chain walk
///    is loop-checked by ``ResponderChain``, so a looping chain still terminates.
/// 2. With no target (or no first responder), the command gains
///    ``MenuElementAttributes/disabled`` and `validate(_:)` is not called.
/// 3. With a target, the target's ``Responder/validate(_:)`` receives the command as a mutable
///    value (UIKit's "mutable command"): it may change the state, attributes (including
///    `.disabled`), title, image and discoverability title.
/// 4. A command whose definition already has `.disabled` stays disabled, whatever
///    `validate(_:)` does; its state is still validated.
/// 5. ``Action`` elements (closures) do not go through the chain: they are left exactly as
///    defined, so they are enabled unless their own attributes say `.disabled`.
/// 6. ``CommandAlternate``s are left as they are; they are not validated separately.
/// 7. A deferred element is resolved synchronously (a ``DeferredElement/Caching/cached`` one
///    calls its provider once over all validations) and replaced by its elements, which are
///    validated in turn. A provider that does not call its completion before returning leaves
///    the deferred element in place; its identifier is listed in
///    ``ValidatedMenu/unresolvedDeferredElements``.
/// 8. A ``Menu/Options-swift.struct/singleSelection`` menu whose validation turns more than one
///    element `on` — among its children, the children of its inline sections and of its
///    submenus, at any depth, as UIKit's "the menu and any submenus" — keeps the first `on`
///    in tree order and turns the others `off`.
/// 9. Hidden elements are validated and kept; renderers skip them.
/// 10. Menus nested deeper than ``MenuValidator/maximumDepth`` are not descended into: their
///     contents are kept unvalidated. Elements produced by deferred elements count one level
///     deeper than the deferred element, so providers that keep returning deferred elements
///     stop at the same limit.
///
/// ```swift
/// let validation = MenuValidation(firstResponder: app.firstResponderForEvents)
/// let validated = validation.validate(MenuSystem.main.menu)
/// validated.isEnabled(CommandKey(action: "copy:"))  // false while nothing is selected
/// print(TextMenuRenderer(platform: .linux).render(validated.menu))
/// ```
@MainActor
public struct MenuValidation {
  /// The responder the chain walk starts from; nil disables every command.
  public var firstResponder: Responder?

  /// Creates a validation pass for a first responder.
  ///
  /// - Parameter firstResponder: Where target lookups start, usually
  ///   ``Application/firstResponderForEvents``; nil disables every command.
  public init(firstResponder: Responder?) {
    self.firstResponder = firstResponder
  }

  /// The first responder's chain, when the caller has already walked it: targets are then
  /// found in it without walking `next` again (the key dispatcher's hot path).
  var knownChain: [Responder]?

  /// Creates a validation over a chain that has already been walked.
  init(chain: [Responder]) {
    self.firstResponder = chain.first
    self.knownChain = chain
  }

  /// Validates a menu tree.
  ///
  /// - Parameter menu: The tree to validate; it is not changed.
  /// - Returns: The validated copy and the deferred elements that could not be resolved.
  /// - Complexity: O(*n* · *c*) for *n* elements and a responder chain of *c* responders.
  public func validate(_ menu: Menu) -> ValidatedMenu {
    var unresolved: [String] = []
    var result = menu
    result.children = validate(
      menu.children, depth: 1, singleSelection: menu.options.contains(.singleSelection),
      unresolved: &unresolved)
    return ValidatedMenu(menu: result, unresolvedDeferredElements: unresolved)
  }

  /// Validates one command (rules 1 to 4).
  ///
  /// - Parameter command: The command as defined.
  /// - Returns: The command as its target's `validate(_:)` left it, disabled when nothing in the
  ///   chain performs its action or when its definition is disabled.
  public func validate(_ command: Command) -> Command {
    validate(command, sender: command).command
  }

  /// Validates one command as `sender` asks for it — the key dispatcher passes the key
  /// command, as UIKit does — and returns the target found, which performs the action.
  func validate(_ command: Command, sender: Any?) -> (command: Command, target: Responder?) {
    var result = command
    let target = validate(&result, sender: sender)
    return (result, target)
  }

  /// Validates a command in place (rules 1 to 4) and returns the target found: the command
  /// is disabled when nothing in the chain performs its action or its definition is disabled.
  func validate(_ command: inout Command, sender: Any?) -> Responder? {
    let isDisabled = command.attributes.contains(.disabled)
    guard let target = target(for: command.action, sender: sender) else {
      command.attributes.insert(.disabled)
      return nil
    }
    target.validate(&command)
    if isDisabled { command.attributes.insert(.disabled) }
    return target
  }

  /// The first responder on the chain that can perform an action (UIKit's
  /// `target(forAction:withSender:)`).
  @inline(__always)
  func target(for action: ActionName, sender: Any?) -> Responder? {
    if let chain = knownChain {
      for responder in chain {
        if let owner = responder.owner(ofAction: action, withSender: sender) { return owner }
      }
      return nil
    }
    return firstResponder?.target(forAction: action, withSender: sender)
  }

  private func validate(
    _ children: [MenuElement], depth: Int, singleSelection: Bool, unresolved: inout [String]
  ) -> [MenuElement] {
    guard depth <= MenuValidator.maximumDepth else { return children }
    var result: [MenuElement] = []
    result.reserveCapacity(children.count)
    for element in children {
      switch element {
      case .menu(var menu):
        menu.children = validate(
          menu.children, depth: depth + 1,
          singleSelection: menu.options.contains(.singleSelection), unresolved: &unresolved)
        result.append(.menu(menu))
      case .command(let command):
        result.append(.command(validate(command)))
      case .keyCommand(var keyCommand):
        keyCommand.command = validate(keyCommand.command)
        result.append(.keyCommand(keyCommand))
      case .action:
        result.append(element)
      case .deferred(let deferred):
        if let elements = resolve(deferred) {
          result += validate(
            elements, depth: depth + 1, singleSelection: false, unresolved: &unresolved)
        } else {
          unresolved.append(deferred.identifier)
          result.append(element)
        }
      }
    }
    if singleSelection { Self.keepFirstOn(&result) }
    return result
  }

  /// Turns off every `on` leaf after the first, in tree order, among the elements and inside
  /// the menus among them, inline or not (rule 8).
  private static func keepFirstOn(_ elements: inout [MenuElement]) {
    var seenOn = false
    keepFirstOn(&elements, seenOn: &seenOn, depth: 1)
  }

  /// ``keepFirstOn(_:)`` once the first `on` leaf may have been seen; stops, as validation
  /// does, below ``MenuValidator/maximumDepth``.
  private static func keepFirstOn(_ elements: inout [MenuElement], seenOn: inout Bool, depth: Int) {
    guard depth <= MenuValidator.maximumDepth else { return }
    for index in elements.indices {
      if case .menu(var menu) = elements[index] {
        keepFirstOn(&menu.children, seenOn: &seenOn, depth: depth + 1)
        elements[index] = .menu(menu)
        continue
      }
      guard elements[index].state == .on else { continue }
      guard seenOn else {
        seenOn = true
        continue
      }
      switch elements[index] {
      case .command(var command):
        command.state = .off
        elements[index] = .command(command)
      case .keyCommand(var keyCommand):
        keyCommand.command.state = .off
        elements[index] = .keyCommand(keyCommand)
      case .action(var action):
        action.state = .off
        elements[index] = .action(action)
      case .menu, .deferred:
        break
      }
    }
  }

  /// The elements of a deferred element if its provider completes before returning: its own
  /// provider's, or for a focus-based element the chain's (``resolveUsingFocus(_:)``).
  func resolve(_ deferred: DeferredElement) -> [MenuElement]? {
    deferred.usesFocus ? resolveUsingFocus(deferred) : deferred.resolvedSynchronously()
  }

  /// The elements the first responder on the chain that has a provider for a focus-based
  /// element provides (``Responder/provider(for:)``); none when no responder has one, nil
  /// when the provider does not complete before returning. A cached element keeps the first
  /// elements provided.
  func resolveUsingFocus(_ deferred: DeferredElement) -> [MenuElement]? {
    if deferred.caching == .cached, let cached = deferred.cache.resolvedElements {
      return cached
    }
    let chain = knownChain ?? ResponderChain(startingAt: firstResponder).responders
    guard let provider = chain.lazy.compactMap({ $0.provider(for: deferred) }).first else {
      return []
    }
    let box = DeferredElement.ResolutionBox()
    provider { elements in
      box.elements.withLock { if $0 == nil { $0 = elements } }
    }
    let elements = box.elements.withLock { $0 }
    if deferred.caching == .cached, let elements {
      deferred.cache.keep(elements)
    }
    return elements
  }

}

/// A menu tree after the validation pass: each command's enabled state and checkmark for one
/// first responder, as renderers and the command palette show it.
///
/// ``menu`` keeps the original structure, with deferred elements replaced by their resolved
/// elements and hidden elements kept (renderers skip them). See ``MenuValidation`` for the
/// rules.
///
/// ```swift
/// let validated = MenuSystem.main.validatedMenu(for: tableView)
/// validated.isEnabled(CommandKey(action: "paste:"))
/// validated.state(of: CommandKey(action: "fontStyleAction:", propertyList: ["font": "bold"]))
/// ```
public struct ValidatedMenu: Hashable, Sendable {
  /// The validated tree.
  public var menu: Menu
  /// The identifiers of deferred elements whose providers did not complete synchronously; the
  /// elements are left in place in ``menu``.
  public var unresolvedDeferredElements: [String]

  /// Creates a validated menu from a tree already validated.
  public init(menu: Menu, unresolvedDeferredElements: [String] = []) {
    self.menu = menu
    self.unresolvedDeferredElements = unresolvedDeferredElements
  }

  /// The first command or key command's command in tree order with this address.
  ///
  /// - Complexity: O(*n*) for *n* elements.
  public func command(for key: CommandKey) -> Command? {
    var found: Command?
    menu.forEachElement { element, _ in
      if found == nil, let command = element.command, command.key == key { found = command }
    }
    return found
  }

  /// Whether the first command with this address is enabled; false when there is none.
  public func isEnabled(_ key: CommandKey) -> Bool {
    command(for: key).map { !$0.attributes.contains(.disabled) } ?? false
  }

  /// The state of the first command with this address; nil when there is none.
  public func state(of key: CommandKey) -> MenuElementState? {
    command(for: key)?.state
  }
}
