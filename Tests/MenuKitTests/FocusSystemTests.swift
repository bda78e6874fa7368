import Testing

@testable import MenuKit

/// A press of a key with a keysym, as a US keyboard reports it.
private func press(_ keysym: UInt32, _ text: String, _ flags: KeyModifierFlags = []) -> PressesEvent
{
  let key = Key(
    keyCode: nil, evdevCode: Int(keysym & 0xff), characters: text,
    charactersIgnoringModifiers: text, modifierFlags: flags, keysym: Keysym(rawValue: keysym),
    keysymIgnoringModifiers: Keysym(rawValue: keysym))
  return PressesEvent(timestamp: 0, allPresses: [Press(phase: .began, timestamp: 0, key: key)])
}

private let tab: UInt32 = 0xff09
private let leftTab: UInt32 = 0xfe20
private let down: UInt32 = 0xff54
private let up: UInt32 = 0xff52

/// A focusable view that logs the presses that reach it.
@MainActor
private final class View: Responder {
  let name: String
  var presses: [String] = []
  var isTextField = false
  init(_ name: String) {
    self.name = name
    super.init()
  }
  override var canBecomeFirstResponder: Bool { true }
  override var isTextInput: Bool { isTextField }
  override func pressesBegan(_ presses: [Press], with event: PressesEvent) {
    self.presses.append(presses.first?.key?.keysym.rawValue == tab ? "tab" : "other")
  }
}

/// A window with three focusable views and a window-level key command set.
@MainActor
private final class Scene {
  let app = Application()
  let window: Window
  let views = [View("search"), View("sidebar"), View("list")]
  let dispatcher: KeyDispatcher
  var performed: [String] = []

  init(keyCommands: [KeyCommand] = []) {
    window = Window(application: app)
    app.keyWindow = window
    for view in views { view.setNext(window) }
    for command in keyCommands { window.addKeyCommand(command) }
    dispatcher = KeyDispatcher(application: app, mainMenu: Menu(children: []), platform: .linux)
    for action: ActionName in ["indent:", "nextRow:"] {
      window.handle(action) { [unowned self] _ in self.performed.append(action.rawValue) }
    }
  }

  func send(_ keysym: UInt32, _ text: String, _ flags: KeyModifierFlags = []) -> DispatchResult? {
    dispatcher.dispatch(press(keysym, text, flags), layout: nil).first
  }

  var focusedName: String? { (window.focusSystem.focusedItem as? View)?.name }
  var firstName: String? { (window.firstResponder as? View)?.name }
}

@Suite("A minimal focus system: Tab and arrows move focus before key commands")
@MainActor
struct FocusSystemTests {
  @Test(
    "Tab moves to the next item and wraps; Shift+Tab moves back; the item becomes first responder")
  func tabOrder() {
    let scene = Scene()
    scene.window.focusSystem.focusableItems = scene.views
    #expect(scene.send(tab, "\t")?.movedFocus == .next)
    #expect(scene.focusedName == "search")
    #expect(scene.firstName == "search")
    _ = scene.send(tab, "\t")
    _ = scene.send(tab, "\t")
    #expect(scene.focusedName == "list")
    _ = scene.send(tab, "\t")
    #expect(scene.focusedName == "search")
    #expect(scene.send(leftTab, "\t", .shift)?.movedFocus == .previous)
    #expect(scene.focusedName == "list")
    #expect(scene.firstName == "list")
    // The presses that moved focus were not delivered.
    #expect(scene.views.allSatisfy { $0.presses.isEmpty })
  }

  @Test("a key command on Tab yields to focus movement unless it wants priority, as the seed says")
  func priority() {
    let plain = KeyCommand(input: "\t", modifierFlags: [], action: "indent:")
    let yielding = Scene(keyCommands: [plain])
    yielding.window.focusSystem.focusableItems = yielding.views
    let result = yielding.send(tab, "\t")
    #expect(result?.movedFocus == .next)
    #expect(result?.yieldedToTextInput == [plain])
    #expect(yielding.performed == [])

    var priority = plain
    priority.wantsPriorityOverSystemBehavior = true
    let taking = Scene(keyCommands: [priority])
    taking.window.focusSystem.focusableItems = taking.views
    let taken = taking.send(tab, "\t")
    #expect(taken?.movedFocus == nil)
    #expect(taken?.action == "indent:")
    #expect(taking.performed == ["indent:"])
    #expect(taking.focusedName == nil)
  }

  @Test("arrows move focus without wrapping; at the end the key command gets the arrow")
  func arrows() {
    let nextRow = KeyCommand(input: .downArrow, modifierFlags: [], action: "nextRow:")
    let scene = Scene(keyCommands: [nextRow])
    scene.window.focusSystem.focusableItems = scene.views
    scene.window.focusSystem.focus(scene.views[1])
    #expect(scene.send(down, KeyCommand.inputDownArrow)?.movedFocus == .down)
    #expect(scene.focusedName == "list")
    let atEnd = scene.send(down, KeyCommand.inputDownArrow)
    #expect(atEnd?.movedFocus == nil)
    #expect(scene.performed == ["nextRow:"])
    #expect(scene.send(up, KeyCommand.inputUpArrow)?.movedFocus == .up)
    #expect(scene.focusedName == "sidebar")
  }

  @Test("a text field keeps its arrows, but Tab leaves it; modified keys never move focus")
  func textFieldAndModifiers() {
    let scene = Scene()
    scene.views[0].isTextField = true
    scene.window.focusSystem.focusableItems = scene.views
    scene.window.focusSystem.focus(scene.views[0])
    #expect(scene.send(down, KeyCommand.inputDownArrow)?.movedFocus == nil)
    #expect(scene.views[0].presses == ["other"])
    #expect(scene.send(tab, "\t", .control)?.movedFocus == nil)
    #expect(scene.views[0].presses == ["other", "tab"])
    #expect(scene.send(tab, "\t")?.movedFocus == .next)
    #expect(scene.focusedName == "sidebar")
  }

  @Test("without focusable items Tab is delivered as before")
  func noItems() {
    let scene = Scene()
    _ = scene.views[0].becomeFirstResponder()
    let result = scene.send(tab, "\t")
    #expect(result?.movedFocus == nil)
    #expect(result?.deliveredTo === scene.views[0])
    #expect(scene.views[0].presses == ["tab"])
  }

  @Test("an item no longer listed loses focus; focus(_:) only takes listed items")
  func listChanges() {
    let scene = Scene()
    let focus = scene.window.focusSystem
    focus.focusableItems = scene.views
    #expect(focus.focus(scene.views[2]))
    focus.focusableItems = Array(scene.views.prefix(2))
    #expect(focus.focusedItem == nil)
    #expect(!focus.focus(scene.views[2]))
    #expect(focus.moveFocus(.previous))
    #expect(scene.focusedName == "sidebar")
  }
}
