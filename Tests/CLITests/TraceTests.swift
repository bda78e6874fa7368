import Foundation
import MenuKit
import MenuKitToolSupport
import MenuKitXKB
import Testing

@testable import menu_dump

/// Runs `menu-dump trace` in-process on a recording made of `events`.
@MainActor
private func trace(
  _ events: [(code: Int, direction: KeyEvent.Direction)], _ options: String...
) throws -> (status: ToolExitStatus, records: [Trace.Record], errors: String) {
  let keyEvents = events.enumerated().map { index, event in
    KeyEvent(evdevCode: event.code, direction: event.direction, timestamp: Double(index) / 100)
  }
  let path = try temporaryRecording(EvemuRecording.text(for: keyEvents))
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: ["trace"] + options + [path], output: &output)
  let decoder = JSONDecoder()
  let records = try output.standardOutput.split(separator: "\n").map {
    try decoder.decode(Trace.Record.self, from: Data($0.utf8))
  }
  return (status, records, output.standardError)
}

private func temporaryRecording(_ text: String) throws -> String {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "menukit-trace-\(UUID().uuidString).evemu")
  try Data(text.utf8).write(to: url)
  return url.path
}

/// A key pressed and released.
private func tap(_ code: Int) -> [(code: Int, direction: KeyEvent.Direction)] {
  [(code, .down), (code, .up)]
}

/// A key pressed and released while another is held.
private func chord(_ modifier: Int, _ code: Int) -> [(code: Int, direction: KeyEvent.Direction)] {
  [(modifier, .down), (code, .down), (code, .up), (modifier, .up)]
}

private let keyA = 30
private let keyQ = 16
private let keyY = 21
private let key1 = 2
private let leftShift = 42
private let rightAlt = 100
private let leftAlt = 56
private let keyCapsLock = 58
private let keyKeypad1 = 79
private let keyNumLock = 69
private let keyEqual = 13
private let keyE = 18

/// The began presses as "keysym characters ignoring flags".
private func began(_ records: [Trace.Record]) -> [String] {
  records.filter { $0.phase == "began" }.map {
    "\($0.keysym) \($0.characters) \($0.charactersIgnoringModifiers) \($0.modifierFlags.joined(separator: ","))"
      .trimmingCharacters(in: .whitespaces)
  }
}

@MainActor
@Suite("menu-dump trace")
struct TraceTests {
  @Test("us: letters, Shift, Control, and every JSON field")
  func us() throws {
    let result = try trace(tap(keyA) + chord(leftShift, keyA) + chord(29, keyA), "--layout", "us")
    #expect(result.status == .success, "\(result.errors)")
    #expect(
      began(result.records) == [
        "a a a", "Shift_L", "A A a shift", "Control_L", "a \u{1} a control",
      ])
    let first = try #require(result.records.first)
    #expect(first.schemaVersion == 1)
    #expect(first.code == keyA)
    #expect(first.hidUsage == KeyboardHIDUsage.keyboardA.rawValue)
    #expect(first.phase == "began")
    #expect(first.layout == "English (US)")
    #expect(
      result.records.map(\.phase) == [
        "began", "ended", "began", "began", "ended", "ended", "began", "began", "ended", "ended",
      ])
  }

  @Test("de: Y and Z swap, AltGr+Q types @, the HID usage stays positional")
  func german() throws {
    let result = try trace(tap(keyY) + chord(rightAlt, keyQ), "--layout", "de")
    #expect(began(result.records) == ["z z z", "ISO_Level3_Shift", "at @ q"])
    #expect(result.records.first?.hidUsage == KeyboardHIDUsage.keyboardY.rawValue)
  }

  @Test("fr: AZERTY digits need Shift")
  func french() throws {
    let result = try trace(tap(key1) + chord(leftShift, key1) + tap(keyQ), "--layout", "fr")
    #expect(began(result.records) == ["ampersand & &", "Shift_L", "1 1 & shift", "a a a"])
  }

  @Test(
    "ru, il and ara type their own scripts",
    arguments: [
      ("ru", "Cyrillic_ef ф ф"), ("il", "hebrew_shin ש ש"), ("ara", "Arabic_sheen ش ش"),
    ])
  func nonLatin(layout: String, expected: String) throws {
    let result = try trace(tap(keyA), "--layout", layout)
    #expect(began(result.records) == [expected])
  }

  @Test("two groups: Alt+Shift switches between us and ru")
  func groupSwitching() throws {
    let toggle: [(code: Int, direction: KeyEvent.Direction)] = [
      (leftAlt, .down), (leftShift, .down), (leftShift, .up), (leftAlt, .up),
    ]
    let result = try trace(
      tap(keyA) + toggle + tap(keyA) + toggle + tap(keyA),
      "--layout", "us,ru", "--options", "grp:alt_shift_toggle")
    let letters = result.records.filter { $0.phase == "began" && $0.code == keyA }
    #expect(letters.map(\.characters) == ["a", "ф", "a"])
    #expect(letters.map(\.layout) == ["English (US)", "Russian", "English (US)"])
  }

  @Test("Caps Lock sets alphaShift and capitals, until pressed again")
  func capsLock() throws {
    let result = try trace(
      tap(keyCapsLock) + tap(keyA) + tap(keyCapsLock) + tap(keyA), "--layout", "us")
    #expect(
      began(result.records) == [
        "Caps_Lock", "A A a alphaShift", "Caps_Lock   alphaShift", "a a a",
      ])
  }

  @Test("the keypad with and without Num Lock")
  func keypad() throws {
    let result = try trace(tap(keyKeypad1) + tap(keyNumLock) + tap(keyKeypad1), "--layout", "us")
    let keys = result.records.filter { $0.phase == "began" && $0.code == keyKeypad1 }
    #expect(keys.map(\.keysym) == ["KP_End", "KP_1"])
    #expect(keys.map(\.characters) == ["UIKeyInputEnd", "1"])
    #expect(keys.allSatisfy { $0.modifierFlags.contains("numericPad") })
    #expect(keys.allSatisfy { $0.hidUsage == KeyboardHIDUsage.keypad1.rawValue })
  }

  @Test("dead keys compose with --compose-file")
  func deadKeys() throws {
    let compose = FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-compose-\(UUID().uuidString)")
    try Data("<dead_acute> <e> : \"é\" eacute\n".utf8).write(to: compose)
    let result = try trace(
      tap(keyEqual) + tap(keyE), "--layout", "de", "--compose-file", compose.path)
    #expect(result.status == .success, "\(result.errors)")
    #expect(began(result.records) == ["dead_acute", "e é e"])
  }

  @Test("a malformed recording exits 65 with its line number")
  func malformedRecording() throws {
    let path = try temporaryRecording("# EVEMU 1.3\nE: 0.000100 0001 001e 1\nE: 0.2 0001\n")
    var output = BufferedOutput()
    let status = MenuDump.run(arguments: ["trace", "--layout", "us", path], output: &output)
    #expect(status == .dataError)
    #expect(output.standardError.hasPrefix("\(path):3:"), "\(output.standardError)")
    #expect(output.standardOutput == "")
  }

  @Test("an unknown layout exits 64 with libxkbcommon's messages")
  func unknownLayout() throws {
    let result = try trace(tap(keyA), "--layout", "doesnotexist")
    #expect(result.status == .usage)
    #expect(result.errors.contains("symbols/doesnotexist"))
    #expect(result.records.isEmpty)
  }

  @Test(
    "usage errors exit 64", arguments: [[], ["--format", "xml", "--layout", "us"], ["--bogus"]])
  func usage(arguments: [String]) {
    var output = BufferedOutput()
    #expect(MenuDump.run(arguments: ["trace"] + arguments, output: &output) == .usage)
    #expect(output.standardError.contains("menu-dump trace --help"))
  }

  @Test("--format table prints aligned rows with escapes")
  func table() throws {
    let path = try temporaryRecording(
      EvemuRecording.text(for: [
        KeyEvent(evdevCode: 29, direction: .down, timestamp: 0.1),
        KeyEvent(evdevCode: keyA, direction: .down, timestamp: 0.2),
      ]))
    var output = BufferedOutput()
    let status = MenuDump.run(
      arguments: ["trace", "--layout", "us", "--format", "table", path], output: &output)
    #expect(status == .success)
    let lines = output.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("time") == true)
    #expect(lines.last?.contains(#"\u{1}"#) == true)
    #expect(lines.last?.hasSuffix("control") == true)
  }
}
