import Foundation
import MenuKit
import MenuKitXKB
import Testing

/// The system's XKB data, which the rule-name tests compile from.
///
/// The contexts that read it ignore the environment and the user's configuration, so these
/// tests depend only on the installed xkb-data package.
private let systemXKBData = "/usr/share/X11/xkb"

/// A hermetic context over the system's XKB data.
private func systemContext() -> XKBContext {
  .hermetic(includePaths: [systemXKBData])
}

/// Compiles the fixture keymap of six keys in a context with no include paths.
private func minimalKeymap() throws -> XKBKeymap {
  try XKBKeymap(context: .hermetic(), string: TestKeymaps.minimal)
}

/// Returns the error that `body` throws, or `nil` when it succeeds.
private func xkbError(_ body: () throws(XKBError) -> Void) -> XKBError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

/// One expectation about the keysyms of a key: its evdev code, layout, level and keysyms.
struct KeysymCase: CustomTestStringConvertible, Sendable {
  var layout: String
  var evdevCode: Int
  var layoutIndex = 0
  var level: Int
  var expected: [String]

  var testDescription: String {
    "evdev \(evdevCode) in layout \(layoutIndex) of \(layout), level \(level) → \(expected)"
  }
}

// MARK: - Keysym

@Suite("Keysym")
struct KeysymTests {
  @Test(
    "named constants have their XKB spelling and round-trip through it",
    arguments: [
      (Keysym.a, "a", 0x61), (.q, "q", 0x71), (.z, "z", 0x7a), (.space, "space", 0x20),
      (.bracketLeft, "bracketleft", 0x5b), (.bracketRight, "bracketright", 0x5d),
      (.escape, "Escape", 0xff1b), (.return, "Return", 0xff0d), (.tab, "Tab", 0xff09),
      (.backspace, "BackSpace", 0xff08), (.delete, "Delete", 0xffff),
      (.leftArrow, "Left", 0xff51), (.rightArrow, "Right", 0xff53), (.upArrow, "Up", 0xff52),
      (.downArrow, "Down", 0xff54),
    ] as [(Keysym, String, UInt32)])
  func namedConstants(keysym: Keysym, spelling: String, value: UInt32) {
    #expect(keysym.rawValue == value)
    #expect(keysym.name == spelling)
    #expect(Keysym(named: spelling) == keysym)
  }

  @Test("a name round-trips and gives its character")
  func adiaeresis() throws {
    let keysym = try #require(Keysym(named: "adiaeresis"))
    #expect(keysym.rawValue == 0xe4)
    #expect(keysym.name == "adiaeresis")
    #expect(keysym.character == "ä")
    #expect(keysym.utf32 == 0xe4)
    #expect(keysym.nameOrValue == "adiaeresis")
  }

  @Test("a case-insensitive lookup finds names a case-sensitive one misses")
  func caseInsensitive() {
    #expect(Keysym(named: "escape") == nil)
    #expect(Keysym(named: "escape", caseInsensitive: true) == .escape)
    #expect(Keysym(named: "A")?.name == "A")
    #expect(Keysym(named: "A", caseInsensitive: true) == .a)
  }

  @Test("unknown names and NoSymbol give nil")
  func unknownNames() {
    #expect(Keysym(named: "notAKeysym") == nil)
    #expect(Keysym(named: "") == nil)
    #expect(Keysym(named: "NoSymbol") == nil)
  }

  @Test("keysyms without a character have no text")
  func noCharacter() throws {
    let shift = try #require(Keysym(named: "Shift_L"))
    #expect(shift.character == nil)
    #expect(shift.utf32 == nil)
    #expect(Keysym.return.utf32 == 0x0d)
  }

  @Test("Unicode keysyms are named by code point")
  func unicodeKeysym() {
    let check = Keysym(rawValue: 0x0100_2713)
    #expect(check.name == "U2713")
    #expect(check.character == "✓")
    #expect(Keysym(named: "U2713") == check)
  }

  @Test("a value that is not a keysym has no name and prints in hexadecimal")
  func invalidValue() {
    let invalid = Keysym(rawValue: 0xffff_ffff)
    #expect(invalid.name == nil)
    #expect(invalid.nameOrValue == "0xffffffff")
  }
}

// MARK: - Keymaps from text

@Suite("XKBKeymap from keymap text")
struct XKBKeymapTextTests {
  @Test("the fixture keymap compiles in a context with no include paths")
  func compiles() throws {
    let keymap = try minimalKeymap()
    #expect(keymap.layoutCount == 1)
    #expect(keymap.layoutNames == ["Test"])
    #expect(
      keymap.modifierNames == [
        "Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5",
      ])
    #expect(keymap.evdevCodes == 1..<43)
  }

  @Test(
    "key names map to evdev codes and back",
    arguments: [(1, "ESC"), (16, "AD01"), (26, "AD11"), (28, "RTRN"), (30, "AC01"), (42, "LFSH")])
  func keyNames(evdevCode: Int, name: String) throws {
    let keymap = try minimalKeymap()
    #expect(keymap.keyName(forEvdevCode: evdevCode) == name)
    #expect(keymap.evdevCode(forKeyName: name) == evdevCode)
  }

  @Test("unknown keys have no name, and aliases resolve")
  func unknownKeys() throws {
    let keymap = try minimalKeymap()
    #expect(keymap.keyName(forEvdevCode: 2) == nil)
    #expect(keymap.keyName(forEvdevCode: -1) == nil)
    #expect(keymap.keyName(forEvdevCode: 1_000_000) == nil)
    #expect(keymap.evdevCode(forKeyName: "AB01") == nil)
    #expect(keymap.evdevCode(forKeyName: "LatQ") == 16)
  }

  @Test(
    "keys produce the fixture's keysyms per level",
    arguments: [
      KeysymCase(layout: "Test", evdevCode: 30, level: 0, expected: ["a"]),
      KeysymCase(layout: "Test", evdevCode: 30, level: 1, expected: ["A"]),
      KeysymCase(layout: "Test", evdevCode: 16, level: 1, expected: ["Q"]),
      KeysymCase(layout: "Test", evdevCode: 26, level: 0, expected: ["bracketleft"]),
      KeysymCase(layout: "Test", evdevCode: 26, level: 1, expected: ["braceleft"]),
      KeysymCase(layout: "Test", evdevCode: 1, level: 0, expected: ["Escape"]),
      KeysymCase(layout: "Test", evdevCode: 1, level: 1, expected: []),
      KeysymCase(layout: "Test", evdevCode: 2, level: 0, expected: []),
      KeysymCase(layout: "Test", evdevCode: 30, level: -1, expected: []),
      KeysymCase(layout: "Test", evdevCode: 30, layoutIndex: -1, level: 0, expected: []),
    ])
  func keysyms(_ testCase: KeysymCase) throws {
    let keymap = try minimalKeymap()
    let keysyms = keymap.keysyms(
      forEvdevCode: testCase.evdevCode, layout: testCase.layoutIndex, level: testCase.level)
    #expect(keysyms.compactMap(\.name) == testCase.expected)
  }

  @Test("keys report their number of levels")
  func levelCounts() throws {
    let keymap = try minimalKeymap()
    #expect(keymap.levelCount(forEvdevCode: 30, layout: 0) == 2)
    #expect(keymap.levelCount(forEvdevCode: 1, layout: 0) == 1)
    #expect(keymap.levelCount(forEvdevCode: 2, layout: 0) == 0)
  }

  @Test("the serialized keymap compiles back to the same text")
  func asStringRoundTrips() throws {
    let text = try minimalKeymap().asString()
    #expect(text.contains("key <AC01>"))
    #expect(!text.contains("include"))
    let again = try XKBKeymap(context: .hermetic(), string: text)
    #expect(again.asString() == text)
  }

  @Test("a keymap file compiles like its text")
  func fromFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-xkb-\(UUID().uuidString).xkb")
    try TestKeymaps.minimal.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let keymap = try XKBKeymap(context: .hermetic(), contentsOf: url.path)
    #expect(keymap.asString() == (try minimalKeymap().asString()))
  }

  @Test("a missing keymap file throws an fopen error naming the path")
  func missingFile() throws {
    let error = try #require(
      xkbError { () throws(XKBError) in
        _ = try XKBKeymap(context: .hermetic(), contentsOf: "/nonexistent/keymap.xkb")
      })
    #expect(error.operation == "fopen")
    #expect(error.message.contains("/nonexistent/keymap.xkb"))
    #expect(error.logLines.isEmpty)
  }

  @Test("malformed keymap text throws with libxkbcommon's syntax error")
  func malformedText() throws {
    let context = XKBContext.hermetic()
    let error = try #require(
      xkbError { () throws(XKBError) in
        _ = try XKBKeymap(context: context, string: TestKeymaps.malformed)
      })
    #expect(error.operation == "xkb_keymap_new_from_string")
    #expect(!error.logLines.isEmpty)
    #expect(error.logLines.contains { $0.contains("syntax error") })
    #expect(error.logLines.allSatisfy { !$0.hasSuffix("\n") })
    #expect(error.description.hasPrefix("could not compile the keymap text"))
    #expect(context.logLines == error.logLines)
  }

  @Test("each call starts with an empty log")
  func logIsPerCall() throws {
    let context = XKBContext.hermetic()
    _ = xkbError { () throws(XKBError) in
      _ = try XKBKeymap(context: context, string: TestKeymaps.malformed)
    }
    #expect(!context.logLines.isEmpty)
    _ = try XKBKeymap(context: context, string: TestKeymaps.minimal)
    #expect(context.logLines.isEmpty)
  }

  @Test("a context whose include path does not exist still compiles keymap text")
  func badIncludePath() throws {
    let context = XKBContext.hermetic(includePaths: ["/nonexistent/xkb"])
    #expect(context.includePaths.isEmpty)
    let keymap = try XKBKeymap(context: context, string: TestKeymaps.minimal)
    #expect(keymap.layoutNames == ["Test"])
  }

  @Test("a keymap outlives its context")
  func keymapOutlivesContext() throws {
    var context: XKBContext? = .hermetic()
    let keymap = try XKBKeymap(context: try #require(context), string: TestKeymaps.minimal)
    context = nil
    #expect(keymap.keysyms(forEvdevCode: 30, layout: 0, level: 0) == [.a])
    #expect(!keymap.asString().isEmpty)
  }
}

// MARK: - Keymaps from rule names

@Suite("XKBKeymap from rule names")
struct XKBKeymapRuleNamesTests {
  @Test("a hermetic context searches only the given include paths")
  func includePaths() {
    #expect(systemContext().includePaths == [systemXKBData])
    #expect(XKBContext.hermetic().includePaths.isEmpty)
  }

  @Test("the us layout compiles")
  func us() throws {
    let keymap = try XKBKeymap(context: systemContext(), names: .init(layout: "us"))
    #expect(keymap.layoutCount == 1)
    #expect(keymap.layoutNames == ["English (US)"])
    #expect(
      keymap.modifierNames.prefix(8) == [
        "Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5",
      ])
    #expect(keymap.keyName(forEvdevCode: 30) == "AC01")
  }

  @Test("us,de has two named layouts")
  func twoLayouts() throws {
    let keymap = try XKBKeymap(context: systemContext(), names: .init(layout: "us,de"))
    #expect(keymap.layoutCount == 2)
    #expect(keymap.layoutNames == ["English (US)", "German"])
  }

  @Test(
    "keys produce each layout's keysyms",
    arguments: [
      KeysymCase(layout: "us", evdevCode: 30, level: 0, expected: ["a"]),
      KeysymCase(layout: "us", evdevCode: 30, level: 1, expected: ["A"]),
      KeysymCase(layout: "de", evdevCode: 30, level: 0, expected: ["a"]),
      KeysymCase(layout: "de", evdevCode: 30, level: 1, expected: ["A"]),
      KeysymCase(layout: "de", evdevCode: 21, level: 0, expected: ["z"]),
      KeysymCase(layout: "fr", evdevCode: 16, level: 0, expected: ["a"]),
      KeysymCase(layout: "fr", evdevCode: 16, level: 1, expected: ["A"]),
      KeysymCase(layout: "us,de", evdevCode: 21, layoutIndex: 0, level: 0, expected: ["y"]),
      KeysymCase(layout: "us,de", evdevCode: 21, layoutIndex: 1, level: 0, expected: ["z"]),
    ])
  func keysyms(_ testCase: KeysymCase) throws {
    let keymap = try XKBKeymap(context: systemContext(), names: .init(layout: testCase.layout))
    let keysyms = keymap.keysyms(
      forEvdevCode: testCase.evdevCode, layout: testCase.layoutIndex, level: testCase.level)
    #expect(keysyms.compactMap(\.name) == testCase.expected)
  }

  @Test("an unknown layout throws with log lines that name it")
  func unknownLayout() throws {
    let error = try #require(
      xkbError { () throws(XKBError) in
        _ = try XKBKeymap(context: systemContext(), names: .init(layout: "doesnotexist"))
      })
    #expect(error.operation == "xkb_keymap_new_from_names")
    #expect(error.message.contains("layout: doesnotexist"))
    #expect(error.logLines.contains { $0.contains("doesnotexist") })
  }

  @Test("a hermetic context without include paths finds no rules")
  func noIncludePaths() throws {
    let error = try #require(
      xkbError { () throws(XKBError) in
        _ = try XKBKeymap(context: .hermetic(), names: .init(layout: "us"))
      })
    #expect(error.operation == "xkb_keymap_new_from_names")
    #expect(!error.logLines.isEmpty)
  }

  @Test("rule names describe the names that are set")
  func ruleNamesDescription() {
    #expect(XKBKeymap.RuleNames().description == "(defaults)")
    #expect(
      XKBKeymap.RuleNames(layout: "us,de", variant: ",nodeadkeys").description
        == "(layout: us,de; variant: ,nodeadkeys)")
  }
}
