import MenuKit
import MenuKitLint

/// A command-line mistake, in words.
struct UsageError: Error {
  var message: String
}

/// The options of a lint run.
struct Options {
  var files: [String] = []
  var format: LintReportFormatter.Format = .human
  var layouts: [LayoutName] = []
  var allLayouts = false
  var platform: PlatformProfile = .linux
  var desktop: Desktop?
  var inputFormat: LintInputFormat?
  var warningsAreErrors = false
  var showsNotes = true
  var assumesExclusiveKinds = true
  var showsHelp = false

  /// Parses the arguments after the tool's name.
  static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
    var options = Options()
    var index = 0
    func value(_ name: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
      return arguments[index]
    }
    do throws(UsageError) {
      while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "-h", "--help":
          options.showsHelp = true
        case "--format":
          let text = try value(argument)
          guard let format = LintReportFormatter.Format(rawValue: text) else {
            throw UsageError(
              message: "unknown format '\(text)'; expected human, json, sarif or github")
          }
          options.format = format
        case "--layouts":
          options.layouts = try parseLayouts(try value(argument))
        case "--all-layouts":
          options.allLayouts = true
        case "--platform":
          options.platform = try parsePlatform(try value(argument))
        case "--desktop":
          let text = try value(argument)
          guard let desktop = Desktop(rawValue: text) else {
            throw UsageError(message: "unknown desktop '\(text)'; expected gnome, kde or macos")
          }
          options.desktop = desktop
        case "--input-format":
          let text = try value(argument)
          guard let format = LintInputFormat(rawValue: text) else {
            throw UsageError(
              message: "unknown input format '\(text)'; expected keymap, menu, vscode, zed or gtk"
            )
          }
          options.inputFormat = format
        case "--werror":
          options.warningsAreErrors = true
        case "--no-notes":
          options.showsNotes = false
        case "--open-contexts":
          options.assumesExclusiveKinds = false
        default:
          if argument.hasPrefix("-"), argument != "-" {
            throw UsageError(message: "unknown option '\(argument)'")
          }
          options.files.append(argument)
        }
        index += 1
      }
      if !options.showsHelp, options.files.isEmpty {
        throw UsageError(message: "no input files; give one or more menu or keymap files")
      }
    } catch {
      return .failure(error)
    }
    return .success(options)
  }

  /// `us,de(nodeadkeys),fr`.
  static func parseLayouts(_ text: String) throws(UsageError) -> [LayoutName] {
    var names: [LayoutName] = []
    for part in text.split(separator: ",") {
      do {
        names.append(try LayoutName(parsing: String(part)))
      } catch {
        throw UsageError(message: error.description)
      }
    }
    guard !names.isEmpty else { throw UsageError(message: "--layouts needs at least one layout") }
    return names
  }

  static func parsePlatform(_ text: String) throws(UsageError) -> PlatformProfile {
    guard let platform = PlatformProfile(rawValue: text) else {
      throw UsageError(message: "unknown platform '\(text)'; expected linux, mac or windows")
    }
    return platform
  }
}
