import MenuKit
import MenuKitLint
import MenuKitToolSupport
import MenuKitXKB

#if canImport(Glibc)
  import Glibc
#endif

/// `keymap-lint`: checks menu and keymap files (and other editors' keymaps) for conflicts,
/// shadowed sequences, shortcuts that cannot be typed on some layouts and reserved system
/// shortcuts. See `docs/tools/keymap-lint.md`.
@main
@MainActor
struct KeymapLint {
  static func main() {
    var output = StandardStreams()
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()), output: &output)
    exit(status.rawValue)
  }

  /// The tool's subcommands, as `keymap-lint --help` lists them.
  nonisolated static let tool = CommandLineTool(
    name: "keymap-lint",
    subcommands: [
      .init(
        name: "how-to-type", summary: "every way to type a shortcut on a layout, and the verdict",
        help: HowToType.help)
    ])

  /// Runs the tool; everything it prints goes to `output`, each stream written to ending with
  /// a line break.
  nonisolated static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus
  {
    var sink = NewlineTerminatedOutput(output)
    let status = route(arguments, output: &sink)
    output = sink.finished()
    return status
  }

  /// Runs what the arguments ask for: `--version`, `help`, a subcommand or the lint.
  private nonisolated static func route(_ arguments: [String], output: inout some OutputSink)
    -> ToolExitStatus
  {
    let request: CommandLineTool.Request
    do {
      request = try tool.request(for: arguments)
    } catch {
      output.error(tool.message(for: error, subcommand: nil))
      return .usage
    }
    switch request {
    case .version:
      output.write(tool.versionLine)
      return .success
    case .help(let subcommand):
      output.write(tool.subcommands.first { $0.name == subcommand }?.help ?? help)
      return .success
    case .run("how-to-type", let arguments):
      return HowToType.run(arguments: arguments, output: &output)
    case .run(_, let arguments):
      return lint(arguments, output: &output)
    }
  }

  /// `keymap-lint [OPTIONS] FILE ...`: the report on standard output; files that cannot be
  /// read or parsed are reported on standard error, where they are, and make the exit 65.
  private nonisolated static func lint(_ arguments: [String], output: inout some OutputSink)
    -> ToolExitStatus
  {
    let options: LintOptions
    do {
      options = try LintOptions(parsing: arguments)
    } catch {
      output.error(tool.message(for: error, subcommand: nil))
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
      output.error("keymap-lint: libxkbregistry lists no layouts; is xkb-data installed?\n")
      return .usage
    }
    let analyzer = LayoutAnalyzer()
    // The cache serves sweeps over every layout; a few named layouts compile in milliseconds.
    if options.allLayouts, options.usesCache {
      analyzer.typingCache = LayoutTypingCache.userDirectory().map(LayoutTypingCache.init)
    }
    analyzer.progress = SweepProgress.onTerminal()
    // The sweep's flat keymap texts need only the layouts: prepared while the inputs are read.
    if options.allLayouts {
      analyzer.prepareSweep(of: configuration.layouts, platform: configuration.platform)
    }
    for name in options.layouts {
      do {
        _ = try analyzer.keyboard(for: name)
      } catch {
        output.error(
          "keymap-lint: unknown layout '\(name)': \(error.logLines.first ?? error.message)\n")
        return .usage
      }
    }
    var baseline: LintBaseline?
    if let path = options.baseline {
      switch SourceFile.readText(at: path, kind: "baseline") {
      case .success(let text):
        do {
          baseline = try LintBaseline(sarif: text, path: path)
        } catch {
          output.error("\(error.location): error: \(error.message)\n")
          return .dataError
        }
      case .failure(let failure):
        output.error("\(failure.diagnostic)\n")
        return .dataError
      }
    }
    // Base keymaps come first, so that the checked files layer over them (a later file wins).
    let bases = options.baseFiles.map { load($0, options: options) }
    let checked = options.files.map { load($0, options: options) }
    let documents = bases + checked
    // A file that cannot be read or parsed is not linted: its errors go to standard error,
    // where they are (no line and column for a file that cannot be read).
    for document in documents where document.isUnreadable {
      for diagnostic in document.diagnostics { output.error("\(diagnostic)\n") }
    }
    var report = KeymapLinter(configuration: configuration)
      .lint(documents.filter { !$0.isUnreadable }, layouts: analyzer)
    if !bases.isEmpty {
      report = report.limited(toFiles: Set(checked.map(\.path)))
    }
    if let baseline {
      report = report.excluding(baseline)
    }
    // Grouped after the scope and the baseline, which look at each finding (LintScope.swift).
    report = report.grouped()
    if !options.showsNotes {
      report.findings.removeAll { $0.severity == .note }
    }
    output.write(LintReportFormatter.format(report, as: options.format.reportFormat))
    if documents.contains(where: \.isUnreadable) { return .dataError }
    return report.exitStatus(warningsAreErrors: options.warningsAreErrors) == 0
      ? .success : .failure
  }

  /// Loads a file argument; `-` reads standard input, named `<stdin>`.
  private nonisolated static func load(_ argument: String, options: LintOptions) -> LintDocument {
    guard argument == InputFile.standardInputArgument else {
      return LintDocument.load(
        contentsOf: argument, format: options.inputFormat, platform: options.platform)
    }
    let name = InputFile.name(of: argument)
    switch InputFile.readText(argument, kind: "file") {
    case .success(let text):
      return LintDocument.load(
        text: text, path: name, detectingFormat: options.inputFormat, platform: options.platform)
    case .failure(let failure):
      var document = LintDocument(
        path: name, format: options.inputFormat, keymap: nil, diagnostics: [failure.diagnostic])
      document.isUnreadable = true
      return document
    }
  }

  nonisolated static let help = """
    USAGE: keymap-lint [OPTIONS] FILE ...
           keymap-lint how-to-type --layout LAYOUT [--platform P] [--no-localization]
                                   [--format text|json] SHORTCUT
           keymap-lint help [SUBCOMMAND]
           keymap-lint --version

    Checks MenuKit menu and keymap files, and VS Code, Zed and GTK keymaps: bindings that
    conflict (decided over the context predicates), dead bindings, sequences that shadow
    others, shortcuts that cannot be typed, need AltGr or that a layout turns into another
    key (Ctrl+Alt+F7 switches the virtual terminal), commands defined
    nowhere, reserved system shortcuts and duplicate menu mnemonics. Every finding has a
    stable code (docs/tools/diagnostics.md) and a file:line:column. FILE '-' reads standard input.
    See docs/tools/keymap-lint.md.

    \(XKBContext.commandLineHelp)

    OPTIONS:
      --format F          text (default; 'human' is an alias), json, sarif or github
      --layout L,...      check typing on these layouts, such as us,de,fr,ru or de(nodeadkeys)
                          (repeatable; '--layouts' is an alias)
      --all-layouts       check every layout and variant xkb-data lists (libxkbregistry)
      --no-cache          with --all-layouts: answer every layout anew, neither reading nor
                          writing the layout cache ($XDG_CACHE_HOME/menukit, else
                          ~/.cache/menukit)
      --platform P        linux (default), mac or windows: what Cmd means
      --desktop D         gnome, kde or macos: whose reserved shortcuts (default: macos on mac,
                          gnome otherwise)
      --input-format F    keymap, menu, vscode, zed, gtk, gtk-builder or sublime
                          (default: detected per file)
      --base FILE         lint FILE ... layered over this keymap (an editor's defaults, an
                          app's built-in keymap) and report only findings that involve FILE ...;
                          base bindings appear as notes (repeatable)
      --baseline SARIF    report only findings that an earlier run's SARIF log does not have,
                          matched by code, file, keys, command and context, not by line
      --werror            exit 1 on warnings too
      --no-notes          leave out notes (overrides resolved by design, moved keys)
      --open-contexts     do not assume one kind (Editor, Pane …) per context
      -h, --help          show this help
      --version           print the version

    \(tool.subcommandsSection)
    \(ToolExitStatus.helpSection(
      success: "no errors (no warnings either, with --werror)",
      failure: "errors (or warnings, with --werror)"))
    Options take their value as '--name value' or '--name=value'; '--' ends the options.
    Files that cannot be read or parsed are reported on standard error (docs/tools/command-line.md).

    """
}
