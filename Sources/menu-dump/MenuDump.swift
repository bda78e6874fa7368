import Foundation
import MenuKit

/// `menu-dump`: renders the main menu built from the standard menu and menu files, and traces
/// key presses (`menu-dump trace`).
@main
struct MenuDump {
  static func main() {
    var output = StandardStreams()
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()), output: &output)
    exit(status.rawValue)
  }

  /// Runs the tool with arguments (without the program name), writing to `output`.
  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    if arguments.first == "trace" {
      return Trace.run(arguments: Array(arguments.dropFirst()), output: &output)
    }
    if arguments.first == "explain" {
      return Explain.run(arguments: Array(arguments.dropFirst()), output: &output)
    }
    if arguments.first == "keymap" {
      return KeymapCommand.run(arguments: Array(arguments.dropFirst()), output: &output)
    }
    if arguments.first == "record" {
      return Record.run(arguments: Array(arguments.dropFirst()), output: &output)
    }
    if arguments.first == "palette" {
      return Palette.run(arguments: Array(arguments.dropFirst()), output: &output)
    }
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error("menu-dump: \(error)\nSee 'menu-dump --help'.\n")
      return .usage
    }
    if options.showHelp {
      output.write(Options.help)
      return .success
    }

    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: options.platform))
    var loadDiagnostics: [Diagnostic] = []
    for path in options.files {
      let result = MenuFile.load(contentsOf: path)
      loadDiagnostics += result.diagnostics
      guard let file = result.file, !result.diagnostics.containsErrors else { continue }
      loadDiagnostics += file.apply(to: &builder)
    }
    if loadDiagnostics.containsErrors {
      for diagnostic in loadDiagnostics { output.error("\(diagnostic)\n") }
      return .dataError
    }

    let menu = builder.menu
    var findings = loadDiagnostics + MenuValidator(platform: options.platform).validate(menu)
    // Keymaps load partially: bad entries are reported, the good ones are used.
    var keymaps: [Keymap] = []
    for path in options.keymapFiles {
      let result = KeymapFile.load(contentsOf: path, source: .user)
      findings += result.diagnostics
      if let keymap = result.keymap { keymaps.append(keymap) }
    }
    var contexts: [KeyContext] = []
    if let text = options.context {
      do {
        contexts = try KeyContext.stack(parsing: text)
      } catch {
        output.error("menu-dump: --context '\(text)': \(error)\nSee 'menu-dump --help'.\n")
        return .usage
      }
    }
    for diagnostic in findings { output.error("\(diagnostic)\n") }
    if findings.contains(where: { $0.code == .menuTooDeep }) { return .failure }
    if options.keymapFiles.count > keymaps.count { return .dataError }
    let useKeymaps = !options.keymapFiles.isEmpty

    if options.discoverability {
      nonisolated(unsafe) var sink = output
      let status = MainActor.assumeIsolated {
        discoverability(
          menu, options, keymaps: useKeymaps ? keymaps : nil, contexts: contexts, output: &sink)
      }
      output = sink
      return status == .success && findings.containsErrors ? .failure : status
    }
    switch options.format {
    case .tree:
      var renderer = TextMenuRenderer(platform: options.platform)
      if useKeymaps {
        renderer.shortcutLabels = MainActor.assumeIsolated {
          KeyBindingResolver(defaults: menu, keymaps: keymaps, platform: options.platform)
            .shortcutLabels(in: contexts)
        }
      }
      output.write(renderer.render(menu))
    case .json:
      output.write(MenuFile(path: "", menu: menu, edits: []).jsonText(platform: options.platform))
    case .markdown, .html:
      let status = CheatSheetPage.write(
        menu, options, keymaps: useKeymaps ? keymaps : nil, contexts: contexts, output: &output)
      guard status == .success else { return status }
    }
    return findings.containsErrors ? .failure : .success
  }
}

extension MenuDump {
  /// Prints the discoverability text of the key commands available from the first responder.
  @MainActor
  static func discoverability(
    _ menu: Menu, _ options: Options, keymaps: [Keymap]? = nil, contexts: [KeyContext] = [],
    output: inout some OutputSink
  ) -> ToolExitStatus {
    switch DispatchSetup.chain(
      path: options.chain, firstResponder: options.firstResponder, menu: menu, output: &output)
    {
    case .success(let chain):
      output.write(
        DispatchSetup.discoverabilityText(
          chain: chain, menu: menu, platform: options.platform,
          keyBindings: keymaps.map {
            KeyBindingResolver(defaults: menu, keymaps: $0, platform: options.platform)
          }, contexts: contexts))
      return .success
    case .failure(let status):
      return status
    }
  }
}

/// The exit statuses of the MenuKit tools (sysexits.h values where they apply). It is an
/// error so that setup steps can return `Result<_, ToolExitStatus>` after printing why.
enum ToolExitStatus: Int32, Error {
  /// Success: the output is complete and nothing is wrong.
  case success = 0
  /// The output is complete, but validation found errors.
  case failure = 1
  /// The command line is wrong (EX_USAGE).
  case usage = 64
  /// An input file is malformed (EX_DATAERR).
  case dataError = 65
}

/// Where the tool writes: standard output and standard error, or buffers in tests.
protocol OutputSink {
  mutating func write(_ text: String)
  mutating func error(_ text: String)
}

/// The process's standard output and standard error.
struct StandardStreams: OutputSink {
  func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
  func error(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// Buffers for tests.
struct BufferedOutput: OutputSink {
  var standardOutput = ""
  var standardError = ""
  mutating func write(_ text: String) { standardOutput += text }
  mutating func error(_ text: String) { standardError += text }
}
