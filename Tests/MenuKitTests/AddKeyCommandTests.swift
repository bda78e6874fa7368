import Testing

@testable import MenuKit

/// A press of the Down arrow as a US keyboard reports it.
private func downArrow(at time: Double = 0) -> PressesEvent {
  let key = Key(
    keyCode: .keyboardDownArrow, evdevCode: 108, characters: KeyCommand.inputDownArrow,
    charactersIgnoringModifiers: KeyCommand.inputDownArrow, modifierFlags: [],
    keysym: Keysym(rawValue: 0xff54), keysymIgnoringModifiers: Keysym(rawValue: 0xff54))
  return PressesEvent(
    timestamp: time, allPresses: [Press(phase: .began, timestamp: time, key: key)])
}

/// A press of Ctrl and a letter on a US keyboard.
private func controlLetter(_ character: Character) -> PressesEvent {
  let ascii = character.asciiValue ?? 0
  let key = Key(
    keyCode: nil, evdevCode: Int(ascii), characters: String(UnicodeScalar(ascii & 0x1f)),
    charactersIgnoringModifiers: String(character), modifierFlags: .control,
    keysym: Keysym(rawValue: UInt32(ascii)),
    keysymIgnoringModifiers: Keysym(rawValue: UInt32(ascii)))
  return PressesEvent(timestamp: 0, allPresses: [Press(phase: .began, timestamp: 0, key: key)])
}

/// A table view that logs the actions it performs.
@MainActor
private class TableView: Responder {
  var performed: [String] = []
  override var canBecomeFirstResponder: Bool { true }
  override init() {
    super.init()
    for action: ActionName in ["downArrowAction:", "own:"] {
      handle(action) { [unowned self] _ in self.performed.append(action.rawValue) }
    }
  }
}

/// A table view whose override adds its own key command to the ones added to it.
@MainActor
private final class CombiningTableView: TableView {
  let own = [KeyCommand(title: "Own", action: "own:", input: "k", modifierFlags: .command)]
  override var keyCommands: [KeyCommand] { super.keyCommands + own }
}

/// A table view whose override ignores `super`: the added key commands are not offered.
@MainActor
private final class ReplacingTableView: TableView {
  let own = [KeyCommand(title: "Own", action: "own:", input: "k", modifierFlags: .command)]
  override var keyCommands: [KeyCommand] { own }
}

/// A window of an application with `view` as its first responder, and a dispatcher.
@MainActor
private func scene(_ view: Responder) -> KeyDispatcher {
  let app = Application()
  let window = Window(application: app)
  app.keyWindow = window
  view.setNext(window)
  _ = view.becomeFirstResponder()
  return KeyDispatcher(application: app, mainMenu: Menu(children: []), platform: .linux)
}

@Suite("addKeyCommand and removeKeyCommand")
@MainActor
struct AddKeyCommandTests {
  private let down = KeyCommand(
    input: KeyCommand.inputDownArrow, modifierFlags: [], action: "downArrowAction:")

  @Test("an added key command fires at the next press, and a removed one no longer does")
  func addAndRemove() {
    let view = TableView()
    let dispatcher = scene(view)
    dispatcher.send(downArrow(), layout: nil)
    #expect(view.performed == [])
    view.addKeyCommand(down)
    #expect(view.keyCommands == [down])
    dispatcher.send(downArrow(), layout: nil)
    #expect(view.performed == ["downArrowAction:"])
    view.removeKeyCommand(down)
    #expect(view.keyCommands == [])
    dispatcher.send(downArrow(), layout: nil)
    #expect(view.performed == ["downArrowAction:"])
  }

  @Test("removing removes every equal key command; removing one never added does nothing")
  func removeEqual() {
    let view = TableView()
    view.addKeyCommand(down)
    view.addKeyCommand(down)
    let other = KeyCommand(input: "x", modifierFlags: .command, action: "cut:")
    view.removeKeyCommand(other)
    #expect(view.keyCommands == [down, down])
    view.removeKeyCommand(down)
    #expect(view.keyCommands.isEmpty)
  }

  @Test("an override that includes super.keyCommands offers both; one that does not, only its own")
  func overrides() {
    let combining = CombiningTableView()
    let combiningDispatcher = scene(combining)
    combining.addKeyCommand(down)
    combiningDispatcher.send(downArrow(), layout: nil)
    combiningDispatcher.send(controlLetter("k"), layout: nil)
    #expect(combining.performed == ["downArrowAction:", "own:"])

    let replacing = ReplacingTableView()
    let replacingDispatcher = scene(replacing)
    replacing.addKeyCommand(down)
    replacingDispatcher.send(downArrow(), layout: nil)
    replacingDispatcher.send(controlLetter("k"), layout: nil)
    #expect(replacing.performed == ["own:"])
  }

  @Test("the default getter returns one stored array, so the dispatcher's identity check holds")
  func storedArray() {
    let view = TableView()
    view.addKeyCommand(down)
    view.addKeyCommand(KeyCommand(input: "x", modifierFlags: .command, action: "cut:"))
    #expect(KeyCommandArrayIdentity(view.keyCommands) == KeyCommandArrayIdentity(view.keyCommands))
    let table = KeyCommandTable(view.keyCommands)
    #expect(table.identity == KeyCommandArrayIdentity(view.keyCommands))
  }
}
