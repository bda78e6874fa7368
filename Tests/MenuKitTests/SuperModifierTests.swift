import MenuKitPalette
import MenuKitTestSupport
import Testing

@testable import MenuKit
@testable import MenuKitInterop

// The Super key (`.super`) on every profile: authored, matched, dispatched, imported and written
// back. Presses report the physical Super key as `.command` (decision 0004).

/// A press of a US letter key with modifiers held, as MenuKitXKB reports it: Control turns
/// the letter into a control character, the Super key is `.command`.
private func letter(
  _ character: Character, _ flags: KeyModifierFlags = [], _ phase: Press.Phase = .began,
  at time: Double = 0
) -> Press {
  let ascii = character.asciiValue!
  let text = String(character)
  let typed = flags.contains(.control) ? String(UnicodeScalar(UInt8(ascii & 0x1f))) : text
  let key = Key(
    keyCode: nil, evdevCode: 18, characters: typed, charactersIgnoringModifiers: text,
    modifierFlags: flags, keysym: Keysym(rawValue: UInt32(ascii)),
    keysymIgnoringModifiers: Keysym(rawValue: UInt32(ascii)))
  return Press(phase: phase, timestamp: time, key: key)
}

/// A press of the left Super key (evdev 125, `Super_L`): it reports `.command` only once it is
/// held, so on its way up.
private func superKey(_ phase: Press.Phase, at time: Double) -> Press {
  let key = Key(
    keyCode: nil, evdevCode: 125, characters: "", charactersIgnoringModifiers: "",
    modifierFlags: phase == .began ? [] : [.command], keysym: Keysym(rawValue: 0xffeb),
    keysymIgnoringModifiers: Keysym(rawValue: 0xffeb))
  return Press(phase: phase, timestamp: time, key: key)
}

/// The Super key held (`.command` in a press), and the Control key, per profile.
private let superHeld: KeyModifierFlags = .command
private let controlHeld: KeyModifierFlags = .control

/// A responder that performs every action and logs it.
private final class Performer: Responder {
  var log: [String] = []
  override var canBecomeFirstResponder: Bool { true }
  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool { true }
  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    log.append(action.rawValue)
    return true
  }
}

/// An application whose first responder performs everything, with a dispatcher.
@MainActor
private struct Scene {
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

  func send(_ press: Press) -> DispatchResult {
    dispatcher.dispatch(
      PressesEvent(timestamp: press.timestamp, allPresses: [press]), layout: FakeLayout())[0]
  }
}

private let openFiles = KeyCommand(
  title: "Files", action: "win.openFiles", input: "e", modifierFlags: .super)
private let openEditor = KeyCommand(
  title: "Editor", action: "win.openEditor", input: "e", modifierFlags: .command)

/// Small keymaps in each foreign format that bind Super+E, with the platform they are for.
private struct ForeignKeymap: CustomTestStringConvertible, Sendable {
  var format: String
  var platform: PlatformProfile
  var text: String
  var testDescription: String { "\(format) on \(platform)" }

  func load() -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    switch format {
    case "vscode": VSCodeKeybindings.load(text: text, platform: platform, source: .user)
    case "zed": ZedKeymap.load(text: text, platform: platform, source: .user)
    default: GTKAccelerators.load(text: text, platform: platform, source: .user)
    }
  }

  func write(_ keymap: Keymap) -> String {
    switch format {
    case "vscode": VSCodeKeybindings.text(of: keymap, platform: platform).text
    case "zed": ZedKeymap.text(of: keymap, platform: platform).text
    default: GTKAccelerators.text(of: keymap, platform: platform).text
    }
  }
}

private let foreignKeymaps: [ForeignKeymap] = [
  ForeignKeymap(
    format: "vscode", platform: .linux,
    text: #"[{ "key": "meta+e", "command": "win.openFiles" },"#
      + #" { "key": "ctrl+e", "command": "win.openEditor" }]"#),
  ForeignKeymap(
    format: "vscode", platform: .windows,
    text: #"[{ "key": "win+e", "command": "win.openFiles" },"#
      + #" { "key": "ctrl+e", "command": "win.openEditor" }]"#),
  ForeignKeymap(
    format: "zed", platform: .linux,
    text: #"[{ "bindings": { "super-e": "win.openFiles", "ctrl-e": "win.openEditor" } }]"#),
  ForeignKeymap(
    format: "zed", platform: .windows,
    text: #"[{ "bindings": { "win-e": "win.openFiles", "ctrl-e": "win.openEditor" } }]"#),
  ForeignKeymap(
    format: "gtk", platform: .linux,
    text: """
      (gtk_accel_path "<Actions>/win/openFiles" "<Super>e")
      (gtk_accel_path "<Actions>/win/openEditor" "<Primary>e")
      """),
  ForeignKeymap(
    format: "gtk", platform: .windows,
    text: """
      (gtk_accel_path "<Actions>/win/openFiles" "<Super>e")
      (gtk_accel_path "<Actions>/win/openEditor" "<Primary>e")
      """),
]

// MARK: - Matching

@Suite("The Super modifier: matching")
struct SuperMatchingTests {
  @Test(
    "a Super+E key command fires on Super+E and not on Ctrl+E",
    arguments: [
      PlatformProfile.linux, .windows,
    ])
  func superKeyCommand(platform: PlatformProfile) {
    let matcher = KeyCommandMatcher(platform: platform)
    let layout = FakeLayout()
    #expect(
      matcher.match(letter("e", superHeld), against: [openFiles, openEditor], layout: layout)
        .keyCommand == openFiles)
    #expect(
      matcher.match(letter("e", controlHeld), against: [openFiles, openEditor], layout: layout)
        .keyCommand == openEditor)
    #expect(
      matcher.match(letter("e", controlHeld), against: [openFiles], layout: layout).keyCommand
        == nil)
    #expect(matcher.match(letter("e"), against: [openFiles], layout: layout).keyCommand == nil)
    #expect(
      matcher.match(letter("e", [.command, .control]), against: [openFiles], layout: layout)
        .keyCommand == nil)
  }

  @Test("on linux a Super+Ctrl+E key command needs both keys")
  func superAndControl() {
    let both = KeyCommand(
      title: "Both", action: "both", input: "e", modifierFlags: [.command, .super])
    let matcher = KeyCommandMatcher(platform: .linux)
    #expect(
      matcher.match(letter("e", [.command, .control]), against: [both], layout: FakeLayout())
        .keyCommand == both)
    #expect(matcher.match(letter("e", superHeld), against: [both], layout: nil).keyCommand == nil)
  }

  @Test("on mac Super+E is ⌘E: it fires on the ⌘ key, as Cmd+E does")
  func superOnMac() {
    let matcher = KeyCommandMatcher(platform: .mac)
    #expect(
      matcher.match(letter("e", superHeld), against: [openFiles], layout: FakeLayout())
        .keyCommand == openFiles)
    #expect(
      matcher.match(letter("e", controlHeld), against: [openFiles], layout: nil).keyCommand
        == nil)
  }
}

// MARK: - Dispatch

@Suite("The Super modifier: dispatch")
@MainActor
struct SuperDispatchTests {
  @Test(
    "a menu's Super+E key command is performed on Super+E; Ctrl+E performs Cmd+E",
    arguments: [
      PlatformProfile.linux, .windows,
    ])
  func menuKeyCommand(platform: PlatformProfile) {
    let scene = Scene(platform: platform, keyCommands: [openFiles, openEditor])
    #expect(scene.send(letter("e", superHeld)).action == "win.openFiles")
    #expect(scene.send(letter("e", controlHeld)).action == "win.openEditor")
    #expect(scene.performer.log == ["win.openFiles", "win.openEditor"])
  }

  @Test("without a Super+E command, Super+E performs nothing (Cmd+E is Ctrl+E)")
  func noSuperCommand() {
    let scene = Scene(platform: .linux, keyCommands: [openEditor])
    #expect(scene.send(letter("e", superHeld)).action == nil)
    #expect(scene.performer.log.isEmpty)
  }

  @Test(
    "an imported Super+E binding fires on Super+E, and Ctrl+E fires the Ctrl binding",
    arguments: foreignKeymaps)
  fileprivate func importedBinding(_ foreign: ForeignKeymap) throws {
    let (keymap, diagnostics) = foreign.load()
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let loaded = try #require(keymap)
    #expect(loaded.bindings.map(\.keys.canonicalText) == ["Super+E", "Cmd+E"])
    let scene = Scene(platform: foreign.platform, keymaps: [loaded])
    let fired = scene.send(letter("e", superHeld))
    #expect(fired.action == "win.openFiles")
    #expect(fired.keyBinding?.keys.canonicalText == "Super+E")
    #expect(scene.send(letter("e", controlHeld)).action == "win.openEditor")
    #expect(scene.send(letter("e", [.alternate])).action == nil)
    #expect(scene.performer.log == ["win.openFiles", "win.openEditor"])
  }

  @Test("a keymap's lone Super stroke fires when the Super key is tapped")
  func superTap() throws {
    let text = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Super", "command": "launcher" } ] } ] }
      """
    let keymap = try #require(
      KeymapFile.load(text: text, path: "k.json", source: .user).keymap)
    let scene = Scene(platform: .linux, keymaps: [keymap])
    _ = scene.send(superKey(.began, at: 0))
    #expect(scene.send(superKey(.ended, at: 0.1)).action == "launcher")
    // Held with another key, it is no tap.
    _ = scene.send(superKey(.began, at: 1))
    _ = scene.send(letter("x", superHeld, at: 1.1))
    _ = scene.send(superKey(.ended, at: 1.2))
    #expect(scene.performer.log == ["launcher"])
  }
}

// MARK: - Importing and writing back

@Suite("The Super modifier: foreign keymaps")
struct SuperImportTests {
  @Test(
    "meta+e, win+e, super-e and <Super>e import as Super+E and are written back",
    arguments: foreignKeymaps)
  fileprivate func roundTrip(_ foreign: ForeignKeymap) throws {
    let keymap = try #require(foreign.load().keymap)
    let written = foreign.write(keymap)
    let superWord: String
    switch (foreign.format, foreign.platform) {
    case ("vscode", .windows): superWord = "\"win+e\""
    case ("vscode", _): superWord = "\"meta+e\""
    case ("zed", .windows): superWord = "\"win-e\""
    case ("zed", _): superWord = "\"super-e\""
    default: superWord = "\"<Super>e\""
    }
    #expect(written.contains(superWord), "\(written)")
    let reloaded = try #require(
      ForeignKeymap(format: foreign.format, platform: foreign.platform, text: written).load()
        .keymap)
    #expect(reloaded.bindings.map(\.keys) == keymap.bindings.map(\.keys))
  }

  @Test("a mac keymap's meta, super and <Super> are ⌘")
  func macKeymaps() throws {
    let vscode = VSCodeKeybindings.load(
      text: #"[{ "key": "meta+e", "command": "a" }]"#, platform: .mac, source: .user)
    #expect(vscode.keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+E"])
    let zed = ZedKeymap.load(
      text: #"[{ "bindings": { "super-e": "a" } }]"#, platform: .mac, source: .user)
    #expect(zed.keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+E"])
    let gtk = GTKAccelerators.load(
      text: #"(gtk_accel_path "<Actions>/win/a" "<Super>e")"#, platform: .mac, source: .user)
    #expect(gtk.keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+E"])
  }

  @Test("GTK's <Meta> and <Hyper> stay rejected on linux, with a warning that says why")
  func gtkMetaAndHyper() throws {
    let text = """
      (gtk_accel_path "<Actions>/win/a" "<Meta>e")
      (gtk_accel_path "<Actions>/win/b" "<Hyper>e")
      (gtk_accel_path "<Actions>/win/c" "<Super>e")
      """
    let (keymap, diagnostics) = GTKAccelerators.load(text: text, platform: .linux, source: .user)
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["Super+E"])
    #expect(diagnostics.map(\.code) == [.unsupportedForeignKeys, .unsupportedForeignKeys])
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
    #expect(diagnostics[0].message.contains("not the Super (logo) key"))
    #expect(diagnostics[1].message.contains("Hyper"))
  }
}

// MARK: - Rendering

@Suite("The Super modifier: labels in every rendering")
struct SuperRenderingTests {
  private let root = Menu(children: [
    .menu(
      Menu(
        title: "Go",
        children: [
          .keyCommand(
            KeyCommand(title: "Files", action: "files", input: "e", modifierFlags: .super)),
          .keyCommand(
            KeyCommand(
              title: "Workspace", action: "space", input: .pageUp,
              modifierFlags: [.super, .shift])),
        ]))
  ])

  @Test(
    "text, Markdown, HTML and the palette label Super per profile",
    arguments: [
      (PlatformProfile.linux, "Super+E", "Super+Shift+Page Up"),
      (.windows, "Win+E", "Win+Shift+Page Up"), (.mac, "⌘E", "⇧⌘⇞"),
    ])
  func labels(platform: PlatformProfile, files: String, workspace: String) {
    let text = TextMenuRenderer(platform: platform).render(root)
    #expect(text.contains(files) && text.contains(workspace), "\(text)")
    let markdown = MarkdownMenuRenderer(platform: platform).render(root)
    #expect(markdown.contains(files) && markdown.contains(workspace), "\(markdown)")
    let html = HTMLMenuRenderer(platform: platform).render(root)
    #expect(html.contains(files) && html.contains(workspace))
    let palette = PaletteIndex(menu: root, platform: platform)
    #expect(palette.entries.map(\.shortcutLabel) == [files, workspace])
  }
}

// MARK: - Validation

@Suite("The Super modifier: menu validation")
struct SuperValidationTests {
  private let menu = Menu(children: [
    .menu(
      Menu(
        title: "Go",
        children: [
          .keyCommand(
            KeyCommand(title: "Edit", action: "edit", input: "e", modifierFlags: .command)),
          .keyCommand(
            KeyCommand(title: "Files", action: "files", input: "e", modifierFlags: .super)),
        ]))
  ])

  @Test("Cmd+E and Super+E are a duplicate shortcut (MK302) on mac only")
  func duplicates() {
    let mac = MenuValidator(platform: .mac).validate(menu)
    #expect(mac.map(\.code) == [.duplicateShortcut])
    #expect(mac.first?.message.contains("shortcut ⌘E") == true)
    #expect(MenuValidator(platform: .linux).validate(menu).isEmpty)
    #expect(MenuValidator(platform: .windows).validate(menu).isEmpty)
  }
}
