import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// A menu file that adds one command, and one with a syntax error on line 2.
private let menuFile = """
  { "schemaVersion": 1, "edits": [ { "insert": [
    { "command": "Outdent", "action": "outdent:", "shortcut": "Cmd+[" } ], "atEndOf": "edit" } ] }
  """
private let brokenMenuFile = "{ \"schemaVersion\": 1,\n  \"edits\": [ ] ]\n}"

/// The convention of docs/tools/command-line.md, as `menu-dump` follows it in every subcommand.
@MainActor
@Suite("menu-dump command-line convention")
struct CommandLineConventionTests {
  @Test("--opt=value and --opt value are the same: palette --query o --limit 3")
  func joinedAndSpacedValues() {
    let spaced = menuDump("palette", "--query", "o", "--limit", "3")
    #expect(spaced.status == .success)
    #expect(spaced.output.split(separator: "\n").count == 3)
    let joined = menuDump("palette", "--query=o", "--limit=3")
    #expect(joined.status == .success)
    #expect(joined.output == spaced.output)
    #expect(menuDump("--platform=mac").output == menuDump("--platform", "mac").output)
  }

  @Test("a value never swallows an option: palette --query --limit 3 is a usage error")
  func valueNeverSwallowsOption() {
    let result = menuDump("palette", "--query", "--limit", "3")
    #expect(result.status == .usage)
    #expect(
      result.errors
        == "menu-dump palette: option '--query' needs a value\nSee 'menu-dump palette --help'.\n")
    #expect(result.output == "")
  }

  @Test("-- ends the options: what follows is a file, even when it starts with '-'")
  func separatorEndsOptions() {
    let result = menuDump("--", "--no-such-file.json")
    #expect(result.status == .dataError)
    #expect(
      result.errors
        == "error[MK103]: cannot read the menu file '--no-such-file.json': no such file or "
        + "directory\n")
    #expect(menuDump("--no-such-file.json").status == .usage)
  }

  @Test("--version prints the one version of both tools")
  func version() {
    let result = menuDump("--version")
    #expect(result.status == .success)
    #expect(result.output == "menu-dump \(menuKitToolsVersion)\n")
    #expect(menuDump("--version", "x").status == .usage)
  }

  @Test("--help lists every subcommand, help and --version")
  func helpListsSubcommands() throws {
    let help = menuDump("--help")
    #expect(help.status == .success)
    let start = try #require(help.output.range(of: "SUBCOMMANDS:\n"))
    let end = try #require(
      help.output.range(of: "\n\n", range: start.upperBound..<help.output.endIndex))
    #expect(
      String(help.output[start.lowerBound..<end.lowerBound]) == """
        SUBCOMMANDS:
          trace              replay a key recording through a layout (and the dispatcher)
          explain            explain how keys resolve through menus and keymaps
          palette            search the commands as a command palette does
          record             replay a key recording into a "record keys" field
          keymap             check, edit, import and export keymap files
          help [SUBCOMMAND]  show the help of the tool or of a subcommand
          --version          print the version (\(menuKitToolsVersion))
          (see 'menu-dump help SUBCOMMAND' or 'menu-dump SUBCOMMAND --help')
        """)
  }

  @Test(
    "help SUBCOMMAND prints what SUBCOMMAND --help prints",
    arguments: ["trace", "explain", "palette", "record", "keymap"])
  func helpSubcommand(name: String) {
    let help = menuDump("help", name)
    #expect(help.status == .success)
    #expect(help.errors == "")
    #expect(help.output == menuDump(name, "--help").output)
    #expect(help.output.hasPrefix("USAGE: menu-dump \(name)"))
  }

  @Test("help is never read as a file; help with an unknown subcommand is a usage error")
  func helpIsNotAFile() {
    let help = menuDump("help")
    #expect(help.status == .success)
    #expect(help.errors == "")
    #expect(help.output == menuDump("--help").output)
    let unknown = menuDump("help", "nope")
    #expect(unknown.status == .usage)
    #expect(
      unknown.errors
        == "menu-dump: unknown subcommand 'nope'; expected one of: trace, explain, palette, "
        + "record, keymap\nSee 'menu-dump --help'.\n")
  }

  @Test("every output ends with one line break: the tree, JSON, Markdown, help")
  func finalNewline() {
    for arguments in [[], ["--format", "json"], ["--format", "markdown"], ["--help"]] {
      var output = BufferedOutput()
      #expect(MenuDump.run(arguments: arguments, output: &output) == .success)
      #expect(output.standardOutput.hasSuffix("\n"), "\(arguments)")
    }
    // The tree renderer ends without a line break; the tool adds one, and only one.
    let tree = menuDump()
    #expect(
      !TextMenuRenderer(platform: .linux).render(StandardMenus.mainMenu(for: .linux)).hasSuffix(
        "\n"))
    #expect(tree.output.hasSuffix("\n"))
    #expect(!tree.output.hasSuffix("\n\n"))
  }

  @Test("text is the human format's name everywhere; tree, table and json stay aliases")
  func formatNames() throws {
    #expect(menuDump("--format", "text").output == menuDump("--format", "tree").output)
    #expect(menuDump("--format=text").output == menuDump().output)
    let recording = try temporaryFile("keys.evemu", "# EVEMU 1.3\nE: 0.000100 0001 001e 1\n")
    let table = menuDump("trace", "--layout", "us", "--format", "table", recording)
    #expect(table.status == .success)
    #expect(menuDump("trace", "--layout", "us", "--format=text", recording).output == table.output)
    let jsonl = menuDump("trace", "--layout", "us", recording)
    #expect(
      menuDump("trace", "--layout", "us", "--format", "json", recording).output == jsonl.output)
  }

  @Test(
    "a missing file is 65 in every subcommand that reads one",
    arguments: [
      ["/nonexistent/menu.json"],
      ["/nonexistent/user.keymap.json"],
      ["trace", "--layout", "us", "/nonexistent/keys.evemu"],
      ["record", "--layout", "us", "/nonexistent/keys.evemu"],
      ["explain", "/nonexistent/user.keymap.json", "Ctrl+S"],
      ["explain", "/nonexistent/menu.json", "Ctrl+S"],
      ["palette", "/nonexistent/menu.json"],
      ["palette", "--lines", "/nonexistent/lines.txt", "--query", "x"],
      ["palette", "--chain", "/nonexistent/chain.json"],
      ["keymap", "check", "/nonexistent/user.keymap.json"],
      ["keymap", "import", "/nonexistent/keybindings.json"],
      ["keymap", "export", "/nonexistent/user.keymap.json", "--dialect", "zed"],
    ])
  func missingFile(arguments: [String]) {
    var output = BufferedOutput()
    #expect(MenuDump.run(arguments: arguments, output: &output) == .dataError)
    #expect(output.standardError.contains("error[MK103]"), "\(output.standardError)")
  }

  @Test(
    "an unknown option is 64 in every subcommand",
    arguments: [[], ["trace"], ["explain"], ["palette"], ["record"], ["keymap"]])
  func unknownOption(subcommand: [String]) {
    var output = BufferedOutput()
    #expect(MenuDump.run(arguments: subcommand + ["--bogus"], output: &output) == .usage)
    let command = (["menu-dump"] + subcommand).joined(separator: " ")
    #expect(
      output.standardError == "\(command): unknown option '--bogus'\nSee '\(command) --help'.\n")
  }

  @Test(
    "an unknown layout is 64 in every subcommand that takes one",
    arguments: [
      ["trace", "--layout", "no-such-layout", "/dev/null"],
      ["record", "--layout", "no-such-layout", "/dev/null"],
      ["explain", "--layout", "no-such-layout", "Ctrl+S"],
      ["palette", "--layout", "no-such-layout"],
      ["--format", "html", "--layout", "no-such-layout"],
    ])
  func unknownLayout(arguments: [String]) {
    var output = BufferedOutput()
    #expect(MenuDump.run(arguments: arguments, output: &output) == .usage)
    #expect(output.standardError.contains("no-such-layout"), "\(output.standardError)")
  }

  @Test("'-' reads a menu file from standard input, named <stdin> in diagnostics")
  func standardInputMenu() throws {
    let fromFile = menuDump(try temporaryFile("menu.json", menuFile))
    let piped = try menuDumpExecutable(["-"], standardInput: menuFile)
    #expect(piped.status == 0, "\(piped.errors)")
    #expect(piped.output == fromFile.output)
    let broken = try menuDumpExecutable(["-"], standardInput: brokenMenuFile)
    #expect(broken.status == 65)
    #expect(broken.errors.hasPrefix("<stdin>:2:16: error[MK101]"), "\(broken.errors)")
    #expect(broken.output == "")
  }

  @Test("'-' reads a keymap from standard input in keymap check and palette")
  func standardInputKeymap() throws {
    let keymap =
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "F1", "command": "x" } ] } ] }"#
    let check = try menuDumpExecutable(["keymap", "check", "-"], standardInput: keymap)
    #expect(check.status == 0, "\(check.errors)")
    #expect(check.output == "<stdin>: 1 binding\n")
    let lines = try menuDumpExecutable(
      ["palette", "--lines", "-", "--query", "b"], standardInput: "a\nb\nab\n")
    #expect(lines.output == "b\nab\n")
  }
}

/// `MenuKitToolSupport` on its own: the scanner, the requests and the output.
@Suite("MenuKitToolSupport")
struct ToolSupportTests {
  /// Scans arguments into `name=value` texts, `name` for flags, and the positionals.
  private func scan(_ arguments: [String]) throws(UsageError) -> [String] {
    var scanner = ArgumentScanner(arguments)
    var seen: [String] = []
    while let argument = scanner.next() {
      switch argument.name {
      case "--flag":
        try scanner.flag(argument)
        seen.append("--flag")
      case "--value": seen.append("--value=" + (try scanner.value(of: argument)))
      case "--list":
        seen.append("--list=" + (try scanner.list(of: argument)).joined(separator: "|"))
      default: seen.append(try scanner.positional(argument))
      }
    }
    return seen
  }

  @Test("options, values, lists, '-' and '--'")
  func scanning() throws {
    #expect(
      try scan([
        "a", "--value", "v", "--value=w=x", "-", "--flag", "--list", "us,de,", "--", "--flag",
      ])
        == ["a", "--value=v", "--value=w=x", "-", "--flag", "--list=us|de", "--flag"])
    #expect(try scan(["--value="]) == ["--value="])
    #expect(try scan(["--value=-x"]) == ["--value=-x"])
    #expect(try scan(["--value", "-"]) == ["--value=-"])
  }

  @Test(
    "mistakes",
    arguments: [
      (["--value"], "option '--value' needs a value"),
      (["--value", "--flag"], "option '--value' needs a value"),
      (["--value", "-x"], "option '--value' needs a value"),
      (["--value", "--", "x"], "option '--value' needs a value"),
      (["--flag=1"], "option '--flag' takes no value"),
      (["--list", ","], "option '--list' needs at least one item"),
      (["--bogus"], "unknown option '--bogus'"),
      (["-x"], "unknown option '-x'"),
      (["--bo\u{1B}gus"], "unknown option '--bo\\u{1B}gus'"),
    ])
  func mistakes(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try scan(arguments) }
  }

  @Test("requests: --version, help, help SUBCOMMAND, a subcommand, the tool's own command")
  func requests() throws {
    let tool = CommandLineTool(
      name: "t", subcommands: [.init(name: "sub", summary: "a subcommand", help: "SUB HELP\n")])
    #expect(try tool.request(for: []) == .run(subcommand: nil, arguments: []))
    #expect(try tool.request(for: ["--version"]) == .version)
    #expect(try tool.request(for: ["help"]) == .help(subcommand: nil))
    #expect(try tool.request(for: ["help", "sub"]) == .help(subcommand: "sub"))
    #expect(try tool.request(for: ["sub", "-x"]) == .run(subcommand: "sub", arguments: ["-x"]))
    #expect(
      try tool.request(for: ["file", "sub"]) == .run(subcommand: nil, arguments: ["file", "sub"]))
    #expect(throws: UsageError("unknown subcommand 'x'; expected one of: sub")) {
      try tool.request(for: ["help", "x"])
    }
    #expect(
      tool.message(for: UsageError("bad"), subcommand: "sub") == "t sub: bad\nSee 't sub --help'.\n"
    )
  }

  /// A sink that keeps every write apart.
  private struct WriteLog: OutputSink {
    var writes: [String] = []
    var errors: [String] = []
    mutating func write(_ text: String) { writes.append(text) }
    mutating func error(_ text: String) { errors.append(text) }
  }

  @Test("each stream written to ends with one line break, sent with the last text")
  func newlineTerminated() {
    var sink = NewlineTerminatedOutput(WriteLog())
    sink.write("a\n")
    sink.write("b")
    sink.write("")
    sink.error("e\n")
    let log = sink.finished()
    // No lone "\n" write: a reader that has what it wants may have closed the pipe.
    #expect(log.writes == ["a\n", "b\n"])
    #expect(log.errors == ["e\n"])
    #expect(NewlineTerminatedOutput(WriteLog()).finished().writes == [])
  }

  @Test("a choice accepts its aliases and lists only the shown names")
  func choices() throws {
    var scanner = ArgumentScanner(["--format", "tree"])
    let first = scanner.next()
    let argument = try #require(first)
    #expect(try scanner.choice("format", of: argument) == Options.Format.text)
    var bad = ArgumentScanner(["--format", "xml"])
    let firstBad = bad.next()
    let badArgument = try #require(firstBad)
    #expect(throws: UsageError("unknown format 'xml'; expected one of: text, json, markdown, html"))
    {
      _ = try bad.choice("format", of: badArgument) as Options.Format
    }
  }
}
