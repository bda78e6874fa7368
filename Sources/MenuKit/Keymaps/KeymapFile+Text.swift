import MenuKitJSON

// MARK: - Writing keymap text

extension KeymapFile {
  /// The text of a keymap file holding `keymap`'s bindings, in order.
  ///
  /// Consecutive bindings with the same context share a section. The output is plain JSON
  /// (no comments or trailing commas) that ``load(text:path:source:)`` reads back to the same
  /// bindings, locations aside.
  ///
  /// ```swift
  /// let keymap = Keymap(source: .user, bindings: [binding])
  /// try KeymapFile.text(of: keymap).write(toFile: path, atomically: true, encoding: .utf8)
  /// ```
  ///
  /// - Parameter keymap: The bindings to write; their source and location are not written.
  /// - Returns: The file's text, ending with a newline.
  public static func text(of keymap: Keymap) -> String {
    var sections: [(context: ContextPredicate?, bindings: [KeyBinding])] = []
    for binding in keymap.bindings {
      // Compared in place: a copy of the last section would make each append copy its
      // bindings (quadratic in a section of 10,000).
      if !sections.isEmpty, sections[sections.count - 1].context == binding.context {
        sections[sections.count - 1].bindings.append(binding)
      } else {
        sections.append((binding.context, [binding]))
      }
    }
    var text = "{\n  \"schemaVersion\": \(schemaVersion),\n  \"keymap\": ["
    for (index, section) in sections.enumerated() {
      text += index == 0 ? "\n    " : ",\n    "
      text += sectionText(context: section.context, bindings: section.bindings, indent: "    ")
    }
    text += sections.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return text
  }

  /// A section object, its first line not indented and the others indented by `indent`.
  static func sectionText(context: ContextPredicate?, bindings: [KeyBinding], indent: String)
    -> String
  {
    var text = "{\n"
    if let context {
      text += "\(indent)  \"context\": \(jsonString(context.description)),\n"
    }
    text += "\(indent)  \"bindings\": ["
    for (index, binding) in bindings.enumerated() {
      text += (index == 0 ? "\n" : ",\n") + indent + "    " + bindingText(binding)
    }
    text += bindings.isEmpty ? "]\n" : "\n\(indent)  ]\n"
    return text + indent + "}"
  }

  /// A binding object on one line: `{ "keys": "Ctrl+K", "command": "x", "args": … }`.
  static func bindingText(_ binding: KeyBinding) -> String {
    let command: String
    var arguments: PropertyList?
    switch binding.effect {
    case .perform(let action, let args):
      command = jsonString(action.rawValue)
      arguments = args
    case .unbind:
      command = "null"
    case .unbindCommand(let action):
      command = jsonString("-" + action.rawValue)
    }
    var text = "{ \"keys\": \(jsonString(binding.keys.canonicalText)), \"command\": \(command)"
    if let arguments { text += ", \"args\": \(jsonText(arguments))" }
    return text + " }"
  }

  /// A string as a JSON literal, quoted and escaped.
  package static func jsonString(_ string: String) -> String {
    JSONWriter.quoted(string)
  }

  /// A property list as JSON on one line; dictionary keys are sorted.
  package static func jsonText(_ value: PropertyList) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number):
      var text = JSONWriter.write(.number(number, literal: ""))
      text.removeLast()
      return text
    case .string(let string): return jsonString(string)
    case .array(let elements):
      return "[" + elements.map(jsonText).joined(separator: ", ") + "]"
    case .dictionary(let members):
      guard !members.isEmpty else { return "{}" }
      let pairs = members.sorted { $0.key < $1.key }.map {
        "\(jsonString($0.key)): \(jsonText($0.value))"
      }
      return "{ " + pairs.joined(separator: ", ") + " }"
    }
  }
}
