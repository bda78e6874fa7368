import MenuKitJSON

// Decoding of edits and their targets, and positions inside string values.

extension MenuFileDecoder {
  /// The keys that say what an edit does.
  static let editKinds = ["insert", "replace", "replaceChildrenOf", "remove"]
  /// The keys that say where an `insert` edit puts its elements.
  static let insertPositions = ["atStartOf", "atEndOf", "before", "after"]
  /// The keys that say what kind of element a target object names.
  static let targetKinds = ["menu", "action", "command"]

  /// Decodes one object of `edits`.
  ///
  /// The edit's location is that of its target: the menu identifier of `atStartOf`, `atEndOf`
  /// and `replaceChildrenOf`, or the target of `before`, `after`, `replace` and `remove`.
  mutating func decodeEdit(_ node: JSONNode) -> MenuEdit? {
    guard case .object(let members) = node.value else {
      report(
        .wrongType, "expected an edit object in 'edits', found \(node.value.typeNameWithArticle)",
        at: node.location)
      return nil
    }
    guard
      let kind = kindKey(of: members, at: node.location, subject: "an edit", keys: Self.editKinds)
    else {
      reportDuplicates(in: members, context: .edit)
      return nil
    }
    let context = MenuFileContext.edit(kind.key)
    switch kind.key {
    case "insert":
      let fields = fields(
        of: members, at: node.location, context: context,
        known: ["insert"] + Self.insertPositions,
        hints: ["with": "the elements of an 'insert' edit are the value of its 'insert' field"])
      let elements = elements("insert", in: fields)
      guard
        let position = kindKey(
          of: members, at: node.location, subject: "an 'insert' edit", keys: Self.insertPositions,
          typosAreReported: true)
      else { return nil }
      let target = position.value
      let insertPosition: MenuEdit.InsertPosition?
      switch position.key {
      case "atStartOf":
        insertPosition = menuIdentifier(position.key, in: fields).map { .atStartOf($0) }
      case "atEndOf": insertPosition = menuIdentifier(position.key, in: fields).map { .atEndOf($0) }
      case "before":
        insertPosition = reference(target, field: position.key, context).map { .before($0) }
      default: insertPosition = reference(target, field: position.key, context).map { .after($0) }
      }
      guard let elements, let insertPosition else { return nil }
      return MenuEdit(.insert(elements, insertPosition), location: target.location)
    case "replace":
      let fields = fields(
        of: members, at: node.location, context: context, known: ["replace", "with"])
      let elements = elements("with", in: fields, required: true)
      guard let reference = reference(kind.value, field: kind.key, context), let elements else {
        return nil
      }
      return MenuEdit(.replace(reference, with: elements), location: kind.value.location)
    case "replaceChildrenOf":
      let fields = fields(
        of: members, at: node.location, context: context, known: ["replaceChildrenOf", "with"])
      let elements = elements("with", in: fields, required: true)
      guard let menu = menuIdentifier(kind.key, in: fields), let elements else { return nil }
      return MenuEdit(.replaceChildren(of: menu, with: elements), location: kind.value.location)
    default:
      let fields = fields(
        of: members, at: node.location, context: context, known: ["remove"],
        hints: [
          "with": "a 'remove' edit has no elements; use 'replace' to put elements in its place"
        ])
      guard let reference = reference(kind.value, field: kind.key, fields.context) else {
        return nil
      }
      return MenuEdit(.remove(reference), location: kind.value.location)
    }
  }

  /// The menu identifier in a string field of an edit.
  mutating func menuIdentifier(_ name: String, in fields: MenuFileFields) -> MenuIdentifier? {
    nonEmptyString(name, in: fields, expected: "a menu identifier").map(
      MenuIdentifier.init(rawValue:))
  }

  /// Decodes a target: a menu identifier string, or an object `{ "menu": id }`,
  /// `{ "action": id }` or `{ "command": action, "propertyList": … }`.
  mutating func reference(_ node: JSONNode, field: String, _ context: MenuFileContext)
    -> MenuElementReference?
  {
    switch node.value {
    case .string(let identifier):
      guard !identifier.isEmpty else {
        report(
          .invalidValue,
          "invalid value '' for '\(field)' \(context.inPhrase); expected a menu identifier",
          at: node.location)
        return nil
      }
      return .menu(MenuIdentifier(rawValue: identifier))
    case .object(let members):
      guard
        let kind = kindKey(
          of: members, at: node.location, subject: "a target", keys: Self.targetKinds)
      else {
        reportDuplicates(in: members, context: .target)
        return nil
      }
      let fields = fields(
        of: members, at: node.location, context: .target,
        known: Self.targetKinds + ["propertyList"])
      if kind.key != "command", let member = fields.members["propertyList"] {
        report(
          .unknownField,
          "field 'propertyList' applies only to command targets; a \(kind.key) is found by its "
            + "identifier alone",
          at: member.keyLocation)
      }
      let expected =
        kind.key == "command" ? "an action name like 'copy:'" : "a non-empty identifier"
      guard let name = nonEmptyString(kind.key, in: fields, expected: expected) else { return nil }
      switch kind.key {
      case "menu":
        return .menu(MenuIdentifier(rawValue: name))
      case "action":
        return .action(ActionIdentifier(rawValue: name))
      default:
        let list = fields["propertyList"].map { self.propertyList($0) }
        return .command(CommandKey(action: ActionName(name), propertyList: list))
      }
    default:
      report(
        .wrongType,
        "expected a menu identifier or a target object for '\(field)' \(context.inPhrase), found "
          + node.value.typeNameWithArticle,
        at: node.location)
      return nil
    }
  }
}

// MARK: - Positions inside strings

extension MenuFileDecoder {
  /// The location of the scalar at `offset` in the string value `text` of `node`.
  ///
  /// That is the node's column plus one for the opening quote plus the offset, when the source
  /// spells the string verbatim on one line; when it uses escapes or line continuations,
  /// columns in the value do not match the source, and the string's start is returned.
  package mutating func location(in node: JSONNode, text: String, offset: Int) -> SourceLocation {
    guard isVerbatim(text, at: node.location) else { return node.location }
    var location = node.location
    location.column += 1 + offset
    return location
  }

  /// Whether the source has, at `location`, a quote, exactly the scalars of `value`, and the
  /// same quote again.
  mutating func isVerbatim(_ value: String, at location: SourceLocation) -> Bool {
    let starts = lineStartIndices()
    guard location.line >= 1, location.line <= starts.count, location.column >= 1 else {
      return false
    }
    let scalars = text.unicodeScalars
    var index = starts[location.line - 1]
    var column = 1
    if let cursor = lineCursor, cursor.line == location.line, cursor.column <= location.column {
      // Walk on from the last position on this line: many problems on one long line (a
      // minified file) cost one pass over it, not one pass each.
      (column, index) = (cursor.column, cursor.index)
    } else if location.line == 1, index < scalars.endIndex, scalars[index] == "\u{FEFF}" {
      index = scalars.index(after: index)
    }
    guard
      let quoteIndex = scalars.index(
        index, offsetBy: location.column - column, limitedBy: scalars.endIndex),
      quoteIndex < scalars.endIndex
    else { return false }
    lineCursor = (location.line, location.column, quoteIndex)
    let quote = scalars[quoteIndex]
    guard quote == "\"" || quote == "'" else { return false }
    let expected = Array(value.unicodeScalars) + [quote]
    var position = scalars.index(after: quoteIndex)
    for scalar in expected {
      guard position < scalars.endIndex, scalars[position] == scalar else { return false }
      position = scalars.index(after: position)
    }
    return true
  }

  /// The index of the first scalar of each line, splitting on `\n`, `\r\n` and `\r` as the
  /// reader does; computed once.
  mutating func lineStartIndices() -> [String.UnicodeScalarView.Index] {
    if let lineStarts { return lineStarts }
    let scalars = text.unicodeScalars
    var starts = [scalars.startIndex]
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      var next = scalars.index(after: index)
      if scalar == "\r" || scalar == "\n" {
        if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" {
          next = scalars.index(after: next)
        }
        starts.append(next)
      }
      index = next
    }
    lineStarts = starts
    return starts
  }
}
