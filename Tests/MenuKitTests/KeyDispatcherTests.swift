import Testing

@testable import MenuKit

/// A press of a Latin letter key, as a US keyboard reports it.
private func letter(
  _ character: Character, _ flags: KeyModifierFlags = [], phase: Press.Phase = .began,
  code: Int = 24
) -> Press {
  let text = String(character)
  let typed =
    flags.contains(.control) ? String(UnicodeScalar(UInt8(character.asciiValue! & 0x1f))) : text
  let key = Key(
    keyCode: nil, evdevCode: code, characters: typed, charactersIgnoringModifiers: text,
    modifierFlags: flags, keysym: Keysym(rawValue: UInt32(character.asciiValue!)),
    keysymIgnoringModifiers: Keysym(rawValue: UInt32(character.asciiValue!)))
  return Press(phase: phase, timestamp: 0, key: key, isRepeat: phase == .changed)
}

private func event(_ press: Press) -> PressesEvent {
  PressesEvent(timestamp: 0, allPresses: [press])
}

/// A responder that records what reaches it.
private final class Recorder: Responder {
  var log: [String] = []
  var commands: [KeyCommand] = []
  var focusable = true
  var textInput = false
  let name: String

  init(_ name: String, performs actions: [ActionName] = []) {
    self.name = name
    super.init()
    for action in actions {
      handle(action) { [unowned self] sender in
        let title = (sender as? KeyCommand)?.command.title ?? "-"
        self.log.append("\(self.name) performed \(action) from \(title)")
      }
    }
  }

  override var canBecomeFirstResponder: Bool { focusable }
  override var keyCommands: [KeyCommand] { commands }
  override var isTextInput: Bool { textInput }

  override func pressesBegan(_ presses: [Press], with event: PressesEvent) {
    log.append("\(name) pressesBegan \(presses.first?.key?.characters ?? "")")
  }

  override func pressesEnded(_ presses: [Press], with event: PressesEvent) {
    log.append("\(name) pressesEnded")
  }
}

/// An application with one window and a chain field → controller → window → app.
@MainActor
private struct Scene {
  let app = Application()
  let window: Window
  let field = Recorder("field")
  let controller = Recorder("controller")

  init(mainMenu: Menu = Menu(), platform: PlatformProfile = .linux) {
    window = Window(application: app)
    app.keyWindow = window
    field.setNext(controller)
    controller.setNext(window)
    field.becomeFirstResponder()
  }
}

private func menu(_ keyCommands: KeyCommand...) -> Menu {
  Menu(children: [.menu(Menu(title: "File", children: keyCommands.map(MenuElement.keyCommand)))])
}

private let openCommand = KeyCommand(
  title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command)

@Suite("Key dispatch")
@MainActor
struct KeyDispatcherTests {
  @Test("a menu key command's action goes to the first responder that performs it")
  func menuKeyCommand() {
    let scene = Scene()
    let controller = scene.controller
    controller.handle("openDocument:") { _ in controller.log.append("opened") }
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    let result = dispatcher.dispatch(event(letter("o", [.control])), layout: nil)
    #expect(result.first?.action == "openDocument:")
    #expect(result.first?.performer === controller)
    #expect(controller.log == ["opened"])
    #expect(scene.field.log.isEmpty)
  }

  @Test("a key command deeper in the chain shadows the main menu's")
  func shadowing() {
    let scene = Scene()
    scene.field.commands = [
      KeyCommand(title: "Open Link", action: "openLink:", input: "o", modifierFlags: .command)
    ]
    scene.field.handle("openLink:") { _ in }
    scene.controller.handle("openDocument:") { _ in }
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    let result = dispatcher.dispatch(event(letter("o", [.control])), layout: nil)[0]
    #expect(result.action == "openLink:")
    #expect(result.performer === scene.field)
    let losers = result.match?.candidates.filter { $0.lossReason == .shadowed }
    #expect(losers?.map(\.keyCommand.command.action) == ["openDocument:"])
    if case .responder(let source) = result.winnerSource {
      #expect(source === scene.field)
    } else {
      Issue.record("the winner comes from the field's key commands")
    }
  }

  @Test("send delivers like dispatch and says whether a key command performed an action")
  func sendReportsPerformed() {
    let scene = Scene()
    scene.controller.handle("openDocument:") { _ in }
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    #expect(dispatcher.send(event(letter("o", [.control])), layout: nil))
    #expect(!dispatcher.send(event(letter("o", [.control], phase: .ended)), layout: nil))
    #expect(!dispatcher.send(event(letter("p", [.control])), layout: nil))
    #expect(scene.field.log == ["field pressesBegan \u{10}"])
  }

  @Test("validation stops at the winner and asks the chain with the key command as sender")
  func lazyValidation() {
    let scene = Scene()
    final class Counting: Responder {
      var asked: [String] = []
      override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
        asked.append("\(action.rawValue) \(sender is KeyCommand ? "keyCommand" : "other")")
        return action == "openLink:"
      }
      override func perform(_ action: ActionName, withSender sender: Any?) -> Bool { true }
    }
    let counting = Counting()
    scene.field.setNext(counting)
    counting.setNext(scene.window)
    scene.field.commands = [
      KeyCommand(title: "Open Link", action: "openLink:", input: "o", modifierFlags: .command)
    ]
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    let result = dispatcher.dispatch(event(letter("o", [.control])), layout: nil)[0]
    #expect(result.action == "openLink:")
    #expect(result.performer === counting)
    // The main menu's Open… lost to the winner without being validated.
    #expect(counting.asked == ["openLink: keyCommand"])
    #expect(result.match?.candidates.map(\.lossReason) == [nil, .shadowed])
  }

  @Test("changing the platform re-reads which physical modifier .command needs")
  func platformChangeInvalidates() {
    let scene = Scene()
    scene.controller.handle("openDocument:") { _ in }
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    #expect(dispatcher.dispatch(event(letter("o", [.control])), layout: nil)[0].action != nil)
    dispatcher.platform = .mac
    #expect(dispatcher.dispatch(event(letter("o", [.control])), layout: nil)[0].action == nil)
    #expect(dispatcher.dispatch(event(letter("o", [.command])), layout: nil)[0].action != nil)
  }

  @Test("a disabled command falls through to pressesBegan")
  func disabledFallsThrough() {
    let scene = Scene()
    // Nothing in the chain performs openDocument:, so validation disables it.
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    let result = dispatcher.dispatch(event(letter("o", [.control])), layout: nil)[0]
    #expect(result.action == nil)
    #expect(result.deliveredTo === scene.field)
    #expect(result.match?.candidates.first?.lossReason == .disabled)
    #expect(scene.field.log == ["field pressesBegan \u{0F}"])
  }

  @Test("a press that fired a key command is not delivered when its key goes up")
  func endedAfterCommand() {
    let scene = Scene()
    scene.controller.handle("openDocument:") { _ in }
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    _ = dispatcher.dispatch(event(letter("o", [.control])), layout: nil)
    let up = dispatcher.dispatch(event(letter("o", [.control], phase: .ended)), layout: nil)[0]
    #expect(up.deliveredTo == nil)
    let plainUp = dispatcher.dispatch(event(letter("x", phase: .ended, code: 45)), layout: nil)[0]
    #expect(plainUp.deliveredTo === scene.field)
    #expect(scene.field.log == ["field pressesEnded"])
  }

  @Test("a held key whose press fired a command is not delivered on repeat; its next press is")
  func repeatAfterCommand() {
    let scene = Scene()
    scene.controller.handle("openDocument:") { _ in }
    var once = openCommand
    once.repeatBehavior = .nonRepeatable
    let dispatcher = KeyDispatcher(application: scene.app, mainMenu: menu(once), platform: .linux)
    let down = dispatcher.dispatch(event(letter("o", [.control])), layout: nil)[0]
    #expect(down.action == "openDocument:")
    let repeated = dispatcher.dispatch(
      event(letter("o", [.control], phase: .changed)), layout: nil)[0]
    #expect(repeated.action == nil)
    #expect(repeated.deliveredTo == nil)
    // A new press of the same key starts afresh, whatever the last one did.
    let again = dispatcher.dispatch(event(letter("o")), layout: nil)[0]
    #expect(again.deliveredTo === scene.field)
    #expect(scene.field.log == ["field pressesBegan o"])
  }

  @Test("text input keeps typed keys unless the command wants priority")
  func textInputPriority() {
    let scene = Scene()
    scene.field.textInput = true
    scene.controller.handle("find:") { _ in }
    let plain = KeyCommand(title: "Find", action: "find:", input: "f")
    let dispatcher = KeyDispatcher(application: scene.app, mainMenu: menu(plain), platform: .linux)
    let typed = dispatcher.dispatch(event(letter("f", code: 33)), layout: nil)[0]
    #expect(typed.action == nil)
    #expect(typed.yieldedToTextInput.map(\.command.action) == ["find:"])
    #expect(scene.field.log == ["field pressesBegan f"])

    var urgent = plain
    urgent.wantsPriorityOverSystemBehavior = true
    dispatcher.mainMenu = menu(urgent)
    let fired = dispatcher.dispatch(event(letter("f", code: 33)), layout: nil)[0]
    #expect(fired.action == "find:")
  }

  @Test("Ctrl on linux, ⌘ (Super) on mac: the platform profile reads .command")
  func platformProfiles() {
    let scene = Scene()
    scene.controller.handle("openDocument:") { _ in }
    let linux = KeyDispatcher(application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    #expect(linux.dispatch(event(letter("o", [.command])), layout: nil)[0].action == nil)
    #expect(linux.dispatch(event(letter("o", [.control])), layout: nil)[0].action != nil)
    let mac = KeyDispatcher(application: scene.app, mainMenu: menu(openCommand), platform: .mac)
    #expect(mac.dispatch(event(letter("o", [.command])), layout: nil)[0].action != nil)
    #expect(mac.dispatch(event(letter("o", [.control])), layout: nil)[0].action == nil)
  }

  @Test("an autorepeat fires only repeatable commands")
  func repeats() {
    let scene = Scene()
    scene.controller.handle("openDocument:") { _ in }
    var once = openCommand
    once.repeatBehavior = .nonRepeatable
    let dispatcher = KeyDispatcher(application: scene.app, mainMenu: menu(once), platform: .linux)
    let repeated = dispatcher.dispatch(
      event(letter("o", [.control], phase: .changed, code: 99)), layout: nil)[0]
    #expect(repeated.action == nil)
    #expect(repeated.match?.candidates.first?.lossReason == .repeatNotAllowed)
  }

  @Test("a looping chain is walked once and reported")
  func loopingChain() {
    let scene = Scene()
    scene.controller.setNext(scene.field)  // field → controller → field
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    let result = dispatcher.dispatch(event(letter("o", [.control])), layout: nil)[0]
    #expect(result.loop != nil)
    #expect(result.loop?.length == 2)
    #expect(result.action == nil)
  }
}

@Suite("Key dispatch in a right-to-left context")
@MainActor
struct KeyDispatcherMirroringTests {
  @Test("a mirrored key command fires at the mirrored key")
  func mirrored() {
    let scene = Scene()
    scene.controller.handle("goBack:") { _ in }
    let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    let dispatcher = KeyDispatcher(application: scene.app, mainMenu: menu(back), platform: .linux)
    dispatcher.layoutDirection = .rightToLeft
    let right = dispatcher.dispatch(event(letter("]", [.control], code: 27)), layout: nil)[0]
    #expect(right.action == "goBack:")
    #expect(right.match?.kind == .mirrored)
    let left = dispatcher.dispatch(event(letter("[", [.control], code: 26)), layout: nil)[0]
    #expect(left.action == nil)
  }
}

@Suite("Key dispatch caching")
@MainActor
struct KeyDispatcherCacheTests {
  @Test("changed key commands are read at the next press, and a new first responder's chain")
  func keyCommandsReadOnEveryPress() {
    let scene = Scene()
    scene.field.handle("bold:") { _ in }
    let dispatcher = KeyDispatcher(application: scene.app, mainMenu: Menu(), platform: .linux)
    let press = event(letter("b", [.control], code: 48))
    #expect(dispatcher.dispatch(press, layout: nil)[0].action == nil)

    // No call tells the dispatcher: it asks the responders at every press.
    scene.field.commands = [
      KeyCommand(title: "Bold", action: "bold:", input: "b", modifierFlags: .command)
    ]
    #expect(dispatcher.dispatch(press, layout: nil)[0].action == "bold:")
    #expect(dispatcher.send(press, layout: nil))
    scene.field.commands = []
    #expect(dispatcher.dispatch(press, layout: nil)[0].action == nil)

    // The hint is optional: after it, the same answers.
    scene.field.commands = [
      KeyCommand(title: "Bold", action: "bold:", input: "b", modifierFlags: .command)
    ]
    dispatcher.setNeedsUpdateKeyCommands()
    #expect(dispatcher.dispatch(press, layout: nil)[0].action == "bold:")

    // A new first responder reads its own chain.
    let other = Recorder("other")
    other.setNext(scene.window)
    #expect(other.becomeFirstResponder())
    #expect(dispatcher.dispatch(press, layout: nil)[0].action == nil)
    #expect(dispatcher.dispatch(press, layout: nil)[0].deliveredTo === other)
  }

  @Test("validation is not cached: a command enables itself as soon as a responder can perform it")
  func validationIsLive() {
    let scene = Scene()
    let dispatcher = KeyDispatcher(
      application: scene.app, mainMenu: menu(openCommand), platform: .linux)
    let press = event(letter("o", [.control]))
    #expect(dispatcher.dispatch(press, layout: nil)[0].action == nil)
    scene.controller.handle("openDocument:") { _ in }
    #expect(dispatcher.dispatch(press, layout: nil)[0].action == "openDocument:")
  }
}

@Suite("Performing chosen menu elements")
@MainActor
struct PerformElementTests {
  @Test("commands go through the chain, actions run their closure, disabled ones do nothing")
  func perform() {
    let scene = Scene()
    var log: [String] = []
    scene.controller.handle("copy:") { sender in
      log.append("copy from \((sender as? Command)?.title ?? "?")")
    }
    scene.controller.handle("copyAll:") { _ in log.append("copy all") }
    let copy = Command(
      title: "Copy", action: "copy:",
      alternates: [
        CommandAlternate(title: "Copy All", action: "copyAll:", modifierFlags: .alternate)
      ])
    #expect(scene.app.perform(.command(copy)))
    #expect(scene.app.perform(.command(copy), alternate: copy.alternates[0]))
    var disabled = copy
    disabled.attributes = [.disabled]
    #expect(!scene.app.perform(.command(disabled)))
    #expect(!scene.app.perform(.command(Command(title: "Paste", action: "paste:"))))
    let refresh = Action(title: "Refresh", identifier: "refresh") { _, _ in
      MainActor.assumeIsolated { log.append("refreshed") }
    }
    #expect(scene.app.perform(.action(refresh)))
    #expect(!scene.app.perform(.menu(Menu(title: "Edit"))))
    #expect(log == ["copy from Copy", "copy all", "refreshed"])
  }
}

@Suite("send and dispatch agree")
@MainActor
struct SendDispatchAgreementTests {
  /// A scene whose responders log what they perform and receive; built twice, once per path.
  private func scene() -> (app: Application, log: () -> [String], dispatcher: KeyDispatcher) {
    let scene = Scene()
    scene.field.commands = [
      KeyCommand(title: "Bold", action: "bold:", input: "b", modifierFlags: .command),
      KeyCommand(title: "Disabled", action: "nobody:", input: "d", modifierFlags: .command),
    ]
    var once = KeyCommand(title: "Once", action: "once:", input: "r", modifierFlags: .command)
    once.repeatBehavior = .nonRepeatable
    var withAlternate = KeyCommand(
      title: "Close", action: "close:", input: "w", modifierFlags: .command)
    withAlternate.command.alternates = [
      CommandAlternate(title: "Close All", action: "closeAll:", modifierFlags: .alternate)
    ]
    scene.controller.commands = [once, withAlternate]
    for action: ActionName in ["bold:", "once:", "close:", "closeAll:", "openDocument:"] {
      scene.controller.handle(action) { _ in }
    }
    let dispatcher = KeyDispatcher(
      application: scene.app,
      mainMenu: menu(
        openCommand,
        KeyCommand(title: "Shadowed", action: "openDocument:", input: "b", modifierFlags: .command)),
      platform: .linux)
    return (scene.app, { scene.field.log + scene.controller.log }, dispatcher)
  }

  @Test("every press goes to the same place through send and dispatch")
  func agree() {
    let presses: [Press] = [
      letter("b", [.control]), letter("b", [.control], phase: .ended),
      letter("d", [.control], code: 32), letter("d", [.control], phase: .ended, code: 32),
      letter("r", [.control], code: 19), letter("r", [.control], phase: .changed, code: 19),
      letter("r", [.control], phase: .ended, code: 19),
      letter("w", [.control], code: 17), letter("w", [.control, .alternate], code: 17),
      letter("o", [.control]), letter("x", [], code: 45), letter("x", [], phase: .ended, code: 45),
    ]
    let viaDispatch = scene()
    let viaSend = scene()
    for press in presses {
      let event = PressesEvent(timestamp: 0, allPresses: [press])
      let dispatched = viaDispatch.dispatcher.dispatch(event, layout: nil)[0]
      let sent = viaSend.dispatcher.send(event, layout: nil)
      #expect((dispatched.action != nil) == sent, "\(press.phase) \(press.key!.characters)")
    }
    #expect(viaDispatch.log() == viaSend.log())
    #expect(!viaDispatch.log().isEmpty)
  }
}
