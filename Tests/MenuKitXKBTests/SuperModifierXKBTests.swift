import MenuKit
import MenuKitInterop
import MenuKitXKB
import Testing

// Super+E pressed on a real XKB keyboard (evdev KEY_LEFTMETA held with KEY_E): MenuKitXKB
// reports the Super key as `.command`, and `.super` key commands and bindings fire on it.

private let keyE = 18
private let leftMeta = 125
private let leftControl = 29
private let leftShift = 42

private let openFiles = KeyCommand(
  title: "Files", action: "win.openFiles", input: "e", modifierFlags: .super)
private let openEditor = KeyCommand(
  title: "Editor", action: "win.openEditor", input: "e", modifierFlags: .command)

/// An application whose first responder performs every action, recording it.
@MainActor
private final class Scene {
  final class Performer: Responder {
    var performed: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
      true
    }
    override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
      performed.append(action.rawValue)
      return true
    }
  }

  let app = Application()
  let window: Window
  let performer = Performer()
  let dispatcher: KeyDispatcher

  init(platform: PlatformProfile, keyCommands: [KeyCommand] = [], keymaps: [Keymap] = []) {
    window = Window(application: app)
    app.keyWindow = window
    performer.setNext(window)
    performer.becomeFirstResponder()
    let menu = Menu(children: [
      .menu(Menu(title: "File", children: keyCommands.map(MenuElement.keyCommand)))
    ])
    dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: platform)
    dispatcher.keymaps = keymaps
  }

  /// Types a key while holding modifier keys; returns the actions performed.
  func type(_ code: Int, holding modifiers: [Int], on keyboard: XKBKeyboard) -> [String] {
    let before = performer.performed.count
    for event in events(code, holding: modifiers, on: keyboard) {
      _ = dispatcher.dispatch(event, layout: keyboard)
    }
    return Array(performer.performed[before...])
  }
}

@Suite("The Super modifier on an XKB keyboard")
struct SuperModifierXKBTests {
  @Test(
    "Super+E reports the Super key as .command and matches a Super+E key command",
    arguments: [PlatformProfile.linux, .windows])
  func matcher(platform: PlatformProfile) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let matcher = KeyCommandMatcher(platform: platform)
    let press = try #require(pressKey(keyboard, keyE, holding: [leftMeta]))
    #expect(press.key?.modifierFlags.intersection(.shortcutModifiers) == .command)
    let result = matcher.match(press, against: [openEditor, openFiles], layout: keyboard)
    #expect(result.keyCommand == openFiles)
    #expect(result.kind == .exact)
  }

  @Test(
    "Ctrl+E does not fire Super+E; it fires Cmd+E", arguments: [PlatformProfile.linux, .windows])
  func controlE(platform: PlatformProfile) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let matcher = KeyCommandMatcher(platform: platform)
    let press = try #require(pressKey(keyboard, keyE, holding: [leftControl]))
    #expect(matcher.match(press, against: [openFiles], layout: keyboard).keyCommand == nil)
    #expect(
      matcher.match(press, against: [openFiles, openEditor], layout: keyboard).keyCommand
        == openEditor)
  }

  @Test("Super+Shift+E does not fire Super+E", arguments: [PlatformProfile.linux, .windows])
  func superShiftE(platform: PlatformProfile) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let press = try #require(pressKey(keyboard, keyE, holding: [leftMeta, leftShift]))
    #expect(
      KeyCommandMatcher(platform: platform).match(press, against: [openFiles], layout: keyboard)
        .keyCommand == nil)
  }

  @Test(
    "the dispatcher performs a menu's Super+E on Super+E, and Cmd+E on Ctrl+E",
    arguments: [PlatformProfile.linux, .windows])
  @MainActor
  func dispatchKeyCommand(platform: PlatformProfile) throws {
    let keyboard = try systemKeyboard(layout: "us")
    let scene = Scene(platform: platform, keyCommands: [openFiles, openEditor])
    #expect(scene.type(keyE, holding: [leftMeta], on: keyboard) == ["win.openFiles"])
    #expect(scene.type(keyE, holding: [leftControl], on: keyboard) == ["win.openEditor"])
    #expect(scene.type(keyE, holding: [], on: keyboard).isEmpty)
  }

  @Test(
    "imported VS Code, Zed and GTK Super+E bindings fire on Super+E, not on Ctrl+E",
    arguments: [
      ("vscode", #"[{ "key": "meta+e", "command": "win.openFiles" }]"#),
      ("zed", #"[{ "bindings": { "super-e": "win.openFiles" } }]"#),
      ("gtk", #"(gtk_accel_path "<Actions>/win/openFiles" "<Super>e")"#),
    ])
  @MainActor
  func dispatchImportedBinding(format: String, text: String) throws {
    let loaded =
      switch format {
      case "vscode": VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
      case "zed": ZedKeymap.load(text: text, platform: .linux, source: .user)
      default: GTKAccelerators.load(text: text, platform: .linux, source: .user)
      }
    let keymap = try #require(loaded.keymap)
    #expect(keymap.bindings.map(\.keys.canonicalText) == ["Super+E"])
    let keyboard = try systemKeyboard(layout: "us")
    let scene = Scene(platform: .linux, keymaps: [keymap])
    #expect(scene.type(keyE, holding: [leftControl], on: keyboard).isEmpty)
    #expect(scene.type(keyE, holding: [leftMeta], on: keyboard) == ["win.openFiles"])
  }

  @Test("on mac Super+E is ⌘E: the Super key fires it")
  func mac() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let press = try #require(pressKey(keyboard, keyE, holding: [leftMeta]))
    #expect(
      KeyCommandMatcher(platform: .mac).match(press, against: [openFiles], layout: keyboard)
        .keyCommand == openFiles)
  }
}
