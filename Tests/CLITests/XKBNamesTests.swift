import Foundation
import Testing

@testable import menu_dump

// MARK: - Fixtures

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
}
