import Foundation
import MenuKit

/// `menu-dump keymap`: checks keymap files and edits a user keymap (bind, unbind, rebind),
/// saving it atomically. The format is documented in docs/keymaps.md.
enum KeymapCommand {
  /// What to do.
  enum Action: String, CaseIterable {
    case check, bind, unbind, rebind
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
    var showHelp = false

    /// Parses the arguments after `keymap`.
    init(parsing arguments: [String]) throws(UsageError) {
      var index = 0
      func value(_ option: String) throws(UsageError) -> String {
        index += 1
        guard index < arguments.count else {
          throw UsageError(description: "option '\(option)' needs a value")
        }
        return arguments[index]
      }
      while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "-h", "--help": showHelp = true
        case "--keys": keys = try value(argument)
        case "--to": newKeys = try value(argument)
        case "--command": command = try value(argument)
        case "--context": context = try value(argument)
        case "--args": self.arguments = try value(argument)
        default:
          if argument.hasPrefix("-"), argument != "-" {
            throw UsageError(description: "unknown option '\(argument)'")
          }
          if action == nil {
            guard let parsed = Action(rawValue: argument) else {
              let names = Action.allCases.map(\.rawValue).joined(separator: ", ")
              throw UsageError(
                description: "unknown keymap action '\(argument)'; expected one of \(names)")
            }
            action = parsed
          } else {
            files.append(argument)
          }
        }
        index += 1
      }
      if showHelp { return }
      guard let action else { throw UsageError(description: "missing the keymap action") }
      guard !files.isEmpty else { throw UsageError(description: "missing the keymap file") }
      if action != .check, files.count > 1 {
        throw UsageError(description: "'\(action.rawValue)' edits one keymap file")
      }
      if action != .check, keys == nil { throw UsageError(description: "missing '--keys'") }
      if action == .bind, command == nil {
        throw UsageError(description: "missing '--command'")
      }
      if action == .rebind, newKeys == nil { throw UsageError(description: "missing '--to'") }
    }
  }

  static let help = """
    USAGE: menu-dump keymap check FILE...
           menu-dump keymap bind FILE --keys K --command C [--context P] [--args JSON]
           menu-dump keymap unbind FILE --keys K [--command C] [--context P]
           menu-dump keymap rebind FILE --keys K --to K2 [--command C] [--context P]

    'check' loads keymap files (*.keymap.json) and prints every problem as
    file:line:column: severity[code]: message, then the number of valid bindings.

    The other actions edit a user keymap (created when missing) and save it atomically:
    a temporary file is written, flushed and renamed over it. Only the edited entries
    change; comments and the rest of the file are kept. A file with errors is first
    copied to FILE.bak (or a timestamped backup), and the save keeps its valid bindings.

      bind     add a binding of the keys to a command (in the context), after the others
      unbind   with --command: remove that command's binding of the keys (its entry when
               the user keymap has one, in the --context when given; else a "-command"
               entry); without: disable the keys ("command": null)
      rebind   change the keys of the user binding of K (with C and P when given) to K2

    OPTIONS:
      --keys K        keys in MenuKit's shortcut text, such as 'Ctrl+K Ctrl+S'
      --to K2         the new keys (rebind)
      --command C     a command (action) name, such as 'file.saveAll'
      --context P     a context predicate, such as 'Editor && !readOnly'
      --args JSON     the command's arguments, as JSON
      -h, --help      show this help

    EXIT STATUS: 0 success, 1 the keymap has errors or saving failed, 64 usage error,
    65 bad keys, context or arguments on the command line.
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
      output.error("menu-dump keymap: \(error)\nSee 'menu-dump keymap --help'.\n")
      return .usage
    }
    if options.showHelp {
      output.write(help + "\n")
      return .success
    }
    switch options.action {
    case .check?: return check(options.files, output: &output)
    default: return edit(options, output: &output, environment: environment)
    }
  }

  /// Loads each file and prints its diagnostics and binding count.
  static func check(_ files: [String], output: inout some OutputSink) -> ToolExitStatus {
    var status = ToolExitStatus.success
    for file in files {
      let (keymap, diagnostics) = KeymapFile.load(contentsOf: file, source: .user)
      for diagnostic in diagnostics { output.error("\(diagnostic)\n") }
      if let keymap {
        let count = keymap.bindings.count
        output.write("\(file): \(count) binding\(count == 1 ? "" : "s")\n")
      }
      if diagnostics.containsErrors { status = .failure }
    }
    return status
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
      return .dataError
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
      case .check?, nil:
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
