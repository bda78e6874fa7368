/// An object that can handle presses and perform actions, linked to the next one in a chain
/// (UIKit's `UIResponder`).
///
/// Responders form a chain through ``next``: a view to its container, a container to its
/// ``Window``, a window to the ``Application``, the application to its delegate. Presses go to
/// the key window's first responder and travel up the chain until one handles them; an action
/// with no explicit target goes to the first responder that can perform it.
///
/// Subclass and override, as in UIKit; call `super` for what you do not handle:
///
/// ```swift
/// final class TableView: Responder {
///   var selection: Int?
///   override var canBecomeFirstResponder: Bool { true }
///   override var keyCommands: [KeyCommand] {
///     [KeyCommand(title: "Down", action: "moveDown:", input: .downArrow)]
///   }
///   override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
///     if action == "copy:" { return selection != nil }
///     return super.canPerformAction(action, withSender: sender)
///   }
///   override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
///     if action == "copy:" { copySelection(); return true }
///     return super.perform(action, withSender: sender)
///   }
/// }
/// ```
///
/// Actions have names (``ActionName``), not Objective-C selectors: a responder says which it
/// can perform in ``canPerformAction(_:withSender:)`` and performs them in
/// ``perform(_:withSender:)``. ``handle(_:with:)`` registers a closure for an action, which the
/// default implementations of both consult.
@MainActor
open class Responder {
  /// A closure that performs an action; it receives the sender (the command, key command or
  /// object that sent the action).
  public typealias ActionHandler = @MainActor (_ sender: Any?) -> Void

  private var actionHandlers: [ActionName: ActionHandler] = [:]
  /// The next responder set by ``setNext(_:)``; nil when it was never called or set to nil
  /// (the two read the same). One optional, not two: ``next`` returns it as it is, which
  /// delivery and the dispatcher's walk do at every step.
  private var nextStorage: Responder?

  /// Creates a responder.
  public init() {}

  /// Lets go of the next responder without recursion: a chain of 100,000 responders linked by
  /// ``setNext(_:)`` is released one responder at a time (``releaseLinks(_:)``).
  ///
  /// Isolated to the main actor, as the links it takes out are: a responder released on
  /// another thread is torn down on the main actor.
  isolated deinit {
    var links: [Responder] = []
    detachLinks(into: &links)
    Responder.releaseLinks(&links)
  }

  // MARK: - The chain

  /// The next responder in the chain, or nil at its end.
  ///
  /// Subclasses override this to place themselves in a hierarchy; ``setNext(_:)`` sets it
  /// without subclassing. Chains are walked with a loop check (``ResponderChain``), so a
  /// `next` that leads back to an earlier responder is reported, never followed forever.
  open var next: Responder? { nextStorage }

  // MARK: Releasing a chain

  /// Moves the strong references this responder holds to other responders into `links` and
  /// clears them. Subclasses that hold responders (a window its first responder, an
  /// application its delegate) add theirs and call `super`.
  ///
  /// Called by the deinitializer (whose dynamic dispatch reaches a subclass's override while
  /// the subclass's properties are still alive) and by ``releaseLinks(_:)`` on a responder
  /// nothing else references. A subclass that holds responders strongly overrides it to add
  /// them, then calls `super`.
  func detachLinks(into links: inout [Responder]) {
    if let nextStorage { links.append(nextStorage) }
    nextStorage = nil
  }

  /// Releases the responders a deinitializer took out of the object going away, without
  /// recursion.
  ///
  /// Freeing a responder frees its next responder when nothing else holds it, and that one its
  /// own: one deinitializer inside the next, so a long chain would exhaust the stack. Here each
  /// responder that only `links` holds first gives up its own links (``detachLinks(into:)``)
  /// onto the same list, so freeing it frees nothing further, and the loop goes on with them.
  ///
  /// - Complexity: O(*n*) for *n* responders released, with O(1) stack.
  static func releaseLinks(_ links: inout [Responder]) {
    while var responder = links.popLast() {
      if isKnownUniquelyReferenced(&responder) { responder.detachLinks(into: &links) }
    }
  }

  /// Sets the next responder of a responder that does not override ``next``.
  ///
  /// The change takes effect at once: key dispatchers follow ``next`` on every press, as they
  /// do for a subclass whose ``next`` override changes its answer.
  public func setNext(_ responder: Responder?) {
    nextStorage = responder
  }

  // MARK: - First responder

  /// Whether the responder can become the first responder of its window; false by default.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether the responder lets go of first-responder status when asked; true by default.
  open var canResignFirstResponder: Bool { true }

  /// Whether the responder is the first responder of its window.
  public var isFirstResponder: Bool {
    window?.firstResponder === self
  }

  /// The window whose chain this responder is in: the first ``Window`` along ``next``.
  public var window: Window? {
    ResponderChain(startingAt: self).responders.lazy.compactMap { $0 as? Window }.first
  }

  /// Asks to become the first responder of its window.
  ///
  /// - Returns: Whether it is now the first responder: false when
  ///   ``canBecomeFirstResponder`` is false, when it is in no window, or when the current first
  ///   responder refuses to resign.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard canBecomeFirstResponder, let window else { return false }
    return window.makeFirstResponder(self)
  }

  /// Asks to stop being the first responder of its window.
  ///
  /// - Returns: Whether it let go: false when ``canResignFirstResponder`` is false.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard canResignFirstResponder else { return false }
    if let window, window.firstResponder === self { window.clearFirstResponder() }
    return true
  }

  /// Whether the responder consumes text input, as a text field does. A key command whose
  /// ``KeyCommand/wantsPriorityOverSystemBehavior`` is false does not take a press that types
  /// text from such a responder.
  open var isTextInput: Bool { false }

  /// What this responder contributes to the contexts that keymap bindings are scoped by:
  /// identifiers such as `Editor` and key/value pairs such as `mode=full`; nil (the default)
  /// contributes nothing.
  ///
  /// The dispatcher reads the contexts of the chain root first (the application's end first,
  /// the first responder's last) and evaluates each binding's context predicate against them
  /// (see docs/formats/keymaps.md). It reads them from the chain whenever a press reaches the keymap
  /// layer, so a context that follows the responder's state takes effect at the next press.
  ///
  /// ```swift
  /// override var keyContext: KeyContext? {
  ///   KeyContext(["Editor"], values: ["mode": isVimMode ? "vim" : "full"])
  /// }
  /// ```
  open var keyContext: KeyContext? { nil }

  // MARK: - Presses

  /// Keys went down. The default forwards the presses to ``next``.
  open func pressesBegan(_ presses: [Press], with event: PressesEvent) {
    forward { $0.pressesBegan(presses, with: event) }
  }

  /// Held keys autorepeated. The default forwards the presses to ``next``.
  open func pressesChanged(_ presses: [Press], with event: PressesEvent) {
    forward { $0.pressesChanged(presses, with: event) }
  }

  /// Keys went up. The default forwards the presses to ``next``.
  open func pressesEnded(_ presses: [Press], with event: PressesEvent) {
    forward { $0.pressesEnded(presses, with: event) }
  }

  /// Presses stopped without their keys going up. The default forwards them to ``next``.
  open func pressesCancelled(_ presses: [Press], with event: PressesEvent) {
    forward { $0.pressesCancelled(presses, with: event) }
  }

  // MARK: Forwarding

  /// Whether this responder is passing presses on to its next responder now.
  private var isForwarding = false

  /// Passes presses to ``next``, unless the next responder is itself passing presses on now:
  /// in a chain that leads back to an earlier responder, each responder receives a press once
  /// and the press then stops, instead of going round forever.
  ///
  /// `next` is read at every step, as UIKit does, so a changed chain is followed at once.
  @inline(__always)
  private func forward(_ body: (Responder) -> Void) {
    guard let next, !next.isForwarding else { return }
    let wasForwarding = isForwarding
    isForwarding = true
    defer { isForwarding = wasForwarding }
    body(next)
  }

  // MARK: - Key commands and actions

  /// The key commands this responder offers while it is in the active chain.
  ///
  /// The key dispatcher asks every responder of the chain for them on every press, so a
  /// getter may answer from the responder's state, as in UIKit:
  ///
  /// ```swift
  /// let editingCommands: [KeyCommand] = [/* … */]
  /// let browsingCommands: [KeyCommand] = [/* … */]
  /// override var keyCommands: [KeyCommand] { isEditing ? editingCommands : browsingCommands }
  /// ```
  ///
  /// Return arrays you store, as above: the dispatcher keeps what it compiled from an array
  /// with the array, and recognizes the array it is given again by its storage (a pointer
  /// comparison). A getter that builds a new array on every call is correct too, but each
  /// press then compares the new array's key commands with the ones kept, one by one
  /// (docs/performance/performance.md gives both costs).
  ///
  /// The default returns the key commands added with ``addKeyCommand(_:)``, from one stored
  /// array. An override that also wants them includes `super.keyCommands`, as in UIKit.
  open var keyCommands: [KeyCommand] { addedKeyCommands }

  /// The key commands ``addKeyCommand(_:)`` added, in order. Private and only read or
  /// swapped whole, so the compiler proves its accesses never overlap (the dispatcher reads
  /// it on every press, through the default ``keyCommands``).
  private var addedKeyCommands: [KeyCommand] = []

  /// Adds a key command to the ones the default ``keyCommands`` returns (UIKit's
  /// `addKeyCommand(_:)`).
  ///
  /// The dispatcher reads ``keyCommands`` on every press, so the key command takes effect at
  /// the next press. A subclass that overrides ``keyCommands`` offers added key commands
  /// only if its getter includes `super.keyCommands`:
  ///
  /// ```swift
  /// tableView.addKeyCommand(
  ///   KeyCommand(input: KeyCommand.inputDownArrow, modifierFlags: [], action: "moveDown:"))
  ///
  /// override var keyCommands: [KeyCommand] { super.keyCommands + ownCommands }
  /// ```
  public func addKeyCommand(_ keyCommand: KeyCommand) {
    var commands: [KeyCommand] = []
    swap(&commands, &addedKeyCommands)
    commands.append(keyCommand)
    swap(&commands, &addedKeyCommands)
  }

  /// Removes every added key command equal to `keyCommand` (UIKit's `removeKeyCommand(_:)`);
  /// does nothing when none was added.
  public func removeKeyCommand(_ keyCommand: KeyCommand) {
    var commands: [KeyCommand] = []
    swap(&commands, &addedKeyCommands)
    commands.removeAll { $0 == keyCommand }
    swap(&commands, &addedKeyCommands)
  }

  /// Registers a closure that performs an action; ``canPerformAction(_:withSender:)`` and
  /// ``perform(_:withSender:)`` consult it by default.
  public func handle(_ action: ActionName, with handler: @escaping ActionHandler) {
    // Changed in a local variable it is swapped into and back out of, so that every access
    // to the property is a read or a swap of the whole: the compiler proves they never
    // overlap, and the presses path reads it without a run-time exclusivity check.
    var handlers: [ActionName: ActionHandler] = [:]
    swap(&handlers, &actionHandlers)
    handlers[action] = handler
    swap(&handlers, &actionHandlers)
  }

  /// Whether this responder implements an action (NSObject's `responds(to:)`, which UIKit's
  /// default ``canPerformAction(_:withSender:)`` asks).
  ///
  /// The default is true for an action registered with ``handle(_:with:)``. Objective-C sees
  /// the methods a class implements; Swift cannot see which names an override of
  /// ``perform(_:withSender:)`` handles without running it, so a responder that handles
  /// actions in `perform` says which here — one line beside the override — and is then a
  /// target as UIKit's would be: menus show the actions enabled, key commands fire them,
  /// ``target(forAction:withSender:)`` returns it.
  ///
  /// ```swift
  /// override func responds(to action: ActionName) -> Bool {
  ///   action == "copy:" || super.responds(to: action)
  /// }
  /// override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
  ///   if action == "copy:" { copySelection(); return true }
  ///   return super.perform(action, withSender: sender)
  /// }
  /// ```
  ///
  /// Answer by what the responder implements, not by its state: state belongs in
  /// ``canPerformAction(_:withSender:)``.
  open func responds(to action: ActionName) -> Bool {
    actionHandlers[action] != nil
  }

  /// Whether this responder can perform an action now, or lets the next responder decide.
  ///
  /// The default answers as UIKit documents: true for an action this responder implements —
  /// one it registered a handler for (``handle(_:with:)``) or declares in
  /// ``responds(to:)`` beside an override of ``perform(_:withSender:)`` — and otherwise the
  /// answer of ``next``, so asking the first responder tells whether anything in the chain performs
  /// the action.
  ///
  /// Override it to enable or disable actions by state, and return
  /// `super.canPerformAction(action, withSender: sender)` for the actions you do not decide
  /// on ("allow the next responder to make the determination"). Returning true yourself makes
  /// this responder the target of the action (``target(forAction:withSender:)``), which then
  /// receives ``perform(_:withSender:)``: the way to handle actions in an override of
  /// `perform` instead of with handlers.
  ///
  /// ```swift
  /// override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
  ///   if action == "copy:" { return selection != nil }
  ///   return super.canPerformAction(action, withSender: sender)
  /// }
  /// ```
  open func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    if responds(to: action) { return true }
    // A chain that leads back here stops: the responder already asking says no for the loop.
    guard let next, !next.isAskingNext else { return false }
    isAskingNext = true
    defer { isAskingNext = false }
    guard let owner = next.owner(ofAction: action, withSender: sender) else { return false }
    ownerFoundByDefault = owner
    return true
  }

  /// Performs an action. The default runs the registered handler.
  ///
  /// Override it to perform actions without handlers; say so in
  /// ``canPerformAction(_:withSender:)`` too, so that menus show the action enabled and it is
  /// sent here. An action sent with no target that its target does not perform (this returns
  /// false) goes on to the responders after it (``Application/sendAction(_:to:from:)``).
  ///
  /// - Returns: Whether the action was performed.
  @discardableResult
  open func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    guard let handler = actionHandlers[action] else { return false }
    handler(sender)
    return true
  }

  /// The responder that performs an action: this one if it can, else the first along
  /// ``next`` that can (UIKit's `target(forAction:withSender:)`).
  ///
  /// A responder can when its ``canPerformAction(_:withSender:)`` answers true by itself — a
  /// handler it registered, or its override's own answer. When the answer is its next
  /// responder's (the default passed the question on), the target is the responder that
  /// answered; each responder is asked once.
  open func target(forAction action: ActionName, withSender sender: Any?) -> Responder? {
    for responder in ResponderChain(startingAt: self).responders {
      if let owner = responder.owner(ofAction: action, withSender: sender) { return owner }
    }
    return nil
  }

  /// The responder whose own answer makes this one's ``canPerformAction(_:withSender:)``
  /// true: this one, or the one its default found along ``next``; nil when it answers false.
  final func owner(ofAction action: ActionName, withSender sender: Any?) -> Responder? {
    ownerFoundByDefault = nil
    defer { ownerFoundByDefault = nil }
    guard canPerformAction(action, withSender: sender) else { return nil }
    return ownerFoundByDefault ?? self
  }

  /// Whether this responder's default ``canPerformAction(_:withSender:)`` is asking its next
  /// responder now (the loop guard of a chain that leads back to it).
  private var isAskingNext = false
  /// The responder along ``next`` whose answer the default ``canPerformAction(_:withSender:)``
  /// returned, while ``owner(ofAction:withSender:)`` asks; nil otherwise.
  private var ownerFoundByDefault: Responder?

  /// The provider of a focus-based deferred element's elements
  /// (``DeferredElement/usingFocus(identifier:shouldCacheItems:)``), or nil to let the
  /// responders after it provide them (UIKit's `provider(for:)`). The default returns nil.
  ///
  /// Validation asks the responders from the first responder up and uses the first provider
  /// returned; check the element's ``DeferredElement/identifier``.
  open func provider(for deferredElement: DeferredElement) -> DeferredElement.Provider? { nil }

  /// Adjusts a command before it is shown or performed: its state, attributes or title
  /// (UIKit's `validate(_:)`). The default does nothing.
  open func validate(_ command: inout Command) {}

  /// Adds to or changes a menu through a builder (UIKit's `buildMenu(with:)`). The main
  /// system consults only the ``Application`` and its delegate (``MenuSystem/application``); a
  /// context menu consults the responder it is for (``MenuSystem/contextMenu(for:)``). Check
  /// `builder.system` to tell them apart. The default does nothing.
  ///
  /// - Throws: A ``MenuBuilderError`` from an edit that names an identifier the menu does not
  ///   contain; the menu system reports it in its diagnostics and keeps the edits made before.
  open func buildMenu(with builder: inout MenuBuilder) throws {}
}
