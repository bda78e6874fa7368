import FoundationEssentials
import MenuKit
import MenuKitToolSupport
import MenuKitXKB

/// `menu-dump trace`: replays a key recording through a keyboard layout and prints every
/// press. The output formats are documented in docs/tools/menu-dump-trace.md.
enum Trace {
  /// The command line of `menu-dump trace`.
  struct Options: Equatable {
    /// The output formats: `text` (the table; `table` is an alias) and `jsonl` (`json` is an
    /// alias: every line is a JSON object).
    enum Format: String, CaseIterable, ArgumentChoice {
      case jsonl, text

      var argumentNames: [String] {
        switch self {
        case .jsonl: ["jsonl", "json"]
        case .text: ["text", "table"]
        }
      }
    }

    var names = XKBKeymap.RuleNames()
    var compose = false
    var composeFile: String?
    var format = Format.jsonl
    var recording = "-"
    var showHelp = false
    /// Menu files applied to the standard main menu, in order; any of them turns dispatch on.
    var menuFiles: [String] = []
    /// The chain file; it turns dispatch on.
    var chain: String?
    /// The responder that replaces the chain's first responder.
    var firstResponder: String?
    /// The platform profile of the standard main menu and of the key-command matcher.
    var platform = PlatformProfile.linux
    /// Whether `--dispatch` turned dispatch on without a menu file or chain file.
    var dispatchRequested = false
    /// Keymap files layered over the menu (any format MenuKit reads); they turn dispatch on.
    var keymapFiles: [String] = []
    /// The contexts the chain contributes, root first (`--context`).
    var context = ""

    /// Whether presses go through the key dispatcher and lines gain `"dispatch"`.
    var dispatches: Bool {
      dispatchRequested || !menuFiles.isEmpty || chain != nil || !keymapFiles.isEmpty
    }

    static let help = """
      USAGE: menu-dump trace --layout L [--variant V] [--options O] [--model M] [--rules R]
                             [--compose] [--compose-file F] [--format jsonl|text] [RECORDING|-]
             menu-dump trace --layout L [options] [--chain CHAINFILE] [--first-responder ID]
                             [--platform P] [--dispatch] [MENUFILE ...] RECORDING|-

      Replays an evemu recording (the text 'evemu-record' writes; '-' or nothing reads standard
      input) through libxkbcommon with the given layout, and prints one line per press: JSON
      (default, one object per line) or a text table. See docs/tools/menu-dump-trace.md.

      With menu files (applied to the standard main menu of --platform, as 'menu-dump FILE...'
      does), a chain file or --dispatch, every press also goes through MenuKit's key dispatcher
      and each JSON line gains "dispatch": the key command matched, the responder that
      performed it or received the press, and every candidate with why it lost. The LAST
      positional argument is then the recording ('-' for standard input); the ones before it
      are menu files. See docs/formats/chain-file.md for the chain file format.

      \(XKBContext.commandLineHelp)

      OPTIONS:
        --layout L          XKB layout(s), such as 'us' or 'us,ru' (required)
        --variant V         XKB variant(s), such as 'nodeadkeys'
        --options O         XKB options, such as 'grp:alt_shift_toggle'
        --model M           XKB model (default: the rules' default, pc105)
        --rules R           XKB rules (default: evdev)
        --compose           compose dead keys and Multi_key sequences with the locale's table
                            (LC_ALL, LC_CTYPE or LANG)
        --compose-file F    compose with the table in file F
        --format jsonl|text JSON lines (default; 'json' is an alias) or a table ('table')
        --menu FILE         apply a menu file (same as a MENUFILE argument; repeatable)
        --chain CHAINFILE   the responder chain (default: firstResponder -> window ->
                            application, which performs every action of the menu)
        --first-responder ID
                            start dispatch at responder ID of the chain
        --platform linux|mac|windows
                            standard main menu and shortcut matching (default linux)
        --dispatch          dispatch through the standard main menu alone
        --keymap FILE       layer a keymap over the menu: a MenuKit keymap, a VS Code
                            keybindings.json, a Zed keymap or GTK accelerators (repeatable;
                            turns dispatch on)
        --context TEXT      the contexts the chain contributes, root first ('Workspace >
                            Editor mode=full'): the first responder contributes the last, the
                            responders after it the ones before
        -h, --help          show this help

      EXIT STATUS: 0 replayed; 64 the command line is wrong (an unknown option, a bad value,
      or a layout that cannot be compiled); 65 the recording is malformed, or a menu file or
      chain file has errors (path:line:col: error[CODE]: ...).

      """

    init(parsing arguments: [String]) throws(UsageError) {
      var scanner = ArgumentScanner(arguments)
      var positional: [String] = []
      while let argument = scanner.next() {
        switch argument.name {
        case "-h", "--help":
          try scanner.flag(argument)
          showHelp = true
        case "--layout": names.layout = try scanner.value(of: argument)
        case "--variant": names.variant = try scanner.value(of: argument)
        case "--options": names.options = try scanner.value(of: argument)
        case "--model": names.model = try scanner.value(of: argument)
        case "--rules": names.rules = try scanner.value(of: argument)
        case "--compose":
          try scanner.flag(argument)
          compose = true
        case "--compose-file": composeFile = try scanner.value(of: argument)
        case "--menu": menuFiles.append(try scanner.value(of: argument))
        case "--chain": chain = try scanner.value(of: argument)
        case "--first-responder": firstResponder = try scanner.value(of: argument)
        case "--dispatch":
          try scanner.flag(argument)
          dispatchRequested = true
        case "--keymap": keymapFiles.append(try scanner.value(of: argument))
        case "--context": context = try scanner.value(of: argument)
        case "--platform": platform = try scanner.choice("platform", of: argument)
        case "--format": format = try scanner.choice("format", of: argument)
        default: positional.append(try scanner.positional(argument))
        }
      }
      // The last positional argument is the recording; the ones before it are menu files.
      if let last = positional.popLast() { recording = last }
      menuFiles = positional + menuFiles
      if firstResponder != nil, !dispatches {
        throw UsageError("'--first-responder' needs a menu file, '--chain' or '--dispatch'")
      }
      if !context.isEmpty, !dispatches {
        throw UsageError("'--context' needs a menu file, a keymap, '--chain' or '--dispatch'")
      }
      if !showHelp, names.layout?.isEmpty ?? true {
        throw UsageError("missing '--layout'")
      }
      try ArgumentScanner.checkRuleNames(names)
    }
  }

  /// One line of the JSON output (schema version 1).
  struct Record: Codable, Equatable {
    var schemaVersion = 1
    var time: Double
    var code: Int
    var hidUsage: Int?
    var phase: String
    var isRepeat: Bool
    var keysym: String
    var characters: String
    var charactersIgnoringModifiers: String
    var modifierFlags: [String]
    var layout: String?
    /// What the key dispatcher did, when dispatch is on (an additive field of version 1).
    var dispatch: DispatchRecord?

    init(_ press: Press, key: Key, layout: String?) {
      time = press.timestamp
      code = key.evdevCode
      hidUsage = key.keyCode?.rawValue
      phase = press.phase.rawValue
      isRepeat = press.isRepeat
      keysym = key.keysym.nameOrValue
      characters = key.characters
      charactersIgnoringModifiers = key.charactersIgnoringModifiers
      modifierFlags = key.modifierFlags.flagNames
      self.layout = layout
    }
  }

  @MainActor
  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error(MenuDump.tool.message(for: error, subcommand: "trace"))
      return .usage
    }
    if options.showHelp {
      output.write(Options.help)
      return .success
    }

    guard let events = keyEvents(in: options.recording, output: &output) else {
      return .dataError
    }

    // The system's XKB data only: neither ~/.xkb, XKB_CONFIG_* nor XKB_DEFAULT_* change it.
    let context = XKBContext.system()
    let keymap: XKBKeymap
    do {
      keymap = try XKBKeymap(context: context, names: options.names)
    } catch {
      // The names given do not make a keymap: a bad value on the command line.
      output.error("menu-dump trace: error: \(error)\n")
      return .usage
    }
    var compose: XKBComposeTable?
    do {
      if let file = options.composeFile {
        compose = try XKBComposeTable(context: context, contentsOf: file, locale: Self.locale)
      } else if options.compose {
        compose = try XKBComposeTable(context: context, locale: Self.locale)
      }
    } catch {
      output.error("menu-dump trace: error: \(error)\n")
      return .dataError
    }
    let keyboard = XKBKeyboard(
      keymap: keymap, compose: compose, repeatSettings: KeyRepeatSettings(isEnabled: false))

    if options.dispatches {
      return dispatch(events, keyboard: keyboard, options: options, output: &output)
    }
    var lines = Lines(format: options.format)
    for event in events {
      let layout = keyboard.activeLayoutName
      guard let pressesEvent = keyboard.handle(event) else { continue }
      for press in pressesEvent.changedPresses {
        guard let key = press.key else { continue }
        output.write(lines.line(for: Record(press, key: key, layout: layout)))
      }
    }
    return .success
  }

  /// Replays the events through the key dispatcher, with the menu and chain of the options.
  @MainActor
  static func dispatch(
    _ events: [KeyEvent], keyboard: XKBKeyboard, options: Options,
    output: inout some OutputSink
  ) -> ToolExitStatus {
    guard
      let menu = DispatchSetup.mainMenu(
        files: options.menuFiles, platform: options.platform, output: &output)
    else { return .dataError }
    guard
      let keymaps = DispatchSetup.keymaps(
        files: options.keymapFiles, platform: options.platform, output: &output)
    else { return .dataError }
    let contexts: [KeyContext]
    do {
      contexts = options.context.isEmpty ? [] : try KeyContext.stack(parsing: options.context)
    } catch {
      output.error(
        MenuDump.tool.message(
          for: UsageError("--context '\(options.context)': \(error)"), subcommand: "trace"))
      return .usage
    }
    let chain: ScriptedChain
    switch DispatchSetup.chain(
      path: options.chain, firstResponder: options.firstResponder, menu: menu,
      alsoPerforming: DispatchSetup.actions(in: keymaps), output: &output)
    {
    case .success(let built): chain = built
    case .failure(let status): return status
    }
    // The first responder contributes the deepest context, the responders after it the
    // ones before.
    let responders = ResponderChain(startingAt: chain.application.firstResponderForEvents)
      .responders
    guard contexts.count <= responders.count else {
      output.error(
        "menu-dump trace: --context names \(contexts.count) contexts but the chain has "
          + "\(responders.count) responders\n")
      return .usage
    }
    for (responder, context) in zip(responders, contexts.reversed()) {
      switch responder {
      case let scripted as ScriptedResponder: scripted.scriptedContext = context
      case let scripted as ScriptedWindow: scripted.scriptedContext = context
      case let scripted as ScriptedApplication: scripted.scriptedContext = context
      default: break
      }
    }
    let dispatcher = KeyDispatcher(
      application: chain.application, mainMenu: menu, platform: options.platform)
    if !options.keymapFiles.isEmpty { dispatcher.keymaps = keymaps }
    var lines = Lines(format: options.format)
    for event in events {
      let layout = keyboard.activeLayoutName
      guard let pressesEvent = keyboard.handle(event) else { continue }
      for result in dispatcher.dispatch(pressesEvent, layout: keyboard) {
        guard let key = result.press.key else { continue }
        var record = Record(result.press, key: key, layout: layout)
        record.dispatch = DispatchRecord(result, chain: chain)
        output.write(lines.line(for: record))
      }
    }
    return .success
  }

  /// The locale whose compose table `--compose` uses: LC_ALL, LC_CTYPE or LANG, else C.
  static var locale: String {
    let environment = ProcessInfo.processInfo.environment
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return "C"
  }

  /// The key events of an evemu recording ('-' for standard input, named `<stdin>`), or nil
  /// after writing why it cannot be read (`error[MK103]: …`, `error[MK104]: …`: at most
  /// `MenuFile.maximumFileSize` bytes, checked before reading) or where it is malformed
  /// (`path:line:col: …`).
  static func keyEvents(in recording: String, output: inout some OutputSink) -> [KeyEvent]? {
    let text: String
    switch InputFile.readText(recording, kind: "evemu recording") {
    case .success(let contents): text = contents
    case .failure(let failure):
      output.error("\(failure.diagnostic)\n")
      return nil
    }
    do {
      return try EvemuRecording.keyEvents(in: text, path: InputFile.name(of: recording))
    } catch {
      output.error("\(error)\n")
      return nil
    }
  }

  /// Formats records as JSON lines or as table rows.
  struct Lines {
    let format: Options.Format
    let encoder: JSONEncoder
    var wroteHeader = false

    init(format: Options.Format) {
      self.format = format
      encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    mutating func line(for record: Record) -> String {
      switch format {
      case .jsonl:
        let data = (try? encoder.encode(record)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
      case .text:
        var text = ""
        if !wroteHeader {
          wroteHeader = true
          text += row(["time", "code", "hid", "phase", "keysym", "chars", "ignoring", "flags"])
        }
        return text
          + row([
            String(record.time, fractionDigits: 6), String(record.code),
            record.hidUsage.map { "0x" + String($0, radix: 16) } ?? "-",
            record.phase + (record.isRepeat ? "*" : ""), record.keysym,
            visible(record.characters), visible(record.charactersIgnoringModifiers),
            record.modifierFlags.joined(separator: ","),
          ])
      }
    }

    private static let widths = [12, 6, 6, 11, 20, 10, 10, 0]

    private func row(_ cells: [String]) -> String {
      let padded = zip(cells, Self.widths).map { cell, width in
        cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
      }
      return Self.trimmingWhitespace(padded.joined()) + "\n"
    }

    /// The text without the spaces and tabs at its ends: the scalars of Unicode's category Zs
    /// and U+0009, Foundation's `CharacterSet.whitespaces`.
    private static func trimmingWhitespace(_ text: String) -> String {
      let scalars = text.unicodeScalars
      let isWhitespace = { (scalar: Unicode.Scalar) in
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
      }
      guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
        let last = scalars.lastIndex(where: { !isWhitespace($0) })
      else { return "" }
      return String(scalars[first...last])
    }

    /// The text with control characters shown as `\u{…}` escapes, and `""` for no text.
    private func visible(_ text: String) -> String {
      guard !text.isEmpty else { return "\"\"" }
      return text.unicodeScalars.map { scalar in
        scalar.value < 0x20 || scalar.value == 0x7F
          ? "\\u{" + String(scalar.value, radix: 16) + "}" : String(scalar)
      }.joined()
    }
  }
}
