import Foundation
import MenuKit
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// Runs `menu-dump explain` in-process.
@MainActor
private func explain(_ arguments: String...) -> (status: ToolExitStatus, out: String, err: String) {
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: ["explain"] + arguments, output: &output)
  return (status, output.standardOutput, output.standardError)
}

private func keymapFile(_ text: String) throws -> String {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "menukit-explain-\(UUID().uuidString).keymap.json")
  try Data(text.utf8).write(to: url)
  return url.path
}

private let keymap = """
  { "schemaVersion": 1, "keymap": [
    { "bindings": [
      { "keys": "Ctrl+K", "command": "deleteLine" },
      { "keys": "Ctrl+K Ctrl+S", "command": "saveAll" },
      { "keys": "Shift Shift", "command": "searchEverywhere" },
    ] },
    { "context": "Editor && mode == full", "bindings": [
      { "keys": "Ctrl+K Ctrl+S", "command": "editor.saveAll" },
    ] },
    { "context": "Terminal", "bindings": [ { "keys": "Ctrl+K Ctrl+S", "command": "terminal.save" } ] },
  ] }
  """

@Suite("menu-dump explain")
@MainActor
struct ExplainTests {
  @Test("explains a two-stroke sequence on Russian: Latin fallback, contexts, winner, losers")
  func russianSequence() throws {
    let path = try keymapFile(keymap)
    let result = explain(
      path, "--layout", "ru", "--context", "Workspace > Editor mode=full", "Ctrl+K", "Ctrl+S")
    #expect(result.status == .success, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("  read as: Ctrl+Л, Ctrl+K (Latin fallback)"))
    #expect(lines.contains("  outcome: pending (1 longer binding may follow)"))
    #expect(lines.contains("      context Editor && mode == full: [0] false [1] true"))
    #expect(lines.contains("      context Terminal: [0] false [1] false"))
    #expect(lines.last == "result: Ctrl+K Ctrl+S → editor.saveAll [user \(path):8:5]")
    let saveAll = lines.first { $0.contains("→ saveAll") && $0.contains("loses") }
    #expect(saveAll?.contains("a later binding at the same depth overrides it") == true)
    let terminal = lines.first { $0.contains("terminal.save") }
    #expect(terminal?.contains("its context holds nowhere on the chain") == true)
    // Deterministic: the same command gives the same text.
    let again = explain(
      path, "--layout", "ru", "--context", "Workspace > Editor mode=full", "Ctrl+K", "Ctrl+S")
    #expect(again.out == result.out)
  }

  @Test("outside the editor the plain binding wins; a stroke that continues nothing ends it")
  func otherContexts() throws {
    let path = try keymapFile(keymap)
    let root = explain(path, "--context", "Workspace", "Ctrl+K Ctrl+S")
    #expect(root.out.hasSuffix("result: Ctrl+K Ctrl+S → saveAll [user \(path):4:5]\n"))
    let broken = explain(path, "Ctrl+K", "Ctrl+Q")
    #expect(
      broken.out.contains("no binding begins with these keys")
        || broken.out.contains("outcome: nothing"))
  }

  @Test("a modifier-only sequence is typed as taps and explained")
  func modifierTaps() throws {
    let path = try keymapFile(keymap)
    let result = explain(path, "Shift Shift")
    #expect(result.out.hasSuffix("result: Shift Shift → searchEverywhere [user \(path):5:5]\n"))
  }

  @Test("--format json is versioned and lists candidates with their context values")
  func json() throws {
    let path = try keymapFile(keymap)
    let result = explain(
      path, "--format", "json", "--context", "Workspace > Editor mode=full", "Ctrl+K Ctrl+S")
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    #expect(object?["schemaVersion"] as? Int == 1)
    #expect(object?["outcome"] as? String == "matched")
    #expect((object?["winner"] as? [String: Any])?["command"] as? String == "editor.saveAll")
    let strokes = object?["strokes"] as? [[String: Any]]
    #expect(strokes?.count == 2)
    let candidates = strokes?.last?["candidates"] as? [[String: Any]]
    let terminal = candidates?.first {
      ($0["binding"] as? [String: Any])?["command"] as? String == "terminal.save"
    }
    #expect(terminal?["lossReason"] as? String == "contextDoesNotMatch")
    #expect(terminal?["contextValues"] as? [Bool] == [false, false])
  }

  @Test("bad keys and bad contexts are usage errors that say where")
  func usageErrors() {
    let keys = explain("Ctrl+Bogus")
    #expect(keys.status == .usage)
    #expect(keys.err.contains("Bogus"))
    let context = explain("--context", "Workspace > ", "Ctrl+S")
    #expect(context.status == .usage)
    #expect(context.err.contains("column"))
    #expect(explain().status == .usage)
  }

  @Test("a keymap with a bad entry still explains with the good ones, reporting the bad one")
  func partialKeymap() throws {
    let path = try keymapFile(
      """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Ctrl+Nope", "command": "broken" },
        { "keys": "Ctrl+J", "command": "join" },
      ] } ] }
      """)
    let result = explain(path, "Ctrl+J")
    #expect(result.status == .success)
    #expect(result.err.contains("\(path):2:"))
    #expect(result.out.hasSuffix("result: Ctrl+J → join [user \(path):3:3]\n"))
  }

  @Test("Ctrl+[ on de presses what types '[' (Ctrl+AltGr+8) and says where it is relocated")
  func germanBracket() throws {
    let path = try keymapFile(
      """
      { "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Ctrl+[", "command": "back" } ] } ] }
      """)
    let result = explain(path, "--layout", "de", "Ctrl+[")
    #expect(result.status == .success, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines[0] == "keys: Ctrl+[ on layout de")
    #expect(
      lines[1] == "Ctrl+[ is relocated to Ctrl+Ü on de (automatic localization): press Ctrl+Ü")
    // KEY_8 with Ctrl and AltGr: keysym bracketleft, the modifiers held are Ctrl only.
    #expect(lines.contains { $0.hasPrefix("stroke 1: evdev 9, keysym 0x005b,") })
    #expect(
      lines.contains { $0.hasPrefix("stroke 1:") && $0.hasSuffix("held Ctrl, effective Ctrl") })

    let json = explain(path, "--layout", "de", "--format", "json", "Ctrl+[")
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
    let stroke = (object?["strokes"] as? [[String: Any]])?.first
    #expect(stroke?["evdevCode"] as? Int == 9)
    #expect(stroke?["relocatedTo"] as? String == "Ctrl+Ü")
    #expect(stroke?["relocatedLabel"] as? String == "Ctrl+Ü")
    #expect(stroke?["layoutAction"] == nil)

    // On us nothing moves: no line.
    let us = explain(path, "Ctrl+[")
    #expect(!us.out.contains("relocated"))
  }

  @Test("getting-started's example: on de the text editor's Ctrl+[ fires on Ctrl+Ü, not Ctrl+[")
  func gettingStartedGerman() throws {
    let menu = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("keymaps/examples/text-editor.json").path
    let doc = try String(
      contentsOf: URL(fileURLWithPath: menu).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/guides/getting-started.md"), encoding: .utf8)
    let atBracket = explain(menu, "--layout", "de", "Ctrl+[")
    #expect(atBracket.status == .success, "\(atBracket.err)")
    let atU = explain(menu, "--layout", "de", "Ctrl+Ü")
    #expect(atU.status == .success, "\(atU.err)")
    // Every line the guide shows is a line of the output.
    let block = try #require(
      doc.components(separatedBy: "```console\n").dropFirst()
        .map { $0.components(separatedBy: "```")[0] }
        .first { $0.contains("explain keymaps/examples/text-editor.json --layout de") })
    let documented = block.split(separator: "\n").map(String.init)
    #expect(documented.filter { !$0.hasPrefix("$ ") && $0 != "…" }.count == 5)
    for line in documented where !line.hasPrefix("$ ") && line != "…" {
      #expect(
        atBracket.out.contains(line + "\n") || atU.out.contains(line + "\n"),
        "getting-started.md shows '\(line)'")
    }
    #expect(
      atBracket.out.hasSuffix("result: nothing — the presses are delivered as ordinary presses\n"))
    #expect(atU.out.hasSuffix("result: Ctrl+[ → unindentLines: [built-in]\n"))
  }

  @Test("Ctrl+Alt+F7 on us is pressed as typed, and the layout's VT switch is named")
  func virtualTerminalSwitch() throws {
    let path = try keymapFile(
      """
      { "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Ctrl+Alt+F7", "command": "vt" } ] } ] }
      """)
    let result = explain(path, "Ctrl+Alt+F7")
    #expect(result.status == .success, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(
      lines[1]
        == "Ctrl+Alt+F7 on us: the layout turns the press into XF86Switch_VT_7, which switches "
        + "to virtual terminal 7; no key command on Ctrl+Alt+F7 can fire")
    #expect(lines.contains { $0.hasPrefix("stroke 1: evdev 65, keysym 0x1008fe07,") })
    #expect(lines.last?.hasPrefix("result: nothing") == true)

    let json = explain(path, "--format", "json", "Ctrl+Alt+F7")
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
    let stroke = (object?["strokes"] as? [[String: Any]])?.first
    #expect(stroke?["layoutAction"] as? String == "XF86Switch_VT_7")
    #expect(stroke?["systemAction"] as? String == "switches to virtual terminal 7")
    #expect(stroke?["relocatedTo"] == nil)
  }

  @Test("a keypad key is typed with Num Lock, whose taps are not strokes")
  func keypad() throws {
    let path = try keymapFile(
      """
      { "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Ctrl+Keypad5", "command": "center" } ] } ] }
      """)
    let result = explain(path, "Ctrl+Keypad5")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("stroke ") }.count == 1, "\(result.out)")
    #expect(lines.contains { $0.hasPrefix("stroke 1: evdev 76, keysym 0xffb5,") })
    #expect(lines.last?.hasPrefix("result: Ctrl+Num 5 → center") == true, "\(result.out)")
  }

  @Test("a key no key types, nor US QWERTY, is a usage error")
  func untypable() {
    let result = explain("Ctrl+ф")
    #expect(result.status == .usage)
    #expect(
      result.err.contains("'Ctrl+Ф' cannot be typed on layout 'English (US)'"), "\(result.err)")
  }
}
