import Foundation
import MenuKitTestSupport
import Testing

/// menu-serve reads its arguments as every MenuKit tool does (docs/tools/command-line.md): the same
/// mistakes get the same exit status and message shape as in menu-dump and keymap-lint.
struct MenuServeCommandLineTests {
  /// Runs the built menu-serve.
  static func serve(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String)
  {
    let tool = try #require(builtTool("menu-serve"), "menu-serve is not built")
    return try runTool(tool, arguments)
  }

  @Test("--version prints the tools' version")
  func version() throws {
    let result = try Self.serve(["--version"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("menu-serve "))
    #expect(result.output.hasSuffix("\n"))
  }

  @Test("help and --help print the same text, with the exit status section")
  func help() throws {
    let word = try Self.serve(["help"])
    let option = try Self.serve(["--help"])
    #expect(word.status == 0 && option.status == 0)
    #expect(word.output == option.output)
    #expect(option.output.contains("EXIT STATUS:\n"))
    #expect(option.output.contains("--version"))
  }

  @Test(
    "usage mistakes are exit 64 with the tool's message and a pointer to --help, on standard error",
    arguments: [
      (["--timeout"], "option '--timeout' needs a value"),
      (["--timeout", "--name", "x"], "option '--timeout' needs a value"),
      (["--timeout=soon"], "--timeout 'soon' is not a number of seconds"),
      (["--timeout=inf"], "--timeout 'inf' is not a number of seconds"),
      (["--platform=beos"], "unknown platform 'beos'; expected one of: linux, mac, windows"),
      (["--bogus"], "unknown option '--bogus'"),
      (["--help=yes"], "option '--help' takes no value"),
    ])
  func usage(arguments: [String], message: String) throws {
    let result = try Self.serve(arguments)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.errors == "menu-serve: \(message)\nSee 'menu-serve --help'.\n")
  }

  @Test("a missing menu file is exit 65, before the bus is touched")
  func missingFile() throws {
    let result = try Self.serve(["/nonexistent/menu.json", "--timeout", "1"])
    #expect(result.status == 65)
    #expect(result.errors.contains("/nonexistent/menu.json"))
  }
}
