import MenuKit

/// A command-line mistake, in one sentence; the tool prints it with a pointer to `--help` and
/// exits with ``ToolExitStatus/usage``.
package struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, such as `option '--query' needs a value`.
  package var description: String

  /// Creates the error.
  ///
  /// - Parameter description: What is wrong.
  package init(_ description: String) {
    self.description = description
  }
}

/// A value of an option that takes one of a fixed set of words, such as `--format`.
///
/// The first of ``argumentNames`` is the one help and messages show; the others are aliases
/// that keep older spellings working (`--format human` for `--format text`).
package protocol ArgumentChoice: CaseIterable {
  /// The words that name this value on the command line, the shown one first.
  var argumentNames: [String] { get }
}

extension ArgumentChoice where Self: RawRepresentable<String> {
  /// The raw value, and no alias.
  package var argumentNames: [String] { [rawValue] }
}

/// Reads a subcommand's arguments one at a time, with the one convention of every MenuKit
/// tool (docs/tools/command-line.md):
///
/// - `--name value` and `--name=value` are the same;
/// - a value never looks like an option: `--query --limit 3` is the error
///   `option '--query' needs a value`, not the query `--limit` (write `--query=-x` for a value
///   that starts with `-`);
/// - `--` ends the options: every argument after it is positional;
/// - `-` alone is positional (standard input, where a file is read).
///
/// Each subcommand switches over the names:
///
/// ```swift
/// var scanner = ArgumentScanner(arguments)
/// while let argument = scanner.next() {
///   switch argument.name {
///   case "--query": query = try scanner.value(of: argument)
///   case "--interactive": try scanner.flag(argument); interactive = true
///   default: files.append(try scanner.positional(argument))
///   }
/// }
/// ```
package struct ArgumentScanner {
  /// One argument: an option with the value written after its `=`, or a positional argument.
  package struct Argument: Equatable {
    /// The option's name, the part before `=` (`--format`), or a positional argument's text.
    package var name: String
    /// The value written after `=`, if any.
    package var inlineValue: String?
    /// Whether it is an option: it starts with `-`, is not `-` alone, and comes before `--`.
    package var isOption: Bool
  }

  private var remaining: ArraySlice<String>
  private var afterSeparator = false

  /// Creates a scanner over a subcommand's arguments (without the tool and subcommand names).
  ///
  /// - Parameter arguments: The arguments.
  package init(_ arguments: [String]) {
    remaining = arguments[...]
  }

  /// The next argument, or nil at the end; `--` is read here and not returned.
  ///
  /// - Returns: The argument.
  package mutating func next() -> Argument? {
    guard let text = remaining.popFirst() else { return nil }
    if afterSeparator { return Argument(name: text, inlineValue: nil, isOption: false) }
    if text == "--" {
      afterSeparator = true
      return next()
    }
    guard Self.looksLikeOption(text) else {
      return Argument(name: text, inlineValue: nil, isOption: false)
    }
    if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
      return Argument(
        name: String(text[..<equals]), inlineValue: String(text[text.index(after: equals)...]),
        isOption: true)
    }
    return Argument(name: text, inlineValue: nil, isOption: true)
  }

  /// The value of an option: the text after `=`, or else the next argument, which must not
  /// look like an option.
  ///
  /// - Parameter argument: The option.
  /// - Returns: The value.
  /// - Throws: `option '--name' needs a value` when there is none.
  package mutating func value(of argument: Argument) throws(UsageError) -> String {
    if let inline = argument.inlineValue { return inline }
    guard !afterSeparator, let next = remaining.first, !Self.looksLikeOption(next) else {
      throw UsageError("option '\(argument.name)' needs a value")
    }
    remaining.removeFirst()
    return next
  }

  /// Checks that an option that takes no value was not given one with `=`.
  ///
  /// - Parameter argument: The option.
  /// - Throws: `option '--name' takes no value` for `--name=…`.
  package func flag(_ argument: Argument) throws(UsageError) {
    if argument.inlineValue != nil {
      throw UsageError("option '\(argument.name)' takes no value")
    }
  }

  /// The value of an option that takes one of a fixed set of words, aliases included.
  ///
  /// - Parameters:
  ///   - kind: What the value is, for the message: "format", "platform".
  ///   - argument: The option.
  /// - Returns: The value the word names.
  /// - Throws: `unknown format 'xml'; expected one of: text, json` for a word no value has.
  package mutating func choice<Choice: ArgumentChoice>(
    _ kind: String, of argument: Argument
  ) throws(UsageError) -> Choice {
    let text = try value(of: argument)
    guard let choice = Choice.allCases.first(where: { $0.argumentNames.contains(text) }) else {
      let names = Choice.allCases.compactMap(\.argumentNames.first)
      throw UsageError(
        "unknown \(kind) '\(text.escapingControlCharacters)'; expected one of: "
          + names.joined(separator: ", "))
    }
    return choice
  }

  /// The items of an option whose value is a comma-separated list (`--layout us,de`), in
  /// order; empty items are left out.
  ///
  /// - Parameter argument: The option.
  /// - Returns: The items, at least one.
  /// - Throws: `option '--layout' needs at least one item` for an empty list.
  package mutating func list(of argument: Argument) throws(UsageError) -> [String] {
    let items = try value(of: argument).split(separator: ",").map(String.init)
    guard !items.isEmpty else {
      throw UsageError("option '\(argument.name)' needs at least one item")
    }
    return items
  }

  /// A positional argument's text; an option here is one the subcommand does not know.
  ///
  /// - Parameter argument: The argument.
  /// - Returns: Its text.
  /// - Throws: `unknown option '--bogus'` for an option.
  package func positional(_ argument: Argument) throws(UsageError) -> String {
    guard argument.isOption else { return argument.name }
    throw UsageError("unknown option '\(argument.name.escapingControlCharacters)'")
  }

  /// Whether an argument is an option rather than a value: it starts with `-` and is more
  /// than `-` alone.
  private static func looksLikeOption(_ text: String) -> Bool {
    text.hasPrefix("-") && text != "-"
  }
}

extension PlatformProfile: ArgumentChoice {}
