import MenuKitJSON

// Writing menu files: MenuFile → JSONValue → text.

extension MenuFile {
  /// The file as menu-file JSON text, in a fixed layout that loads back to an equal file.
  ///
  /// The top level is `schemaVersion`, then `menu` (if any), then `edits` (if any). Each
  /// element starts with its kind key (`menu`, `inline` or `command`), then `id`, then its
  /// other fields in the order of `docs/formats/menu-files.md`; fields that hold their default value
  /// are left out, a menu with an empty title and exactly the `displayInline` option is
  /// written with the `inline` shorthand, shortcuts are written in canonical text and property
  /// list dictionaries with sorted keys. The text ends with a newline.
  ///
  /// Closure-based ``Action`` elements and ``DeferredElement`` placeholders have no file form:
  /// they are left out, so a tree that contains them does not round-trip. Everything else
  /// does: loading the text gives a file equal to this one (edit locations aside), provided
  /// each key command's input is a single key as ``KeyboardShortcut/canonicalText`` writes it
  /// (a lowercase letter, not `"O"`) and menus nest less deeply than the reader allows
  /// (127 levels). Writing recurses along the tree, so check a tree built in code with
  /// ``MenuValidator`` first: it rejects menus nested more than 64 levels deep (`MK306`).
  ///
  /// ```swift
  /// let file = MenuFile(menu: builder.menu)
  /// print(file.jsonText(platform: .linux), terminator: "")
  /// // {
  /// //   "schemaVersion": 1,
  /// //   "menu": {
  /// //     "menu": "",
  /// //     "id": "root",
  /// //     …
  /// ```
  ///
  /// - Parameters:
  ///   - platform: When given, each key command also gets a `label`: its shortcut as shown on
  ///     that platform (`"Ctrl+O"`), which readers ignore.
  ///   - shortcutLabels: The keys that actually fire for each command, as
  ///     ``KeyBindingResolver/shortcutLabels(in:platform:)`` gives them after keymaps are
  ///     layered over the menu. When given, they are the `label`s instead: a command or key
  ///     command gets the label this gives it, or none. `shortcut` stays the menu's own.
  public func jsonText(
    platform: PlatformProfile? = nil, shortcutLabels: [CommandKey: String]? = nil
  ) -> String {
    JSONWriter.write(
      MenuFileEncoder(platform: platform, shortcutLabels: shortcutLabels).file(self))
  }
}

/// Builds the JSON form of menu files, their elements and edits.
struct MenuFileEncoder {
  /// The platform whose labels are added to key commands, if any.
  var platform: PlatformProfile?
  /// The labels of the keys that fire for each command, replacing the shortcuts' labels.
  var shortcutLabels: [CommandKey: String]? = nil

  /// The location given to values built here; the writer does not use it.
  private static let nowhere = SourceLocation(line: 1, column: 1)

  /// The top-level object of a file.
  func file(_ file: MenuFile) -> JSONValue {
    var members = [member("schemaVersion", .number(Double(MenuFile.schemaVersion), literal: ""))]
    if let menu = file.menu { members.append(member("menu", self.menu(menu))) }
    if !file.edits.isEmpty {
      members.append(member("edits", .array(file.edits.map { node(edit($0)) })))
    }
    return .object(members)
  }

  /// The elements that have a file form, in order; actions and deferred elements are dropped.
  func elements(_ elements: [MenuElement]) -> JSONValue {
    .array(elements.compactMap { element($0).map(node) })
  }

  /// An element, or nil for an action or a deferred element.
  func element(_ element: MenuElement) -> JSONValue? {
    switch element {
    case .menu(let menu): self.menu(menu)
    case .command(let command): self.command(command, keyCommand: nil)
    case .keyCommand(let keyCommand): command(keyCommand.command, keyCommand: keyCommand)
    case .action, .deferred: nil
    }
  }

  /// A menu, with the `inline` shorthand when its title is empty, its only option is
  /// `displayInline` and it has no subtitle or image.
  func menu(_ menu: Menu) -> JSONValue {
    let isShorthand =
      menu.title.isEmpty && menu.options == .displayInline && menu.subtitle == nil
      && menu.image == nil
    var members: [JSONMember] = []
    if isShorthand {
      members.append(member("inline", elements(menu.children)))
    } else {
      members.append(member("menu", .string(menu.title)))
    }
    if let identifier = menu.identifier {
      members.append(member("id", .string(identifier.rawValue)))
    }
    if !isShorthand {
      if let subtitle = menu.subtitle { members.append(member("subtitle", .string(subtitle))) }
      if let image = menu.image { members.append(member("image", .string(image))) }
      if !menu.options.isEmpty { members.append(member("options", strings(menu.options.names))) }
    }
    if menu.preferredElementSize != .large {
      members.append(member("elementSize", .string(menu.preferredElementSize.rawValue)))
    }
    if !isShorthand, !menu.children.isEmpty {
      members.append(member("children", elements(menu.children)))
    }
    return .object(members)
  }

  /// A command, or a key command when `keyCommand` is given.
  func command(_ command: Command, keyCommand: KeyCommand?) -> JSONValue {
    var members = [
      member("command", .string(command.title)), member("action", .string(command.action.rawValue)),
    ]
    if let keyCommand {
      members.append(member("shortcut", .string(keyCommand.shortcut.canonicalText)))
    }
    if let shortcutLabels {
      if let label = shortcutLabels[command.key] { members.append(member("label", .string(label))) }
    } else if let keyCommand, let platform {
      members.append(member("label", .string(keyCommand.shortcut.label(for: platform))))
    }
    if let propertyList = command.propertyList {
      members.append(member("propertyList", self.propertyList(propertyList)))
    }
    if let image = command.image { members.append(member("image", .string(image))) }
    if let title = command.discoverabilityTitle {
      members.append(member("discoverabilityTitle", .string(title)))
    }
    if !command.attributes.isEmpty {
      members.append(member("attributes", strings(command.attributes.names)))
    }
    if command.state != .off { members.append(member("state", .string(command.state.rawValue))) }
    if !command.keywords.isEmpty { members.append(member("keywords", strings(command.keywords))) }
    if !command.aliases.isEmpty { members.append(member("aliases", strings(command.aliases))) }
    if !command.alternates.isEmpty {
      members.append(member("alternates", .array(command.alternates.map { node(alternate($0)) })))
    }
    if let keyCommand { members += keyCommandFlags(keyCommand) }
    return .object(members)
  }

  /// The key command fields that differ from their defaults.
  func keyCommandFlags(_ keyCommand: KeyCommand) -> [JSONMember] {
    var members: [JSONMember] = []
    if keyCommand.wantsPriorityOverSystemBehavior {
      members.append(member("wantsPriorityOverSystemBehavior", .bool(true)))
    }
    if !keyCommand.allowsAutomaticLocalization {
      members.append(member("allowsAutomaticLocalization", .bool(false)))
    }
    if !keyCommand.allowsAutomaticMirroring {
      members.append(member("allowsAutomaticMirroring", .bool(false)))
    }
    if keyCommand.repeatBehavior != .repeatable {
      members.append(member("repeatBehavior", .string(keyCommand.repeatBehavior.rawValue)))
    }
    return members
  }

  /// A command alternate: `title`, `action` and `modifiers` (`"Alt+Shift"`, or `""`).
  func alternate(_ alternate: CommandAlternate) -> JSONValue {
    .object([
      member("title", .string(alternate.title)),
      member("action", .string(alternate.action.rawValue)),
      member("modifiers", .string(alternate.modifierFlags.names.joined(separator: "+"))),
    ])
  }

  /// A property list as JSON; dictionaries with their keys sorted.
  func propertyList(_ propertyList: PropertyList) -> JSONValue {
    switch propertyList {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let value): .number(value, literal: "")
    case .string(let value): .string(value)
    case .array(let values): .array(values.map { node(self.propertyList($0)) })
    case .dictionary(let values):
      .object(values.keys.sorted().map { member($0, self.propertyList(values[$0]!)) })
    }
  }
}

// MARK: - Edits

extension MenuFileEncoder {
  /// An edit: its operation key with the target or elements, then the other half.
  func edit(_ edit: MenuEdit) -> JSONValue {
    switch edit.operation {
    case .insert(let elements, let position):
      let place: JSONMember =
        switch position {
        case .atStartOf(let menu): member("atStartOf", .string(menu.rawValue))
        case .atEndOf(let menu): member("atEndOf", .string(menu.rawValue))
        case .before(let reference): member("before", self.reference(reference))
        case .after(let reference): member("after", self.reference(reference))
        }
      return .object([member("insert", self.elements(elements)), place])
    case .replace(let reference, let elements):
      return .object([
        member("replace", self.reference(reference)), member("with", self.elements(elements)),
      ])
    case .replaceChildren(let menu, let elements):
      return .object([
        member("replaceChildrenOf", .string(menu.rawValue)),
        member("with", self.elements(elements)),
      ])
    case .remove(let reference):
      return .object([member("remove", self.reference(reference))])
    }
  }

  /// A target: a menu identifier string, `{ "action": id }` or
  /// `{ "command": action, "propertyList": … }`.
  func reference(_ reference: MenuElementReference) -> JSONValue {
    switch reference {
    case .menu(let identifier):
      return .string(identifier.rawValue)
    case .action(let identifier):
      return .object([member("action", .string(identifier.rawValue))])
    case .command(let key):
      var members = [member("command", .string(key.action.rawValue))]
      if let propertyList = key.propertyList {
        members.append(member("propertyList", self.propertyList(propertyList)))
      }
      return .object(members)
    }
  }
}

// MARK: - Building JSON

extension MenuFileEncoder {
  /// A member whose key and value have no meaningful location.
  func member(_ key: String, _ value: JSONValue) -> JSONMember {
    JSONMember(
      key: key, keyLocation: Self.nowhere, value: JSONNode(value: value, location: Self.nowhere))
  }

  /// A value without a meaningful location.
  func node(_ value: JSONValue) -> JSONNode {
    JSONNode(value: value, location: Self.nowhere)
  }

  /// An array of strings.
  func strings(_ strings: [String]) -> JSONValue {
    .array(strings.map { node(.string($0)) })
  }
}
