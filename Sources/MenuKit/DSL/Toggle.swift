/// A menu item that is on or off, as SwiftUI's `Toggle` in a command menu: a ``Command`` (or
/// ``KeyCommand``) whose ``MenuElementState`` shows a checkmark, or a closure-based ``Action``
/// that receives the new value.
///
/// SwiftUI binds a toggle to a `Binding<Bool>`; MenuKit's menus are values, so a toggle names
/// an action, as UIKit's commands do. The responder that performs the action owns the state:
/// it flips it when the action arrives and reports it in ``Responder/validate(_:)``, which
/// runs whenever the menu is validated, so the checkmark always shows the current state.
/// `isOn` is the state shown before any validation (in a menu file, or for a renderer that
/// does not validate).
///
/// ```swift
/// CommandMenu("View") {
///   Toggle("Show Sidebar", action: "toggleSidebar:", isOn: true)
///     .keyboardShortcut("s", modifiers: [.command, .control])
/// }
///
/// final class WindowController: Responder {
///   var showsSidebar = true
///   override init() {
///     super.init()
///     handle("toggleSidebar:") { [unowned self] _ in showsSidebar.toggle() }
///   }
///   override func validate(_ command: inout Command) {
///     if command.action == "toggleSidebar:" { command.state = showsSidebar ? .on : .off }
///   }
/// }
/// ```
///
/// A toggle that runs a closure instead receives the value it switches to:
///
/// ```swift
/// Toggle("Show Sidebar", isOn: model.showsSidebar) { isOn in model.showsSidebar = isOn }
/// ```
///
/// Its checkmark is the `isOn` it was made with, as any ``Action``'s state: build the menu
/// again (``MenuSystem/setNeedsRebuild()``) when the value changes elsewhere, or use the
/// action form, whose state comes from validation.
public struct Toggle<Content>: Hashable, Sendable {
  /// The element the toggle stands for; its case is the one `Content` names.
  public private(set) var element: MenuElement
}

// MARK: - API

extension Toggle where Content == Command {
  /// Creates a toggle that performs an action by name through the responder chain.
  ///
  /// - Parameters:
  ///   - title: The title shown in menus.
  ///   - image: A symbol name for the item's image.
  ///   - action: The action that flips the state, performed through the responder chain; the
  ///     responder that performs it reports the state in ``Responder/validate(_:)``.
  ///   - propertyList: Data that tells this command apart from others with the same action.
  ///   - isOn: The state shown before validation.
  public init(
    _ title: String, image: String? = nil, action: ActionName, propertyList: PropertyList? = nil,
    isOn: Bool
  ) {
    self.init(
      element: .command(
        Command(
          title: title, image: image, action: action, propertyList: propertyList,
          state: isOn ? .on : .off)))
  }

  /// Gives the toggle a keyboard shortcut, as a button's `keyboardShortcut(_:modifiers:)`
  /// does: the modifiers default to ``KeyModifierFlags/command``.
  ///
  /// - Returns: A toggle holding a ``KeyCommand`` around the command.
  public func keyboardShortcut(_ key: KeyInput, modifiers: KeyModifierFlags = .command)
    -> Toggle<KeyCommand>
  {
    keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
  }

  /// Gives the toggle a keyboard shortcut.
  ///
  /// - Returns: A toggle holding a ``KeyCommand`` around the command.
  public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> Toggle<KeyCommand> {
    Toggle<KeyCommand>(
      element: Button<Command>(element: element).keyboardShortcut(shortcut).element)
  }
}

extension Toggle where Content == Action {
  /// Creates a toggle that runs a closure with the value it switches to, without the
  /// responder chain.
  ///
  /// - Parameters:
  ///   - title: The title shown in menus.
  ///   - image: A symbol name for the item's image.
  ///   - identifier: The identifier builder edits use to address the action; a unique one is
  ///     generated when it is nil.
  ///   - isOn: The state the toggle shows.
  ///   - onChange: The closure run when the toggle is chosen, with the opposite of the state
  ///     the chosen toggle showed.
  public init(
    _ title: String, image: String? = nil, identifier: ActionIdentifier? = nil, isOn: Bool,
    onChange: @escaping @MainActor @Sendable (_ isOn: Bool) -> Void
  ) {
    self.init(
      element: .action(
        Action(
          title: title, image: image, identifier: identifier, state: isOn ? .on : .off
        ) { action, _ in onChange(action.state != .on) }))
  }
}

extension Toggle {
  /// Adds or removes the ``MenuElementAttributes/disabled`` attribute, as SwiftUI's
  /// `disabled(_:)`.
  public func disabled(_ disabled: Bool) -> Toggle {
    Toggle(element: Button<Content>(element: element).disabled(disabled).element)
  }
}
