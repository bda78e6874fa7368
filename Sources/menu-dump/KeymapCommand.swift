import FoundationEssentials
import MenuKit
import MenuKitInterop
import MenuKitToolSupport

/// `menu-dump keymap`: checks keymap files, edits a user keymap (bind, unbind, rebind),
/// saving it atomically, and converts keymaps from and to VS Code, Zed and GTK (import,
/// export). The formats are documented in docs/formats/keymaps.md and docs/guides/importing-keymaps.md.
enum KeymapCommand {
  /// What to do.
  enum Action: String, CaseIterable, ArgumentChoice {
    case check, bind, unbind, rebind
    case `import`, export
  }

  /// Another editor's keymap format, for `import --from` and `export --dialect`.
  enum Dialect: String, CaseIterable, ArgumentChoice {
    case vscode, zed, gtk, sublime
    case gtkBuilder = "gtk-builder"

    /// Whether `export` can write the format (GtkBuilder and Sublime Text files are read only).
    var isExportable: Bool { self != .gtkBuilder }
  }

  /// The command line of `menu-dump keymap`.
  struct Options: Equatable {
    var action: Action?
    var files: [String] = []
    var keys: String?
    var newKeys: String?
    var command: String?
    var context: String?
    var arguments: String?
    var dialect: Dialect?
    var platform = PlatformProfile.linux
    var showHelp = false

    /// Parses the arguments after `keymap`.
    init(parsing arguments: [String]) throws(UsageError) {
      var scanner = ArgumentScanner(arguments)
      while let argument = scanner.next() {
        switch argument.name {
        case "-h", "--help":
          try scanner.flag(argument)
          showHelp = true
        case "--keys": keys = try scanner.value(of: argument)
        case "--to": newKeys = try scanner.value(of: argument)
        case "--command": command = try scanner.value(of: argument)
        case "--context": context = try scanner.value(of: argument)
        case "--args": self.arguments = try scanner.value(of: argument)
        case "--from", "--dialect":
          dialect = try scanner.choice(argument.name, of: argument)
        case "--platform": platform = try scanner.choice("platform", of: argument)
        default:
          let text = try scanner.positional(argument)
          guard action != nil else {
            guard let parsed = Action.allCases.first(where: { $0.rawValue == text }) else {
              let names = Action.allCases.map(\.rawValue).joined(separator: ", ")
              throw UsageError("unknown keymap action '\(text)'; expected one of \(names)")
            }
            action = parsed
            continue
          }
          files.append(text)
        }
      }
      if showHelp { return }
      guard let action else { throw UsageError("missing the keymap action") }
      guard !files.isEmpty else { throw UsageError("missing the keymap file") }
      if action != .check, files.count > 1 {
        let verb = [.import, .export].contains(action) ? "converts" : "edits"
        throw UsageError("'\(action.rawValue)' \(verb) one keymap file")
      }
      if action == .export, dialect == nil {
        throw UsageError("missing '--dialect' (vscode, zed or gtk)")
      }
      if action == .export, let dialect, !dialect.isExportable {
        throw UsageError(
          "export writes vscode, zed, gtk or sublime; '\(dialect.rawValue)' files are only read "
            + "(import)")
      }
      if [.import, .export].contains(action) { return }
      if action != .check, keys == nil { throw UsageError("missing '--keys'") }
      if action == .bind, command == nil {
        throw UsageError("missing '--command'")
      }
      if let command,
        command.isEmpty || command.hasPrefix("-")
          || command.unicodeScalars.contains(where: \.properties.isWhitespace)
      {
        throw UsageError(
          "bad --command '\(command)': expected a command (action) name such as "
            + "'file.saveAll', not empty, without spaces and not starting with '-'")
      }
      if action != .check, action != .import, action != .export,
        files[0] == InputFile.standardInputArgument
      {
        throw UsageError("'\(action.rawValue)' edits a file; standard input ('-') cannot be saved")
      }
      do throws(AtomicFile.Failure) {
        if action != .check { try AtomicFile.checkFileName(files[0]) }
      } catch {
        throw UsageError("bad keymap file '\(files[0])': \(error.reason)")
      }
      if action == .rebind, newKeys == nil { throw UsageError("missing '--to'") }
    }
  }

  static let help = """
    USAGE: menu-dump keymap check FILE...
           menu-dump keymap bind FILE --keys K --command C [--context P] [--args JSON]
           menu-dump keymap unbind FILE --keys K [--command C] [--context P]
           menu-dump keymap rebind FILE --keys K --to K2 [--command C] [--context P]
           menu-dump keymap import FILE [--from vscode|zed|gtk|gtk-builder|sublime]
                                        [--platform P]
           menu-dump keymap export FILE --dialect vscode|zed|gtk|sublime [--platform P]

    'check' loads keymap files (*.keymap.json) and prints every problem as
    file:line:column: severity[code]: message, then the number of valid bindings.

    The other actions edit a user keymap (created when missing, with its missing
    directories) and save it atomically: a new temporary file is written, flushed and
    renamed over it, keeping the file's permissions and owner. Only the edited entries
    change; comments and the rest of the file are kept. A file with errors is first
    copied to FILE.bak (or a timestamped backup), and the save keeps its valid bindings.
    Edits of one file run one at a time (a lock on .FILE.lock beside it), and each
    applies to the file as the one before left it, so concurrent edits are all kept.
    FILE must name a file (not end with '/', '.' or '..'); a symbolic link is written
    through to the file it points to.

      bind     add a binding of the keys to a command (in the context), after the others
      unbind   with --command: remove that command's binding of the keys (its entry when
               the user keymap has one, in the --context when given; else a "-command"
               entry); without: disable the keys ("command": null)
      rebind   change the keys of the user binding of K (with C and P when given) to K2
      import   read another editor's keymap (VS Code keybindings.json, Zed keymap.json,
               GTK accelerators, GtkBuilder .ui files, Sublime Text .sublime-keymap;
               --from, else detected from the content) and print it as a MenuKit keymap
               file
      export   read a MenuKit keymap file and print it in another editor's format;
               bindings that format cannot express are reported, not dropped silently

    OPTIONS:
      --keys K        keys in MenuKit's shortcut text, such as 'Ctrl+K Ctrl+S'
      --to K2         the new keys (rebind)
      --command C     a command (action) name, such as 'file.saveAll'
      --context P     a context predicate, such as 'Editor && !readOnly'
      --args JSON     the command's arguments, as JSON
      --from D        the format of the file to import: vscode, zed, gtk, gtk-builder or
                      sublime
      --dialect D     the format to export to: vscode, zed, gtk or sublime
      --platform P    linux (default), mac or windows: what ctrl and cmd mean
      -h, --help      show this help

    FILE may be '-' (standard input) for check, import and export.

    EXIT STATUS: 0 success; 1 the keymap has errors, export could write none of its
    bindings, or saving failed; 64 usage error (bad
    keys, context or arguments on the command line too); 65 a file is missing, unreadable
    or not JSON, or an import whose format cannot be detected.

    """

  /// Runs `menu-dump keymap` with the arguments after `keymap`.
  static func run(
    arguments: [String], output: inout some OutputSink,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ToolExitStatus {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error(MenuDump.tool.message(for: error, subcommand: "keymap"))
      return .usage
    }
    if options.showHelp {
      output.write(help)
      return .success
    }
    switch options.action {
    case .check?: return check(options.files, output: &output)
    case .import?: return importKeymap(options, output: &output)
    case .export?: return exportKeymap(options, output: &output)
    default: return edit(options, output: &output, environment: environment)
    }
  }

  /// Loads each file and prints its diagnostics and binding count: 65 when a file cannot be
  /// read or parsed, else 1 when one has errors.
  static func check(_ files: [String], output: inout some OutputSink) -> ToolExitStatus {
    var status = ToolExitStatus.success
    for file in files {
      let (keymap, diagnostics) = InputFile.loadKeymapFile(file, source: .user)
      for diagnostic in diagnostics { output.error("\(diagnostic)\n") }
      if let keymap {
        let count = keymap.bindings.count
        output.write("\(InputFile.name(of: file)): \(count) binding\(count == 1 ? "" : "s")\n")
      }
      if InputFile.isUnusable(diagnostics) {
        status = .dataError
      } else if diagnostics.containsErrors, status == .success {
        status = .failure
      }
    }
    return status
  }

  /// Loads another editor's keymap and prints it as a MenuKit keymap file.
  static func importKeymap(_ options: Options, output: inout some OutputSink) -> ToolExitStatus {
    let path = InputFile.name(of: options.files[0])
    // Read once, through the one limited reader (16 MiB), for detection and loading alike.
    let text: String
    switch InputFile.readText(options.files[0], kind: "keymap file") {
    case .success(let contents): text = contents
    case .failure(let failure):
      output.error("\(failure.diagnostic)\n")
      return .dataError
    }
    var dialect = options.dialect
    if dialect == nil {
      switch KeymapFormat.detect(path: path, text: text) {
      case .vscode?: dialect = .vscode
      case .zed?: dialect = .zed
      case .gtk?: dialect = .gtk
      case .gtkBuilder?: dialect = .gtkBuilder
      case .sublime?: dialect = .sublime
      case let format:
        let what =
          switch format {
          case .menuKitKeymap?: "\(path.quotedForMessage) is already a MenuKit keymap"
          case .menuKitMenu?:
            "\(path.quotedForMessage) is a MenuKit menu file, not another editor's keymap"
          default: "cannot tell the format of \(path.quotedForMessage)"
          }
        output.error(
          "menu-dump keymap: \(what); give --from vscode, zed, gtk, gtk-builder or sublime\n")
        return .dataError
      }
    }
    let platform = options.platform
    let format: KeymapFormat =
      switch dialect ?? .vscode {
      case .vscode: .vscode
      case .zed: .zed
      case .gtk: .gtk
      case .gtkBuilder: .gtkBuilder
      case .sublime: .sublime
      }
    let (keymap, diagnostics) =
      format.loadKeymap(text: text, path: path, platform: platform, source: .user) ?? (nil, [])
    for diagnostic in diagnostics { output.error("\(diagnostic)\n") }
    guard let keymap else { return InputFile.isUnusable(diagnostics) ? .dataError : .failure }
    output.write(KeymapFile.text(of: keymap))
    return diagnostics.containsErrors ? .failure : .success
  }

  /// Loads a MenuKit keymap file and prints it in another editor's format.
  static func exportKeymap(_ options: Options, output: inout some OutputSink) -> ToolExitStatus {
    let (keymap, diagnostics) = InputFile.loadKeymapFile(options.files[0], source: .user)
    for diagnostic in diagnostics { output.error("\(diagnostic)\n") }
    guard let keymap else { return InputFile.isUnusable(diagnostics) ? .dataError : .failure }
    let platform = options.platform
    let (text, losses) =
      switch options.dialect ?? .vscode {
      case .vscode: VSCodeKeybindings.text(of: keymap, platform: platform)
      case .zed: ZedKeymap.text(of: keymap, platform: platform)
      case .gtk: GTKAccelerators.text(of: keymap, platform: platform)
      case .sublime: SublimeKeymap.text(of: keymap, platform: platform)
      // The options refuse it (`isExportable`).
      case .gtkBuilder: ("", [])
      }
    for diagnostic in losses { output.error("\(diagnostic)\n") }
    output.write(text)
    // Every binding left out: an empty export is not a success (a GTK list of nothing).
    if !keymap.bindings.isEmpty, losses.count >= keymap.bindings.count {
      let name = InputFile.name(of: options.files[0])
      output.error(
        "\(name): error: none of its \(keymap.bindings.count) bindings can be written as "
          + "\((options.dialect ?? .vscode).rawValue); nothing was exported\n")
      return .failure
    }
    return diagnostics.containsErrors ? .failure : .success
  }

  /// Applies one edit to the user keymap and saves it.
  static func edit(
    _ options: Options, output: inout some OutputSink, environment: [String: String]
  ) -> ToolExitStatus {
    let path = options.files[0]
    let keys: KeySequence
    var newKeys: KeySequence?
    var context: ContextPredicate?
    var arguments: PropertyList?
    do throws(InputError) {
      keys = try parseKeys(options.keys ?? "", option: "--keys")
      if let text = options.newKeys { newKeys = try parseKeys(text, option: "--to") }
      if let text = options.context {
        do {
          context = try ContextPredicate(parsing: text)
        } catch {
          throw InputError("bad --context '\(text)': \(error)")
        }
      }
      if let text = options.arguments { arguments = try parseArguments(text) }
    } catch {
      output.error("menu-dump keymap: \(error.message)\n")
      return .usage
    }

    var userKeymap: UserKeymap
    do {
      userKeymap = try UserKeymap(contentsOf: path)
    } catch {
      output.error("menu-dump keymap: \(error)\n")
      return .failure
    }
    for diagnostic in userKeymap.diagnostics { output.error("\(diagnostic)\n") }
    let command = options.command.map { ActionName($0) }
    do {
      switch options.action {
      case .bind?:
        userKeymap.addBinding(keys, command: command!, arguments: arguments, context: context)
      case .unbind?:
        if let command {
          let existing = userKeymap.keymap.bindings.last {
            $0.keys == keys && (options.context == nil || $0.context == context)
              && $0.effect.action == command
          }
          try userKeymap.remove(
            existing
              ?? KeyBinding(
                keys: keys, effect: .perform(command, arguments: nil), context: context,
                source: .app))
        } else {
          userKeymap.add(KeyBinding(keys: keys, effect: .unbind, context: context, source: .user))
        }
      case .rebind?:
        let existing = userKeymap.keymap.bindings.last {
          $0.keys == keys && (options.context == nil || $0.context == context)
            && (command == nil || $0.effect.action == command)
        }
        guard let existing, let newKeys else {
          output.error(
            "menu-dump keymap: the user keymap '\(path)' has no binding of '\(keys)' to rebind\n")
          return .failure
        }
        try userKeymap.changeKeys(of: existing, to: newKeys)
      case .check?, .import?, .export?, nil:
        return .usage
      }
      try userKeymap.save(chunkDelay: slowSaveDelay(environment))
    } catch {
      output.error("menu-dump keymap: \(error)\n")
      return .failure
    }
    let count = userKeymap.keymap.bindings.count
    output.write("saved \(path): \(count) binding\(count == 1 ? "" : "s")\n")
    return .success
  }

  /// The pause after each 16 bytes written when `MENUKIT_TEST_SLOW_SAVE` is set: its value in
  /// microseconds (`1` means 1000), so a test can kill the process in the middle of a save.
  static func slowSaveDelay(_ environment: [String: String]) -> Duration? {
    guard let text = environment["MENUKIT_TEST_SLOW_SAVE"], let value = Int(text), value > 0
    else { return nil }
    return .microseconds(value == 1 ? 1000 : value)
  }

  /// A bad value on the command line.
  struct InputError: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// Parses keys given with `option`.
  static func parseKeys(_ text: String, option: String) throws(InputError) -> KeySequence {
    do {
      return try KeySequence(parsing: text)
    } catch {
      throw InputError("bad \(option) '\(text)': \(error)")
    }
  }

  /// Parses `--args` as a JSON value, through a one-binding keymap so the rules are the file's.
  static func parseArguments(_ text: String) throws(InputError) -> PropertyList? {
    let wrapped =
      #"{ "schemaVersion": 1, "keymap": [{ "bindings": [{ "keys": "F1", "command": "x", "args": "#
      + text + " }] }] }"
    let (keymap, diagnostics) = KeymapFile.load(text: wrapped, source: .user)
    guard !diagnostics.containsErrors,
      case .perform(_, let arguments)? = keymap?.bindings.first?.effect
    else {
      throw InputError("bad --args '\(text)': expected a JSON value, such as '{ \"all\": true }'")
    }
    return arguments
  }
}

extension KeyBinding.Effect {
  /// The command the effect performs or removes; nil for an unbind.
  fileprivate var action: ActionName? {
    switch self {
    case .perform(let action, _), .unbindCommand(let action): action
    case .unbind: nil
    }
  }
}
