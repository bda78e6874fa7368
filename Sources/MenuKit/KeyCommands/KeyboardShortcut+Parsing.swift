/// Why a shortcut's text could not be parsed.
///
/// Each case keeps the offending word and its offset (in Unicode scalars from the start of the
/// text), so a file loader can point at the exact column.
///
/// ```swift
/// do {
///   _ = try KeyboardShortcut(parsing: "Ctlr+S")
/// } catch {
///   print(error)  // names 'Ctlr', its offset, and suggests 'Ctrl'
/// }
/// ```
public enum KeyboardShortcutParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is empty or only spaces.
  case empty
  /// A modifier word is not known; `suggestion` is the closest known word, if any is close.
  case unknownModifier(String, offset: Int, suggestion: String?)
  /// The key name is not a single character or a known special-key name.
  case unknownKey(String, offset: Int, suggestion: String?)
  /// The text ends with a modifier, or has an empty part between two `+`.
  case missingKey(offset: Int)
  /// A modifier is named twice.
  case duplicateModifier(String, offset: Int)
  /// A key sequence has more strokes than ``KeySequence/maximumLength``; `offset` is where the
  /// first stroke too many starts.
  case tooManyStrokes(offset: Int)
  /// A physical key in brackets, such as `[Peroid]`, names no key position MenuKit knows;
  /// `suggestion` is the closest W3C code name in brackets, if any is close.
  case unknownPhysicalKey(String, offset: Int, suggestion: String?)
  /// A physical key in brackets names a position no shortcut can use as its key: a modifier
  /// or lock key (`[ShiftLeft]`, `[CapsLock]`), or a W3C key outside the keyboard page, such as
  /// the media key `[MediaPlayPause]`.
  case unsupportedPhysicalKey(String, offset: Int)

  /// The offset of the problem in the text, in Unicode scalars.
  public var offset: Int {
    switch self {
    case .empty: 0
    case .unknownModifier(_, let offset, _), .unknownKey(_, let offset, _),
      .duplicateModifier(_, let offset), .unknownPhysicalKey(_, let offset, _),
      .unsupportedPhysicalKey(_, let offset):
      offset
    case .missingKey(let offset), .tooManyStrokes(let offset): offset
    }
  }

  static let expectation =
    "expected modifiers (Ctrl, Cmd, Super, Alt, Shift) joined with '+' and then one key, like "
    + "'Cmd+Shift+O'"

  /// The error as one line: what was wrong, and where in the text.
  public var description: String {
    switch self {
    case .empty:
      return "empty shortcut; \(Self.expectation)"
    case .unknownModifier(let word, _, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; \(Self.expectation)"
      return "unknown modifier '\(word.shortenedForMessage)'\(hint)"
    case .unknownKey(let word, _, let suggestion):
      let hint =
        suggestion.map { "; did you mean '\($0)'?" }
        ?? "; expected one character or a key name like Up, Escape, F5, PageDown"
      return "unknown key '\(word.shortenedForMessage)'\(hint)"
    case .missingKey:
      return "the shortcut has no key; \(Self.expectation)"
    case .duplicateModifier(let word, _):
      return "modifier '\(word.shortenedForMessage)' appears twice"
    case .tooManyStrokes:
      return "the key sequence has more than \(KeySequence.maximumLength) strokes"
    case .unknownPhysicalKey(let word, _, let suggestion):
      let hint =
        suggestion.map { "; did you mean '\($0)'?" }
        ?? "; expected a W3C key code name in brackets, like [KeyA], [Digit1], [BracketLeft]"
      return "unknown physical key '\(word.shortenedForMessage)'\(hint)"
    case .unsupportedPhysicalKey(let word, _):
      return "the physical key '\(word.shortenedForMessage)' \(KeyInput.physicalKeyRejection(word))"
    }
  }
}

// MARK: - API

extension KeyboardShortcut {
  /// Parses the canonical text form, accepting common spellings.
  ///
  /// Parts are joined by `+`; every part but the last is a modifier (`Ctrl`, `Control`, `Alt`,
  /// `Option`, `Shift`, `Cmd`, `Command`, `Primary`, and `Super`, `Meta`, `Win`, `Windows` or
  /// `Logo` for the Super key, any case). The last part is the key: one
  /// character (`O`, `o`, `[`, `?`, `é`; letters become lowercase inputs), `Plus` or a trailing
  /// `+` for the plus key, a special-key name (`Up`, `Escape`, `Tab`, `Return`, `Enter`,
  /// `Backspace`, `Delete`, `Home`, `End`, `PageUp`, `PageDown`, `Insert`, `Space`, `F1`–`F24`,
  /// `Keypad0`–`Keypad9`, …), or a physical key: a W3C `KeyboardEvent.code` name in brackets,
  /// any case (`[BracketLeft]`, `[KeyA]`, `[Numpad1]`; ``KeyInput/physicalKey(_:)``).
  ///
  /// ```swift
  /// try KeyboardShortcut(parsing: "ctrl+shift+o").canonicalText        // "Ctrl+Shift+O"
  /// try KeyboardShortcut(parsing: "Cmd++").input                       // "+"
  /// try KeyboardShortcut(parsing: "Meta+E").canonicalText              // "Super+E"
  /// try KeyboardShortcut(parsing: "ctrl+[bracketleft]").canonicalText  // "Ctrl+[BracketLeft]"
  /// ```
  ///
  /// - Parameter text: The shortcut text.
  /// - Throws: ``KeyboardShortcutParseError`` naming the part that is wrong and where.
  public init(parsing text: String) throws(KeyboardShortcutParseError) {
    let trimmed = text.trimmingSpaces()
    guard !trimmed.text.isEmpty else { throw .empty }
    var parts = trimmed.text.split(separator: "+", omittingEmptySubsequences: false)
      .map(String.init)
    // A trailing "++" (or a lone "+") names the plus key.
    if parts.count >= 2, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
      parts.removeLast(2)
      parts.append("+")
    }
    var flags: KeyModifierFlags = []
    var offset = trimmed.offset
    for part in parts.dropLast() {
      guard !part.isEmpty else { throw .missingKey(offset: offset) }
      guard let flag = KeyModifierFlags.named(part) else {
        throw .unknownModifier(
          part, offset: offset,
          suggestion: part.closest(in: KeyModifierFlags.acceptedWords))
      }
      guard !flags.contains(flag) else { throw .duplicateModifier(part, offset: offset) }
      flags.insert(flag)
      offset += part.unicodeScalars.count + 1
    }
    let keyName = parts[parts.count - 1]
    guard !keyName.isEmpty else { throw .missingKey(offset: offset) }
    // A modifier alone is a modifier-key stroke: "Shift" in "Shift Shift".
    if parts.count == 1, let flag = KeyModifierFlags.named(keyName),
      let input = KeyInput.modifierKey(flag)
    {
      self.init(input, modifierFlags: [])
      return
    }
    if let code = KeyInput.bracketedCode(keyName) {
      switch KeyInput.physicalKey(named: code) {
      case .input(let input):
        self.init(input, modifierFlags: flags)
        return
      case .unsupported:
        throw .unsupportedPhysicalKey(keyName, offset: offset)
      case .unknown(let suggestion):
        throw .unknownPhysicalKey(keyName, offset: offset, suggestion: suggestion)
      }
    }
    guard let input = KeyInput(named: keyName) else {
      if KeyModifierFlags.named(keyName) != nil { throw .missingKey(offset: offset) }
      throw .unknownKey(
        keyName, offset: offset,
        suggestion: keyName.closest(in: KeyInput.SpecialKey.allCases.map(\.canonicalName)))
    }
    self.init(input, modifierFlags: flags)
  }
}

extension KeySequence {
  /// The most strokes a parsed sequence may have: 16.
  ///
  /// Real sequences have two or three strokes (`Cmd+K Cmd+S`, Emacs's `C-x r t`); the limit
  /// keeps a corrupt or hostile file from building a sequence of millions of strokes. It
  /// applies to ``init(parsing:)`` and to ``init(parsing:dialect:platform:)`` in every dialect.
  public static let maximumLength = 16

  /// Parses strokes separated by spaces, such as `Cmd+K Cmd+S`.
  ///
  /// A sequence has at most ``maximumLength`` strokes (docs/development/hardening.md).
  ///
  /// - Throws: ``KeyboardShortcutParseError`` for the first stroke that does not parse, with its
  ///   offset counted from the start of `text`, or
  ///   ``KeyboardShortcutParseError/tooManyStrokes(offset:)``.
  public init(parsing text: String) throws(KeyboardShortcutParseError) {
    var strokes: [KeyboardShortcut] = []
    var offset = 0
    var current = ""
    var start = 0
    func flush() throws(KeyboardShortcutParseError) {
      guard !current.isEmpty else { return }
      guard strokes.count < KeySequence.maximumLength else { throw .tooManyStrokes(offset: start) }
      do {
        strokes.append(try KeyboardShortcut(parsing: current))
      } catch {
        throw error.shifted(by: start)
      }
      current = ""
    }
    for scalar in text.unicodeScalars {
      if scalar == " " || scalar == "\t" {
        try flush()
      } else {
        if current.isEmpty { start = offset }
        current.unicodeScalars.append(scalar)
      }
      offset += 1
    }
    try flush()
    guard !strokes.isEmpty else { throw .empty }
    self.init(strokes)
  }
}

// MARK: - Internal

extension KeyInput {
  /// The input a key name denotes: one character, `Plus`, or a special-key name.
  init?(named name: String) {
    if name.count == 1 {
      guard let character = name.first, character.canBeKeyInShortcutText else { return nil }
      let lowered = name.lowercased()
      // Uppercase letters name the key, whose input is the lowercase letter, when lowercasing
      // adds no scalar: `İ` lowercases to `i` and a combining dot, a key that no keyboard has
      // and GTK's keysyms cannot name, so it stays `İ` (found by fuzzing, docs/development/hardening.md).
      let isLetter = name.first?.isLetter == true
      self.init(
        isLetter && lowered.count == 1
          && lowered.unicodeScalars.count == name.unicodeScalars.count ? lowered : name)
      return
    }
    if name.lowercased() == "plus" {
      self.init("+")
      return
    }
    guard let key = SpecialKey.named(name) else { return nil }
    self.init(key)
  }
}

extension KeyboardShortcutParseError {
  fileprivate func shifted(by delta: Int) -> Self {
    switch self {
    case .empty: .empty
    case .unknownModifier(let word, let offset, let suggestion):
      .unknownModifier(word, offset: offset + delta, suggestion: suggestion)
    case .unknownKey(let word, let offset, let suggestion):
      .unknownKey(word, offset: offset + delta, suggestion: suggestion)
    case .missingKey(let offset): .missingKey(offset: offset + delta)
    case .duplicateModifier(let word, let offset):
      .duplicateModifier(word, offset: offset + delta)
    case .tooManyStrokes(let offset): .tooManyStrokes(offset: offset + delta)
    case .unknownPhysicalKey(let word, let offset, let suggestion):
      .unknownPhysicalKey(word, offset: offset + delta, suggestion: suggestion)
    case .unsupportedPhysicalKey(let word, let offset):
      .unsupportedPhysicalKey(word, offset: offset + delta)
    }
  }
}

extension Character {
  /// Whether the character can be a key in shortcut text, in any dialect.
  ///
  /// A combining or prepended mark joins the `+` or `-` written next to it into one character,
  /// and a mark on `+` or `-` hides the separator, so neither could be read back (found by
  /// fuzzing, docs/development/hardening.md). A character of several scalars must start with a letter or a
  /// digit: `e` with a combining acute accent is a key.
  var canBeKeyInShortcutText: Bool {
    guard "+\(self)+".count == 3, let first = unicodeScalars.first else { return false }
    return unicodeScalars.count == 1 || first.properties.isAlphabetic
      || first.properties.numericType != nil
  }
}

extension String {
  /// The text without leading and trailing spaces, and the offset of its first scalar.
  fileprivate func trimmingSpaces() -> (text: String, offset: Int) {
    let scalars = unicodeScalars
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
    let leading = scalars.prefix(while: isSpace).count
    var view = Substring(self).unicodeScalars.dropFirst(leading)
    while let last = view.last, isSpace(last) { view = view.dropLast() }
    return (String(String.UnicodeScalarView(view)), leading)
  }
}
