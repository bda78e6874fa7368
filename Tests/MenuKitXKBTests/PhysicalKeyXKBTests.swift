import MenuKit
import MenuKitXKB
import Testing

/// A usage, and its keycap on a layout (nil: the key types no character at level 1).
private struct KeycapCase: CustomTestStringConvertible, Sendable {
  var layout: String
  var usage: KeyboardHIDUsage
  var keycap: String?
  var testDescription: String { "\(layout) \(usage.codeName ?? "?") → \(keycap ?? "nil")" }

  init(_ layout: String, _ usage: KeyboardHIDUsage, _ keycap: String?) {
    self.layout = layout
    self.usage = usage
    self.keycap = keycap
  }
}

private let keycapCases: [KeycapCase] = [
  KeycapCase("us", .keyboardOpenBracket, "["),
  KeycapCase("us", .keyboardCloseBracket, "]"),
  KeycapCase("us", .keyboardA, "A"),
  KeycapCase("us", .keyboard1, "1"),
  KeycapCase("us", .keyboardPeriod, "."),
  KeycapCase("us", .keyboardGraveAccentAndTilde, "`"),
  KeycapCase("us", .keyboardNonUSBackslash, "<"),
  KeycapCase("de", .keyboardOpenBracket, "Ü"),
  KeycapCase("de", .keyboardCloseBracket, "+"),
  KeycapCase("de", .keyboardY, "Z"),
  KeycapCase("de", .keyboardZ, "Y"),
  KeycapCase("de", .keyboardSemicolon, "Ö"),
  KeycapCase("de", .keyboardHyphen, "ß"),
  KeycapCase("de", .keyboardGraveAccentAndTilde, "^"),  // dead_circumflex
  KeycapCase("de", .keyboardEqualSign, "´"),  // dead_acute
  KeycapCase("de", .keyboardBackslash, "#"),
  KeycapCase("de", .keyboardNonUSBackslash, "<"),
  KeycapCase("fr", .keyboardQ, "A"),
  KeycapCase("fr", .keyboardA, "Q"),
  KeycapCase("fr", .keyboardSemicolon, "M"),
  KeycapCase("fr", .keyboard1, "&"),
  KeycapCase("fr", .keyboard2, "É"),
  KeycapCase("fr", .keyboardOpenBracket, "^"),  // dead_circumflex
  KeycapCase("fr", .keyboardComma, ";"),
  KeycapCase("fr", .keyboardPeriod, ":"),
  // Keys that type no character at level 1, or the same key everywhere.
  KeycapCase("de", .keyboardF5, nil),
  KeycapCase("de", .keyboardUpArrow, nil),
  KeycapCase("de", .keyboardSpacebar, nil),
  KeycapCase("de", .keyboardReturnOrEnter, nil),
  KeycapCase("de", .keyboardTab, nil),
  KeycapCase("de", .keypad1, nil),
  KeycapCase("de", .keypadSlash, nil),
  KeycapCase("us", .keyboardCapsLock, nil),
]

@Suite("Physical keys on XKB layouts")
struct PhysicalKeyXKBTests {
  @Test("a physical key's keycap is what its key types at level 1", arguments: keycapCases)
  fileprivate func keycaps(_ example: KeycapCase) throws {
    let keyboard = try systemKeyboard(layout: example.layout)
    #expect(keyboard.keycapLabel(for: example.usage) == example.keycap)
  }

  @Test(
    "labels show the layout's keycap, on every profile",
    arguments: [
      ("us", "Ctrl+[BracketLeft]", "Ctrl+[", "⌃["),
      ("de", "Ctrl+[BracketLeft]", "Ctrl+Ü", "⌃Ü"),
      ("fr", "Ctrl+[BracketLeft]", "Ctrl+^", "⌃^"),
      ("de", "Ctrl+[BracketRight]", "Ctrl+Plus", "⌃+"),
      ("fr", "Cmd+[Period]", "Ctrl+:", "⌘:"),
      ("fr", "Cmd+Shift+[KeyQ]", "Ctrl+Shift+A", "⇧⌘A"),
      ("de", "Alt+[F5]", "Alt+F5", "⌥F5"),
      ("de", "[Numpad1]", "Num 1", "Keypad 1"),
    ])
  func labels(_ layout: String, _ text: String, _ linux: String, _ mac: String) throws {
    let keyboard = try systemKeyboard(layout: layout)
    let shortcut = try KeyboardShortcut(parsing: text)
    #expect(shortcut.label(for: .linux, layout: keyboard) == linux)
    #expect(shortcut.label(for: .mac, layout: keyboard) == mac)
    // Physical keys are never relocated: the localized label is the same.
    #expect(keyboard.localizedLabel(for: shortcut, platform: .linux) == linux)
    #expect(keyboard.relocatedKey(for: shortcut.input) == nil)
  }

  @Test("a physical key is typed at its own key, level 1, on every layout that has it")
  func reachability() throws {
    for layout in ["us", "de", "fr", "ru"] {
      let keyboard = try systemKeyboard(layout: layout)
      let reach = keyboard.reachability(of: .physicalKey(.keyboardOpenBracket))
      #expect(reach.isDirect, "\(layout)")
      #expect(reach.location?.evdevCode == 26, "\(layout)")
      #expect(reach.location?.level == 1, "\(layout)")
      #expect(reach.location?.input == .physicalKey(.keyboardOpenBracket), "\(layout)")
    }
    let de = try systemKeyboard(layout: "de")
    #expect(
      de.reachability(of: .physicalKey(.keyboardOpenBracket)).location?.keysym.rawValue == 0xfc)
    // Keypad Clear is KEY_DELETE on Linux, read as Delete; the locking keys have no code.
    #expect(de.reachability(of: .physicalKey(KeyboardHIDUsage(rawValue: 0xD8))) == .unreachable)
    #expect(de.reachability(of: .physicalKey(.keyboardLockingCapsLock)) == .unreachable)
  }

  @Test("the keyboard map puts a physical key command on its key, labelled by the layout")
  func keyboardMap() throws {
    let command = KeyCommand(
      title: "Fold", action: "fold:", input: .physicalKey(.keyboardOpenBracket),
      modifierFlags: .command)
    let menu = Menu(title: "Edit", children: [.keyCommand(command)])
    let map = KeyboardMap(
      menu: Menu(children: [.menu(menu)]), keyboard: try systemKeyboard(layout: "de"),
      geometry: .iso, platform: .linux)
    let control = try #require(map.layers.first { $0.modifiers == .control })
    let binding = try #require(control.bindings(onKey: 26).first)
    #expect(binding.title == "Fold")
    #expect(binding.label == "Ctrl+Ü")
    #expect(map.unplaced.isEmpty)
  }
}
