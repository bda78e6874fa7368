import Synchronization
import Testing

@testable import MenuKit

/// Counts calls from @Sendable closures.
private final class CallCounter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

@Suite("Deferred elements")
struct DeferredElementTests {
  private func element(_ caching: DeferredElement.Caching, counter: CallCounter) -> DeferredElement
  {
    DeferredElement(identifier: "recent", caching: caching) { completion in
      counter.increment()
      completion([.command(Command(title: "Call \(counter.value)", action: "open:"))])
    }
  }

  private func titles(_ element: DeferredElement) -> [String] {
    let result = Mutex<[String]>([])
    element.resolve { elements in result.withLock { $0 = elements.map(\.title) } }
    return result.withLock { $0 }
  }

  @Test("a cached element calls its provider once, also through its copies")
  func cached() {
    let counter = CallCounter()
    let deferred = element(.cached, counter: counter)
    #expect(!deferred.isResolved)
    #expect(titles(deferred) == ["Call 1"])
    let copy = deferred
    #expect(titles(copy) == ["Call 1"])
    #expect(titles(deferred) == ["Call 1"])
    #expect(counter.value == 1)
    #expect(deferred.isResolved)
  }

  @Test("an uncached element calls its provider at each resolution")
  func uncached() {
    let counter = CallCounter()
    let deferred = element(.uncached, counter: counter)
    #expect(titles(deferred) == ["Call 1"])
    #expect(titles(deferred) == ["Call 2"])
    #expect(counter.value == 2)
    #expect(!deferred.isResolved)
  }

  @Test("deferred elements are equal by identifier and caching")
  func equality() {
    let counter = CallCounter()
    #expect(element(.cached, counter: counter) == element(.cached, counter: counter))
    #expect(element(.cached, counter: counter) != element(.uncached, counter: counter))
  }
}

@Suite("Actions, commands and key commands")
struct ElementModelTests {
  @Test("an action performs its handler with itself and the sender")
  @MainActor
  func actionPerforms() {
    let received = Mutex<[String]>([])
    let action = Action(title: "Refresh", identifier: "refresh") { action, sender in
      received.withLock { $0.append("\(action.title) from \(sender as? String ?? "nil")") }
    }
    action.perform(sender: "toolbar")
    action.perform()
    #expect(received.withLock { $0 } == ["Refresh from toolbar", "Refresh from nil"])
  }

  @Test("actions compare everything but the handler")
  func actionEquality() {
    let a = Action(title: "Refresh", identifier: "refresh") { _, _ in }
    let b = Action(title: "Refresh", identifier: "refresh") { _, _ in print("other") }
    var c = a
    c.state = .on
    #expect(a == b)
    #expect(a != c)
    #expect(Set([a, b]).count == 1)
  }

  @Test("a key command reads and writes its command's properties")
  func keyCommandForwards() {
    var keyCommand = KeyCommand(
      title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command)
    #expect(keyCommand.title == "Open…")
    keyCommand.title = "Open File…"
    keyCommand.attributes = [.disabled]
    #expect(keyCommand.command.title == "Open File…")
    #expect(keyCommand.command.attributes == [.disabled])
    #expect(keyCommand.shortcut == KeyboardShortcut("o", modifierFlags: .command))
    keyCommand.shortcut = KeyboardShortcut(.function(5), modifierFlags: [])
    #expect(keyCommand.input == .function(5))
    #expect(keyCommand.modifierFlags == [])
    #expect(keyCommand.repeatBehavior == .repeatable)
    #expect(keyCommand.allowsAutomaticLocalization && keyCommand.allowsAutomaticMirroring)
    #expect(!keyCommand.wantsPriorityOverSystemBehavior)
  }

  @Test("commands are addressed by action and property list")
  func commandKey() {
    let up = Command(title: "Up", action: "navigate:", propertyList: ["id": "up"])
    let down = Command(title: "Down", action: "navigate:", propertyList: ["id": "down"])
    #expect(up.key != down.key)
    #expect(up.key == CommandKey(action: "navigate:", propertyList: ["id": "up"]))
    #expect(up.key.description == #"navigate: {"id": "up"}"#)
  }

  @Test("property lists compare dictionaries by content and print with sorted keys")
  func propertyLists() {
    let a: PropertyList = ["b": 2, "a": [true, nil, 1.5, "x"]]
    let b: PropertyList = .dictionary([
      "a": .array([.bool(true), .null, .number(1.5), .string("x")]),
      "b": .number(2),
    ])
    #expect(a == b)
    #expect(a.description == #"{"a": [true, null, 1.5, "x"], "b": 2}"#)
    #expect(a["b"] == .number(2))
    #expect(PropertyList.string("s").stringValue == "s")
  }

  @Test("element accessors read through every kind")
  func elementAccessors() {
    var command = Command(title: "Bold", action: "bold:", attributes: [.destructive], state: .on)
    let elements: [MenuElement] = [
      .menu(Menu(title: "Font")), .command(command),
      .keyCommand(KeyCommand(command, input: "b", modifierFlags: .command)),
      .action(Action(title: "Go", identifier: "go", state: .mixed) { _, _ in }),
    ]
    #expect(elements.map(\.title) == ["Font", "Bold", "Bold", "Go"])
    #expect(elements.map(\.state) == [.off, .on, .on, .mixed])
    #expect(elements.map(\.attributes) == [[], [.destructive], [.destructive], []])
    #expect(elements.map { $0.command != nil } == [false, true, true, false])
    command.state = .off
    #expect(MenuElement.command(command).state == .off)
  }
}

@Suite("Menu walks")
struct MenuWalkTests {
  @Test("forEachElement visits depth first with depths; allKeyCommands keeps menu order")
  func walk() {
    let menu = Menu(children: [
      .menu(
        Menu(
          title: "File",
          children: [
            .keyCommand(
              KeyCommand(title: "New", action: "new:", input: "n", modifierFlags: .command)),
            .menu(
              Menu(
                options: .displayInline,
                children: [.command(Command(title: "Close", action: "close:"))])),
          ])),
      .keyCommand(KeyCommand(title: "Help", action: "help:", input: .function(1))),
    ])
    var visited: [String] = []
    menu.forEachElement { element, depth in visited.append("\(depth):\(element.title)") }
    #expect(visited == ["1:File", "2:New", "2:", "3:Close", "1:Help"])
    #expect(menu.allKeyCommands.map(\.command.title) == ["New", "Help"])
  }

  @Test("key inputs: function keys, keypad digits and special-key names")
  func keyInputs() {
    #expect(KeyInput.function(1).canonicalName == "F1")
    #expect(KeyInput.function(24).canonicalName == "F24")
    #expect(KeyInput.keypad(0).canonicalName == "Keypad0")
    #expect(KeyInput.keypad(9).specialKey == .keypad9)
    #expect(KeyInput("ß").canonicalName == "ß")
    #expect(KeyInput("\t") == .tab)
    #expect(KeyInput("é").isSingleKey)
    #expect(!KeyInput("ab").isSingleKey)
  }
}
