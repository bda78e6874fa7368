import CWaylandTestSupport
import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitWayland
import MenuKitXKB
import Testing

/// Evdev codes the test types.
private enum Code {
  static let leftControl = 29
  static let a = 30
  static let s = 31
  static let k = 37
  static let c = 46
  static let z = 44
  static let leftBrace = 26
}

/// A keymap for the rule names, compiled from the system's XKB data and written as text.
private func keymapFile(layout: String, in directory: URL) throws -> String {
  let keymap = try XKBKeymap(context: .system(), names: .init(layout: layout))
  let url = directory.appendingPathComponent(
    "\(layout.replacingOccurrences(of: ",", with: "-")).xkb")
  try keymap.asString().write(to: url, atomically: true, encoding: .utf8)
  return url.path
}

@MainActor
@Suite(
  "MenuKitWayland in a headless sway", .serialized,
  .enabled(if: HeadlessSway.missing == nil, HeadlessSway.comment))
struct WaylandHeadlessSwayTests {
  @Test(
    "keys from sway's virtual keyboard fire key commands on us, ru and de, across keymap changes, and leave cancels"
  )
  func endToEnd() throws {
    let sway = try HeadlessSway()
    defer { sway.stop() }
    let virtualKeyboard = try VirtualKeyboardClient(sway: sway)
    defer { virtualKeyboard.stop() }

    let connection: OpaquePointer? = menukit_test_connect(sway.socketPath)
    let display = try #require(connection, "cannot connect to sway")
    defer { menukit_test_disconnect(display) }
    let rawDisplay = UnsafeMutableRawPointer(display)
    let scene = EditorScene(keymapPath: "wayland-test.keymap.json")
    var errors: [String] = []
    var events: [PressesEvent] = []
    var window: OpaquePointer?
    var outcomes: [Outcome] = []
    do {
      let keys = try WaylandKeyboard(display: rawDisplay)
      keys.dispatcher = try scene.dispatcher()
      keys.onError = { errors.append("\($0)") }
      keys.onPresses = { events.append($0) }
      window = menukit_test_window_open(display, "menukit-wayland-test")
      try #require(window != nil, "cannot open a window")

      /// Sends virtual-keyboard commands, then lets the client read what sway sent.
      func type(_ commands: String...) throws {
        try type(commands)
      }
      func type(_ commands: [String]) throws {
        for command in commands { try virtualKeyboard.send(command) }
        #expect(menukit_test_roundtrip(display) >= 0)
      }
      /// Reads what sway sends until `condition` holds or 5 seconds pass: the window's first
      /// focus and a new keymap arrive when sway gets to them, after the fixture's answer.
      func settle(until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !condition(), Date() < deadline {
          _ = menukit_test_roundtrip(display)
          usleep(10_000)
        }
      }
      /// Holds Ctrl, taps the keys and returns the actions performed.
      func control(_ codes: Int...) throws -> [String] {
        scene.performed = []
        try type(
          ["down \(Code.leftControl)"] + codes.map { "tap \($0)" } + ["up \(Code.leftControl)"])
        // Every chord typed here performs an action: wait for it on a busy machine.
        settle { !scene.performed.isEmpty }
        return scene.performed
      }
      func row(_ layout: String, _ typed: String, _ result: Any) {
        print(
          "wayland e2e: \(layout.padding(toLength: 6, withPad: " ", startingAt: 0)) \(typed.padding(toLength: 34, withPad: " ", startingAt: 0)) -> \(result)"
        )
      }

      // us: Ctrl+S saves.
      try type("keymap \(try keymapFile(layout: "us", in: sway.directory))")
      settle { keys.hasFocus && keys.keyboard?.activeLayoutName == "English (US)" }
      #expect(keys.hasFocus, "the window has keyboard focus")
      #expect(keys.keyboard?.activeLayoutName == "English (US)")
      let save = try control(Code.s)
      row("us", "Ctrl+S (KEY_S)", save)
      #expect(save == ["save:"])
      outcomes.append(Outcome(case: "us Ctrl+S (KEY_S)", performed: save))
      let undo = try control(Code.z)
      row("us", "Ctrl+Z (KEY_Z)", undo)
      #expect(undo == ["undo:"])
      outcomes.append(Outcome(case: "us Ctrl+Z (KEY_Z)", performed: undo))
      // A keymap's sequence binding: Ctrl held through K and S.
      let saveAll = try control(Code.k, Code.s)
      row("us", "Ctrl+K Ctrl+S", saveAll)
      #expect(saveAll == ["saveAll"])
      outcomes.append(Outcome(case: "us Ctrl+K Ctrl+S", performed: saveAll))

      // ru, a new keymap in the same session: Ctrl+С (KEY_C) copies through the Latin fallback.
      try type("keymap \(try keymapFile(layout: "ru", in: sway.directory))")
      settle { keys.keyboard?.activeLayoutName == "Russian" }
      #expect(keys.keyboard?.activeLayoutName == "Russian")
      events = []
      let copy = try control(Code.c)
      let typedC = events.compactMap { $0.presses(in: .began).first?.key }
        .first { $0.evdevCode == Code.c }
      row("ru", "Ctrl+\(typedC?.charactersIgnoringModifiers ?? "?") (KEY_C)", copy)
      #expect(typedC?.charactersIgnoringModifiers == "с")
      #expect(copy == ["copy:"])
      outcomes.append(
        Outcome(
          case: "ru Ctrl+С (KEY_C)", performed: copy, typed: typedC?.charactersIgnoringModifiers))

      // de: Ctrl+Ü (KEY_LEFTBRACE) fires the Ctrl+[ command; Z and Y swap, so KEY_Z redoes.
      try type("keymap \(try keymapFile(layout: "de", in: sway.directory))")
      settle { keys.keyboard?.activeLayoutName == "German" }
      #expect(keys.keyboard?.activeLayoutName == "German")
      let back = try control(Code.leftBrace)
      row("de", "Ctrl+Ü (KEY_LEFTBRACE)", back)
      #expect(back == ["goBack:"])
      outcomes.append(Outcome(case: "de Ctrl+Ü (KEY_LEFTBRACE)", performed: back))
      let redo = try control(Code.z)
      row("de", "Ctrl+Y (KEY_Z)", redo)
      #expect(redo == ["redo:"])
      outcomes.append(Outcome(case: "de Ctrl+Y (KEY_Z)", performed: redo))

      // us,ru: a layout group switch (wl_keyboard.modifiers' group) is followed.
      try type("keymap \(try keymapFile(layout: "us,ru", in: sway.directory))")
      settle { keys.keyboard?.activeLayoutName == "English (US)" }
      var typed: [String] = []
      for group in [0, 1, 0] {
        events = []
        try type("group \(group)", "tap \(Code.a)")
        settle { events.contains { !$0.presses(in: .began).isEmpty } }
        let text = events.compactMap { $0.presses(in: .began).first?.key?.characters }.joined()
        typed.append("\(keys.keyboard?.activeLayoutName ?? "?"): \(text)")
      }
      row("us,ru", "KEY_A in groups 0, 1, 0", typed)
      #expect(typed == ["English (US): a", "Russian: ф", "English (US): a"])
      outcomes.append(Outcome(case: "us,ru KEY_A in groups 0, 1, 0", performed: typed))
      try type("group 1")
      let copyInGroup = try control(Code.c)
      row("us,ru", "Ctrl+С (KEY_C) in group 1", copyInGroup)
      #expect(copyInGroup == ["copy:"])
      outcomes.append(Outcome(case: "us,ru Ctrl+С (KEY_C) in group 1", performed: copyInGroup))
      try type("group 0")

      // Repeats: KEY_A held for a second repeats at sway's rate (25/s after 600 ms), synthesised.
      events = []
      try type("down \(Code.a)")
      // The hold is timed from the press's arrival: on a busy machine (the whole suite under a
      // sanitizer, as CI runs it) the virtual keyboard's key can take a while to come through.
      let sent = Date()
      while !events.contains(where: { !$0.presses(in: .began).isEmpty }),
        Date().timeIntervalSince(sent) < 10
      {
        try keys.dispatchEvents(display: rawDisplay, timeout: 0.05)
      }
      let held = Date()
      while Date().timeIntervalSince(held) < 1 {
        try keys.dispatchEvents(display: rawDisplay, timeout: 0.05)
      }
      try type("up \(Code.a)")
      let repeats = events.flatMap { $0.presses(in: .changed) }.filter(\.isRepeat)
      let gaps = zip(repeats.dropFirst(), repeats).map { $0.timestamp - $1.timestamp }
      row(
        "us", "KEY_A held for 1 s",
        "\(repeats.count) repeats, rate \(keys.repeatSettings.rate)/s, delay \(keys.repeatSettings.delay) s"
      )
      #expect(keys.repeatSettings == KeyRepeatSettings(delay: 0.6, rate: 25))
      #expect(repeats.count >= 3)
      #expect(gaps.allSatisfy { abs($0 - 0.04) < 0.001 })
      let steady =
        repeats.count >= 3 && gaps.allSatisfy { abs($0 - 0.04) < 0.001 }
        && keys.repeatSettings == KeyRepeatSettings(delay: 0.6, rate: 25)
      outcomes.append(
        Outcome(
          case: "us KEY_A held: repeats every 40 ms after 600 ms",
          performed: steady ? ["began", "repeated"] : ["repeats \(repeats.count)", "gaps \(gaps)"]))

      // Leave: a second window takes focus while Ctrl+S is held; both presses are cancelled.
      scene.performed = []
      events = []
      try type("down \(Code.leftControl)", "down \(Code.s)")
      settle { !scene.performed.isEmpty }
      let opened: OpaquePointer? = menukit_test_window_open(display, "menukit-wayland-other")
      let second = try #require(opened, "cannot open a second window")
      #expect(menukit_test_roundtrip(display) >= 0)
      settle { events.flatMap { $0.presses(in: .cancelled) }.count >= 2 }
      let cancelled = events.flatMap { $0.presses(in: .cancelled) }.compactMap(\.key?.evdevCode)
      row(
        "us", "Ctrl+S held, focus moves away",
        "performed \(scene.performed), cancelled \(cancelled)")
      #expect(scene.performed == ["save:"])
      #expect(Set(cancelled) == [Code.leftControl, Code.s])
      outcomes.append(
        Outcome(
          case: "us Ctrl+S held, focus moves away", performed: scene.performed,
          cancelled: cancelled.sorted()))
      // The keys go up in the other window, then focus comes back: nothing more arrives.
      events = []
      try type("up \(Code.s)", "up \(Code.leftControl)")
      menukit_test_window_close(second)
      #expect(menukit_test_roundtrip(display) >= 0)
      #expect(keys.hasFocus)
      #expect(events.isEmpty)
      let saveAgain = try control(Code.s)
      row("us", "Ctrl+S after focus returns", saveAgain)
      #expect(saveAgain == ["save:"])
      outcomes.append(Outcome(case: "us Ctrl+S after focus returns", performed: saveAgain))
    }
    if let window { menukit_test_window_close(window) }
    #expect(errors.isEmpty, "\(errors)")
    try compare(outcomes, withExpected: "sway.jsonl", in: expectedDirectory)
  }
}
