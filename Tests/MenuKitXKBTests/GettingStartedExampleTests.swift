import Testing

@testable import MenuKit
@testable import MenuKitXKB

/// The responder of docs/guides/getting-started.md, step 4, recording what it shows.
@MainActor
private final class CityList: Responder {
  var shown: [String] = []
  override var canBecomeFirstResponder: Bool { true }
  override init() {
    super.init()
    handle("showCity:") { [unowned self] sender in
      if let keyCommand = sender as? KeyCommand {
        shown.append(keyCommand.command.propertyList?.stringValue ?? "?")
      }
    }
  }
}

@MainActor
@Suite("docs/guides/getting-started.md")
struct GettingStartedExampleTests {
  /// Steps 2 to 5 of docs/guides/getting-started.md, kept in step with it: if this stops compiling
  /// or passing, update both.
  @Test("the guide's menus, responder and key dispatch work as the guide says")
  func guide() throws {
    // 2. Declare the menus.
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    let commands = Commands {
      CommandMenu("Cities") {
        Button("Tokyo", action: "showCity:").propertyList("tokyo").keyboardShortcut("1")
        Button("Paris", action: "showCity:").propertyList("paris").keyboardShortcut("2")
      }
      CommandGroup(after: .newItem) {
        Button("New From Template…", action: "newFromTemplate:").keyboardShortcut(
          "n", modifiers: [.command, .alternate])
      }
    }
    commands.apply(to: &builder)
    let menu = builder.menu

    // 3. Check and look at it.
    #expect(MenuValidator(platform: .linux).validate(menu) == [])
    #expect(TextMenuRenderer(platform: .linux).render(menu).contains("Tokyo  Ctrl+1"))
    #expect(
      MarkdownMenuRenderer(platform: .linux).render(menu).contains(
        "| New From Template… | Ctrl+Alt+N |"))

    // 4. Handle the commands.
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let list = CityList()
    list.setNext(window)
    #expect(list.becomeFirstResponder())

    // 5. Dispatch key presses: Ctrl+1 on a German keyboard.
    let context = XKBContext(
      includePaths: ["/usr/share/X11/xkb"], options: [.noDefaultIncludes, .noEnvironmentNames])
    let keyboard = XKBKeyboard(
      keymap: try XKBKeymap(context: context, names: .init(layout: "de")))
    let dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
    var actions: [String] = []
    for keyEvent in [
      KeyEvent(evdevCode: 29, direction: .down, timestamp: 0.0),  // Left Ctrl
      KeyEvent(evdevCode: 2, direction: .down, timestamp: 0.1),  // 1
    ] {
      if let event = keyboard.handle(keyEvent) {
        for result in dispatcher.dispatch(event, layout: keyboard) {
          actions.append(result.action?.rawValue ?? "delivered as a press")
        }
      }
    }
    #expect(actions.last == "showCity:")
    #expect(list.shown == ["tokyo"])
  }
}
