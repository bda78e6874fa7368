// The W3C names of key positions: UI Events "KeyboardEvent code Values" (the `code` of a DOM
// KeyboardEvent, as `KeyA`, `BracketLeft`, `Numpad1`), and the keyboard-page usage of each.
//
// Sources:
// - W3C UI Events KeyboardEvent code Values (w3c/uievents-code, index-source.txt): the names.
// - Chromium's ui/events/keycodes/dom/dom_code_data.inc: the usage of each name on the USB
//   keyboard page (0x07). The W3C document no longer prints usages; Chromium's table is the one
//   every browser on Linux follows, and VS Code's scan-code names (src/vs/base/common/keyCodes.ts,
//   `ScanCode`) are the same strings.
//
// Decisions:
// - Only names with a keyboard-page usage are here: a physical key is a `KeyboardHIDUsage`. The
//   W3C names of keys on other pages (media keys such as `MediaPlayPause`, `BrowserBack`,
//   `Sleep`) and of keys no keyboard reports (`Fn`, `Hyper`, `Super`, the phone keys
//   `NumpadHash` and `NumpadStar`) are listed in `unsupportedCodeNames`, so that readers can say
//   why they are rejected.
// - `Backslash` is both 0x31 (the ANSI key above Return) and 0x32 (the ISO key left of Return):
//   the W3C document gives both keys that one name, and Linux reports both as KEY_BACKSLASH.
//   MenuKit keeps 0x31; `KeyInput.physicalKey(_:)` reads 0x32 as 0x31. `IntlHash`, the name the
//   W3C once gave 0x32 (and that VS Code still accepts), reads as `Backslash`.
// - Usages without a W3C name (such as 0x76 keyboardMenu) have no code name; MenuKit writes
//   them in hexadecimal, `[0x76]`.

extension KeyboardHIDUsage {
  /// The W3C UI Events `KeyboardEvent.code` name of the key at this position, such as
  /// `"BracketLeft"` for ``keyboardOpenBracket`` or `"KeyA"` for ``keyboardA``; nil for a
  /// usage that has none.
  ///
  /// The name says where the key is (the `[` key of a US keyboard), not what it types: the key
  /// is `BracketLeft` on every layout, though it types `ü` on German. MenuKit writes a
  /// physical-key stroke with this name in brackets (``KeyInput/physicalKey(_:)``,
  /// `Ctrl+[BracketLeft]`), as VS Code writes scan codes.
  ///
  /// ```swift
  /// KeyboardHIDUsage.keyboardOpenBracket.codeName  // "BracketLeft"
  /// KeyboardHIDUsage.keypad1.codeName              // "Numpad1"
  /// KeyboardHIDUsage.keyboardMenu.codeName         // nil
  /// ```
  public var codeName: String? { CodeNameTable.nameByUsage[rawValue] }

  /// The usage of the key a W3C `KeyboardEvent.code` name stands for, compared ignoring case
  /// (as VS Code reads scan codes), or nil for a name that is not a key of the keyboard page.
  ///
  /// `IntlHash`, an older name of the ISO key left of Return, is read as `Backslash`, the name
  /// the W3C now gives that key.
  ///
  /// ```swift
  /// KeyboardHIDUsage(codeName: "Period")      // keyboardPeriod (0x37)
  /// KeyboardHIDUsage(codeName: "bracketleft") // keyboardOpenBracket (0x2F)
  /// KeyboardHIDUsage(codeName: "MediaStop")   // nil: a consumer-page key
  /// ```
  ///
  /// - Parameter codeName: A name such as `KeyA`, `Digit1` or `BracketLeft`, without brackets.
  public init?(codeName: some StringProtocol) {
    guard let usage = CodeNameTable.usageByLowercasedName[codeName.lowercased()] else {
      return nil
    }
    self.init(rawValue: usage)
  }

  /// Every usage that has a W3C code name, in the order of the W3C document's tables:
  /// writing-system keys, functional keys, the control pad, the arrow pad, the numpad, the
  /// function section, media and legacy keys.
  public static let codeNamed: [KeyboardHIDUsage] = CodeNameTable.entries.map {
    KeyboardHIDUsage(rawValue: $0.usage)
  }
}

// MARK: - Internal

extension KeyboardHIDUsage {
  /// W3C code names of keys that have no keyboard-page usage, which no MenuKit stroke can name:
  /// media and browser keys (consumer page), system keys (generic desktop page), keys that a
  /// keyboard handles itself (`Fn`) or that are on phones and remote controls.
  static let unsupportedCodeNames: [String] = [
    "Fn", "FnLock", "Hyper", "Super", "Turbo", "Suspend", "Resume", "Sleep", "WakeUp",
    "BrightnessUp", "BrightnessDown", "Eject", "MediaPlay", "MediaPause", "MediaPlayPause",
    "MediaRecord", "MediaFastForward", "MediaRewind", "MediaStop", "MediaTrackNext",
    "MediaTrackPrevious", "MediaSelect", "LaunchApp1", "LaunchApp2", "LaunchMail",
    "LaunchScreenSaver", "SelectTask", "BrowserBack", "BrowserFavorites", "BrowserForward",
    "BrowserHome", "BrowserRefresh", "BrowserSearch", "BrowserStop", "ZoomToggle", "MailReply",
    "MailForward", "MailSend", "NumpadHash", "NumpadStar", "Hiragana", "Katakana",
    "Unidentified",
  ]

  /// Whether the code name is a W3C name of a key MenuKit cannot name (``unsupportedCodeNames``),
  /// compared ignoring case.
  static func isUnsupportedCodeName(_ name: some StringProtocol) -> Bool {
    CodeNameTable.unsupportedLowercased.contains(name.lowercased())
  }

  /// Whether the usage is a modifier key (Control, Shift, Alt, the GUI keys) or Caps Lock or
  /// Num Lock: keys that change how other keys are read and are not the key of a shortcut.
  var isModifierOrLockKey: Bool {
    (0xE0...0xE7).contains(rawValue) || rawValue == 0x39 || rawValue == 0x53
  }

  /// The usage as a physical-key stroke stores it: the ISO key left of Return (0x32) is the
  /// ``keyboardBackslash`` position, whose W3C name it shares.
  var physicalKeyPosition: KeyboardHIDUsage {
    rawValue == 0x32 ? .keyboardBackslash : self
  }

  /// The name written between brackets in shortcut text: the W3C code name, or `0x` and the
  /// usage in hexadecimal for a usage without one (`0x76`).
  var bracketedName: String {
    if let codeName { return codeName }
    let hex = String(rawValue, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
  }

  /// The usage a name between brackets stands for: a code name (any case) or a hexadecimal
  /// usage `0x76`, from 0x01 to 0xFFFF.
  init?(bracketedName name: some StringProtocol) {
    if let usage = KeyboardHIDUsage(codeName: name) {
      self = usage
      return
    }
    let lowered = name.lowercased()
    guard lowered.hasPrefix("0x"), (3...6).contains(lowered.count),
      let value = Int(lowered.dropFirst(2), radix: 16), value > 0
    else { return nil }
    self.init(rawValue: value)
  }

  /// Every name a stroke may write between brackets, for suggestions.
  static var codeNamesForSuggestions: [String] { CodeNameTable.entries.map(\.name) }

  /// What the key shows on a US keyboard, for labels without a layout: the character of a
  /// writing-system key at level 1, uppercased (`[`, `A`, `1`), or nil for other keys.
  package var usKeycap: String? { CodeNameTable.usKeycaps[rawValue] }
}

/// The table of W3C code names and keyboard-page usages, and the lookups built from it once.
private enum CodeNameTable {
  struct Entry {
    var name: String
    var usage: Int
  }

  /// The names, in the order of the W3C document's tables.
  static let entries: [Entry] = {
    var entries: [Entry] = []
    func add(_ name: String, _ usage: Int) { entries.append(Entry(name: name, usage: usage)) }
    // Writing-system keys.
    add("Backquote", 0x35)
    add("Backslash", 0x31)
    add("BracketLeft", 0x2F)
    add("BracketRight", 0x30)
    add("Comma", 0x36)
    add("Digit0", 0x27)
    for digit in 1...9 { add("Digit\(digit)", 0x1E + digit - 1) }
    add("Equal", 0x2E)
    add("IntlBackslash", 0x64)
    add("IntlRo", 0x87)
    add("IntlYen", 0x89)
    for (offset, letter) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".enumerated() {
      add("Key\(letter)", 0x04 + offset)
    }
    add("Minus", 0x2D)
    add("Period", 0x37)
    add("Quote", 0x34)
    add("Semicolon", 0x33)
    add("Slash", 0x38)
    // Functional keys.
    add("AltLeft", 0xE2)
    add("AltRight", 0xE6)
    add("Backspace", 0x2A)
    add("CapsLock", 0x39)
    add("ContextMenu", 0x65)
    add("ControlLeft", 0xE0)
    add("ControlRight", 0xE4)
    add("Enter", 0x28)
    add("MetaLeft", 0xE3)
    add("MetaRight", 0xE7)
    add("ShiftLeft", 0xE1)
    add("ShiftRight", 0xE5)
    add("Space", 0x2C)
    add("Tab", 0x2B)
    // Functional keys of Japanese and Korean keyboards.
    add("Convert", 0x8A)
    add("KanaMode", 0x88)
    add("Lang1", 0x90)
    add("Lang2", 0x91)
    add("Lang3", 0x92)
    add("Lang4", 0x93)
    add("Lang5", 0x94)
    add("NonConvert", 0x8B)
    // The control pad.
    add("Delete", 0x4C)
    add("End", 0x4D)
    add("Help", 0x75)
    add("Home", 0x4A)
    add("Insert", 0x49)
    add("PageDown", 0x4E)
    add("PageUp", 0x4B)
    // The arrow pad.
    add("ArrowDown", 0x51)
    add("ArrowLeft", 0x50)
    add("ArrowRight", 0x4F)
    add("ArrowUp", 0x52)
    // The numpad.
    add("NumLock", 0x53)
    add("Numpad0", 0x62)
    for digit in 1...9 { add("Numpad\(digit)", 0x59 + digit - 1) }
    add("NumpadAdd", 0x57)
    add("NumpadBackspace", 0xBB)
    add("NumpadClear", 0xD8)
    add("NumpadClearEntry", 0xD9)
    add("NumpadComma", 0x85)
    add("NumpadDecimal", 0x63)
    add("NumpadDivide", 0x54)
    add("NumpadEnter", 0x58)
    add("NumpadEqual", 0x67)
    add("NumpadMemoryAdd", 0xD3)
    add("NumpadMemoryClear", 0xD2)
    add("NumpadMemoryRecall", 0xD1)
    add("NumpadMemoryStore", 0xD0)
    add("NumpadMemorySubtract", 0xD4)
    add("NumpadMultiply", 0x55)
    add("NumpadParenLeft", 0xB6)
    add("NumpadParenRight", 0xB7)
    add("NumpadSubtract", 0x56)
    // The function section.
    add("Escape", 0x29)
    for number in 1...12 { add("F\(number)", 0x3A + number - 1) }
    for number in 13...24 { add("F\(number)", 0x68 + number - 13) }
    add("PrintScreen", 0x46)
    add("ScrollLock", 0x47)
    add("Pause", 0x48)
    // Media keys of the keyboard page.
    add("AudioVolumeDown", 0x81)
    add("AudioVolumeMute", 0x7F)
    add("AudioVolumeUp", 0x80)
    add("Power", 0x66)
    // Legacy keys.
    add("Abort", 0x9B)
    add("Again", 0x79)
    add("Copy", 0x7C)
    add("Cut", 0x7B)
    add("Find", 0x7E)
    add("Open", 0x74)
    add("Paste", 0x7D)
    add("Props", 0xA3)
    add("Select", 0x77)
    add("Undo", 0x7A)
    return entries
  }()

  static let nameByUsage: [Int: String] = Dictionary(
    entries.map { ($0.usage, $0.name) }, uniquingKeysWith: { first, _ in first })

  static let usageByLowercasedName: [String: Int] = {
    var table = Dictionary(
      entries.map { ($0.name.lowercased(), $0.usage) }, uniquingKeysWith: { first, _ in first })
    table["intlhash"] = 0x31
    return table
  }()

  static let unsupportedLowercased: Set<String> = Set(
    KeyboardHIDUsage.unsupportedCodeNames.map { $0.lowercased() })

  /// The US keycap of each writing-system key: its level-1 character, uppercased.
  static let usKeycaps: [Int: String] = {
    var table: [Int: String] = [
      0x35: "`", 0x31: "\\", 0x2F: "[", 0x30: "]", 0x36: ",", 0x2E: "=", 0x2D: "-",
      0x37: ".", 0x34: "'", 0x33: ";", 0x38: "/", 0x27: "0",
    ]
    for digit in 1...9 { table[0x1E + digit - 1] = "\(digit)" }
    for (offset, letter) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".enumerated() {
      table[0x04 + offset] = String(letter)
    }
    return table
  }()
}
