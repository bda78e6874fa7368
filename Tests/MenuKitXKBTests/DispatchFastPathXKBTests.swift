import Testing

@testable import MenuKit
@testable import MenuKitXKB

// MARK: - Support

/// Evdev codes of the keys these tests press.
private enum Code {
  static let leftBrace = 26
  static let o = 24
  static let slash = 53
  static let leftControl = 29
  static let leftShift = 42
  static let capsLock = 58
}

/// A key with an evdev code and the modifiers a press reported; all that
/// `consumedModifiers(for:)` reads.
private func key(_ code: Int, _ flags: KeyModifierFlags) -> Key {
  Key(
    keyCode: nil, evdevCode: code, characters: "", charactersIgnoringModifiers: "",
    modifierFlags: flags, keysym: .noSymbol, keysymIgnoringModifiers: .noSymbol)
}

/// The key of the began press of a key typed while holding modifier keys, all released after.
private func typedKey(_ keyboard: XKBKeyboard, _ code: Int, holding modifiers: [Int]) -> Key? {
  let press = pressKey(keyboard, code, holding: modifiers)
  _ = keyboard.handle(KeyEvent(evdevCode: code, direction: .up, timestamp: 0.2))
  for modifier in modifiers.reversed() {
    _ = keyboard.handle(KeyEvent(evdevCode: modifier, direction: .up, timestamp: 0.3))
  }
  return press?.key
}

/// An application whose key window's first responder is a view below a controller that
/// performs every action it is given, recording them.
@MainActor
private final class Scene {
  final class View: Responder {
    override var canBecomeFirstResponder: Bool { true }
  }

  let app = Application()
  let window: Window
  let view = View()
  let controller = Responder()
  var performed: [String] = []

  init(actions: [ActionName]) {
    window = Window(application: app)
    app.keyWindow = window
    controller.setNext(window)
    view.setNext(controller)
    view.becomeFirstResponder()
    for action in actions {
      controller.handle(action) { [unowned self] _ in self.performed.append("\(action)") }
    }
  }

  func dispatcher(_ keyCommands: KeyCommand...) -> KeyDispatcher {
    let menu = Menu(children: [
      .menu(Menu(title: "File", children: keyCommands.map(MenuElement.keyCommand)))
    ])
    return KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
  }
}

/// Holds modifier keys, taps a key and releases the modifiers, sending every event through
/// the production path; returns whether a key command performed an action.
@MainActor
private func send(
  _ code: Int, holding modifiers: [Int], on keyboard: XKBKeyboard, to dispatcher: KeyDispatcher
) -> Bool {
  var performed = false
  for event in events(code, holding: modifiers, on: keyboard) {
    if dispatcher.send(event, layout: keyboard) { performed = true }
  }
  return performed
}

/// The same through the tracing path; returns the actions performed.
@MainActor
private func dispatch(
  _ code: Int, holding modifiers: [Int], on keyboard: XKBKeyboard, to dispatcher: KeyDispatcher
) -> [DispatchResult] {
  events(code, holding: modifiers, on: keyboard).flatMap {
    dispatcher.dispatch($0, layout: keyboard).filter { $0.action != nil }
  }
}

private let open = KeyCommand(
  title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command)
private let help = KeyCommand(title: "Help", action: "help:", input: "?", modifierFlags: .command)
private let back: KeyCommand = {
  var command = KeyCommand(
    title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
  command.allowsAutomaticLocalization = true
  return command
}()

// MARK: - Consumed modifiers

@Suite("Dispatch fast paths with xkbcommon")
@MainActor
struct DispatchFastPathXKBTests {
  @Test("consumedModifiers answers the same when asked again and after other states")
  func consumedModifiersRepeat() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let question = try #require(
      typedKey(keyboard, Code.slash, holding: [Code.leftControl, Code.leftShift]))
    let slash = try #require(typedKey(keyboard, Code.slash, holding: [Code.leftControl]))
    // What a keyboard that was never asked answers.
    let freshSlash = try systemKeyboard(layout: "us").consumedModifiers(for: slash)
    #expect(keyboard.consumedModifiers(for: question) == [.shift])
    #expect(keyboard.consumedModifiers(for: question) == [.shift])
    #expect(keyboard.consumedModifiers(for: slash) == freshSlash)
    #expect(keyboard.consumedModifiers(for: question) == [.shift])
    #expect(keyboard.consumedModifiers(for: slash) == freshSlash)
    let again = try #require(
      typedKey(keyboard, Code.slash, holding: [Code.leftControl, Code.leftShift]))
    #expect(keyboard.consumedModifiers(for: again) == [.shift])
    #expect(keyboard.consumedModifiers(for: slash) == freshSlash)
    // Codes 256 apart share a remembered slot: the other code answers for itself.
    #expect(keyboard.consumedModifiers(for: key(Code.slash + 256, [.control, .shift])) == [])
    #expect(keyboard.consumedModifiers(for: question) == [.shift])
    // Either way, both presses are Ctrl for matching: ? with Ctrl, and / with Ctrl.
    for press in [question, slash, again] {
      #expect(
        KeyCommandMatcher.effectiveModifiers(of: press, isCasedCharacter: false, layout: keyboard)
          == .control)
    }
  }

  @Test(
    "consumedModifiers agrees with a fresh keyboard in any order of keys, states and layouts",
    arguments: ["two test groups", "us,de"])
  func consumedModifiersAgree(keymapName: String) throws {
    let keymapText = keymapName == "us,de" ? nil : KeyboardTestKeymaps.twoGroups
    func makeKeyboard() throws -> XKBKeyboard {
      if let keymapText {
        let keymap = try XKBKeymap(context: .hermetic(), string: keymapText)
        return XKBKeyboard(keymap: keymap)
      }
      return try systemKeyboard(XKBKeymap.RuleNames(layout: "us,de"))
    }
    let keyboard = try makeKeyboard()
    let flagSets: [KeyModifierFlags] = [
      [], .shift, .control, [.control, .shift], .alternate, [.alternate, .shift],
      [.alternate, .control], .alphaShift, [.control, .alphaShift], [.command, .shift],
    ]
    let codes = Array(2...58) + [86, 103, 105, 2 + 256, 30 + 256, 53 + 256]
    // Each answer computed once by a keyboard that has not been asked anything before in
    // that layout.
    var expected: [Int: KeyModifierFlags] = [:]
    for layout in 0..<2 {
      let fresh = try makeKeyboard()
      fresh.updateModifiers(depressed: 0, latched: 0, locked: 0, layout: UInt32(layout))
      for code in codes {
        for (index, flags) in flagSets.enumerated() {
          expected[(layout * 1000 + code) * 16 + index] = fresh.consumedModifiers(
            for: key(code, flags))
        }
      }
    }
    if keymapText != nil {
      // The two groups consume differently: Shift on `/` and Alt on `1` in one group only.
      #expect(expected[(0 + Code.slash) * 16 + 1] == [.shift])
      #expect(expected[(1000 + Code.slash) * 16 + 1] == [])
      #expect(expected[(0 + 2) * 16 + 4] == [])
      #expect(expected[(1000 + 2) * 16 + 4] == [.alternate])
    }

    var mismatches: [String] = []
    for pass in 0..<3 {
      for (index, flags) in flagSets.enumerated() {
        for code in pass == 1 ? codes.reversed() : codes {
          for layout in pass == 2 ? [1, 0] : [0, 1] {
            keyboard.updateModifiers(depressed: 0, latched: 0, locked: 0, layout: UInt32(layout))
            let answer = keyboard.consumedModifiers(for: key(code, flags))
            if answer != expected[(layout * 1000 + code) * 16 + index] {
              mismatches.append("pass \(pass), layout \(layout), code \(code), \(flags)")
            }
          }
        }
      }
    }
    #expect(mismatches == [])
  }

  // MARK: - Dispatch

  @Test("Ctrl+O on us fires through send, and dispatch reports the same action")
  func controlO() throws {
    let scene = Scene(actions: ["openDocument:"])
    let dispatcher = scene.dispatcher(open)
    let keyboard = try systemKeyboard(layout: "us")
    #expect(send(Code.o, holding: [Code.leftControl], on: keyboard, to: dispatcher))
    #expect(scene.performed == ["openDocument:"])
    let fired = dispatch(Code.o, holding: [Code.leftControl], on: keyboard, to: dispatcher)
    #expect(fired.map(\.action) == ["openDocument:"])
    #expect(fired.first?.performer === scene.controller)
    #expect(fired.first?.match?.kind == .exact)
    #expect(!send(Code.o, holding: [], on: keyboard, to: dispatcher))
    #expect(
      !send(Code.o, holding: [Code.leftControl, Code.leftShift], on: keyboard, to: dispatcher))
    #expect(scene.performed == ["openDocument:", "openDocument:"])
  }

  @Test("Ctrl+Shift+/ fires a Ctrl+? key command through send and dispatch, Ctrl+/ does not")
  func controlQuestionMark() throws {
    let scene = Scene(actions: ["help:"])
    let dispatcher = scene.dispatcher(help)
    let keyboard = try systemKeyboard(layout: "us")
    let shifted = [Code.leftControl, Code.leftShift]
    #expect(send(Code.slash, holding: shifted, on: keyboard, to: dispatcher))
    #expect(!send(Code.slash, holding: [Code.leftControl], on: keyboard, to: dispatcher))
    #expect(send(Code.slash, holding: shifted, on: keyboard, to: dispatcher))
    #expect(scene.performed == ["help:", "help:"])
    let fired = dispatch(Code.slash, holding: shifted, on: keyboard, to: dispatcher)
    #expect(fired.map(\.action) == ["help:"])
    #expect(dispatch(Code.slash, holding: [Code.leftControl], on: keyboard, to: dispatcher).isEmpty)
  }

  @Test("Caps Lock on does not stop Ctrl+O through send or dispatch")
  func capsLock() throws {
    let scene = Scene(actions: ["openDocument:"])
    let dispatcher = scene.dispatcher(open)
    let keyboard = try systemKeyboard(layout: "us")
    keyboard.tap(Code.capsLock)
    let capsKey = keyboard.key(forEvdevCode: Code.o)
    #expect(capsKey.modifierFlags.contains(.alphaShift))
    #expect(send(Code.o, holding: [Code.leftControl], on: keyboard, to: dispatcher))
    let fired = dispatch(Code.o, holding: [Code.leftControl], on: keyboard, to: dispatcher)
    #expect(fired.map(\.action) == ["openDocument:"])
    #expect(scene.performed == ["openDocument:", "openDocument:"])
  }

  @Test("Ctrl+[ on de fires at its relocated key, ü, through send and dispatch")
  func relocatedOnGerman() throws {
    let scene = Scene(actions: ["goBack:"])
    let dispatcher = scene.dispatcher(back)
    let keyboard = try systemKeyboard(layout: "de")
    #expect(send(Code.leftBrace, holding: [Code.leftControl], on: keyboard, to: dispatcher))
    let fired = dispatch(Code.leftBrace, holding: [Code.leftControl], on: keyboard, to: dispatcher)
    #expect(fired.map(\.action) == ["goBack:"])
    #expect(fired.first?.match?.kind == .localized)
    #expect(!send(Code.leftBrace, holding: [], on: keyboard, to: dispatcher))
    #expect(scene.performed == ["goBack:", "goBack:"])
  }

  @Test("with us,de the relocation follows the active layout, in both directions")
  func relocationFollowsLayout() throws {
    let scene = Scene(actions: ["goBack:"])
    let dispatcher = scene.dispatcher(back)
    let keyboard = try systemKeyboard(XKBKeymap.RuleNames(layout: "us,de"))
    var kinds: [String] = []
    for layout in [0, 1, 0, 1] {
      keyboard.updateModifiers(depressed: 0, latched: 0, locked: 0, layout: UInt32(layout))
      #expect(
        send(Code.leftBrace, holding: [Code.leftControl], on: keyboard, to: dispatcher),
        "layout \(layout)")
      let fired = dispatch(
        Code.leftBrace, holding: [Code.leftControl], on: keyboard, to: dispatcher)
      #expect(fired.map(\.action) == ["goBack:"], "layout \(layout)")
      kinds.append(fired.first?.match?.kind?.rawValue ?? "none")
    }
    #expect(kinds == ["exact", "localized", "exact", "localized"])
    #expect(scene.performed.count == 8)
  }
}

@Suite("XKBKeyboard events reuse storage")
struct XKBKeyboardEventStorageTests {
  @Test("an event kept by the caller is not changed by the events that follow")
  func keptEventsKeepTheirPresses() throws {
    let keyboard = XKBKeyboard(keymap: try systemKeymap(.init(layout: "us")))
    // Shift down, A down (A with Shift stationary), A up, Shift up: each event kept.
    var kept: [PressesEvent] = []
    for (code, direction) in [
      (Code.leftShift, KeyEvent.Direction.down), (30, .down), (30, .up), (Code.leftShift, .up),
      (48, .down), (48, .up),
    ] {
      if let event = keyboard.handle(KeyEvent(evdevCode: code, direction: direction, timestamp: 0))
      {
        kept.append(event)
      }
    }
    let summary = kept.map { event in
      event.allPresses.map { "\($0.phase.rawValue):\($0.key?.characters ?? "")" }
    }
    #expect(
      summary == [
        ["began:"], ["began:A", "stationary:"], ["ended:A", "stationary:"], ["ended:"],
        ["began:b"], ["ended:b"],
      ])
  }

  @Test("an event dropped before the next one leaves that one its own presses")
  func droppedEventsAreReused() throws {
    let keyboard = XKBKeyboard(keymap: try systemKeymap(.init(layout: "us")))
    for (code, text) in [(30, "a"), (48, "b"), (46, "c")] {
      let down = keyboard.handle(KeyEvent(evdevCode: code, direction: .down, timestamp: 0))
      #expect(down?.allPresses.count == 1)
      #expect(down?.allPresses.first?.key?.characters == text)
      let up = keyboard.handle(KeyEvent(evdevCode: code, direction: .up, timestamp: 0))
      #expect(up?.allPresses.map(\.phase) == [.ended])
    }
  }
}
