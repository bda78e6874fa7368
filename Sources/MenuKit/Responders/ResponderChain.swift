/// The responders from one responder to the end of its chain, in order, with a loop check.
///
/// Walking ``Responder/next`` by hand can run forever when a chain leads back to an earlier
/// responder; this walk stops at the first responder seen twice and records it in ``loop``.
///
/// ```swift
/// let chain = ResponderChain(startingAt: tableView)
/// chain.responders  // [tableView, viewController, window, application, delegate]
/// if let loop = chain.loop { print(loop) }
/// ```
@MainActor
public struct ResponderChain {
  /// The responders in order, each once.
  public let responders: [Responder]
  /// The loop found, if the chain leads back to one of its responders.
  public let loop: Loop?

  /// A chain that leads back to one of its own responders.
  public struct Loop: Error, CustomStringConvertible {
    /// The last responder walked, whose ``Responder/next`` is already in the chain.
    public let from: Responder
    /// The responder ``from`` leads back to.
    public let backTo: Responder
    /// The chain's length before the loop closes.
    public let length: Int

    /// The error as one sentence, with the chain's length.
    public nonisolated var description: String {
      "the responder chain loops: after \(length) responders, a responder's next leads back to an earlier one"
    }
  }

  /// Walks the chain from `first`.
  ///
  /// - Complexity: O(*n*) for a chain of *n* responders.
  public init(startingAt first: Responder?) {
    var responders: [Responder] = []
    var seen = Set<ObjectIdentifier>()
    var current = first
    var loop: Loop?
    while let responder = current {
      guard seen.insert(ObjectIdentifier(responder)).inserted else {
        loop = Loop(
          from: responders[responders.count - 1], backTo: responder, length: responders.count)
        break
      }
      responders.append(responder)
      current = responder.next
    }
    self.responders = responders
    self.loop = loop
  }
}

/// A window: the root of a view hierarchy's responder chain, which knows its first responder
/// (UIKit's `UIWindow`). Its next responder is its ``Application``.
///
/// ```swift
/// let window = Window(application: app)
/// app.keyWindow = window
/// view.setNext(window)
/// view.becomeFirstResponder()
/// ```
@MainActor
open class Window: Responder {
  /// The application this window belongs to.
  public var application: Application? {
    get { applicationStorage }
    set { applicationStorage = newValue }
  }
  /// The storage of ``application``, held weakly: private and only read or assigned whole,
  /// so its accesses need no run-time exclusivity check (``next`` reads it on every press).
  private weak var applicationStorage: Application?
  /// The window's first responder: where presses with no explicit target go.
  public var firstResponder: Responder? { firstResponderStorage }
  /// The storage of ``firstResponder``. Private and only read or assigned whole, so the
  /// compiler proves its accesses never overlap and checks none of them at run time (the
  /// dispatcher reads it on every press).
  private var firstResponderStorage: Responder?

  /// Creates a window of an application.
  public init(application: Application?) {
    applicationStorage = application
    super.init()
  }

  override func detachLinks(into links: inout [Responder]) {
    if let firstResponderStorage { links.append(firstResponderStorage) }
    firstResponderStorage = nil
    super.detachLinks(into: &links)
  }

  /// The window's application.
  open override var next: Responder? { application }

  /// Makes `responder` the first responder if the current one resigns.
  func makeFirstResponder(_ responder: Responder) -> Bool {
    if firstResponder === responder { return true }
    if let current = firstResponder, !current.resignFirstResponder() { return false }
    firstResponderStorage = responder
    return true
  }

  func clearFirstResponder() { firstResponderStorage = nil }

  /// The window's keyboard focus (UIKit's `UIFocusSystem`): which of its focusable
  /// responders has focus, moved by Tab, Shift+Tab and the arrows (FocusSystem.swift).
  public var focusSystem: FocusSystem {
    if let focusSystemStorage { return focusSystemStorage }
    let created = FocusSystem(window: self)
    focusSystemStorage = created
    return created
  }
  /// The focus system, if ``focusSystem`` was ever asked for: the dispatcher reads it for
  /// presses of focus keys without creating one.
  var focusSystemIfUsed: FocusSystem? { focusSystemStorage }
  /// The storage of ``focusSystem``, only read or assigned whole.
  private var focusSystemStorage: FocusSystem?
}

/// The application: the end of every window's chain, before its delegate (UIKit's
/// `UIApplication`).
///
/// Presses with no explicit target go to the ``keyWindow``'s first responder (or the key window
/// itself when it has none). ``sendAction(_:to:from:)`` with a nil target walks the chain from
/// there.
///
/// ```swift
/// let app = Application()
/// app.delegate = AppDelegate()
/// app.sendAction("copy:", to: nil, from: nil)  // true if a responder performed it
/// ```
@MainActor
open class Application: Responder {
  /// The application's delegate, the last responder of every chain. It is skipped when it is
  /// already in the chain (a window or the application itself).
  public var delegate: Responder? {
    get { delegateStorage }
    set { delegateStorage = newValue }
  }
  /// The storage of ``delegate``.
  private var delegateStorage: Responder?
  /// The window that receives presses and nil-targeted actions.
  public var keyWindow: Window? {
    get { keyWindowStorage }
    set { keyWindowStorage = newValue }
  }
  /// The storage of ``keyWindow``: private and only read or assigned whole, so its accesses
  /// need no run-time exclusivity check (the dispatcher reads it on every press).
  private var keyWindowStorage: Window?

  /// Creates an application.
  public override init() { super.init() }

  override func detachLinks(into links: inout [Responder]) {
    if let delegateStorage { links.append(delegateStorage) }
    if let keyWindowStorage { links.append(keyWindowStorage) }
    delegateStorage = nil
    keyWindowStorage = nil
    super.detachLinks(into: &links)
  }

  /// The application's delegate, unless it is the application itself or a window.
  open override var next: Responder? {
    guard let delegate, delegate !== self, !(delegate is Window) else { return nil }
    return delegate
  }

  /// Where presses and nil-targeted actions start: the key window's first responder, else the
  /// key window, else the application.
  public var firstResponderForEvents: Responder {
    keyWindow?.firstResponder ?? keyWindow ?? self
  }

  /// Whether a responder is ``firstResponderForEvents``, decided by identity without taking a
  /// reference to each object on the way (the key dispatcher asks on every press).
  func isFirstResponderForEvents(_ responder: Responder) -> Bool {
    let candidate = ObjectIdentifier(responder)
    guard let window = keyWindow else { return ObjectIdentifier(self) == candidate }
    guard let first = window.firstResponder else { return ObjectIdentifier(window) == candidate }
    return ObjectIdentifier(first) == candidate
  }

  /// Performs a menu element the user chose (from a menu or a command palette): a command's
  /// action goes to the first responder that can perform it, with the command as sender (an
  /// alternate's action instead, when `alternate` is given); an action runs its closure
  /// directly.
  ///
  /// ```swift
  /// app.perform(.command(copyCommand))          // sendAction("copy:", to: nil, from: copyCommand)
  /// app.perform(.action(refresh), sender: button)
  /// ```
  ///
  /// - Returns: Whether something was performed: false for a disabled element, a command no
  ///   responder performs, or a menu or deferred element.
  @discardableResult
  open func perform(
    _ element: MenuElement, alternate: CommandAlternate? = nil, sender: (any Sendable)? = nil
  ) -> Bool {
    guard !element.attributes.contains(.disabled) else { return false }
    switch element {
    case .command(let command):
      return sendAction(alternate?.action ?? command.action, to: nil, from: sender ?? command)
    case .keyCommand(let keyCommand):
      return sendAction(
        alternate?.action ?? keyCommand.command.action, to: nil, from: sender ?? keyCommand)
    case .action(let action):
      action.perform(sender: sender)
      return true
    case .menu, .deferred:
      return false
    }
  }

  /// Sends an action to a target, or with a nil target to the first responder that can
  /// perform it, starting at ``firstResponderForEvents`` (UIKit's `sendAction(_:to:from:for:)`).
  ///
  /// With a nil target the action goes to `target(forAction:withSender:)` of the first
  /// responder. When that finds none, or its target's ``Responder/perform(_:withSender:)``
  /// returns false, each responder after it along the chain is offered the action in turn,
  /// until one performs it: "it progresses up the responder chain until it is handled", so a
  /// responder that handles an action in an override of `perform` alone still performs it.
  ///
  /// - Returns: Whether a responder performed the action.
  @discardableResult
  open func sendAction(_ action: ActionName, to target: Responder?, from sender: Any?) -> Bool {
    if let target {
      return target.perform(action, withSender: sender)
    }
    let first = firstResponderForEvents
    let found = first.target(forAction: action, withSender: sender)
    if let found, found.perform(action, withSender: sender) { return true }
    let chain = ResponderChain(startingAt: first).responders
    let start = found.flatMap { found in chain.firstIndex { $0 === found }.map { $0 + 1 } } ?? 0
    return chain[start...].contains { $0.perform(action, withSender: sender) }
  }
}
