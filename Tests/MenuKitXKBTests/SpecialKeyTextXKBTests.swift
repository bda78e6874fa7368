import MenuKit
import MenuKitXKB
import Testing

/// Evdev codes of the special keys, from `linux/input-event-codes.h`.
private enum Code {
  static let backspace = 14
  static let tab = 15
  static let space = 57
  static let f1 = 59
  static let f5 = 63
  static let keypad4 = 75
  static let f12 = 88
  static let keypadEnter = 96
  static let home = 102
  static let up = 103
  static let pageUp = 104
  static let left = 105
  static let right = 106
  static let end = 107
  static let down = 108
  static let pageDown = 109
  static let insert = 110
  static let delete = 111
  static let playPause = 164
}

/// A responder that handles the arrows in `pressesBegan` exactly as Apple's article "Handling
/// key presses made on a physical keyboard" does, and passes other presses on.
@MainActor
private final class ArrowHandler: Responder {
  var log: [String] = []
  override var canBecomeFirstResponder: Bool { true }

  override func pressesBegan(_ presses: [Press], with event: PressesEvent) {
    var didHandleEvent = false
    for press in presses {
      guard let key = press.key else { continue }
      if key.charactersIgnoringModifiers == KeyCommand.inputLeftArrow {
        log.append("left")
        didHandleEvent = true
      }
      if key.charactersIgnoringModifiers == KeyCommand.inputRightArrow {
        log.append("right")
        didHandleEvent = true
      }
    }
    if didHandleEvent == false {
      super.pressesBegan(presses, with: event)
    }
  }

  override func pressesEnded(_ presses: [Press], with event: PressesEvent) {
    for press in presses where press.key?.charactersIgnoringModifiers == KeyCommand.inputLeftArrow {
      log.append("left released")
    }
  }
}

/// A text field: it consumes typed text.
@MainActor
private final class TextField: Responder {
  var performed: [String] = []
  override var canBecomeFirstResponder: Bool { true }
  override var isTextInput: Bool { true }
  let commands = [
    KeyCommand(input: KeyCommand.inputDownArrow, modifierFlags: [], action: "moveDown:"),
    KeyCommand(input: "a", modifierFlags: [], action: "plainA:"),
  ]
  override var keyCommands: [KeyCommand] { commands }
  override init() {
    super.init()
    for action: ActionName in ["moveDown:", "plainA:"] {
      handle(action) { [unowned self] _ in self.performed.append(action.rawValue) }
    }
  }
}

@Suite("Special keys report UIKit's input strings (decision 0004)")
@MainActor
struct SpecialKeyTextXKBTests {
  @Test(
    "a special key that types nothing reports its input string in both texts",
    arguments: [
      (Code.up, KeyCommand.inputUpArrow), (Code.down, KeyCommand.inputDownArrow),
      (Code.left, KeyCommand.inputLeftArrow), (Code.right, KeyCommand.inputRightArrow),
      (Code.pageUp, KeyCommand.inputPageUp), (Code.pageDown, KeyCommand.inputPageDown),
      (Code.home, KeyCommand.inputHome), (Code.end, KeyCommand.inputEnd),
      (Code.delete, KeyCommand.inputDelete), (Code.f1, KeyCommand.inputF1),
      (Code.f5, KeyCommand.inputF5), (Code.f12, KeyCommand.inputF12),
      (Code.insert, "UIKeyInputInsert"),
    ])
  func inputStrings(code: Int, expected: String) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let key = try #require(keyboard.handle(code, .down)?.allPresses.first?.key)
    #expect(key.characters == expected)
    #expect(key.charactersIgnoringModifiers == expected)
    // The string reads back as the key command input of the key's keysym.
    #expect(KeyInput(key.charactersIgnoringModifiers) == KeyInput(keysym: key.keysym))
  }

  @Test("with modifiers held the key still reports its input string (Shift+Left, Ctrl+F5)")
  func withModifiers() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let shiftLeft = try #require(pressKey(keyboard, Code.left, holding: [EvdevKey.leftShift]))
    #expect(shiftLeft.key?.characters == KeyCommand.inputLeftArrow)
    #expect(shiftLeft.key?.charactersIgnoringModifiers == KeyCommand.inputLeftArrow)
    #expect(shiftLeft.key?.modifierFlags == .shift)
    let other = try systemKeyboard(layout: "de")
    let controlF5 = try #require(pressKey(other, Code.f5, holding: [EvdevKey.leftControl]))
    #expect(controlF5.key?.charactersIgnoringModifiers == KeyCommand.inputF5)
  }

  @Test(
    "Escape, Tab, Return, Backspace and space report the characters they type, as UIKit",
    arguments: [
      (EvdevKey.escape, KeyCommand.inputEscape), (Code.tab, "\t"), (EvdevKey.enter, "\r"),
      (Code.backspace, "\u{8}"), (Code.space, " "), (Code.keypadEnter, "\r"),
    ])
  func typedCharacters(code: Int, expected: String) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let key = try #require(keyboard.handle(code, .down)?.allPresses.first?.key)
    #expect(key.characters == expected)
    #expect(key.charactersIgnoringModifiers == expected)
  }

  @Test("the keypad reports the navigation key with Num Lock off and its digit with it on")
  func keypad() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let off = try #require(keyboard.handle(Code.keypad4, .down)?.allPresses.first?.key)
    _ = keyboard.handle(Code.keypad4, .up)
    #expect(off.characters == KeyCommand.inputLeftArrow)
    #expect(off.charactersIgnoringModifiers == KeyCommand.inputLeftArrow)
    keyboard.tap(EvdevKey.numLock)
    let on = try #require(keyboard.handle(Code.keypad4, .down)?.allPresses.first?.key)
    #expect(on.characters == "4")
    // Typed text is not a special key: the first level's name is not reported for it.
    #expect(on.charactersIgnoringModifiers == "")
  }

  @Test("Apple's key-press sample: pressesBegan and pressesEnded see the left and right arrows")
  func appleKeyPressSample() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let handler = ArrowHandler()
    handler.setNext(window)
    #expect(handler.becomeFirstResponder())
    let dispatcher = KeyDispatcher(application: app, mainMenu: Menu(children: []), platform: .linux)
    for (code, direction) in [
      (Code.left, KeyEvent.Direction.down), (Code.left, .up), (Code.right, .down),
      (Code.right, .up), (EvdevKey.a, .down), (EvdevKey.a, .up),
    ] {
      if let event = keyboard.handle(code, direction) {
        dispatcher.send(event, layout: keyboard)
      }
    }
    #expect(handler.log == ["left", "left released", "right"])
  }

  @Test("a text field's arrow key command still fires: an input string is not typed text")
  func textFieldKeepsArrowCommands() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let field = TextField()
    field.setNext(window)
    #expect(field.becomeFirstResponder())
    let dispatcher = KeyDispatcher(application: app, mainMenu: Menu(children: []), platform: .linux)
    for code in [Code.down, EvdevKey.a] {
      let event = try #require(keyboard.handle(code, .down))
      let result = try #require(dispatcher.dispatch(event, layout: keyboard).first)
      _ = keyboard.handle(code, .up)
      if code == EvdevKey.a {
        // Typing "a" into the text field goes to the field, not to the plain-A key command.
        #expect(result.yieldedToTextInput.map(\.action) == ["plainA:"])
      }
    }
    #expect(field.performed == ["moveDown:"])
  }

  @Test(
    "a press's type names the remote button its key plays",
    arguments: [
      (Code.up, Press.PressType.upArrow), (Code.down, .downArrow), (Code.left, .leftArrow),
      (Code.right, .rightArrow), (EvdevKey.enter, .select), (Code.keypadEnter, .select),
      (Code.space, .select), (EvdevKey.escape, .menu), (Code.pageUp, .pageUp),
      (Code.pageDown, .pageDown), (Code.keypad4, .leftArrow), (Code.playPause, .playPause),
      (EvdevKey.a, .key), (Code.f5, .key), (EvdevKey.leftShift, .key),
    ])
  func pressType(code: Int, expected: Press.PressType) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let press = try #require(keyboard.handle(code, .down)?.allPresses.first)
    #expect(press.type == expected)
  }
}

@Suite("The application keys (Menu, Undo, Find, XF86Copy, XF86Back…) are special keys")
@MainActor
struct ApplicationKeysXKBTests {
  /// Evdev codes from `linux/input-event-codes.h` and the key each is on the us layout.
  nonisolated static let keys: [(code: Int, key: KeyInput.SpecialKey)] = [
    (127, .contextMenu), (129, .redo), (131, .undo), (133, .copy), (134, .open),
    (135, .paste), (136, .find), (137, .cut), (138, .help), (158, .browserBack),
    (159, .browserForward), (181, .new), (234, .save),
  ]

  @Test("each key reports its input string and reads as its special key", arguments: keys)
  func reads(code: Int, key: KeyInput.SpecialKey) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let pressed = try #require(keyboard.handle(code, .down)?.allPresses.first?.key)
    #expect(pressed.charactersIgnoringModifiers == key.inputString)
    #expect(KeyInput(keysym: pressed.keysym) == KeyInput(key))
    #expect(KeyInput(pressed.charactersIgnoringModifiers) == KeyInput(key))
  }

  @Test("Zed's bindings of these keys fire through the dispatcher (Ctrl+Copy, Menu, Back)")
  func dispatches() throws {
    // gpui's spellings, read as Zed's dialect.
    let bindings = [
      ("ctrl-copy", "copyAll:"), ("menu", "openContextMenu:"), ("back", "goBack:"),
      ("shift-find", "findPrevious:"),
    ]
    let commands = try bindings.map { text, action in
      let shortcut = try KeyboardShortcut(parsing: text, dialect: .zed, platform: .linux)
      return KeyCommand(
        action: ActionName(action), input: shortcut.input, modifierFlags: shortcut.modifierFlags)
    }
    let keyboard = try systemKeyboard(layout: "us")
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let editor = Editor(commands: commands)
    editor.setNext(window)
    #expect(editor.becomeFirstResponder())
    let dispatcher = KeyDispatcher(application: app, mainMenu: Menu(children: []), platform: .linux)
    for (code, modifier) in [
      (133, EvdevKey.leftControl), (127, nil), (158, nil), (136, EvdevKey.leftShift),
    ] {
      if let modifier { _ = keyboard.handle(modifier, .down) }
      let event = try #require(keyboard.handle(code, .down))
      dispatcher.send(event, layout: keyboard)
      _ = keyboard.handle(code, .up)
      if let modifier { _ = keyboard.handle(modifier, .up) }
    }
    #expect(editor.performed == bindings.map(\.1))
  }
}

/// A responder with key commands that records the actions it performs.
@MainActor
private final class Editor: Responder {
  var performed: [String] = []
  let commands: [KeyCommand]
  override var canBecomeFirstResponder: Bool { true }
  override var keyCommands: [KeyCommand] { commands }
  init(commands: [KeyCommand]) {
    self.commands = commands
    super.init()
    for command in commands {
      let action = command.action
      handle(action) { [unowned self] _ in self.performed.append(action.rawValue) }
    }
  }
}
