import MenuKit
import MenuKitJSON

/// Reads Sublime Text's `.sublime-keymap` files.
///
/// The file is a JSON array (comments and trailing commas allowed) of bindings:
///
/// ```json
/// [
///   { "keys": ["ctrl+shift+p"], "command": "show_overlay",
///     "args": { "overlay": "command_palette" } },
///   { "keys": ["ctrl+k", "ctrl+b"], "command": "toggle_side_bar" },
///   { "keys": ["enter"], "command": "commit_completion", "context": [
///       { "key": "auto_complete_visible" },
///       { "key": "setting.auto_complete_commit_on_tab", "operand": false } ] }
/// ]
/// ```
///
/// Each binding becomes one ``KeyBinding``, in file order, located at its opening brace:
/// - `keys` is the sequence's strokes, each modifiers (`ctrl`, `shift`, `alt`, `super`, and
///   `primary` for the platform's primary modifier) and a key joined by `+` (`ctrl++` is Ctrl
///   and `+`); `ctrl` is the Control key of the platform, `super` the Super key (⌘ on mac);
/// - `command` and `args` are the command performed and its arguments;
/// - `context` is a list of conditions that must all hold, each `{ key, operator, operand,
///   match_all }` (`operator` defaults to `equal`, `operand` to `true`). A condition on a value
///   is exact: `key == true` is the identifier `key`, `false` is `!key`, another operand is
///   `key == 'operand'` (`not_equal`: the negations). A regular expression (`regex_match`,
///   `regex_contains`, and their `not_` forms) and every condition on the selections (`selector`,
///   `eol_selector`, `text`, `preceding_text`, `following_text`, `selection_empty`, which
///   Sublime checks per selection, any or all of them) have no exact MenuKit equivalent: each
///   is kept as one named condition, `'sublime:selector equal source.python match_all'`, which
///   holds where a context contributes it, with an `MK563` warning; keymap-lint takes it as
///   possibly true or false. A `not_` regular expression on a value is the negation of its
///   positive form.
///
/// Nothing is dropped silently: a key Sublime has but MenuKit cannot express (a browser key,
/// `<character>`) is `MK559`, a malformed key `MK551`, a malformed condition `MK562`, and each
/// skips its binding. Loading is partial, as for ``KeymapFile``.
///
/// ```swift
/// let (keymap, diagnostics) = SublimeKeymap.load(
///   contentsOf: "Default (Linux).sublime-keymap", platform: .linux, source: .app)
/// ```
public enum SublimeKeymap {
  /// The fields of a binding.
  static let bindingFields = ["keys", "command", "args", "context"]
  /// The fields of a context condition.
  static let conditionFields = ["key", "operator", "operand", "match_all"]
  /// The prefix of the named conditions that stand for what MenuKit cannot evaluate.
  static let opaquePrefix = "sublime:"
  /// The context keys Sublime checks per selection (any of them, or all with `match_all`).
  static let selectionKeys: Set<String> = [
    "selector", "eol_selector", "text", "preceding_text", "following_text", "selection_empty",
  ]
  /// The operators of a condition.
  static let operators = [
    "equal", "not_equal", "regex_match", "not_regex_match", "regex_contains",
    "not_regex_contains",
  ]

  /// Reads and loads a Sublime Text keymap at a path.
  ///
  /// A file that cannot be read, or is not UTF-8, gives no keymap and one `MK103` diagnostic;
  /// otherwise the text is loaded as by ``load(text:path:platform:source:)``.
  ///
  /// - Parameters:
  ///   - path: The file's path, also used in every diagnostic's location.
  ///   - platform: The platform the file was written for; it decides what `ctrl`, `super` and
  ///     `primary` mean.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding (nil when the file cannot be read, is not
  ///   JSON, or is not an array), and every problem found, sorted by position.
  public static func load(
    contentsOf path: String, platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    switch SourceFile.readText(at: path, kind: "Sublime Text keymap file") {
    case .success(let text): load(text: text, path: path, platform: platform, source: source)
    case .failure(let failure): (nil, [failure.diagnostic])
    }
  }

  /// Loads a Sublime Text keymap from its text.
  ///
  /// ```swift
  /// let text = #"[{ "keys": ["ctrl+k", "ctrl+b"], "command": "toggle_side_bar" }]"#
  /// let (keymap, _) = SublimeKeymap.load(text: text, platform: .linux, source: .user)
  /// keymap?.bindings.first?.keys.canonicalText  // "Cmd+K Cmd+B"
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
      text: text, path: path, dialect: .menuKit, platform: platform, source: source,
      expected: "an array of key bindings at the top level of a Sublime Text keymap"
    ) { decoder, node, keymap in
      if let binding = decoder.decodeSublimeBinding(node, source: source) {
        keymap.bindings.append(binding)
      }
    }
  }
}

// MARK: - Internal

extension ForeignKeymapDecoder {
  /// Decodes one Sublime Text binding, or reports why it is skipped.
  mutating func decodeSublimeBinding(_ node: JSONNode, source: KeymapSource) -> KeyBinding? {
    guard case .object(let members) = node.value else {
      report(
        .wrongType,
        "expected a key binding object in a Sublime Text keymap, found "
          + node.value.typeNameWithArticle,
        at: node.location)
      return nil
    }
    let errorsBefore = errorCount
    let fields = base.fields(
      of: members, at: node.location, context: MenuFileContext(noun: "a Sublime Text key binding"),
      known: SublimeKeymap.bindingFields)
    var strokes: [KeyboardShortcut] = []
    var keysSkipped = false
    if let keysNode = fields["keys"] {
      if case .array(let elements) = keysNode.value, !elements.isEmpty {
        for element in elements {
          guard case .string(let text) = element.value else {
            report(
              .wrongType,
              "expected a string for each stroke of 'keys', found "
                + element.value.typeNameWithArticle,
              at: element.location)
            keysSkipped = true
            continue
          }
          if let stroke = sublimeStroke(text, at: element) {
            strokes.append(stroke)
          } else {
            keysSkipped = true
          }
        }
      } else {
        report(
          .wrongType,
          "expected a non-empty array of strokes for 'keys', such as [\"ctrl+k\", \"ctrl+b\"], "
            + "found " + keysNode.value.typeNameWithArticle,
          at: keysNode.location)
        keysSkipped = true
      }
    } else {
      base.reportMissing("keys", in: fields)
    }
    var effect: KeyBinding.Effect?
    if let name = base.string("command", in: fields, required: true) {
      if ActionName(name).canBePerformedByKeymap, !name.isEmpty {
        effect = .perform(ActionName(name), arguments: fields["args"].map { base.propertyList($0) })
      } else {
        report(
          .badCommand,
          "the command name \(name.quotedForMessage) is not valid; expected a command such as "
            + "'toggle_side_bar'",
          at: fields["command"]!.location)
      }
    }
    var context: ContextPredicate?
    if let contextNode = fields["context"] {
      guard let predicate = sublimeContext(contextNode) else { return nil }
      context = predicate
    }
    guard errorCount == errorsBefore, !keysSkipped, !strokes.isEmpty, let effect else {
      return nil
    }
    return KeyBinding(
      keys: KeySequence(strokes), effect: effect, context: context, source: source,
      location: node.location)
  }

  /// Sublime's modifier words, each with the MenuKit word it stands for on the platform.
  func sublimeModifier(_ word: String) -> String? {
    switch word {
    case "shift": "Shift"
    case "alt": "Alt"
    case "ctrl": platform == .mac ? "Ctrl" : "Cmd"
    case "super": platform == .mac ? "Cmd" : "Super"
    case "primary": "Cmd"
    default: nil
    }
  }

  /// Sublime's key names and MenuKit's; the keys it names that MenuKit cannot express.
  static let sublimeKeyNames: [String: String] = {
    var names = [
      "up": "Up", "down": "Down", "left": "Left", "right": "Right", "insert": "Insert",
      "home": "Home", "end": "End", "pageup": "PageUp", "pagedown": "PageDown",
      "backspace": "Backspace", "delete": "Delete", "tab": "Tab", "enter": "Return",
      "escape": "Escape", "space": "Space", "clear": "Clear", "keypad_period": "KeypadDecimal",
      "keypad_divide": "KeypadDivide", "keypad_multiply": "KeypadMultiply",
      "keypad_minus": "KeypadMinus", "keypad_plus": "KeypadPlus", "keypad_enter": "Enter",
      "context_menu": "ContextMenu", "browser_back": "BrowserBack",
      "browser_forward": "BrowserForward",
    ]
    for digit in 0...9 { names["keypad\(digit)"] = "Keypad\(digit)" }
    for number in 1...20 { names["f\(number)"] = "F\(number)" }
    return names
  }()
  static let sublimeUnsupportedKeys: Set<String> = [
    "pause", "break", "sysreq", "browser_refresh", "browser_stop", "browser_search",
    "browser_favorites", "browser_home",
    "<character>",
  ]

  /// One stroke of `keys`; reports `MK551` or `MK559` at the offending word.
  mutating func sublimeStroke(_ text: String, at node: JSONNode) -> KeyboardShortcut? {
    // The key is the last word; `ctrl++` ends with the key `+`.
    var words = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("++") || text == "+" {
      words.removeLast(2)
      words.append("+")
    }
    let key = words.removeLast()
    var canonical: [String] = []
    var offset = 0
    for word in words {
      guard let modifier = sublimeModifier(word) else {
        let known = ["ctrl", "shift", "alt", "super", "primary"]
        let hint = word.closest(in: known).map { "did you mean '\($0)'? " } ?? ""
        report(
          word == "altgr" ? .unsupportedForeignKeys : .badForeignKeys,
          "Sublime Text keys \(text.quotedForMessage): "
            + (word == "altgr"
              ? "MenuKit has no AltGr modifier"
              : "unknown modifier \(word.quotedForMessage); \(hint)expected modifiers (ctrl, "
                + "shift, alt, super, primary) joined with '+' and then one key, like 'ctrl+shift+p'")
            + "; the binding is skipped",
          at: base.location(in: node, text: text, offset: offset))
        return nil
      }
      canonical.append(modifier)
      offset += word.unicodeScalars.count + 1
    }
    let keyName: String
    if let name = Self.sublimeKeyNames[key] {
      keyName = name
    } else if key == "+" {
      keyName = "Plus"
    } else if key.count == 1 {
      keyName = key
    } else {
      let unsupported = Self.sublimeUnsupportedKeys.contains(key)
      report(
        unsupported ? .unsupportedForeignKeys : .badForeignKeys,
        "Sublime Text keys \(text.quotedForMessage) "
          + (unsupported
            ? "have no MenuKit equivalent: the key \(key.quotedForMessage) is not one a MenuKit "
              + "shortcut can name"
            : "name an unknown key \(key.quotedForMessage); expected a character or a key name "
              + "such as 'enter', 'pageup', 'f5' or 'keypad_enter'")
          + "; the binding is skipped",
        at: base.location(in: node, text: text, offset: offset))
      return nil
    }
    let canonicalText = (canonical + [keyName]).joined(separator: "+")
    if let sequence = try? KeySequence(
      parsing: canonicalText, dialect: .menuKit, platform: platform),
      sequence.strokes.count == 1
    {
      return sequence.strokes[0]
    } else {
      report(
        .badForeignKeys,
        "bad Sublime Text keys \(text.quotedForMessage): MenuKit cannot read them as "
          + "\(canonicalText.quotedForMessage); the binding is skipped",
        at: base.location(in: node, text: text, offset: offset))
      return nil
    }
  }

  /// A binding's `context`: every condition, joined with `&&`; nil (with an error) when one is
  /// malformed.
  mutating func sublimeContext(_ node: JSONNode) -> ContextPredicate?? {
    guard case .array(let conditions) = node.value else {
      report(
        .badSublimeContext,
        "expected an array of conditions for 'context', found " + node.value.typeNameWithArticle
          + "; the binding is skipped",
        at: node.location)
      return nil
    }
    var operands: [ContextPredicate] = []
    for condition in conditions {
      guard let predicate = sublimeCondition(condition) else { return nil }
      operands.append(predicate)
    }
    switch operands.count {
    case 0: return .some(nil)
    case 1: return .some(operands[0])
    default: return .some(.and(operands))
    }
  }

  /// One condition `{ key, operator, operand, match_all }`; reports `MK562` when malformed and
  /// `MK563` when it is kept as a named condition.
  mutating func sublimeCondition(_ node: JSONNode) -> ContextPredicate? {
    guard case .object(let members) = node.value else {
      report(
        .badSublimeContext,
        "expected a condition object such as { \"key\": \"auto_complete_visible\" } in "
          + "'context', found \(node.value.typeNameWithArticle); the binding is skipped",
        at: node.location)
      return nil
    }
    let fields = base.fields(
      of: members, at: node.location, context: MenuFileContext(noun: "a Sublime Text condition"),
      known: SublimeKeymap.conditionFields)
    guard case .string(let key)? = fields["key"]?.value, !key.isEmpty else {
      report(
        .badSublimeContext,
        "the condition has no 'key' (a string such as 'selector'); the binding is skipped",
        at: fields["key"]?.location ?? node.location)
      return nil
    }
    var op = "equal"
    if let operatorNode = fields["operator"] {
      guard case .string(let text) = operatorNode.value, SublimeKeymap.operators.contains(text)
      else {
        let written: String =
          if case .string(let text) = operatorNode.value { text.quotedForMessage } else {
            operatorNode.value.typeNameWithArticle
          }
        report(
          .badSublimeContext,
          "unknown operator \(written) in the condition on \(key.quotedForMessage); expected "
            + SublimeKeymap.operators.map { "'\($0)'" }.joined(separator: ", ")
            + "; the binding is skipped",
          at: operatorNode.location)
        return nil
      }
      op = text
    }
    var operand = "true"
    var isBool = true
    var flag = true
    if let operandNode = fields["operand"] {
      switch operandNode.value {
      case .bool(let value):
        (operand, flag) = (value ? "true" : "false", value)
      case .string(let text):
        (operand, isBool) = (text, false)
      case .number(_, let literal):
        (operand, isBool) = (literal, false)
      default:
        report(
          .badSublimeContext,
          "expected a string, number or boolean for 'operand' of the condition on "
            + "\(key.quotedForMessage), found \(operandNode.value.typeNameWithArticle); the "
            + "binding is skipped",
          at: operandNode.location)
        return nil
      }
    }
    var matchAll = false
    if let matchNode = fields["match_all"] {
      guard case .bool(let value) = matchNode.value else {
        report(
          .badSublimeContext,
          "expected true or false for 'match_all', found \(matchNode.value.typeNameWithArticle); "
            + "the binding is skipped",
          at: matchNode.location)
        return nil
      }
      matchAll = value
    }
    let isRegex = op.contains("regex")
    let perSelection = SublimeKeymap.selectionKeys.contains(key)
    if !isRegex, !perSelection {
      let negated = op == "not_equal"
      if isBool { return flag != negated ? .identifier(key) : .not(.identifier(key)) }
      return negated ? .notEqual(key, operand) : .equal(key, operand)
    }
    // Kept as a named condition: per selection, every condition is its own; on a value, a
    // `not_` regular expression is the negation of the positive one.
    let negated = !perSelection && op.hasPrefix("not_")
    let kept = negated ? String(op.dropFirst(4)) : op
    let name =
      SublimeKeymap.opaquePrefix + key + " " + kept + " " + operand
      + (perSelection && matchAll ? " match_all" : "")
    let why =
      perSelection
      ? "Sublime checks \(key.quotedForMessage) on each selection (\(matchAll ? "all" : "any") of them)"
      : "a regular expression over a value MenuKit cannot know"
    report(
      .approximatedSublimeContext,
      "the condition \(key.quotedForMessage) \(op) \(operand.quotedForMessage) has no exact "
        + "MenuKit equivalent (\(why)); it is kept as "
        + (negated ? "the negation of " : "")
        + "the named condition \(name.quotedForMessage), which holds where a context "
        + "contributes it; keymap-lint takes it as possibly true or false",
      at: node.location)
    return negated ? .not(.identifier(name)) : .identifier(name)
  }
}
