import MenuKit
import MenuKitXKB

/// The command line of `menu-dump`.
struct Options: Equatable {
  /// The output formats.
  enum Format: String, CaseIterable {
    case tree, json, markdown, html
  }

  /// The keyboard geometries of `--geometry`.
  enum Geometry: String, CaseIterable {
    case ansi, iso
  }

  var format = Format.tree
  var platform = PlatformProfile.linux
  var files: [String] = []
  var showHelp = false
  /// Print the discoverability overlay's key commands instead of the menu.
  var discoverability = false
  /// The chain file for `--discoverability`.
  var chain: String?
  /// The responder that replaces the chain's first responder.
  var firstResponder: String?
  /// Keymap files (`*.keymap.json`), layered over the menu's key commands as user keymaps.
  var keymapFiles: [String] = []
  /// The context stack the keymaps are resolved in (`--context`).
  var context: String?
  /// The XKB layout and variant of `--layout` and `--variant`, for `--format markdown|html`.
  var layout: String?
  var variant: String?
  /// The keyboard geometry of the HTML page; nil chooses by layout.
  var geometry: Geometry?

  /// One option of the table from which `--help` is generated.
  struct OptionHelp {
    var names: String
    var help: String
  }

  static let table: [OptionHelp] = [
    OptionHelp(
      names: "--format tree|json|markdown|html",
      help: "Output format: an aligned text tree (default), a menu file with labels (JSON), a "
        + "cheat sheet (Markdown), or a self-contained page with menus and keyboard (HTML)."),
    OptionHelp(
      names: "--layout L",
      help: "XKB layout, such as 'de', for the labels and keyboard of markdown and html "
        + "(html default: us)."),
    OptionHelp(names: "--variant V", help: "XKB variant of the layout, such as 'nodeadkeys'."),
    OptionHelp(
      names: "--geometry ansi|iso",
      help: "Keyboard shape of the html page (default: ansi for us, iso otherwise)."),
    OptionHelp(
      names: "--platform linux|mac|windows",
      help: "Platform profile for the standard menu and shortcut labels (default linux)."),
    OptionHelp(
      names: "--discoverability",
      help: "Print the key commands available from the first responder, as the overlay groups them."
    ),
    OptionHelp(
      names: "--chain CHAINFILE",
      help: "The responder chain for --discoverability and --format html (docs/chain-file.md)."),
    OptionHelp(
      names: "--first-responder ID",
      help: "Start at responder ID of the chain (with --discoverability or --format html)."),
    OptionHelp(
      names: "--context TEXT",
      help: "With keymap files: the contexts of the chain, root first ('Workspace > Editor')."),
    OptionHelp(names: "-h, --help", help: "Show this help."),
  ]

  static var help: String {
    let width = table.map(\.names.count).max() ?? 0
    let rows = table.map {
      "  " + $0.names + String(repeating: " ", count: width - $0.names.count + 2) + $0.help
    }
    return """
      USAGE: menu-dump [--format tree|json] [--platform linux|mac|windows] [FILE ...]
             menu-dump --format markdown|html [--layout L] [--variant V] [--geometry ansi|iso]
                       [--chain CHAINFILE] [--context C] [--platform P] [FILE|KEYMAPFILE ...]
             menu-dump --discoverability [--chain CHAINFILE] [--first-responder ID]
                       [--platform linux|mac|windows] [FILE ...]
             menu-dump trace --layout L [options] [RECORDING|-]   (see 'menu-dump trace --help')
             menu-dump palette [FILE ...] [--query Q] [--interactive]   (see 'menu-dump palette --help')
             menu-dump record --layout L [RECORDING|-]   (see 'menu-dump record --help')

      Prints the standard main menu of the platform profile, with every FILE (a MenuKit
      menu file, see docs/menu-files.md) applied to it in order, after validating it. Keymap
      files (*.keymap.json, docs/keymaps.md) are layered over the menu's key commands as user
      keymaps: the menu and --discoverability then show the keys that fire in --context.

      \(XKBContext.commandLineHelp)

      OPTIONS:
      \(rows.joined(separator: "\n"))

      EXIT STATUS:
        0   printed; no errors
        1   printed, but validation found errors (listed on standard error)
        64  the command line is wrong
        65  a file is malformed (each error on its own line: path:line:col: error[CODE]: …)

      """
  }

  /// Parses arguments (without the program name).
  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    /// The value of an option: after `=`, or the next argument.
    func value(for option: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw UsageError(description: "option '\(option)' needs a value")
      }
      return next
    }
    /// The value of an option that takes one of a fixed set of words.
    func choice<Choice: RawRepresentable<String> & CaseIterable>(
      _ kind: String, for option: String, inline: String?
    ) throws(UsageError) -> Choice {
      let text = try value(for: option, inline: inline)
      guard let choice = Choice(rawValue: text) else {
        throw UsageError(
          description: "unknown \(kind) '\(text)'; expected one of: "
            + Choice.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return choice
    }
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "-h", "--help":
        showHelp = true
      case "--format":
        format = try choice("format", for: name, inline: inlineValue)
      case "--platform":
        platform = try choice("platform", for: name, inline: inlineValue)
      case "--discoverability":
        discoverability = true
      case "--chain":
        chain = try value(for: name, inline: inlineValue)
      case "--first-responder":
        firstResponder = try value(for: name, inline: inlineValue)
      case "--context":
        context = try value(for: name, inline: inlineValue)
      case "--layout":
        layout = try value(for: name, inline: inlineValue)
      case "--variant":
        variant = try value(for: name, inline: inlineValue)
      case "--geometry":
        geometry = try choice("geometry", for: name, inline: inlineValue)
      case "--":
        files += remaining
        remaining = []
      default:
        if argument.hasPrefix("-"), argument != "-" {
          throw UsageError(description: "unknown option '\(argument)'")
        }
        if argument.hasSuffix(".keymap.json") {
          keymapFiles.append(argument)
        } else {
          files.append(argument)
        }
      }
    }
    if format == .tree || format == .json || discoverability,
      layout != nil || variant != nil || geometry != nil
    {
      throw UsageError(
        description: "'--layout', '--variant' and '--geometry' need '--format markdown' or "
          + "'--format html'")
    }
    try ArgumentScanner.checkRuleNames(XKBKeymap.RuleNames(layout: layout, variant: variant))
    if format == .markdown, geometry != nil {
      throw UsageError(description: "'--geometry' needs '--format html'")
    }
    if !discoverability, format != .html, chain != nil || firstResponder != nil {
      throw UsageError(
        description:
          "'--chain' and '--first-responder' need '--discoverability' or '--format html' "
          + "(or 'trace')")
    }
  }
}

/// A command-line error, printed before a pointer to `--help`.
struct UsageError: Error, CustomStringConvertible, Equatable {
  var description: String
}
