import Testing

@testable import MenuKit

/// A responder that can become first responder, with switches for the tests.
@MainActor
private final class FocusView: Responder {
  var canBecome = true
  var canResign = true
  override var canBecomeFirstResponder: Bool { canBecome }
  override var canResignFirstResponder: Bool { canResign }
}

/// Records the presses it receives and does not forward them.
@MainActor
private final class PressSink: Responder {
  var received: [String] = []
  override func pressesBegan(_ presses: [Press], with event: PressesEvent) {
    received.append("began")
  }
  override func pressesChanged(_ presses: [Press], with event: PressesEvent) {
    received.append("changed")
  }
  override func pressesEnded(_ presses: [Press], with event: PressesEvent) {
    received.append("ended")
  }
  override func pressesCancelled(_ presses: [Press], with event: PressesEvent) {
    received.append("cancelled")
  }
}

/// A responder that can perform exactly the actions it is given.
@MainActor
private final class Performer: Responder {
  let actions: Set<ActionName>
  var performed: [ActionName] = []
  init(_ actions: Set<ActionName>) {
    self.actions = actions
    super.init()
  }
  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    actions.contains(action) || super.canPerformAction(action, withSender: sender)
  }
  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    guard actions.contains(action) else { return super.perform(action, withSender: sender) }
    performed.append(action)
    return true
  }
}

/// The table view of Apple's sample: first responder, no actions of its own.
@MainActor
private final class TableView: Responder {
  override var canBecomeFirstResponder: Bool { true }
}

/// The view controller of Apple's sample (reference §24).
@MainActor
private final class SampleViewController: Responder {
  var selectedRow: Int?
  var pasteboardString: String?
  var fontMenuStyleStates: Set<String> = []

  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    if action == "printContent:" { return selectedRow != nil }
    if action == "newAction:" || action == "fontStyleAction:" { return true }
    switch (selectedRow, action) {
    case (.some, "cut:"), (.some, "copy:"), (.some, "delete:"):
      return true
    case (.some, _):
      return super.canPerformAction(action, withSender: sender)
    case (.none, "paste:"):
      return pasteboardString != nil ? true : super.canPerformAction(action, withSender: sender)
    case (.none, _):
      return false
    }
  }

  override func validate(_ command: inout Command) {
    if let fontStyle = command.propertyList?["font"]?.stringValue {
      command.state = fontMenuStyleStates.contains(fontStyle) ? .on : .off
    } else if command.propertyList?.stringValue == "disabledCommand" {
      command.attributes = .disabled
    }
  }
}

@MainActor
private func press(_ phase: Press.Phase) -> ([Press], PressesEvent) {
  let press = Press(phase: phase, timestamp: 0, key: nil)
  return ([press], PressesEvent(timestamp: 0, allPresses: [press]))
}

@MainActor
@Suite("Responders and the responder chain")
struct ResponderTests {
  @Test("next is nil by default and setNext sets it")
  func nextAndSetNext() {
    let a = Responder()
    let b = Responder()
    #expect(a.next == nil)
    a.setNext(b)
    #expect(a.next === b)
    a.setNext(nil)
    #expect(a.next == nil)
  }

  @Test("the chain runs view, controller, window, application, delegate")
  func chainOrder() {
    let app = Application()
    let delegate = Responder()
    app.delegate = delegate
    let window = Window(application: app)
    let controller = Responder()
    controller.setNext(window)
    let view = Responder()
    view.setNext(controller)
    let chain = ResponderChain(startingAt: view)
    #expect(
      chain.responders.map(ObjectIdentifier.init)
        == [view, controller, window, app, delegate].map(ObjectIdentifier.init))
    #expect(chain.loop == nil)
    #expect(view.window === window)
  }

  @Test("a delegate that is the application or a window is skipped")
  func delegateSkipped() {
    let app = Application()
    app.delegate = app
    #expect(app.next == nil)
    #expect(ResponderChain(startingAt: app).responders.count == 1)
    let window = Window(application: app)
    app.delegate = window
    #expect(app.next == nil)
    #expect(ResponderChain(startingAt: window).responders.count == 2)
    #expect(ResponderChain(startingAt: window).loop == nil)
  }

  @Test("a looping chain is reported and target lookup terminates")
  func loop() throws {
    let a = Responder()
    let b = Responder()
    a.setNext(b)
    b.setNext(a)
    let chain = ResponderChain(startingAt: a)
    #expect(chain.responders.count == 2)
    let loop = try #require(chain.loop)
    #expect(loop.from === b)
    #expect(loop.backTo === a)
    #expect(loop.length == 2)
    #expect(a.target(forAction: "copy:", withSender: nil) == nil)
    #expect(a.window == nil)
    b.handle("copy:") { _ in }
    #expect(a.target(forAction: "copy:", withSender: nil) === b)
  }

  @Test("a responder that cannot become first responder is refused")
  func becomeRefused() {
    let app = Application()
    let window = Window(application: app)
    let view = FocusView()
    view.setNext(window)
    view.canBecome = false
    #expect(!view.becomeFirstResponder())
    #expect(window.firstResponder == nil)
    #expect(!view.isFirstResponder)
  }

  @Test("a responder in no window cannot become first responder")
  func becomeWithoutWindow() {
    let view = FocusView()
    #expect(!view.becomeFirstResponder())
    #expect(!view.isFirstResponder)
  }

  @Test("becoming first responder succeeds, and a refusing current one blocks a change")
  func becomeAndResign() {
    let app = Application()
    let window = Window(application: app)
    let first = FocusView()
    let second = FocusView()
    first.setNext(window)
    second.setNext(window)
    #expect(first.becomeFirstResponder())
    #expect(first.isFirstResponder)
    #expect(window.firstResponder === first)
    first.canResign = false
    #expect(!second.becomeFirstResponder())
    #expect(first.isFirstResponder)
    #expect(!second.isFirstResponder)
    #expect(!first.resignFirstResponder())
    first.canResign = true
    #expect(second.becomeFirstResponder())
    #expect(second.isFirstResponder)
    #expect(!first.isFirstResponder)
    #expect(second.resignFirstResponder())
    #expect(window.firstResponder == nil)
    #expect(!second.isFirstResponder)
  }

  @Test("presses travel up the chain to a responder that handles them")
  func pressesForwarding() {
    let sink = PressSink()
    let middle = Responder()
    middle.setNext(sink)
    let leaf = Responder()
    leaf.setNext(middle)
    let (began, beganEvent) = press(.began)
    leaf.pressesBegan(began, with: beganEvent)
    let (changed, changedEvent) = press(.changed)
    leaf.pressesChanged(changed, with: changedEvent)
    let (ended, endedEvent) = press(.ended)
    leaf.pressesEnded(ended, with: endedEvent)
    let (cancelled, cancelledEvent) = press(.cancelled)
    leaf.pressesCancelled(cancelled, with: cancelledEvent)
    #expect(sink.received == ["began", "changed", "ended", "cancelled"])
  }

  @Test("presses at the end of the chain are dropped: no responder after the last gets them")
  func pressesDropped() {
    let (presses, event) = press(.began)
    // The default forwards to next; at the end of the chain (next is nil) the press stops.
    let last = Responder()
    let sink = PressSink()
    last.pressesBegan(presses, with: event)
    #expect(sink.received.isEmpty)
    // The same responder, once linked, passes the same press on: the default did forward,
    // and only the missing next ended it before.
    last.setNext(sink)
    last.pressesBegan(presses, with: event)
    #expect(sink.received.count == 1)
    last.setNext(nil)
    last.pressesBegan(presses, with: event)
    #expect(sink.received.count == 1)
  }

  @Test("presses in a looping chain go round once and stop")
  func pressesInLoop() {
    let a = Responder()
    let b = Responder()
    a.setNext(b)
    b.setNext(a)
    let (began, beganEvent) = press(.began)
    a.pressesBegan(began, with: beganEvent)
    let (ended, endedEvent) = press(.ended)
    b.pressesEnded(ended, with: endedEvent)
    // Forwarding is possible again afterwards.
    let sink = PressSink()
    b.setNext(sink)
    a.pressesBegan(began, with: beganEvent)
    #expect(sink.received == ["began"])
  }

  @Test("a registered handler makes an action performable")
  func handleRegistration() {
    let responder = Responder()
    #expect(!responder.canPerformAction("copy:", withSender: nil))
    #expect(!responder.perform("copy:", withSender: nil))
    var senders: [String] = []
    responder.handle("copy:") { sender in senders.append(sender as? String ?? "?") }
    #expect(responder.canPerformAction("copy:", withSender: nil))
    #expect(!responder.canPerformAction("paste:", withSender: nil))
    #expect(responder.perform("copy:", withSender: "menu"))
    #expect(senders == ["menu"])
  }

  @Test("target(forAction:) finds the first responder that can perform the action")
  func targetLookup() {
    let top = Performer(["copy:", "paste:"])
    let middle = Performer(["copy:"])
    middle.setNext(top)
    let leaf = Responder()
    leaf.setNext(middle)
    #expect(leaf.target(forAction: "copy:", withSender: nil) === middle)
    #expect(leaf.target(forAction: "paste:", withSender: nil) === top)
    #expect(leaf.target(forAction: "cut:", withSender: nil) == nil)
  }

  @Test("the default canPerformAction answers for itself, else lets the next responder decide")
  func canPerformDefersToNext() {
    let top = Responder()
    top.handle("paste:") { _ in }
    let middle = Responder()
    middle.handle("copy:") { _ in }
    middle.setNext(top)
    let leaf = Responder()
    leaf.setNext(middle)
    #expect(leaf.canPerformAction("copy:", withSender: nil))
    #expect(leaf.canPerformAction("paste:", withSender: nil))
    #expect(!leaf.canPerformAction("cut:", withSender: nil))
    // The target is the responder that implements the action, not the one first asked.
    #expect(leaf.target(forAction: "copy:", withSender: nil) === middle)
    #expect(leaf.target(forAction: "paste:", withSender: nil) === top)
    #expect(middle.target(forAction: "paste:", withSender: nil) === top)
  }

  @Test("super.canPerformAction lets the next responder decide, and its target is the next one")
  func superDefers() {
    final class Vetoing: Responder {
      var allowsCopy = true
      override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
        if action == "cut:" { return false }
        if action == "copy:" { return allowsCopy }
        return super.canPerformAction(action, withSender: sender)
      }
    }
    let top = Responder()
    for action: ActionName in ["copy:", "cut:", "paste:"] { top.handle(action) { _ in } }
    let leaf = Vetoing()
    leaf.setNext(top)
    #expect(leaf.canPerformAction("paste:", withSender: nil))
    #expect(leaf.target(forAction: "paste:", withSender: nil) === top)
    // Its own true makes it the target (it handles copy: in perform); its own false passes
    // the request up the chain, as UIKit's target(forAction:withSender:) does.
    #expect(leaf.target(forAction: "copy:", withSender: nil) === leaf)
    leaf.allowsCopy = false
    #expect(leaf.target(forAction: "copy:", withSender: nil) === top)
    #expect(leaf.target(forAction: "cut:", withSender: nil) === top)
  }

  @Test("a looping chain answers canPerformAction without going round forever")
  func canPerformInLoop() {
    let a = Responder()
    let b = Responder()
    a.setNext(b)
    b.setNext(a)
    #expect(!a.canPerformAction("copy:", withSender: nil))
    #expect(a.target(forAction: "copy:", withSender: nil) == nil)
    b.handle("copy:") { _ in }
    #expect(a.canPerformAction("copy:", withSender: nil))
    #expect(a.target(forAction: "copy:", withSender: nil) === b)
  }

  @Test("a responder that handles an action only in perform still performs a sent action")
  func performOnlyResponder() {
    final class Overriding: Responder {
      var performed: [ActionName] = []
      override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
        guard action == "copy:" else { return super.perform(action, withSender: sender) }
        performed.append(action)
        return true
      }
    }
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let overriding = Overriding()
    overriding.setNext(window)
    let view = FocusView()
    view.setNext(overriding)
    #expect(view.becomeFirstResponder())
    #expect(app.sendAction("copy:", to: nil, from: nil))
    #expect(overriding.performed == ["copy:"])
    #expect(!app.sendAction("paste:", to: nil, from: nil))
  }

  @Test("a responder that declares its perform-only action in responds(to:) is its target")
  func respondsToMakesTarget() {
    final class Overriding: Responder {
      var performed: [ActionName] = []
      override func responds(to action: ActionName) -> Bool {
        action == "copy:" || super.responds(to: action)
      }
      override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
        guard action == "copy:" else { return super.perform(action, withSender: sender) }
        performed.append(action)
        return true
      }
    }
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let overriding = Overriding()
    overriding.setNext(window)
    let view = FocusView()
    view.setNext(overriding)
    #expect(view.becomeFirstResponder())
    // The default canPerformAction of the view defers to next, which implements copy:.
    #expect(view.canPerformAction("copy:", withSender: nil))
    #expect(view.target(forAction: "copy:", withSender: nil) === overriding)
    #expect(!view.canPerformAction("paste:", withSender: nil))
    #expect(view.target(forAction: "paste:", withSender: nil) == nil)
    // Validation shows Copy enabled and Paste disabled, as the chain can and cannot.
    let validation = MenuValidation(firstResponder: view)
    let copy = validation.validate(Command(title: "Copy", action: "copy:"))
    let paste = validation.validate(Command(title: "Paste", action: "paste:"))
    #expect(!copy.attributes.contains(.disabled))
    #expect(paste.attributes.contains(.disabled))
    #expect(app.sendAction("copy:", to: nil, from: nil))
    #expect(overriding.performed == ["copy:"])
  }

  @Test("sendAction with a nil target walks from the key window's first responder")
  func sendActionNilTarget() {
    let app = Application()
    let delegate = Performer(["newDocument:"])
    app.delegate = delegate
    let window = Window(application: app)
    app.keyWindow = window
    let controller = Performer(["copy:"])
    controller.setNext(window)
    let view = FocusView()
    view.setNext(controller)
    #expect(view.becomeFirstResponder())
    #expect(app.firstResponderForEvents === view)
    #expect(app.sendAction("copy:", to: nil, from: nil))
    #expect(app.sendAction("newDocument:", to: nil, from: nil))
    #expect(!app.sendAction("cut:", to: nil, from: nil))
    #expect(controller.performed == ["copy:"])
    #expect(delegate.performed == ["newDocument:"])
  }

  @Test("sendAction without a key window starts at the application")
  func sendActionNoKeyWindow() {
    let app = Application()
    #expect(app.firstResponderForEvents === app)
    #expect(!app.sendAction("copy:", to: nil, from: nil))
    app.handle("copy:") { _ in }
    #expect(app.sendAction("copy:", to: nil, from: nil))
  }

  @Test("sendAction with an explicit target goes only to that target")
  func sendActionExplicitTarget() {
    let app = Application()
    let target = Performer(["copy:"])
    let bystander = Performer(["copy:", "paste:"])
    target.setNext(bystander)
    #expect(app.sendAction("copy:", to: target, from: nil))
    #expect(!app.sendAction("paste:", to: target, from: nil))
    #expect(target.performed == ["copy:"])
    #expect(bystander.performed.isEmpty)
  }
}

@MainActor
@Suite("Apple's menu sample: canPerformAction and validate")
struct ResponderSampleScenarioTests {
  let app = Application()
  let delegate = Responder()
  let window: Window
  private let controller = SampleViewController()
  private let tableView = TableView()

  init() {
    app.delegate = delegate
    window = Window(application: app)
    app.keyWindow = window
    controller.setNext(window)
    tableView.setNext(controller)
    tableView.becomeFirstResponder()
  }

  static let styles = ["plain", "bold", "italic", "underline"]

  static let menu = Menu(
    identifier: .root,
    children: [
      .menu(
        Menu(
          title: "Edit", identifier: .edit,
          children: [
            .keyCommand(
              KeyCommand(title: "Cut", action: "cut:", input: "x", modifierFlags: .command)),
            .keyCommand(
              KeyCommand(title: "Copy", action: "copy:", input: "c", modifierFlags: .command)),
            .keyCommand(
              KeyCommand(title: "Paste", action: "paste:", input: "v", modifierFlags: .command)),
            .command(Command(title: "Delete", action: "delete:")),
          ])),
      .menu(
        Menu(
          title: "Style", identifier: "com.example.style",
          children: styles.map {
            .command(
              Command(
                title: $0.capitalized, action: "fontStyleAction:",
                propertyList: ["font": .string($0)]))
          } + [
            .command(
              Command(title: "Locked", action: "fontStyleAction:", propertyList: "disabledCommand"))
          ])),
    ])

  private func style(_ name: String) -> CommandKey {
    CommandKey(action: "fontStyleAction:", propertyList: ["font": .string(name)])
  }

  @Test("the chain runs table view, view controller, window, application, delegate")
  func chain() {
    let chain = ResponderChain(startingAt: app.firstResponderForEvents)
    #expect(
      chain.responders.map(ObjectIdentifier.init)
        == [tableView, controller, window, app, delegate].map(ObjectIdentifier.init))
  }

  @Test("without a selection, cut, copy and delete are disabled, and paste needs a string")
  func noSelection() {
    var validated = MenuValidation(firstResponder: app.firstResponderForEvents).validate(Self.menu)
    for action: ActionName in ["cut:", "copy:", "delete:", "paste:"] {
      #expect(!validated.isEnabled(CommandKey(action: action)))
    }
    controller.pasteboardString = "text"
    validated = MenuValidation(firstResponder: app.firstResponderForEvents).validate(Self.menu)
    #expect(validated.isEnabled(CommandKey(action: "paste:")))
    #expect(!validated.isEnabled(CommandKey(action: "copy:")))
  }

  @Test("with a selection, cut, copy and delete are enabled")
  func withSelection() {
    controller.selectedRow = 0
    let validated = MenuValidation(firstResponder: app.firstResponderForEvents).validate(Self.menu)
    for action: ActionName in ["cut:", "copy:", "delete:"] {
      #expect(validated.isEnabled(CommandKey(action: action)))
    }
    // As in the sample: with a row selected, paste is left to the next responders.
    #expect(!validated.isEnabled(CommandKey(action: "paste:")))
  }

  @Test("validate(_:) sets the Style checkmarks, and revalidation picks up new styles")
  func styleCheckmarks() {
    controller.fontMenuStyleStates = ["bold"]
    let system = MenuSystem(kind: .main, baseMenu: Self.menu)
    var validated = system.validatedMenu(for: app.firstResponderForEvents)
    #expect(Self.styles.map { validated.state(of: style($0)) } == [.off, .on, .off, .off])
    #expect(Self.styles.allSatisfy { validated.isEnabled(style($0)) })
    #expect(
      !validated.isEnabled(CommandKey(action: "fontStyleAction:", propertyList: "disabledCommand")))

    controller.fontMenuStyleStates = ["italic", "underline"]
    validated = system.validatedMenu(for: app.firstResponderForEvents)

    #expect(Self.styles.map { validated.state(of: style($0)) } == [.off, .off, .on, .on])
  }
}

extension String {
  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
