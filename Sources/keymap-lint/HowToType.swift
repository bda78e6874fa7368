import MenuKit
import MenuKitLint
import MenuKitToolSupport
import MenuKitXKB

/// `keymap-lint how-to-type --layout L SHORTCUT`: every physical way to type a shortcut's key
/// on a layout, and the typing engine's answer: the press that fires it, or why none does.
enum HowToType {
  static let help = """
    USAGE: keymap-lint how-to-type --layout LAYOUT [--platform P] [--no-localization]
                                   [--format text|json] SHORTCUT

    Prints every key and level that types SHORTCUT's key on LAYOUT (evdev code, key name,
    level, the modifiers that select the level), then the typing engine's verdict (typed
    directly, needs AltGr, relocated by automatic localization, turned into another key by the
    layout, modifiers consumed, or cannot be typed) and the press to use, as the key
    dispatcher matches it. SHORTCUT is MenuKit's text, such as Ctrl+Shift+[ or Cmd+/.
    --no-localization asks as for a key command with automatic localization off.

    \(XKBContext.commandLineHelp)

    OPTIONS:
      --layout L          the layout, such as de or de(nodeadkeys) (required)
      --platform P        linux (default), mac or windows: what Cmd means
      --no-localization   ask as for a key command with automatic localization off
      --format F          text (default; 'human' is an alias) or json
      -h, --help          show this help

    \(ToolExitStatus.helpSection(success: "answered, whatever the verdict", failure: nil))
    """

  /// The output formats; `human` is an alias of `text`.
  enum Format: String, CaseIterable, ArgumentChoice {
    case text, json

    var argumentNames: [String] { self == .text ? ["text", "human"] : [rawValue] }
  }

  /// The command line of `keymap-lint how-to-type`.
  struct Options {
    var layout: LayoutName?
    var platform = PlatformProfile.linux
    var format = Format.text
    var localizes = true
    var shortcut: KeyboardShortcut?
    var showsHelp = false

    /// Parses the arguments after `how-to-type`.
    init(parsing arguments: [String]) throws(UsageError) {
      var scanner = ArgumentScanner(arguments)
      var shortcutText: String?
      while let argument = scanner.next() {
        switch argument.name {
        case "-h", "--help":
          try scanner.flag(argument)
          showsHelp = true
        case "--layout":
          let names = try LintOptions.layoutNames(try scanner.list(of: argument))
          guard names.count == 1 else {
            throw UsageError("how-to-type takes one layout; got \(names.count)")
          }
          layout = names[0]
        case "--platform": platform = try scanner.choice("platform", of: argument)
        case "--no-localization":
          try scanner.flag(argument)
          localizes = false
        case "--format": format = try scanner.choice("format", of: argument)
        default:
          let text = try scanner.positional(argument)
          guard shortcutText == nil else {
            throw UsageError("unexpected '\(text)'; give one shortcut")
          }
          shortcutText = text
        }
      }
      if showsHelp { return }
      guard layout != nil else { throw UsageError("missing --layout") }
      guard let shortcutText else { throw UsageError("missing the shortcut, such as Ctrl+Shift+[") }
      do {
        shortcut = try KeyboardShortcut(parsing: shortcutText)
      } catch {
        throw UsageError("bad shortcut '\(shortcutText)': \(error)")
      }
    }
  }

  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    let options: HowToType.Options
    do {
      options = try HowToType.Options(parsing: arguments)
    } catch {
      output.error(KeymapLint.tool.message(for: error, subcommand: "how-to-type"))
      return .usage
    }
    if options.showsHelp {
      output.write(help)
      return .success
    }
    guard let layout = options.layout, let shortcut = options.shortcut else { return .usage }
    let keyboard: LayoutKeyboard
    do {
      keyboard = try LayoutAnalyzer().keyboard(for: layout)
    } catch {
      output.error(
        KeymapLint.tool.message(
          for: UsageError(
            "unknown layout '\(layout)': \(error.logLines.first ?? error.message)"),
          subcommand: "how-to-type"))
      return .usage
    }
    let answer = TypingAnswer(
      shortcut: shortcut, keyboard: keyboard, platform: options.platform,
      allowsAutomaticLocalization: options.localizes)
    output.write(options.format == .json ? answer.json : answer.text)
    return .success
  }
}
