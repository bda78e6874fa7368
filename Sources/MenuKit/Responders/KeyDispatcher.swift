/// Routes press events through the responder chain to key commands and actions, in UIKit's
/// order.
///
/// For each key that goes down (or autorepeats), the dispatcher:
///
/// 1. starts at the application's first responder for events (the key window's first
///    responder) and collects the key commands of every responder up the chain, first
///    responder first, then the main menu's key commands — each validated for that first
///    responder, so a command that nothing in the chain can perform is disabled;
/// 2. when the first responder consumes text input and the press types text, drops the key
///    commands that do not ask for ``KeyCommand/wantsPriorityOverSystemBehavior``;
/// 3. matches the press with ``KeyCommandMatcher`` (DESIGN decisions 3–5: platform profile,
///    keysym with consumed modifiers, Latin fallback, exact before fallback; disabled commands
///    never win, repeats only fire repeatable commands, alternates while their modifier is
///    held);
/// 4. sends the winner's action (or its alternate's) to the first responder in the chain that
///    can perform it, with the key command as sender;
/// 5. otherwise delivers the press through `pressesBegan`/`pressesChanged` from the first
///    responder.
///
/// A key whose press performed a key command is not delivered again when it goes up or is
/// cancelled, as in UIKit. A responder chain that loops is walked once and reported in the
/// result.
///
/// ```swift
/// let dispatcher = KeyDispatcher(application: app, mainMenu: MenuSystem.main.menu,
///                                platform: .linux)
/// if let event = keyboard.handle(keyEvent) {
///   for result in dispatcher.dispatch(event, layout: keyboard) {
///     print(result.action ?? "delivered", result.performer.map { "\(type(of: $0))" } ?? "")
///   }
/// }
/// ```
@MainActor
public final class KeyDispatcher {
  /// The application whose key window receives the presses.
  public let application: Application
  /// The main menu whose key commands are tried after the responders'.
  public var mainMenu: Menu
  /// How `.command` and labels are read.
  public var platform: PlatformProfile
  /// The direction of the focused interface: in a right-to-left context, key commands that
  /// allow it are mirrored (`[` and `]`, left and right arrows swap; see decision 0005).
  public var layoutDirection: LayoutDirection = .leftToRight

  private var consumedKeys: Set<Int> = []

  /// Creates a dispatcher.
  public init(application: Application, mainMenu: Menu, platform: PlatformProfile) {
    self.application = application
    self.mainMenu = mainMenu
    self.platform = platform
  }

  /// Dispatches the presses of an event whose phase changed, one result per press.
  ///
  /// - Parameters:
  ///   - event: The event, as a keyboard translator reported it.
  ///   - layout: The keyboard layout, for consumed modifiers and the Latin fallback.
  public func dispatch(_ event: PressesEvent, layout: (any KeyboardLayoutProviding)?)
    -> [DispatchResult]
  {
    event.changedPresses.map { dispatch($0, in: event, layout: layout) }
  }

  private func dispatch(
    _ press: Press, in event: PressesEvent, layout: (any KeyboardLayoutProviding)?
  ) -> DispatchResult {
    let first = application.firstResponderForEvents
    let chain = ResponderChain(startingAt: first)
    var result = DispatchResult(press: press, firstResponder: first, loop: chain.loop)
    let code = press.key?.evdevCode

    switch press.phase {
    case .began, .changed:
      if press.phase == .began, let code { consumedKeys.remove(code) }
      if let code, consumedKeys.contains(code) { return result }  // a repeat of a consumed key
      let candidates = candidates(for: press, chain: chain, first: first, result: &result)
      let match = KeyCommandMatcher(platform: platform).match(
        press, against: candidates.map(\.keyCommand), layout: layout,
        layoutDirection: layoutDirection)
      result.match = match
      result.candidateSources = candidates.map(\.source)
      if let keyCommand = match.keyCommand, let action = match.action,
        let performer = first.target(forAction: action, withSender: keyCommand),
        performer.perform(action, withSender: keyCommand)
      {
        result.action = action
        result.performer = performer
        if let code { consumedKeys.insert(code) }
        return result
      }
      deliver(press, in: event, to: first)
      result.deliveredTo = first
    case .ended, .cancelled:
      if let code, consumedKeys.remove(code) != nil { return result }
      deliver(press, in: event, to: first)
      result.deliveredTo = first
    case .stationary:
      break
    }
    return result
  }

  private func candidates(
    for press: Press, chain: ResponderChain, first: Responder, result: inout DispatchResult
  ) -> [(keyCommand: KeyCommand, source: DispatchResult.Source)] {
    let validation = MenuValidation(firstResponder: first)
    var candidates: [(KeyCommand, DispatchResult.Source)] = []
    for responder in chain.responders {
      for var keyCommand in responder.keyCommands {
        keyCommand.command = validation.validate(keyCommand.command)
        candidates.append((keyCommand, .responder(responder)))
      }
    }
    for keyCommand in validation.validate(mainMenu).menu.allKeyCommands {
      candidates.append((keyCommand, .mainMenu))
    }
    guard first.isTextInput, press.typesText else { return candidates }
    result.yieldedToTextInput = candidates.filter { !$0.0.wantsPriorityOverSystemBehavior }
      .map(\.0)
    return candidates.filter { $0.0.wantsPriorityOverSystemBehavior }
  }

  private func deliver(_ press: Press, in event: PressesEvent, to responder: Responder) {
    switch press.phase {
    case .began: responder.pressesBegan([press], with: event)
    case .changed: responder.pressesChanged([press], with: event)
    case .ended: responder.pressesEnded([press], with: event)
    case .cancelled: responder.pressesCancelled([press], with: event)
    case .stationary: break
    }
  }
}

/// What happened to one press: the key command it matched and the responder that performed
/// the action, or the responder it was delivered to.
@MainActor
public struct DispatchResult {
  /// Where a candidate key command came from.
  public enum Source {
    /// A responder's ``Responder/keyCommands``.
    case responder(Responder)
    /// The main menu.
    case mainMenu
  }

  /// The press dispatched.
  public var press: Press
  /// The responder the dispatch started at.
  public var firstResponder: Responder
  /// The matching, with every candidate that matched the key and why it lost.
  public var match: KeyCommandMatch?
  /// Where each key command passed to the matcher came from, by candidate index.
  public var candidateSources: [Source] = []
  /// Key commands set aside because the first responder consumes text input and the press
  /// types text.
  public var yieldedToTextInput: [KeyCommand] = []
  /// The action performed, if a key command fired.
  public var action: ActionName?
  /// The responder that performed the action.
  public var performer: Responder?
  /// The responder the press was delivered to through `pressesBegan` and its siblings.
  public var deliveredTo: Responder?
  /// The loop in the responder chain, if it has one.
  public var loop: ResponderChain.Loop?

  init(press: Press, firstResponder: Responder, loop: ResponderChain.Loop?) {
    self.press = press
    self.firstResponder = firstResponder
    self.loop = loop
  }

  /// Where the winning key command came from.
  public var winnerSource: Source? {
    match?.index.flatMap { $0 < candidateSources.count ? candidateSources[$0] : nil }
  }
}

extension Press {
  /// Whether the press types text: it has printable characters and neither Control nor the
  /// Super/⌘ key is held.
  var typesText: Bool {
    guard let key, !key.characters.isEmpty,
      key.modifierFlags.isDisjoint(with: [.control, .command])
    else { return false }
    return key.characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
  }
}
