import Testing

@testable import MenuKit

// MARK: - Support

/// A press of Ctrl and a letter (or, with no flags, the letter alone) on a US keyboard.
private func press(
  _ character: Character, _ flags: KeyModifierFlags = .control, _ phase: Press.Phase = .began,
  at time: Double = 0
) -> PressesEvent {
  let ascii = character.asciiValue ?? 0
  let text = String(character)
  let typed = flags.contains(.control) ? String(UnicodeScalar(UInt8(ascii & 0x1f))) : text
  let key = Key(
    keyCode: nil, evdevCode: Int(ascii), characters: typed, charactersIgnoringModifiers: text,
    modifierFlags: flags, keysym: Keysym(rawValue: UInt32(ascii)),
    keysymIgnoringModifiers: Keysym(rawValue: UInt32(ascii)))
  return PressesEvent(timestamp: time, allPresses: [Press(phase: phase, timestamp: time, key: key)])
}

/// A key command on Ctrl (the linux profile's `.command`) and a letter.
private func command(_ action: ActionName, _ input: KeyInput = "k") -> KeyCommand {
  KeyCommand(title: action.rawValue, action: action, input: input, modifierFlags: .command)
}

/// The actions performed, in order, by every responder of a scene.
@MainActor
private final class ActionLog {
  var entries: [String] = []
}

/// A responder that performs every action it is asked to (unless told not to) and logs it,
/// with presses that reach it logged too.
private class LoggingResponder: Responder {
  let name: String
  let log: ActionLog
  var performsActions = true

  init(_ name: String, log: ActionLog) {
    self.name = name
    self.log = log
    super.init()
  }

  override var canBecomeFirstResponder: Bool { true }
  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    performsActions
  }
  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    log.entries.append("\(name) \(action.rawValue)")
    return true
  }
  override func pressesBegan(_ presses: [Press], with event: PressesEvent) {
    log.entries.append("\(name) began \(presses[0].key?.charactersIgnoringModifiers ?? "")")
    super.pressesBegan(presses, with: event)
  }
}

/// The UIKit pattern: key commands picked by state from arrays the responder stores.
private final class EditorResponder: LoggingResponder {
  var isEditing = false
  let editingCommands = [command("indent:"), command("bold:", "b")]
  let browsingCommands = [command("open:")]
  private(set) var asked = 0

  override var keyCommands: [KeyCommand] {
    asked += 1
    return isEditing ? editingCommands : browsingCommands
  }
}

/// A getter that builds a new array on every call, from its state.
private final class FreshArrayResponder: LoggingResponder {
  var action: ActionName = "first:"
  override var keyCommands: [KeyCommand] { [command(action)] }
}

/// A responder that answers one of several stored arrays, by number.
private final class ManyArraysResponder: LoggingResponder {
  let arrays: [[KeyCommand]] = (0..<7).map { [command(ActionName("set\($0):"))] }
  var selected = 0
  override var keyCommands: [KeyCommand] { arrays[selected] }
}

/// A responder whose next responder is an override reading a property, as a view's superview.
private final class LinkedResponder: LoggingResponder {
  var link: Responder?
  var commands: [KeyCommand] = []
  var context: KeyContext?
  override var next: Responder? { link }
  override var keyCommands: [KeyCommand] { commands }
  override var keyContext: KeyContext? { context }
}

/// An application, its key window and a first responder leading to the window.
@MainActor
private struct Scene<First: Responder> {
  let app = Application()
  let window: Window
  let first: First
  let dispatcher: KeyDispatcher

  init(_ first: First, mainMenu: Menu = Menu()) {
    window = Window(application: app)
    app.keyWindow = window
    self.first = first
    if let linked = first as? LinkedResponder {
      linked.link = window
    } else {
      first.setNext(window)
    }
    #expect(first.becomeFirstResponder())
    dispatcher = KeyDispatcher(application: app, mainMenu: mainMenu, platform: .linux)
  }
}

// MARK: - Tests

@Suite("Dynamic key commands and chains")
@MainActor
struct DynamicKeyCommandTests {
  @Test("key commands picked by state from stored arrays fire at the next press, both ways")
  func stateDependentStoredArrays() {
    let log = ActionLog()
    let scene = Scene(EditorResponder("editor", log: log))
    for round in 0..<3 {
      scene.first.isEditing = false
      #expect(scene.dispatcher.send(press("k"), layout: nil))
      #expect(scene.dispatcher.dispatch(press("k"), layout: nil).first?.action == "open:")
      #expect(!scene.dispatcher.send(press("b"), layout: nil), "round \(round)")
      scene.first.isEditing = true
      #expect(scene.dispatcher.send(press("k"), layout: nil))
      #expect(scene.dispatcher.dispatch(press("k"), layout: nil).first?.action == "indent:")
      #expect(scene.dispatcher.send(press("b"), layout: nil), "round \(round)")
    }
    let performed = log.entries.filter { !$0.contains("began") }
    #expect(
      performed
        == Array(
          repeating: [
            "editor open:", "editor open:", "editor indent:", "editor indent:", "editor bold:",
          ], count: 3
        ).flatMap { $0 })
  }

  @Test("every press asks the responders for their key commands")
  func askedOnEveryPress() {
    let scene = Scene(EditorResponder("editor", log: ActionLog()))
    let before = scene.first.asked
    for _ in 0..<10 { scene.dispatcher.send(press("k"), layout: nil) }
    #expect(scene.first.asked - before >= 10)
  }

  @Test("a getter that builds a new array at every call fires its new key commands")
  func freshArrays() {
    // The new array is allocated right after the old one is dropped, so it may be given the
    // old one's storage: the dispatcher must still see the change (it keeps the arrays it
    // compiled, so their storage cannot be reused while it compares against them).
    let log = ActionLog()
    let scene = Scene(FreshArrayResponder("fresh", log: log))
    var expected: [String] = []
    for index in 0..<50 {
      let action = ActionName(index % 2 == 0 ? "first:" : "second:")
      scene.first.action = action
      #expect(scene.dispatcher.send(press("k"), layout: nil), "press \(index)")
      expected.append("fresh \(action.rawValue)")
    }
    #expect(log.entries == expected)
    // Equal key commands in a new array are the same key commands.
    scene.first.action = "third:"
    for _ in 0..<3 { #expect(scene.dispatcher.send(press("k"), layout: nil)) }
    #expect(log.entries.suffix(3) == ["fresh third:", "fresh third:", "fresh third:"])
  }

  @Test("a table tells a new array from the one it was made of, wherever the new one is stored")
  func tableIdentity() {
    // Each array is dropped as soon as the table is made: were the table not to keep it, the
    // next array of the same size would usually be given its storage.
    for index in 0..<20 {
      let table = KeyCommandTable([command(ActionName("old\(index):"))])
      let other = [command(ActionName("new\(index):"))]
      #expect(!table.holds(other), "\(index)")
      #expect(table.holds(table.keyCommands))
      #expect(table.holds([command(ActionName("old\(index):"))]))
    }
    let empty = KeyCommandTable([])
    #expect(empty.holds([]))
    #expect(!empty.holds([command("any:")]))
  }

  @Test("more stored arrays than the dispatcher keeps compiled still fire the right commands")
  func manyArrays() {
    let log = ActionLog()
    let scene = Scene(ManyArraysResponder("many", log: log))
    var expected: [String] = []
    for step in 0..<40 {
      // Cycles through all seven, then jumps about.
      let selected = step < 21 ? step % 7 : (step * 5) % 7
      scene.first.selected = selected
      #expect(scene.dispatcher.send(press("k"), layout: nil))
      expected.append("many set\(selected):")
    }
    #expect(log.entries == expected)
    #expect(scene.dispatcher.cacheVariants.count <= KeyDispatcher.keptVariants)
  }

  @Test("a stored array changed in place, at the same count, is heard at the next press")
  func changedInPlace() {
    // The array keeps its count, and a uniquely referenced one would keep its storage: the
    // dispatcher holds the array it compiled, so the change copies it, and the press sees
    // the new key commands rather than a cache of the old ones.
    let log = ActionLog()
    let scene = Scene(LinkedResponder("linked", log: log))
    scene.first.commands.reserveCapacity(4)
    scene.first.commands.append(command("first:"))
    #expect(scene.dispatcher.send(press("k"), layout: nil))
    scene.first.commands[0] = command("second:")
    #expect(scene.dispatcher.send(press("k"), layout: nil))
    scene.first.commands.removeAll(keepingCapacity: true)
    scene.first.commands.append(command("third:"))
    #expect(scene.dispatcher.send(press("k"), layout: nil))
    // Another key, same action: the old chord stops firing.
    scene.first.commands[0] = command("third:", "j")
    #expect(!scene.dispatcher.send(press("k"), layout: nil))
    #expect(scene.dispatcher.send(press("j"), layout: nil))
    #expect(
      log.entries == [
        "linked first:", "linked second:", "linked third:", "linked began k", "linked third:",
      ])
  }

  @Test("switching between two stored arrays on every press fires each array's commands")
  func switchingEveryPress() {
    let log = ActionLog()
    let scene = Scene(EditorResponder("editor", log: log))
    var expected: [String] = []
    for step in 0..<30 {
      scene.first.isEditing = step % 3 != 0
      #expect(scene.dispatcher.send(press("k"), layout: nil), "step \(step)")
      expected.append(scene.first.isEditing ? "editor indent:" : "editor open:")
      // `b` exists only while editing.
      #expect(scene.dispatcher.send(press("b"), layout: nil) == scene.first.isEditing)
      expected.append(scene.first.isEditing ? "editor bold:" : "editor began b")
    }
    #expect(log.entries == expected)
    #expect(scene.dispatcher.cacheVariants.count == 2)
  }

  @Test("a responder that starts or stops offering key commands is heard at the next press")
  func emptyAndBack() {
    let log = ActionLog()
    let scene = Scene(LinkedResponder("linked", log: log))
    #expect(!scene.dispatcher.send(press("k"), layout: nil))
    scene.first.commands = [command("kill:")]
    #expect(scene.dispatcher.send(press("k"), layout: nil))
    scene.first.commands = []
    #expect(!scene.dispatcher.send(press("k"), layout: nil))
    #expect(log.entries == ["linked began k", "linked kill:", "linked began k"])
  }

  @Test("a next override that changes its answer is followed at once, for key commands too")
  func changedNextOverride() {
    let log = ActionLog()
    let scene = Scene(LinkedResponder("first", log: log))
    let above = LinkedResponder("above", log: log)
    above.commands = [command("above:")]
    above.link = scene.window
    let other = LinkedResponder("other", log: log)
    other.commands = [command("other:")]
    other.link = scene.window
    // The action goes to the responder that offers the key command.
    scene.first.performsActions = false

    scene.first.link = above
    #expect(scene.dispatcher.send(press("k"), layout: nil))
    #expect(!scene.dispatcher.send(press("x", []), layout: nil))
    // The override answers differently; nothing tells the dispatcher.
    scene.first.link = other
    #expect(scene.dispatcher.send(press("k"), layout: nil))
    #expect(!scene.dispatcher.send(press("x", []), layout: nil))
    scene.first.link = scene.window
    #expect(!scene.dispatcher.send(press("k"), layout: nil))
    #expect(
      log.entries == [
        "above above:", "first began x", "above began x", "other other:", "first began x",
        "other began x", "first began k",
      ])
  }

  @Test("a chain that starts to loop is reported at the next press, and again when it stops")
  func loopAppears() {
    let log = ActionLog()
    let scene = Scene(LinkedResponder("first", log: log))
    let second = LinkedResponder("second", log: log)
    second.link = scene.window
    scene.first.link = second
    #expect(scene.dispatcher.dispatch(press("x", []), layout: nil).first?.loop == nil)
    second.link = scene.first  // first → second → first
    let looped = scene.dispatcher.dispatch(press("x", []), layout: nil).first
    #expect(looped?.loop?.length == 2)
    #expect(looped?.loop?.backTo === scene.first)
    second.link = scene.window
    #expect(scene.dispatcher.dispatch(press("x", []), layout: nil).first?.loop == nil)
    #expect(
      log.entries == [
        "first began x", "second began x", "first began x", "second began x", "first began x",
        "second began x",
      ])
  }

  @Test("a responder that leaves the chain is let go of once a press reads the new chain")
  func leavingResponderIsReleased() {
    let log = ActionLog()
    let scene = Scene(LinkedResponder("first", log: log))
    weak var weakMiddle: LinkedResponder?
    do {
      let middle = LinkedResponder("middle", log: log)
      middle.commands = [command("middle:")]
      middle.link = scene.window
      scene.first.link = middle
      weakMiddle = middle
      #expect(scene.dispatcher.send(press("k"), layout: nil))
      scene.first.link = scene.window
    }
    #expect(!scene.dispatcher.send(press("k"), layout: nil))
    #expect(weakMiddle == nil)
  }

  @Test("a key context that follows state scopes keymap bindings at the next press, through send")
  func keyContextFollowsState() throws {
    let log = ActionLog()
    let scene = Scene(LinkedResponder("editor", log: log))
    scene.first.context = KeyContext(["Editor"], values: ["mode": "vim"])
    let loaded = KeymapFile.load(
      text: """
        { "schemaVersion": 1, "keymap": [
          { "context": "Editor && mode == vim",
            "bindings": [ { "keys": "Ctrl+T", "command": "vim.transpose" } ] },
          { "context": "Editor && mode == full",
            "bindings": [ { "keys": "Ctrl+T", "command": "newTab" } ] },
        ] }
        """, path: "test.keymap.json", source: .user)
    scene.dispatcher.keymaps = [try #require(loaded.keymap)]
    #expect(scene.dispatcher.send(press("t", at: 0), layout: nil))
    scene.first.context = KeyContext(["Editor"], values: ["mode": "full"])
    #expect(scene.dispatcher.send(press("t", at: 1), layout: nil))
    scene.first.context = nil
    #expect(!scene.dispatcher.send(press("t", at: 2), layout: nil))
    #expect(log.entries == ["editor vim.transpose", "editor newTab", "editor began t"])
  }
}
