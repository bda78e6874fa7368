import Foundation
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

// MARK: - Fixtures

/// Runs a built tool with an environment; its exit status and standard output.
private func run(_ tool: URL, _ arguments: [String], environment: [String: String]) throws -> (
  status: Int32, output: String
) {
  let process = Process()
  process.executableURL = tool
  process.arguments = arguments
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Names that are not XKB names, each with the reason menu-dump gives.
private let badNames: [(name: String, reason: String)] = [
  ("../../etc/passwd", "'/' is not allowed; an XKB name is never a path"),
  ("..", "'..' is not allowed; an XKB name is never a path"),
  ("us\u{1B}[31m", "it contains the control character U+001B"),
  ("us\u{0}", "it contains the control character U+0000"),
  ("us;rm", "';' is not allowed"),
  (String(repeating: "a", count: 1025), "it is 1025 bytes long, and the limit is 1024 bytes"),
]

/// Every menu-dump command line that takes rule names, with `NAME` where the bad name goes.
private let commandLines: [[String]] = [
  ["--format", "html", "--layout", "NAME"],
  ["--format", "markdown", "--layout", "NAME"],
  ["--format", "markdown", "--layout", "us", "--variant", "NAME"],
  ["trace", "--layout", "NAME", "-"],
  ["trace", "--layout", "us", "--variant", "NAME", "-"],
  ["trace", "--layout", "us", "--options", "NAME", "-"],
  ["trace", "--layout", "us", "--model", "NAME", "-"],
  ["trace", "--layout", "us", "--rules", "NAME", "-"],
  ["explain", "Ctrl+S", "--layout", "NAME"],
  ["explain", "Ctrl+S", "--layout", "us", "--variant", "NAME"],
  ["explain", "Ctrl+S", "--layout", "us", "--options", "NAME"],
  ["palette", "--layout", "NAME"],
  ["palette", "--layout", "us", "--variant", "NAME"],
]

// MARK: - Tests

@MainActor
@Suite("XKB rule names on the command line")
struct XKBNamesTests {
  @Test(
    "every command refuses a rule name that is not a name with exit 64", arguments: commandLines)
  func refused(commandLine: [String]) {
    let option = commandLine[commandLine.firstIndex(of: "NAME")! - 1]
    for (name, reason) in badNames {
      var output = BufferedOutput()
      let arguments = commandLine.map { $0 == "NAME" ? name : $0 }
      let status = MenuDump.run(arguments: arguments, output: &output)
      #expect(status == .usage, "\(arguments)")
      #expect(output.standardError.contains("bad \(option) '"), "\(output.standardError)")
      #expect(output.standardError.contains(reason), "\(output.standardError)")
      #expect(!output.standardError.contains("\u{1B}"))
      #expect(output.standardOutput.isEmpty)
    }
  }

  @Test("every help that takes a layout says what names are and where layouts come from")
  func help() {
    for arguments in [
      ["--help"], ["trace", "--help"], ["explain", "--help"], ["palette", "--help"],
    ] {
      var output = BufferedOutput()
      #expect(MenuDump.run(arguments: arguments, output: &output) == .success)
      let text = output.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(text.contains("are names, never paths"), "\(arguments)")
      #expect(
        text.contains(
          "~/.xkb, $XDG_CONFIG_HOME/xkb, XKB_CONFIG_ROOT, XKB_CONFIG_EXTRA_PATH and "
            + "XKB_DEFAULT_* are ignored"), "\(arguments)")
    }
  }

  @Test("~/.xkb, XKB_CONFIG_ROOT, XKB_CONFIG_EXTRA_PATH and XKB_DEFAULT_* change no tool's layouts")
  func environmentIgnored() throws {
    let menuDump = try #require(builtTool("menu-dump"), "menu-dump is built next to the tests")
    let keymapLint = try #require(builtTool("keymap-lint"), "keymap-lint is built too")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "xkb-environment-\(UUID().uuidString)"
    ).path
    // A home whose ~/.xkb and ~/.config/xkb hold a 'us' layout that types 'z' on the A key,
    // and an empty system root.
    for folder in ["home/.xkb/symbols", "home/.config/xkb/symbols", "empty"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    let fake = #"default xkb_symbols "basic" { key <AC01> { [ z, Z ] }; };"# + "\n"
    try Data(fake.utf8).write(to: URL(fileURLWithPath: root + "/home/.xkb/symbols/us"))
    try Data(fake.utf8).write(to: URL(fileURLWithPath: root + "/home/.config/xkb/symbols/us"))
    let clean = ["PATH": "/usr/bin:/bin"]
    let hostile = clean.merging([
      "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/home/.config",
      "XKB_CONFIG_ROOT": root + "/empty", "XKB_CONFIG_EXTRA_PATH": root + "/empty",
      "XKB_DEFAULT_LAYOUT": "de", "XKB_DEFAULT_RULES": "nonexistent",
    ]) { $1 }
    let runs: [(URL, [String])] = [
      (menuDump, ["explain", "Ctrl+A", "--layout", "us"]),
      (menuDump, ["--format", "markdown", "--layout", "us"]),
      (keymapLint, ["how-to-type", "--layout", "us", "Ctrl+A"]),
    ]
    for (tool, arguments) in runs {
      let expected = try run(tool, arguments, environment: clean)
      #expect(expected.status == 0, "\(arguments)")
      let actual = try run(tool, arguments, environment: hostile)
      #expect(actual.status == expected.status, "\(arguments)")
      #expect(actual.output == expected.output, "\(arguments)")
    }
  }
}
