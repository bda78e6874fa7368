import Foundation
import MenuKit
import MenuKitXKB

/// `menu-dump explain`: a deterministic account of how a key sequence resolves through the
/// standard menu, menu files and keymaps, on a keyboard layout, in given contexts. The output
/// is documented in docs/menu-dump-explain.md.
enum Explain {
  /// The command line of `menu-dump explain`.
  struct Options: Equatable {
    enum Format: String, CaseIterable {
      case text, json
    }

    var names = XKBKeymap.RuleNames(layout: "us")
    var platform = PlatformProfile.linux
    var context = ""
    var menuFiles: [String] = []
    var keymapFiles: [String] = []
    var appKeymapFiles: [String] = []
    var keys: [String] = []
    var format = Format.text
    var showHelp = false

    static let help = """
      USAGE: menu-dump explain [MENUFILE|KEYMAPFILE ...] [--layout L] [--variant V]
                               [--context "A > B key=value"] [--platform P] [--app-keymap FILE]
                               [--format text|json] KEYS...

      Explains how KEYS (MenuKit shortcut text, strokes separated by spaces, such as
      'Ctrl+K Ctrl+S' or 'Shift Shift') resolve: how each stroke is typed and read on the layout,
      every binding that begins with the keys typed so far with its source, position and
      context, the context predicate's value at each depth of the chain, the winner, and why each
      other binding lost. See docs/menu-dump-explain.md and docs/keymaps.md.

      Menu files (*.json) are applied to the standard main menu of --platform; their key
      commands are the built-in bindings. Keymap files (*.keymap.json) are user keymaps, in
      order; --app-keymap adds an app keymap.

      OPTIONS:
        --layout L          XKB layout (default us), such as 'de' or 'us,ru'
        --variant V         XKB variant
        --options O         XKB options
        --context TEXT      the contexts of the chain, root first, separated by '>': each is
                            identifiers and key=value pairs ('Workspace > Editor mode=full')
        --platform linux|mac|windows
                            how Cmd is read and labels are shown (default linux)
        --app-keymap FILE   an app keymap (below the user keymaps; repeatable)
        --format text|json  output format (default text)
        -h, --help          show this help

      EXIT STATUS: 0 explained; 64 the command line or the keys are wrong; 65 a file has errors
      or the layout cannot be compiled, or a key cannot be typed on the layout.

      """

    init(parsing arguments: [String]) throws(UsageError) {
      var scanner = ArgumentScanner(arguments)
      while let argument = scanner.next() {
        switch argument.name {
        case "-h", "--help": showHelp = true
        case "--layout": names.layout = try scanner.value(of: argument)
        case "--variant": names.variant = try scanner.value(of: argument)
        case "--options": names.options = try scanner.value(of: argument)
        case "--context": context = try scanner.value(of: argument)
        case "--app-keymap": appKeymapFiles.append(try scanner.value(of: argument))
        case "--platform": platform = try scanner.choice("platform", of: argument)
        case "--format": format = try scanner.choice("format", of: argument)
        default:
          if argument.text.hasPrefix("--") { throw ArgumentScanner.unknownOption(argument) }
          if argument.text.hasSuffix(".keymap.json") {
            keymapFiles.append(argument.text)
          } else if argument.text.hasSuffix(".json") {
            menuFiles.append(argument.text)
          } else {
            keys.append(argument.text)
          }
        }
      }
      if !showHelp, keys.isEmpty {
        throw UsageError(description: "missing KEYS, such as 'Ctrl+K Ctrl+S'")
      }
    }
  }

  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error("menu-dump explain: \(error)\nSee 'menu-dump explain --help'.\n")
      return .usage
    }
    if options.showHelp {
      output.write(Options.help)
      return .success
    }
    let keysText = options.keys.joined(separator: " ")
    let sequence: KeySequence
    do {
      sequence = try KeySequence(parsing: keysText)
    } catch {
      output.error("menu-dump explain: keys '\(keysText)': \(error)\n")
      return .usage
    }
    let stack: [KeyContext]
    do {
      stack = options.context.isEmpty ? [] : try KeyContext.stack(parsing: options.context)
    } catch {
      output.error("menu-dump explain: --context '\(options.context)': \(error)\n")
      return .usage
    }

    // Keymaps load partially: bad entries are reported and the good ones used.
    var keymaps: [Keymap] = []
    var failed = false
    for (path, source) in options.appKeymapFiles.map({ ($0, KeymapSource.app) })
      + options.keymapFiles.map({ ($0, KeymapSource.user) })
    {
      let result = KeymapFile.load(contentsOf: path, source: source)
      for diagnostic in result.diagnostics { output.error("\(diagnostic)\n") }
      if let keymap = result.keymap { keymaps.append(keymap) } else { failed = true }
    }
    if failed { return .dataError }

    let keyboard: XKBKeyboard
    do {
      let context = XKBContext(options: [.noEnvironmentNames])
      keyboard = XKBKeyboard(
        keymap: try XKBKeymap(context: context, names: options.names),
        repeatSettings: KeyRepeatSettings(isEnabled: false))
    } catch {
      output.error("menu-dump explain: error: \(error)\n")
      return .dataError
    }
    let presses: [Press]
    do {
      presses = try typing(sequence, on: keyboard, platform: options.platform)
    } catch {
      output.error("menu-dump explain: \(error)\n")
      return .dataError
    }

    nonisolated(unsafe) var sink = output
    nonisolated(unsafe) let keyboardForMain = keyboard
    let status = MainActor.assumeIsolated { () -> ToolExitStatus in
      guard
        let menu = DispatchSetup.mainMenu(
          files: options.menuFiles, platform: options.platform, output: &sink)
      else { return .dataError }
      let resolver = KeyBindingResolver(
        defaults: menu, keymaps: keymaps, platform: options.platform)
      let explanation = resolver.explain(presses, in: stack, layout: keyboardForMain)
      switch options.format {
      case .text:
        sink.write(
          "keys: \(sequence.canonicalText) on layout \(options.names.layout ?? "us")"
            + (options.names.variant.map { "(\($0))" } ?? "") + "\n")
        sink.write(explanation.text(platform: options.platform))
      case .json:
        sink.write(
          ExplainRecord(explanation, keys: sequence, layout: options.names.layout ?? "us")
            .jsonText)
      }
      return .success
    }
    output = sink
    return status
  }

  /// A key that cannot be typed on the layout.
  struct UntypableKey: Error, CustomStringConvertible {
    var stroke: String
    var layout: String
    var description: String {
      "'\(stroke)' cannot be typed on layout '\(layout)' (nor at its US QWERTY position): no key "
        + "produces it at any level"
    }
  }

  /// The presses of typing a sequence on a keyboard: for each stroke, its modifiers and the
  /// level's modifiers go down, the key goes down and up, the modifiers go up. A modifier-only
  /// stroke is a tap of that modifier's left key.
  static func typing(
    _ sequence: KeySequence, on keyboard: XKBKeyboard, platform: PlatformProfile
  ) throws -> [Press] {
    let modifierCodes: [(KeyModifierFlags, Int)] = [
      (.control, 29), (.shift, 42), (.alternate, 56), (.command, 125),
    ]
    let usQWERTY = try? XKBKeyboard(
      keymap: XKBKeymap(
        context: XKBContext(options: [.noEnvironmentNames]), names: .init(layout: "us")),
      repeatSettings: KeyRepeatSettings(isEnabled: false))
    var presses: [Press] = []
    var time = 0.0
    func send(_ code: Int, _ direction: KeyEvent.Direction) {
      time += 0.05
      if let event = keyboard.handle(
        KeyEvent(evdevCode: code, direction: direction, timestamp: time))
      {
        presses += event.changedPresses
      }
    }
    for stroke in sequence.strokes {
      if let flag = stroke.input.modifierKey {
        let physical = platform.physicalModifiers(flag)
        guard let code = modifierCodes.first(where: { physical.contains($0.0) })?.1 else {
          continue
        }
        send(code, .down)
        send(code, .up)
        continue
      }
      let location: ShortcutLocation
      switch keyboard.reachability(of: stroke.input) {
      case .direct(let found), .needsAltGr(let found): location = found
      case .unreachable:
        // Not on this layout (Latin letters on Russian, say): press the key that types it on
        // US QWERTY, as a user of that layout would for a Latin shortcut.
        guard let us = usQWERTY, case .direct(let found) = us.reachability(of: stroke.input)
        else {
          throw UntypableKey(
            stroke: stroke.canonicalText, layout: keyboard.activeLayoutName ?? "?")
        }
        location = ShortcutLocation(
          evdevCode: found.evdevCode, level: 1, keysym: found.keysym, input: found.input)
      }
      var held: [Int] = []
      let physical = platform.physicalModifiers(stroke.modifierFlags)
      for (flag, code) in modifierCodes where physical.contains(flag) { held.append(code) }
      if location.level == 2 || location.level == 4, !held.contains(42) { held.append(42) }
      if location.level >= 3 { held.append(100) }  // AltGr (ISO_Level3_Shift on most layouts)
      for code in held { send(code, .down) }
      send(location.evdevCode, .down)
      send(location.evdevCode, .up)
      for code in held.reversed() { send(code, .up) }
    }
    return presses
  }
}

/// The JSON form of an explanation (schema version 1, docs/menu-dump-explain.md).
struct ExplainRecord: Encodable {
  struct Binding: Encodable {
    var keys: String
    var command: String?
    var effect: String
    var source: String
    var location: String?
    var context: String?

    init(_ binding: KeyBinding) {
      keys = binding.keys.canonicalText
      switch binding.effect {
      case .perform(let action, _):
        effect = "perform"
        command = action.rawValue
      case .unbind: effect = "unbind"
      case .unbindCommand(let action):
        effect = "unbindCommand"
        command = action.rawValue
      }
      source = binding.source.rawValue
      location = binding.location?.description
      context = binding.context?.description
    }
  }

  struct Candidate: Encodable {
    var binding: Binding
    var depth: Int?
    var contextValues: [Bool]?
    var complete: Bool
    var winner: Bool
    var lossReason: String?
    var lostTo: Binding?
  }

  struct Stroke: Encodable {
    var evdevCode: Int?
    var keysym: String?
    var characters: String?
    var modifierFlags: [String]
    var effectiveModifiers: [String]
    var readAs: [String]
    var outcome: String
    var candidates: [Candidate]
  }

  var schemaVersion = 1
  var keys: String
  var layout: String
  var contexts: [String]
  var strokes: [Stroke]
  var outcome: String
  var winner: Binding?
  var unboundBy: Binding?

  init(_ explanation: KeyBindingExplanation, keys: KeySequence, layout: String) {
    self.keys = keys.canonicalText
    self.layout = layout
    contexts = explanation.contexts.map(\.description)
    strokes = explanation.strokes.map { stroke in
      Stroke(
        evdevCode: stroke.press.key?.evdevCode,
        keysym: stroke.press.key?.keysym.nameOrValue,
        characters: stroke.press.key?.characters,
        modifierFlags: stroke.press.key?.modifierFlags.flagNames ?? [],
        effectiveModifiers: stroke.effectiveModifiers.flagNames,
        readAs: stroke.readAs.map(\.canonicalText),
        outcome: stroke.resolution.outcome.rawValue,
        candidates: stroke.resolution.candidates.map { candidate in
          Candidate(
            binding: Binding(candidate.binding), depth: candidate.depth,
            contextValues: candidate.binding.context.map { predicate in
              explanation.contexts.indices.map { predicate.holds(in: explanation.contexts, at: $0) }
            },
            complete: candidate.isComplete, winner: candidate.isWinner,
            lossReason: candidate.lossReason?.rawValue, lostTo: candidate.lostTo.map(Binding.init))
        })
    }
    outcome = explanation.outcome.rawValue
    winner = explanation.winner.map(Binding.init)
    unboundBy = explanation.unboundBy.map(Binding.init)
  }

  var jsonText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
