import FoundationEssentials
import MenuKit
import MenuKitToolSupport
import MenuKitXKB

/// `menu-dump record`: replays a key recording through a keyboard layout into a
/// `KeySequenceRecorder`, as a "record keys" field would see it, and prints each key sequence
/// recorded. docs/tools/menu-dump-record.md describes the output.
enum Record {
  /// The command line of `menu-dump record`.
  struct Options: Equatable {
    /// The output formats: `text` and `jsonl` (`json` is an alias: every line is a JSON
    /// object).
    enum Format: String, CaseIterable, ArgumentChoice {
      case text, jsonl

      var argumentNames: [String] { self == .jsonl ? ["jsonl", "json"] : [rawValue] }
    }

    var names = XKBKeymap.RuleNames()
    var platform = PlatformProfile.linux
    var maximumStrokes = 2
    var timeout = 1.0
    var recordsEscapeAndBackspace = false
    var format = Format.text
    var recording = "-"
    var showHelp = false

    static let help = """
      USAGE: menu-dump record --layout L [--variant V] [--options O] [--model M] [--rules R]
                              [--platform P] [--max-strokes N] [--timeout S]
                              [--record-escape] [--format text|jsonl] [RECORDING|-]

      Replays an evemu recording ('-' or nothing reads standard input) through libxkbcommon with
      the given layout into MenuKit's key sequence recorder, the model of a "record keys" field,
      and prints every key sequence it records: the sequence to store, its Shift-spelled,
      own-character and key-position forms. Escape cancels a recording and Backspace as its
      first key clears it, as in GTK's and GNOME's shortcut editors. See
      docs/tools/menu-dump-record.md.

      \(XKBContext.commandLineHelp)

      OPTIONS:
        --layout L          XKB layout(s), such as 'us' or 'us,ru' (required)
        --variant V         XKB variant(s)
        --options O         XKB options
        --model M           XKB model
        --rules R           XKB rules
        --platform linux|mac|windows
                            how modifiers are written (default linux: Control is Cmd)
        --max-strokes N     strokes per sequence, 1 to 16 (default 2)
        --timeout S         seconds to wait for the next stroke (default 1)
        --record-escape     record Escape and Backspace as keys
        --format text|jsonl one line per event (default text; 'json' is an alias of jsonl)
        -h, --help          show this help

      EXIT STATUS: 0 replayed; 64 the command line is wrong (a layout that cannot be compiled
      too); 65 the recording is missing or malformed.

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
        case "--platform": platform = try scanner.choice("platform", of: argument)
        case "--format": format = try scanner.choice("format", of: argument)
        case "--record-escape":
          try scanner.flag(argument)
          recordsEscapeAndBackspace = true
        case "--max-strokes":
          let text = try scanner.value(of: argument)
          guard let count = Int(text), (1...KeySequence.maximumLength).contains(count) else {
            throw UsageError(
              "bad --max-strokes '\(text)': expected a whole number from 1 to "
                + "\(KeySequence.maximumLength)")
          }
          maximumStrokes = count
        case "--timeout":
          let text = try scanner.value(of: argument)
          guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw UsageError(
              "bad --timeout '\(text)': expected seconds, more than 0 and at most 3600"
            )
          }
          timeout = seconds
        default: positional.append(try scanner.positional(argument))
        }
      }
      if positional.count > 1 {
        throw UsageError("one recording at most; got \(positional.count)")
      }
      if let path = positional.first { recording = path }
      if !showHelp, names.layout?.isEmpty ?? true {
        throw UsageError("missing '--layout'")
      }
      try ArgumentScanner.checkRuleNames(names)
    }
  }

  /// One line of the JSON output (schema version 1).
  struct Line: Codable, Equatable {
    var schemaVersion = 1
    /// The time of the press that made the change; for a sequence a pause finished, the time
    /// of the next event (or the end of the recording plus the timeout).
    var time: Double
    /// `recording`, `finished`, `cancelled` or `cleared`.
    var event: String
    /// The sequence to store, in canonical text; null when cancelled or cleared.
    var keys: String?
    /// The same with Shift written out where a key consumed it.
    var shiftSpelled: String?
    /// The same with each key's own character.
    var ownCharacters: String?
    /// The same as key positions; null when a stroke has none (a tapped modifier).
    var physical: String?
    /// The human label of ``keys`` on the platform.
    var label: String?
  }

  static func run(arguments: [String], output: inout some OutputSink) -> ToolExitStatus {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      output.error(MenuDump.tool.message(for: error, subcommand: "record"))
      return .usage
    }
    if options.showHelp {
      output.write(Options.help)
      return .success
    }
    // Read as `menu-dump trace` reads it, with the same errors.
    guard let events = Trace.keyEvents(in: options.recording, output: &output) else {
      return .dataError
    }
    let keyboard: XKBKeyboard
    do {
      // The system's XKB data only, as every tool: no ~/.xkb, XKB_CONFIG_* or XKB_DEFAULT_*.
      let keymap = try XKBKeymap(context: XKBContext.system(), names: options.names)
      keyboard = XKBKeyboard(keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
    } catch {
      // The names given do not make a keymap: a bad value on the command line.
      output.error("menu-dump record: error: \(error)\n")
      return .usage
    }
    var recorder = KeySequenceRecorder(
      platform: options.platform,
      options: .init(
        maximumStrokes: options.maximumStrokes, timeout: options.timeout,
        recordsEscapeAndBackspace: options.recordsEscapeAndBackspace))
    var lastTime = 0.0
    for event in events {
      lastTime = event.timestamp
      // A pause in the recording longer than the timeout finishes the sequence, as a field's
      // timer would.
      write(recorder.finishIfIdle(at: event.timestamp), at: event.timestamp, options, &output)
      guard let pressesEvent = keyboard.handle(event) else { continue }
      write(recorder.handle(pressesEvent, layout: keyboard), at: event.timestamp, options, &output)
    }
    // The end of the recording is a pause that never ends.
    write(
      recorder.finishIfIdle(at: lastTime + options.timeout), at: lastTime + options.timeout,
      options, &output)
    return .success
  }

  /// Writes one update as a line; nothing for an unchanged recording.
  static func write(
    _ update: KeySequenceRecorder.Update, at time: Double, _ options: Options,
    _ output: inout some OutputSink
  ) {
    let line: Line
    switch update {
    case .unchanged: return
    case .recording(let recording): line = Line(recording, "recording", time, options.platform)
    case .finished(let recording): line = Line(recording, "finished", time, options.platform)
    case .cancelled: line = Line(time: time, event: "cancelled")
    case .cleared: line = Line(time: time, event: "cleared")
    }
    switch options.format {
    case .jsonl:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      if let data = try? encoder.encode(line) {
        output.write(String(decoding: data, as: UTF8.self) + "\n")
      }
    case .text:
      // The time right-aligned in 9 columns, then the event (docs/tools/menu-dump-record.md).
      let seconds = String(time, fractionDigits: 3)
      var text =
        String(repeating: " ", count: max(0, 9 - seconds.count)) + seconds + "  " + line.event
      if let keys = line.keys, let label = line.label {
        text += "  \(keys)  (\(label))"
        var forms: [String] = []
        if let spelled = line.shiftSpelled, spelled != keys {
          forms.append("as typed with Shift: \(spelled)")
        }
        if let own = line.ownCharacters, own != keys { forms.append("own characters: \(own)") }
        if let physical = line.physical { forms.append("positions: \(physical)") }
        if !forms.isEmpty { text += "; " + forms.joined(separator: "; ") }
      }
      output.write(text + "\n")
    }
  }
}

extension Record.Line {
  init(
    _ recording: KeySequenceRecorder.Recording, _ event: String, _ time: Double,
    _ platform: PlatformProfile
  ) {
    self.init(
      time: time, event: event, keys: recording.sequence.canonicalText,
      shiftSpelled: recording.shiftSpelled.canonicalText,
      ownCharacters: recording.ownCharacters.canonicalText,
      physical: recording.physical?.canonicalText,
      label: recording.sequence.label(for: platform))
  }
}
