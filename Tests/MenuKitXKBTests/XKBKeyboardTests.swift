import MenuKit
import MenuKitXKB
import Testing

// MARK: - Support shared by the XKBKeyboard tests

/// Evdev codes of the keys the keyboard tests press, from `linux/input-event-codes.h`.
enum EvdevKey {
  static let escape = 1
  static let one = 2
  static let equal = 13
  static let q = 16
  static let e = 18
  static let t = 20
  static let y = 21
  static let enter = 28
  static let leftControl = 29
  static let a = 30
  static let leftShift = 42
  static let z = 44
  static let x = 45
  static let leftAlt = 56
  static let capsLock = 58
  static let numLock = 69
  static let keypad1 = 79
  static let rightAlt = 100
  static let left = 105
  static let leftMeta = 125
  /// `KEY_MAX`: a code no keymap names.
  static let unknown = 0x2ff
}

/// The system's XKB data; the contexts reading it ignore the environment and the user's files.
let keyboardTestXKBData = "/usr/share/X11/xkb"

/// Compiles a keymap from rule names in a hermetic context over the system's XKB data.
func systemKeymap(_ names: XKBKeymap.RuleNames) throws -> XKBKeymap {
  try XKBKeymap(context: .hermetic(includePaths: [keyboardTestXKBData]), names: names)
}

/// A translator for a keymap named by rules, with synthesised repeats timed by `clock`.
func systemKeyboard(
  _ names: XKBKeymap.RuleNames, compose: XKBComposeTable? = nil,
  stateSource: XKBKeyboard.StateSource = .keyEvents, clock: ManualClock = ManualClock()
) throws -> XKBKeyboard {
  XKBKeyboard(
    keymap: try systemKeymap(names), compose: compose, stateSource: stateSource, clock: clock)
}

/// A translator for a single layout of the system's XKB data.
func systemKeyboard(layout: String) throws -> XKBKeyboard {
  try systemKeyboard(XKBKeymap.RuleNames(layout: layout))
}

/// The events of one stroke: the modifier keys go down, the key goes down and up, the
/// modifiers go up (in reverse order).
func events(_ code: Int, holding modifiers: [Int], on keyboard: XKBKeyboard) -> [PressesEvent] {
  var steps = modifiers.map { ($0, KeyEvent.Direction.down) }
  steps += [(code, .down), (code, .up)]
  steps += modifiers.reversed().map { ($0, KeyEvent.Direction.up) }
  return steps.compactMap { code, direction in
    keyboard.handle(KeyEvent(evdevCode: code, direction: direction, timestamp: 0))
  }
}

/// Holds the modifier keys, presses the key, and returns its began press; releases nothing.
func pressKey(_ keyboard: XKBKeyboard, _ code: Int, holding modifiers: [Int]) -> Press? {
  for modifier in modifiers {
    _ = keyboard.handle(KeyEvent(evdevCode: modifier, direction: .down, timestamp: 0))
  }
  return keyboard.handle(KeyEvent(evdevCode: code, direction: .down, timestamp: 0.1))?
    .presses(in: .began).first
}

extension XKBKeyboard {
  /// Handles a key event at a timestamp; shorthand for the tests.
  func handle(_ code: Int, _ direction: KeyEvent.Direction, at timestamp: Double = 0)
    -> PressesEvent?
  {
    handle(KeyEvent(evdevCode: code, direction: direction, timestamp: timestamp))
  }

  /// Presses and releases keys in order, then releases them in reverse, ignoring the events.
  func tap(_ codes: Int...) {
    for code in codes {
      _ = handle(code, .down)
    }
    for code in codes.reversed() {
      _ = handle(code, .up)
    }
  }
}

/// One step of a key sequence: a key going down, up or both, and the key it should report.
///
/// As in libxkbcommon's `test/keyseq.c`, ``both`` presses and releases a key with the same
/// expectation for the two events; modifier keys need separate steps, since their release
/// reports the modifier they set.
struct KeyStep: Sendable, CustomStringConvertible {
  var evdevCode: Int
  var directions: [KeyEvent.Direction]
  var keysym: String
  var characters: String
  var charactersIgnoringModifiers: String
  var flags: KeyModifierFlags

  static func down(
    _ code: Int, _ keysym: String, _ characters: String, _ ignoring: String,
    _ flags: KeyModifierFlags = []
  ) -> KeyStep {
    KeyStep(
      evdevCode: code, directions: [.down], keysym: keysym, characters: characters,
      charactersIgnoringModifiers: ignoring, flags: flags)
  }

  static func up(
    _ code: Int, _ keysym: String, _ characters: String, _ ignoring: String,
    _ flags: KeyModifierFlags = []
  ) -> KeyStep {
    KeyStep(
      evdevCode: code, directions: [.up], keysym: keysym, characters: characters,
      charactersIgnoringModifiers: ignoring, flags: flags)
  }

  static func both(
    _ code: Int, _ keysym: String, _ characters: String, _ ignoring: String,
    _ flags: KeyModifierFlags = []
  ) -> KeyStep {
    KeyStep(
      evdevCode: code, directions: [.down, .up], keysym: keysym, characters: characters,
      charactersIgnoringModifiers: ignoring, flags: flags)
  }

  var description: String {
    "evdev \(evdevCode) \(directions.map(\.rawValue).joined(separator: "+")) → \(keysym) "
      + "\(characters.debugDescription) / \(charactersIgnoringModifiers.debugDescription) "
      + "\(flags.flagNames)"
  }
}

/// Runs key steps through a keyboard, checking the first (changed) press of every event.
func expectSequence(
  _ keyboard: XKBKeyboard, _ steps: [KeyStep],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  for (number, step) in steps.enumerated() {
    for direction in step.directions {
      let event = keyboard.handle(step.evdevCode, direction, at: Double(number))
      guard let press = event?.allPresses.first, let key = press.key else {
        Issue.record("step \(number) (\(step)): no press", sourceLocation: sourceLocation)
        continue
      }
      let got =
        "\(key.keysym.nameOrValue) \(key.characters.debugDescription) / "
        + "\(key.charactersIgnoringModifiers.debugDescription) \(key.modifierFlags.flagNames)"
      let context = Comment(rawValue: "step \(number) \(direction): \(step) — got \(got)")
      #expect(press.phase == (direction == .down ? .began : .ended), context)
      #expect(key.evdevCode == step.evdevCode, context, sourceLocation: sourceLocation)
      #expect(key.keysym.nameOrValue == step.keysym, context, sourceLocation: sourceLocation)
      #expect(key.characters == step.characters, context, sourceLocation: sourceLocation)
      #expect(
        key.charactersIgnoringModifiers == step.charactersIgnoringModifiers, context,
        sourceLocation: sourceLocation)
      #expect(key.modifierFlags == step.flags, context, sourceLocation: sourceLocation)
    }
  }
}

// MARK: - Translation tables

/// A key sequence on a layout and the keys it should report.
private struct SequenceCase: CustomTestStringConvertible, Sendable {
  var name: String
  var names: XKBKeymap.RuleNames
  var steps: [KeyStep]

  var testDescription: String { name }
}

private typealias K = EvdevKey

private let sequences: [SequenceCase] = [
  SequenceCase(
    name: "us: letters, Shift, digits and Control", names: .init(layout: "us"),
    steps: [
      .both(K.a, "a", "a", "a"),
      .down(K.leftShift, "Shift_L", "", ""),
      .both(K.a, "A", "A", "a", .shift),
      .both(K.one, "exclam", "!", "1", .shift),
      .up(K.leftShift, "Shift_L", "", "", .shift),
      .both(K.one, "1", "1", "1"),
      .down(K.leftControl, "Control_L", "", ""),
      .both(K.a, "a", "\u{1}", "a", .control),
      .up(K.leftControl, "Control_L", "", "", .control),
    ]),
  SequenceCase(
    name:
      "us: special keys: arrows report UIKit's input string, Escape and Return their control characters",
    names: .init(layout: "us"),
    steps: [
      .both(K.left, "Left", "UIKeyInputLeftArrow", "UIKeyInputLeftArrow"),
      .both(K.escape, "Escape", "\u{1b}", "\u{1b}"),
      .both(K.enter, "Return", "\r", "\r"),
    ]),
  SequenceCase(
    name: "us: Super is command, Alt is alternate, Control is control",
    names: .init(layout: "us"),
    steps: [
      .down(K.leftMeta, "Super_L", "", ""),
      .both(K.a, "a", "a", "a", .command),
      .up(K.leftMeta, "Super_L", "", "", .command),
      .down(K.leftAlt, "Alt_L", "", ""),
      .both(K.a, "a", "a", "a", .alternate),
      .down(K.leftControl, "Control_L", "", "", .alternate),
      .both(K.a, "a", "\u{1}", "a", [.alternate, .control]),
      .up(K.leftControl, "Control_L", "", "", [.alternate, .control]),
      .up(K.leftAlt, "Alt_L", "", "", .alternate),
    ]),
  SequenceCase(
    name: "us: Caps Lock locks on the first press and unlocks on the second",
    names: .init(layout: "us"),
    steps: [
      .down(K.capsLock, "Caps_Lock", "", ""),
      .up(K.capsLock, "Caps_Lock", "", "", .alphaShift),
      .both(K.a, "A", "A", "a", .alphaShift),
      .both(K.one, "1", "1", "1", .alphaShift),
      .down(K.capsLock, "Caps_Lock", "", "", .alphaShift),
      .up(K.capsLock, "Caps_Lock", "", "", .alphaShift),
      .both(K.a, "a", "a", "a"),
    ]),
  SequenceCase(
    name: "us: the keypad with Num Lock off and on",
    names: .init(layout: "us"),
    steps: [
      .both(K.keypad1, "KP_End", "UIKeyInputEnd", "UIKeyInputEnd", .numericPad),
      .both(K.numLock, "Num_Lock", "", "", .numericPad),
      .both(K.keypad1, "KP_1", "1", "", .numericPad),
      .both(K.numLock, "Num_Lock", "", "", .numericPad),
      .both(K.keypad1, "KP_End", "UIKeyInputEnd", "UIKeyInputEnd", .numericPad),
    ]),
  SequenceCase(
    name: "de: Y and Z swap places, AltGr+Q types @ without a flag",
    names: .init(layout: "de"),
    steps: [
      .both(K.y, "z", "z", "z"),
      .both(K.z, "y", "y", "y"),
      .down(K.rightAlt, "ISO_Level3_Shift", "", ""),
      .both(K.q, "at", "@", "q"),
      .up(K.rightAlt, "ISO_Level3_Shift", "", ""),
      .both(K.q, "q", "q", "q"),
    ]),
  SequenceCase(
    name: "fr: the digit row types symbols, and Shift types the digits",
    names: .init(layout: "fr"),
    steps: [
      .both(K.one, "ampersand", "&", "&"),
      .down(K.leftShift, "Shift_L", "", ""),
      .both(K.one, "1", "1", "&", .shift),
      .both(K.q, "A", "A", "a", .shift),
      .up(K.leftShift, "Shift_L", "", "", .shift),
      .both(K.q, "a", "a", "a"),
    ]),
  SequenceCase(
    name: "ru: Cyrillic letters, lowercase and uppercase",
    names: .init(layout: "ru"),
    steps: [
      .both(K.a, "Cyrillic_ef", "ф", "ф"),
      .down(K.leftShift, "Shift_L", "", ""),
      .both(K.a, "Cyrillic_EF", "Ф", "ф", .shift),
      .up(K.leftShift, "Shift_L", "", "", .shift),
    ]),
  SequenceCase(
    name: "il: Hebrew letters, right to left, and the slash on Q",
    names: .init(layout: "il"),
    steps: [
      .both(K.a, "hebrew_shin", "ש", "ש"),
      .both(K.t, "hebrew_aleph", "א", "א"),
      .both(K.q, "slash", "/", "/"),
    ]),
  SequenceCase(
    name: "ara: Arabic letters, right to left",
    names: .init(layout: "ara"),
    steps: [
      .both(K.a, "Arabic_sheen", "ش", "ش"),
      .both(K.t, "Arabic_feh", "ف", "ف"),
      .both(K.q, "Arabic_dad", "ض", "ض"),
    ]),
  SequenceCase(
    name: "us,ru with grp:alt_shift_toggle: Alt+Shift switches to Russian and back",
    names: .init(layout: "us,ru", options: "grp:alt_shift_toggle"),
    steps: [
      .both(K.a, "a", "a", "a"),
      .down(K.leftAlt, "Alt_L", "", ""),
      .down(K.leftShift, "ISO_Next_Group", "", "", .alternate),
      .up(K.leftShift, "ISO_Next_Group", "", "", .alternate),
      .up(K.leftAlt, "Alt_L", "", "", .alternate),
      .both(K.a, "Cyrillic_ef", "ф", "ф"),
      .down(K.leftShift, "Shift_L", "", ""),
      .down(K.leftAlt, "ISO_Next_Group", "", "", .shift),
      .up(K.leftAlt, "ISO_Next_Group", "", "", .shift),
      .up(K.leftShift, "Shift_L", "", "", .shift),
      .both(K.a, "a", "a", "a"),
    ]),
]

@Suite("XKBKeyboard translation")
struct XKBKeyboardTranslationTests {
  @Test("key sequences report keysyms, text and flags by decision 0004", arguments: sequences)
  private func sequence(_ testCase: SequenceCase) throws {
    expectSequence(try systemKeyboard(testCase.names), testCase.steps)
  }

  @Test(
    "keyCode is the key's position, whatever the layout types",
    arguments: [
      ("us", EvdevKey.a, KeyboardHIDUsage.keyboardA, "a"),
      ("de", EvdevKey.y, .keyboardY, "z"),
      ("de", EvdevKey.z, .keyboardZ, "y"),
      ("fr", EvdevKey.q, .keyboardQ, "a"),
      ("fr", EvdevKey.one, .keyboard1, "&"),
      ("ru", EvdevKey.a, .keyboardA, "ф"),
      ("us", EvdevKey.keypad1, .keypad1, "UIKeyInputEnd"),
      ("us", EvdevKey.numLock, .keypadNumLock, ""),
      ("us", EvdevKey.leftShift, .keyboardLeftShift, ""),
    ])
  func keyCode(layout: String, code: Int, usage: KeyboardHIDUsage, characters: String) throws {
    let keyboard = try systemKeyboard(.init(layout: layout))
    let key = try #require(keyboard.handle(code, .down)?.allPresses.first?.key)
    #expect(key.keyCode == usage)
    #expect(key.characters == characters)
  }

  @Test("the layout name follows the layout toggle")
  func activeLayoutName() throws {
    let keyboard = try systemKeyboard(.init(layout: "us,ru", options: "grp:alt_shift_toggle"))
    #expect(keyboard.activeLayoutName == "English (US)")
    keyboard.tap(EvdevKey.leftAlt, EvdevKey.leftShift)
    #expect(keyboard.activeLayoutName == "Russian")
    #expect(keyboard.state.activeLayout == 1)
    keyboard.tap(EvdevKey.leftAlt, EvdevKey.leftShift)
    #expect(keyboard.activeLayoutName == "English (US)")
  }

  @Test("a code the keymap lacks is still delivered, with no usage, keysym or text")
  func unknownCode() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    let began = try #require(keyboard.handle(EvdevKey.unknown, .down, at: 1))
    let key = try #require(began.allPresses.first?.key)
    #expect(began.allPresses.first?.phase == .began)
    #expect(key.keyCode == nil)
    #expect(key.evdevCode == EvdevKey.unknown)
    #expect(key.keysym == .noSymbol)
    #expect(key.keysymIgnoringModifiers == .noSymbol)
    #expect(key.characters.isEmpty)
    #expect(key.charactersIgnoringModifiers.isEmpty)
    #expect(keyboard.heldKeys == [EvdevKey.unknown])
    #expect(keyboard.handle(EvdevKey.unknown, .up, at: 2)?.allPresses.first?.phase == .ended)
    #expect(keyboard.heldKeys.isEmpty)
    #expect(keyboard.key(forEvdevCode: -1).keysym == .noSymbol)
  }

  @Test("keys read again, in any order of states, agree with the state's own queries")
  func keysAgreeWithState() throws {
    // The keyboard caches keys per code and state; reading every code in a cycle of states,
    // twice, checks that no cached key outlives the state it was read in. Codes 128 apart
    // share a cache set.
    let keyboard = try systemKeyboard(.init(layout: "us,de", options: "grp:alt_shift_toggle"))
    let steps: [(Int, KeyEvent.Direction)] = [
      (K.leftShift, .down), (K.leftShift, .up), (K.capsLock, .down), (K.capsLock, .up),
      (K.rightAlt, .down), (K.leftControl, .down), (K.rightAlt, .up), (K.leftControl, .up),
      (K.leftAlt, .down), (K.leftShift, .down), (K.leftShift, .up), (K.leftAlt, .up),
      (K.rightAlt, .down), (K.rightAlt, .up), (K.capsLock, .down), (K.capsLock, .up),
      (K.numLock, .down), (K.numLock, .up),
    ]
    var mismatches: [String] = []
    for _ in 0..<2 {
      for (stepCode, direction) in steps {
        _ = keyboard.handle(stepCode, direction)
        let state = keyboard.state
        for code in 1..<300 {
          let key = keyboard.key(forEvdevCode: code)
          let flags: KeyModifierFlags = [
            state.isModifierActive(named: "Shift") ? .shift : [],
            state.isModifierActive(named: "Lock") ? .alphaShift : [],
            state.isModifierActive(named: "Control") ? .control : [],
          ]
          // A special key that types nothing reports its input string (decision 0004).
          let typed = state.utf8(forEvdevCode: code)
          let characters =
            typed.isEmpty || typed == "\u{7F}"
            ? KeyInput.specialKeyText(forKeysym: key.keysym) ?? typed : typed
          if key.keysym != state.keysym(forEvdevCode: code)
            || key.characters != characters
            || key.modifierFlags.subtracting([.numericPad, .alternate, .command]) != flags
          {
            mismatches.append("evdev \(code) after \(direction) of \(stepCode): \(key)")
          }
        }
      }
    }
    #expect(mismatches.isEmpty)
  }

  @Test("keysymIgnoringModifiers is the first-level keysym")
  func keysymIgnoringModifiers() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    _ = keyboard.handle(EvdevKey.leftShift, .down)
    let key = keyboard.key(forEvdevCode: EvdevKey.a)
    #expect(key.keysym.name == "A")
    #expect(key.keysymIgnoringModifiers == .a)
  }

  @Test("the fixture keymap translates without system data")
  func fixtureKeymap() throws {
    let keymap = try XKBKeymap(context: .hermetic(), string: TestKeymaps.minimal)
    let keyboard = XKBKeyboard(keymap: keymap, clock: ManualClock())
    expectSequence(
      keyboard,
      [
        .both(EvdevKey.q, "q", "q", "q"),
        .down(EvdevKey.leftShift, "Shift_L", "", ""),
        .both(EvdevKey.q, "Q", "Q", "q", .shift),
        .both(26, "braceleft", "{", "[", .shift),
        .up(EvdevKey.leftShift, "Shift_L", "", "", .shift),
        .both(EvdevKey.escape, "Escape", "\u{1b}", "\u{1b}"),
      ])
  }
}
