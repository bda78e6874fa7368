/// A menu item in a ``MenuElementsBuilder`` body, as SwiftUI's `Button`: a ``Command``, a
/// ``KeyCommand`` or a closure-based ``Action``, configured with modifier methods.
///
/// `Content` says which element the button holds, so modifiers that only make sense for
/// commands are only offered there: `.keyboardShortcut(_:modifiers:)` turns a
/// `Button<Command>` into a `Button<KeyCommand>`, and is not available on a
/// `Button<Action>`, because a closure-based action has no shortcut in the model.
///
/// ```swift
/// Menu("File", identifier: .file) {
///   Button("Open…", action: "openDocument:")
///     .keyboardShortcut("o")                    // Cmd+O
///   Button("Export as PDF", action: "export:")
///     .propertyList("pdf")
///     .keywords(["save", "print"])
///   Button("Refresh", identifier: "com.example.refresh") { action, _ in
///     print("refreshing from \(action.title)")
///   }
///   .disabled(isOffline)
/// }
/// ```
public struct Button<Content>: Hashable, Sendable {
  /// The element the button stands for; its case is the one `Content` names.
  public private(set) var element: MenuElement
}

// MARK: - API

extension Button where Content == Command {
  /// Creates a button that performs an action by name through the responder chain.
  ///
  /// - Parameters:
  ///   - title: The title shown in menus.
  ///   - image: A symbol name for the item's image.
  ///   - action: The name of the action performed through the responder chain.
  ///   - propertyList: Data that tells this command apart from others with the same action.
  public init(
    _ title: String, image: String? = nil, action: ActionName, propertyList: PropertyList? = nil
  ) {
    self.init(
      element: .command(
        Command(title: title, image: image, action: action, propertyList: propertyList)))
  }

  /// Gives the command a keyboard shortcut, as SwiftUI's `keyboardShortcut(_:modifiers:)`.
  ///
  /// As in SwiftUI, the modifiers default to ``KeyModifierFlags/command``, and an uppercase
  /// Latin letter stands for Shift and that letter: `.keyboardShortcut("R")` is Cmd+Shift+R,
  /// the same as `.keyboardShortcut(KeyboardShortcut("R"))`
  /// (``KeyboardShortcut/init(_:modifiers:)``). Pass a
  /// ``KeyboardShortcut/init(_:modifierFlags:)`` to ``keyboardShortcut(_:)`` to use a key
  /// exactly as given, or ``KeyboardShortcut/defaultAction`` and
  /// ``KeyboardShortcut/cancelAction`` for Return and Escape.
  ///
  /// - Parameters:
  ///   - key: The key, such as `"o"` or ``KeyInput/upArrow``.
  ///   - modifiers: The modifiers that must be held.
  /// - Returns: A button holding a ``KeyCommand`` around the command.
  public func keyboardShortcut(_ key: KeyInput, modifiers: KeyModifierFlags = .command)
    -> Button<KeyCommand>
  {
    keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
  }

  /// Gives the command a keyboard shortcut.
  ///
  /// - Returns: A button holding a ``KeyCommand`` around the command.
  public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> Button<KeyCommand> {
    guard case .command(let command) = element else {
      preconditionFailure("a Button<Command> holds a command")
    }
    return Button<KeyCommand>(
      element: .keyCommand(
        KeyCommand(command, input: shortcut.input, modifierFlags: shortcut.modifierFlags)))
  }

  /// Sets the data that tells this command apart from others with the same action.
  public func propertyList(_ propertyList: PropertyList?) -> Button {
    updatingCommand { $0.propertyList = propertyList }
  }

  /// Sets the extra words a command palette matches.
  public func keywords(_ keywords: [String]) -> Button {
    updatingCommand { $0.keywords = keywords }
  }
}

extension Button where Content == KeyCommand {
  /// Replaces the key command's shortcut, with the same SwiftUI conventions as on a command
  /// button: the modifiers default to ``KeyModifierFlags/command``, and an uppercase Latin
  /// letter stands for Shift and that letter.
  public func keyboardShortcut(_ key: KeyInput, modifiers: KeyModifierFlags = .command)
    -> Button
  {
    keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
  }

  /// Replaces the key command's shortcut.
  public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> Button {
    guard case .keyCommand(var keyCommand) = element else {
      preconditionFailure("a Button<KeyCommand> holds a key command")
    }
    keyCommand.shortcut = shortcut
    return Button(element: .keyCommand(keyCommand))
  }

  /// Sets the data that tells this command apart from others with the same action.
  public func propertyList(_ propertyList: PropertyList?) -> Button {
    updatingCommand { $0.propertyList = propertyList }
  }

  /// Sets the extra words a command palette matches.
  public func keywords(_ keywords: [String]) -> Button {
    updatingCommand { $0.keywords = keywords }
  }
}

extension Button where Content == Action {
  /// Creates a button that runs a closure, without the responder chain.
  ///
  /// - Parameters:
  ///   - title: The title shown in menus.
  ///   - image: A symbol name for the item's image.
  ///   - identifier: The identifier builder edits use to address the action; a unique one is
  ///     generated when it is nil.
  ///   - handler: The closure run when the action is performed.
  public init(
    _ title: String, image: String? = nil, identifier: ActionIdentifier? = nil,
    handler: @escaping Action.Handler
  ) {
    self.init(
      element: .action(
        Action(title: title, image: image, identifier: identifier, handler: handler)))
  }

  /// Creates a button that runs a closure of no arguments, as SwiftUI's
  /// `Button(_:action:)`.
  ///
  /// ```swift
  /// Button("Tokyo") { show(.tokyo) }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The title shown in menus.
  ///   - image: A symbol name for the item's image.
  ///   - identifier: The identifier builder edits use to address the action; a unique one is
  ///     generated when it is nil.
  ///   - action: The closure run when the button is chosen.
  public init(
    _ title: String, image: String? = nil, identifier: ActionIdentifier? = nil,
    action: @escaping @MainActor @Sendable () -> Void
  ) {
    self.init(
      element: .action(
        Action(title: title, image: image, identifier: identifier) { _, _ in action() }))
  }
}

extension Button {
  /// Adds or removes the ``MenuElementAttributes/disabled`` attribute, as SwiftUI's
  /// `disabled(_:)`.
  public func disabled(_ disabled: Bool) -> Button {
    updatingAttributes {
      if disabled { $0.insert(.disabled) } else { $0.remove(.disabled) }
    }
  }

  /// Adds attributes, such as ``MenuElementAttributes/destructive``.
  public func attributes(_ attributes: MenuElementAttributes) -> Button {
    updatingAttributes { $0.formUnion(attributes) }
  }

  /// Sets the checkmark state.
  public func state(_ state: MenuElementState) -> Button {
    var copy = self
    switch copy.element {
    case .action(var action):
      action.state = state
      copy.element = .action(action)
    default:
      copy = copy.updatingCommand { $0.state = state }
    }
    return copy
  }

  /// Sets the elaborated title shown in the discoverability overlay and the command palette.
  public func discoverabilityTitle(_ title: String?) -> Button {
    var copy = self
    switch copy.element {
    case .action(var action):
      action.discoverabilityTitle = title
      copy.element = .action(action)
    default:
      copy = copy.updatingCommand { $0.discoverabilityTitle = title }
    }
    return copy
  }
}

// MARK: - Internal

extension Button {
  /// A copy with the command (of a command or key command) changed.
  func updatingCommand(_ update: (inout Command) -> Void) -> Button {
    var copy = self
    switch element {
    case .command(var command):
      update(&command)
      copy.element = .command(command)
    case .keyCommand(var keyCommand):
      update(&keyCommand.command)
      copy.element = .keyCommand(keyCommand)
    case .menu, .action, .deferred:
      break
    }
    return copy
  }

  /// A copy with the attributes changed.
  func updatingAttributes(_ update: (inout MenuElementAttributes) -> Void) -> Button {
    var copy = self
    switch copy.element {
    case .action(var action):
      update(&action.attributes)
      copy.element = .action(action)
    default:
      copy = copy.updatingCommand { update(&$0.attributes) }
    }
    return copy
  }
}
