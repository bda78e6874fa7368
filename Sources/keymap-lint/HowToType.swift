import MenuKit
import MenuKitLint
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

    """

  static func run(arguments: [String], output: inout some LintOutput) -> LintExitStatus {
    var layout: LayoutName?
    var platform = PlatformProfile.linux
    var json = false
    var localizes = true
    var shortcutText: String?
    var index = 0
    func fail(_ message: String) -> LintExitStatus {
      output.writeError(
        "keymap-lint how-to-type: \(message)\nsee 'keymap-lint how-to-type --help'\n")
      return .usage
    }
    while index < arguments.count {
      let argument = arguments[index]
      let hasValue = index + 1 < arguments.count
      switch argument {
      case "-h", "--help":
        output.write(help)
        return .success
      case "--layout":
        guard hasValue else { return fail("--layout needs a value") }
        index += 1
        do {
          layout = try LayoutName(parsing: arguments[index])
        } catch {
          return fail(error.description)
        }
      case "--platform":
        guard hasValue else { return fail("--platform needs a value") }
        index += 1
        guard let parsed = PlatformProfile(rawValue: arguments[index]) else {
          return fail("unknown platform '\(arguments[index])'; expected linux, mac or windows")
        }
        platform = parsed
      case "--no-localization":
        localizes = false
      case "--format":
        guard hasValue else { return fail("--format needs a value") }
        index += 1
        switch arguments[index] {
        case "text", "human": json = false
        case "json": json = true
        default: return fail("unknown format '\(arguments[index])'; expected text or json")
        }
      default:
        guard shortcutText == nil else {
          return fail("unexpected '\(argument)'; give one shortcut")
        }
        shortcutText = argument
      }
      index += 1
    }
    guard let layout else { return fail("missing --layout") }
    guard let shortcutText else { return fail("missing the shortcut, such as Ctrl+Shift+[") }
    let shortcut: KeyboardShortcut
    do {
      shortcut = try KeyboardShortcut(parsing: shortcutText)
    } catch {
      return fail("bad shortcut '\(shortcutText)': \(error)")
    }
    let keyboard: LayoutKeyboard
    do {
      keyboard = try LayoutAnalyzer().keyboard(for: layout)
    } catch {
      return fail("unknown layout '\(layout)': \(error.logLines.first ?? error.message)")
    }
    let answer = TypingAnswer(
      shortcut: shortcut, keyboard: keyboard, platform: platform,
      allowsAutomaticLocalization: localizes)
    output.write(json ? answer.json : answer.text)
    return .success
  }
}
