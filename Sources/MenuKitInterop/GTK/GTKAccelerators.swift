import MenuKit

/// Reads and writes GTK accelerator lists: GTK 3 accelerator map files and the action lists
/// that `gtk_application_set_accels_for_action` takes.
///
/// Two line formats are read, and may be mixed in one file:
///
/// ```text
/// ; GTK 3 accelerator map (gtk_accel_map_save); ';' starts a comment
/// (gtk_accel_path "<Actions>/win/save" "<Primary>s")
/// (gtk_accel_path "<Actions>/app/quit" "<Primary>q")
/// # action list: an action and its accelerators, as set_accels_for_action takes them
/// app.save-all <Primary><Shift>s <Primary>l
/// ```
///
/// Each accelerator becomes one ``KeyBinding`` that performs the action, located at the start
/// of its entry, read with the ``ShortcutDialect/gtk`` dialect for the given platform. Action
/// names: an accelerator path `<Actions>/group/name` becomes `group.name` (GAction's own
/// spelling) and `<Actions>/name` becomes `name`; any other path (`<Gimp-Actions>/file/save`)
/// is kept as it is. In an action list the action name is kept as written (`win.zoom(1)`).
///
/// As in GTK, an action set again later in the file replaces its earlier accelerators
/// (`MK558`). An empty accelerator removes all of an action's accelerators, which a MenuKit
/// keymap cannot express; it is reported (`MK557`) and skipped. Malformed lines are `MK556`
/// errors. GTK accelerators have no contexts and no sequences.
///
/// ```swift
/// let (keymap, diagnostics) = GTKAccelerators.load(
///   contentsOf: "~/.config/gedit/accels", platform: .linux, source: .user)
/// let text = GTKAccelerators.text(of: keymap!, platform: .linux).text
/// ```
public enum GTKAccelerators {
  /// How an exported accelerator list is written.
  public enum Format: String, Hashable, Sendable, CaseIterable {
    /// GTK 3 accelerator map lines, `(gtk_accel_path "<Actions>/win/save" "<Primary>s")`.
    case accelMap
    /// One line per action with its accelerators, `win.save <Primary>s`, as
    /// `gtk_application_set_accels_for_action` takes them.
    case actionList
  }

  /// The prefix of accelerator paths that stand for GAction names.
  static let actionsPrefix = "<Actions>/"

  /// Reads and loads a GTK accelerator list at a path.
  ///
  /// A file that cannot be read, or is not UTF-8, gives no keymap and one `MK103` diagnostic;
  /// otherwise the text is loaded as by ``load(text:path:platform:source:)``.
  ///
  /// ```swift
  /// let result = GTKAccelerators.load(contentsOf: "accels", platform: .linux, source: .user)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path, also used in every diagnostic's location.
  ///   - platform: The platform the file was written for; it decides what `<Primary>` and
  ///     `<Control>` mean.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding (nil only when the file cannot be read),
  ///   and every problem found, sorted by position.
  public static func load(
    contentsOf path: String, platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    switch SourceFile.readText(at: path, kind: "GTK accelerator file") {
    case .success(let text): load(text: text, path: path, platform: platform, source: source)
    case .failure(let failure): (nil, [failure.diagnostic])
    }
  }

  /// Loads a GTK accelerator list from its text.
  ///
  /// ```swift
  /// let text = #"(gtk_accel_path "<Actions>/win/save" "<Primary>s")"#
  /// let (keymap, _) = GTKAccelerators.load(text: text, platform: .linux, source: .user)
  /// keymap?.bindings.first?.effect  // .perform("win.save", arguments: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The file's path for diagnostics and ``Keymap/path``; empty when there is none.
  ///   - platform: The platform the file was written for.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding, and every problem found, sorted by
  ///   position. Every line stands alone, so there is always a keymap.
  public static func load(
    text: String, path: String = "", platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    var reader = GTKAcceleratorReader(path: path, platform: platform, source: source)
    reader.read(text)
    let keymap = Keymap(
      source: source, path: path.isEmpty ? nil : path,
      bindings: reader.entries.flatMap { $0?.bindings ?? [] })
    return (keymap, reader.diagnostics.sorted)
  }

  /// Writes a keymap as a GTK accelerator list.
  ///
  /// Bindings are written in order; in an action list, an action's accelerators share its
  /// line. A binding GTK cannot express is left out and reported (`MK555`) at its location: a
  /// context, a multi-stroke sequence, a disabled key or a `-command` removal, arguments, a
  /// second accelerator of the same action in an accelerator map (a path has one), or an
  /// action name the format cannot spell. The text loads back with
  /// ``load(text:path:platform:source:)`` to the same bindings.
  ///
  /// ```swift
  /// let (text, problems) = GTKAccelerators.text(of: keymap, platform: .linux)
  /// // (gtk_accel_path "<Actions>/win/save" "<Primary>s")
  /// ```
  ///
  /// - Parameters:
  ///   - keymap: The bindings to write.
  ///   - platform: The platform the text is for; it decides the modifier names.
  ///   - format: Accelerator map lines (the default) or an action list.
  /// - Returns: The text, ending with a newline unless empty, and a diagnostic for each
  ///   binding left out.
  public static func text(
    of keymap: Keymap, platform: PlatformProfile, format: Format = .accelMap
  ) -> (text: String, diagnostics: [Diagnostic]) {
    var report = ExportReport(format: "a GTK accelerator list")
    var actions: [String] = []
    var accelerators: [String: [String]] = [:]
    for binding in keymap.bindings {
      guard case .perform(let action, let arguments) = binding.effect else {
        let what =
          binding.effect == .unbind ? "disabling keys" : "removing one command's binding"
        report.leaveOut(binding, "GTK accelerators cannot express \(what)")
        continue
      }
      guard arguments == nil else {
        report.leaveOut(binding, "GTK accelerators carry no command arguments")
        continue
      }
      guard binding.context == nil else {
        report.leaveOut(binding, "GTK accelerators have no contexts")
        continue
      }
      guard binding.keys.strokes.count == 1 else {
        report.leaveOut(binding, "GTK accelerators are single strokes")
        continue
      }
      guard action.canBePerformedByKeymap else {
        report.leaveOut(
          binding, "'\(action)' is not an action name GTK accelerators can hold (spaces, or '-')")
        continue
      }
      guard let accelerator = binding.keys.text(in: .gtk, platform: platform) else {
        report.leaveOutKeys(of: binding, dialect: .gtk, reason: "its key has no GTK name")
        continue
      }
      let name: String
      switch format {
      case .accelMap:
        guard let path = accelPath(for: action.rawValue) else {
          report.leaveOut(binding, "'\(action)' cannot be written as an accelerator path")
          continue
        }
        guard accelerators[path] == nil else {
          report.leaveOut(binding, "an accelerator path has one accelerator, and '\(path)' has one")
          continue
        }
        name = path
      case .actionList:
        // The reader reads lines by Unicode scalars: `#` with a combining mark still starts a
        // comment.
        guard let first = action.rawValue.unicodeScalars.first,
          !"#;(".unicodeScalars.contains(first)
        else {
          report.leaveOut(binding, "an action list line cannot start with '\(action)'")
          continue
        }
        name = action.rawValue
      }
      if accelerators[name] == nil { actions.append(name) }
      accelerators[name, default: []].append(accelerator)
    }
    let lines = actions.map { name in
      switch format {
      case .accelMap:
        "(gtk_accel_path \(quoted(name)) \(quoted(accelerators[name]![0])))"
      case .actionList:
        ([name] + accelerators[name]!).joined(separator: " ")
      }
    }
    return (lines.map { $0 + "\n" }.joined(), report.diagnostics)
  }
}

// MARK: - Internal

extension GTKAccelerators {
  /// The action an accelerator path stands for.
  ///
  /// Paths are read by Unicode scalars, as the reader reads lines: a combining mark after `/`
  /// joins it into one character, but the scalar is still the separator (found by fuzzing,
  /// docs/development/hardening.md).
  static func action(forPath path: String) -> String {
    let scalars = path.unicodeScalars
    let prefix = actionsPrefix.unicodeScalars
    guard scalars.starts(with: prefix) else { return path }
    let rest = scalars.dropFirst(prefix.count)
    let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
    switch parts.count {
    case 1 where !rest.isEmpty: return String(rest)
    case 2 where !parts[0].isEmpty && !parts[1].isEmpty && !parts[0].contains("."):
      return String(parts[0]) + "." + String(parts[1])
    default: return path
    }
  }

  /// The accelerator path of an action, or nil when no path reads back as the action.
  static func accelPath(for action: String) -> String? {
    let scalars = action.unicodeScalars
    let path: String
    if scalars.first == "<" {
      path = action
    } else if let dot = scalars.firstIndex(of: ".") {
      let group = scalars[..<dot]
      let name = scalars[scalars.index(after: dot)...]
      guard !group.isEmpty, !name.isEmpty else { return nil }
      path = actionsPrefix + String(group) + "/" + String(name)
    } else {
      path = actionsPrefix + action
    }
    // `<Actions>/x` as an action, or a `/` in it, would read back as another action.
    return Self.action(forPath: path) == action ? path : nil
  }

  /// A string in double quotes with `"` and `\` escaped, as GTK's scanner reads it.
  ///
  /// Escapes are found by Unicode scalar, as the reader reads them: a `"` with a combining mark
  /// is one character, but its quote still ends the string.
  static func quoted(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    result.append("\"")
    for scalar in text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { result.append("\\") }
      result.append(scalar)
    }
    result.append("\"")
    return String(result)
  }
}

/// One action's accelerators as read from one line.
private struct GTKAcceleratorEntry {
  var action: String
  var location: SourceLocation
  var bindings: [KeyBinding]
}

/// Reads the lines of an accelerator list.
private struct GTKAcceleratorReader {
  let path: String
  let platform: PlatformProfile
  let source: KeymapSource
  /// The entries in file order; nil where a later line replaced one.
  var entries: [GTKAcceleratorEntry?] = []
  /// The index in `entries` of each action's current entry.
  var entryIndex: [String: Int] = [:]
  var diagnostics = DiagnosticList()

  init(path: String, platform: PlatformProfile, source: KeymapSource) {
    self.path = path
    self.platform = platform
    self.source = source
  }

  mutating func read(_ text: String) {
    var lineNumber = 0
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    for line in lines {
      lineNumber += 1
      var scalars = Array(line.unicodeScalars)
      if scalars.last == "\r" { scalars.removeLast() }
      if lineNumber == 1, scalars.first == "\u{FEFF}" { scalars[0] = " " }
      guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
        scalars[start] != ";", scalars[start] != "#"
      else { continue }
      let entry: GTKAcceleratorEntry?
      if scalars[start] == "(" {
        entry = readAccelPath(scalars, from: start, line: lineNumber)
      } else {
        entry = readActionLine(scalars, from: start, line: lineNumber)
      }
      guard let entry else { continue }
      if let earlier = entryIndex.removeValue(forKey: entry.action),
        let replaced = entries[earlier]
      {
        report(
          .replacedAccelerator,
          "\(entry.action.quotedForMessage) is set again at line \(lineNumber), which replaces "
            + "this accelerator",
          at: replaced.location)
        entries[earlier] = nil
      }
      if entry.bindings.isEmpty {
        report(
          .ignoredForeignEntry,
          "the empty accelerator of \(entry.action.quotedForMessage) removes all of its "
            + "shortcuts, which a MenuKit keymap cannot express; the entry is ignored",
          at: entry.location)
      } else {
        entryIndex[entry.action] = entries.count
        entries.append(entry)
      }
    }
  }

  mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String, at location: SourceLocation
  ) {
    diagnostics.report(code, message(), at: location)
  }

  func location(line: Int, index: Int) -> SourceLocation {
    SourceLocation(file: path, line: line, column: index + 1)
  }

  /// `(gtk_accel_path "PATH" "ACCELERATOR")`.
  mutating func readAccelPath(_ scalars: [Unicode.Scalar], from start: Int, line: Int)
    -> GTKAcceleratorEntry?
  {
    var index = start + 1
    func skipSpaces() {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }
    func fail(_ message: String) -> GTKAcceleratorEntry? {
      report(
        .badAcceleratorLine, message, at: location(line: line, index: min(index, scalars.count)))
      return nil
    }
    func found() -> String {
      guard index < scalars.count else { return "the end of the line" }
      var word = String.UnicodeScalarView()
      var end = index
      while end < scalars.count, !scalars[end].properties.isWhitespace, end - index < 20 {
        word.append(scalars[end])
        end += 1
      }
      return "'\(String(word))'"
    }
    /// A quoted string at `index`, its escapes resolved, and the index of its first scalar.
    func string() -> (text: String, start: Int)? {
      guard index < scalars.count, scalars[index] == "\"" else { return nil }
      let opening = index
      index += 1
      var text = String.UnicodeScalarView()
      while index < scalars.count, scalars[index] != "\"" {
        if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
        text.append(scalars[index])
        index += 1
      }
      guard index < scalars.count else {
        index = opening
        return nil
      }
      index += 1
      return (String(text), opening)
    }
    let expectation = #"expected '(gtk_accel_path "PATH" "ACCELERATOR")'"#
    skipSpaces()
    let keyword = "gtk_accel_path"
    guard scalars[index...].starts(with: keyword.unicodeScalars) else {
      return fail("\(expectation), found \(found())")
    }
    index += keyword.unicodeScalars.count
    skipSpaces()
    guard let (path, _) = string() else {
      return fail("\(expectation); the accelerator path must be a quoted string, found \(found())")
    }
    skipSpaces()
    guard let (accelerator, acceleratorStart) = string() else {
      return fail("\(expectation); the accelerator must be a quoted string, found \(found())")
    }
    skipSpaces()
    guard index < scalars.count, scalars[index] == ")" else {
      return fail("\(expectation); expected ')' after the accelerator, found \(found())")
    }
    index += 1
    skipSpaces()
    guard index == scalars.count || scalars[index] == ";" else {
      return fail("unexpected text after the entry, found \(found()); comments start with ';'")
    }
    let entryLocation = location(line: line, index: start)
    let action = GTKAccelerators.action(forPath: path)
    guard ActionName(action).canBePerformedByKeymap else {
      report(
        .badCommand,
        "the accelerator path \(path.quotedForMessage) is not a valid command name; expected a "
          + "path such as '<Actions>/win/save', without spaces, whose action does not start "
          + "with '-'",
        at: entryLocation)
      return nil
    }
    var entry = GTKAcceleratorEntry(action: action, location: entryLocation, bindings: [])
    if !accelerator.isEmpty,
      let binding = binding(
        accelerator, action: action, line: line, column: acceleratorStart + 2,
        entryLocation: entryLocation)
    {
      entry.bindings.append(binding)
    } else if !accelerator.isEmpty {
      return nil
    }
    return entry
  }

  /// `action accelerator…`.
  mutating func readActionLine(_ scalars: [Unicode.Scalar], from start: Int, line: Int)
    -> GTKAcceleratorEntry?
  {
    var words: [(text: String, start: Int)] = []
    var index = start
    while index < scalars.count {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
      guard index < scalars.count else { break }
      let wordStart = index
      var word = String.UnicodeScalarView()
      while index < scalars.count, !scalars[index].properties.isWhitespace {
        word.append(scalars[index])
        index += 1
      }
      words.append((String(word), wordStart))
    }
    let entryLocation = location(line: line, index: start)
    let action = words[0].text
    guard ActionName(action).canBePerformedByKeymap else {
      report(
        .badCommand,
        "the action '\(action)' is not a valid command name: MenuKit reads a leading '-' as "
          + "removing a binding; expected an action such as 'win.save'",
        at: entryLocation)
      return nil
    }
    var entry = GTKAcceleratorEntry(action: action, location: entryLocation, bindings: [])
    var failed = false
    for word in words.dropFirst() {
      if let binding = binding(
        word.text, action: action, line: line, column: word.start + 1,
        entryLocation: entryLocation)
      {
        entry.bindings.append(binding)
      } else {
        failed = true
      }
    }
    return failed && entry.bindings.isEmpty ? nil : entry
  }

  /// A binding of one accelerator; reports `MK551`/`MK559` at its column.
  mutating func binding(
    _ accelerator: String, action: String, line: Int, column: Int, entryLocation: SourceLocation
  ) -> KeyBinding? {
    do {
      let keys = try KeySequence(parsing: accelerator, dialect: .gtk, platform: platform)
      return KeyBinding(
        keys: keys, effect: .perform(ActionName(action), arguments: nil), source: source,
        location: entryLocation)
    } catch {
      let at = SourceLocation(file: path, line: line, column: column + error.column - 1)
      switch error.kind {
      case .unsupportedModifier, .unsupportedKey, .physicalKey:
        report(
          .unsupportedForeignKeys,
          "the GTK accelerator \(accelerator.quotedForMessage) has no MenuKit equivalent: "
            + "\(error.message); "
            + "it is skipped",
          at: at)
      default:
        report(
          .badForeignKeys,
          "bad GTK accelerator \(accelerator.quotedForMessage): \(error.message); expected "
            + "\(error.expected); "
            + "it is skipped",
          at: at)
      }
      return nil
    }
  }
}
