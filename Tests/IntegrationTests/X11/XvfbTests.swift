import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitX11
import MenuKitXKB
import Testing

/// Evdev codes the test reads; xdotool types X keycodes, which are 8 more.
private enum Code {
  static let leftControl = 29
  static let s = 31
  static let c = 46
  static let a = 30
}

@MainActor
@Suite(
  "MenuKitX11 under Xvfb", .serialized,
  .enabled(if: Xvfb.missing == nil, Xvfb.comment))
struct X11XvfbTests {
  @Test(
    "keys typed by xdotool fire key commands and a sequence on us, ru and de, repeat, follow map and group changes, and focus loss cancels"
  )
  func endToEnd() throws {
    let server = try Xvfb()
    defer { server.stop() }
    let client = try TestConnection(display: server.display)
    let scene = EditorScene(keymapPath: "x11-test.keymap.json")
    let window = try client.mapWindow(named: "menukit-x11-test")
    client.focus(window)

    // A window that does not exist is an error, not a crash.
    do {
      _ = try X11Keyboard(connection: client.raw, window: window + 1000)
      Issue.record("a keyboard was made for a window that does not exist")
    } catch {
      #expect("\(error)" == "the X window 0x\(String(window + 1000, radix: 16)) does not exist")
    }
    let keys = try X11Keyboard(connection: client.raw, window: window)
    keys.dispatcher = try scene.dispatcher()
    var errors: [String] = []
    var events: [PressesEvent] = []
    var keymaps = 0
    keys.onError = { errors.append("\($0)") }
    keys.onPresses = { events.append($0) }
    keys.onKeymap = { _ in keymaps += 1 }
    var outcomes: [Outcome] = []

    /// Reads the server's events until `condition` holds or 5 seconds pass: xdotool's keys
    /// arrive when the server gets to them, on a busy machine later.
    func settle(until condition: () -> Bool) throws {
      let deadline = Date().addingTimeInterval(5)
      while !condition(), Date() < deadline {
        try keys.dispatchEvents(timeout: 0.05)
      }
    }
    /// Types with xdotool and returns the actions performed once one was (or 5 s passed).
    func perform(_ strokes: String...) throws -> [String] {
      try perform(strokes)
    }
    func perform(_ strokes: [String]) throws -> [String] {
      scene.performed = []
      try server.xdotool(["key"] + strokes)
      try settle { !scene.performed.isEmpty }
      // Anything more the keys did arrives with them; read what is queued.
      try keys.dispatchEvents(timeout: 0.1)
      return scene.performed
    }
    func row(_ layout: String, _ typed: String, _ result: Any) {
      print(
        "x11 e2e: \(layout.padding(toLength: 6, withPad: " ", startingAt: 0)) \(typed.padding(toLength: 34, withPad: " ", startingAt: 0)) -> \(result)"
      )
    }

    try settle { keys.hasFocus }
    #expect(keys.hasFocus, "the window has the input focus")
    #expect(keys.keyboard.activeLayoutName == "English (US)")
    #expect(keys.detectsAutorepeat)
    row(
      "us", "server keymap",
      "\(keys.keyboard.activeLayoutName ?? "?"), detectable autorepeat \(keys.detectsAutorepeat)")

    // us: Ctrl+C copies, Ctrl+S saves, Ctrl+K Ctrl+S fires the keymap's sequence binding.
    for (typed, strokes) in [
      ("Ctrl+C (KEY_C)", ["ctrl+c"]), ("Ctrl+S (KEY_S)", ["ctrl+s"]),
      ("Ctrl+K Ctrl+S", ["ctrl+k", "ctrl+s"]),
    ] {
      let performed = try perform(strokes)
      row("us", typed, performed)
      outcomes.append(Outcome(case: "us \(typed)", performed: performed))
    }

    // Repeats: KEY_A held for 1.2 seconds repeats by the server's autorepeat (660 ms, 25/s in
    // Xvfb), without a release between: detectable autorepeat.
    events = []
    try server.xdotool("keydown", "a")
    let held = Date()
    while Date().timeIntervalSince(held) < 1.2 { try keys.dispatchEvents(timeout: 0.05) }
    try server.xdotool("keyup", "a")
    try settle { events.contains { !$0.presses(in: .ended).isEmpty } }
    let repeats = events.flatMap { $0.presses(in: .changed) }.filter(\.isRepeat).count
    let began = events.flatMap { $0.presses(in: .began) }.count
    let ended = events.flatMap { $0.presses(in: .ended) }.count
    row("us", "KEY_A held for 1.2 s", "\(repeats) repeats, \(began) began, \(ended) ended")
    #expect(repeats >= 3, "the server repeats a held key")
    outcomes.append(
      Outcome(
        case: "us KEY_A held: one press, repeats, one release",
        performed: began == 1 && ended == 1 && repeats >= 3
          ? ["began", "repeated", "ended"]
          : [
            "began \(began)", "repeats \(repeats)", "ended \(ended)",
          ]))

    // A map change in the same session: KEY_C (X keycode 54) now types с and С (the core
    // protocol's ChangeKeyboardMapping, which XKB applies as XkbMapNotify). Ctrl+с copies
    // through the Latin fallback.
    let before = keymaps
    client.changeMapping(keycode: 54, keysyms: [0x6d3, 0x6f3])  // Cyrillic_es, Cyrillic_ES
    try settle { keymaps > before }
    events = []
    let copy = try perform("ctrl+54")
    let typedC =
      events.compactMap { $0.presses(in: .began).first?.key }
      .first { $0.evdevCode == Code.c }?.charactersIgnoringModifiers ?? "?"
    row("us", "Ctrl+\(typedC) (KEY_C) after a map change", copy)
    outcomes.append(Outcome(case: "us, KEY_C mapped to с: Ctrl+С", performed: copy, typed: typedC))
    client.changeMapping(keycode: 54, keysyms: [0x63, 0x43])  // c, C
    let restored = keymaps
    try settle { keymaps > restored }

    // Focus loss: a second window takes the focus while Ctrl+S is held; both presses are
    // cancelled. The keys go up there, focus comes back, and Ctrl+S saves again.
    let other = try client.mapWindow(named: "menukit-x11-other")
    scene.performed = []
    events = []
    try server.xdotool("keydown", "ctrl+s")
    try settle { !scene.performed.isEmpty }
    client.focus(other)
    try settle { events.flatMap { $0.presses(in: .cancelled) }.count >= 2 }
    let cancelled = events.flatMap { $0.presses(in: .cancelled) }.compactMap(\.key?.evdevCode)
    row(
      "us", "Ctrl+S held, focus moves away", "performed \(scene.performed), cancelled \(cancelled)")
    outcomes.append(
      Outcome(
        case: "us Ctrl+S held, focus moves away", performed: scene.performed,
        cancelled: cancelled.sorted()))
    #expect(!keys.hasFocus)
    // S goes up in the other window; focus comes back while Ctrl is still down: Ctrl is held
    // (KeymapNotify) but not pressed, S with it saves, and Ctrl's release is not delivered.
    events = []
    try server.xdotool("keyup", "s")
    client.focus(window)
    try settle { keys.hasFocus && keys.keyboard.heldKeys == [Code.leftControl] }
    let heldOnEntry = keys.keyboard.heldKeys
    let saveAgain = try perform("s")
    try server.xdotool("keyup", "ctrl")
    try settle { keys.keyboard.heldKeys.isEmpty }
    let delivered = events.flatMap(\.allPresses).filter { $0.phase != .stationary }
      .compactMap { press in press.key.map { "\(press.phase) \($0.evdevCode)" } }
    row(
      "us", "focus returns with Ctrl down; S",
      "held \(heldOnEntry), performed \(saveAgain), delivered \(delivered)")
    #expect(heldOnEntry == [Code.leftControl])
    #expect(delivered == ["began \(Code.s)", "ended \(Code.s)"])
    outcomes.append(
      Outcome(case: "us focus returns with Ctrl held, then S", performed: saveAgain))

    // Layouts set with setxkbmap in the same session (XkbNewKeyboardNotify and XkbMapNotify).
    // The server keeps them because this test stays connected: with no client left, Xvfb
    // resets to its default keymap (what made the recipe's trial look as if setxkbmap failed).
    func setLayout(_ arguments: [String], expecting name: String) throws {
      let status = try server.run("setxkbmap", arguments)
      #expect(status == 0, "setxkbmap \(arguments) exited with \(status)")
      try settle { keys.keyboard.activeLayoutName == name }
      #expect(keys.keyboard.activeLayoutName == name)
    }

    // ru: Ctrl+С (KEY_C, X keycode 54) copies through the Latin fallback.
    try setLayout(["-layout", "ru"], expecting: "Russian")
    events = []
    let ruCopy = try perform("ctrl+54")
    let ruC =
      events.compactMap { $0.presses(in: .began).first?.key }
      .first { $0.evdevCode == Code.c }?.charactersIgnoringModifiers ?? "?"
    row("ru", "Ctrl+\(ruC) (KEY_C)", ruCopy)
    outcomes.append(Outcome(case: "ru Ctrl+С (KEY_C)", performed: ruCopy, typed: ruC))

    // de: Ctrl+Ü (KEY_LEFTBRACE, X keycode 34) fires the Ctrl+[ command; Z and Y swap, so
    // KEY_Z (X keycode 52) redoes.
    try setLayout(["-layout", "de"], expecting: "German")
    let back = try perform("ctrl+34")
    row("de", "Ctrl+Ü (KEY_LEFTBRACE)", back)
    outcomes.append(Outcome(case: "de Ctrl+Ü (KEY_LEFTBRACE)", performed: back))
    let redo = try perform("ctrl+52")
    row("de", "Ctrl+Y (KEY_Z)", redo)
    outcomes.append(Outcome(case: "de Ctrl+Y (KEY_Z)", performed: redo))

    // us,ru with the group locked by XkbLatchLockState: XkbStateNotify's group is followed.
    // xdotool types a key in the group that has its keysym, locking that group around the key
    // (for a keycode, group 0), so it types a in group 0 and Cyrillic_ef (ф) in group 1.
    try setLayout(["-layout", "us,ru"], expecting: "English (US)")
    var typed: [String] = []
    for (group, keysym) in [(0, "a"), (1, "Cyrillic_ef"), (0, "a")] as [(UInt8, String)] {
      client.lockGroup(group)
      let name = group == 0 ? "English (US)" : "Russian"
      try settle { keys.keyboard.activeLayoutName == name }
      let layout = keys.keyboard.activeLayoutName ?? "?"
      events = []
      try server.xdotool("key", keysym)
      try settle { events.contains { !$0.presses(in: .began).isEmpty } }
      let text = events.compactMap { $0.presses(in: .began).first?.key }
        .filter { $0.evdevCode == Code.a }.map(\.characters).joined()
      typed.append("\(layout): \(text)")
    }
    row("us,ru", "KEY_A in groups 0, 1, 0", typed)
    outcomes.append(Outcome(case: "us,ru KEY_A in groups 0, 1, 0", performed: typed))

    #expect(errors.isEmpty, "\(errors)")
    try compare(outcomes, withExpected: "xvfb.jsonl", in: expectedDirectory)
  }
}
