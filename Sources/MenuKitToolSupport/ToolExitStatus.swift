/// How a MenuKit tool ends: the four exit statuses of every subcommand of `menu-dump` and
/// `keymap-lint`, each with one meaning (docs/tools/command-line.md).
///
/// The values are those of `sysexits.h` where one applies. It is an error so that a setup step
/// can return `Result<_, ToolExitStatus>` after printing why it stopped.
package enum ToolExitStatus: Int32, Error, Sendable, CaseIterable {
  /// The output is complete and nothing is wrong.
  case success = 0
  /// The output is complete, but there are findings (validation or lint errors), or a check
  /// or an action failed.
  case failure = 1
  /// The command line is wrong: an unknown option, a bad value, an unknown layout (EX_USAGE).
  case usage = 64
  /// An input file is missing, unreadable, too large or cannot be parsed (EX_DATAERR).
  case dataError = 65

  /// The `EXIT STATUS:` section of a help text: one line per status, with what it means for
  /// this subcommand.
  ///
  /// - Parameters:
  ///   - success: What 0 means here.
  ///   - failure: What 1 means here, or nil when the subcommand never exits 1.
  /// - Returns: The section, ending with a line break.
  package static func helpSection(success: String, failure: String?) -> String {
    var rows = [("0", success)]
    if let failure { rows.append(("1", failure)) }
    rows.append(("64", "usage error: unknown option, bad value or unknown layout"))
    rows.append(("65", "bad input: a file is missing, unreadable or cannot be parsed"))
    return "EXIT STATUS:\n"
      + rows.map { "  " + $0.0.padded(to: 4) + $0.1 + "\n" }
      .joined()
  }
}

extension String {
  /// The text followed by spaces up to `width` characters, for the columns of a help text.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - count))
  }
}
