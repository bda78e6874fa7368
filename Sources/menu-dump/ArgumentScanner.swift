import MenuKit
import MenuKitXKB

/// Reads a subcommand's arguments one at a time: `--name value`, `--name=value`, flags and
/// positional arguments, with the usage errors every subcommand words the same way.
struct ArgumentScanner {
  /// One argument: its option name (the part before `=`), the argument as given, and the
  /// value written after `=`, if any.
  struct Argument {
    var name: String
    var text: String
    var inlineValue: String?
  }

  private var remaining: ArraySlice<String>

  init(_ arguments: [String]) {
    remaining = arguments[...]
  }

  /// The next argument, or nil at the end.
  mutating func next() -> Argument? {
    guard let text = remaining.popFirst() else { return nil }
    if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
      return Argument(
        name: String(text[..<equals]), text: text,
        inlineValue: String(text[text.index(after: equals)...]))
    }
    return Argument(name: text, text: text, inlineValue: nil)
  }

  /// Every argument not read yet (after `--`).
  mutating func rest() -> [String] {
    defer { remaining = [] }
    return Array(remaining)
  }

  /// The value of an option: after `=`, or the next argument.
  mutating func value(of argument: Argument) throws(UsageError) -> String {
    if let inline = argument.inlineValue { return inline }
    guard let next = remaining.popFirst() else {
      throw UsageError(description: "option '\(argument.name)' needs a value")
    }
    return next
  }

  /// The value of an option that takes one of a fixed set of words, such as `--format`.
  mutating func choice<Choice: RawRepresentable<String> & CaseIterable>(
    _ kind: String, of argument: Argument
  ) throws(UsageError) -> Choice {
    let text = try value(of: argument)
    guard let choice = Choice(rawValue: text) else {
      throw UsageError(
        description: "unknown \(kind) '\(text)'; expected one of: "
          + Choice.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return choice
  }

  /// The usage error for an option this subcommand does not know.
  static func unknownOption(_ argument: Argument) -> UsageError {
    UsageError(description: "unknown option '\(argument.text)'")
  }

  /// Checks the XKB rule names of `--layout`, `--variant`, `--options`, `--model` and
  /// `--rules` with the rule every tool applies (``XKBKeymap/RuleNames/validate()``): names,
  /// never paths.
  static func checkRuleNames(_ names: XKBKeymap.RuleNames) throws(UsageError) {
    do throws(XKBRuleNameError) {
      try names.validate()
    } catch {
      throw UsageError(
        description: "bad --\(error.field.rawValue) "
          + "'\(XKBKeymap.RuleNames.quotable(error.value))': \(error.reason)")
    }
  }
}
