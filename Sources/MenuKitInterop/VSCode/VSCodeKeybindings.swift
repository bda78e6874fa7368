import MenuKit
import MenuKitJSON

/// Reads and writes Visual Studio Code's `keybindings.json`.
///
/// The file is a JSON array (comments and trailing commas allowed) of binding objects:
///
/// ```json
/// [
///   { "key": "ctrl+shift+[", "command": "editor.fold", "when": "editorFocus && foldingEnabled" },
///   { "key": "ctrl+k ctrl+s", "command": "workbench.action.files.saveAll" },
///   { "key": "ctrl+d", "command": "-editor.action.addSelectionToNextFindMatch" },
///   { "key": "alt+r", "command": "" }
/// ]
/// ```
///
/// Each object becomes one ``KeyBinding``, in file order, located at its opening brace:
/// - `key` is read with ``KeySequence/init(parsing:dialect:platform:)`` in the
///   ``ShortcutDialect/vscode`` dialect for the given platform;
/// - `command` performs that command with `args` as its arguments, `-command` removes that
///   command's binding of the keys (``KeyBinding/Effect/unbindCommand(_:)``), and an empty
///   command disables the keys (``KeyBinding/Effect/unbind``), as in VS Code;
/// - `when` becomes the binding's ``ContextPredicate``. `&&`, `||`, `!`, `==`, `!=` and
///   parentheses map one to one; `=~`, `in`, `not in` and the numeric comparisons (`>` is a
///   number comparison in VS Code, not MenuKit's ancestor operator) are kept as opaque
///   identifiers such as `'vscode:count > 0'` with an `MK553` warning. `docs/guides/importing-keymaps.md`
///   has the whole table.
///
/// Loading is partial: an entry with bad keys, a bad `when` or a bad command is reported with
/// its file:line:column and skipped; the others load.
///
/// ```swift
/// let (keymap, diagnostics) = VSCodeKeybindings.load(
///   contentsOf: "keybindings.json", platform: .linux, source: .user)
/// diagnostics.forEach { print($0) }
/// let text = VSCodeKeybindings.text(of: keymap!, platform: .linux).text
/// ```
public enum VSCodeKeybindings {
  /// The fields of a binding object.
  static let bindingFields = ["key", "command", "when", "args"]
  /// The fields of a binding an extension contributes: also a key per platform.
  static let extensionBindingFields = bindingFields + ["mac", "linux", "win"]

  /// Reads and loads a VS Code `keybindings.json` at a path.
  ///
  /// A file that cannot be read, or is not UTF-8, gives no keymap and one `MK103` diagnostic;
  /// otherwise the text is loaded as by ``load(text:path:platform:source:)``.
  ///
  /// ```swift
  /// let result = VSCodeKeybindings.load(
  ///   contentsOf: "keybindings.json", platform: .linux, source: .user)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path, also used in every diagnostic's location.
  ///   - platform: The platform the file was written for; it decides what `ctrl` and `cmd`
  ///     mean.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap with every valid binding (nil when the file cannot be read, is not
  ///   JSON, or is not an array), and every problem found, sorted by position.
  public static func load(
    contentsOf path: String, platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    switch SourceFile.readText(at: path, kind: "VS Code keybindings file") {
    case .success(let text): load(text: text, path: path, platform: platform, source: source)
    case .failure(let failure): (nil, [failure.diagnostic])
    }
  }

  /// Loads VS Code keybindings from their text.
  ///
  /// ```swift
  /// let text = #"[{ "key": "ctrl+k ctrl+s", "command": "saveAll", "when": "!inDebugMode" }]"#
  /// let (keymap, _) = VSCodeKeybindings.load(text: text, platform: .linux, source: .user)
  /// keymap?.bindings.first?.keys.canonicalText  // "Cmd+K Cmd+S"
  /// keymap?.bindings.first?.context?.description  // "!inDebugMode"
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
    let root: JSONNode
    switch SourceFile.parseJSON(text, path: path) {
    case .success(let node): root = node
    case .failure(let failure): return (nil, [failure.diagnostic])
    }
    var decoder = ForeignKeymapDecoder(text: text, dialect: .vscode, platform: platform)
    let entries: [JSONNode]
    let isExtension: Bool
    switch root.value {
    case .array(let elements):
      (entries, isExtension) = (elements, false)
    case .object(let members):
      guard let contributions = decoder.extensionKeybindings(members, at: root.location) else {
        return (nil, decoder.diagnostics)
      }
      (entries, isExtension) = (contributions, true)
    default:
      decoder.report(
        .wrongType,
        "expected an array of key bindings at the top level of a VS Code keybindings file, or "
          + "an extension's package.json object, found \(root.value.typeNameWithArticle)",
        at: root.location)
      return (nil, decoder.diagnostics)
    }
    var keymap = Keymap(source: source, path: path.isEmpty ? nil : path)
    for entry in entries {
      if let binding = decoder.decodeVSCodeBinding(entry, source: source, isExtension: isExtension)
      {
        keymap.bindings.append(binding)
      }
    }
    return (keymap, decoder.diagnostics)
  }

  /// Writes a keymap as a VS Code `keybindings.json`.
  ///
  /// Each binding becomes one object, in order. A binding that VS Code cannot express is left
  /// out and reported (`MK555`) at its location: keys with no VS Code name, a context that uses
  /// the ancestor operator `>` or names VS Code cannot spell. Opaque identifiers made by the
  /// importer (`'vscode:count > 0'`) are written back as the comparison they stand for. The
  /// text loads back with ``load(text:path:platform:source:)`` to the same bindings.
  ///
  /// ```swift
  /// let (text, problems) = VSCodeKeybindings.text(of: keymap, platform: .linux)
  /// // [
  /// //   { "key": "ctrl+k ctrl+s", "command": "file.saveAll", "when": "editorFocus" }
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
    var report = ExportReport(format: "VS Code keybindings")
    var lines: [String] = []
    for binding in keymap.bindings {
      guard let keys = binding.keys.text(in: .vscode, platform: platform) else {
        report.leaveOutKeys(of: binding, dialect: .vscode, reason: "a key has no VS Code name")
        continue
      }
      var line = "{ \"key\": \(KeymapFile.jsonString(keys)), \"command\": "
      var arguments: PropertyList?
      switch binding.effect {
      case .perform(let action, let args):
        line += KeymapFile.jsonString(action.rawValue)
        arguments = args
      case .unbind:
        line += "\"\""
      case .unbindCommand(let action):
        line += KeymapFile.jsonString("-" + action.rawValue)
      }
      if let context = binding.context {
        switch VSCodeWhenClause.text(of: context) {
        case .success(let when): line += ", \"when\": \(KeymapFile.jsonString(when))"
        case .failure(let error):
          report.leaveOut(
            binding,
            "its context \(context.description.quotedForMessage) cannot be a when clause: "
              + error.reason)
          continue
        }
      }
      if let arguments { line += ", \"args\": \(KeymapFile.jsonText(arguments))" }
      lines.append(line + " }")
    }
    let text =
      lines.isEmpty ? "[]\n" : "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    return (text, report.diagnostics)
  }
}

// MARK: - Internal

extension ForeignKeymapDecoder {
  /// Decodes one VS Code binding object, or reports why it is skipped.
  mutating func decodeVSCodeBinding(
    _ node: JSONNode, source: KeymapSource, isExtension: Bool = false
  ) -> KeyBinding? {
    guard case .object(let members) = node.value else {
      report(
        .wrongType,
        "expected a key binding object in a VS Code keybindings file, found "
          + node.value.typeNameWithArticle,
        at: node.location)
      return nil
    }
    let errorsBefore = errorCount
    let fields = base.fields(
      of: members, at: node.location, context: MenuFileContext(noun: "a VS Code key binding"),
      known: isExtension
        ? VSCodeKeybindings.extensionBindingFields : VSCodeKeybindings.bindingFields)
    var keys: KeySequence?
    if isExtension {
      switch extensionKey(in: fields, at: node.location) {
      case .key(let text, let field):
        keys = keySequence(text, at: fields[field]!)
      case .skipped:
        return nil
      case .missing:
        break
      }
    } else if let text = base.string("key", in: fields, required: true) {
      keys = keySequence(text, at: fields["key"]!)
    }
    var effect: KeyBinding.Effect?
    if let name = base.string("command", in: fields, required: true) {
      effect = vscodeEffect(name, at: fields["command"]!)
    }
    if let argsNode = fields["args"], case .perform(let action, _)? = effect {
      effect = .perform(action, arguments: base.propertyList(argsNode))
    } else if fields["args"] != nil, effect != nil {
      report(
        .ignoredArguments, "'args' is ignored in a binding that removes or disables keys",
        at: fields.members["args"]!.keyLocation)
    }
    var context: ContextPredicate?
    if let text = base.string("when", in: fields) {
      switch whenClause(text, at: fields["when"]!) {
      case .some(.predicate(let predicate)): context = predicate
      case .some(.constant(true)): context = nil
      case .some(.constant(false)):
        let named = VSCodeWhenClause.constantKeys(in: text, platform: platform)
        let why =
          named.isEmpty
          ? ""
          : " under the \(platform.rawValue) profile (VS Code fixes "
            + named.map { "'\($0)'" }.joined(separator: ", ") + " on each platform)"
        report(
          .bindingNeverApplies,
          "the when clause \(text.quotedForMessage) is always false\(why), so the binding never "
            + "applies; it is skipped",
          at: node.location)
        return nil
      case nil: return nil
      }
    }
    guard errorCount == errorsBefore, let keys, let effect else { return nil }
    return KeyBinding(
      keys: keys, effect: effect, context: context, source: source, location: node.location)
  }

  /// What an extension's binding gives as its key on the platform.
  enum ExtensionKey {
    /// The key's text and the field it is in (`linux`, `mac`, `win` or `key`).
    case key(String, field: String)
    /// The binding has keys only for other platforms; a note says so.
    case skipped
    /// No key at all, or one of the wrong type; an error says so.
    case missing
  }

  /// The key of a binding an extension contributes, chosen as VS Code chooses it
  /// (`WorkbenchKeybindingService.bindToCurrentPlatform`): the platform's own field (`linux`,
  /// `mac` or `win`) when it is a non-empty string, else `key`. A binding with keys only for
  /// other platforms is skipped with a note (`MK560`); one with no key at all is `MK112`.
  mutating func extensionKey(in fields: MenuFileFields, at location: SourceLocation)
    -> ExtensionKey
  {
    let field =
      switch platform {
      case .linux: "linux"
      case .mac: "mac"
      case .windows: "win"
      }
    let platformKeys = ["linux", "mac", "win"].compactMap { name in
      base.string(name, in: fields).map { (name, $0) }
    }
    if let own = platformKeys.first(where: { $0.0 == field }), !own.1.isEmpty {
      return .key(own.1, field: field)
    }
    if let key = base.string("key", in: fields), !key.isEmpty {
      return .key(key, field: "key")
    }
    let others = platformKeys.filter { !$0.1.isEmpty }
    let platformName =
      switch platform {
      case .linux: "Linux"
      case .mac: "macOS"
      case .windows: "Windows"
      }
    guard !others.isEmpty else {
      if fields["key"] == nil { base.reportMissing("key", in: fields) }
      return .missing
    }
    let fieldNames = others.map { "'\($0.0)'" }.joined(separator: ", ")
    let message =
      "the binding has keys only for other platforms (\(fieldNames)) and no 'key' or "
      + "'\(field)', so VS Code does not bind it on \(platformName); it is skipped "
      + "under the \(platform.rawValue) profile"
    report(.skippedForPlatform, message, at: location)
    return .skipped
  }

  /// The bindings of an extension's `package.json`: `contributes.keybindings`, an array of
  /// bindings or a single one. An object without it has no bindings; nil (with an error) when
  /// it is there but of the wrong type.
  mutating func extensionKeybindings(_ members: [JSONMember], at location: SourceLocation)
    -> [JSONNode]?
  {
    guard let contributes = members.last(where: { $0.key == "contributes" })?.value else {
      report(
        .wrongType,
        "expected an array of key bindings at the top level of a VS Code keybindings file, or "
          + "an extension's package.json with 'contributes', found an object without it",
        at: location)
      return nil
    }
    guard case .object(let contributions) = contributes.value else {
      report(
        .wrongType,
        "expected an object for 'contributes' in an extension's package.json, found "
          + contributes.value.typeNameWithArticle,
        at: contributes.location)
      return nil
    }
    guard let keybindings = contributions.last(where: { $0.key == "keybindings" })?.value else {
      return []
    }
    switch keybindings.value {
    case .array(let elements): return elements
    case .object: return [keybindings]
    default:
      report(
        .wrongType,
        "expected an array of key bindings or one key binding object for "
          + "'contributes.keybindings', found \(keybindings.value.typeNameWithArticle)",
        at: keybindings.location)
      return nil
    }
  }

  /// The effect of a `command`: a command, `-command`, or `""` (disable the keys).
  mutating func vscodeEffect(_ name: String, at node: JSONNode) -> KeyBinding.Effect? {
    if name.isEmpty { return .unbind }
    let removed = name.hasPrefix("-")
    let action = removed ? String(name.dropFirst()) : name
    // VS Code takes any string as a command (spaces and '&' included); only a removal needs
    // a command after its '-'.
    guard ActionName(action).isKeymapCommand else {
      report(
        .badCommand,
        "the command name \(name.quotedForMessage) is not valid; expected a command such as "
          + "'editor.action.formatDocument', '-' and a command to remove its binding, or \"\" to "
          + "disable the keys",
        at: node.location)
      return nil
    }
    return removed
      ? .unbindCommand(ActionName(action)) : .perform(ActionName(action), arguments: nil)
  }

  /// Parses a `when` clause; reports `MK552` on a syntax error and `MK553` for each
  /// approximated comparison.
  mutating func whenClause(_ text: String, at node: JSONNode) -> VSCodeWhenClause.Value? {
    do {
      let clause = try VSCodeWhenClause(parsing: text, platform: platform)
      for approximation in clause.approximations {
        let identifier = (VSCodeWhenClause.opaquePrefix + approximation.text).quotedForMessage
        let kept =
          approximation.negated
          ? "it is kept as the negation of the opaque identifier \(identifier), which holds "
            + "unless a context contributes the identifier, as VS Code's 'not in' holds when "
            + "it knows no list"
          : "it is kept as the opaque identifier \(identifier), which holds where a context "
            + "contributes it"
        report(
          .approximatedWhenClause,
          approximation.writtenText.quotedForMessage
            + " has no MenuKit equivalent (\(approximation.kind)); \(kept); keymap-lint takes "
            + "it as possibly true or false",
          at: base.location(in: node, text: text, offset: approximation.column - 1))
      }
      return clause.value
    } catch {
      report(
        .badWhenClause,
        "bad when clause \(text.quotedForMessage): \(error.message); the binding is skipped",
        at: base.location(in: node, text: text, offset: error.column - 1))
      return nil
    }
  }
}
