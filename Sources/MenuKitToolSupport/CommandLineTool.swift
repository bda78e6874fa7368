import MenuKit

/// The version of MenuKit's tools: what `menu-dump --version` and `keymap-lint --version`
/// print. There is one, so both tools always agree.
package let menuKitToolsVersion = "0.1.0"

/// A tool's subcommands and the requests every MenuKit tool understands before a subcommand
/// reads its own options: `--version`, `help`, `help SUBCOMMAND` (docs/tools/command-line.md).
///
/// ```swift
/// let tool = CommandLineTool(name: "menu-dump", subcommands: [
///   .init(name: "trace", summary: "replay a key recording", help: Trace.help),
/// ])
/// try tool.request(for: ["help", "trace"])       // .help(subcommand: "trace")
/// try tool.request(for: ["trace", "--layout=de"])  // .run(subcommand: "trace", …)
/// try tool.request(for: ["menu.json"])            // .run(subcommand: nil, …)
/// ```
package struct CommandLineTool: Sendable {
  /// A subcommand: its name, a line for the tool's help, and its own help.
  package struct Subcommand: Sendable {
    /// The word after the tool's name, such as `trace`.
    package var name: String
    /// What it does, in a few words, for the tool's `SUBCOMMANDS:` section.
    package var summary: String
    /// Its help text, as `TOOL SUBCOMMAND --help` and `TOOL help SUBCOMMAND` print it.
    package var help: String

    /// Creates a subcommand.
    ///
    /// - Parameters:
    ///   - name: The word after the tool's name.
    ///   - summary: What it does, in a few words.
    ///   - help: Its help text.
    package init(name: String, summary: String, help: String) {
      self.name = name
      self.summary = summary
      self.help = help
    }
  }

  /// What the arguments ask for.
  package enum Request: Equatable {
    /// Print the version (`--version`).
    case version
    /// Print the tool's help (`help`), or a subcommand's (`help SUBCOMMAND`).
    case help(subcommand: String?)
    /// Run a subcommand, or the tool's own command for nil, with the arguments after its name.
    case run(subcommand: String?, arguments: [String])
  }

  /// The tool's name, such as `menu-dump`.
  package var name: String
  /// Its subcommands, in the order its help lists them.
  package var subcommands: [Subcommand]

  /// Creates a tool.
  ///
  /// - Parameters:
  ///   - name: The tool's name.
  ///   - subcommands: Its subcommands.
  package init(name: String, subcommands: [Subcommand]) {
    self.name = name
    self.subcommands = subcommands
  }

  /// What the arguments (without the tool's name) ask for.
  ///
  /// `--version` is read as the first argument only; `help` is never a file's name.
  ///
  /// - Parameter arguments: The arguments.
  /// - Returns: The request.
  /// - Throws: A ``UsageError`` for `help` with an unknown subcommand or more than one word.
  package func request(for arguments: [String]) throws(UsageError) -> Request {
    guard let first = arguments.first else { return .run(subcommand: nil, arguments: []) }
    if first == "--version" {
      guard arguments.count == 1 else {
        throw UsageError("'--version' takes no other argument")
      }
      return .version
    }
    if first == "help" {
      guard arguments.count <= 2 else {
        throw UsageError("'help' takes one subcommand at most")
      }
      guard let topic = arguments.dropFirst().first else { return .help(subcommand: nil) }
      guard subcommands.contains(where: { $0.name == topic }) else {
        throw UsageError(
          "unknown subcommand '\(topic.escapingControlCharacters)'; expected one of: "
            + subcommands.map(\.name).joined(separator: ", "))
      }
      return .help(subcommand: topic)
    }
    if subcommands.contains(where: { $0.name == first }) {
      return .run(subcommand: first, arguments: Array(arguments.dropFirst()))
    }
    return .run(subcommand: nil, arguments: arguments)
  }

  /// The `SUBCOMMANDS:` section of the tool's help: each subcommand with its summary, then
  /// the `help` and `--version` lines.
  package var subcommandsSection: String {
    let rows =
      subcommands.map { ($0.name, $0.summary) } + [
        ("help [SUBCOMMAND]", "show the help of the tool or of a subcommand"),
        ("--version", "print the version (\(menuKitToolsVersion))"),
      ]
    let width = rows.map(\.0.count).max() ?? 0
    return "SUBCOMMANDS:\n"
      + rows.map { "  " + $0.0.padded(to: width + 2) + $0.1 }
      .joined(separator: "\n")
      + "\n  (see '\(name) help SUBCOMMAND' or '\(name) SUBCOMMAND --help')\n"
  }

  /// The line `--version` prints, such as `menu-dump 0.1.0`.
  package var versionLine: String { "\(name) \(menuKitToolsVersion)\n" }

  /// The message of a usage error: the command, the error, and where its help is.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - subcommand: The subcommand that read the arguments, or nil for the tool's own.
  /// - Returns: `menu-dump palette: option '--query' needs a value` and
  ///   `See 'menu-dump palette --help'.`, each on its own line.
  package func message(for error: UsageError, subcommand: String?) -> String {
    let command = subcommand.map { "\(name) \($0)" } ?? name
    return "\(command): \(error)\nSee '\(command) --help'.\n"
  }
}
