// MARK: - Internal

/// One parsed stroke and the 1-based column where its text starts.
struct DialectStroke: Hashable, Sendable {
  var shortcut: KeyboardShortcut
  var column: Int
}

/// Reads shortcut text in a ``ShortcutDialect``.
///
/// The text is handled as an array of Unicode scalars, so every error can name its column the
/// way ``SourceLocation`` counts. Parsing is a single left-to-right pass over each stroke and
/// never recurses; suggestions are computed only for short words, so no input is slow.
struct DialectParser {
  let scalars: [Unicode.Scalar]
  let dialect: ShortcutDialect
  let platform: PlatformProfile

  init(text: String, dialect: ShortcutDialect, platform: PlatformProfile) {
    scalars = Array(text.unicodeScalars)
    self.dialect = dialect
    self.platform = platform
  }

  /// Parses the whole text into strokes.
  func parseSequence() throws(ShortcutDialectError) -> [DialectStroke] {
    let ranges = try strokeRanges()
    guard !ranges.isEmpty else {
      throw error(.empty, at: 0, "empty \(dialect.displayName) shortcut")
    }
    if ranges.count > dialect.maximumStrokes {
      let message =
        dialect.maximumStrokes == 1
        ? "\(dialect.displayName) shortcuts are single strokes, but a second stroke starts here"
        : dialect.maximumStrokes == KeySequence.maximumLength
          ? "MenuKit reads sequences of at most \(dialect.maximumStrokes) strokes"
          : "\(dialect.displayName) sequences have at most \(dialect.maximumStrokes) strokes"
      throw error(
        .tooManyStrokes, at: ranges[dialect.maximumStrokes].lowerBound, message,
        expected: "the end of the shortcut")
    }
    var strokes: [DialectStroke] = []
    for range in ranges {
      strokes.append(
        DialectStroke(shortcut: try parseStroke(range), column: range.lowerBound + 1))
    }
    return strokes
  }

  // MARK: Strokes

  /// The ranges of the strokes: runs of non-space text, or for Qt, parts between `, `.
  func strokeRanges() throws(ShortcutDialectError) -> [Range<Int>] {
    guard dialect == .qt else {
      var ranges: [Range<Int>] = []
      var start: Int?
      for index in scalars.indices {
        if scalars[index].properties.isWhitespace {
          if let first = start { ranges.append(first..<index) }
          start = nil
        } else if start == nil {
          start = index
        }
      }
      if let first = start { ranges.append(first..<scalars.count) }
      return ranges
    }
    // Qt: strokes are separated by "," and spaces; a comma right after a "+" separator, or
    // at the start of a stroke, is the comma key.
    var ranges: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < scalars.count {
      if scalars[index] == ",", index + 1 < scalars.count,
        scalars[index + 1].properties.isWhitespace,
        !isCommaKey(at: index, strokeStart: start)
      {
        ranges.append(try trimmedStroke(start..<index))
        index += 1
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        start = index
        continue
      }
      index += 1
    }
    let last = trimmed(start..<scalars.count)
    if !last.isEmpty {
      ranges.append(last)
    } else if !ranges.isEmpty {
      throw error(
        .missingKey, at: scalars.count, "the sequence ends with ', ' and no stroke after it",
        expected: "a stroke after ', ', like 'Ctrl+S'")
    }
    return ranges
  }

  /// Whether the comma at `index` is a key rather than a stroke separator.
  private func isCommaKey(at index: Int, strokeStart: Int) -> Bool {
    let soFar = trimmed(strokeStart..<index)
    guard let last = soFar.last else { return true }
    guard scalars[last] == "+" else { return false }
    // "Ctrl++" ends with the plus key, and a lone "+" is the plus key.
    if soFar.count == 1 { return false }
    return scalars[last - 1] != "+"
  }

  private func trimmed(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
    while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
    return lower..<upper
  }

  private func trimmedStroke(_ range: Range<Int>) throws(ShortcutDialectError) -> Range<Int> {
    let stroke = trimmed(range)
    guard !stroke.isEmpty else {
      throw error(
        .missingKey, at: range.lowerBound, "an empty stroke before ', '",
        expected: "a stroke such as 'Ctrl+K' between two ', '")
    }
    return stroke
  }

  /// Parses one stroke, which has no leading or trailing space.
  func parseStroke(_ range: Range<Int>) throws(ShortcutDialectError) -> KeyboardShortcut {
    if let space = range.first(where: { scalars[$0].properties.isWhitespace }) {
      throw error(
        .unexpectedText, at: space, "a space inside a stroke",
        expected: "strokes separated by ', ', like 'Ctrl+K, Ctrl+S'")
    }
    var stroke = StrokeBuilder(parser: self)
    switch dialect {
    case .menuKit: return try parseCanonical(range)
    case .vscode, .qt, .electron, .portal:
      try parseSeparated(range, separator: "+", into: &stroke)
    case .zed: try parseSeparated(range, separator: "-", into: &stroke)
    case .gtk: try parseGTK(range, into: &stroke)
    case .emacs: try parseEmacs(range, into: &stroke)
    }
    return try stroke.shortcut()
  }

  private func parseCanonical(_ range: Range<Int>) throws(ShortcutDialectError) -> KeyboardShortcut
  {
    do {
      return try KeyboardShortcut(parsing: text(range))
    } catch {
      let kind: ShortcutDialectError.Kind =
        switch error {
        case .empty: .empty
        case .unknownModifier: .unknownModifier
        case .unknownKey: .unknownKey
        case .missingKey: .missingKey
        case .duplicateModifier: .duplicateModifier
        case .tooManyStrokes: .tooManyStrokes
        case .unknownPhysicalKey: .unknownKey
        case .unsupportedPhysicalKey: .unsupportedKey
        }
      throw ShortcutDialectError(
        kind, dialect: dialect, column: range.lowerBound + error.offset + 1,
        message: error.description, expected: dialect.expectation)
    }
  }

  /// `mod+mod+key` (VS Code, Qt, Electron) or `mod-mod-key` (Zed). A doubled separator at the
  /// end (`ctrl++`, `ctrl--`) or a lone separator is the separator's own key.
  private func parseSeparated(
    _ range: Range<Int>, separator: Unicode.Scalar, into stroke: inout StrokeBuilder
  ) throws(ShortcutDialectError) {
    var parts: [Range<Int>] = []
    var start = range.lowerBound
    for index in range where scalars[index] == separator {
      parts.append(start..<index)
      start = index + 1
    }
    parts.append(start..<range.upperBound)
    var key = parts.removeLast()
    if key.isEmpty, let previous = parts.last, previous.isEmpty {
      parts.removeLast()
      key = (key.lowerBound - 1)..<key.lowerBound
    }
    for part in parts {
      guard !part.isEmpty else {
        throw error(
          .emptyModifier, at: part.lowerBound,
          "nothing between two '\(separator)'", expected: "a modifier word")
      }
      try stroke.addModifier(part)
    }
    try stroke.setKey(key)
  }

  /// `<Control><Shift>key`.
  private func parseGTK(
    _ range: Range<Int>, into stroke: inout StrokeBuilder
  ) throws(ShortcutDialectError) {
    var index = range.lowerBound
    while index < range.upperBound, scalars[index] == "<", index + 1 < range.upperBound {
      guard let close = (index + 1..<range.upperBound).first(where: { scalars[$0] == ">" })
      else {
        throw error(
          .unexpectedText, at: index, "'<' without a closing '>'",
          expected: "a modifier in angle brackets, like <Control>")
      }
      let word = (index + 1)..<close
      guard !word.isEmpty else {
        throw error(.emptyModifier, at: index, "empty '<>'", expected: "a modifier like <Shift>")
      }
      try stroke.addModifier(word)
      index = close + 1
    }
    try stroke.setKey(index..<range.upperBound)
  }

  /// `C-M-S-key`, `C-<f5>` or `<C-f5>`.
  private func parseEmacs(
    _ range: Range<Int>, into stroke: inout StrokeBuilder
  ) throws(ShortcutDialectError) {
    var index = try emacsPrefixes(from: range.lowerBound, to: range.upperBound, into: &stroke)
    let key = index..<range.upperBound
    // <C-f5>: modifiers written inside the angle brackets.
    if key.count > 2, scalars[key.lowerBound] == "<", scalars[key.upperBound - 1] == ">" {
      index = try emacsPrefixes(from: key.lowerBound + 1, to: key.upperBound - 1, into: &stroke)
      if index > key.lowerBound + 1 {
        let name = "<" + text(index..<(key.upperBound - 1)) + ">"
        try stroke.setKey(named: name, at: index - 1)
        return
      }
    }
    try stroke.setKey(key)
  }

  /// Reads `X-` prefixes from `start` while a key still follows; returns where the rest starts.
  private func emacsPrefixes(
    from start: Int, to end: Int, into stroke: inout StrokeBuilder
  ) throws(ShortcutDialectError) -> Int {
    var index = start
    while index + 1 < end, scalars[index + 1] == "-",
      DialectModifier.named(String(scalars[index]), in: .emacs) != nil
    {
      guard index + 2 < end else {
        throw error(
          .missingKey, at: index + 2, "the stroke ends after '\(scalars[index])-'",
          expected: "a key after the modifier prefix, like 'C-s'")
      }
      try stroke.addModifier(index..<(index + 1))
      index += 2
    }
    return index
  }

  // MARK: Helpers

  func text(_ range: Range<Int>) -> String {
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars[range])
    return result
  }

  /// The text of `range` for a message: quoted, and shortened when long.
  func quoted(_ range: Range<Int>) -> String {
    guard range.count > 40 else { return "'\(text(range))'" }
    return "'\(text(range.lowerBound..<(range.lowerBound + 40)))…'"
  }

  func error(
    _ kind: ShortcutDialectError.Kind, at offset: Int, _ message: String,
    expected: String? = nil
  ) -> ShortcutDialectError {
    ShortcutDialectError(
      kind, dialect: dialect, column: offset + 1, message: message,
      expected: expected ?? dialect.expectation)
  }
}

// MARK: - Stroke builder

/// Collects one stroke's modifiers and key, resolving each word as it comes.
struct StrokeBuilder {
  let parser: DialectParser
  var flags: KeyModifierFlags = []
  var seen: [DialectModifier] = []
  var keypad = false
  var input: KeyInput?
  var keyOffset = 0

  init(parser: DialectParser) { self.parser = parser }

  var dialect: ShortcutDialect { parser.dialect }

  mutating func addModifier(_ range: Range<Int>) throws(ShortcutDialectError) {
    let word = parser.text(range)
    guard let modifier = DialectModifier.named(word, in: dialect) else {
      let suggestion =
        suggestion(for: word, in: DialectModifier.words(in: dialect))
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      throw parser.error(
        .unknownModifier, at: range.lowerBound,
        "unknown \(dialect.displayName) modifier \(parser.quoted(range))\(hint)")
    }
    guard !seen.contains(modifier) else {
      throw parser.error(
        .duplicateModifier, at: range.lowerBound,
        "modifier \(parser.quoted(range)) appears twice", expected: "each modifier once")
    }
    seen.append(modifier)
    switch modifier.flags(on: parser.platform) {
    case .flags(let flag) where flag == .numericPad: keypad = true
    case .flags(let flag): flags.formUnion(flag)
    case .unsupported(let reason):
      throw parser.error(
        .unsupportedModifier, at: range.lowerBound,
        "\(dialect.displayName) modifier \(parser.quoted(range)) cannot be read: \(reason)",
        expected: supportedModifiersHint)
    }
  }

  private var supportedModifiersHint: String {
    parser.platform == .mac
      ? "Control, Alt (Option), Shift or ⌘"
      : "Control, Alt, Shift or Super (MenuKit's primary modifier is Control under the "
        + "\(parser.platform.rawValue) profile)"
  }

  /// Resolves the key written in `range`.
  mutating func setKey(_ range: Range<Int>) throws(ShortcutDialectError) {
    guard !range.isEmpty else {
      throw parser.error(
        .missingKey, at: range.lowerBound, "the stroke has no key",
        expected: "a key after the modifiers")
    }
    let name = parser.text(range)
    // Zed's `shift shift` (the JetBrains base keymap's palette key): a modifier word alone is
    // a tap of that modifier key, as `Shift Shift` is in MenuKit's own text.
    if dialect == .zed, seen.isEmpty, name.count > 1,
      let modifier = DialectModifier.named(name, in: dialect),
      case .flags(let flag) = modifier.flags(on: parser.platform),
      let tap = KeyInput.modifierKey(flag)
    {
      keyOffset = range.lowerBound
      input = tap
      return
    }
    if name.count > 1, DialectModifier.named(name, in: dialect) != nil {
      throw parser.error(
        .missingKey, at: range.lowerBound,
        "the stroke ends with the modifier \(parser.quoted(range)) and has no key",
        expected: "a key after the modifiers")
    }
    try setKey(named: name, at: range.lowerBound, length: range.count)
  }

  /// Resolves a key name that starts at `offset`.
  mutating func setKey(
    named name: String, at offset: Int, length: Int? = nil
  ) throws(ShortcutDialectError) {
    let length = length ?? name.unicodeScalars.count
    keyOffset = offset
    if name.count == 1, let character = name.first {
      try setCharacter(character, at: offset)
      return
    }
    switch DialectKeyNames.lookUp(name, in: dialect) {
    case .input(let key):
      input = key
    case .unsupported(let kind, let reason):
      throw parser.error(
        kind, at: offset,
        "\(dialect.displayName) key \(parser.quoted(offset..<offset + length)) "
          + "cannot be read: \(reason)",
        expected: keyExpectation)
    case nil:
      let suggestion =
        suggestion(for: name, in: DialectKeyNames.names(in: dialect))
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      throw parser.error(
        .unknownKey, at: offset,
        "unknown \(dialect.displayName) key \(parser.quoted(offset..<offset + length))\(hint)",
        expected: keyExpectation)
    }
  }

  private mutating func setCharacter(
    _ character: Character, at offset: Int
  ) throws(ShortcutDialectError) {
    guard !character.unicodeScalars.contains(where: \.isControlOrSpace) else {
      throw parser.error(
        .unknownKey, at: offset, "a control character where a key was expected",
        expected: keyExpectation)
    }
    // A combining or prepended mark joins the separator written next to it (found by
    // fuzzing, docs/development/hardening.md).
    guard character.canBeKeyInShortcutText else {
      throw parser.error(
        .unknownKey, at: offset,
        "'\(character)' cannot be a key: a combining mark joins the characters next to it",
        expected: keyExpectation)
    }
    // A GTK key is a keysym, which names one Unicode scalar: `q` with a combining mark has
    // none, and GTK text could not write it back (found by fuzzing, docs/development/hardening.md).
    if dialect == .gtk, character.unicodeScalars.count > 1 {
      throw parser.error(
        .unknownKey, at: offset,
        "GTK has no keysym for '\(character)', a character of "
          + "\(character.unicodeScalars.count) Unicode scalars (a letter with combining marks)",
        expected: keyExpectation)
    }
    let isASCIILetter = character.isASCII && character.isLetter
    if isASCIILetter, character.isUppercase, dialect == .zed || dialect == .emacs {
      // Zed and Emacs read an uppercase letter as Shift and the letter.
      flags.insert(.shift)
    }
    // Any letter is its lowercase key, as in MenuKit's own text (`KeyInput(named:)`): `É` is
    // the key `é`, as GTK's `U00C9` is, so the text written for it reads back the same (found
    // by fuzzing, docs/development/hardening.md).
    input = KeyInput(named: String(character)) ?? KeyInput(String(character))
  }

  /// The candidate closest to `word`, when it is a likely typo.
  ///
  /// Only words of up to 32 characters get suggestions, and only candidates whose length is
  /// within the allowed distance are compared (``Swift/StringProtocol/closest(in:)``), so a
  /// long or random word costs little.
  private func suggestion(for word: String, in candidates: [String]) -> String? {
    word.closest(in: candidates)
  }

  private var keyExpectation: String {
    let names = DialectKeyNames.names(in: dialect).prefix(12).joined(separator: ", ")
    return "one character or a \(dialect.displayName) key name such as \(names)"
  }

  /// The finished shortcut.
  func shortcut() throws(ShortcutDialectError) -> KeyboardShortcut {
    guard var input else {
      // setKey always sets the input or throws; keep a clear error rather than a trap.
      throw parser.error(.missingKey, at: parser.scalars.count, "the stroke has no key")
    }
    if keypad {
      guard let keypadInput = input.keypadEquivalent else {
        throw parser.error(
          .unexpectedText, at: keyOffset, "'Num' applies only to keypad keys, not '\(input)'",
          expected: "a digit, + - * / . = , or Enter after 'Num+'")
      }
      input = keypadInput
    }
    return KeyboardShortcut(input, modifierFlags: flags)
  }
}

extension KeyInput {
  /// The keypad key that types the same thing (Qt's `Num+5`), if there is one.
  fileprivate var keypadEquivalent: KeyInput? {
    if specialKey == .enter || specialKey == .return { return .enter }
    if let key = specialKey, key.canonicalName.hasPrefix("Keypad") { return self }
    guard let characters else { return nil }
    if let digit = Int(characters), (0...9).contains(digit), characters.count == 1 {
      return .keypad(digit)
    }
    return KeyInput.SpecialKey.allCases.first {
      $0.canonicalName.hasPrefix("Keypad") && $0.keypadDigit == nil
        && $0.keypadSuffix == characters
    }.map(KeyInput.init)
  }
}
