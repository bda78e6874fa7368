import MenuKit
import MenuKitJSON

/// Reads and writes Zed's `keymap.json`.
///
/// The file is a JSON array (comments and trailing commas allowed) of sections; each section
/// has an optional `context` and an object of `bindings` keyed by keystroke, in file order:
///
/// ```json
/// [
///   { "bindings": { "ctrl-shift-p": "command_palette::Toggle" } },
///   { "context": "Editor && mode == full",
///     "use_key_equivalents": true,
///     "bindings": {
///       "ctrl-k ctrl-s": "zed::OpenKeymap",
///       "ctrl-w": ["pane::CloseActiveItem", { "save_intent": "close" }],
///       "ctrl-q": null } }
/// ]
/// ```
///
/// Each binding becomes one ``KeyBinding``, in file order, located at its keystroke:
/// - the keystroke is read in the ``ShortcutDialect/zed`` dialect for the given platform;
/// - an action name performs it, `["action", args]` performs it with arguments, and `null` or
///   `"zed::NoAction"` disables the keys (``KeyBinding/Effect/unbind``);
/// - the section's `context` is read as a ``ContextPredicate``: Zed's context language
///   (`>`, `||`, `&&`, `==`, `!=`, `!`, parentheses) is MenuKit's.
///
/// `use_key_equivalents` is read as Zed reads it on the platform. Zed for Linux ignores it, so
/// under the linux profile the keys are the characters written. Zed for Windows matches such
/// shortcuts by the US virtual-key code of their character, and Zed for macOS moves them with
/// the layout, so under those profiles each character US QWERTY types is the physical key it
/// is on there (``KeyInput/physicalKey(_:)``; `ctrl->` is `Ctrl+Shift+[Period]`), and the
/// writer puts such keys back in a `use_key_equivalents` section. Contexts are read as gpui
/// parses them (`vim_operator == g~`), and a modifier alone is a tap (`shift shift`).
/// Loading is partial, as for ``KeymapFile``.
///
/// ```swift
/// let (keymap, diagnostics) = ZedKeymap.load(
///   contentsOf: "keymap.json", platform: .linux, source: .user)
/// let text = ZedKeymap.text(of: keymap!, platform: .linux).text
/// ```
public enum ZedKeymap {
  /// The fields of a section.
  static let sectionFields = ["context", "use_key_equivalents", "bindings"]
  /// The action that disables keys, like `null`.
  static let noAction = "zed::NoAction"

  /// Reads and loads a Zed `keymap.json` at a path.
  ///
  /// A file that cannot be read, or is not UTF-8, gives no keymap and one `MK103` diagnostic;
  /// otherwise the text is loaded as by ``load(text:path:platform:source:)``.
  ///
  /// ```swift
  /// let result = ZedKeymap.load(contentsOf: "keymap.json", platform: .linux, source: .user)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path, also used in every diagnostic's location.
  ///   - platform: The platform the file was written for; it decides what `ctrl`, `cmd` and
  ///     `secondary` mean.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding (nil when the file cannot be read, is not
  ///   JSON, or is not an array), and every problem found, sorted by position.
  public static func load(
    contentsOf path: String, platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    switch SourceFile.readText(at: path, kind: "Zed keymap file") {
    case .success(let text): load(text: text, path: path, platform: platform, source: source)
    case .failure(let failure): (nil, [failure.diagnostic])
    }
  }

  /// Loads a Zed keymap from its text.
  ///
  /// ```swift
  /// let text = #"[{ "context": "Editor", "bindings": { "ctrl-k ctrl-s": "zed::OpenKeymap" } }]"#
  /// let (keymap, _) = ZedKeymap.load(text: text, platform: .linux, source: .user)
  /// keymap?.bindings.first?.keys.canonicalText  // "Cmd+K Cmd+S"
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The file's path for diagnostics and ``Keymap/path``; empty when there is none.
  ///   - platform: The platform the file was written for.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding (nil on a JSON syntax error or a top level
  ///   that is not an array), and every problem found, sorted by position.
  public static func load(
    text: String, path: String = "", platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    ForeignKeymapDecoder.decodeArray(
      text: text, path: path, dialect: .zed, platform: platform, source: source,
      expected: "an array of keymap sections at the top level of a Zed keymap"
    ) { decoder, section, keymap in
      decoder.decodeZedSection(section, source: source, into: &keymap)
    }
  }

  /// Writes a keymap as a Zed `keymap.json`.
  ///
  /// Consecutive bindings with the same context share a section; a keystroke that a section
  /// already binds starts a new section, so no binding is lost to a repeated object key and
  /// file order is kept. A binding that Zed cannot express is left out and reported (`MK555`)
  /// at its location: a `-command` removal, keys with no Zed name, or a context with names Zed
  /// cannot spell (Zed's identifiers are letters, digits, `_` and `-`). The text loads back with
  /// ``load(text:path:platform:source:)`` to the same bindings.
  ///
  /// ```swift
  /// let (text, problems) = ZedKeymap.text(of: keymap, platform: .linux)
  /// // [
  /// //   {
  /// //     "context": "Editor",
  /// //     "bindings": {
  /// //       "ctrl-k ctrl-s": "file::SaveAll"
  /// //     }
  /// //   }
  /// // ]
  /// ```
  ///
  /// - Parameters:
  ///   - keymap: The bindings to write.
  ///   - platform: The platform the text is for; it decides the modifier words.
  /// - Returns: The JSON text, ending with a newline, and a diagnostic for each binding left
  ///   out.
  public static func text(of keymap: Keymap, platform: PlatformProfile) -> (
    text: String, diagnostics: [Diagnostic]
  ) {
    var report = ExportReport(format: "a Zed keymap")
    var sections:
      [(context: ContextPredicate?, byPosition: Bool, keys: Set<String>, lines: [String])] = []
    for binding in keymap.bindings {
      // Physical keys are written as the US characters of their positions in a section with
      // `use_key_equivalents`, which the mac and windows profiles read back as positions.
      let positional = keysByPosition(binding.keys, platform: platform)
      guard let keys = (positional ?? binding.keys).text(in: .zed, platform: platform) else {
        report.leaveOutKeys(of: binding, dialect: .zed, reason: "a key has no Zed name")
        continue
      }
      let action: String
      switch binding.effect {
      case .perform(let name, nil):
        action = KeymapFile.jsonString(name.rawValue)
      case .perform(let name, let arguments?):
        action = "[\(KeymapFile.jsonString(name.rawValue)), \(KeymapFile.jsonText(arguments))]"
      case .unbind:
        action = "null"
      case .unbindCommand:
        report.leaveOut(binding, "Zed has no removal of one command's binding ('-command')")
        continue
      }
      if let context = binding.context, let name = nonZedName(in: context) {
        report.leaveOut(binding, "'\(name)' in its context cannot be a Zed identifier")
        continue
      }
      let line = "\(KeymapFile.jsonString(keys)): \(action)"
      // Compared in place: a copy of the last section would make each insert copy it.
      let last = sections.count - 1
      if last >= 0, sections[last].context == binding.context,
        sections[last].byPosition == (positional != nil), !sections[last].keys.contains(keys)
      {
        sections[sections.count - 1].keys.insert(keys)
        sections[sections.count - 1].lines.append(line)
      } else {
        sections.append((binding.context, positional != nil, [keys], [line]))
      }
    }
    let texts = sections.map { section in
      var text = "  {\n"
      if let context = section.context {
        text += "    \"context\": \(KeymapFile.jsonString(zedText(of: context))),\n"
      }
      if section.byPosition { text += "    \"use_key_equivalents\": true,\n" }
      text += "    \"bindings\": {\n"
      text += section.lines.map { "      " + $0 }.joined(separator: ",\n")
      return text + "\n    }\n  }"
    }
    let text = texts.isEmpty ? "[]\n" : "[\n" + texts.joined(separator: ",\n") + "\n]\n"
    return (text, report.diagnostics)
  }
}

// MARK: - Internal

extension ZedKeymap {
  /// The keys of a `use_key_equivalents` section under the mac and windows profiles: each
  /// character that US QWERTY types becomes the physical key that types it there, Shift added
  /// for a shifted character (`ctrl->` is `Ctrl+Shift+[Period]`), as Zed for Windows maps the
  /// US character to its virtual-key code and Zed for macOS moves it with the layout. Special
  /// keys and characters US QWERTY does not type stay as they are.
  static func keyEquivalents(_ keys: KeySequence) -> KeySequence {
    KeySequence(
      keys.strokes.map { stroke in
        guard let characters = stroke.input.characters, characters.count == 1,
          let (usage, shifted) = usPositions[characters]
        else { return stroke }
        return KeyboardShortcut(
          .physicalKey(usage),
          modifierFlags: shifted ? stroke.modifierFlags.union(.shift) : stroke.modifierFlags)
      })
  }

  /// The keys with each physical key written as the character US QWERTY types on it
  /// unshifted, for a `use_key_equivalents` section; nil when the keys have no physical key,
  /// when the profile is linux (where Zed ignores the flag), or when a character stroke would
  /// be read as a position there.
  static func keysByPosition(_ keys: KeySequence, platform: PlatformProfile) -> KeySequence? {
    guard platform != .linux, keys.strokes.contains(where: { $0.input.physicalKey != nil })
    else { return nil }
    var strokes: [KeyboardShortcut] = []
    for stroke in keys.strokes {
      if let usage = stroke.input.physicalKey {
        guard let keycap = usage.usKeycap, usage.rawValue <= 0x38 else { return nil }
        strokes.append(
          KeyboardShortcut(KeyInput(keycap.lowercased()), modifierFlags: stroke.modifierFlags))
      } else if let characters = stroke.input.characters, usPositions[characters] != nil {
        return nil
      } else {
        strokes.append(stroke)
      }
    }
    return KeySequence(strokes)
  }

  /// Where US QWERTY types each printable ASCII character: the key and whether Shift is held.
  static let usPositions: [String: (KeyboardHIDUsage, Bool)] = {
    var table: [String: (KeyboardHIDUsage, Bool)] = [:]
    let shifted: [Character: Character] = [
      "`": "~", "1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&", "8": "*",
      "9": "(", "0": ")", "-": "_", "=": "+", "[": "{", "]": "}", "\\": "|", ";": ":",
      "'": "\"", ",": "<", ".": ">", "/": "?",
    ]
    // The writing-system keys of the keyboard page, A (0x04) to / (0x38).
    for rawValue in 0x04...0x38 {
      let usage = KeyboardHIDUsage(rawValue: rawValue)
      guard let keycap = usage.usKeycap else { continue }
      let character = Character(keycap.lowercased())
      table[String(character)] = (usage, false)
      if let upper = shifted[character] {
        table[String(upper)] = (usage, true)
      } else if character.isLetter {
        table[keycap.uppercased()] = (usage, true)
      }
    }
    return table
  }()

  /// A predicate in Zed's context syntax: MenuKit's text with every name bare (Zed has no
  /// quotes; ``nonZedName(in:)`` says which names it reads back) and the same precedence.
  static func zedText(of predicate: ContextPredicate, minimumLevel: Int = 0) -> String {
    let body: String
    let level: Int
    switch predicate {
    case .identifier(let name): (body, level) = (name, 5)
    case .equal(let key, let value): (body, level) = ("\(key) == \(value)", 3)
    case .notEqual(let key, let value): (body, level) = ("\(key) != \(value)", 3)
    case .not(let operand): (body, level) = ("!" + zedText(of: operand, minimumLevel: 4), 4)
    case .and(let operands) where operands.count == 1, .or(let operands) where operands.count == 1:
      return zedText(of: operands[0], minimumLevel: minimumLevel)
    case .and(let operands):
      (body, level) = (
        operands.map { zedText(of: $0, minimumLevel: 3) }.joined(separator: " && "), 2
      )
    case .or(let operands):
      (body, level) = (
        operands.map { zedText(of: $0, minimumLevel: 2) }.joined(separator: " || "), 1
      )
    case .descendant(let lhs, let rhs):
      (body, level) = (zedText(of: lhs) + " > " + zedText(of: rhs, minimumLevel: 1), 0)
    }
    return level < minimumLevel ? "(\(body))" : body
  }

  /// The first name in a predicate that Zed's context parser cannot read back as itself, if
  /// any: gpui reads an identifier that starts with a letter, a digit, `_` or `-` and goes on
  /// through those and Vim's operator characters, or one operator character alone
  /// (``ZedContext``).
  static func nonZedName(in predicate: ContextPredicate) -> String? {
    func isZedIdentifier(_ name: String) -> Bool {
      let scalars = Array(name.unicodeScalars)
      guard let first = scalars.first else { return false }
      if scalars.count == 1, ZedContext.isVimOperatorScalar(first) { return true }
      return ZedContext.isIdentifierScalar(first)
        && scalars.allSatisfy {
          ZedContext.isIdentifierScalar($0) || ZedContext.isVimOperatorScalar($0)
        }
    }
    switch predicate {
    case .identifier(let name):
      return isZedIdentifier(name) ? nil : name
    case .equal(let key, let value), .notEqual(let key, let value):
      return [key, value].first { !isZedIdentifier($0) }
    case .not(let operand):
      return nonZedName(in: operand)
    case .and(let operands), .or(let operands):
      return operands.lazy.compactMap { nonZedName(in: $0) }.first
    case .descendant(let lhs, let rhs):
      return nonZedName(in: lhs) ?? nonZedName(in: rhs)
    }
  }
}

extension ForeignKeymapDecoder {
  /// Decodes one Zed section; a bad context skips the whole section.
  mutating func decodeZedSection(
    _ node: JSONNode, source: KeymapSource, into keymap: inout Keymap
  ) {
    guard case .object(let members) = node.value else {
      report(
        .wrongType,
        "expected a keymap section object in a Zed keymap, found \(node.value.typeNameWithArticle)",
        at: node.location)
      return
    }
    let errorsBefore = errorCount
    let fields = base.fields(
      of: members, at: node.location, context: MenuFileContext(noun: "a Zed keymap section"),
      known: ZedKeymap.sectionFields)
    let context = zedSectionContext(in: fields)
    // Zed for Linux ignores the flag (its Linux keyboard mapper returns every keystroke as
    // written), so under the linux profile the keys mean what they say; Zed for macOS and
    // Windows match them by key position, which physical-key strokes say.
    let byPosition = base.bool("use_key_equivalents", in: fields) == true && platform != .linux
    if fields["bindings"] == nil { base.reportMissing("bindings", in: fields) }
    let bindings = base.value(
      "bindings", in: fields, expected: "an object of keystrokes and actions"
    ) { $0.objectValue }
    guard errorCount == errorsBefore, let bindings else { return }
    for member in bindings {
      if var binding = decodeZedBinding(member, context: context, source: source) {
        if byPosition { binding.keys = ZedKeymap.keyEquivalents(binding.keys) }
        keymap.bindings.append(binding)
      }
    }
  }

  /// A Zed section's `context`, read as gpui reads it (``ZedContext``): nil when missing, not a
  /// string or blank; a context gpui would refuse is `MK501` at its column, and nil.
  mutating func zedSectionContext(in fields: MenuFileFields) -> ContextPredicate? {
    guard let text = base.string("context", in: fields),
      !text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace })
    else { return nil }
    do {
      return try ZedContext.parse(text)
    } catch {
      report(
        .badContext,
        "bad context \(text.quotedForMessage): \(error.message); the section is skipped",
        at: base.location(in: fields["context"]!, text: text, offset: error.column - 1))
      return nil
    }
  }

  /// Decodes one `"keystroke": action` member, or reports why it is skipped.
  mutating func decodeZedBinding(
    _ member: JSONMember, context: ContextPredicate?, source: KeymapSource
  ) -> KeyBinding? {
    let keyNode = JSONNode(value: .string(member.key), location: member.keyLocation)
    let keys = keySequence(member.key, at: keyNode)
    let effect = zedEffect(member.value)
    guard let keys, let effect else { return nil }
    return KeyBinding(
      keys: keys, effect: effect, context: context, source: source, location: member.keyLocation)
  }

  /// The effect of an action value: a name, `[name, args]`, or `null`.
  mutating func zedEffect(_ node: JSONNode) -> KeyBinding.Effect? {
    switch node.value {
    case .null:
      return .unbind
    case .string(let name):
      return zedAction(name, at: node, arguments: nil)
    case .array(let elements):
      guard (1...2).contains(elements.count), case .string(let name) = elements[0].value else {
        report(
          .wrongType,
          "expected an action as [\"name\"] or [\"name\", arguments], found an array of "
            + "\(elements.count) element\(elements.count == 1 ? "" : "s")"
            + (elements.first.map { " starting with \($0.value.typeNameWithArticle)" } ?? ""),
          at: node.location)
        return nil
      }
      var arguments: PropertyList?  // `PropertyList` is nil-literal expressible: no `?:`.
      if elements.count == 2 { arguments = base.propertyList(elements[1]) }
      return zedAction(name, at: elements[0], arguments: arguments)
    default:
      report(
        .wrongType,
        "expected an action name, [\"name\", arguments] or null for a Zed binding, found "
          + node.value.typeNameWithArticle,
        at: node.location)
      return nil
    }
  }

  /// A named action; `zed::NoAction` disables the keys.
  mutating func zedAction(_ name: String, at node: JSONNode, arguments: PropertyList?)
    -> KeyBinding.Effect?
  {
    guard ActionName(name).canBePerformedByKeymap else {
      report(
        .badCommand,
        "the action name \(name.quotedForMessage) is not valid; expected an action such as "
          + "'editor::Cancel' (not empty, without spaces, not starting with '-'), or null to "
          + "disable the keys",
        at: node.location)
      return nil
    }
    if name == ZedKeymap.noAction { return .unbind }
    return .perform(ActionName(name), arguments: arguments)
  }
}
