import MenuKitJSON

/// Loads keymap files: JSON files (`*.keymap.json`) of ordered sections of key bindings.
///
/// ```json
/// { "schemaVersion": 1,
///   "keymap": [
///     { "context": "Editor && !readOnly",
///       "bindings": [
///         { "keys": "Ctrl+K Ctrl+S", "command": "file.saveAll" },
///         { "keys": "Ctrl+D", "command": "editor.select", "args": { "next": true } },
///         { "keys": "Ctrl+Shift+K", "command": null },
///         { "keys": "Ctrl+L", "command": "-selectLine:" } ] } ] }
/// ```
///
/// Loading is partial: a section with a bad context, or a binding with bad keys or a bad
/// command, is skipped and reported with its file:line:column, and the good bindings still
/// load. Unknown fields are warnings. Only an unreadable file, a JSON syntax error, a top
/// level that is not an object or an unsupported schema version give no keymap at all. The
/// format is described in `docs/formats/keymaps.md` and `docs/keymap-file.schema.json`.
///
/// ```swift
/// let result = KeymapFile.load(contentsOf: "keymaps/user.keymap.json", source: .user)
/// result.diagnostics.forEach { print($0) }  // user.keymap.json:7:18: error[MK502]: …
/// let keymap = result.keymap ?? Keymap(source: .user)
/// ```
public enum KeymapFile {
  /// The schema version this library reads and writes.
  public static let schemaVersion = 1

  /// The fields of the top-level object, in the order the schema lists them.
  static let topLevelFields = ["$schema", "schemaVersion", "keymap"]
  /// The fields of a section.
  static let sectionFields = ["context", "bindings"]
  /// The fields of a binding.
  static let bindingFields = ["keys", "command", "args"]

  /// Reads and loads the keymap file at a path.
  ///
  /// A file that cannot be read, or is not UTF-8, gives no keymap and one `MK103` diagnostic;
  /// otherwise the text is loaded as by ``load(text:path:source:)``.
  ///
  /// ```swift
  /// let (keymap, diagnostics) = KeymapFile.load(contentsOf: "app.keymap.json", source: .app)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path, also used in every diagnostic's location.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding (nil when the file could not be read or is
  ///   not a keymap at all), and every problem found, sorted by position.
  public static func load(contentsOf path: String, source: KeymapSource) -> (
    keymap: Keymap?, diagnostics: [Diagnostic]
  ) {
    switch SourceFile.readText(at: path, kind: "keymap file") {
    case .success(let text): load(text: text, path: path, source: source)
    case .failure(let failure): (nil, [failure.diagnostic])
    }
  }

  /// Loads a keymap from its text.
  ///
  /// ```swift
  /// let text = #"{ "schemaVersion": 1, "keymap": [{ "bindings": [{ "keys": "F5", "command": "run" }] }] }"#
  /// let (keymap, _) = KeymapFile.load(text: text, source: .user)
  /// keymap?.bindings.first?.effect  // .perform("run", arguments: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The file's path for diagnostics and ``Keymap/path``; empty when there is none.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding (nil on a JSON syntax error, a top level
  ///   that is not an object, or an unsupported schema version), and every problem found.
  public static func load(text: String, path: String = "", source: KeymapSource) -> (
    keymap: Keymap?, diagnostics: [Diagnostic]
  ) {
    let document = decode(text: text, path: path, source: source)
    return (document.keymap, document.diagnostics)
  }

  /// Loads a keymap and keeps, for each binding, the JSON it was read from.
  ///
  /// The keymap editor (``UserKeymap``) uses the nodes to find the text of each entry.
  static func decode(text: String, path: String, source: KeymapSource) -> KeymapDocument {
    let root: JSONNode
    let spans: JSONSpans
    do {
      (root, spans) = try JSONReader.parseWithSpans(text, file: path)
    } catch {
      let code: DiagnosticCode = error.isNestingTooDeep ? .nestingTooDeep : .syntaxError
      return KeymapDocument(
        keymap: nil, root: nil, spans: JSONSpans(), entries: [],
        diagnostics: [Diagnostic(code, error.message, at: error.location)])
    }
    var base = MenuFileDecoder(text: text)
    // Unknown fields in a keymap are only warnings: the binding still loads.
    base.unknownFieldSeverity = .warning
    var decoder = KeymapDecoder(base: base, source: source)
    let keymap = decoder.decodeFile(root, path: path)
    let diagnostics = decoder.base.sortedDiagnostics
    return KeymapDocument(
      keymap: keymap, root: root, spans: spans, entries: decoder.entries,
      diagnostics: diagnostics)
  }
}

/// A loaded keymap together with where each of its bindings came from in the JSON.
struct KeymapDocument {
  /// The keymap, or nil when the text is not a keymap at all.
  var keymap: Keymap?
  /// The JSON tree, when the text is valid JSON.
  var root: JSONNode?
  /// Where each value of the tree is in the text.
  var spans: JSONSpans
  /// For each binding of `keymap`, in order, its section's and its own JSON node.
  var entries: [KeymapEntry]
  /// Every problem found.
  var diagnostics: [Diagnostic]
}

/// Where one loaded binding is in the JSON tree.
struct KeymapEntry {
  /// The section object that holds the binding.
  var section: JSONNode
  /// The binding object.
  var binding: JSONNode
}

// MARK: - Decoding

/// Decodes the JSON tree of a keymap file, skipping and reporting each bad section and binding.
private struct KeymapDecoder {
  /// The menu-file decoder whose field and type helpers and diagnostics are shared.
  var base: MenuFileDecoder
  /// The layer of every binding.
  let source: KeymapSource
  /// The JSON of each decoded binding, in order.
  var entries: [KeymapEntry] = []

  static let topLevelFields = KeymapFile.topLevelFields
  static let sectionFields = KeymapFile.sectionFields
  static let bindingFields = KeymapFile.bindingFields

  static let topLevel = MenuFileContext.topLevel
  static let section = MenuFileContext(noun: "a keymap section")
  static let binding = MenuFileContext(noun: "a key binding")

  /// The number of errors reported so far; unknown fields are only warnings in a keymap.
  var errorCount: Int { base.diagnostics.errorCount }

  /// Decodes the whole file.
  mutating func decodeFile(_ root: JSONNode, path: String) -> Keymap? {
    guard case .object(let members) = root.value else {
      base.report(
        .wrongType,
        "expected an object at the top level of a keymap file, found "
          + root.value.typeNameWithArticle,
        at: root.location)
      return nil
    }
    let version = members.first { $0.key == "schemaVersion" }
    if let version, case .number(let number, let literal) = version.value.value,
      number != Double(KeymapFile.schemaVersion)
    {
      base.report(
        .unsupportedVersion,
        "unsupported schema version \(literal.isEmpty ? "\(number)" : literal); this version "
          + "of MenuKit reads keymap files of version \(KeymapFile.schemaVersion)",
        at: version.value.location)
      return nil
    }
    let fields = base.fields(
      of: members, at: root.location, context: Self.topLevel, known: Self.topLevelFields)
    _ = base.string("$schema", in: fields)
    if fields["schemaVersion"] == nil {
      base.report(
        .missingField,
        "missing field 'schemaVersion' at the top level; add \"schemaVersion\": "
          + "\(KeymapFile.schemaVersion)",
        at: root.location)
    } else {
      _ = base.value("schemaVersion", in: fields, expected: "a number") { $0.numberValue }
    }
    var keymap = Keymap(source: source, path: path.isEmpty ? nil : path)
    if fields["keymap"] == nil {
      base.report(
        .missingField, "missing field 'keymap' at the top level; add \"keymap\": []",
        at: root.location)
    }
    let sections =
      base.array("keymap", in: fields, expected: "an array of keymap sections") ?? []
    for section in sections {
      decodeSection(section, into: &keymap)
    }
    return keymap
  }

  /// Decodes one section; a bad context skips the whole section.
  mutating func decodeSection(_ node: JSONNode, into keymap: inout Keymap) {
    guard case .object(let members) = node.value else {
      base.report(
        .wrongType,
        "expected a keymap section object in 'keymap', found \(node.value.typeNameWithArticle)",
        at: node.location)
      return
    }
    let errorsBefore = errorCount
    let fields = base.fields(
      of: members, at: node.location, context: Self.section, known: Self.sectionFields)
    let context = base.sectionContext(in: fields)
    if fields["bindings"] == nil { base.reportMissing("bindings", in: fields) }
    let bindings = base.array("bindings", in: fields, expected: "an array of key bindings")
    guard errorCount == errorsBefore, let bindings else { return }
    for binding in bindings {
      if let decoded = decodeBinding(binding, context: context) {
        keymap.bindings.append(decoded)
        entries.append(KeymapEntry(section: node, binding: binding))
      }
    }
  }

  /// Decodes one binding, or reports why it is skipped.
  mutating func decodeBinding(_ node: JSONNode, context: ContextPredicate?) -> KeyBinding? {
    guard case .object(let members) = node.value else {
      base.report(
        .wrongType,
        "expected a key binding object in 'bindings', found \(node.value.typeNameWithArticle)",
        at: node.location)
      return nil
    }
    let errorsBefore = errorCount
    let fields = base.fields(
      of: members, at: node.location, context: Self.binding, known: Self.bindingFields)
    var keys: KeySequence?
    if let text = base.string("keys", in: fields, required: true) {
      keys = keySequence(text, at: fields["keys"]!)
    }
    var effect: KeyBinding.Effect?
    if let commandNode = fields["command"] {
      effect = self.effect(commandNode)
    } else {
      base.report(
        .missingField,
        "missing field 'command' in a key binding; give a command name, \"-name\" to remove "
          + "that command's binding, or null to disable the keys",
        at: node.location)
    }
    if let argsNode = fields["args"] {
      let arguments = base.propertyList(argsNode)
      if case .perform(let action, _)? = effect {
        effect = .perform(action, arguments: arguments)
      } else if effect != nil {
        base.report(
          .ignoredArguments,
          "'args' is ignored in a binding that removes or disables keys",
          at: fields.members["args"]!.keyLocation)
      }
    }
    guard errorCount == errorsBefore, let keys, let effect else { return nil }
    return KeyBinding(
      keys: keys, effect: effect, context: context, source: source, location: node.location)
  }

  /// Parses `keys`; reports `MK502` at the offending character.
  mutating func keySequence(_ text: String, at node: JSONNode) -> KeySequence? {
    do {
      return try KeySequence(parsing: text)
    } catch {
      base.report(
        .badKeys, "bad keys \(text.quotedForMessage): \(error)",
        at: base.location(in: node, text: text, offset: error.offset))
      return nil
    }
  }

  /// The effect a `command` value names: a command, `-command`, or null.
  mutating func effect(_ node: JSONNode) -> KeyBinding.Effect? {
    switch node.value {
    case .null:
      return .unbind
    case .string(let name):
      let removed = name.hasPrefix("-")
      let action = removed ? String(name.dropFirst()) : name
      guard ActionName(action).isKeymapCommand else {
        let what =
          name.isEmpty ? "an empty command name" : "the command name \(name.quotedForMessage)"
        base.report(
          .badCommand,
          "\(what) is not valid; expected a command name such as 'file.saveAll', "
            + "'-file.saveAll' to remove its binding, or null to disable the keys",
          at: node.location)
        return nil
      }
      return removed
        ? .unbindCommand(ActionName(action)) : .perform(ActionName(action), arguments: nil)
    default:
      base.report(
        .wrongType,
        "expected a command name or null for 'command' in a key binding, found "
          + node.value.typeNameWithArticle,
        at: node.location)
      return nil
    }
  }
}

extension MenuFileDecoder {
  /// The context predicate of a keymap section's `"context"` field: nil when the field is
  /// missing, not a string or blank; when it does not parse, the error (MK501) is reported at
  /// the column of the mistake inside the string, and the result is nil.
  ///
  /// Keymap files and Zed keymaps write section contexts alike; both are read here.
  mutating func sectionContext(in fields: MenuFileFields) -> ContextPredicate? {
    guard let text = string("context", in: fields),
      !text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace })
    else { return nil }
    do {
      return try ContextPredicate(parsing: text)
    } catch {
      report(
        .badContext,
        "bad context \(text.quotedForMessage): \(error.message); the section is skipped",
        at: location(in: fields["context"]!, text: text, offset: error.column - 1))
      return nil
    }
  }
}
