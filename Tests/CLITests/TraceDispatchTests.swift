import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitToolSupport
import MenuKitXKB
import Testing

@testable import menu_dump

/// The package's root directory.
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Apple's sample, ported as a menu file.
private let sampleMenu = packageRoot.appendingPathComponent(
  "keymaps/examples/apple-menus-and-shortcuts.json"
).path

/// A chain like the sample's: a table view, its view controller, the window, the application,
/// and the application delegate, which performs the sample's actions, except Copy as HTML's.
private let sampleChain = """
  { "schemaVersion": 1,
    "firstResponder": "tableView",
    "responders": [
      { "id": "tableView", "next": "viewController", "canBecomeFirstResponder": true,
        "performs": ["copy:"],
        "keyCommands": [ { "command": "Down", "action": "moveDown:", "shortcut": "Down" } ] },
      { "id": "viewController", "next": "window", "performs": ["moveDown:"] },
      { "id": "window", "kind": "window" },
      { "id": "application", "kind": "application", "delegate": "appDelegate" },
      { "id": "appDelegate",
        "performs": ["openAction:", "newAction:", "citiesMenuAction:", "townsMenuAction:",
                     "navigationMenuAction:", "fontStyleAction:", "toolsMenuAction:",
                     "renameAction:"] }
    ] }
  """

private let leftControl = 29
private let leftShift = 42
private let keyO = 24
private let keyA = 30
private let keyC = 46

/// Key presses as (code, down) pairs.
private typealias Keys = [(code: Int, direction: KeyEvent.Direction)]

private func chord(_ modifiers: [Int], _ code: Int) -> Keys {
  modifiers.map { ($0, .down) } + [(code, .down), (code, .up)]
    + modifiers.reversed().map { ($0, .up) }
}

/// One decoded line of the trace: the record, and its `dispatch` as raw JSON (to see nulls).
private struct Line {
  var record: Trace.Record
  var json: [String: Any]
  var dispatch: [String: Any] { json["dispatch"] as? [String: Any] ?? [:] }
}

/// Runs `menu-dump trace` in-process with dispatch on.
@MainActor
private func trace(_ keys: Keys, _ arguments: [String]) throws -> (
  status: ToolExitStatus, lines: [Line], errors: String
) {
  let events = keys.enumerated().map { index, key in
    KeyEvent(evdevCode: key.code, direction: key.direction, timestamp: Double(index) / 100)
  }
  let recording = try temporaryFile(EvemuRecording.text(for: events), name: "file.evemu")
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: ["trace"] + arguments + [recording], output: &output)
  let lines = try output.standardOutput.split(separator: "\n").map { text in
    let data = Data(text.utf8)
    return Line(
      record: try JSONDecoder().decode(Trace.Record.self, from: data),
      json: try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
  }
  return (status, lines, output.standardError)
}

@Suite("menu-dump trace with dispatch")
@MainActor
struct TraceDispatchTests {
  @Test("VS Code's default keymap: Ctrl+Shift+[ fires editor.fold on us, read both ways")
  func vscodeFold() throws {
    let keymap = packageRoot.appendingPathComponent(
      "Tests/MenuKitTests/Fixtures/corpus/vscode/linux.keybindings.json"
    ).path
    let keyLeftBrace = 26
    let result = try trace(
      chord([leftControl, leftShift], keyLeftBrace),
      [
        "--layout", "us", "--keymap", keymap, "--context", "editorTextFocus foldingEnabled",
      ])
    #expect(result.status == .success, "\(result.errors)")
    let press = try #require(
      result.lines.first { $0.record.code == keyLeftBrace && $0.record.phase == "began" })
    #expect(press.record.keysym == "braceleft")
    let dispatch = try #require(press.record.dispatch)
    #expect(dispatch.action == "editor.fold")
    #expect(dispatch.performedBy == "application")
    #expect(dispatch.keyBinding?.keys == "Cmd+Shift+[")
    #expect(dispatch.keyBinding?.source == "user")
    // Without the contexts the binding's when-clause does not hold: nothing fires.
    let outside = try trace(
      chord([leftControl, leftShift], keyLeftBrace), ["--layout", "us", "--keymap", keymap])
    let plain = try #require(
      outside.lines.first { $0.record.code == keyLeftBrace && $0.record.phase == "began" })
    #expect(plain.record.dispatch?.action != "editor.fold")
  }

  @Test(
    "Ctrl+O performs the delegate's Open on us, de (exact) and ru (fallback)",
    arguments: [("us", "exact"), ("de", "exact"), ("ru", "fallback")])
  func openOnLayouts(layout: String, kind: String) throws {
    let chain = try temporaryFile(sampleChain, name: "file.json")
    let result = try trace(
      chord([leftControl], keyO), ["--layout", layout, "--chain", chain, sampleMenu])
    #expect(result.status == .success, "\(result.errors)")
    #expect(result.errors == "")
    let press = try #require(
      result.lines.first { $0.record.code == keyO && $0.record.phase == "began" })
    let dispatch = try #require(press.record.dispatch)
    #expect(dispatch.performedBy == "appDelegate")
    #expect(dispatch.action == "openAction:")
    #expect(dispatch.match == kind)
    #expect(
      dispatch.keyCommand
        == DispatchRecord.KeyCommandRecord(title: "Open…", action: "openAction:", shortcut: "Cmd+O")
    )
    #expect(dispatch.deliveredTo == nil)
    #expect(dispatch.candidates.map(\.source) == ["mainMenu"])
    #expect(dispatch.candidates.first?.lost == nil)
    // The key going up is not delivered: its press performed a key command.
    let release = try #require(
      result.lines.first { $0.record.code == keyO && $0.record.phase == "ended" })
    #expect(release.record.dispatch?.deliveredTo == nil)
    // Version 1 is unchanged; "dispatch" is additive.
    #expect(result.lines.allSatisfy { $0.record.schemaVersion == 1 })
  }

  @Test("a press with no key command is delivered to the first responder, with nulls written")
  func delivered() throws {
    let chain = try temporaryFile(sampleChain, name: "file.json")
    let result = try trace(
      [(keyA, .down), (keyA, .up)], ["--layout", "us", "--chain", chain, sampleMenu])
    #expect(result.status == .success)
    let press = try #require(result.lines.first)
    #expect(press.record.dispatch?.keyCommand == nil)
    #expect(press.record.dispatch?.deliveredTo == "tableView")
    #expect(press.dispatch["keyCommand"] is NSNull)
    #expect(press.dispatch["match"] is NSNull)
    #expect(press.dispatch["performedBy"] is NSNull)
    #expect(press.dispatch["action"] is NSNull)
    #expect((press.dispatch["candidates"] as? [Any])?.isEmpty == true)
    #expect((press.dispatch["yieldedToTextInput"] as? [Any])?.isEmpty == true)
  }

  @Test("a command nobody performs is a disabled candidate")
  func disabledCandidate() throws {
    let chain = try temporaryFile(sampleChain, name: "file.json")
    let result = try trace(
      chord([leftControl, leftShift], keyC), ["--layout", "us", "--chain", chain, sampleMenu])
    let press = try #require(
      result.lines.first { $0.record.code == keyC && $0.record.phase == "began" })
    let dispatch = try #require(press.record.dispatch)
    #expect(dispatch.keyCommand == nil)
    #expect(dispatch.deliveredTo == "tableView")
    #expect(
      dispatch.candidates == [
        DispatchRecord.CandidateRecord(
          title: "Copy as HTML", action: "copyHTMLAction:", shortcut: "Cmd+Shift+C",
          source: "mainMenu", lost: "disabled")
      ])
    let candidate = try #require((press.dispatch["candidates"] as? [[String: Any]])?.first)
    #expect(candidate["lost"] as? String == "disabled")
  }

  @Test("without --chain, the default chain performs every action of the menu")
  func defaultChain() throws {
    let result = try trace(chord([leftControl], keyO), ["--layout", "us", sampleMenu])
    #expect(result.status == .success, "\(result.errors)")
    let press = try #require(
      result.lines.first { $0.record.code == keyO && $0.record.phase == "began" })
    #expect(press.record.dispatch?.performedBy == "application")
    #expect(press.record.dispatch?.action == "openAction:")
    let first = try #require(result.lines.first)
    #expect(first.record.dispatch?.deliveredTo == "firstResponder")
  }

  @Test("--first-responder moves the start of the chain")
  func firstResponderOption() throws {
    let chain = try temporaryFile(sampleChain, name: "file.json")
    let result = try trace(
      [(keyA, .down)],
      ["--layout", "us", "--chain", chain, "--first-responder", "window", sampleMenu])
    #expect(result.lines.first?.record.dispatch?.deliveredTo == "window")
  }

  @Test("without a menu or chain, lines have no dispatch")
  func noDispatch() throws {
    let result = try trace([(keyA, .down)], ["--layout", "us"])
    #expect(result.lines.first?.json["dispatch"] == nil)
  }

  @Test("a chain file naming an unknown responder exits 65 with MK401 at its position")
  func unknownResponder() throws {
    let chain = try temporaryFile(
      """
      { "schemaVersion": 1, "firstResponder": "view",
        "responders": [ { "id": "view", "next": "windw", "canBecomeFirstResponder": true },
                        { "id": "window", "kind": "window" } ] }
      """, name: "file.json")
    let result = try trace([(keyA, .down)], ["--layout", "us", "--chain", chain, sampleMenu])
    #expect(result.status == .dataError)
    #expect(result.lines.isEmpty)
    #expect(
      result.errors
        == "\(chain):2:43: error[MK401]: unknown responder 'windw' for 'next'; did you mean "
        + "'window'?\n")
  }

  @Test("a looping chain is a warning, and the trace still runs")
  func loopingChain() throws {
    let chain = try temporaryFile(
      """
      { "schemaVersion": 1, "firstResponder": "a",
        "responders": [ { "id": "a", "next": "b", "canBecomeFirstResponder": true },
                        { "id": "b", "next": "a" } ] }
      """, name: "file.json")
    let result = try trace(
      chord([leftControl], keyO), ["--layout", "us", "--chain", chain, sampleMenu])
    #expect(result.status == .success)
    #expect(result.errors.hasPrefix("\(chain):3:40: warning[MK402]: the responder chain loops"))
    #expect(result.lines.count == 4)
    #expect(result.lines.first?.record.dispatch?.deliveredTo == "a")
  }

  @Test("chain file problems are reported with menu-file codes")
  func chainFileProblems() {
    let result = ChainFile.parse(
      """
      { "schemaVersion": 1,
        "responders": [ { "id": "a", "kind": "view", "nxt": "b",
                          "keyCommands": [ { "command": "X", "action": "x:" } ] },
                        { "id": "a" } ] }
      """, path: "c.json")
    #expect(result.file == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "c.json:2:40: error[MK113]: invalid value 'view' for 'kind' in a responder; expected one "
          + "of 'responder', 'window', 'application'",
        "c.json:2:48: error[MK110]: unknown field 'nxt' in a responder; did you mean 'next'?",
        "c.json:3:38: error[MK113]: expected a key command (a 'command' with a 'shortcut') in "
          + "'keyCommands'",
        "c.json:4:19: error[MK403]: duplicate responder 'a' (first defined at 2:19)",
      ])
  }

  @Test("--discoverability lists the responders' key commands, then the menus'")
  func discoverability() throws {
    let menu = try temporaryFile(
      """
      { "schemaVersion": 1,
        "menu": { "menu": "", "children": [
          { "menu": "File", "id": "file", "children": [
            { "command": "Open…", "action": "openAction:", "shortcut": "Cmd+O" },
            { "command": "Copy as HTML", "action": "copyHTMLAction:", "shortcut": "Cmd+Shift+C" }
          ] } ] } }
      """, name: "file.json")
    let chain = try temporaryFile(sampleChain, name: "file.json")
    var output = BufferedOutput()
    let status = MenuDump.run(
      arguments: ["--discoverability", "--chain", chain, menu], output: &output)
    #expect(status == .success, "\(output.standardError)")
    #expect(
      output.standardOutput == """
        tableView
          Down   Down

        File
          Open…          Ctrl+O
          Copy as HTML   Ctrl+Shift+C (disabled)

        """)
  }

  @Test("--discoverability without a chain: every command enabled, on the mac profile")
  func discoverabilityDefault() throws {
    var output = BufferedOutput()
    let status = MenuDump.run(
      arguments: ["--discoverability", "--platform", "mac", sampleMenu], output: &output)
    #expect(status == .success, "\(output.standardError)")
    #expect(output.standardOutput.contains("  Open…"))
    #expect(output.standardOutput.contains("⌘O"))
    #expect(!output.standardOutput.contains("(disabled)"))
  }

  @Test("--chain without --discoverability is a usage error")
  func chainNeedsDiscoverability() {
    var output = BufferedOutput()
    #expect(MenuDump.run(arguments: ["--chain", "x.json"], output: &output) == .usage)
  }
}
