import MenuKitJSON

/// Turns the JSON tree of a menu file into a ``MenuFile``'s menu and edits, collecting a
/// ``Diagnostic`` for every problem instead of stopping at the first.
///
/// Each diagnostic points at the most precise place known: the key of an unknown or duplicate
/// field, the value of a field with the wrong type or an invalid value, the exact character of
/// a bad shortcut, and the opening brace of an object that lacks a field. Decoding recurses
/// along the JSON nesting, which ``JSONReader`` bounds by its maximum depth, so no input can
/// exhaust the stack.
package struct MenuFileDecoder {
  /// The source text, used to find the column of a problem inside a string value.
  package let text: String
  /// The problems found so far: the first ``DiagnosticList/limit`` by position, and a count
  /// of the rest.
  package private(set) var diagnostics = DiagnosticList()
  /// The severity of an unknown field (`MK110`): an error in a menu file, a warning in a
  /// keymap, whose binding still loads.
  package var unknownFieldSeverity = Diagnostic.Severity.error
  /// The index of each line's first scalar in `text`, computed on first use.
  var lineStarts: [String.UnicodeScalarView.Index]?
  /// The last position found inside a line (``location(in:text:offset:)``): its line, column
  /// and index in `text`. Positions are mostly asked for in order, so finding the next one
  /// walks on from here instead of from the start of its line.
  var lineCursor: (line: Int, column: Int, index: String.UnicodeScalarView.Index)?

  /// Creates a decoder for a file whose source is `text`.
  package init(text: String) {
    self.text = text
  }

  /// The kept diagnostics sorted by location (those without one first), ties kept in order
  /// found, then the `MK105` summary of those left out.
  package var sortedDiagnostics: [Diagnostic] { diagnostics.sorted }

  /// Records a problem; the message is built only when the list keeps the diagnostic.
  package mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String, at location: SourceLocation
  ) {
    diagnostics.report(
      code, message(), at: location, severity: code == .unknownField ? unknownFieldSeverity : nil)
  }
}

// MARK: - Top level

extension MenuFileDecoder {
  /// The fields of the top-level object.
  static let topLevelFields = ["$schema", "schemaVersion", "menu", "edits"]

  /// Decodes the whole file: the schema version, the root menu and the edits.
  ///
  /// A file that declares a version other than ``MenuFile/schemaVersion`` gets one `MK115`
  /// and nothing else: the rest of it follows rules this reader does not know.
  mutating func decodeFile(_ root: JSONNode) -> (menu: Menu?, edits: [MenuEdit]) {
    guard case .object(let members) = root.value else {
      report(
        .wrongType,
        "expected an object at the top level of a menu file, found \(root.value.typeNameWithArticle)",
        at: root.location)
      return (nil, [])
    }
    let version = members.first { $0.key == "schemaVersion" }
    if let version, case .number(let number, let literal) = version.value.value,
      number != Double(MenuFile.schemaVersion)
    {
      let written = literal.isEmpty ? PropertyList.number(number).description : literal
      report(
        .unsupportedVersion,
        "unsupported schema version \(written); this version of MenuKit reads version "
          + "\(MenuFile.schemaVersion)",
        at: version.value.location)
      return (nil, [])
    }
    let fields = fields(
      of: members, at: root.location, context: .topLevel, known: Self.topLevelFields)
    _ = string("$schema", in: fields)
    if fields["schemaVersion"] == nil {
      report(
        .missingField,
        "missing field 'schemaVersion' at the top level; add \"schemaVersion\": "
          + "\(MenuFile.schemaVersion)",
        at: root.location)
    } else {
      _ = value("schemaVersion", in: fields, expected: "a number") { $0.numberValue }
    }
    var menu: Menu?
    if let node = fields["menu"] {
      menu = decodeRootMenu(node)
    }
    var edits: [MenuEdit] = []
    if let items = array("edits", in: fields, expected: "an array of edits") {
      edits = items.compactMap { decodeEdit($0) }
    }
    return (menu, edits)
  }

  /// Decodes the top-level `"menu"`, which must be a menu or an inline group.
  mutating func decodeRootMenu(_ node: JSONNode) -> Menu? {
    guard case .object = node.value else {
      report(
        .wrongType,
        "expected a menu object for 'menu' at the top level, found "
          + node.value.typeNameWithArticle,
        at: node.location)
      return nil
    }
    switch decodeElement(node) {
    case .menu(let menu)?:
      return menu
    case .command?, .keyCommand?:
      report(
        .invalidValue, "expected a menu for 'menu' at the top level, found a command",
        at: node.location)
      return nil
    default:
      return nil
    }
  }
}

// MARK: - Objects and fields

/// What kind of object is being decoded, as diagnostics name it.
package struct MenuFileContext: Sendable {
  /// The object as messages name it after "in" or "of": `a command`, `an 'insert' edit`.
  package let noun: String

  /// Creates a context that messages name with `noun`, such as `a command`.
  package init(noun: String) {
    self.noun = noun
  }

  /// "in a command", or "at the top level".
  var inPhrase: String { noun == Self.topLevel.noun ? "at the top level" : "in \(noun)" }
  /// "of a command", or "at the top level".
  var ofPhrase: String { noun == Self.topLevel.noun ? "at the top level" : "of \(noun)" }

  package static let topLevel = MenuFileContext(noun: "the top level")
  static let menu = MenuFileContext(noun: "a menu")
  static let inline = MenuFileContext(noun: "an inline group")
  static let command = MenuFileContext(noun: "a command")
  static let alternate = MenuFileContext(noun: "a command alternate")
  static let element = MenuFileContext(noun: "an element")
  static let edit = MenuFileContext(noun: "an edit")
  static let target = MenuFileContext(noun: "a target")

  /// The context of an edit of one kind: `an 'insert' edit`.
  static func edit(_ kind: String) -> MenuFileContext {
    MenuFileContext(noun: "\(kind == "insert" ? "an" : "a") '\(kind)' edit")
  }
}

/// The known fields of one JSON object, each with its first occurrence.
package struct MenuFileFields {
  /// Where the object's opening brace is; missing fields are reported there.
  package let location: SourceLocation
  /// What the object is.
  package let context: MenuFileContext
  /// The first member with each known name.
  package var members: [String: JSONMember] = [:]

  /// Creates the fields of an object at `location`, with no members yet.
  package init(location: SourceLocation, context: MenuFileContext) {
    self.location = location
    self.context = context
  }

  /// The value of a known field, if the object has it.
  package subscript(name: String) -> JSONNode? { members[name]?.value }
}

extension MenuFileDecoder {
  /// Checks an object's members against the fields its kind defines and returns the known ones.
  ///
  /// Reports a repeated name (`MK117`, at the repeat) and an unknown name (`MK110`, at the key,
  /// with a suggestion when one is close, else the list of known fields). `hints` gives a
  /// specific explanation for names that are not fields of this kind but are easy to put
  /// there by mistake.
  package mutating func fields(
    of members: [JSONMember], at location: SourceLocation, context: MenuFileContext,
    known: [String], hints: [String: String] = [:]
  ) -> MenuFileFields {
    var fields = MenuFileFields(location: location, context: context)
    reportDuplicates(in: members, context: context)
    var seen = Set<String>()
    for member in members where seen.insert(member.key).inserted {
      if known.contains(member.key) {
        fields.members[member.key] = member
      } else if let hint = hints[member.key] {
        report(
          .unknownField,
          "unknown field \(member.key.quotedForMessage) \(context.inPhrase); \(hint)",
          at: member.keyLocation)
      } else {
        report(
          .unknownField,
          "unknown field \(member.key.quotedForMessage) \(context.inPhrase); "
            + (member.key.closest(in: known).map { "did you mean '\($0)'?" }
              ?? "expected one of \(Self.list(known))"),
          at: member.keyLocation)
      }
    }
    return fields
  }

  /// Reports each member whose name an earlier member of the same object already used.
  mutating func reportDuplicates(in members: [JSONMember], context: MenuFileContext) {
    var first: [String: SourceLocation] = [:]
    for member in members {
      if let earlier = first[member.key] {
        report(
          .duplicateField,
          "duplicate field \(member.key.quotedForMessage) \(context.inPhrase); it is first set at "
            + "\(earlier.line):\(earlier.column)",
          at: member.keyLocation)
      } else {
        first[member.key] = member.keyLocation
      }
    }
  }

  /// The members among `members` whose names are in `names`, first occurrences only, in order.
  static func distinctMembers(_ members: [JSONMember], named names: [String]) -> [JSONMember] {
    var seen = Set<String>()
    return members.filter { names.contains($0.key) && seen.insert($0.key).inserted }
  }

  /// Reports an object that does not have exactly one of the keys that say what it is
  /// (`MK116`), and returns that key when it has exactly one.
  ///
  /// With none, the problem is at the object's brace, with a suggestion when a key is a likely
  /// typo of one; with several, at the second.
  ///
  /// When `typosAreReported`, the caller has already reported the unknown keys with their
  /// suggestions, so a likely typo of a kind key is not reported a second time.
  mutating func kindKey(
    of members: [JSONMember], at location: SourceLocation, subject: String, keys: [String],
    typosAreReported: Bool = false
  ) -> JSONMember? {
    let present = Self.distinctMembers(members, named: keys)
    if present.count == 1 { return present[0] }
    // Built only for a diagnostic the list keeps: a file of millions of `{}` makes no message
    // for most of them.
    func expectation() -> String {
      "\(subject) needs exactly one of the keys \(Self.list(keys, or: true))"
    }
    if present.isEmpty {
      let typo = members.lazy.compactMap { member in
        member.key.closest(in: keys).map { (member.key, $0) }
      }.first
      if typo != nil, typosAreReported { return nil }
      report(
        .ambiguousElement,
        "\(expectation()), found none"
          + (typo.map { "; did you mean '\($0.1)' instead of \($0.0.quotedForMessage)?" } ?? ""),
        at: location)
    } else {
      report(
        .ambiguousElement,
        "\(expectation()), found \(Self.list(present.map(\.key), and: true))",
        at: present[1].keyLocation)
    }
    return nil
  }

  /// The most words ``list(_:or:and:)`` quotes; a longer list ends with how many there are.
  static let listedWords = 12

  /// `'a', 'b' or 'c'` (with `or`), `'a', 'b' and 'c'` (with `and`), or `'a', 'b', 'c'`; each
  /// word shortened for a message, and a list of more than ``listedWords`` cut to its first
  /// ones and `… (N in all)`.
  static func list(_ words: [String], or: Bool = false, and: Bool = false) -> String {
    guard words.count <= listedWords else {
      let shown = words.prefix(listedWords).map(\.quotedForMessage).joined(separator: ", ")
      return "\(shown), … (\(DiagnosticList.grouped(words.count)) in all)"
    }
    let quoted = words.map(\.quotedForMessage)
    guard or || and, quoted.count > 1 else { return quoted.joined(separator: ", ") }
    return quoted.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + quoted.last!
  }
}

// MARK: - Typed values

extension MenuFileDecoder {
  /// The value of a field converted by `convert`; reports `MK111` when `convert` gives nil.
  package mutating func value<Value>(
    _ name: String, in fields: MenuFileFields, expected: String,
    _ convert: (JSONValue) -> Value?
  ) -> Value? {
    guard let node = fields[name] else { return nil }
    guard let value = convert(node.value) else {
      report(
        .wrongType,
        "expected \(expected) for '\(name)' \(fields.context.inPhrase), found "
          + node.value.typeNameWithArticle,
        at: node.location)
      return nil
    }
    return value
  }

  /// A string field; reports `MK111` for another type and, when `required`, `MK112` if absent.
  package mutating func string(
    _ name: String, in fields: MenuFileFields, required: Bool = false,
    expected: String = "a string"
  ) -> String? {
    if required, fields[name] == nil { reportMissing(name, in: fields) }
    return value(name, in: fields, expected: expected) { $0.stringValue }
  }

  /// A string field that must not be empty, such as an identifier or an action name.
  mutating func nonEmptyString(
    _ name: String, in fields: MenuFileFields, required: Bool = false, expected: String
  ) -> String? {
    guard let text = string(name, in: fields, required: required) else { return nil }
    guard !text.isEmpty else {
      report(
        .invalidValue,
        "invalid value '' for '\(name)' \(fields.context.inPhrase); expected \(expected)",
        at: fields[name]!.location)
      return nil
    }
    return text
  }

  /// A Boolean field.
  package mutating func bool(_ name: String, in fields: MenuFileFields) -> Bool? {
    value(name, in: fields, expected: "a boolean") { $0.boolValue }
  }

  /// An array field, with `expected` naming what it holds (`an array of elements`).
  mutating func array(_ name: String, in fields: MenuFileFields, expected: String) -> [JSONNode]? {
    value(name, in: fields, expected: expected) { $0.arrayValue }
  }

  /// A field whose value is one of a list of names; reports `MK113` listing them otherwise.
  mutating func choice<Value>(
    _ name: String, in fields: MenuFileFields, from choices: [(value: Value, name: String)]
  ) -> Value? {
    guard let node = fields[name] else { return nil }
    return choice(node, from: choices, what: "for '\(name)' \(fields.context.inPhrase)")
  }

  /// The choice a string node names; `what` places it in messages (`for 'state' in a command`).
  mutating func choice<Value>(
    _ node: JSONNode, from choices: [(value: Value, name: String)], what: String
  ) -> Value? {
    let names = choices.map(\.name)
    guard let text = node.value.stringValue else {
      report(
        .wrongType,
        "expected one of \(Self.list(names)) \(what), found \(node.value.typeNameWithArticle)",
        at: node.location)
      return nil
    }
    if let match = choices.first(where: { $0.name == text }) { return match.value }
    report(
      .invalidValue,
      "invalid value \(text.quotedForMessage) \(what); expected one of \(Self.list(names))"
        + (text.closest(in: names).map { "; did you mean '\($0)'?" } ?? ""),
      at: node.location)
    return nil
  }

  /// An array field of names from a list, such as `options` or `attributes`.
  mutating func choices<Value>(
    _ name: String, in fields: MenuFileFields, from choices: [(value: Value, name: String)]
  ) -> [Value] {
    guard let items = array(name, in: fields, expected: "an array of strings") else { return [] }
    let what = "in '\(name)' \(fields.context.ofPhrase)"
    return items.compactMap { choice($0, from: choices, what: what) }
  }

  /// An array field of strings, such as `keywords`.
  mutating func strings(_ name: String, in fields: MenuFileFields) -> [String] {
    guard let items = array(name, in: fields, expected: "an array of strings") else { return [] }
    return items.compactMap { item in
      guard let text = item.value.stringValue else {
        report(
          .wrongType,
          "expected a string in '\(name)' \(fields.context.ofPhrase), found "
            + item.value.typeNameWithArticle,
          at: item.location)
        return nil
      }
      return text
    }
  }

  /// Reports that a required field is missing, at the object's brace.
  package mutating func reportMissing(_ name: String, in fields: MenuFileFields) {
    report(.missingField, "missing field '\(name)' \(fields.context.inPhrase)", at: fields.location)
  }
}
