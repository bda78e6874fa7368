import Foundation
import MenuKit
import MenuKitLint
import MenuKitXKB

/// `keymap-lint`: checks menu and keymap files (and other editors' keymaps) for conflicts,
/// shadowed sequences, shortcuts that cannot be typed on some layouts and reserved system
/// shortcuts. See `docs/keymap-lint.md`.
@main
struct KeymapLint {
  static func main() {
    var output = StandardOutput()
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()), output: &output)
    exit(status.rawValue)
  }

  /// Runs the tool; everything it prints goes to `output`.
  static func run(arguments: [String], output: inout some LintOutput) -> LintExitStatus {
    if arguments.first == "how-to-type" {
      return HowToType.run(arguments: Array(arguments.dropFirst()), output: &output)
    }
    let options: Options
    switch Options.parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      output.writeError("keymap-lint: \(error.message)\nsee 'keymap-lint --help'\n")
      return .usage
    }
    if options.showsHelp {
      output.write(help)
      return .success
    }
    var configuration = LintConfiguration(
      platform: options.platform, desktop: options.desktop,
      assumesExclusiveKinds: options.assumesExclusiveKinds)
    configuration.layouts = options.allLayouts ? LayoutName.installed() : options.layouts
    if options.allLayouts, configuration.layouts.isEmpty {
      output.writeError(
        "keymap-lint: libxkbregistry lists no layouts; is xkb-data installed?\n")
      return .usage
    }
    let analyzer = LayoutAnalyzer()
    for name in options.layouts {
      do {
        _ = try analyzer.keyboard(for: name)
      } catch {
        output.writeError(
          "keymap-lint: unknown layout '\(name)': \(error.logLines.first ?? error.message)\n")
        return .usage
      }
    }
    let documents = options.files.map {
      LintDocument.load(contentsOf: $0, format: options.inputFormat, platform: options.platform)
    }
    var report = KeymapLinter(configuration: configuration).lint(documents, layouts: analyzer)
    if !options.showsNotes {
      report.findings.removeAll { $0.severity == .note }
    }
    output.write(LintReportFormatter.format(report, as: options.format))
    if documents.contains(where: \.isUnreadable) { return .dataError }
    return report.exitStatus(warningsAreErrors: options.warningsAreErrors) == 0
      ? .success : .findings
  }

  static let help = """
    USAGE: keymap-lint [OPTIONS] FILE ...
           keymap-lint how-to-type --layout LAYOUT [--platform P] [--no-localization]
                                   [--format text|json] SHORTCUT

    Checks MenuKit menu and keymap files, and VS Code, Zed and GTK keymaps: bindings that
    conflict (decided over the context predicates), dead bindings, sequences that shadow
    others, shortcuts that cannot be typed, need AltGr or that a layout turns into another
    key (Ctrl+Alt+F7 switches the virtual terminal), commands defined
    nowhere, reserved system shortcuts and duplicate menu mnemonics. Every finding has a
    stable code (docs/diagnostics.md) and a file:line:column. See docs/keymap-lint.md.

    \(XKBContext.commandLineHelp)

    OPTIONS:
      --format F          human (default), json, sarif or github
      --layouts L,...     check typing on these layouts, such as us,de,fr,ru or de(nodeadkeys)
      --all-layouts       check every layout and variant xkb-data lists (libxkbregistry)
      --platform P        linux (default), mac or windows: what Cmd means
      --desktop D         gnome, kde or macos: whose reserved shortcuts (default: macos on mac,
                          gnome otherwise)
      --input-format F    keymap, menu, vscode, zed or gtk (default: detected per file)
      --werror            exit 1 on warnings too
      --no-notes          leave out notes (overrides resolved by design, moved keys)
      --open-contexts     do not assume one kind (Editor, Pane …) per context
      -h, --help          show this help

    EXIT STATUS:
      0   no errors (no warnings either, with --werror)
      1   errors (or warnings, with --werror)
      64  the command line is wrong
      65  an input file cannot be read or its format told

    """
}

/// How the tool ends.
enum LintExitStatus: Int32 {
  case success = 0
  case findings = 1
  case usage = 64
  case dataError = 65
}

/// Where the tool writes.
protocol LintOutput {
  mutating func write(_ text: String)
  mutating func writeError(_ text: String)
}

/// The process's standard output and error.
struct StandardOutput: LintOutput {
  mutating func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
  mutating func writeError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// Output kept in memory, for tests.
struct BufferedOutput: LintOutput {
  var standardOutput = ""
  var standardError = ""
  mutating func write(_ text: String) { standardOutput += text }
  mutating func writeError(_ text: String) { standardError += text }
}
