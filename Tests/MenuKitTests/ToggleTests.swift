import Testing

@testable import MenuKit

/// A window controller that owns the sidebar's visibility, as the Toggle documentation shows.
@MainActor
private final class WindowController: Responder {
  var showsSidebar = true
  override init() {
    super.init()
    handle("toggleSidebar:") { [unowned self] _ in showsSidebar.toggle() }
  }
  override func validate(_ command: inout Command) {
    if command.action == "toggleSidebar:" { command.state = showsSidebar ? .on : .off }
  }
}

/// Records the values a closure toggle was switched to.
@MainActor
private final class Log {
  var values: [Bool] = []
}

/// A press of S with the modifiers `flags` held, as a US keyboard reports it.
private func letterS(_ flags: KeyModifierFlags) -> PressesEvent {
  let key = Key(
    keyCode: .keyboardS, evdevCode: 31, characters: "s", charactersIgnoringModifiers: "s",
    modifierFlags: flags, keysym: Keysym(rawValue: 0x73),
    keysymIgnoringModifiers: Keysym(rawValue: 0x73))
  return PressesEvent(timestamp: 0, allPresses: [Press(phase: .began, timestamp: 0, key: key)])
}

@Suite("Toggle in commands")
@MainActor
struct ToggleTests {
  @Test("a toggle is a command whose state is isOn until validation reports the responder's")
  func commandToggle() throws {
    let commands = Commands {
      CommandMenu("Layout", identifier: "layout") {
        Toggle("Show Sidebar", action: "toggleSidebar:", isOn: false)
          .keyboardShortcut("s", modifiers: [.command, .alternate])
      }
    }
    var builder = MenuBuilder(menu: Menu(children: []))
    commands.apply(to: &builder)
    let menu = builder.menu
    let key = CommandKey(action: "toggleSidebar:")
    #expect(ValidatedMenu(menu: menu).state(of: key) == .off)

    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let controller = WindowController()
    app.delegate = controller
    let validation = MenuValidation(firstResponder: app.firstResponderForEvents)
    #expect(validation.validate(menu).state(of: key) == .on)

    // Choosing it (from a menu, or its shortcut) flips the state, and validation shows it.
    let dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
    #expect(dispatcher.send(letterS([.control, .alternate]), layout: nil))
    #expect(controller.showsSidebar == false)
    #expect(validation.validate(menu).state(of: key) == .off)
    let item = try #require(menu.allKeyCommands.first)
    #expect(app.perform(.keyCommand(item)))
    #expect(validation.validate(menu).state(of: key) == .on)
  }

  @Test("a closure toggle runs with the value it switches to")
  func closureToggle() {
    let log = Log()
    let on = Toggle("Word Wrap", isOn: true) { log.values.append($0) }
    let off = Toggle("Line Numbers", isOn: false) { log.values.append($0) }
    #expect(on.element.state == .on)
    #expect(off.element.state == .off)
    let app = Application()
    app.perform(on.element)
    app.perform(off.element)
    #expect(log.values == [false, true])
  }

  @Test("a disabled toggle is disabled, and a toggle sits in a menu body like a button")
  func inMenu() {
    let menu = Menu("View") {
      Toggle("Show Sidebar", action: "toggleSidebar:", isOn: true).disabled(true)
      Toggle("Show Toolbar", action: "toggleToolbar:", isOn: false)
    }
    #expect(menu.children.map(\.state) == [.on, .off])
    #expect(menu.children[0].attributes.contains(.disabled))
    #expect(!menu.children[1].attributes.contains(.disabled))
  }
}
