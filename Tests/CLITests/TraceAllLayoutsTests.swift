import CXKBCommon
import Foundation
import MenuKit
import MenuKitToolSupport
import MenuKitXKB
import Testing

@testable import menu_dump

/// Every layout and variant that the installed xkb-data lists (rules/evdev.lst).
private let installedLayouts: [LayoutName] = {
  guard
    let text = try? String(
      contentsOfFile: "/usr/share/X11/xkb/rules/evdev.lst", encoding: .utf8)
  else { return [] }
  var section = ""
  var result: [LayoutName] = []
  for line in text.split(separator: "\n") {
    if line.hasPrefix("! ") {
      section = String(line.dropFirst(2))
      continue
    }
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    guard let first = words.first else { continue }
    switch section {
    case "layout":
      result.append(LayoutName(layout: String(first), variant: nil))
    case "variant":
      guard words.count >= 2, words[1].hasSuffix(":") else { continue }
      result.append(LayoutName(layout: String(words[1].dropLast()), variant: String(first)))
    default:
      continue
    }
  }
  return result
}()

struct LayoutName: CustomTestStringConvertible, Sendable {
  var layout: String
  var variant: String?
  var testDescription: String { variant.map { "\(layout)(\($0))" } ?? layout }
}

/// Key events: every key alone, then with Shift held, then with AltGr (right Alt) held.
private let recordedEvents: [KeyEvent] = {
  var events: [KeyEvent] = []
  var time = 0.0
  func add(_ code: Int, _ direction: KeyEvent.Direction) {
    time += 0.001
    events.append(KeyEvent(evdevCode: code, direction: direction, timestamp: time))
  }
  let keys = Array(1...247)
  for holding in [nil, 42, 100] as [Int?] {
    for key in keys where key != holding {
      if let holding { add(holding, .down) }
      add(key, .down)
      add(key, .up)
      if let holding { add(holding, .up) }
    }
  }
  return events
}()

/// What libxkbcommon itself says for each key-down: the keysym name and the UTF-8 text from
/// xkb_state_key_get_one_sym and xkb_state_key_get_utf8, read before the key's own update;
/// a special key that types nothing has its input string instead of the empty text.
private func reference(_ name: LayoutName) -> [String]? {
  guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else { return nil }
  defer { xkb_context_unref(context) }
  xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
  var names = xkb_rule_names()
  let keymap: OpaquePointer? = name.layout.withCString { layout in
    (name.variant ?? "").withCString { variant in
      names.layout = layout
      names.variant = name.variant == nil ? nil : variant
      return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }
  }
  guard let keymap else { return nil }
  defer { xkb_keymap_unref(keymap) }
  guard let state = xkb_state_new(keymap) else { return nil }
  defer { xkb_state_unref(state) }
  var lines: [String] = []
  var buffer = [CChar](repeating: 0, count: 256)
  for event in recordedEvents {
    let key = xkb_keycode_t(event.evdevCode + 8)
    if event.direction == .down {
      let sym = xkb_state_key_get_one_sym(state, key)
      let symName = text(&buffer) { xkb_keysym_get_name(sym, $0, $1) }
      var characters = text(&buffer) { xkb_state_key_get_utf8(state, key, $0, $1) }
      // A special key that types nothing reports UIKit's input string (decision 0004).
      if characters.isEmpty || characters == "\u{7F}",
        let name = KeyInput.specialKeyText(forKeysym: Keysym(rawValue: sym))
      {
        characters = name
      }
      lines.append("\(event.evdevCode) \(symName) \(characters.debugDescription)")
    }
    xkb_state_update_key(state, key, event.direction == .down ? XKB_KEY_DOWN : XKB_KEY_UP)
  }
  return lines
}

/// The string a C function writes into `buffer`.
private func text(
  _ buffer: inout [CChar], _ write: (UnsafeMutablePointer<CChar>, Int) -> Int32
) -> String {
  let length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, $0.count) }
  return String(
    decoding: buffer.prefix(Int(max(0, length))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private let recordingPath: String = {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "menukit-all-keys-\(getpid()).evemu")
  try? Data(EvemuRecording.text(for: recordedEvents).utf8).write(to: url)
  return url.path
}()

@MainActor
@Suite("menu-dump trace matches libxkbcommon on every installed layout")
struct TraceAllLayoutsTests {
  @Test("xkb-data lists layouts and variants")
  func layoutsAreListed() {
    #expect(installedLayouts.count > 100)
    #expect(installedLayouts.contains { $0.layout == "de" && $0.variant == "nodeadkeys" })
  }

  @Test(
    "keysym and characters of every key-down, alone, with Shift and with AltGr",
    arguments: installedLayouts)
  func matchesLibxkbcommon(name: LayoutName) throws {
    var arguments = ["trace", "--layout", name.layout, recordingPath]
    if let variant = name.variant { arguments += ["--variant", variant] }
    var output = BufferedOutput()
    let status = MenuDump.run(arguments: arguments, output: &output)
    guard let expected = reference(name) else {
      // xkb-data lists a few layouts it does not ship (such as 'custom', a placeholder for the
      // user's own file): the trace must fail as clearly as libxkbcommon does, as a usage
      // error (the layout named cannot be compiled).
      #expect(status == .usage)
      #expect(output.standardError.contains("Couldn't find file"))
      return
    }
    #expect(status == .success, "\(output.standardError)")
    let decoder = JSONDecoder()
    let traced = output.standardOutput.split(separator: "\n").compactMap { line in
      try? decoder.decode(Trace.Record.self, from: Data(line.utf8))
    }.filter { $0.phase == "began" }.map {
      "\($0.code) \($0.keysym) \($0.characters.debugDescription)"
    }
    #expect(traced.count == expected.count)
    let firstDifference = zip(traced, expected).first { $0 != $1 }
    #expect(
      firstDifference == nil,
      "first difference (trace, libxkbcommon): \(String(describing: firstDifference))")
  }
}
