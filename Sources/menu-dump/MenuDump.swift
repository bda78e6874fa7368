import MenuKit
import MenuKitToolSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `menu-dump`: renders the main menu built from the standard menu and menu files, and traces,
/// explains, searches and records key presses through its subcommands.
///
/// The entry point runs on the main actor: responders and the key dispatcher are main-actor
/// objects, and the tool runs on the main thread.
@main
@MainActor
struct MenuDump {
  static func main() {
    var output = StandardStreams()
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()), output: &output)
    exit(status.rawValue)
  }

  /// The tool's subcommands, as `menu-dump --help` lists them.
  nonisolated static let tool = CommandLineTool(
    name: "menu-dump",
    subcommands: [
      .init(
        name: "trace", summary: "replay a key recording through a layout (and the dispatcher)",
        help: Trace.Options.help),
      .init(
        name: "explain", summary: "explain how keys resolve through menus and keymaps",
        help: Explain.Options.help),
      .init(
        name: "palette", summary: "search the commands as a command palette does",
        help: Palette.Options.help),
      .init(
        name: "record", summary: "replay a key recording into a \"record keys\" field",
        help: Record.Options.help),
      .init(
        name: "keymap", summary: "check, edit, import and export keymap files",
        help: KeymapCommand.help),
    ])

  /// Runs the tool with arguments (without the program name), writing to `output`; each
  /// stream written to ends with a line break.
  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    var sink = NewlineTerminatedOutput(output)
    let status = route(arguments, output: &sink)
    output = sink.finished()
    return status
  }

  /// Runs what the arguments ask for: `--version`, `help`, a subcommand or the menu.
  private static func route(_ arguments: [String], output: inout some OutputSink) -> ToolExitStatus
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
      output.write(tool.subcommands.first { $0.name == subcommand }?.help ?? Options.help)
      return .success
    case .run("trace", let arguments): return Trace.run(arguments: arguments, output: &output)
    case .run("explain", let arguments): return Explain.run(arguments: arguments, output: &output)
    case .run("keymap", let arguments):
      return KeymapCommand.run(arguments: arguments, output: &output)
    case .run("record", let arguments): return Record.run(arguments: arguments, output: &output)
    case .run("palette", let arguments): return Palette.run(arguments: arguments, output: &output)
    case .run(_, let arguments): return render(arguments, output: &output)
    }
  }

  /// `menu-dump [OPTIONS] [FILE ...]`: the menu as a tree, JSON, Markdown or HTML, or the
  /// discoverability text.
  private static func render(_ arguments: [String], output: inout some OutputSink) -> ToolExitStatus
  {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error(tool.message(for: error, subcommand: nil))
      return .usage
    }
    if options.showHelp {
      output.write(Options.help)
      return .success
    }

    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: options.platform))
    var loadDiagnostics: [Diagnostic] = []
    for path in options.files {
      let result = InputFile.loadMenuFile(path)
      loadDiagnostics += result.diagnostics
      guard let file = result.file, !result.diagnostics.containsErrors else { continue }
      loadDiagnostics += file.apply(to: &builder)
    }
    if loadDiagnostics.containsErrors {
      // A menu that cannot be built from its files is bad input, whatever the error.
      for diagnostic in loadDiagnostics { output.error("\(diagnostic)\n") }
      return .dataError
    }

    let menu = builder.menu
    var findings = loadDiagnostics + MenuValidator(platform: options.platform).validate(menu)
    // Keymaps load partially: bad entries are reported, the good ones are used.
    var keymaps: [Keymap] = []
    for path in options.keymapFiles {
      let result = InputFile.loadKeymapFile(
        path, source: .user, platform: options.platform)
      findings += result.diagnostics
      if let keymap = result.keymap { keymaps.append(keymap) }
    }
    var contexts: [KeyContext] = []
    if let text = options.context {
      do {
        contexts = try KeyContext.stack(parsing: text)
      } catch {
        output.error(
          tool.message(for: UsageError("--context '\(text)': \(error)"), subcommand: nil))
        return .usage
      }
    }
    for diagnostic in findings { output.error("\(diagnostic)\n") }
    if findings.contains(where: { $0.code == .menuTooDeep }) { return .failure }
    if options.keymapFiles.count > keymaps.count { return .dataError }
    let useKeymaps = !options.keymapFiles.isEmpty

    if options.discoverability {
      let status = discoverability(
        menu, options, keymaps: useKeymaps ? keymaps : nil, contexts: contexts, output: &output)
      return status == .success && findings.containsErrors ? .failure : status
    }
    switch options.format {
    case .text:
      var renderer = TextMenuRenderer(platform: options.platform)
      if useKeymaps {
        renderer.shortcutLabels = KeyBindingResolver(
          defaults: menu, keymaps: keymaps, platform: options.platform
        ).shortcutLabels(in: contexts)
      }
      output.write(renderer.render(menu))
    case .json:
      let labels =
        useKeymaps
        ? KeyBindingResolver(defaults: menu, keymaps: keymaps, platform: options.platform)
          .shortcutLabels(in: contexts) : nil
      output.write(
        MenuFile(path: "", menu: menu, edits: []).jsonText(
          platform: options.platform, shortcutLabels: labels))
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
