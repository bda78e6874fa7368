import FoundationEssentials
import MenuKit
import MenuKitToolSupport
import MenuKitXKB

/// `menu-dump explain`: a deterministic account of how a key sequence resolves through the
/// standard menu, menu files and keymaps, on a keyboard layout, in given contexts. The output
/// is documented in docs/tools/menu-dump-explain.md.
enum Explain {
  /// The command line of `menu-dump explain`.
  struct Options: Equatable {
    enum Format: String, CaseIterable, ArgumentChoice {
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
      other binding lost. See docs/tools/menu-dump-explain.md and docs/formats/keymaps.md.

      Files (*.json, or a path to a file) that are keymaps — MenuKit, VS Code, Zed or GTK, told
      by their contents — are user keymaps, in order; --app-keymap adds an app keymap. Other
      files are menu files, applied to the standard main menu of --platform; their key
      commands are the built-in bindings.

      \(XKBContext.commandLineHelp)

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

      EXIT STATUS: 0 explained; 64 the command line or the keys are wrong (a layout that cannot
      be compiled, a key the layout cannot type); 65 a file is missing or has errors.

      """

    /// Whether a positional argument names a file rather than keys: it ends in `.json`,
    /// `.accels` or `.sublime-keymap`, or has a `/` and names a file that exists.
    static func namesFile(_ argument: String) -> Bool {
      if [".json", ".accels", ".sublime-keymap"].contains(where: argument.hasSuffix) {
        return true
      }
      return argument.contains("/") && FileManager.default.fileExists(atPath: argument)
    }

    init(parsing arguments: [String]) throws(UsageError) {
      var scanner = ArgumentScanner(arguments)
      while let argument = scanner.next() {
        switch argument.name {
        case "-h", "--help":
          try scanner.flag(argument)
          showHelp = true
        case "--layout": names.layout = try scanner.value(of: argument)
        case "--variant": names.variant = try scanner.value(of: argument)
        case "--options": names.options = try scanner.value(of: argument)
        case "--context": context = try scanner.value(of: argument)
        case "--app-keymap": appKeymapFiles.append(try scanner.value(of: argument))
        case "--platform": platform = try scanner.choice("platform", of: argument)
        case "--format": format = try scanner.choice("format", of: argument)
        default:
          let text = try scanner.positional(argument)
          // A file is told from keys by its name (`.json`, or a path to a file that exists:
          // `-` is the minus key here); a keymap from a menu file by its contents.
          if Self.namesFile(text) {
            if InputFile.isKeymapFile(text) {
              keymapFiles.append(text)
            } else {
              menuFiles.append(text)
            }
          } else {
            keys.append(text)
          }
        }
      }
      if !showHelp, keys.isEmpty {
        throw UsageError("missing KEYS, such as 'Ctrl+K Ctrl+S'")
      }
      try ArgumentScanner.checkRuleNames(names)
    }
  }

  @MainActor
  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error(MenuDump.tool.message(for: error, subcommand: "explain"))
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
      let result = InputFile.loadKeymapFile(path, source: source, platform: options.platform)
      for diagnostic in result.diagnostics { output.error("\(diagnostic)\n") }
      if let keymap = result.keymap { keymaps.append(keymap) } else { failed = true }
    }
    if failed { return .dataError }

    let keyboard: XKBKeyboard
    do {
      let context = XKBContext.system()
      keyboard = XKBKeyboard(
        keymap: try XKBKeymap(context: context, names: options.names),
        repeatSettings: KeyRepeatSettings(isEnabled: false))
    } catch {
      // The names given do not make a keymap: a bad value on the command line.
      output.error("menu-dump explain: error: \(error)\n")
      return .usage
    }
    let events: [(event: KeyEvent, counts: Bool)]
    let notes: [StrokeNote]
    do {
      (events, notes) = try typing(sequence, on: keyboard, platform: options.platform)
    } catch {
      // Keys the layout given cannot type: a bad value on the command line.
      output.error("menu-dump explain: \(error)\n")
      return .usage
    }

    guard
      let menu = DispatchSetup.mainMenu(
        files: options.menuFiles, platform: options.platform, output: &output)
    else { return .dataError }
    let resolver = KeyBindingResolver(
      defaults: menu, keymaps: keymaps, platform: options.platform)
    // Each press is explained as it is typed, in the keyboard's state at that moment (AltGr
    // and Num Lock are read from it), as the dispatcher reads it.
    var explainer = resolver.explainer(in: stack)
    for (event, counts) in events {
      guard let delivered = keyboard.handle(event), counts else { continue }
      for press in delivered.changedPresses { explainer.add(press, layout: keyboard) }
    }
    let explanation = explainer.explanation
    switch options.format {
    case .text:
      let layout =
        (options.names.layout ?? "us") + (options.names.variant.map { "(\($0))" } ?? "")
      output.write(
        "keys: \(sequence.canonicalText) on layout \(layout)".escapingControlCharacters + "\n")
      for note in notes {
        for line in note.lines(
          stroke: sequence.strokes[note.index], layout: layout, platform: options.platform)
        {
          output.write(line.escapingControlCharacters + "\n")
        }
      }
      output.write(explanation.text(platform: options.platform))
    case .json:
      var record = ExplainRecord(
        explanation, keys: sequence, layout: options.names.layout ?? "us")
      record.add(notes, platform: options.platform)
      output.write(record.jsonText)
    }
    return .success
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

  /// What the typing engine says about one stroke of the keys, beside the presses: where
  /// automatic localization moves a binding of exactly that stroke, and what the layout does
  /// with a press that does not type it.
  struct StrokeNote: Equatable {
    /// The stroke's index in the sequence.
    var index: Int
    /// The shortcut a binding of the stroke is relocated to on this layout, if any.
    var relocatedTo: KeyboardShortcut?
    /// The keysym the layout turns the press into when no key command on the stroke can fire
    /// on it, such as `XF86Switch_VT_7`, and what that keysym does, if it is a system action.
    var layoutAction: (keysym: String, systemAction: String?)?
    /// The modifiers the layout consumes on the press, when that keeps it from reading as
    /// the stroke.
    var consumedModifiers: KeyModifierFlags = []

    static func == (lhs: StrokeNote, rhs: StrokeNote) -> Bool {
      lhs.index == rhs.index && lhs.relocatedTo == rhs.relocatedTo
        && lhs.layoutAction?.keysym == rhs.layoutAction?.keysym
        && lhs.consumedModifiers == rhs.consumedModifiers
    }

    /// The lines explain prints for the stroke, such as
    /// `Ctrl+[ is relocated to Ctrl+Ü on de (automatic localization): press Ctrl+Ü`.
    func lines(stroke: KeyboardShortcut, layout: String, platform: PlatformProfile) -> [String] {
      let label = stroke.label(for: platform)
      var lines: [String] = []
      if let relocatedTo {
        let relocated = relocatedTo.label(for: platform)
        lines.append(
          "\(label) is relocated to \(relocated) on \(layout) (automatic localization): "
            + "press \(relocated)")
      }
      if let layoutAction {
        lines.append(
          "\(label) on \(layout): the layout turns the press into \(layoutAction.keysym)"
            + (layoutAction.systemAction.map { ", which \($0)" } ?? "")
            + "; no key command on \(label) can fire")
      }
      if !consumedModifiers.isEmpty {
        let names = [
          (KeyModifierFlags.control, "Ctrl"), (.shift, "Shift"), (.alternate, "Alt"),
          (.command, "Super"),
        ].filter { consumedModifiers.contains($0.0) }.map(\.1)
        lines.append(
          "\(label) on \(layout): the layout consumes \(names.joined(separator: "+")) on the "
            + "key, so the press does not read as \(label)")
      }
      return lines
    }
  }

  /// The presses of typing a sequence on a keyboard, and what the typing engine says about
  /// each stroke.
  ///
  /// Each stroke is typed with the press the typing engine names for it with automatic
  /// localization off (``XKBKeyboard/typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``):
  /// KEYS describe presses, so `Ctrl+[` on German presses what literally types `[` with Ctrl,
  /// Ctrl+AltGr+8, and the resolver decides what that press does. When no press fires the
  /// stroke, the press that would type it is used (Ctrl+Alt+F7, which the layout turns into
  /// `XF86Switch_VT_7`). Its modifier keys go down, the key goes down and up, the modifier
  /// keys go up; Num Lock, where the key needs it, is tapped before and after and its presses
  /// are not part of the sequence. A modifier-only stroke is a tap of that modifier's key.
  ///
  /// - Throws: ``UntypableKey`` when no key types a stroke, nor its US QWERTY position.
  static func typing(
    _ sequence: KeySequence, on keyboard: XKBKeyboard, platform: PlatformProfile
  ) throws -> (events: [(event: KeyEvent, counts: Bool)], notes: [StrokeNote]) {
    var events: [(KeyEvent, counts: Bool)] = []
    var notes: [StrokeNote] = []
    var time = 0.0
    for (index, stroke) in sequence.strokes.enumerated() {
      let typing = keyboard.typing(
        of: stroke, platform: platform, allowsAutomaticLocalization: false)
      guard let press = typing.press else {
        throw UntypableKey(stroke: stroke.canonicalText, layout: keyboard.activeLayoutName ?? "?")
      }
      let locks = Set(press.modifierKeys.filter(\.isLock).map(\.evdevCode))
      for event in press.keyEvents(startingAt: time + 0.05) {
        events.append((event, !locks.contains(event.evdevCode)))
        time = event.timestamp
      }
      guard stroke.input.modifierKey == nil else { continue }
      var note = StrokeNote(index: index)
      let localized = keyboard.typing(of: stroke, platform: platform)
      if localized.verdict == .relocated { note.relocatedTo = localized.relocatedShortcut }
      if typing.verdict == .layoutAction {
        note.layoutAction = (press.keysym.nameOrValue, typing.systemAction)
      }
      note.consumedModifiers = typing.consumedModifiers
      if note != StrokeNote(index: index) { notes.append(note) }
    }
    return (events.map { ($0.0, $0.counts) }, notes)
  }
}

/// The JSON form of an explanation (schema version 1, docs/tools/menu-dump-explain.md).
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
    /// The shortcut a binding of this stroke is relocated to on the layout, canonical text.
    var relocatedTo: String?
    /// Its label on the platform, such as `Ctrl+Ü`.
    var relocatedLabel: String?
    /// The keysym the layout turns the press into, when no key command on the stroke can
    /// fire on it.
    var layoutAction: String?
    /// What that keysym does, when it is a system action.
    var systemAction: String?
    /// The modifiers the layout consumes on the press, when that keeps it from reading as the
    /// stroke.
    var consumedModifiers: [String]?
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
              predicate.holdsAtEachDepth(in: explanation.contexts)
            },
            complete: candidate.isComplete, winner: candidate.isWinner,
            lossReason: candidate.lossReason?.rawValue, lostTo: candidate.lostTo.map(Binding.init))
        })
    }
    outcome = explanation.outcome.rawValue
    winner = explanation.winner.map(Binding.init)
    unboundBy = explanation.unboundBy.map(Binding.init)
  }

  /// Adds the typing engine's notes to the strokes they are about.
  mutating func add(_ notes: [Explain.StrokeNote], platform: PlatformProfile) {
    for note in notes where strokes.indices.contains(note.index) {
      strokes[note.index].relocatedTo = note.relocatedTo?.canonicalText
      strokes[note.index].relocatedLabel = note.relocatedTo?.label(for: platform)
      strokes[note.index].layoutAction = note.layoutAction?.keysym
      strokes[note.index].systemAction = note.layoutAction?.systemAction
      if !note.consumedModifiers.isEmpty {
        strokes[note.index].consumedModifiers = note.consumedModifiers.names
      }
    }
  }

  var jsonText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
