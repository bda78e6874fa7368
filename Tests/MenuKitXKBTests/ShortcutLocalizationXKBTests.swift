import MenuKit
import MenuKitXKB
import Testing

private let key8 = 9
private let keyLeftBrace = 26
private let keyRightBrace = 27
private let keySemicolon = 39
private let leftControl = 29
private let leftShift = 42
private let rightAlt = 100
private let keyLeft = 105
private let keyRight = 106
private let linux = KeyCommandMatcher(platform: .linux)

private func back(localizes: Bool = true, mirrors: Bool = true) -> KeyCommand {
  var command = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
  command.allowsAutomaticLocalization = localizes
  command.allowsAutomaticMirroring = mirrors
  return command
}

@Suite("Shortcut localization with XKB layouts")
struct ShortcutLocalizationXKBTests {
  @Test("On de, [ needs AltGr+8 and ö is typed directly")
  func germanReachability() throws {
    let de = try systemKeyboard(layout: "de")
    let bracket = de.reachability(of: "[")
    guard case .needsAltGr(let location) = bracket else {
      Issue.record("expected needsAltGr, got \(bracket)")
      return
    }
    #expect(location.evdevCode == key8)
    #expect(location.level == 3)
    #expect(de.reachability(of: "ö").location?.evdevCode == keySemicolon)
    #expect(de.reachability(of: "ö").isDirect)
    #expect(de.reachability(of: "Ö") == de.reachability(of: "ö"))
    #expect(de.reachability(of: "ф") == .unreachable)
    #expect(de.reachability(of: .leftArrow).location?.evdevCode == keyLeft)
  }

  @Test("On de, [ is relocated to the key that holds it on US: KEY_LEFTBRACE, ü")
  func germanRelocation() throws {
    let de = try systemKeyboard(layout: "de")
    let location = try #require(de.relocatedKey(for: "["))
    #expect(location.evdevCode == keyLeftBrace)
    #expect(location.level == 1)
    #expect(location.keysym == Keysym(rawValue: 0xfc))
    #expect(location.input == "ü")
    let shifted = try #require(de.relocatedKey(for: "{"))
    #expect(shifted.evdevCode == keyLeftBrace)
    #expect(shifted.level == 2)
    #expect(shifted.extraModifiers == [.shift])
    #expect(de.relocatedKey(for: "o") == nil)
    #expect(de.relocatedKey(for: "-") == nil)
    #expect(de.relocatedKey(for: .leftArrow) == nil)
  }

  @Test(
    "German punctuation that needs AltGr moves to its US key; what Shift types stays",
    arguments: [
      (KeyInput("["), KeyInput("ü") as KeyInput?), ("]", "+"), ("{", "ü"), ("}", "*"),
      ("\\", "#"), ("|", "'"), ("@", "\""), ("~", "°"), ("`", nil), ("/", nil), ("<", nil),
      (";", nil), ("=", nil),
    ])
  func germanTable(input: KeyInput, relocated: KeyInput?) throws {
    let de = try systemKeyboard(layout: "de")
    #expect(de.relocatedKey(for: input)?.input == relocated)
  }

  @Test("Ctrl+Ü on de fires Cmd+[ with kind localized, and Ctrl+AltGr+8 does not")
  func germanMatching() throws {
    let de = try systemKeyboard(layout: "de")
    let command = back()
    let umlaut = try #require(pressKey(de, keyLeftBrace, holding: [leftControl]))
    let result = linux.match(umlaut, against: [command], layout: de)
    #expect(result.keyCommand == command)
    #expect(result.kind == .localized)

    let altGr = try systemKeyboard(layout: "de")
    let bracket = try #require(pressKey(altGr, key8, holding: [leftControl, rightAlt]))
    #expect(bracket.key?.keysym == Keysym(rawValue: 0x5b))
    #expect(linux.match(bracket, against: [command], layout: altGr).keyCommand == nil)
  }

  @Test("Without automatic localization, Cmd+[ on de fires on Ctrl+AltGr+8, exactly")
  func germanWithoutLocalization() throws {
    let command = back(localizes: false)
    let de = try systemKeyboard(layout: "de")
    let bracket = try #require(pressKey(de, key8, holding: [leftControl, rightAlt]))
    let result = linux.match(bracket, against: [command], layout: de)
    #expect(result.keyCommand == command)
    #expect(result.kind == .exact)
    let other = try systemKeyboard(layout: "de")
    let umlaut = try #require(pressKey(other, keyLeftBrace, holding: [leftControl]))
    #expect(linux.match(umlaut, against: [command], layout: other).keyCommand == nil)
  }

  @Test("On us nothing is relocated and Ctrl+[ fires exactly")
  func usUnchanged() throws {
    let us = try systemKeyboard(layout: "us")
    #expect(us.relocatedKey(for: "[") == nil)
    #expect(us.reachability(of: "[").location?.evdevCode == keyLeftBrace)
    let command = back()
    let press = try #require(pressKey(us, keyLeftBrace, holding: [leftControl]))
    let result = linux.match(press, against: [command], layout: us)
    #expect(result.keyCommand == command)
    #expect(result.kind == .exact)
  }

  @Test("The localized label of Cmd+[ is Ctrl+Ü on de and Ctrl+[ on us")
  func labels() throws {
    let shortcut = KeyboardShortcut("[", modifierFlags: .command)
    #expect(
      try systemKeyboard(layout: "de").localizedLabel(for: shortcut, platform: .linux) == "Ctrl+Ü")
    #expect(try systemKeyboard(layout: "de").localizedLabel(for: shortcut, platform: .mac) == "⌘Ü")
    #expect(
      try systemKeyboard(layout: "us").localizedLabel(for: shortcut, platform: .linux) == "Ctrl+[")
  }

  @Test("In a right-to-left context Cmd+[ fires on Ctrl+] on us, with kind mirrored")
  func mirroring() throws {
    let command = back()
    let us = try systemKeyboard(layout: "us")
    let right = try #require(pressKey(us, keyRightBrace, holding: [leftControl]))
    let mirrored = linux.match(right, against: [command], layout: us, layoutDirection: .rightToLeft)
    #expect(mirrored.keyCommand == command)
    #expect(mirrored.kind == .mirrored)

    let other = try systemKeyboard(layout: "us")
    let left = try #require(pressKey(other, keyLeftBrace, holding: [leftControl]))
    #expect(
      linux.match(left, against: [command], layout: other, layoutDirection: .rightToLeft)
        .keyCommand == nil)
    let fixed = back(mirrors: false)
    let original = linux.match(left, against: [fixed], layout: other, layoutDirection: .rightToLeft)
    #expect(original.keyCommand == fixed)
    #expect(original.kind == .exact)
  }

  @Test("In a right-to-left context Cmd+Left fires on Ctrl+Right")
  func arrows() throws {
    let us = try systemKeyboard(layout: "us")
    let moveLeft = KeyCommand(action: "moveLeft:", input: .leftArrow, modifierFlags: .command)
    let press = try #require(pressKey(us, keyRight, holding: [leftControl]))
    let result = linux.match(press, against: [moveLeft], layout: us, layoutDirection: .rightToLeft)
    #expect(result.keyCommand == moveLeft)
    #expect(result.kind == .mirrored)
    #expect(linux.match(press, against: [moveLeft], layout: us).keyCommand == nil)
  }
}
