import Testing

@testable import MenuKit

/// Files and menus shared by the menu-file tests.
enum MenuFileSamples {
  /// A file that uses every element kind, every field and every edit kind, written with the
  /// JSON5 conveniences (comments, unquoted keys, single quotes, trailing commas).
  static let rich = #"""
    // Every field of version 1.
    {
      "$schema": "../docs/menu-file.schema.json",
      schemaVersion: 1,
      "menu": {
        "menu": "",
        "id": "root",
        "children": [
          {
            "menu": "File",
            "id": "file",
            "subtitle": "Documents",
            "image": "doc",
            "options": ["destructive", "singleSelection"],
            "elementSize": "medium",
            "children": [
              {
                "inline": [
                  {
                    "command": "Open…",
                    "action": "openDocument:",
                    "shortcut": "Cmd+O",
                    "label": "Ctrl+O",  /* ignored when read */
                    "propertyList": {"kind": "document", "recent": [1, 2.5, true, null]},
                    "image": "folder",
                    "discoverabilityTitle": "Open a document",
                    "attributes": ["disabled", "destructive", "hidden", "keepsMenuPresented"],
                    "state": "mixed",
                    "keywords": ["load", "file"],
                    "alternates": [
                      {"title": "Open in New Window", "action": "openInWindow:", "modifiers": "Alt+Shift"},
                    ],
                    "wantsPriorityOverSystemBehavior": true,
                    "allowsAutomaticLocalization": false,
                    "allowsAutomaticMirroring": false,
                    "repeatBehavior": "nonRepeatable",
                  },
                  {command: 'Close', action: 'close:', state: 'on'},
                ],
                "id": "open",
                "options": ["displayAsPalette"],
                "elementSize": "small"
              },
              {"inline": []},
              {"menu": "Recent", "options": ["displayInline"]},
              {"menu": "", "image": "star", "options": ["displayInline"]}
            ]
          }
        ]
      },
      "edits": [
        {"insert": [{"command": "Export…", "action": "export:"}], "atStartOf": "file"},
        {"insert": [], "atEndOf": "file"},
        {"insert": [{"menu": "Tools", "id": "tools"}], "before": "file"},
        {"insert": [], "after": {"action": "refresh"}},
        {"insert": [], "before": {"command": "close:"}},
        {"insert": [], "after": {"command": "navigate:", "propertyList": "up"}},
        {"insert": [], "before": {"menu": "open"}},
        {"replace": "tools", "with": [{"inline": []}]},
        {"replace": {"command": "openDocument:", "propertyList": {"kind": "document"}}, "with": []},
        {"replaceChildrenOf": "help", "with": [{"command": "Help", "action": "help:", "shortcut": "F1"}]},
        {"remove": "format"},
        {"remove": {"action": "refresh"}},
        {"remove": {"command": "close:"}}
      ]
    }
    """#

  /// The root menu of ``rich``.
  static let richMenu = Menu(
    title: "", identifier: .root,
    children: [
      .menu(
        Menu(
          title: "File", subtitle: "Documents", image: "doc", identifier: .file,
          options: [.destructive, .singleSelection], preferredElementSize: .medium,
          children: [
            .menu(
              Menu(
                identifier: .open, options: [.displayInline, .displayAsPalette],
                preferredElementSize: .small,
                children: [
                  .keyCommand(
                    KeyCommand(
                      Command(
                        title: "Open…", image: "folder", action: "openDocument:",
                        propertyList: ["kind": "document", "recent": [1, 2.5, true, nil]],
                        alternates: [
                          CommandAlternate(
                            title: "Open in New Window", action: "openInWindow:",
                            modifierFlags: [.alternate, .shift])
                        ],
                        discoverabilityTitle: "Open a document",
                        attributes: [.disabled, .destructive, .hidden, .keepsMenuPresented],
                        state: .mixed, keywords: ["load", "file"]),
                      input: "o", modifierFlags: .command, wantsPriorityOverSystemBehavior: true,
                      allowsAutomaticLocalization: false, allowsAutomaticMirroring: false,
                      repeatBehavior: .nonRepeatable)),
                  .command(Command(title: "Close", action: "close:", state: .on)),
                ])),
            .menu(Menu(options: .displayInline)),
            .menu(Menu(title: "Recent", options: .displayInline)),
            .menu(Menu(image: "star", options: .displayInline)),
          ]))
    ])

  /// The edits of ``rich``.
  static let richEdits: [MenuEdit] = [
    MenuEdit(.insert([.command(Command(title: "Export…", action: "export:"))], .atStartOf(.file))),
    MenuEdit(.insert([], .atEndOf(.file))),
    MenuEdit(.insert([.menu(Menu(title: "Tools", identifier: "tools"))], .before(.menu(.file)))),
    MenuEdit(.insert([], .after(.action("refresh")))),
    MenuEdit(.insert([], .before(.command(CommandKey(action: "close:"))))),
    MenuEdit(.insert([], .after(.command(CommandKey(action: "navigate:", propertyList: "up"))))),
    MenuEdit(.insert([], .before(.menu(.open)))),
    MenuEdit(.replace(.menu("tools"), with: [.menu(Menu(options: .displayInline))])),
    MenuEdit(
      .replace(
        .command(CommandKey(action: "openDocument:", propertyList: ["kind": "document"])),
        with: [])),
    MenuEdit(
      .replaceChildren(
        of: .help,
        with: [.keyCommand(KeyCommand(title: "Help", action: "help:", input: .function(1)))])),
    MenuEdit(.remove(.menu(.format))),
    MenuEdit(.remove(.action("refresh"))),
    MenuEdit(.remove(.command(CommandKey(action: "close:")))),
  ]

  /// A small main menu built in code, for applying edits.
  static func baseMenu() -> Menu {
    Menu(
      title: "", identifier: .root,
      children: [
        .menu(
          Menu(
            title: "File", identifier: .file,
            children: [
              .command(Command(title: "Close", action: "close:")),
              .action(Action(title: "Refresh", identifier: "refresh") { _, _ in }),
            ])),
        .menu(Menu(title: "Format", identifier: .format)),
        .menu(
          Menu(
            title: "Help", identifier: .help,
            children: [
              .keyCommand(
                KeyCommand(
                  title: "Up", action: "navigate:", input: .upArrow, modifierFlags: .command,
                  propertyList: "up"))
            ])),
      ])
  }

  /// The menu as one line: `File[Close, Refresh], Format[]`; an untitled menu shows its
  /// identifier in parentheses.
  static func outline(_ menu: Menu) -> String {
    menu.children.map { element in
      guard case .menu(let child) = element else { return element.title }
      let name = child.title.isEmpty ? "(\(child.identifier?.rawValue ?? "inline"))" : child.title
      return "\(name)[\(outline(child))]"
    }.joined(separator: ", ")
  }
}

/// Reading every element kind, field and edit kind into the model.
@Suite("MenuFile decoding")
struct MenuFileDecodingTests {
  @Test("reads every element kind and field of a rich file")
  func richMenu() throws {
    let result = MenuFile.parse(MenuFileSamples.rich, path: "rich.json")
    #expect(result.diagnostics.isEmpty)
    let file = try #require(result.file)
    #expect(file.path == "rich.json")
    #expect(file.menu == MenuFileSamples.richMenu)
  }

  @Test("reads every edit kind, each located at its target")
  func richEdits() throws {
    let file = try #require(MenuFile.parse(MenuFileSamples.rich, path: "rich.json").file)
    #expect(file.edits == MenuFileSamples.richEdits)
    #expect(
      file.edits.map { $0.location.map(String.init(describing:)) ?? "" } == [
        "rich.json:52:76", "rich.json:53:31", "rich.json:54:62", "rich.json:55:29",
        "rich.json:56:30", "rich.json:57:29", "rich.json:58:30", "rich.json:59:17",
        "rich.json:60:17", "rich.json:61:27", "rich.json:62:16", "rich.json:63:16",
        "rich.json:64:16",
      ])
  }

  @Test("a command with a shortcut is a key command with UIKit's default flags")
  func keyCommandDefaults() throws {
    let text = #"""
      {"schemaVersion": 1, "menu": {"menu": "", "children": [
        {"command": "Bigger", "action": "bigger:", "shortcut": "ctrl+alt+shift++"},
        {"command": "", "action": "next:", "shortcut": "F12"}
      ]}}
      """#
    let menu = try #require(MenuFile.parse(text).file?.menu)
    #expect(
      menu.children == [
        .keyCommand(
          KeyCommand(
            title: "Bigger", action: "bigger:", input: "+",
            modifierFlags: [.control, .alternate, .shift])),
        .keyCommand(KeyCommand(title: "", action: "next:", input: .function(12))),
      ])
  }

  @Test("an inline group's options add to displayInline; an empty modifiers text is none")
  func inlineOptionsAndEmptyModifiers() throws {
    let text = #"""
      {"schemaVersion": 1, "menu": {"inline": [
        {"command": "A", "action": "a:", "alternates": [{"title": "B", "action": "b:", "modifiers": ""}]}
      ], "options": ["destructive", "displayInline"], "id": "group"}}
      """#
    let menu = try #require(MenuFile.parse(text).file?.menu)
    #expect(
      menu
        == Menu(
          identifier: "group", options: [.displayInline, .destructive],
          children: [
            .command(
              Command(
                title: "A", action: "a:",
                alternates: [CommandAlternate(title: "B", action: "b:", modifierFlags: [])]))
          ]))
  }

  @Test(
    "a property list keeps every JSON kind",
    arguments: [
      ("null", PropertyList.null),
      ("false", .bool(false)),
      ("-2.5e1", .number(-25)),
      ("0x10", .number(16)),
      (#""up""#, .string("up")),
      (#"[1, "a", [true], {}]"#, .array([1, "a", [true], .dictionary([:])])),
      (#"{"b": {"c": null}, "a": []}"#, .dictionary(["a": .array([]), "b": ["c": nil]])),
    ])
  func propertyLists(json: String, expected: PropertyList) throws {
    let text =
      #"{"schemaVersion": 1, "menu": {"menu": "", "children": [{"command": "A", "action": "a:", "#
      + #""propertyList": \#(json)}]}}"#
    let menu = try #require(MenuFile.parse(text).file?.menu)
    #expect(menu.children.first?.command?.propertyList == expected)
  }

  @Test("a file may have only edits, only a menu, or neither")
  func optionalParts() throws {
    let empty = try #require(MenuFile.parse(#"{"schemaVersion": 1}"#).file)
    #expect(empty == MenuFile())
    let menuOnly = try #require(
      MenuFile.parse(#"{"schemaVersion": 1, "menu": {"menu": "R"}}"#).file)
    #expect(menuOnly.menu == Menu(title: "R"))
    #expect(menuOnly.edits.isEmpty)
  }

  @Test("menus nested as deeply as the reader allows are read")
  func deepestMenus() throws {
    // 127 menus: the innermost children array is at depth 255 of the reader's 256.
    let open = #"{"menu": "M", "children": ["#
    let text =
      #"{"schemaVersion": 1, "menu": "# + String(repeating: open, count: 127)
      + String(repeating: "]}", count: 127) + "}"
    let result = MenuFile.parse(text)
    #expect(result.diagnostics.isEmpty)
    var depth = 0
    var menu = result.file?.menu
    while let current = menu {
      depth += 1
      menu = current.children.first?.menu
    }
    #expect(depth == 127)
  }
}
