import MenuKitJSON

// Decoding of elements: menus, inline groups, commands and key commands, their alternates,
// shortcuts and property lists.

extension MenuFileDecoder {
  /// The keys that say what kind of element an object is.
  static let elementKinds = ["menu", "inline", "command"]
  /// The fields of a menu, in the order the writer uses.
  static let menuFields = ["menu", "id", "subtitle", "image", "options", "elementSize", "children"]
  /// The fields of an inline group, in the order the writer uses.
  static let inlineFields = ["inline", "id", "options", "elementSize"]
  /// The fields of a command or key command, in the order the writer uses.
  static let commandFields = [
    "command", "action", "shortcut", "label", "propertyList", "image", "discoverabilityTitle",
    "attributes", "state", "keywords", "aliases", "alternates", "wantsPriorityOverSystemBehavior",
    "allowsAutomaticLocalization", "allowsAutomaticMirroring", "repeatBehavior",
  ]
  /// The fields that only a command with a `shortcut` may have. (`label`, which readers
  /// ignore, may be on any command: with keymap files, `menu-dump --format json` labels the
  /// commands that keymaps bind.)
  static let keyCommandFields = [
    "wantsPriorityOverSystemBehavior", "allowsAutomaticLocalization",
    "allowsAutomaticMirroring", "repeatBehavior",
  ]
  /// The fields of a command alternate, in the order the writer uses.
  static let alternateFields = ["title", "action", "modifiers"]

  static let menuHints = [
    "title": "a menu's title is the value of its 'menu' field",
    "elements": "a menu's elements are the value of its 'children' field",
  ]
  static let inlineHints = [
    "title": "an inline group has no title; use a 'menu' with \"options\": [\"displayInline\"]",
    "subtitle":
      "an inline group has no subtitle; use a 'menu' with \"options\": [\"displayInline\"]",
    "image": "an inline group has no image; use a 'menu' with \"options\": [\"displayInline\"]",
    "children": "an inline group's elements are the value of its 'inline' field",
  ]
  static let commandHints = [
    "title": "a command's title is the value of its 'command' field",
    "id": "commands have no identifier; edits address a command by 'action' and 'propertyList'",
    "input": "the key and its modifiers are written together in 'shortcut', like 'Cmd+Shift+O'",
    "modifiers":
      "the key and its modifiers are written together in 'shortcut', like 'Cmd+Shift+O'",
    "modifierFlags":
      "the key and its modifiers are written together in 'shortcut', like 'Cmd+Shift+O'",
  ]
}

// MARK: - Elements

extension MenuFileDecoder {
  /// Decodes the elements of an array field; `field` names it in messages.
  mutating func decodeElements(_ items: [JSONNode], in field: String) -> [MenuElement] {
    items.compactMap { item in
      guard case .object = item.value else {
        report(
          .wrongType,
          "expected an element object in '\(field)', found \(item.value.typeNameWithArticle)",
          at: item.location)
        return nil
      }
      return decodeElement(item)
    }
  }

  /// Decodes an array field of elements, reporting `MK112` when it is `required` and absent.
  mutating func elements(_ name: String, in fields: MenuFileFields, required: Bool = false)
    -> [MenuElement]?
  {
    if required, fields[name] == nil { reportMissing(name, in: fields) }
    guard let items = array(name, in: fields, expected: "an array of elements") else { return nil }
    return decodeElements(items, in: name)
  }

  /// Decodes one element object, whose kind is given by its `menu`, `inline` or `command` key.
  mutating func decodeElement(_ node: JSONNode) -> MenuElement? {
    guard case .object(let members) = node.value else { return nil }
    guard
      let kind = kindKey(
        of: members, at: node.location, subject: "an element", keys: Self.elementKinds)
    else {
      reportDuplicates(in: members, context: .element)
      return nil
    }
    switch kind.key {
    case "menu": return .menu(decodeMenu(members, at: node.location))
    case "inline": return .menu(decodeInline(members, at: node.location))
    default: return decodeCommand(members, at: node.location)
    }
  }

  /// Decodes a menu object.
  mutating func decodeMenu(_ members: [JSONMember], at location: SourceLocation) -> Menu {
    let fields = fields(
      of: members, at: location, context: .menu, known: Self.menuFields, hints: Self.menuHints)
    var menu = Menu(title: string("menu", in: fields, expected: "a string (the title)") ?? "")
    menu.identifier = identifier(in: fields)
    menu.subtitle = string("subtitle", in: fields)
    menu.image = string("image", in: fields)
    decodeMenuOptions(fields, into: &menu)
    menu.children = elements("children", in: fields) ?? []
    return menu
  }

  /// Decodes an inline group: a menu with an empty title and the `displayInline` option.
  mutating func decodeInline(_ members: [JSONMember], at location: SourceLocation) -> Menu {
    let fields = fields(
      of: members, at: location, context: .inline, known: Self.inlineFields,
      hints: Self.inlineHints)
    var menu = Menu(options: .displayInline)
    menu.identifier = identifier(in: fields)
    decodeMenuOptions(fields, into: &menu)
    menu.children = elements("inline", in: fields) ?? []
    return menu
  }

  /// Decodes the `options` and `elementSize` of a menu or inline group, adding to its options.
  mutating func decodeMenuOptions(_ fields: MenuFileFields, into menu: inout Menu) {
    let named = Menu.Options.named.map { (value: $0.option, name: $0.name) }
    menu.options.formUnion(Menu.Options(choices("options", in: fields, from: named)))
    let sizes = Menu.ElementSize.allCases.map { (value: $0, name: $0.rawValue) }
    menu.preferredElementSize = choice("elementSize", in: fields, from: sizes) ?? .large
  }

  /// The menu identifier in an `id` field.
  mutating func identifier(in fields: MenuFileFields) -> MenuIdentifier? {
    nonEmptyString("id", in: fields, expected: "a non-empty identifier").map(
      MenuIdentifier.init(rawValue:))
  }
}

// MARK: - Commands

extension MenuFileDecoder {
  /// Decodes a command object: a key command when it has a `shortcut`, else a command.
  mutating func decodeCommand(_ members: [JSONMember], at location: SourceLocation)
    -> MenuElement
  {
    let fields = fields(
      of: members, at: location, context: .command, known: Self.commandFields,
      hints: Self.commandHints)
    let title = string("command", in: fields, expected: "a string (the title)")
    let action = nonEmptyString(
      "action", in: fields, required: true, expected: "an action name like 'copy:'")
    var command = Command(title: title ?? "", action: ActionName(action ?? ""))
    command.propertyList = fields["propertyList"].map { propertyList($0) }
    command.image = string("image", in: fields)
    command.discoverabilityTitle = string("discoverabilityTitle", in: fields)
    let attributes = MenuElementAttributes.named.map { (value: $0.attribute, name: $0.name) }
    command.attributes = MenuElementAttributes(choices("attributes", in: fields, from: attributes))
    let states = MenuElementState.allCases.map { (value: $0, name: $0.rawValue) }
    command.state = choice("state", in: fields, from: states) ?? .off
    command.keywords = strings("keywords", in: fields)
    command.aliases = strings("aliases", in: fields)
    if let items = array("alternates", in: fields, expected: "an array of alternates") {
      command.alternates = items.compactMap { decodeAlternate($0) }
    }
    _ = string("label", in: fields)  // Written by menu-dump, checked, ignored.
    guard let shortcutNode = fields["shortcut"] else {
      for name in Self.keyCommandFields {
        guard let member = fields.members[name] else { continue }
        report(
          .unknownField,
          "field '\(name)' applies only to key commands; add a 'shortcut' to this command",
          at: member.keyLocation)
      }
      return .command(command)
    }
    let repeats = KeyCommand.RepeatBehavior.allCases.map { (value: $0, name: $0.rawValue) }
    let flags = (
      priority: bool("wantsPriorityOverSystemBehavior", in: fields) ?? false,
      localization: bool("allowsAutomaticLocalization", in: fields) ?? true,
      mirroring: bool("allowsAutomaticMirroring", in: fields) ?? true,
      repeats: choice("repeatBehavior", in: fields, from: repeats) ?? .repeatable
    )
    guard let text = string("shortcut", in: fields), let shortcut = shortcut(text, at: shortcutNode)
    else { return .command(command) }
    return .keyCommand(
      KeyCommand(
        command, input: shortcut.input, modifierFlags: shortcut.modifierFlags,
        wantsPriorityOverSystemBehavior: flags.priority,
        allowsAutomaticLocalization: flags.localization,
        allowsAutomaticMirroring: flags.mirroring, repeatBehavior: flags.repeats))
  }

  /// Decodes one object of a command's `alternates`.
  mutating func decodeAlternate(_ node: JSONNode) -> CommandAlternate? {
    guard case .object(let members) = node.value else {
      report(
        .wrongType,
        "expected an alternate object in 'alternates', found \(node.value.typeNameWithArticle)",
        at: node.location)
      return nil
    }
    let fields = fields(
      of: members, at: node.location, context: .alternate, known: Self.alternateFields)
    let title = string("title", in: fields, required: true)
    let action = nonEmptyString(
      "action", in: fields, required: true, expected: "an action name like 'closeAll:'")
    let modifiers = string("modifiers", in: fields, required: true).flatMap { text in
      modifierFlags(text, at: fields["modifiers"]!)
    }
    guard let title, let action, let modifiers else { return nil }
    return CommandAlternate(title: title, action: ActionName(action), modifierFlags: modifiers)
  }

  /// Parses a `shortcut` string; reports `MK114` at the offending character.
  mutating func shortcut(_ text: String, at node: JSONNode) -> KeyboardShortcut? {
    do {
      return try KeyboardShortcut(parsing: text)
    } catch {
      report(
        .badShortcut, "bad shortcut \(text.quotedForMessage): \(error)",
        at: location(in: node, text: text, offset: error.offset))
      return nil
    }
  }

  /// Parses an alternate's `modifiers`: modifier names joined with `+`, or `""` for none.
  ///
  /// Reports `MK114` at the offending name.
  mutating func modifierFlags(_ text: String, at node: JSONNode) -> KeyModifierFlags? {
    let expectation =
      "expected modifier names (Ctrl, Cmd, Alt, Shift) joined with '+', like 'Alt+Shift'"
    guard !text.unicodeScalars.allSatisfy({ $0 == " " }) else { return [] }
    var flags: KeyModifierFlags = []
    var offset = 0
    for word in text.split(separator: "+", omittingEmptySubsequences: false) {
      let problem: String?
      if word.isEmpty {
        problem = "a modifier name is missing; \(expectation)"
      } else if let flag = KeyModifierFlags.named(word) {
        problem = flags.contains(flag) ? "modifier \(word.quotedForMessage) appears twice" : nil
        flags.insert(flag)
      } else {
        let hint =
          word.closest(in: KeyModifierFlags.acceptedWords).map { "did you mean '\($0)'?" }
          ?? expectation
        problem = "unknown modifier \(word.quotedForMessage); \(hint)"
      }
      if let problem {
        report(
          .badShortcut, "bad modifiers \(text.quotedForMessage) in a command alternate: \(problem)",
          at: location(in: node, text: text, offset: offset))
        return nil
      }
      offset += word.unicodeScalars.count + 1
    }
    return flags
  }
}

// MARK: - Property lists

extension MenuFileDecoder {
  /// Converts any JSON value to a property list; objects become dictionaries.
  ///
  /// A repeated key is reported (`MK117`) and its first value kept.
  package mutating func propertyList(_ node: JSONNode) -> PropertyList {
    switch node.value {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .number(let value, let literal):
      // Numbers are kept as `Double`, exact for integers up to 2^53: a larger integer would
      // be changed without a word (9007199254740993 reads as …992).
      if abs(value) >= Self.largestExactInteger, Self.isIntegerBeyondExact(literal) {
        report(
          .invalidValue,
          "the integer \(literal.quotedForMessage) is beyond ±2^53 (9007199254740992), the "
            + "largest a property list keeps exactly; write it as a string",
          at: node.location)
      }
      return .number(value)
    case .string(let value): return .string(value)
    case .array(let items): return .array(items.map { propertyList($0) })
    case .object(let members):
      reportDuplicates(in: members, context: MenuFileContext(noun: "a property list"))
      var dictionary: [String: PropertyList] = [:]
      for member in members where dictionary[member.key] == nil {
        dictionary[member.key] = propertyList(member.value)
      }
      return .dictionary(dictionary)
    }
  }

  /// 2^53: every integer up to it, and no larger one, is a `Double` exactly.
  static let largestExactInteger = 9_007_199_254_740_992.0

  /// Whether a number's literal is an integer (digits, or `0x` and hex digits, with an
  /// optional sign; no fraction, no exponent) whose magnitude is more than 2^53.
  static func isIntegerBeyondExact(_ literal: String) -> Bool {
    var digits = Substring(literal)
    if let first = digits.first, first == "-" || first == "+" { digits = digits.dropFirst() }
    var radix: UInt64 = 10
    if digits.lowercased().hasPrefix("0x") {
      digits = digits.dropFirst(2)
      radix = 16
    }
    guard !digits.isEmpty else { return false }
    var magnitude: UInt64 = 0
    for character in digits {
      guard let digit = character.hexDigitValue, UInt64(digit) < radix else { return false }
      let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
      if overflow || carry { return true }
      magnitude = sum
    }
    return magnitude > 9_007_199_254_740_992
  }
}
