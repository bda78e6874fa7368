import Foundation
import MenuKit
import MenuKitInterop
import MenuKitXKB
import Testing

// evdev codes
private let key1 = 2
private let key7 = 8
private let key8 = 9
private let keyLeftBrace = 26
private let keyTab = 15
private let leftControl = 29
private let leftShift = 42
private let leftAlt = 56
private let rightAlt = 100

private let linux = KeyCommandMatcher(platform: .linux)

private func keyCommand(_ text: String, _ action: ActionName) throws -> KeyCommand {
  let shortcut = try KeyboardShortcut(parsing: text)
  return KeyCommand(
    title: text, action: action, input: shortcut.input, modifierFlags: shortcut.modifierFlags)
}

/// A window whose first responder contributes `contexts` and performs every action it is
/// given, recording it.
@MainActor
private final class Scene {
  final class View: Responder {
    let contexts: KeyContext?
    init(contexts: KeyContext?) {
      self.contexts = contexts
      super.init()
    }
    override var canBecomeFirstResponder: Bool { true }
    override var keyContext: KeyContext? { contexts }
  }

  let app = Application()
  let window: Window
  let view: View
  var performed: [String] = []

  init(actions: [ActionName], contexts: KeyContext? = nil) {
    window = Window(application: app)
    app.keyWindow = window
    view = View(contexts: contexts)
    view.setNext(window)
    view.becomeFirstResponder()
    for action in actions {
      view.handle(action) { [unowned self] _ in self.performed.append(action.rawValue) }
    }
  }

  func dispatcher(menu keyCommands: [KeyCommand], keymaps: [Keymap]? = nil) -> KeyDispatcher {
    let menu = Menu(children: [
      .menu(Menu(title: "Edit", children: keyCommands.map(MenuElement.keyCommand)))
    ])
    let dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
    dispatcher.keymaps = keymaps
    return dispatcher
  }
}

/// Sends one stroke through the production path and, on a second keyboard in the same state,
/// through the tracing path; returns what each performed.
@MainActor
private func strike(
  _ code: Int, holding modifiers: [Int], layout: String, scene: Scene,
  dispatcher: KeyDispatcher
) throws -> (sent: [String], dispatched: [String]) {
  let keyboard = try systemKeyboard(layout: layout)
  scene.performed = []
  for event in events(code, holding: modifiers, on: keyboard) {
    dispatcher.send(event, layout: keyboard)
  }
  let sent = scene.performed
  scene.performed = []
  let tracing = try systemKeyboard(layout: layout)
  for event in events(code, holding: modifiers, on: tracing) {
    _ = dispatcher.dispatch(event, layout: tracing)
  }
  return (sent, scene.performed)
}

@Suite("Stroke semantics: Shift spelled out, shifted symbols, relocation (decision 0009)")
struct StrokeSemanticsXKBTests {
  @Test(
    "a stroke naming Shift with the unshifted key and one naming the shifted symbol both fire",
    arguments: [
      ("us", keyLeftBrace, [leftControl, leftShift], "Ctrl+Shift+[", "Ctrl+{"),
      ("us", key1, [leftAlt, leftShift], "Alt+Shift+1", "Alt+!"),
      ("us", keyTab, [leftShift], "Shift+Tab", "Shift+Tab"),
      ("de", key7, [leftControl, leftShift], "Ctrl+Shift+7", "Ctrl+/"),
      ("fr", key1, [leftControl, leftShift], "Ctrl+Shift+&", "Ctrl+1"),
    ])
  func bothSpellings(
    layout: String, code: Int, held: [Int], spelled: String, shifted: String
  ) throws {
    let keyboard = try systemKeyboard(layout: layout)
    let press = try #require(pressKey(keyboard, code, holding: held))
    for text in [spelled, shifted] {
      let command = try keyCommand(text, "run:")
      let result = linux.match(press, against: [command], layout: keyboard)
      #expect(result.keyCommand == command, "\(text) on \(layout)")
      #expect(result.kind == .exact, "\(text) on \(layout)")
    }
  }

  @Test("where the two spellings are the same press, the first candidate wins and shadows")
  func sameStroke() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let press = try #require(pressKey(keyboard, keyLeftBrace, holding: [leftControl, leftShift]))
    let fold = try keyCommand("Ctrl+Shift+[", "fold:")
    let brace = try keyCommand("Ctrl+{", "brace:")
    let result = linux.match(press, against: [brace, fold], layout: keyboard)
    #expect(result.keyCommand == brace)
    #expect(result.candidates.map(\.lossReason) == [nil, .shadowed])
  }

  @Test("Shift spelled out is not Shift added: Ctrl+[ does not fire on Ctrl+Shift+[ on us")
  func shiftIsNotIgnored() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let press = try #require(pressKey(keyboard, keyLeftBrace, holding: [leftControl, leftShift]))
    let bracket = try keyCommand("Ctrl+[", "bracket:")
    #expect(linux.match(press, against: [bracket], layout: keyboard).keyCommand == nil)
    let plain = try #require(
      pressKey(try systemKeyboard(layout: "us"), keyLeftBrace, holding: [leftControl]))
    let fold = try keyCommand("Ctrl+Shift+[", "fold:")
    #expect(linux.match(plain, against: [fold], layout: keyboard).keyCommand == nil)
  }

  @Test("the dispatcher fires both spellings through send and dispatch alike")
  @MainActor
  func dispatcherFires() throws {
    for text in ["Ctrl+Shift+[", "Ctrl+{"] {
      let scene = Scene(actions: ["fold:"])
      let dispatcher = scene.dispatcher(menu: [try keyCommand(text, "fold:")])
      let result = try strike(
        keyLeftBrace, holding: [leftControl, leftShift], layout: "us", scene: scene,
        dispatcher: dispatcher)
      #expect(result.sent == ["fold:"], "\(text)")
      #expect(result.dispatched == ["fold:"], "\(text)")
    }
  }

  @Test("VS Code's ctrl+shift+[ fires editor.fold on Ctrl+Shift+[ on us, through keymaps")
  @MainActor
  func vscodeFold() throws {
    let text =
      #"[{ "key": "ctrl+shift+[", "command": "editor.fold", "when": "editorTextFocus && foldingEnabled" }]"#
    let loaded = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
    let keymap = try #require(loaded.keymap)
    #expect(loaded.diagnostics.isEmpty)
    let scene = Scene(
      actions: ["editor.fold"], contexts: KeyContext(["editorTextFocus", "foldingEnabled"]))
    let dispatcher = scene.dispatcher(menu: [], keymaps: [keymap])
    let result = try strike(
      keyLeftBrace, holding: [leftControl, leftShift], layout: "us", scene: scene,
      dispatcher: dispatcher)
    #expect(result.sent == ["editor.fold"])
    #expect(result.dispatched == ["editor.fold"])

    // explain reads the press both ways and names the same winner.
    let keyboard = try systemKeyboard(layout: "us")
    let presses = events(keyLeftBrace, holding: [leftControl, leftShift], on: keyboard)
      .flatMap(\.changedPresses)
    let resolver = KeyBindingResolver(defaults: Menu(), keymaps: [keymap], platform: .linux)
    let explanation = resolver.explain(
      presses, in: [KeyContext(["editorTextFocus", "foldingEnabled"])], layout: keyboard)
    #expect(explanation.winner?.effect == .perform("editor.fold", arguments: nil))
    #expect(
      explanation.strokes.first?.readAs.map(\.canonicalText) == ["Ctrl+{", "Ctrl+Shift+["])
    #expect(explanation.text(platform: .linux).contains("Ctrl+Shift+[ (Shift spelled out)"))
  }

  @Test("on de a keymap's Ctrl+[ is relocated to Ctrl+Ü, as the menu's key command is")
  @MainActor
  func relocatedBinding() throws {
    let text = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Ctrl+[", "command": "outdent:" } ] } ] }
      """
    let keymap = try #require(KeymapFile.load(text: text, source: .user).keymap)
    let menuCommand = try keyCommand("Ctrl+[", "outdent:")
    for keymaps in [nil, [keymap]] as [[Keymap]?] {
      let menu = keymaps == nil ? [menuCommand] : []
      let scene = Scene(actions: ["outdent:"])
      let dispatcher = scene.dispatcher(menu: menu, keymaps: keymaps)
      let atU = try strike(
        keyLeftBrace, holding: [leftControl], layout: "de", scene: scene, dispatcher: dispatcher
      )
      #expect(atU.sent == ["outdent:"], "keymaps: \(keymaps != nil)")
      #expect(atU.dispatched == ["outdent:"], "keymaps: \(keymaps != nil)")
      let atAltGr8 = try strike(
        key8, holding: [leftControl, rightAlt], layout: "de", scene: scene,
        dispatcher: dispatcher)
      #expect(atAltGr8.sent.isEmpty, "keymaps: \(keymaps != nil)")
      #expect(atAltGr8.dispatched.isEmpty, "keymaps: \(keymaps != nil)")
    }

    // explain agrees: Ctrl+Ü fires the Ctrl+[ binding, relocated; Ctrl+AltGr+8 fires nothing.
    let resolver = KeyBindingResolver(defaults: Menu(), keymaps: [keymap], platform: .linux)
    let keyboard = try systemKeyboard(layout: "de")
    let atU = resolver.explain(
      events(keyLeftBrace, holding: [leftControl], on: keyboard).flatMap(\.changedPresses),
      in: [], layout: keyboard)
    #expect(atU.winner?.effect == .perform("outdent:", arguments: nil))
    let atAltGr8 = resolver.explain(
      events(key8, holding: [leftControl, rightAlt], on: keyboard).flatMap(\.changedPresses),
      in: [], layout: keyboard)
    #expect(atAltGr8.winner == nil)
  }

  @Test("a keymap binding of the relocated key itself beats the relocated one")
  @MainActor
  func exactBeatsRelocated() throws {
    let text = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Ctrl+ü", "command": "umlaut:" },
        { "keys": "Ctrl+[", "command": "outdent:" } ] } ] }
      """
    let keymap = try #require(KeymapFile.load(text: text, source: .user).keymap)
    let resolver = KeyBindingResolver(defaults: Menu(), keymaps: [keymap], platform: .linux)
    let keyboard = try systemKeyboard(layout: "de")
    let explanation = resolver.explain(
      events(keyLeftBrace, holding: [leftControl], on: keyboard).flatMap(\.changedPresses),
      in: [], layout: keyboard)
    #expect(explanation.winner?.effect == .perform("umlaut:", arguments: nil))
    let loser = explanation.strokes.first?.resolution.candidates.first { !$0.isWinner }
    #expect(loser?.lossReason == .beatenByExact)
  }

  @Test("a physical-key stroke fires at its position on every layout, through both paths")
  @MainActor
  func physicalKey() throws {
    let position = try keyCommand("Ctrl+[BracketLeft]", "position:")
    for layout in ["us", "de", "fr", "ru"] {
      for keymaps in [nil, []] as [[Keymap]?] {
        let scene = Scene(actions: ["position:"])
        let dispatcher = scene.dispatcher(menu: [position], keymaps: keymaps)
        let atKey = try strike(
          keyLeftBrace, holding: [leftControl], layout: layout, scene: scene,
          dispatcher: dispatcher)
        #expect(atKey.sent == ["position:"], "\(layout), keymaps: \(keymaps != nil)")
        #expect(atKey.dispatched == ["position:"], "\(layout), keymaps: \(keymaps != nil)")
        // Shift is not consumed for a position: Ctrl+Shift at the key is another stroke.
        let shifted = try strike(
          keyLeftBrace, holding: [leftControl, leftShift], layout: layout, scene: scene,
          dispatcher: dispatcher)
        #expect(shifted.sent.isEmpty, "\(layout)")
      }
    }
    // On us the character stroke on the same key is another candidate of the same press.
    let keyboard = try systemKeyboard(layout: "us")
    let press = try #require(pressKey(keyboard, keyLeftBrace, holding: [leftControl]))
    let bracket = try keyCommand("Ctrl+[", "bracket:")
    let result = linux.match(press, against: [bracket, position], layout: keyboard)
    #expect(result.keyCommand == bracket)
    #expect(result.candidates.map(\.lossReason) == [nil, .shadowed])
    #expect(
      KeyCommandMatcher.readings(of: try #require(press.key), layout: keyboard)
        .map(\.canonicalText) == ["Ctrl+[", "Ctrl+[BracketLeft]"])
  }
}
