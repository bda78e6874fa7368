import MenuKitJSON

/// A responder-chain description file: the responders of a scripted app, how they link, and
/// which one is the first responder. Command-line tools (`menu-dump trace`,
/// `menu-dump --discoverability`) build a real chain from it with ``ScriptedChain``.
///
/// The format is documented in `docs/formats/chain-file.md`:
///
/// ```json
/// { "schemaVersion": 1,
///   "firstResponder": "tableView",
///   "responders": [
///     { "id": "tableView", "next": "window", "canBecomeFirstResponder": true,
///       "performs": ["copy:"],
///       "keyCommands": [{ "command": "Down", "action": "moveDown:", "shortcut": "Down" }] },
///     { "id": "window", "kind": "window" },
///     { "id": "application", "kind": "application", "delegate": "appDelegate" },
///     { "id": "appDelegate", "performs": ["newAction:"] }
///   ] }
/// ```
///
/// Loading reports every problem as a ``Diagnostic`` (the `MK1xx` codes of menu files, and
/// `MK401`–`MK404`) and gives no file when any of them is an error.
package struct ChainFile: Hashable, Sendable {
  /// The schema version this library reads.
  package static let schemaVersion = 1

  /// What kind of object a responder is.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A plain ``Responder``.
    case responder
    /// A ``Window``: its next responder is the application unless `next` says otherwise.
    case window
    /// The ``Application``: its next responder is its delegate.
    case application
  }

  /// One responder of the file.
  package struct ResponderDescription: Hashable, Sendable {
    /// The responder's identifier, as tools print it.
    package var id: String
    /// What kind of responder it is.
    package var kind: Kind = .responder
    /// The identifier of the next responder, if given.
    package var next: String?
    /// The identifier of the application's delegate (applications only).
    package var delegate: String?
    /// Whether the responder can become the first responder.
    package var canBecomeFirstResponder = false
    /// Whether the responder consumes text input.
    package var isTextInput = false
    /// The actions the responder performs.
    package var performs: [ActionName] = []
    /// The responder's key commands.
    package var keyCommands: [KeyCommand] = []
    /// Where the responder's object starts.
    package var location: SourceLocation?
    /// Where the value of `next` is, for diagnostics.
    package var nextLocation: SourceLocation?
    /// Where the value of `delegate` is.
    package var delegateLocation: SourceLocation?

    /// Creates a description.
    package init(
      id: String, kind: Kind = .responder, next: String? = nil, delegate: String? = nil,
      canBecomeFirstResponder: Bool = false, isTextInput: Bool = false,
      performs: [ActionName] = [], keyCommands: [KeyCommand] = []
    ) {
      self.id = id
      self.kind = kind
      self.next = next
      self.delegate = delegate
      self.canBecomeFirstResponder = canBecomeFirstResponder
      self.isTextInput = isTextInput
      self.performs = performs
      self.keyCommands = keyCommands
    }
  }

  /// The path the file was loaded from.
  package var path: String
  /// The identifier of the first responder; nil makes the key window the first responder.
  package var firstResponder: String?
  /// Where the value of `firstResponder` is.
  package var firstResponderLocation: SourceLocation?
  /// The responders, in file order.
  package var responders: [ResponderDescription]

  /// Creates a file from its parts.
  package init(
    path: String = "", firstResponder: String? = nil, responders: [ResponderDescription] = []
  ) {
    self.path = path
    self.firstResponder = firstResponder
    self.responders = responders
  }
}

/// What loading a chain file produced: the file, if it has no errors, and every diagnostic.
package struct ChainFileLoadResult: Hashable, Sendable {
  /// The file; nil when any diagnostic is an error.
  package var file: ChainFile?
  /// Every problem found, sorted by position.
  package var diagnostics: [Diagnostic]

  /// Creates a result.
  package init(file: ChainFile?, diagnostics: [Diagnostic]) {
    self.file = file
    self.diagnostics = diagnostics
  }
}

extension ChainFile {
  /// The default chain: a first responder (`firstResponder`) whose next responder is a window
  /// (`window`), then the application (`application`), which performs `actions`.
  package static func standard(performing actions: some Sequence<ActionName>) -> ChainFile {
    ChainFile(
      firstResponder: "firstResponder",
      responders: [
        ResponderDescription(id: "firstResponder", next: "window", canBecomeFirstResponder: true),
        ResponderDescription(id: "window", kind: .window),
        ResponderDescription(
          id: "application", kind: .application,
          performs: Set(actions).sorted { $0.rawValue < $1.rawValue }),
      ])
  }
}

// MARK: - Diagnostic codes (MK4xx)

extension DiagnosticCode {
  /// A chain file names a responder (`next`, `delegate`, `firstResponder`) it does not define.
  public static let unknownResponder = DiagnosticCode("MK401", "unknown-responder")
  /// The responder chain from the first responder leads back to one of its responders.
  public static let chainLoop = DiagnosticCode("MK402", "chain-loop", .warning)
  /// Two responders of a chain file share an identifier, or it has two applications.
  public static let duplicateResponder = DiagnosticCode("MK403", "duplicate-responder")
  /// The first responder named by a chain file cannot become the first responder.
  public static let cannotBecomeFirstResponder = DiagnosticCode(
    "MK404", "cannot-become-first-responder", .warning)

  /// The codes of responder-chain files, in code order.
  static let chainFileCodes: [DiagnosticCode] = [
    .unknownResponder, .chainLoop, .duplicateResponder, .cannotBecomeFirstResponder,
  ]
}

// MARK: - Loading

extension ChainFile {
  /// Reads and loads the chain file at a path; a file that cannot be read gives one `MK103`.
  package static func load(contentsOf path: String) -> ChainFileLoadResult {
    switch SourceFile.readText(at: path, kind: "chain file") {
    case .success(let text): parse(text, path: path)
    case .failure(let failure): ChainFileLoadResult(file: nil, diagnostics: [failure.diagnostic])
    }
  }

  /// Loads a chain file from its text, reporting every problem.
  package static func parse(_ text: String, path: String = "") -> ChainFileLoadResult {
    let root: JSONNode
    switch SourceFile.parseJSON(text, path: path) {
    case .success(let node): root = node
    case .failure(let failure):
      return ChainFileLoadResult(file: nil, diagnostics: [failure.diagnostic])
    }
    var decoder = MenuFileDecoder(text: text)
    var file = decoder.decodeChainFile(root)
    file?.path = path
    if let file { file.checkReferences(into: &decoder) }
    let diagnostics = decoder.sortedDiagnostics
    return ChainFileLoadResult(
      file: diagnostics.containsErrors ? nil : file, diagnostics: diagnostics)
  }

  /// Reports duplicate identifiers, unknown references and a second application.
  func checkReferences(into decoder: inout MenuFileDecoder) {
    var seen: [String: SourceLocation?] = [:]
    var application: String?
    for responder in responders {
      if let earlier = seen[responder.id] {
        let place = earlier.map { " (first defined at \($0.line):\($0.column))" } ?? ""
        decoder.report(
          .duplicateResponder,
          "duplicate responder \(responder.id.quotedForMessage)\(place)",
          at: responder.location ?? SourceLocation(file: path, line: 1, column: 1))
      } else {
        seen[responder.id] = responder.location
      }
      if responder.kind == .application {
        if let application {
          decoder.report(
            .duplicateResponder,
            "a second application \(responder.id.quotedForMessage); "
              + "\(application.quotedForMessage) is already the application",
            at: responder.location ?? SourceLocation(file: path, line: 1, column: 1))
        } else {
          application = responder.id
        }
      }
    }
    let ids = responders.map(\.id)
    func check(_ name: String?, _ field: String, _ location: SourceLocation?) {
      // `seen` holds every identifier, so each check is O(1) and the whole check linear.
      guard let name, seen[name] == nil else { return }
      decoder.report(
        .unknownResponder,
        "unknown responder \(name.quotedForMessage) for '\(field)'; "
          + (name.closest(in: ids).map { "did you mean \($0.quotedForMessage)?" }
            ?? "expected one of \(MenuFileDecoder.list(ids))"),
        at: location ?? SourceLocation(file: path, line: 1, column: 1))
    }
    check(firstResponder, "firstResponder", firstResponderLocation)
    for responder in responders {
      check(responder.next, "next", responder.nextLocation)
      check(responder.delegate, "delegate", responder.delegateLocation)
    }
  }
}

// MARK: - Decoding

extension MenuFileDecoder {
  static let chainTopLevelFields = ["$schema", "schemaVersion", "firstResponder", "responders"]
  static let responderFields = [
    "id", "kind", "next", "delegate", "canBecomeFirstResponder", "textInput", "performs",
    "keyCommands",
  ]

  /// Decodes the top level of a chain file.
  mutating func decodeChainFile(_ root: JSONNode) -> ChainFile? {
    guard case .object(let members) = root.value else {
      report(
        .wrongType,
        "expected an object at the top level of a chain file, found "
          + root.value.typeNameWithArticle,
        at: root.location)
      return nil
    }
    let fields = fields(
      of: members, at: root.location, context: .topLevel, known: Self.chainTopLevelFields)
    _ = string("$schema", in: fields)
    if let version = fields["schemaVersion"] {
      if let number = version.value.numberValue {
        if number != Double(ChainFile.schemaVersion) {
          report(
            .unsupportedVersion,
            "unsupported chain file schema version \(PropertyList.number(number)); this version "
              + "of MenuKit reads version \(ChainFile.schemaVersion)",
            at: version.location)
          return nil
        }
      } else {
        _ = value("schemaVersion", in: fields, expected: "a number") { $0.numberValue }
      }
    } else {
      report(
        .missingField,
        "missing field 'schemaVersion' at the top level; add \"schemaVersion\": "
          + "\(ChainFile.schemaVersion)",
        at: root.location)
    }
    var file = ChainFile()
    file.firstResponder = nonEmptyString(
      "firstResponder", in: fields, expected: "a responder identifier")
    file.firstResponderLocation = fields["firstResponder"]?.location
    let items =
      array("responders", in: fields, expected: "an array of responders", required: true) ?? []
    file.responders = items.compactMap { decodeResponder($0) }
    return file
  }

  /// An array field that is reported missing when `required`.
  private mutating func array(
    _ name: String, in fields: MenuFileFields, expected: String, required: Bool
  ) -> [JSONNode]? {
    if required, fields[name] == nil { reportMissing(name, in: fields) }
    return array(name, in: fields, expected: expected)
  }

  /// Decodes one responder object.
  mutating func decodeResponder(_ node: JSONNode) -> ChainFile.ResponderDescription? {
    guard case .object(let members) = node.value else {
      report(
        .wrongType,
        "expected a responder object in 'responders', found \(node.value.typeNameWithArticle)",
        at: node.location)
      return nil
    }
    let context = MenuFileContext(noun: "a responder")
    let fields = fields(
      of: members, at: node.location, context: context, known: Self.responderFields)
    guard
      let id = nonEmptyString(
        "id", in: fields, required: true, expected: "a responder identifier")
    else { return nil }
    var responder = ChainFile.ResponderDescription(id: id)
    responder.location = node.location
    let kinds = ChainFile.Kind.allCases.map { (value: $0, name: $0.rawValue) }
    responder.kind = choice("kind", in: fields, from: kinds) ?? .responder
    responder.next = nonEmptyString("next", in: fields, expected: "a responder identifier")
    responder.nextLocation = fields["next"]?.location
    responder.delegate = nonEmptyString("delegate", in: fields, expected: "a responder identifier")
    responder.delegateLocation = fields["delegate"]?.location
    if let member = fields.members["delegate"], responder.kind != .application {
      report(
        .unknownField, "field 'delegate' applies only to a responder whose kind is 'application'",
        at: member.keyLocation)
    }
    responder.canBecomeFirstResponder = bool("canBecomeFirstResponder", in: fields) ?? false
    responder.isTextInput = bool("textInput", in: fields) ?? false
    responder.performs = strings("performs", in: fields).map { ActionName(rawValue: $0) }
    if let items = array("keyCommands", in: fields, expected: "an array of key commands") {
      for item in items {
        guard case .object = item.value else {
          report(
            .wrongType,
            "expected a key command object in 'keyCommands', found "
              + item.value.typeNameWithArticle,
            at: item.location)
          continue
        }
        let reported = diagnostics.count
        switch decodeElement(item) {
        case .keyCommand(let keyCommand)?:
          responder.keyCommands.append(keyCommand)
        case .command?, .menu?:
          guard diagnostics.count == reported else { continue }
          report(
            .invalidValue,
            "expected a key command (a 'command' with a 'shortcut') in 'keyCommands'",
            at: item.location)
        default:
          break
        }
      }
    }
    return responder
  }
}
