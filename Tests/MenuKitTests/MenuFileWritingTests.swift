import MenuKitTestSupport
import Testing

@testable import MenuKit

/// Builds random menu files with every element kind, field and edit kind that has a file form.
struct MenuFileGenerator {
  var random: SplitMix64
  private var counter = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  static let texts = [
    "Open…", "Save \"As\"", #"back\slash"#, "line\nbreak", "tab\there", "é", "👍🏽", "", "\u{1}",
    "/* not a comment */", "日本語",
  ]
  static let inputs: [KeyInput] = [
    "a", "z", "1", "[", "/", "é", "+", ",", .upArrow, .function(5), .function(24), .keypad(3),
    .escape, .space, .tab, .return, .enter, .deleteForward, .backspace, .home, .pageDown,
    KeyInput(.keypadPlus), .physicalKey(.keyboardOpenBracket), .physicalKey(.keypad1),
    .physicalKey(.keyboardMenu),
  ]
  static let modifiers: [KeyModifierFlags] = [
    .control, .alternate, .shift, .command, .alphaShift, .numericPad,
  ]

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
  mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }
  mutating func text() -> String { pick(Self.texts) }
  mutating func optionalText() -> String? { chance(50) ? text() : nil }

  mutating func identifier(_ prefix: String) -> String {
    counter += 1
    return "\(prefix)\(counter)"
  }

  mutating func flags() -> KeyModifierFlags {
    KeyModifierFlags(Self.modifiers.filter { _ in chance(30) })
  }

  mutating func propertyList(depth: Int = 0) -> PropertyList {
    switch Int.random(in: 0..<(depth < 2 ? 7 : 5), using: &random) {
    case 0: return .null
    case 1: return .bool(chance(50))
    case 2: return .number(pick([0, -1, 1.5, 1e300, -0.25, 123_456_789, 0.1]))
    case 3, 4: return .string(text())
    case 5:
      return .array(
        (0..<Int.random(in: 0...3, using: &random)).map { _ in propertyList(depth: depth + 1) })
    default:
      var dictionary: [String: PropertyList] = [:]
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        dictionary[text()] = propertyList(depth: depth + 1)
      }
      return .dictionary(dictionary)
    }
  }

  mutating func command() -> Command {
    Command(
      title: text(), image: optionalText(), action: ActionName(identifier("action") + ":"),
      propertyList: chance(40) ? propertyList() : nil,
      alternates: chance(30)
        ? (0..<Int.random(in: 1...2, using: &random)).map { _ in
          CommandAlternate(
            title: text(), action: ActionName(identifier("alt")), modifierFlags: flags())
        } : [],
      discoverabilityTitle: optionalText(),
      attributes: MenuElementAttributes(
        MenuElementAttributes.named.map(\.attribute).filter { _ in chance(25) }),
      state: pick(MenuElementState.allCases),
      keywords: chance(30) ? [text(), text()] : [])
  }

  mutating func element(depth: Int) -> MenuElement {
    let kind = Int.random(in: 0..<(depth < 4 ? 4 : 2), using: &random)
    switch kind {
    case 0: return .command(command())
    case 1:
      return .keyCommand(
        KeyCommand(
          command(), input: pick(Self.inputs), modifierFlags: flags(),
          wantsPriorityOverSystemBehavior: chance(30), allowsAutomaticLocalization: chance(70),
          allowsAutomaticMirroring: chance(70),
          repeatBehavior: pick(KeyCommand.RepeatBehavior.allCases)))
    default: return .menu(menu(depth: depth + 1))
    }
  }

  mutating func menu(depth: Int) -> Menu {
    let inline = chance(40)
    var options = Menu.Options(Menu.Options.named.map(\.option).filter { _ in chance(20) })
    if inline { options.insert(.displayInline) }
    return Menu(
      title: inline && chance(70) ? "" : text(), subtitle: chance(20) ? text() : nil,
      image: chance(20) ? text() : nil,
      identifier: chance(60) ? MenuIdentifier(identifier("menu")) : nil, options: options,
      preferredElementSize: pick(Menu.ElementSize.allCases),
      children: (0..<Int.random(in: 0...4, using: &random)).map { _ in element(depth: depth) })
  }

  mutating func reference() -> MenuElementReference {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return .menu(MenuIdentifier(identifier("menu")))
    case 1: return .action(ActionIdentifier(identifier("action")))
    default:
      return .command(
        CommandKey(
          action: ActionName(identifier("cmd")), propertyList: chance(50) ? propertyList() : nil))
    }
  }

  mutating func edit() -> MenuEdit {
    let elements = (0..<Int.random(in: 0...2, using: &random)).map { _ in element(depth: 2) }
    let menu = MenuIdentifier(identifier("menu"))
    switch Int.random(in: 0..<7, using: &random) {
    case 0: return MenuEdit(.insert(elements, .atStartOf(menu)))
    case 1: return MenuEdit(.insert(elements, .atEndOf(menu)))
    case 2: return MenuEdit(.insert(elements, .before(reference())))
    case 3: return MenuEdit(.insert(elements, .after(reference())))
    case 4: return MenuEdit(.replace(reference(), with: elements))
    case 5: return MenuEdit(.replaceChildren(of: menu, with: elements))
    default: return MenuEdit(.remove(reference()))
    }
  }

  mutating func file() -> MenuFile {
    MenuFile(
      menu: chance(80) ? menu(depth: 0) : nil,
      edits: (0..<Int.random(in: 0...4, using: &random)).map { _ in edit() })
  }
}

/// Writing files: the exact layout, omitted defaults, labels, and the load → write → load
/// round trip.
@Suite("MenuFile writing")
struct MenuFileWritingTests {
  @Test("writes the documented layout: kind key, id, non-default fields, shorthand, labels")
  func exactText() {
    let file = MenuFile(
      menu: Menu(
        title: "", identifier: .root,
        children: [
          .menu(
            Menu(
              title: "File", identifier: .file,
              children: [
                .menu(
                  Menu(
                    options: .displayInline,
                    children: [
                      .keyCommand(
                        KeyCommand(
                          title: "Open…", action: "openDocument:", input: "o",
                          modifierFlags: [.command, .shift])),
                      .command(
                        Command(
                          title: "Bold", action: "toggle:",
                          propertyList: ["z": 1, "a": [true, nil, 0.5]], state: .on)),
                      .action(Action(title: "Refresh", identifier: "refresh") { _, _ in }),
                      .deferred(DeferredElement(identifier: "recent") { $0([]) }),
                    ]))
              ]))
        ]),
      edits: [
        MenuEdit(.remove(.menu(.format))),
        MenuEdit(
          .insert(
            [.command(Command(title: "Export", action: "export:"))],
            .after(.command(CommandKey(action: "save:", propertyList: "pdf"))))),
      ])
    #expect(
      file.jsonText(platform: .linux) == """
        {
          "schemaVersion": 1,
          "menu": {
            "menu": "",
            "id": "root",
            "children": [
              {
                "menu": "File",
                "id": "file",
                "children": [
                  {
                    "inline": [
                      {
                        "command": "Open…",
                        "action": "openDocument:",
                        "shortcut": "Cmd+Shift+O",
                        "label": "Ctrl+Shift+O"
                      },
                      {
                        "command": "Bold",
                        "action": "toggle:",
                        "propertyList": {
                          "a": [
                            true,
                            null,
                            0.5
                          ],
                          "z": 1
                        },
                        "state": "on"
                      }
                    ]
                  }
                ]
              }
            ]
          },
          "edits": [
            {
              "remove": "format"
            },
            {
              "insert": [
                {
                  "command": "Export",
                  "action": "export:"
                }
              ],
              "after": {
                "command": "save:",
                "propertyList": "pdf"
              }
            }
          ]
        }

        """)
  }

  @Test(
    "labels follow the platform; without one there is no label",
    arguments: [
      (PlatformProfile?.none, nil), (.linux, "Ctrl+Alt+Up"), (.windows, "Ctrl+Alt+Up"),
      (.mac, "⌥⌘↑"),
    ] as [(PlatformProfile?, String?)])
  func labels(platform: PlatformProfile?, label: String?) {
    let file = MenuFile(
      menu: Menu(children: [
        .keyCommand(
          KeyCommand(
            title: "Up", action: "up:", input: .upArrow, modifierFlags: [.command, .alternate]))
      ]))
    let text = file.jsonText(platform: platform)
    #expect(text.contains(#""shortcut": "Cmd+Alt+Up""#))
    if let label {
      #expect(text.contains(#""label": "\#(label)""#))
    } else {
      #expect(!text.contains("label"))
    }
    #expect(MenuFile.parse(text).file == file)
  }

  @Test("an empty file is only its schema version")
  func emptyFile() {
    #expect(MenuFile().jsonText() == "{\n  \"schemaVersion\": 1\n}\n")
  }

  @Test("non-default key command flags and an alternate without modifiers are written")
  func keyCommandFlags() {
    let file = MenuFile(
      menu: Menu(children: [
        .keyCommand(
          KeyCommand(
            Command(
              title: "A", action: "a:",
              alternates: [CommandAlternate(title: "B", action: "b:", modifierFlags: [])]),
            input: .function(2), allowsAutomaticMirroring: false))
      ]))
    let text = file.jsonText()
    #expect(text.contains(#""allowsAutomaticMirroring": false"#))
    #expect(!text.contains("wantsPriorityOverSystemBehavior"))
    #expect(!text.contains("allowsAutomaticLocalization"))
    #expect(!text.contains("repeatBehavior"))
    #expect(text.contains(#""modifiers": """#))
    #expect(MenuFile.parse(text).file == file)
  }

  @Test("actions and deferred elements are left out, and the rest still round-trips")
  func unwritableElements() {
    let written = MenuFile(
      menu: Menu(children: [
        .action(Action(title: "Refresh", identifier: "refresh") { _, _ in }),
        .command(Command(title: "Copy", action: "copy:")),
        .deferred(DeferredElement(identifier: "recent", caching: .uncached) { $0([]) }),
      ]),
      edits: [
        MenuEdit(
          .insert(
            [.action(Action(identifier: "x") { _, _ in })], .atEndOf(.file)))
      ])
    let read = MenuFile.parse(written.jsonText()).file
    #expect(
      read
        == MenuFile(
          menu: Menu(children: [.command(Command(title: "Copy", action: "copy:"))]),
          edits: [MenuEdit(.insert([], .atEndOf(.file)))]))
  }

  @Test("the rich file round-trips, and writing is idempotent")
  func richRoundTrip() throws {
    let file = try #require(MenuFile.parse(MenuFileSamples.rich, path: "rich.json").file)
    for platform in [nil] + PlatformProfile.allCases {
      let text = file.jsonText(platform: platform)
      let again = try #require(MenuFile.parse(text, path: "rich.json").file)
      #expect(again == file)
      #expect(again.menu == MenuFileSamples.richMenu)
      #expect(again.edits == MenuFileSamples.richEdits)
      #expect(again.jsonText(platform: platform) == text)
      #expect(text.hasSuffix("}\n"))
    }
  }

  @Test("generated files round-trip", arguments: 0..<60)
  func generatedRoundTrip(seed: UInt64) throws {
    var generator = MenuFileGenerator(seed: seed)
    let file = generator.file()
    let text = file.jsonText(platform: .mac)
    let result = MenuFile.parse(text)
    #expect(result.diagnostics.isEmpty)
    let again = try #require(result.file)
    #expect(again.menu == file.menu)
    #expect(again.edits == file.edits)
    #expect(again.jsonText(platform: .mac) == text)
  }

  @Test("menus nested as deeply as the reader allows round-trip")
  func deepRoundTrip() throws {
    var menu = Menu(title: "Leaf", children: [.command(Command(title: "C", action: "c:"))])
    for level in 0..<126 { menu = Menu(title: "M\(level)", children: [.menu(menu)]) }
    let file = MenuFile(menu: menu)
    let again = try #require(MenuFile.parse(file.jsonText()).file)
    #expect(again == file)
  }
}
