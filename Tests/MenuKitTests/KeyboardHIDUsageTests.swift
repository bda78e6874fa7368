import MenuKit
import Testing

/// An evdev code and the usage of the key that sends it, named after `linux/input-event-codes.h`.
private struct EvdevPair: CustomTestStringConvertible, Sendable {
  var name: String
  var evdevCode: Int
  var usage: KeyboardHIDUsage
  var testDescription: String { "\(name) (\(evdevCode)) ↔ \(usage)" }

  init(_ name: String, _ evdevCode: Int, _ usage: KeyboardHIDUsage) {
    self.name = name
    self.evdevCode = evdevCode
    self.usage = usage
  }
}

private let pairs: [EvdevPair] = [
  EvdevPair("KEY_ESC", 1, .keyboardEscape),
  EvdevPair("KEY_1", 2, .keyboard1),
  EvdevPair("KEY_0", 11, .keyboard0),
  EvdevPair("KEY_BACKSPACE", 14, .keyboardDeleteOrBackspace),
  EvdevPair("KEY_TAB", 15, .keyboardTab),
  EvdevPair("KEY_Q", 16, .keyboardQ),
  EvdevPair("KEY_ENTER", 28, .keyboardReturnOrEnter),
  EvdevPair("KEY_LEFTCTRL", 29, .keyboardLeftControl),
  EvdevPair("KEY_A", 30, .keyboardA),
  EvdevPair("KEY_GRAVE", 41, .keyboardGraveAccentAndTilde),
  EvdevPair("KEY_LEFTSHIFT", 42, .keyboardLeftShift),
  EvdevPair("KEY_BACKSLASH", 43, .keyboardBackslash),
  EvdevPair("KEY_Z", 44, .keyboardZ),
  EvdevPair("KEY_DOT", 52, .keyboardPeriod),
  EvdevPair("KEY_RIGHTSHIFT", 54, .keyboardRightShift),
  EvdevPair("KEY_KPASTERISK", 55, .keypadAsterisk),
  EvdevPair("KEY_LEFTALT", 56, .keyboardLeftAlt),
  EvdevPair("KEY_SPACE", 57, .keyboardSpacebar),
  EvdevPair("KEY_CAPSLOCK", 58, .keyboardCapsLock),
  EvdevPair("KEY_F1", 59, .keyboardF1),
  EvdevPair("KEY_F10", 68, .keyboardF10),
  EvdevPair("KEY_NUMLOCK", 69, .keypadNumLock),
  EvdevPair("KEY_KP7", 71, .keypad7),
  EvdevPair("KEY_KP1", 79, .keypad1),
  EvdevPair("KEY_KP0", 82, .keypad0),
  EvdevPair("KEY_KPDOT", 83, .keypadPeriod),
  EvdevPair("KEY_ZENKAKUHANKAKU", 85, .keyboardLANG5),
  EvdevPair("KEY_102ND", 86, .keyboardNonUSBackslash),
  EvdevPair("KEY_F11", 87, .keyboardF11),
  EvdevPair("KEY_F12", 88, .keyboardF12),
  EvdevPair("KEY_RO", 89, .keyboardInternational1),
  EvdevPair("KEY_KATAKANA", 90, .keyboardLANG3),
  EvdevPair("KEY_HIRAGANA", 91, .keyboardLANG4),
  EvdevPair("KEY_HENKAN", 92, .keyboardInternational4),
  EvdevPair("KEY_KATAKANAHIRAGANA", 93, .keyboardInternational2),
  EvdevPair("KEY_MUHENKAN", 94, .keyboardInternational5),
  EvdevPair("KEY_KPJPCOMMA", 95, .keyboardInternational6),
  EvdevPair("KEY_KPENTER", 96, .keypadEnter),
  EvdevPair("KEY_RIGHTCTRL", 97, .keyboardRightControl),
  EvdevPair("KEY_KPSLASH", 98, .keypadSlash),
  EvdevPair("KEY_SYSRQ", 99, .keyboardPrintScreen),
  EvdevPair("KEY_RIGHTALT", 100, .keyboardRightAlt),
  EvdevPair("KEY_HOME", 102, .keyboardHome),
  EvdevPair("KEY_UP", 103, .keyboardUpArrow),
  EvdevPair("KEY_LEFT", 105, .keyboardLeftArrow),
  EvdevPair("KEY_RIGHT", 106, .keyboardRightArrow),
  EvdevPair("KEY_DOWN", 108, .keyboardDownArrow),
  EvdevPair("KEY_INSERT", 110, .keyboardInsert),
  EvdevPair("KEY_DELETE", 111, .keyboardDeleteForward),
  EvdevPair("KEY_MUTE", 113, .keyboardMute),
  EvdevPair("KEY_VOLUMEDOWN", 114, .keyboardVolumeDown),
  EvdevPair("KEY_VOLUMEUP", 115, .keyboardVolumeUp),
  EvdevPair("KEY_POWER", 116, .keyboardPower),
  EvdevPair("KEY_KPEQUAL", 117, .keypadEqualSign),
  EvdevPair("KEY_PAUSE", 119, .keyboardPause),
  EvdevPair("KEY_KPCOMMA", 121, .keypadComma),
  EvdevPair("KEY_HANGEUL", 122, .keyboardLANG1),
  EvdevPair("KEY_HANJA", 123, .keyboardLANG2),
  EvdevPair("KEY_YEN", 124, .keyboardInternational3),
  EvdevPair("KEY_LEFTMETA", 125, .keyboardLeftGUI),
  EvdevPair("KEY_RIGHTMETA", 126, .keyboardRightGUI),
  EvdevPair("KEY_COMPOSE", 127, .keyboardApplication),
  EvdevPair("KEY_STOP", 128, .keyboardStop),
  EvdevPair("KEY_AGAIN", 129, .keyboardAgain),
  EvdevPair("KEY_PROPS", 130, .keyboardMenu),
  EvdevPair("KEY_UNDO", 131, .keyboardUndo),
  EvdevPair("KEY_FRONT", 132, .keyboardSelect),
  EvdevPair("KEY_COPY", 133, .keyboardCopy),
  EvdevPair("KEY_OPEN", 134, .keyboardExecute),
  EvdevPair("KEY_PASTE", 135, .keyboardPaste),
  EvdevPair("KEY_FIND", 136, .keyboardFind),
  EvdevPair("KEY_CUT", 137, .keyboardCut),
  EvdevPair("KEY_HELP", 138, .keyboardHelp),
  EvdevPair("KEY_KPLEFTPAREN", 179, KeyboardHIDUsage(rawValue: 0xB6)),
  EvdevPair("KEY_KPRIGHTPAREN", 180, KeyboardHIDUsage(rawValue: 0xB7)),
  EvdevPair("KEY_F13", 183, .keyboardF13),
  EvdevPair("KEY_F14", 184, .keyboardF14),
  EvdevPair("KEY_F15", 185, .keyboardF15),
  EvdevPair("KEY_F16", 186, .keyboardF16),
  EvdevPair("KEY_F17", 187, .keyboardF17),
  EvdevPair("KEY_F18", 188, .keyboardF18),
  EvdevPair("KEY_F19", 189, .keyboardF19),
  EvdevPair("KEY_F20", 190, .keyboardF20),
  EvdevPair("KEY_F21", 191, .keyboardF21),
  EvdevPair("KEY_F22", 192, .keyboardF22),
  EvdevPair("KEY_F23", 193, .keyboardF23),
  EvdevPair("KEY_F24", 194, .keyboardF24),
  EvdevPair("KEY_ALTERASE", 222, .keyboardAlternateErase),
  EvdevPair("KEY_CANCEL", 223, .keyboardCancel),
]

/// The usages UIKit names that Linux never reports: no evdev code.
private let usagesWithoutEvdevCode: [KeyboardHIDUsage] = [
  .keyboardErrorRollOver, .keyboardPOSTFail, .keyboardErrorUndefined,
  .keyboardLockingCapsLock, .keyboardLockingNumLock, .keyboardLockingScrollLock,
  .keypadEqualSignAS400,
  .keyboardInternational7, .keyboardInternational8, .keyboardInternational9,
  .keyboardLANG6, .keyboardLANG7, .keyboardLANG8, .keyboardLANG9,
  .keyboardSysReqOrAttention, .keyboardPrior, .keyboardReturn, .keyboardSeparator,
  .keyboardOut, .keyboardOper, .keyboardClearOrAgain, .keyboardCrSelOrProps, .keyboardExSel,
  .keyboardReserved,
]

/// Usages that share their evdev code with another usage, and the usage the code maps back to.
private let duplicates: [(usage: KeyboardHIDUsage, evdevCode: Int, preferred: KeyboardHIDUsage)] =
  [
    (.keyboardNonUSPound, 43, .keyboardBackslash),
    (.keyboardClear, 111, .keyboardDeleteForward),
    (KeyboardHIDUsage(rawValue: 0xD8), 111, .keyboardDeleteForward),  // Keypad Clear
  ]

@Suite("KeyboardHIDUsage and evdev codes")
struct KeyboardHIDUsageEvdevTests {
  @Test("an evdev code and the usage of its key map to each other", arguments: pairs)
  fileprivate func pairMapsBothWays(pair: EvdevPair) {
    #expect(KeyboardHIDUsage(evdevCode: pair.evdevCode) == pair.usage)
    #expect(pair.usage.evdevCode == pair.evdevCode)
  }

  @Test("every letter, digit and function key of the main block maps to its KEY_ code")
  func mainBlock() {
    let letters: [Int] = [
      30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17,
      45, 21, 44,
    ]
    for (offset, code) in letters.enumerated() {
      #expect(KeyboardHIDUsage(evdevCode: code)?.rawValue == 0x04 + offset, "evdev \(code)")
    }
    // KEY_1 … KEY_0 are 2 … 11; keyboard1 … keyboard0 are 0x1E … 0x27.
    for offset in 0..<10 {
      #expect(KeyboardHIDUsage(evdevCode: 2 + offset)?.rawValue == 0x1E + offset)
    }
    // KEY_F1 … KEY_F10 are 59 … 68.
    for offset in 0..<10 {
      #expect(KeyboardHIDUsage(evdevCode: 59 + offset)?.rawValue == 0x3A + offset)
    }
  }

  @Test(
    "every usage UIKit names has an evdev code that maps back to it, except the listed ones",
    arguments: KeyboardHIDUsage.allNamed)
  func namedUsageRoundTrips(usage: KeyboardHIDUsage) throws {
    if usagesWithoutEvdevCode.contains(usage) {
      #expect(usage.evdevCode == nil)
    } else if let duplicate = duplicates.first(where: { $0.usage == usage }) {
      #expect(usage.evdevCode == duplicate.evdevCode)
      #expect(KeyboardHIDUsage(evdevCode: duplicate.evdevCode) == duplicate.preferred)
    } else {
      let code = try #require(usage.evdevCode)
      #expect(KeyboardHIDUsage(evdevCode: code) == usage)
    }
  }

  @Test("the usages without an evdev code are all usages UIKit names")
  func exclusionsAreNamed() {
    for usage in usagesWithoutEvdevCode {
      #expect(KeyboardHIDUsage.allNamed.contains(usage), "\(usage)")
    }
  }

  @Test("every evdev code with a usage is that usage's evdev code")
  func inverseIsConsistent() {
    var mapped = 0
    for code in 0...0x2FF {
      guard let usage = KeyboardHIDUsage(evdevCode: code) else { continue }
      mapped += 1
      #expect(usage.evdevCode == code, "evdev \(code) → \(usage)")
    }
    // The kernel's table names 147 distinct codes for usages up to 0xE7; MenuKit adds
    // KEY_ALTERASE and KEY_CANCEL.
    #expect(mapped == 149)
  }

  @Test("every usage up to 0xE7 with an evdev code maps back to itself or to a documented choice")
  func usagesMapBack() {
    for rawValue in 0...0xE7 {
      let usage = KeyboardHIDUsage(rawValue: rawValue)
      guard let code = usage.evdevCode else { continue }
      let expected = duplicates.first { $0.usage == usage }?.preferred ?? usage
      #expect(KeyboardHIDUsage(evdevCode: code) == expected, "\(usage) → evdev \(code)")
    }
  }

  @Test("duplicates resolve to the usage UIKit names for the key", arguments: [43, 111])
  func duplicateCodes(code: Int) {
    let usages = (0...0xE7).map(KeyboardHIDUsage.init(rawValue:)).filter { $0.evdevCode == code }
    #expect(usages.count > 1)
    #expect(KeyboardHIDUsage(evdevCode: code) == usages.min())
  }

  @Test(
    "codes without a keyboard-page usage have none",
    arguments: [
      0,  // KEY_RESERVED
      84,  // unassigned
      139,  // KEY_MENU
      140,  // KEY_CALC, only from the non-standard usage 0xFB
      164,  // KEY_PLAYPAUSE, only from the non-standard usage 0xE8
      240,  // KEY_UNKNOWN
      0x110,  // BTN_LEFT
      0x2FF,  // KEY_MAX
      0x300, -1, Int.max, Int.min,
    ])
  func unknownCodes(code: Int) {
    #expect(KeyboardHIDUsage(evdevCode: code) == nil)
  }

  @Test(
    "usages past the keyboard page's modifiers and unknown usages have no evdev code",
    arguments: [0x00, 0xA5, 0xE8, 0xEF, 0xFB, 0xFF, 0x100, 0xFFFF, -1])
  func usagesWithoutCode(rawValue: Int) {
    #expect(KeyboardHIDUsage(rawValue: rawValue).evdevCode == nil)
  }
}
