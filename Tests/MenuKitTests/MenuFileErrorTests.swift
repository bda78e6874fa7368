import Testing

@testable import MenuKit

/// One malformed file and the exact diagnostics it must produce, in order.
struct MenuFileErrorCase: Sendable, CustomTestStringConvertible {
  /// What the case is about, shown as the test's argument.
  var name: String
  /// The file's text.
  var text: String
  /// The expected `description` of each diagnostic, in order.
  var expected: [String]

  init(_ name: String, _ text: String, _ expected: [String]) {
    self.name = name
    self.text = text
    self.expected = expected
  }

  var testDescription: String { name }
}

/// Every error the decoder reports: its code, its exact position and its message, all collected
/// from one file rather than stopping at the first.
@Suite("MenuFile errors")
struct MenuFileErrorTests {
  /// What the shortcut parser says a shortcut looks like, at the end of some of its messages.
  static let shortcutHelp = KeyboardShortcutParseError.expectation

  static let cases: [MenuFileErrorCase] = [
    MenuFileErrorCase(
      "top level",
      #"[1]"#,
      [
        "1:1: error[MK111]: expected an object at the top level of a menu file, found an array"
      ]),
    MenuFileErrorCase(
      "missing schema version",
      #"{"menu": {"menu": ""}}"#,
      [
        #"1:1: error[MK112]: missing field 'schemaVersion' at the top level; add "schemaVersion": 1"#
      ]),
    MenuFileErrorCase(
      "schema version string",
      #"{"schemaVersion": "1"}"#,
      [
        "1:19: error[MK111]: expected a number for 'schemaVersion' at the top level, found a string"
      ]),
    MenuFileErrorCase(
      "schema version 2",
      #"{"schemaVersion": 2, "menus": []}"#,
      [
        "1:19: error[MK115]: unsupported schema version 2; this version of MenuKit reads version 1"
      ]),
    MenuFileErrorCase(
      "schema field",
      #"{"$schema": 5, "schemaVersion": 1}"#,
      [
        "1:13: error[MK111]: expected a string for '$schema' at the top level, found a number"
      ]),
    MenuFileErrorCase(
      "unknown top-level field with suggestion",
      #"{"schemaVersion": 1, "menus": {}}"#,
      [
        "1:22: error[MK110]: unknown field 'menus' at the top level; did you mean 'menu'?"
      ]),
    MenuFileErrorCase(
      "unknown top-level field",
      #"{"schemaVersion": 1, "x": 0}"#,
      [
        "1:22: error[MK110]: unknown field 'x' at the top level; expected one of '$schema', 'schemaVersion', 'menu', 'edits'"
      ]),
    MenuFileErrorCase(
      "duplicate top-level field",
      #"{"schemaVersion": 1, schemaVersion: 1}"#,
      [
        "1:22: error[MK117]: duplicate field 'schemaVersion' at the top level; it is first set at 1:2"
      ]),
    MenuFileErrorCase(
      "root menu type",
      #"{"schemaVersion": 1, "menu": "File"}"#,
      [
        "1:30: error[MK111]: expected a menu object for 'menu' at the top level, found a string"
      ]),
    MenuFileErrorCase(
      "root menu is a command",
      #"{"schemaVersion": 1, "menu": {"command": "A", "action": "a:"}}"#,
      [
        "1:30: error[MK113]: expected a menu for 'menu' at the top level, found a command"
      ]),
    MenuFileErrorCase(
      "edits type",
      #"{"schemaVersion": 1, "edits": {}}"#,
      [
        "1:31: error[MK111]: expected an array of edits for 'edits' at the top level, found an object"
      ]),
    MenuFileErrorCase(
      "duplicate menu field",
      #"{"schemaVersion": 1, "menu": {"menu": "A", "id": "a", "id": "b"}}"#,
      [
        "1:55: error[MK117]: duplicate field 'id' in a menu; it is first set at 1:44"
      ]),
    MenuFileErrorCase(
      "element kinds",
      #"""
      {
        "schemaVersion": 1,
        "menu": {"menu": "", "children": [
          {"comand": "Open", "action": "open:"},
          {"title": "X", "title": "Y"},
          {"menu": "A", "command": "B", "inline": []},
          "separator"
        ]}
      }
      """#,
      [
        "4:5: error[MK116]: an element needs exactly one of the keys 'menu', 'inline' or 'command', found none; did you mean 'command' instead of 'comand'?",
        "5:5: error[MK116]: an element needs exactly one of the keys 'menu', 'inline' or 'command', found none",
        "5:20: error[MK117]: duplicate field 'title' in an element; it is first set at 5:6",
        "6:19: error[MK116]: an element needs exactly one of the keys 'menu', 'inline' or 'command', found 'menu', 'command' and 'inline'",
        "7:5: error[MK111]: expected an element object in 'children', found a string",
      ]),
    MenuFileErrorCase(
      "menu fields",
      #"""
      {
        "schemaVersion": 1,
        "menu": {
          "menu": 7,
          "id": "",
          "subtitle": false,
          "image": null,
          "options": ["inline", "displayInLine", 3],
          "elementSize": "huge",
          "children": {},
          "title": "Root",
          "childern": []
        }
      }
      """#,
      [
        "4:13: error[MK111]: expected a string (the title) for 'menu' in a menu, found a number",
        "5:11: error[MK113]: invalid value '' for 'id' in a menu; expected a non-empty identifier",
        "6:17: error[MK111]: expected a string for 'subtitle' in a menu, found a boolean",
        "7:14: error[MK111]: expected a string for 'image' in a menu, found null",
        "8:17: error[MK113]: invalid value 'inline' in 'options' of a menu; expected one of 'displayInline', 'destructive', 'singleSelection', 'displayAsPalette'",
        "8:27: error[MK113]: invalid value 'displayInLine' in 'options' of a menu; expected one of 'displayInline', 'destructive', 'singleSelection', 'displayAsPalette'; did you mean 'displayInline'?",
        "8:44: error[MK111]: expected one of 'displayInline', 'destructive', 'singleSelection', 'displayAsPalette' in 'options' of a menu, found a number",
        "9:20: error[MK113]: invalid value 'huge' for 'elementSize' in a menu; expected one of 'small', 'medium', 'large'",
        "10:17: error[MK111]: expected an array of elements for 'children' in a menu, found an object",
        "11:5: error[MK110]: unknown field 'title' in a menu; a menu's title is the value of its 'menu' field",
        "12:5: error[MK110]: unknown field 'childern' in a menu; did you mean 'children'?",
      ]),
    MenuFileErrorCase(
      "inline fields",
      #"""
      {
        "schemaVersion": 1,
        "menu": {
          "inline": "x",
          "subtitle": "s",
          "children": [],
          "id": 5
        }
      }
      """#,
      [
        "4:15: error[MK111]: expected an array of elements for 'inline' in an inline group, found a string",
        #"5:5: error[MK110]: unknown field 'subtitle' in an inline group; an inline group has no subtitle; use a 'menu' with "options": ["displayInline"]"#,
        "6:5: error[MK110]: unknown field 'children' in an inline group; an inline group's elements are the value of its 'inline' field",
        "7:11: error[MK111]: expected a string for 'id' in an inline group, found a number",
      ]),
    MenuFileErrorCase(
      "command fields",
      #"""
      {
        "schemaVersion": 1,
        "menu": {"menu": "", "children": [
          {
            "command": ["Open"],
            "id": "open",
            "image": 1,
            "discoverabilityTitle": {},
            "attributes": "disabled",
            "state": "On",
            "keywords": ["a", 2],
            "alternates": [{"title": "T", "action": "", "modifer": "Alt"}, 5],
            "repeatBehavior": "once",
            "label": 3
          }
        ]}
      }
      """#,
      [
        "4:5: error[MK112]: missing field 'action' in a command",
        "5:18: error[MK111]: expected a string (the title) for 'command' in a command, found an array",
        "6:7: error[MK110]: unknown field 'id' in a command; commands have no identifier; edits address a command by 'action' and 'propertyList'",
        "7:16: error[MK111]: expected a string for 'image' in a command, found a number",
        "8:31: error[MK111]: expected a string for 'discoverabilityTitle' in a command, found an object",
        "9:21: error[MK111]: expected an array of strings for 'attributes' in a command, found a string",
        "10:16: error[MK113]: invalid value 'On' for 'state' in a command; expected one of 'off', 'on', 'mixed'; did you mean 'on'?",
        "11:25: error[MK111]: expected a string in 'keywords' of a command, found a number",
        "12:22: error[MK112]: missing field 'modifiers' in a command alternate",
        "12:47: error[MK113]: invalid value '' for 'action' in a command alternate; expected an action name like 'closeAll:'",
        "12:51: error[MK110]: unknown field 'modifer' in a command alternate; did you mean 'modifiers'?",
        "12:70: error[MK111]: expected an alternate object in 'alternates', found a number",
        "13:7: error[MK110]: field 'repeatBehavior' applies only to key commands; add a 'shortcut' to this command",
        // A label is written on any command a keymap binds (and ignored when read).
        "14:16: error[MK111]: expected a string for 'label' in a command, found a number",
      ]),
    MenuFileErrorCase(
      "shortcuts and modifiers",
      #"""
      {
        "schemaVersion": 1,
        "menu": {"menu": "", "children": [
          {"command": "Save", "action": "save:", "shortcut": "Cmd+Shft+S"},
          {
            "command": "Up", "action": "up:", "shortcut": 5,
            "wantsPriorityOverSystemBehavior": "yes"
          },
          {"command": "Esc", "action": "esc:", "shortcut": "Cmd+\u0045sc+X"},
          {
            "command": "Q", "action": "q:", "shortcut": "Ctrl+Ctrl+Q",
            "repeatBehavior": "never", "label": 1
          },
          {"command": "A", "action": "a:", "shortcut": "Cmd+", "allowsAutomaticMirroring": 0},
          {"command": "B", "action": "b:", "shortcut": 'Alt+Foo'},
          {"command": "C", "action": "c:", "shortcut": ""},
          {"command": "D", "action": "d:", "shortcut": "Cmd+A", "alternates": [
            {"title": "E", "action": "e:", "modifiers": "Alt+Shft"},
            {"title": "F", "action": "f:", "modifiers": "Alt+Alt"},
            {"title": "G", "action": "g:", "modifiers": "Alt++Shift"},
            {"title": "H", "action": "h:", "modifiers": "Hyper"}
          ]}
        ]}
      }
      """#,
      [
        "4:61: error[MK114]: bad shortcut 'Cmd+Shft+S': unknown modifier 'Shft'; did you mean 'Shift'?",
        "6:53: error[MK111]: expected a string for 'shortcut' in a command, found a number",
        "7:42: error[MK111]: expected a boolean for 'wantsPriorityOverSystemBehavior' in a command, found a string",
        "9:54: error[MK114]: bad shortcut 'Cmd+Esc+X': unknown modifier 'Esc'; \(MenuFileErrorTests.shortcutHelp)",
        "11:57: error[MK114]: bad shortcut 'Ctrl+Ctrl+Q': modifier 'Ctrl' appears twice",
        "12:25: error[MK113]: invalid value 'never' for 'repeatBehavior' in a command; expected one of 'repeatable', 'nonRepeatable'",
        "12:43: error[MK111]: expected a string for 'label' in a command, found a number",
        "14:55: error[MK114]: bad shortcut 'Cmd+': the shortcut has no key; \(MenuFileErrorTests.shortcutHelp)",
        "14:86: error[MK111]: expected a boolean for 'allowsAutomaticMirroring' in a command, found a number",
        "15:55: error[MK114]: bad shortcut 'Alt+Foo': unknown key 'Foo'; expected one character or a key name like Up, Escape, F5, PageDown",
        "16:51: error[MK114]: bad shortcut '': empty shortcut; \(MenuFileErrorTests.shortcutHelp)",
        "18:56: error[MK114]: bad modifiers 'Alt+Shft' in a command alternate: unknown modifier 'Shft'; did you mean 'Shift'?",
        "19:56: error[MK114]: bad modifiers 'Alt+Alt' in a command alternate: modifier 'Alt' appears twice",
        "20:56: error[MK114]: bad modifiers 'Alt++Shift' in a command alternate: a modifier name is missing; expected modifier names (Ctrl, Cmd, Alt, Shift) joined with '+', like 'Alt+Shift'",
        "21:52: error[MK114]: bad modifiers 'Hyper' in a command alternate: unknown modifier 'Hyper'; expected modifier names (Ctrl, Cmd, Alt, Shift) joined with '+', like 'Alt+Shift'",
      ]),
    MenuFileErrorCase(
      "edits",
      #"""
      {
        "schemaVersion": 1,
        "edits": [
          {"insert": [], "atStartOf": "file", "after": "edit"},
          {"insert": {}, "atEndof": "file"},
          {"insert": []},
          {"replace": 5, "with": []},
          {"replace": {"menu": "a", "action": "b"}, "with": []},
          {"replace": {"menu": "a", "propertyList": 1}},
          {"replaceChildrenOf": "", "with": "x"},
          {"remove": {"command": "copy:", "propertyList": {"a": 1, "a": 2}}, "with": []},
          {"remove": {}},
          {"delete": "file"},
          {"remove": "file", "insert": []},
          7
        ]
      }
      """#,
      [
        "4:41: error[MK116]: an 'insert' edit needs exactly one of the keys 'atStartOf', 'atEndOf', 'before' or 'after', found 'atStartOf' and 'after'",
        "5:16: error[MK111]: expected an array of elements for 'insert' in an 'insert' edit, found an object",
        "5:20: error[MK110]: unknown field 'atEndof' in an 'insert' edit; did you mean 'atEndOf'?",
        "6:5: error[MK116]: an 'insert' edit needs exactly one of the keys 'atStartOf', 'atEndOf', 'before' or 'after', found none",
        "7:17: error[MK111]: expected a menu identifier or a target object for 'replace' in a 'replace' edit, found a number",
        "8:31: error[MK116]: a target needs exactly one of the keys 'menu', 'action' or 'command', found 'menu' and 'action'",
        "9:5: error[MK112]: missing field 'with' in a 'replace' edit",
        "9:31: error[MK110]: field 'propertyList' applies only to command targets; a menu is found by its identifier alone",
        "10:27: error[MK113]: invalid value '' for 'replaceChildrenOf' in a 'replaceChildrenOf' edit; expected a menu identifier",
        "10:39: error[MK111]: expected an array of elements for 'with' in a 'replaceChildrenOf' edit, found a string",
        "11:62: error[MK117]: duplicate field 'a' in a property list; it is first set at 11:54",
        "11:72: error[MK110]: unknown field 'with' in a 'remove' edit; a 'remove' edit has no elements; use 'replace' to put elements in its place",
        "12:16: error[MK116]: a target needs exactly one of the keys 'menu', 'action' or 'command', found none",
        "13:5: error[MK116]: an edit needs exactly one of the keys 'insert', 'replace', 'replaceChildrenOf' or 'remove', found none",
        "14:24: error[MK116]: an edit needs exactly one of the keys 'insert', 'replace', 'replaceChildrenOf' or 'remove', found 'remove' and 'insert'",
        "15:5: error[MK111]: expected an edit object in 'edits', found a number",
      ]),
  ]

  @Test("reports every problem of a file, in order, at its exact position", arguments: cases)
  func errors(_ errorCase: MenuFileErrorCase) {
    let result = MenuFile.parse(errorCase.text)
    #expect(result.file == nil)
    #expect(result.diagnostics.map(\.description) == errorCase.expected)
    #expect(result.diagnostics.allSatisfy { $0.severity == .error })
  }

  @Test("prefixes each location with the path, as tools print it")
  func pathInLocations() {
    let text = #"""
      {
        "schemaVersion": 1,
        "menu": {"menu": "", "id": "root", "children": [
          {"menu": "File", "id": "file", "children": [
            {"command": "Save", "action": "save:", "shortcut": "Cmd+Shft+S"},
            {"command": "Open…", "action": "open:", "shortcut": "Cmd+O", "sate": "on"}
          ]}
        ]}
      }
      """#
    let result = MenuFile.parse(text, path: "menus/app.json")
    #expect(
      result.diagnostics.map(\.description) == [
        "menus/app.json:5:63: error[MK114]: bad shortcut 'Cmd+Shft+S': unknown modifier 'Shft'; "
          + "did you mean 'Shift'?",
        "menus/app.json:6:68: error[MK110]: unknown field 'sate' in a command; did you mean "
          + "'state'?",
      ])
    #expect(result.diagnostics.map(\.location?.file) == ["menus/app.json", "menus/app.json"])
    #expect(result.diagnostics.map(\.code) == [.badShortcut, .unknownField])
  }

  @Test("a JSON syntax error is one MK101 with the reader's message and position")
  func syntaxError() {
    let result = MenuFile.parse("{\n  \"schemaVersion\": 1\n  \"menu\": {}\n}", path: "a.json")
    #expect(result.file == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "a.json:3:3: error[MK101]: expected ',' or '}' after an object member, found '\"'"
      ])
  }

  @Test("an empty text is a syntax error")
  func emptyText() {
    let result = MenuFile.parse("")
    #expect(result.diagnostics.map(\.code) == [.syntaxError])
    #expect(result.diagnostics.first?.location == SourceLocation(line: 1, column: 1))
  }

  @Test("10,000 nested arrays give one MK102 and no crash")
  func deepArrays() {
    let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let result = MenuFile.parse(text)
    #expect(result.file == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "1:257: error[MK102]: objects and arrays nest deeper than 256 levels"
      ])
  }

  @Test("10,000 nested menus give one MK102 and no crash")
  func deepMenus() {
    let open = #"{"menu": "M", "children": ["#
    let text =
      #"{"schemaVersion": 1, "menu": "# + String(repeating: open, count: 10_000)
      + String(repeating: "]}", count: 10_000) + "}"
    let result = MenuFile.parse(text)
    #expect(result.file == nil)
    #expect(result.diagnostics.map(\.code) == [.nestingTooDeep])
    #expect(result.diagnostics.first?.location?.line == 1)
  }

  @Test("an escaped shortcut string is reported at its opening quote")
  func escapedShortcut() {
    let text =
      #"{"schemaVersion": 1, "menu": {"menu": "", "children": ["#
      + #"{"command": "A", "action": "a:", "shortcut": "Cmd+\u0058+Y"}]}}"#
    let result = MenuFile.parse(text)
    #expect(result.diagnostics.map(\.code) == [.badShortcut])
    #expect(result.diagnostics.first?.location == SourceLocation(line: 1, column: 101))
  }

  @Test("columns after non-ASCII text count Unicode scalars")
  func nonASCIIColumns() {
    let text =
      #"{"schemaVersion": 1, "menu": {"menu": "📁 Fïle", "children": ["#
      + #"{"command": "Ö", "action": "o:", "shortcut": "Cmd+Altt+O"}]}}"#
    let result = MenuFile.parse(text)
    #expect(
      result.diagnostics.map(\.description) == [
        "1:112: error[MK114]: bad shortcut 'Cmd+Altt+O': unknown modifier 'Altt'; did you mean "
          + "'Alt'?"
      ])
  }
}
