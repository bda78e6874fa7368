import MenuKit
import MenuKitToolSupport
import MenuKitXKB

/// The command line of `menu-dump`.
struct Options: Equatable {
  /// The output formats; `tree` is an alias of `text`, its name before the formats of both
  /// tools were named alike.
  enum Format: String, CaseIterable, ArgumentChoice {
    case text, json, markdown, html

    var argumentNames: [String] { self == .text ? ["text", "tree"] : [rawValue] }
  }

  /// The keyboard geometries of `--geometry`.
  enum Geometry: String, CaseIterable, ArgumentChoice {
    case ansi, iso
  }

  var format = Format.text
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
      names: "--format text|json|markdown|html",
      help:
        "Output format: an aligned text tree (default; 'tree' is an alias), a menu file with labels (JSON), a "
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
      help:
        "The responder chain for --discoverability and --format html (docs/formats/chain-file.md)."),
    OptionHelp(
      names: "--first-responder ID",
      help: "Start at responder ID of the chain (with --discoverability or --format html)."),
    OptionHelp(
      names: "--context TEXT",
      help: "With keymap files: the contexts of the chain, root first ('Workspace > Editor')."),
    OptionHelp(names: "-h, --help", help: "Show this help."),
    OptionHelp(names: "--version", help: "Print the version."),
  ]

  static var help: String {
    let width = table.map(\.names.count).max() ?? 0
    let rows = table.map {
      "  " + $0.names + String(repeating: " ", count: width - $0.names.count + 2) + $0.help
    }
    return """
      USAGE: menu-dump [--format text|json] [--platform linux|mac|windows] [FILE ...]
             menu-dump --format markdown|html [--layout L] [--variant V] [--geometry ansi|iso]
                       [--chain CHAINFILE] [--context C] [--platform P] [FILE|KEYMAPFILE ...]
             menu-dump --discoverability [--chain CHAINFILE] [--first-responder ID]
                       [--platform linux|mac|windows] [FILE ...]
             menu-dump SUBCOMMAND [OPTIONS] ...
             menu-dump help [SUBCOMMAND]
             menu-dump --version

      Prints the standard main menu of the platform profile, with every FILE (a MenuKit
      menu file, see docs/formats/menu-files.md; '-' reads standard input) applied to it in order,
      after validating it. Keymap files (MenuKit, VS Code, Zed or GTK, told by their contents;
      docs/formats/keymaps.md) are layered over the menu's key commands as user keymaps: the menu and --discoverability then show the keys
      that fire in --context.

      \(XKBContext.commandLineHelp)

      OPTIONS:
      \(rows.joined(separator: "\n"))

      \(MenuDump.tool.subcommandsSection)
      \(ToolExitStatus.helpSection(
        success: "printed; no errors",
        failure: "printed, but validation found errors (listed on standard error)"))
      Options take their value as '--name value' or '--name=value'; '--' ends the options.
      Errors are printed on standard error as path:line:col: error[CODE]: … (docs/tools/command-line.md).

      """
  }

  /// Parses arguments (without the program name).
  init(parsing arguments: [String]) throws(UsageError) {
    var scanner = ArgumentScanner(arguments)
    while let argument = scanner.next() {
      switch argument.name {
      case "-h", "--help":
        try scanner.flag(argument)
        showHelp = true
      case "--format": format = try scanner.choice("format", of: argument)
      case "--platform": platform = try scanner.choice("platform", of: argument)
      case "--discoverability":
        try scanner.flag(argument)
        discoverability = true
      case "--chain": chain = try scanner.value(of: argument)
      case "--first-responder": firstResponder = try scanner.value(of: argument)
      case "--context": context = try scanner.value(of: argument)
      case "--layout": layout = try scanner.value(of: argument)
      case "--variant": variant = try scanner.value(of: argument)
      case "--geometry": geometry = try scanner.choice("geometry", of: argument)
      default:
        let file = try scanner.positional(argument)
        if InputFile.isKeymapFile(file) {
          keymapFiles.append(file)
        } else {
          files.append(file)
        }
      }
    }
    if format == .text || format == .json || discoverability,
      layout != nil || variant != nil || geometry != nil
    {
      throw UsageError(
        "'--layout', '--variant' and '--geometry' need '--format markdown' or "
          + "'--format html'")
    }
    try ArgumentScanner.checkRuleNames(XKBKeymap.RuleNames(layout: layout, variant: variant))
    if format == .markdown, geometry != nil {
      throw UsageError("'--geometry' needs '--format html'")
    }
    if !discoverability, format != .html, chain != nil || firstResponder != nil {
      throw UsageError(

        "'--chain' and '--first-responder' need '--discoverability' or '--format html' "
          + "(or 'trace')")
    }
  }
}
