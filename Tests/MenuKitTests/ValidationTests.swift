import Testing

@testable import MenuKit

// MARK: - Fixtures

/// A root menu, as the validator receives it.
private func root(_ children: [MenuElement]) -> Menu {
  Menu(title: "", identifier: .root, children: children)
}

/// A titled submenu.
private func menu(
  _ title: String, id identifier: MenuIdentifier? = nil, options: Menu.Options = [],
  _ children: [MenuElement] = []
) -> MenuElement {
  .menu(Menu(title: title, identifier: identifier, options: options, children: children))
}

/// An inline group.
private func group(
  id identifier: MenuIdentifier? = nil, options: Menu.Options = [], _ children: [MenuElement]
) -> MenuElement {
  .menu(Menu(identifier: identifier, options: options.union(.displayInline), children: children))
}

/// A command.
private func command(
  _ title: String, _ action: ActionName, propertyList: PropertyList? = nil,
  state: MenuElementState = .off
) -> MenuElement {
  .command(Command(title: title, action: action, propertyList: propertyList, state: state))
}

/// A key command.
private func key(
  _ title: String, _ action: ActionName, _ input: KeyInput,
  _ modifierFlags: KeyModifierFlags = .command, attributes: MenuElementAttributes = [],
  state: MenuElementState = .off
) -> MenuElement {
  .keyCommand(
    KeyCommand(
      title: title, action: action, input: input, modifierFlags: modifierFlags,
      attributes: attributes, state: state))
}

/// An action.
private func action(_ title: String, _ identifier: ActionIdentifier) -> MenuElement {
  .action(Action(title: title, identifier: identifier) { _, _ in })
}

/// The diagnostics of validating `children` under a root menu, as `(code, severity, message)`.
private func diagnose(
  _ children: [MenuElement], platform: PlatformProfile = .linux
) -> [Finding] {
  MenuValidator(platform: platform).validate(root(children)).map(Finding.init)
}

/// A diagnostic's parts, compared as a whole so a failure shows every difference.
private struct Finding: Equatable, CustomStringConvertible {
  var code: String
  var severity: Diagnostic.Severity
  var message: String

  init(_ code: DiagnosticCode, _ severity: Diagnostic.Severity, _ message: String) {
    self.code = code.rawValue
    self.severity = severity
    self.message = message
  }

  init(_ diagnostic: Diagnostic) {
    self.init(diagnostic.code, diagnostic.severity, diagnostic.message)
    #expect(diagnostic.location == nil, "a tree built in code has no source location")
  }

  var description: String { "\(severity.rawValue)[\(code)]: \(message)" }
}

// MARK: - Driver

@Suite("MenuValidator")
struct MenuValidatorTests {
  @Test("a well-formed menu has no diagnostics")
  func cleanMenu() {
    let findings = diagnose([
      menu(
        "File", id: .file,
        [
          group(id: .newScene, [key("New", "newDocument:", "n")]),
          group(
            id: .open, [key("Open…", "openDocument:", "o"), menu("Open Recent", id: .openRecent)]),
        ]),
      menu(
        "Edit", id: .edit,
        [
          key("Cut", "cut:", "x"), key("Copy", "copy:", "c"),
          key("Paste", "paste:", "v"),
          key(
            "Paste and Match Style", "pasteAndMatch:", "v",
            [.command, .alternate, .shift]),
        ]),
    ])
    #expect(findings == [])
  }

  @Test("reports the documentation example as documented")
  func documentationExample() {
    let menu = Menu(
      title: "", identifier: .root,
      children: [
        .menu(
          Menu(
            title: "Edit", identifier: .edit,
            children: [
              .keyCommand(
                KeyCommand(title: "Cut", action: "cut:", input: "x", modifierFlags: .command)),
              .keyCommand(
                KeyCommand(
                  title: "Cross Out", action: "crossOut:", input: "x", modifierFlags: .control)),
            ]))
      ])
    #expect(
      MenuValidator(platform: .linux).validate(menu).map(\.description) == [
        "error[MK302]: shortcut Ctrl+X of 'Cut' (cut:) in Edit is also used by 'Cross Out' "
          + "(crossOut:) in Edit under the linux profile"
      ])
  }

  @Test("an empty root menu is valid")
  func emptyRoot() {
    #expect(MenuValidator(platform: .mac).validate(Menu()) == [])
  }

  @Test("the maximum depth is 64")
  func maximumDepth() {
    #expect(MenuValidator.maximumDepth == 64)
  }

  @Test("collects every problem, in tree order, and in code order for one element")
  func treeOrder() {
    let findings = diagnose([
      menu(
        "", id: .edit,
        [
          key("Cut", "cut:", "x"),
          key("Cross Out", "crossOut:", "X", .control),
        ]),
      menu(
        "Format", id: .edit,
        [
          key("Cut Again", "cut:", "x"),
          key("Strike", "strike:", "xy"),
        ]),
    ])
    #expect(
      findings == [
        Finding(
          .emptyTitle, .error,
          "menu 'edit' at the top level has an empty title; give it a title or make it an "
            + "inline group with .displayInline"),
        Finding(
          .notASingleKey, .warning,
          "key command 'Cross Out' (crossOut:) in edit has the uppercase input 'X'; use "
            + "lowercase 'x' with Shift; UIKit matches lowercase characters"),
        Finding(
          .duplicateIdentifier, .error,
          "menu identifier 'edit' of an untitled menu at the top level is also used by "
            + "'Format' at the top level"),
        Finding(
          .duplicateShortcut, .error,
          "shortcut Ctrl+X of 'Cut' (cut:) in edit is also used by 'Cut Again' (cut:) in Format "
            + "under the linux profile"),
        Finding(
          .duplicateCommand, .warning,
          "action 'cut:' of 'Cut' in edit is also used by 'Cut Again' in Format; builder edits "
            + "address only the first"),
        Finding(
          .notASingleKey, .error,
          "key command 'Strike' (strike:) in Format has the input 'xy', which is not a single "
            + "key; use one character or a special key such as .upArrow"),
      ])
  }

  @Test("a fresh set of rules runs for each validation")
  func reusable() {
    let validator = MenuValidator(platform: .linux)
    let tree = root([menu("Edit", id: .edit, [key("Cut", "cut:", "x")])])
    #expect(validator.validate(tree) == [])
    #expect(validator.validate(tree) == [])
  }
}

// MARK: - MK301

@Suite("DuplicateIdentifierRule (MK301)")
struct DuplicateIdentifierRuleTests {
  @Test("reports a menu identifier used twice, naming both menus and where they are")
  func duplicateMenu() {
    let findings = diagnose([
      menu("File", id: .file, [menu("Recent", id: .openRecent)]),
      menu("View", id: .view, [group(id: .openRecent, [command("Zoom", "zoom:")])]),
    ])
    #expect(
      findings == [
        Finding(
          .duplicateIdentifier, .error,
          "menu identifier 'openRecent' of 'Recent' in File is also used by an inline group "
            + "in View")
      ])
  }

  @Test("reports a reuse of the root's identifier")
  func duplicateRoot() {
    let findings = diagnose([menu("Main", id: .root)])
    #expect(
      findings == [
        Finding(
          .duplicateIdentifier, .error,
          "menu identifier 'root' of the root menu is also used by 'Main' at the top level")
      ])
  }

  @Test("reports every later use against the first")
  func threeUses() {
    let findings = diagnose([
      menu("A", id: "same"), menu("B", id: "same"), menu("C", id: "same"),
    ])
    #expect(
      findings.map(\.message) == [
        "menu identifier 'same' of 'A' at the top level is also used by 'B' at the top level",
        "menu identifier 'same' of 'A' at the top level is also used by 'C' at the top level",
      ])
  }

  @Test("reports an action identifier used twice")
  func duplicateAction() {
    let findings = diagnose([
      menu("View", [action("Refresh", "refresh")]),
      menu("Window", [group([action("", "refresh")])]),
    ])
    #expect(
      findings == [
        Finding(
          .duplicateIdentifier, .error,
          "action identifier 'refresh' of 'Refresh' in View is also used by an untitled action "
            + "in Window ▸ (inline)")
      ])
  }

  @Test("menus and actions have separate identifier spaces, and anonymous menus never clash")
  func separateSpaces() {
    let findings = diagnose([
      menu("Refresh", id: "refresh", [action("Refresh", "refresh")]),
      group([command("A", "a:")]), group([command("B", "b:")]),
    ])
    #expect(findings == [])
  }
}

// MARK: - MK302

@Suite("DuplicateShortcutRule (MK302)")
struct DuplicateShortcutRuleTests {
  /// Cut (Cmd+X) in Edit and Cross Out (Ctrl+X) in Format.
  private static let cutAndCrossOut: [MenuElement] = [
    menu("Edit", [key("Cut", "cut:", "x", .command)]),
    menu("Format", [menu("Font", [key("Cross Out", "crossOut:", "x", .control)])]),
  ]

  @Test(
    "Cmd and Ctrl are the same key on linux and windows",
    arguments: [(PlatformProfile.linux, "Ctrl+X"), (.windows, "Ctrl+X")])
  func commandIsControl(platform: PlatformProfile, label: String) {
    #expect(
      diagnose(Self.cutAndCrossOut, platform: platform) == [
        Finding(
          .duplicateShortcut, .error,
          "shortcut \(label) of 'Cut' (cut:) in Edit is also used by 'Cross Out' (crossOut:) in "
            + "Format ▸ Font under the \(platform) profile")
      ])
  }

  @Test("Cmd and Ctrl are different keys on mac")
  func commandIsNotControlOnMac() {
    #expect(diagnose(Self.cutAndCrossOut, platform: .mac) == [])
  }

  @Test("the same authored flags collide on every platform, with the platform's label")
  func sameFlags() {
    let elements = [
      key("Save", "save:", "s", [.command, .shift]),
      key("Save As", "saveAs:", "s", [.shift, .command]),
    ]
    #expect(
      diagnose(elements, platform: .mac).map(\.message) == [
        "shortcut ⇧⌘S of 'Save' (save:) at the top level is also used by 'Save As' (saveAs:) "
          + "at the top level under the mac profile"
      ])
  }

  @Test("hidden and disabled key commands still count")
  func hiddenCounts() {
    let findings = diagnose([
      key("Find", "find:", "f", attributes: .hidden),
      key("Find Next", "findNext:", "f", attributes: .disabled),
    ])
    #expect(findings.map(\.code) == ["MK302"])
  }

  @Test("a different input, or extra modifiers, do not collide")
  func noCollision() {
    let findings = diagnose([
      key("Cut", "cut:", "x"), key("Cut All", "cutAll:", "x", [.command, .shift]),
      key("Copy", "copy:", "c"), key("Up", "up:", .upArrow, []),
      key("Down", "down:", .downArrow, []),
    ])
    #expect(findings == [])
  }

  @Test("names an untitled key command and shows its property list")
  func untitled() {
    let findings = diagnose([
      .keyCommand(
        KeyCommand(
          action: "navigate:", input: .upArrow, modifierFlags: .command, propertyList: "up")),
      .keyCommand(
        KeyCommand(
          title: "Top", action: "navigate:", input: .upArrow, modifierFlags: .control,
          propertyList: "top")),
    ])
    #expect(
      findings.map(\.message) == [
        "shortcut Ctrl+Up of an untitled command (navigate: \"up\") at the top level is also "
          + "used by 'Top' (navigate: \"top\") at the top level under the linux profile"
      ])
  }
}

// MARK: - MK303

@Suite("EmptyTitleRule (MK303)")
struct EmptyTitleRuleTests {
  @Test("reports an untitled submenu, by identifier or anonymously")
  func untitledSubmenu() {
    let findings = diagnose([
      menu("File", [menu("", id: .openRecent), menu(" ")])
    ])
    #expect(
      findings == [
        Finding(
          .emptyTitle, .error,
          "menu 'openRecent' in File has an empty title; give it a title or make it an inline "
            + "group with .displayInline"),
        Finding(
          .emptyTitle, .error,
          "a menu in File has an empty title; give it a title or make it an inline group with "
            + ".displayInline"),
      ])
  }

  @Test("the root menu and inline groups may be untitled")
  func exemptions() {
    let tree = Menu(children: [menu("File", [group([command("Close", "close:")])])])
    #expect(MenuValidator(platform: .linux).validate(tree) == [])
  }
}

// MARK: - MK304

@Suite("MultipleSelectionRule (MK304)")
struct MultipleSelectionRuleTests {
  @Test("reports a single-selection menu with two children on")
  func twoOn() {
    let findings = diagnose([
      menu(
        "View",
        [
          menu(
            "Sort By", options: .singleSelection,
            [
              command("Name", "sort:", propertyList: "name", state: .on),
              command("Date", "sort:", propertyList: "date"),
              command("Size", "sort:", propertyList: "size", state: .on),
            ])
        ])
    ])
    #expect(
      findings == [
        Finding(
          .multipleSelection, .error,
          "'Sort By' in View is single-selection but has 2 items on: 'Name', 'Size'; only one "
            + "may be on")
      ])
  }

  @Test("counts the menu and its submenus, as UIKit: inline groups and submenus at any depth")
  func inlineGroupsCount() {
    let findings = diagnose([
      menu(
        "Format", options: .singleSelection,
        [
          key("Bold", "bold:", "b", state: .on),
          group([key("Italic", "italic:", "i", state: .on)]),
          menu("More", [group([command("Underline", "underline:", state: .on)])]),
          command("Plain", "plain:", state: .mixed),
        ])
    ])
    #expect(
      findings.map(\.message) == [
        "'Format' at the top level is single-selection but has 3 items on: 'Bold', 'Italic', "
          + "'Underline'; only one may be on"
      ])
  }

  @Test("two inline sections with one item on each are two items on")
  func twoSections() {
    let findings = diagnose([
      menu(
        "Sort", options: .singleSelection,
        [
          group([command("Name", "sort:", propertyList: "name", state: .on)]),
          group([command("Date", "sort:", propertyList: "date", state: .on)]),
        ])
    ])
    #expect(findings.map(\.code) == [DiagnosticCode.multipleSelection.rawValue])
  }

  @Test("one item on, or mixed items, are fine; a menu without the option is not checked")
  func fine() {
    let findings = diagnose([
      menu(
        "A", options: .singleSelection,
        [command("1", "one:", state: .on), command("2", "two:", state: .mixed)]),
      menu("B", [command("3", "three:", state: .on), command("4", "four:", state: .on)]),
    ])
    #expect(findings == [])
  }

  @Test("checks the root and inline groups too")
  func rootAndGroups() {
    let tree = Menu(
      options: .singleSelection,
      children: [
        command("1", "one:", state: .on), command("", "two:", state: .on),
        group(
          options: .singleSelection,
          [command("3", "three:", state: .on), command("4", "four:", state: .on)]),
      ])
    #expect(
      MenuValidator(platform: .linux).validate(tree).map(\.message) == [
        "the root menu is single-selection but has 4 items on: '1', (untitled), '3', '4'; only "
          + "one may be on",
        "an inline group at the top level is single-selection but has 2 items on: '3', '4'; "
          + "only one may be on",
      ])
  }
}

// MARK: - MK305

@Suite("SingleKeyRule (MK305)")
struct SingleKeyRuleTests {
  @Test(
    "rejects an input that is not one key",
    arguments: [
      ("ab", "the input 'ab'"),
      ("", "an empty input"),
      ("Up", "the input 'Up'"),
    ])
  func notSingle(input: String, described: String) {
    #expect(
      diagnose([menu("Go", [key("Jump", "jump:", KeyInput(input))])]) == [
        Finding(
          .notASingleKey, .error,
          "key command 'Jump' (jump:) in Go has \(described), which is not a single key; use "
            + "one character or a special key such as .upArrow")
      ])
  }

  @Test(
    "warns about an uppercase Latin letter",
    arguments: [("O", "o"), ("É", "é"), ("Z", "z")])
  func uppercase(input: String, lowercase: String) {
    #expect(
      diagnose([key("Open", "open:", KeyInput(input), [.command, .shift])]) == [
        Finding(
          .notASingleKey, .warning,
          "key command 'Open' (open:) at the top level has the uppercase input '\(input)'; "
            + "use lowercase '\(lowercase)' with Shift; UIKit matches lowercase characters")
      ])
  }

  @Test(
    "accepts single keys: lowercase letters, symbols, digits, non-Latin letters, special keys",
    arguments: [KeyInput("o"), "[", "1", "é", "Ω", "Ж", "+", " ", .upArrow, .function(5)])
  func singleKeys(input: KeyInput) {
    #expect(diagnose([key("Go", "go:", input)]) == [])
  }
}

// MARK: - MK306

@Suite("MenuDepthRule (MK306)")
struct MenuDepthRuleTests {
  /// A chain of `levels` menus titled `x`, each the only child of the one above, under a root.
  ///
  /// Built in a loop: the tree is too deep for a recursive helper.
  private static func chain(_ levels: Int) -> Menu {
    var menu = Menu(title: "x")
    for _ in 1..<levels { menu = Menu(title: "x", children: [.menu(menu)]) }
    return Menu(identifier: .root, children: [.menu(menu)])
  }

  @Test("accepts menus nested exactly the maximum depth")
  func atLimit() {
    #expect(MenuValidator(platform: .linux).validate(Self.chain(64)) == [])
  }

  @Test("reports the first menu one level too deep, with an elided path")
  func overLimit() {
    #expect(
      MenuValidator(platform: .linux).validate(Self.chain(65)).map(Finding.init) == [
        Finding(
          .menuTooDeep, .error,
          "'x' in x ▸ x ▸ x ▸ … ▸ x ▸ x ▸ x is nested 65 levels deep; menus may nest at most "
            + "64 levels")
      ])
  }

  @Test("inline groups count as levels")
  func inlineLevels() {
    var menu = Menu(title: "leaf")
    for _ in 1..<65 { menu = Menu(options: .displayInline, children: [.menu(menu)]) }
    let findings = MenuValidator(platform: .linux).validate(Menu(children: [.menu(menu)]))
    #expect(findings.map(\.code) == [.menuTooDeep])
    #expect(findings.first?.message.hasPrefix("'leaf' in (inline) ▸ (inline) ▸ ") == true)
  }

  @Test("a 100,000-deep tree is reported once, without exhausting the stack")
  func veryDeep() {
    var tree = Self.chain(100_000)
    let findings = MenuValidator(platform: .linux).validate(tree)
    #expect(findings.map(\.code) == [.menuTooDeep])
    #expect(findings.map(\.severity) == [.error])
    Self.dismantle(&tree)
  }

  /// Frees a tree one level at a time.
  ///
  /// Swift destroys a nested value recursively, a few stack frames per level: freeing the
  /// 100,000-deep chain in one go overflows a test thread's stack at about 15,000 levels (in a
  /// debug build). Here each level's children array is freed only after the next level has been
  /// taken out of it, so no release recurses.
  private static func dismantle(_ tree: inout Menu) {
    var pending = [tree]
    tree = Menu()
    while var menu = pending.popLast() {
      let children = menu.children
      menu.children = []
      for case .menu(let child) in children { pending.append(child) }
    }
  }
}

// MARK: - MK307

@Suite("DuplicateCommandRule (MK307)")
struct DuplicateCommandRuleTests {
  @Test("warns about a command and a key command that share an action")
  func sameAction() {
    let findings = diagnose([
      menu("Edit", [key("Copy", "copy:", "c")]),
      menu("Format", [command("Copy", "copy:")]),
    ])
    #expect(
      findings == [
        Finding(
          .duplicateCommand, .warning,
          "action 'copy:' of 'Copy' in Edit is also used by 'Copy' in Format; builder edits "
            + "address only the first")
      ])
  }

  @Test("names the property list when there is one")
  func sameActionAndPropertyList() {
    let findings = diagnose([
      command("Bold", "toggleStyle:", propertyList: ["style": "bold"]),
      command("", "toggleStyle:", propertyList: ["style": "bold"]),
    ])
    #expect(
      findings.map(\.message) == [
        "action and property list 'toggleStyle: {\"style\": \"bold\"}' of 'Bold' at the top "
          + "level are also used by an untitled command at the top level; builder edits address "
          + "only the first"
      ])
  }

  @Test("different property lists tell commands apart")
  func differentPropertyLists() {
    let findings = diagnose([
      command("Left", "align:", propertyList: "left"),
      command("Right", "align:", propertyList: "right"),
      command("None", "align:"),
    ])
    #expect(findings == [])
  }
}

// MARK: - Paths

@Suite("Validation paths")
struct ValidationPathTests {
  @Test(
    "labels menus by title, inline groups by identifier, and elides long paths",
    arguments: [
      (["File"], "File"),
      (["File", "Open Recent"], "File ▸ Open Recent"),
      (["1", "2", "3", "4", "5", "6", "7"], "1 ▸ 2 ▸ 3 ▸ 4 ▸ 5 ▸ 6 ▸ 7"),
      (["1", "2", "3", "4", "5", "6", "7", "8"], "1 ▸ 2 ▸ 3 ▸ … ▸ 6 ▸ 7 ▸ 8"),
    ])
  func joined(labels: [String], expected: String) {
    #expect(TreePosition.joined(labels[...]) == expected)
  }

  @Test("path labels")
  func labels() {
    #expect(TreePosition.label(of: Menu(title: "File")) == "File")
    #expect(TreePosition.label(of: Menu(identifier: "x")) == "x")
    #expect(TreePosition.label(of: Menu()) == "(untitled)")
    #expect(TreePosition.label(of: Menu(identifier: "g", options: .displayInline)) == "g")
    #expect(TreePosition.label(of: Menu(title: "T", options: .displayInline)) == "T")
    #expect(TreePosition.label(of: Menu(options: .displayInline)) == "(inline)")
  }
}
