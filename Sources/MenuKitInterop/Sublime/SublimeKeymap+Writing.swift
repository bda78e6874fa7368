import MenuKit

extension SublimeKeymap {
  /// Writes a keymap as a Sublime Text `.sublime-keymap`.
  ///
  /// Each binding is one line of the array, in order: its strokes as `keys`, its command and
  /// `args`, and its context as a list of conditions. A binding Sublime Text cannot express
  /// is left out and reported (`MK555`) at its location: disabled keys and `-command` removals
  /// (Sublime has no unbinding), a key with no Sublime name (a physical key, a keypad key it
  /// does not name), or a context that is not a conjunction of names, `!name`, `key ==
  /// value`, `key != value` and the named conditions the reader keeps (`'sublime:…'`). The text
  /// loads back with ``load(text:path:platform:source:)`` to the same bindings.
  ///
  /// ```swift
  /// let (text, problems) = SublimeKeymap.text(of: keymap, platform: .linux)
  /// // [
  /// //   { "keys": ["ctrl+k", "ctrl+b"], "command": "toggle_side_bar" }
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
    var report = ExportReport(format: "a Sublime Text keymap")
    var lines: [String] = []
    for binding in keymap.bindings {
      guard case .perform(let action, let arguments) = binding.effect else {
        report.leaveOut(binding, "Sublime Text keymaps cannot disable keys or remove a binding")
        continue
      }
      var strokes: [String] = []
      for stroke in binding.keys.strokes {
        guard let text = strokeText(stroke, platform: platform) else { break }
        strokes.append(KeymapFile.jsonString(text))
      }
      guard strokes.count == binding.keys.strokes.count else {
        report.leaveOut(binding, "a key has no Sublime Text name")
        continue
      }
      var line =
        "{ \"keys\": [\(strokes.joined(separator: ", "))], \"command\": "
        + KeymapFile.jsonString(action.rawValue)
      if let arguments { line += ", \"args\": \(KeymapFile.jsonText(arguments))" }
      if let context = binding.context {
        guard let conditions = conditions(of: context) else {
          report.leaveOut(
            binding,
            "its context \(context.description.quotedForMessage) is not a list of conditions "
              + "Sublime Text can check")
          continue
        }
        line += ", \"context\": [" + conditions.joined(separator: ", ") + "]"
      }
      lines.append(line + " }")
    }
    let text =
      lines.isEmpty ? "[]\n" : "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    return (text, report.diagnostics)
  }

  /// One stroke in Sublime's words, or nil when a key has no Sublime name.
  static func strokeText(_ stroke: KeyboardShortcut, platform: PlatformProfile) -> String? {
    let flags = stroke.modifierFlags
    var words: [String] = []
    let isMac = platform == .mac
    if flags.contains(.control) || (!isMac && flags.contains(.command)) { words.append("ctrl") }
    if flags.contains(.alternate) { words.append("alt") }
    if flags.contains(.shift) { words.append("shift") }
    if flags.contains(.super) || (isMac && flags.contains(.command)) { words.append("super") }
    let key: String
    if let special = stroke.input.specialKey {
      guard
        let name = ForeignKeymapDecoder.sublimeKeyNames.first(where: {
          $0.value == special.canonicalName
        })?.key
      else { return nil }
      key = name
    } else if let characters = stroke.input.characters, characters.count == 1,
      stroke.input.physicalKey == nil
    {
      key = characters
    } else {
      return nil
    }
    return (words + [key]).joined(separator: "+")
  }

  /// The conditions of a context, or nil when it is not a conjunction Sublime can check.
  static func conditions(of context: ContextPredicate) -> [String]? {
    let operands: [ContextPredicate]
    if case .and(let list) = context { operands = list } else { operands = [context] }
    var conditions: [String] = []
    for operand in operands {
      guard let condition = condition(operand) else { return nil }
      conditions.append(condition)
    }
    return conditions
  }

  /// One condition as a JSON object, or nil.
  static func condition(_ predicate: ContextPredicate) -> String? {
    func object(_ key: String, _ op: String, _ operand: String, matchAll: Bool = false)
      -> String
    {
      "{ \"key\": \(KeymapFile.jsonString(key)), \"operator\": \"\(op)\", \"operand\": \(operand)"
        + (matchAll ? ", \"match_all\": true }" : " }")
    }
    switch predicate {
    case .identifier(let name) where name.hasPrefix(opaquePrefix):
      return named(String(name.dropFirst(opaquePrefix.count)), negated: false)
    case .not(.identifier(let name)) where name.hasPrefix(opaquePrefix):
      return named(String(name.dropFirst(opaquePrefix.count)), negated: true)
    case .identifier(let key):
      return object(key, "equal", "true")
    case .not(.identifier(let key)):
      return object(key, "equal", "false")
    case .equal(let key, let value):
      return object(key, "equal", operandText(value))
    case .notEqual(let key, let value):
      return object(key, "not_equal", operandText(value))
    default:
      return nil
    }
  }

  /// An operand as JSON: a number as it was written (`1`, as `num_selections` takes it), any
  /// other value as a string.
  static func operandText(_ value: String) -> String {
    let scalars = Array(value.unicodeScalars)
    let digits = scalars.first == "-" ? Array(scalars.dropFirst()) : scalars
    let isNumber =
      !digits.isEmpty && digits.first != "." && digits.last != "."
      && digits.allSatisfy { ("0"..."9").contains($0) || $0 == "." }
      && digits.filter { $0 == "." }.count <= 1
      && !(digits.count > 1 && digits.first == "0" && digits[1] != ".")
    return isNumber ? value : KeymapFile.jsonString(value)
  }

  /// A named condition the reader made, `KEY OPERATOR OPERAND[ match_all]`, back as a
  /// condition; nil when the name is not one the reader makes.
  static func named(_ text: String, negated: Bool) -> String? {
    let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, operators.contains(String(parts[1])) else { return nil }
    let key = String(parts[0])
    var op = String(parts[1])
    var operand = String(parts[2])
    let perSelection = selectionKeys.contains(key)
    if negated {
      guard !perSelection, !op.hasPrefix("not_") else { return nil }
      op = "not_" + op
    }
    var matchAll = false
    if perSelection, operand.hasSuffix(" match_all") {
      operand.removeLast(" match_all".count)
      matchAll = true
    }
    let written =
      operand == "true" || operand == "false" ? operand : KeymapFile.jsonString(operand)
    return "{ \"key\": \(KeymapFile.jsonString(key)), \"operator\": \"\(op)\", \"operand\": "
      + written + (matchAll ? ", \"match_all\": true }" : " }")
  }
}
