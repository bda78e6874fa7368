import MenuKit
import MenuKitXKB
import Synchronization
import Testing

/// The seed documents' sample code, written as closely as Swift on Linux allows, built,
/// validated, rendered and dispatched from real key presses (issue 17 item 7). Each test
/// names the seed and the code it follows; docs/guides/coming-from-uikit.md lists what differs.
@MainActor
private final class Performer: Responder {
  var performed: [String] = []
  let actions: Set<ActionName>
  init(_ actions: Set<ActionName>) {
    self.actions = actions
    super.init()
  }
  override var canBecomeFirstResponder: Bool { true }
  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    actions.contains(action) || super.canPerformAction(action, withSender: sender)
  }
  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    guard actions.contains(action) else { return super.perform(action, withSender: sender) }
    performed.append(action.rawValue)
    return true
  }
}

/// An application whose key window's first responder is `first`.
@MainActor
private func scene(first: Responder) -> Application {
  let app = Application()
  let window = Window(application: app)
  app.keyWindow = window
  first.setNext(window)
  _ = first.becomeFirstResponder()
  return app
}

/// Presses a key with modifiers held on a us keyboard and returns the actions performed.
@MainActor
private func press(
  _ code: Int, holding modifiers: [Int] = [], menu: Menu, app: Application
) throws -> [ActionName] {
  let keyboard = try systemKeyboard(layout: "us")
  let dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
  return events(code, holding: modifiers, on: keyboard).flatMap {
    dispatcher.dispatch($0, layout: keyboard).compactMap(\.action)
  }
}

/// The rendered line of an item, its columns joined by one space: `Run Ctrl+Shift+R`.
private func line(_ title: String, in text: String) -> String? {
  text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    .first { $0.hasPrefix(title + " ") }
}

private let leftCtrl = 29
private let leftShift = 42

@Suite("Seed: SwiftUI commands (the Commands documentation and the SwiftUI notes)")
@MainActor
struct SwiftUICommandsSeedTests {
  /// `CommandMenu("Actions") { Button("Run", systemImage: "play.fill") { … }
  /// .keyboardShortcut("R"); Button("Stop", systemImage: "stop.fill") { … }
  /// .keyboardShortcut(".") }`
  private let actions = Commands {
    CommandMenu("Actions") {
      Button("Run", image: "play.fill", action: "run:").keyboardShortcut("R")
      Button("Stop", image: "stop.fill", action: "stop:").keyboardShortcut(".")
    }
  }

  @Test("CommandMenu(\"Actions\"): a top-level menu after View, ⌘⇧R and ⌘. as SwiftUI reads them")
  func actionsMenu() throws {
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    actions.apply(to: &builder)
    #expect(builder.diagnostics.isEmpty)
    let menu = builder.menu
    let titles = menu.children.map(\.title)
    #expect(titles.firstIndex(of: "Actions") == titles.firstIndex(of: "View").map { $0 + 1 })
    #expect(MenuValidator(platform: .linux).validate(menu).isEmpty)
    let text = TextMenuRenderer(platform: .linux).render(menu)
    #expect(line("Run", in: text) == "Run Ctrl+Shift+R")
    #expect(line("Stop", in: text) == "Stop Ctrl+.")
    var mac = MenuBuilder(menu: StandardMenus.mainMenu(for: .mac))
    actions.apply(to: &mac)
    #expect(line("Run", in: TextMenuRenderer(platform: .mac).render(mac.menu)) == "Run ⇧⌘R")

    let app = scene(first: Performer(["run:", "stop:"]))
    // An uppercase letter is Shift and the letter: Ctrl+Shift+R runs, Ctrl+R does not.
    #expect(try press(19, holding: [leftCtrl, leftShift], menu: menu, app: app) == ["run:"])
    #expect(try press(19, holding: [leftCtrl], menu: menu, app: app) == [])
    #expect(try press(52, holding: [leftCtrl], menu: menu, app: app) == ["stop:"])
  }

  /// `CommandGroup(before: .systemServices) { Button("Check for Updates") { … } }`,
  /// `CommandGroup(after: .newItem) { Button("New from Clipboard") { … } }`,
  /// `CommandGroup(replacing: .help) { Button("User Manual") { … } }`
  @Test("the placement example builds on mac and on linux, where Services is a note")
  func placements() {
    let commands = Commands {
      CommandGroup(before: .systemServices) {
        Button("Check for Updates", action: "checkForUpdates:")
      }
      CommandGroup(after: .newItem) { Button("New from Clipboard", action: "newFromClipboard:") }
      CommandGroup(replacing: .help) { Button("User Manual", action: "showManual:") }
    }
    for platform in [PlatformProfile.mac, .linux] {
      var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: platform))
      commands.apply(to: &builder)
      #expect(!builder.diagnostics.containsErrors, "\(platform)")
      #expect(builder.menu(for: .newScene)?.children.last?.title == "New from Clipboard")
      #expect(builder.command(for: "showHelp:") == nil)
      #expect(builder.command(for: "showManual:") != nil)
      #expect(MenuValidator(platform: platform).validate(builder.menu).isEmpty, "\(platform)")
      let application = builder.menu(for: .application)?.children.map(\.title) ?? []
      if platform == .mac {
        let index = application.firstIndex(of: "Check for Updates")
        #expect(index.map { application[$0 + 1] } == "Services")
      } else {
        #expect(builder.command(for: "checkForUpdates:") == nil)
        #expect(builder.diagnostics.map(\.code) == [.placementUnavailable])
      }
    }
  }

  /// `struct MessageCommands: Commands { @FocusedValue(DataModel.self) var dataModel;
  /// CommandGroup(after: .newItem) { Button("New Message") { dataModel?.messages.append(…) }
  /// .disabled(dataModel == nil) } }`: in MenuKit the focused value is the responder chain.
  @Test("New Message is enabled only while a responder with the model is focused")
  func focusedValue() throws {
    final class MessageList: Responder {
      var messages: [String] = []
      override var canBecomeFirstResponder: Bool { true }
      override init() {
        super.init()
        handle("newMessage:") { [unowned self] _ in self.messages.append("New") }
      }
    }
    final class Sidebar: Responder {
      override var canBecomeFirstResponder: Bool { true }
    }
    let system = MenuSystem(kind: .main, platform: .linux)
    system.addBuildHandler { builder in
      Commands {
        CommandGroup(after: .newItem) { Button("New Message", action: "newMessage:") }
      }.apply(to: &builder)
    }
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let list = MessageList()
    list.setNext(window)
    let sidebar = Sidebar()
    sidebar.setNext(window)
    let newMessage = CommandKey(action: "newMessage:")

    #expect(sidebar.becomeFirstResponder())
    #expect(!system.validatedMenu(for: app.firstResponderForEvents).isEnabled(newMessage))
    #expect(
      !app.perform(
        .command(
          try #require(
            system.validatedMenu(for: app.firstResponderForEvents).command(for: newMessage)))))
    #expect(list.becomeFirstResponder())
    let validated = system.validatedMenu(for: app.firstResponderForEvents)
    #expect(validated.isEnabled(newMessage), "follows the focus, with no revalidation call")
    #expect(app.perform(.command(try #require(validated.command(for: newMessage)))))
    #expect(list.messages == ["New"])
  }

  /// The SwiftUI notes: `.keyboardShortcut("f") // cmd-f` and
  /// `.keyboardShortcut(.return, modifiers: [.command, .shift]) // cmd-shift-return`.
  @Test("keyboardShortcut(\"f\") is ⌘F; (.return, modifiers: [.command, .shift]) is ⌘⇧Return")
  func keyboardShortcuts() throws {
    let commands = Commands {
      CommandMenu("Buttons") {
        Button("First", action: "first:").keyboardShortcut("f")
        Button("Second", action: "second:").keyboardShortcut(
          .return, modifiers: [.command, .shift])
      }
    }
    var builder = MenuBuilder(menu: Menu(identifier: .root))
    commands.apply(to: &builder)
    let text = TextMenuRenderer(platform: .mac).render(builder.menu)
    #expect(line("First", in: text) == "First ⌘F")
    #expect(line("Second", in: text) == "Second ⇧⌘↩")
    let app = scene(first: Performer(["first:", "second:"]))
    #expect(try press(33, holding: [leftCtrl], menu: builder.menu, app: app) == ["first:"])
    #expect(
      try press(28, holding: [leftCtrl, leftShift], menu: builder.menu, app: app) == ["second:"])
  }
}

@Suite("Seed: WWDC20 \"Build with iOS pickers, menus and actions\"")
@MainActor
struct WWDC20MenusSeedTests {
  /// "UIDeferredMenuElement adds the ability to asynchronously provide menu items … Once
  /// provided, these items are cached should the menu be displayed again … the items won't
  /// be requested until they need to be displayed."
  @Test("a deferred element provides later, is asked only when shown, and is cached")
  func deferredElement() {
    final class Pending: Sendable {
      let completion = Mutex<(@Sendable ([MenuElement]) -> Void)?>(nil)
      let calls = Mutex(0)
    }
    let pending = Pending()
    let deferred = DeferredElement(identifier: "com.example.suggestions") { completion in
      pending.calls.withLock { $0 += 1 }
      pending.completion.withLock { $0 = completion }
    }
    let menu = Menu(
      identifier: .root,
      children: [.menu(Menu(title: "Suggestions", children: [.deferred(deferred)]))])
    let system = MenuSystem(kind: .context, baseMenu: menu)
    #expect(pending.calls.withLock { $0 } == 0, "not requested before it is displayed")

    let shown = system.validatedMenu(for: nil)
    #expect(pending.calls.withLock { $0 } == 1)
    #expect(shown.unresolvedDeferredElements == ["com.example.suggestions"], "still loading")

    let provide = pending.completion.withLock { $0 }
    provide?([.command(Command(title: "Paris", action: "showCity:", propertyList: "paris"))])
    let again = system.validatedMenu(for: nil)
    #expect(again.unresolvedDeferredElements.isEmpty)
    #expect(again.command(for: CommandKey(action: "showCity:", propertyList: "paris")) != nil)
    _ = system.validatedMenu(for: nil)
    #expect(pending.calls.withLock { $0 } == 1, "cached: displayed again without asking")
  }

  /// "You receive a copy of that menu, and you return a menu to present in its place … UIMenu
  /// has changed behavior to no longer force its children to be immutable."
  @Test("updating a visible menu: change a copy, the original stays")
  func updateVisibleMenu() {
    let original = Menu(
      title: "View",
      children: [
        .action(Action(title: "Grid", identifier: "grid") { _, _ in }),
        .action(Action(title: "List", identifier: "list") { _, _ in }),
      ])
    var updated = original
    if case .action(var grid) = updated.children[0] {
      grid.state = .on
      updated.children[0] = .action(grid)
    }
    if case .action(var list) = updated.children[1] {
      list.attributes = [.hidden]
      updated.children[1] = .action(list)
    }
    #expect(updated.children[0].state == .on)
    #expect(updated.children[1].attributes == [.hidden])
    #expect(original.children[0].state == .off)
    #expect(!TextMenuRenderer(platform: .linux).render(updated).contains("List"))
  }
}

@Suite("Seed: \"Adding menus and shortcuts to the menu bar and user interface\", in Swift")
@MainActor
struct AddingMenusSeedTests {
  /// The sample's identifiers (`extension UIMenu.Identifier`).
  private static let openMenu: MenuIdentifier = "com.example.openMenu"
  private static let arrowsMenu: MenuIdentifier = "com.example.arrowsMenu"
  private static let navMenu: MenuIdentifier = "com.example.navMenu"

  /// `AppDelegate.buildMenu(with:)` through `MenuController`, as the sample writes it.
  private final class AppDelegate: Responder {
    var performed: [String] = []
    override init() {
      super.init()
      handle("openAction:") { [unowned self] _ in self.performed.append("open") }
      handle("navigationMenuAction:") { [unowned self] sender in
        var arrow = "?"
        if case .dictionary(let list) = (sender as? KeyCommand)?.command.propertyList,
          case .string(let name) = list["arrowsKey"]
        {
          arrow = name
        }
        self.performed.append("navigate \(arrow)")
      }
    }
    override func buildMenu(with builder: inout MenuBuilder) throws {
      guard builder.system == .main else { return }
      // let openCommand = UIKeyCommand(title:…, action: #selector(openAction), input: "o",
      //                                modifierFlags: .command)
      let openCommand = KeyCommand(
        title: "Open…", action: "openAction:", input: "o", modifierFlags: .command)
      // Port: the linux standard File menu has its own Open… on Cmd+O (Catalyst's has none
      // unless the app is document-based), so the sample's takes its place.
      builder.remove(command: "openDocument:")
      builder.insertChild(
        Menu(
          title: "", identifier: AddingMenusSeedTests.openMenu, options: .displayInline,
          children: [.keyCommand(openCommand)]),
        atStartOfMenu: .file)
      // let keyCommands = [UIKeyCommand.inputRightArrow, .inputLeftArrow, .inputUpArrow,
      //                    .inputDownArrow]
      let keyCommands = [
        KeyCommand.inputRightArrow, KeyCommand.inputLeftArrow, KeyCommand.inputUpArrow,
        KeyCommand.inputDownArrow,
      ]
      let arrows = ["right", "left", "up", "down"]
      let arrowKeyChildrenCommands = zip(keyCommands, arrows).map { command, arrow in
        MenuElement.keyCommand(
          KeyCommand(
            title: arrow.capitalized, action: "navigationMenuAction:", input: command,
            modifierFlags: .command, propertyList: ["arrowsKey": .string(arrow)]))
      }
      let arrowKeysGroup = Menu(
        title: "", identifier: AddingMenusSeedTests.arrowsMenu, options: .displayInline,
        children: arrowKeyChildrenCommands)
      builder.insertSibling(
        Menu(
          title: "Navigation", identifier: AddingMenusSeedTests.navMenu,
          children: [.menu(arrowKeysGroup)]),
        afterMenu: .view)
      // let refreshAction = UIAction(title: "Refresh") { action in … }
      // builder.insertSibling(refreshMenuItem, beforeMenu: .close)
      let refreshAction = Action(title: "Refresh") { _ in }
      builder.insertSibling(
        Menu(title: "", options: .displayInline, children: [.action(refreshAction)]),
        beforeMenu: .close)
    }
  }

  /// `PrimaryViewController`: the down arrow added with `addKeyCommand(_:)`.
  private final class PrimaryViewController: Responder {
    var moves = 0
    override var canBecomeFirstResponder: Bool { true }
    override init() {
      super.init()
      // let downArrowCommand = UIKeyCommand(input: UIKeyCommand.inputDownArrow,
      //   modifierFlags: [], action: #selector(PrimaryViewController.downArrowAction(_:)))
      // addKeyCommand(downArrowCommand)
      let downArrowCommand = KeyCommand(
        input: KeyCommand.inputDownArrow, modifierFlags: [], action: "downArrowAction:")
      addKeyCommand(downArrowCommand)
      handle("downArrowAction:") { [unowned self] _ in self.moves += 1 }
    }
  }

  @Test("the sample's menus build and validate; its shortcuts fire from real key presses")
  func sample() throws {
    let app = Application()
    let delegate = AppDelegate()
    app.delegate = delegate
    let window = Window(application: app)
    app.keyWindow = window
    let controller = PrimaryViewController()
    controller.setNext(window)
    #expect(controller.becomeFirstResponder())
    let system = MenuSystem(kind: .main, platform: .linux)
    system.application = app
    let menu = system.menu
    #expect(system.diagnostics.isEmpty, "\(system.diagnostics)")
    #expect(MenuValidator(platform: .linux).validate(menu).isEmpty)

    let file = try #require(menu.children.first { $0.title == "File" }?.menu)
    #expect(file.children.first?.menu?.identifier == Self.openMenu, "Open at the start of File")
    let refresh = file.children.firstIndex { $0.menu?.children.first?.title == "Refresh" }
    let close = file.children.firstIndex { $0.menu?.identifier == .close }
    #expect(refresh != nil && refresh.map { $0 + 1 } == close, "Refresh just before Close")
    let titles = menu.children.map(\.title)
    #expect(titles.firstIndex(of: "Navigation") == titles.firstIndex(of: "View").map { $0 + 1 })
    let text = TextMenuRenderer(platform: .linux).render(menu)
    #expect(text.contains("Right  Ctrl+Right"))

    let validated = system.validatedMenu(for: app.firstResponderForEvents)
    #expect(validated.isEnabled(CommandKey(action: "openAction:")))

    let down = 108
    let right = 106
    let o = 24
    let mainMenu = menu
    #expect(try press(o, holding: [leftCtrl], menu: mainMenu, app: app) == ["openAction:"])
    #expect(
      try press(right, holding: [leftCtrl], menu: mainMenu, app: app) == ["navigationMenuAction:"])
    #expect(try press(down, menu: mainMenu, app: app) == ["downArrowAction:"])
    #expect(delegate.performed == ["open", "navigate right"])
    #expect(controller.moves == 1)
    // The key command added to the controller is one of its key commands, as UIKit's.
    #expect(controller.keyCommands.map(\.command.action) == ["downArrowAction:"])
  }
}

extension String {
  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
