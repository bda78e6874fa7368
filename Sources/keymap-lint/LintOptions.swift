import MenuKit
import MenuKitLint
import MenuKitToolSupport

/// The options of a lint run.
struct LintOptions {
  /// The report formats; `human` is an alias of `text`, its name before the formats of both
  /// tools were named alike.
  enum Format: String, CaseIterable, ArgumentChoice {
    case text, json, sarif, github

    var argumentNames: [String] { self == .text ? ["text", "human"] : [rawValue] }

    /// The formatter's format.
    var reportFormat: LintReportFormatter.Format {
      switch self {
      case .text: .human
      case .json: .json
      case .sarif: .sarif
      case .github: .github
      }
    }
  }

  var files: [String] = []
  /// `--base FILE`: keymaps the files under check are layered over; only findings that
  /// involve the checked files are reported.
  var baseFiles: [String] = []
  /// `--baseline SARIF`: an earlier run's log; only findings it does not have are reported.
  var baseline: String?
  var format = Format.text
  var layouts: [LayoutName] = []
  var allLayouts = false
  /// `--no-cache`: answer every layout anew, neither reading nor writing the layout cache.
  var usesCache = true
  var platform: PlatformProfile = .linux
  var desktop: Desktop?
  var inputFormat: LintInputFormat?
  var warningsAreErrors = false
  var showsNotes = true
  var assumesExclusiveKinds = true
  var showsHelp = false

  /// Parses the arguments after the tool's name.
  init(parsing arguments: [String]) throws(UsageError) {
    var scanner = ArgumentScanner(arguments)
    while let argument = scanner.next() {
      switch argument.name {
      case "-h", "--help":
        try scanner.flag(argument)
        showsHelp = true
      case "--format": format = try scanner.choice("format", of: argument)
      // `--layouts` is the name the option had before every tool called it `--layout`.
      case "--layout", "--layouts":
        layouts += try Self.layoutNames(try scanner.list(of: argument))
      case "--all-layouts":
        try scanner.flag(argument)
        allLayouts = true
      case "--no-cache":
        try scanner.flag(argument)
        usesCache = false
      case "--platform": platform = try scanner.choice("platform", of: argument)
      case "--desktop": desktop = try scanner.choice("desktop", of: argument)
      case "--input-format": inputFormat = try scanner.choice("input format", of: argument)
      case "--base": baseFiles.append(try scanner.value(of: argument))
      case "--baseline": baseline = try scanner.value(of: argument)
      case "--werror":
        try scanner.flag(argument)
        warningsAreErrors = true
      case "--no-notes":
        try scanner.flag(argument)
        showsNotes = false
      case "--open-contexts":
        try scanner.flag(argument)
        assumesExclusiveKinds = false
      default: files.append(try scanner.positional(argument))
      }
    }
    if !showsHelp, files.isEmpty {
      throw UsageError(
        "no input files; give one or more menu or keymap files ('-' reads standard input)")
    }
  }

  /// The layouts of `--layout us,de(nodeadkeys),fr`.
  static func layoutNames(_ items: [String]) throws(UsageError) -> [LayoutName] {
    var names: [LayoutName] = []
    for item in items {
      do {
        names.append(try LayoutName(parsing: item))
      } catch {
        throw UsageError(error.description)
      }
    }
    return names
  }
}

extension Desktop: ArgumentChoice {}
extension LintInputFormat: ArgumentChoice {}
