import FoundationEssentials
import MenuKit
import MenuKitPalette
import MenuKitToolSupport
import MenuKitXKB

#if canImport(Glibc)
  import Glibc
#endif

/// `menu-dump palette`: searches the commands of the main menu as a command palette does,
/// ranks plain lines as `fzf --filter` does, or runs an interactive palette in the terminal.
/// The output formats are documented in docs/tools/menu-dump-palette.md.
enum Palette {
  /// The command line of `menu-dump palette`.
  struct Options: Equatable {
    enum Format: String, CaseIterable, ArgumentChoice {
      case text, json
    }

    var files: [String] = []
    var query = ""
    var limit: Int?
    var format = Format.text
    var platform = PlatformProfile.linux
    var chain: String?
    var firstResponder: String?
    var history: String?
    /// `--context`: the context stack keymap bindings are resolved in, root first, instead of
    /// the chain's responders' contexts.
    var context: String?
    /// The XKB layout and variant whose shortcut labels are shown.
    var layout: String?
    var variant: String?
    var lines: String?
    var interactive = false
    var showHelp = false

    static let help = """
      USAGE: menu-dump palette [FILE ...] [--query Q] [--limit N] [--format text|json]
                               [--platform P] [--layout L [--variant V]] [--chain CHAINFILE]
                               [--first-responder ID] [--history FILE] [--context C]
             menu-dump palette --interactive [FILE ...] [--platform P] [--layout L]
                               [--chain CHAINFILE] [--first-responder ID] [--history FILE]
             menu-dump palette --lines FILE|- --query Q [--limit N]

      Searches the commands of the standard main menu of the platform profile, with every FILE
      (a menu file, see docs/formats/menu-files.md; keymaps — MenuKit, VS Code, Zed or GTK, told by
      their contents — layer their bindings over the menu's key commands) applied to it in
      order, as a command palette does:
      each command with its menu path, shortcut label and enabled state for the first responder
      of the chain. Results are ranked best first (docs/guides/palette.md); without --query every
      command is listed, recently used ones first.

      --interactive opens the palette in the terminal: type to filter, Up/Down (or Ctrl-P,
      Ctrl-N) to move, Enter to print the chosen command's identifier on standard output
      (a disabled command cannot be chosen), Esc or Ctrl-C to leave without choosing.

      --lines ranks the lines of FILE ('-' for standard input) against the query with the
      same matcher and prints the matching lines best first, as 'fzf --filter' does.

      \(XKBContext.commandLineHelp)

      OPTIONS:
        --query Q           what the user typed: terms separated by spaces, in any order
        --limit N           print at most N results
        --format text|json  aligned text (default) or JSON (schemaVersion 1)
        --platform linux|mac|windows
                            standard main menu and shortcut labels (default linux)
        --layout L          label shortcuts as typed on XKB layout L, such as 'de': a shortcut
                            whose key the layout cannot type shows its relocated key
        --variant V         the XKB variant of the layout, such as 'nodeadkeys'
        --chain CHAINFILE   the responder chain that decides which commands are enabled
                            (default: every command of the menu is performed)
        --first-responder ID
                            start validation at responder ID of the chain
        --context C         with keymaps: the contexts bindings are resolved in, root first
                            ('Workspace > Editor', 'editorTextFocus vim.active'); the default
                            is the chain's responders' contexts
        --history FILE      recently used commands (JSON); --interactive records the choice,
                            saving FILE atomically (its directories created when missing)
        --interactive       the interactive palette (needs a terminal)
        --lines FILE|-      rank plain lines instead of commands
        -h, --help          show this help

      EXIT STATUS: 0 printed (or chosen); 1 nothing matched --lines, the interactive palette
      was left without a choice, or the --history file could not be saved (the choice is
      printed still); 64 the command line is wrong (a layout that cannot be compiled too);
      65 a file is missing or malformed.

      """

    init(parsing arguments: [String]) throws(UsageError) {
      var scanner = ArgumentScanner(arguments)
      while let argument = scanner.next() {
        switch argument.name {
        case "-h", "--help":
          try scanner.flag(argument)
          showHelp = true
        case "--query", "-q": query = try scanner.value(of: argument)
        case "--limit":
          let text = try scanner.value(of: argument)
          guard let number = Int(text), number >= 0 else {
            throw UsageError("invalid limit '\(text)'; expected a whole number, 0 or more")
          }
          limit = number
        case "--format": format = try scanner.choice("format", of: argument)
        case "--platform": platform = try scanner.choice("platform", of: argument)
        case "--chain": chain = try scanner.value(of: argument)
        case "--first-responder": firstResponder = try scanner.value(of: argument)
        case "--history": history = try scanner.value(of: argument)
        case "--context":
          let text = try scanner.value(of: argument)
          do {
            _ = try KeyContext.stack(parsing: text)
          } catch {
            throw UsageError("--context '\(text)': \(error)")
          }
          context = text
        case "--layout": layout = try scanner.value(of: argument)
        case "--variant": variant = try scanner.value(of: argument)
        case "--lines": lines = try scanner.value(of: argument)
        case "--interactive", "-i":
          try scanner.flag(argument)
          interactive = true
        default: files.append(try scanner.positional(argument))
        }
      }
      if lines != nil {
        if interactive {
          throw UsageError("'--lines' and '--interactive' cannot be combined")
        }
        if !files.isEmpty {
          throw UsageError(
            "'--lines' ranks the lines of one file; menu files ('\(files[0])') "
              + "cannot be added")
        }
        if format == .json {
          throw UsageError("'--lines' prints the lines themselves; drop '--format'")
        }
        if chain != nil || firstResponder != nil || history != nil || layout != nil
          || context != nil
        {
          throw UsageError(
            "'--chain', '--first-responder', '--history', '--layout' and '--context' apply "
              + "to commands, not to '--lines'")
        }
      }
      if variant != nil, layout == nil {
        throw UsageError("'--variant' needs '--layout'")
      }
      try ArgumentScanner.checkRuleNames(XKBKeymap.RuleNames(layout: layout, variant: variant))
      if let history {
        do throws(AtomicFile.Failure) {
          try AtomicFile.checkFileName(history)
        } catch {
          throw UsageError("bad --history '\(history)': \(error.reason)")
        }
      }
      if interactive, format == .json || limit != nil || !query.isEmpty {
        throw UsageError(
          "'--interactive' reads the query from the keyboard; drop '--query', "
            + "'--limit' and '--format'")
      }
    }
  }

  @MainActor
  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error(MenuDump.tool.message(for: error, subcommand: "palette"))
      return .usage
    }
    if options.showHelp {
      output.write(Options.help)
      return .success
    }
    if let path = options.lines { return rankLines(path: path, options: options, output: &output) }

    let setup: Setup
    switch makeIndex(options: options, output: &output) {
    case .success(let made): setup = made
    case .failure(let status): return status
    }
    if options.interactive {
      return interactive(setup, options: options, output: &output)
    }
    let matches = setup.index.search(options.query, history: setup.history, limit: options.limit)
    switch options.format {
    case .text: output.write(text(for: matches))
    case .json: output.write(json(for: matches, query: options.query))
    }
    return .success
  }

  /// The index and history the options describe.
  struct Setup {
    var index: PaletteIndex
    var history: PaletteHistory
  }

  /// Builds the main menu, validates it for the chain's first responder, indexes it, and
  /// loads the history; the exit status after printing why it cannot.
  @MainActor
  static func makeIndex(options: Options, output: inout some OutputSink) -> Result<
    Setup, ToolExitStatus
  > {
    let menuFiles = options.files.filter { !InputFile.isKeymapFile($0) }
    guard
      let menu = DispatchSetup.mainMenu(
        files: menuFiles, platform: options.platform, output: &output)
    else { return .failure(.dataError) }
    // Keymap files: the palette shows the keys that fire, and lists keymap-only commands.
    var keymaps: [Keymap] = []
    for path in options.files where InputFile.isKeymapFile(path) {
      let result = InputFile.loadKeymapFile(
        path, source: .user, platform: options.platform)
      for diagnostic in result.diagnostics { output.error("\(diagnostic)\n") }
      guard let keymap = result.keymap else { return .failure(.dataError) }
      keymaps.append(keymap)
    }
    let chain: ScriptedChain
    switch DispatchSetup.chain(
      path: options.chain, firstResponder: options.firstResponder, menu: menu, output: &output)
    {
    case .success(let built): chain = built
    case .failure(let status): return .failure(status)
    }
    let validated = MenuValidation(firstResponder: chain.firstResponder).validate(menu)
    var history = PaletteHistory()
    if let path = options.history, FileManager.default.fileExists(atPath: path) {
      do {
        history = try PaletteHistory(contentsOfFile: path)
      } catch {
        output.error("\(error)\n")
        return .failure(.dataError)
      }
    }
    var keyboard: XKBKeyboard?
    if let layout = options.layout {
      do {
        // The system's XKB data only: neither ~/.xkb, XKB_CONFIG_* nor XKB_DEFAULT_* change it.
        let context = XKBContext.system()
        let names = XKBKeymap.RuleNames(layout: layout, variant: options.variant)
        keyboard = XKBKeyboard(
          keymap: try XKBKeymap(context: context, names: names),
          repeatSettings: KeyRepeatSettings(isEnabled: false))
      } catch {
        // The names given do not make a keymap: a bad value on the command line.
        output.error("menu-dump palette: error: \(error)\n")
        return .failure(.usage)
      }
    }
    guard !keymaps.isEmpty else {
      return .success(
        Setup(
          index: PaletteIndex(validated, platform: options.platform, layout: keyboard),
          history: history))
    }
    let resolver = KeyBindingResolver(defaults: menu, keymaps: keymaps, platform: options.platform)
    var contexts = ResponderChain(startingAt: chain.firstResponder).responders.reversed()
      .compactMap(\.keyContext)
    // Checked when the options were read.
    if let text = options.context, let stack = try? KeyContext.stack(parsing: text) {
      contexts = stack
    }
    var index = PaletteIndex(
      validated, platform: options.platform, layout: keyboard,
      shortcutLabels: resolver.shortcutLabels(in: contexts))
    index.addKeymapCommands(from: resolver, in: contexts)
    return .success(Setup(index: index, history: history))
  }

  /// Aligned text: title, shortcut label (a column only when a result has one), path, and
  /// `(disabled)` for disabled commands; control characters from the menu files escaped.
  static func text(for matches: [PaletteMatch]) -> String {
    let rows = matches.map { match in
      (
        title: match.entry.title.escapingControlCharacters,
        shortcut: (match.entry.shortcutLabel ?? "").escapingControlCharacters,
        path: match.entry.pathText.escapingControlCharacters, isEnabled: match.entry.isEnabled
      )
    }
    let titleWidth = rows.map(\.title.count).max() ?? 0
    let shortcutWidth = rows.map(\.shortcut.count).max() ?? 0
    var text = ""
    for row in rows {
      let shortcut = row.shortcut
      var line = row.title + String(repeating: " ", count: titleWidth - row.title.count + 2)
      if shortcutWidth > 0 {
        line += shortcut + String(repeating: " ", count: shortcutWidth - shortcut.count + 2)
      }
      line += row.path
      if !row.isEnabled { line += "  (disabled)" }
      while line.last == " " { line.removeLast() }
      text += line + "\n"
    }
    return text
  }

  /// The JSON output (schema version 1).
  struct Report: Encodable {
    struct Highlight: Encodable {
      var field: String
      var text: String
      var ranges: [[Int]]
    }

    struct Match: Encodable {
      var identifier: String
      var title: String
      var discoverabilityTitle: String?
      var path: [String]
      var shortcut: String?
      var enabled: Bool
      var source: String
      var score: Int
      var aliases: [String]
      var keywords: [String]
      var highlights: [Highlight]
    }

    var schemaVersion = 1
    var query: String
    var matches: [Match]
  }

  static func json(for matches: [PaletteMatch], query: String) -> String {
    let report = Report(
      query: query,
      matches: matches.map { match in
        let entry = match.entry
        return Report.Match(
          identifier: entry.identifier, title: entry.title,
          discoverabilityTitle: entry.discoverabilityTitle, path: entry.path,
          shortcut: entry.shortcutLabel, enabled: entry.isEnabled,
          source: entry.source.description, score: match.score, aliases: entry.aliases,
          keywords: entry.keywords,
          highlights: match.highlights.map { highlight in
            Report.Highlight(
              field: highlight.field.description, text: highlight.text,
              ranges: highlight.scalarOffsets.map { [$0.lowerBound, $0.upperBound] })
          })
      })
    // One match per line: compact, yet easy to read and to grep.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func encoded(_ value: some Encodable) -> String {
      String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }
    let lines = report.matches.map(encoded)
    return "{\"schemaVersion\":\(report.schemaVersion),\"query\":\(encoded(report.query)),"
      + "\"matches\":[" + (lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n")
      + "]}\n"
  }

  /// `--lines`: the matching lines of a file, best first, each with its control characters
  /// escaped (a tab is kept) so that a hostile line cannot drive the terminal.
  ///
  /// The file, or standard input for `-`, is read through MenuKit's limited reader
  /// (`SourceFile.withContents`): a regular file is mapped, not copied, and one over 16 MiB is
  /// refused unread; a pipe or device (`/dev/zero`, `yes |`) is read only until it passes the
  /// limit.
  static func rankLines(path: String, options: Options, output: inout some OutputSink)
    -> ToolExitStatus
  {
    let matcher = FuzzyMatcher(query: options.query)
    var result: [UInt8] = []
    var found = 0
    let read = SourceFile.withContents(at: InputFile.path(of: path), kind: "lines file") {
      bytes in
      var ranked = matcher.rankLines(in: bytes)
      if let limit = options.limit, ranked.count > limit {
        ranked.removeLast(ranked.count - limit)
      }
      result.reserveCapacity(ranked.reduce(0) { $0 + $1.count + 1 })
      // When many lines are printed, one pass in memory order over the whole input usually
      // shows that none needs escaping; otherwise each printed line is checked.
      let printed = ranked.reduce(0) { $0 + $1.count }
      let clean =
        printed > bytes.count / 8
        && !MessageText.containsEscapedScalar(bytes, keepingTabs: true, keepingLineFeeds: true)
      for range in ranked {
        let line = UnsafeBufferPointer(rebasing: bytes[range])
        if !clean && MessageText.containsEscapedScalar(line, keepingTabs: true) {
          result +=
            String(decoding: line, as: UTF8.self)
            .escapingControlCharacters(keepingTabs: true).utf8
        } else {
          result += line
        }
        result.append(10)
      }
      found = ranked.count
    }
    if case .failure(let failure) = read {
      output.error("\(failure.diagnostic)\n")
      return .dataError
    }
    output.write(String(decoding: result, as: UTF8.self))
    return found > 0 ? .success : .failure
  }
}
