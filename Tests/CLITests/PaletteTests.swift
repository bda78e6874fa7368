import Foundation
import MenuKit
import MenuKitPalette
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// Runs `menu-dump palette` in-process, on the main actor as the tool runs (it validates the
/// menu through a responder chain).
@MainActor
private func palette(_ arguments: String...) -> (
  status: ToolExitStatus, output: String, errors: String
) {
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: ["palette"] + arguments, output: &output)
  return (status, output.standardOutput, output.standardError)
}

@Suite("menu-dump palette")
@MainActor
struct PaletteCommandTests {
  @Test("--query prints aligned results best first: title, shortcut, path")
  func text() {
    let result = palette("--query", "sa", "--limit", "3")
    #expect(result.status == .success, "\(result.errors)")
    #expect(
      result.output == """
        Save As…    Ctrl+Shift+S  File
        Select All  Ctrl+A        Edit
        Save        Ctrl+S        File

        """)
  }

  @Test("the platform profile decides the shortcut labels")
  func platform() {
    let result = palette("--query", "open", "--platform", "mac", "--limit", "1")
    #expect(result.output == "Open…  ⌘O  File\n")
  }

  @Test("--format json: schema version, identifiers, paths, highlights as scalar offsets")
  func json() throws {
    let result = palette("--query", "recent clear", "--format", "json")
    #expect(result.status == .success)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == 1)
    #expect(object["query"] as? String == "recent clear")
    let matches = try #require(object["matches"] as? [[String: Any]])
    let first = try #require(matches.first)
    #expect(first["identifier"] as? String == "clearRecentDocuments:")
    #expect(first["title"] as? String == "Clear List")
    #expect(first["path"] as? [String] == ["File", "Open Recent"])
    #expect(first["enabled"] as? Bool == true)
    #expect(first["source"] as? String == "menu")
    let highlights = try #require(first["highlights"] as? [[String: Any]])
    #expect(highlights.map { $0["field"] as? String } == ["title", "path"])
    #expect(highlights.first?["ranges"] as? [[Int]] == [[0, 5]])
    #expect(highlights.last?["ranges"] as? [[Int]] == [[12, 18]])
  }

  @Test("--layout labels shortcuts as typed on the layout: Ctrl+[ is Ctrl+Ü on de")
  func layout() throws {
    let path = try temporaryFile(
      """
      { "schemaVersion": 1, "edits": [ { "insert": [
        { "command": "Outdent", "action": "outdent:", "shortcut": "Cmd+[" } ],
        "atEndOf": "edit" } ] }
      """)
    #expect(palette(path, "--query", "outdent").output == "Outdent  Ctrl+[  Edit\n")
    let german = palette(path, "--query", "outdent", "--layout", "de")
    #expect(german.output == "Outdent  Ctrl+Ü  Edit\n", "\(german.errors)")
    // A layout the system's XKB data cannot compile is a bad value: a usage error.
    let unknown = palette("--layout", "no-such-layout")
    #expect(unknown.status == .usage)
    #expect(unknown.errors.hasPrefix("menu-dump palette: error: "))
  }

  @Test("the JSON example of docs/tools/menu-dump-palette.md is what the tool prints")
  func documentedJSON() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")
    let text = try String(
      contentsOf: docs.appendingPathComponent("tools/menu-dump-palette.md"), encoding: .utf8)
    let output = palette("--query", "recent clear", "--format", "json").output
    #expect(text.contains("```json\n" + output + "```"))
  }

  @Test("menu files add commands, with aliases and keywords the palette matches")
  func menuFile() throws {
    let path = try temporaryFile(
      """
      { "schemaVersion": 1, "edits": [ { "insert": [
        { "command": "Find in Files", "action": "findInFiles:", "aliases": ["rg"],
          "keywords": ["grep", "search"] },
        { "command": "Reindex", "action": "reindex:", "attributes": ["disabled"] } ],
        "atEndOf": "edit" } ] }
      """)
    #expect(palette(path, "--query", "rg", "--limit", "1").output == "Find in Files  Edit\n")
    #expect(palette(path, "--query", "grep", "--limit", "1").output.hasPrefix("Find in Files"))
    let reindex = palette(path, "--query", "rein")
    #expect(reindex.output == "Reindex  Edit  (disabled)\n")
    #expect(palette(path, "--query", "rg", "--limit", "1").errors.isEmpty)
  }

  @Test("a chain file decides which commands are enabled; disabled ones come last")
  func chain() throws {
    let chain = try temporaryFile(
      """
      { "schemaVersion": 1, "firstResponder": "text",
        "responders": [
          { "id": "text", "canBecomeFirstResponder": true, "performs": ["copy:", "cut:"] },
          { "id": "window", "kind": "window" },
          { "id": "application", "kind": "application" } ] }
      """)
    let result = palette("--chain", chain, "--query", "c")
    #expect(result.status == .success, "\(result.errors)")
    let lines = result.output.split(separator: "\n")
    let enabled = lines.prefix { !$0.hasSuffix("(disabled)") }
    #expect(Set(enabled.map { String($0.prefix(4)) }) == ["Copy", "Cut "])
    #expect(lines.dropFirst(enabled.count).allSatisfy { $0.hasSuffix("(disabled)") })
  }

  @Test("--history ranks recently used commands first; a malformed history is exit 65")
  func history() throws {
    let path = try temporaryFile(
      #"{ "schemaVersion": 1, "commands": [ { "id": "saveDocument:", "uses": 3 } ] }"#)
    #expect(palette("--history", path, "--query", "sa", "--limit", "1").output.hasPrefix("Save "))
    #expect(palette("--history", path, "--limit", "1").output.hasPrefix("Save "))
    let bad = try temporaryFile(#"{ "schemaVersion": 1, "commands": [ { "id": "save:" } ] }"#)
    let result = palette("--history", bad)
    #expect(result.status == .dataError)
    #expect(result.errors == "\(bad):1:37: missing 'uses' (expected a positive whole number)\n")
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none.json").path
    #expect(palette("--history", missing, "--limit", "1").status == .success)
  }

  @Test("--lines ranks plain lines like fzf --filter; no match is exit 1")
  func lines() throws {
    let path = try temporaryFile(
      "src/palette/index.swift\nREADME.md\ndocs/palette.md\npalette\nxpalettex\n", name: "file.txt")
    let result = palette("--lines", path, "--query", "palette")
    #expect(result.status == .success)
    #expect(
      result.output == "palette\ndocs/palette.md\nsrc/palette/index.swift\nxpalettex\n")
    #expect(
      palette("--lines", path, "-q", "palette", "--limit", "2").output
        == "palette\ndocs/palette.md\n")
    let none = palette("--lines", path, "--query", "zzz")
    #expect(none.status == .failure)
    #expect(none.output.isEmpty)
    let unreadable = palette("--lines", "/nonexistent/lines.txt", "--query", "a")
    #expect(unreadable.status == .dataError)
    #expect(
      unreadable.errors.hasPrefix(
        "error[MK103]: cannot read the lines file '/nonexistent/lines.txt': no such file"))
  }

  @Test(
    "usage errors",
    arguments: [
      (["--lines", "a", "--interactive"], "'--lines' and '--interactive' cannot be combined"),
      (["--limit=-1"], "invalid limit '-1'; expected a whole number, 0 or more"),
      // A value never looks like an option: '-1' after '--limit' is not its value.
      (["--limit", "-1"], "option '--limit' needs a value"),
      (["--query", "--limit", "3"], "option '--query' needs a value"),
      (["--interactive=yes"], "option '--interactive' takes no value"),
      (["--format", "xml"], "unknown format 'xml'; expected one of: text, json"),
      (["--bogus"], "unknown option '--bogus'"),
      (["--query"], "option '--query' needs a value"),
      (
        ["--interactive", "--query", "x"],
        "'--interactive' reads the query from the keyboard; drop '--query', '--limit' and '--format'"
      ),
      (
        ["--lines", "-", "--format", "json"],
        "'--lines' prints the lines themselves; drop '--format'"
      ),
      (["--variant", "nodeadkeys"], "'--variant' needs '--layout'"),
      (
        ["--history", "h.json/"],
        "bad --history 'h.json/': the path ends with '/', which names a directory; give the "
          + "file's path without it"
      ),
      (
        ["--layout", "../../etc/passwd"],
        "bad --layout '../../etc/passwd': '/' is not allowed; an XKB name is never a path"
      ),
    ])
  func usage(arguments: [String], message: String) {
    var output = BufferedOutput()
    let status = MenuDump.run(arguments: ["palette"] + arguments, output: &output)
    #expect(status == .usage)
    #expect(
      output.standardError == "menu-dump palette: \(message)\nSee 'menu-dump palette --help'.\n")
  }

  @Test("--help describes every option")
  func help() {
    let result = palette("--help")
    #expect(result.status == .success)
    for option in [
      "--query", "--limit", "--format", "--interactive", "--lines", "--history",
      "--chain", "--platform",
    ] {
      #expect(result.output.contains(option), "\(option)")
    }
  }
}

@MainActor
@Suite("Interactive palette screen")
struct PaletteScreenTests {
  private func screen() -> PaletteScreen {
    let index = PaletteIndex(menu: StandardMenus.mainMenu(for: .linux), platform: .linux)
    return PaletteScreen(index: index, history: PaletteHistory())
  }

  /// The screen's lines without escape sequences.
  private func plain(_ screen: PaletteScreen, width: Int = 80, height: Int = 24) -> [String] {
    let text = screen.render(width: width, height: height, color: false)
    var lines: [String] = []
    for line in text.components(separatedBy: "\r\n") {
      var cleaned = line.replacingOccurrences(of: "\u{1B}[H", with: "")
      cleaned = cleaned.replacingOccurrences(of: "\u{1B}[K", with: "")
      if let end = cleaned.range(of: "\u{1B}[J") { cleaned = String(cleaned[..<end.lowerBound]) }
      lines.append(cleaned)
    }
    return lines
  }

  @Test("80×24: the prompt, the count, and 22 results that fit the width")
  func layout() {
    let lines = plain(screen())
    #expect(lines.count == 24)
    #expect(lines[0] == "> ")
    #expect(lines[1] == "  36/36")
    #expect(lines[2].hasPrefix("> New  File"))
    #expect(lines[2].hasSuffix(" Ctrl+N"))
    #expect(lines[2].count == 79)
    #expect(lines.allSatisfy { $0.count <= 79 })
  }

  @Test("typing filters, arrows move, Enter chooses")
  func keys() {
    var screen = screen()
    var typed = Array("sa".utf8)
    for key in TerminalKey.decode(&typed, flush: true) {
      screen.handle(key, rows: 22)
    }
    #expect(screen.query == "sa")
    #expect(screen.matches.first?.entry.title == "Save As…")
    screen.handle(.down, rows: 22)
    screen.handle(.down, rows: 22)
    screen.handle(.up, rows: 22)
    #expect(plain(screen)[3].hasPrefix("> Select All"))
    screen.handle(.enter, rows: 22)
    #expect(screen.outcome == .chosen(screen.matches[1].entry))
  }

  @Test("Enter on a disabled command says it is disabled and chooses nothing")
  func disabled() {
    let menu = Menu(children: [
      .command(Command(title: "Paste", action: "paste:", attributes: .disabled)),
      .command(Command(title: "Copy", action: "copy:")),
    ])
    var screen = PaletteScreen(
      index: PaletteIndex(menu: menu, platform: .linux), history: PaletteHistory())
    screen.handle(.down, rows: 22)
    #expect(screen.matches[1].entry.title == "Paste")
    screen.handle(.enter, rows: 22)
    #expect(screen.outcome == nil)
    #expect(plain(screen)[1] == "  2/2  Paste is disabled")
    screen.handle(.up, rows: 22)
    #expect(plain(screen)[1] == "  2/2")
    screen.handle(.enter, rows: 22)
    #expect(screen.outcome == .chosen(screen.matches[0].entry))
  }

  @Test("Backspace, Ctrl-U and Ctrl-W edit the query; Escape cancels")
  func editing() {
    var screen = screen()
    screen.handle(.text("find next"), rows: 22)
    screen.handle(.backspace, rows: 22)
    #expect(screen.query == "find nex")
    screen.handle(.deleteWord, rows: 22)
    #expect(screen.query == "find ")
    screen.handle(.clearQuery, rows: 22)
    #expect(screen.query.isEmpty)
    screen.handle(.cancel, rows: 22)
    #expect(screen.outcome == .cancelled)
  }

  @Test("the selection scrolls the list on a small screen")
  func scrolling() {
    var screen = screen()
    for _ in 0..<10 { screen.handle(.down, rows: 3) }
    let lines = plain(screen, width: 40, height: 5)
    #expect(lines.count == 5)
    #expect(lines[2].hasPrefix("  Close"))
    #expect(lines[4].hasPrefix("> Undo"))
  }

  @Test(
    "terminal input decodes to keys",
    arguments: [
      ([0x61, 0xC3, 0xA9], [TerminalKey.text("aé")]),
      ([0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x42], [.up, .down]),
      ([0x1B, 0x5B, 0x35, 0x7E, 0x1B, 0x5B, 0x36, 0x7E], [.pageUp, .pageDown]),
      ([0x0D], [.enter]),
      ([0x7F, 0x08], [.backspace, .backspace]),
      ([0x03], [.cancel]),
      ([0x1B], [.cancel]),
      ([0x10, 0x0E, 0x15, 0x17, 0x04], [.up, .down, .clearQuery, .deleteWord, .endOfInput]),
    ] as [([UInt8], [TerminalKey])])
  func decode(bytes: [UInt8], keys: [TerminalKey]) {
    var buffer = bytes
    #expect(TerminalKey.decode(&buffer, flush: true) == keys)
    #expect(buffer.isEmpty)
  }

  @Test("an incomplete escape sequence or UTF-8 character waits for more input")
  func incomplete() {
    var buffer: [UInt8] = [0x61, 0x1B, 0x5B]
    #expect(TerminalKey.decode(&buffer, flush: false) == [.text("a")])
    #expect(buffer == [0x1B, 0x5B])
    buffer += [0x42]
    #expect(TerminalKey.decode(&buffer, flush: false) == [.down])
    buffer = [0xC3]
    #expect(TerminalKey.decode(&buffer, flush: false).isEmpty)
    #expect(buffer == [0xC3])
  }
}
