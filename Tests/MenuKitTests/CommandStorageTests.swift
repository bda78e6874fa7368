import Testing

@testable import MenuKit

/// The properties of a command as a plain struct with synthesized equality and hashing: what
/// `Command` was before its properties moved into shared copy-on-write storage.
private struct ReferenceCommand: Hashable {
  var title: String
  var image: String?
  var action: ActionName
  var propertyList: PropertyList?
  var alternates: [CommandAlternate]
  var discoverabilityTitle: String?
  var attributes: MenuElementAttributes
  var state: MenuElementState
  var keywords: [String]
  var aliases: [String]

  init(_ command: Command) {
    title = command.title
    image = command.image
    action = command.action
    propertyList = command.propertyList
    alternates = command.alternates
    discoverabilityTitle = command.discoverabilityTitle
    attributes = command.attributes
    state = command.state
    keywords = command.keywords
    aliases = command.aliases
  }
}

/// A deterministic generator of commands that differ in one or more properties.
private struct CommandGenerator {
  var seed: UInt64

  mutating func next(_ bound: Int) -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((seed >> 33) % UInt64(bound))
  }

  mutating func command() -> Command {
    let texts = ["", "Copy", "Paste", "Ein sehr langer Titel über fünfzehn Bytes", "é"]
    let lists: [PropertyList?] = [
      nil, "bold", .number(1), .number(.nan), .array([.bool(true), .null]),
      .dictionary(["k": "v"]),
    ]
    let alternates: [[CommandAlternate]] = [
      [], [CommandAlternate(title: "All", action: "all:", modifierFlags: .alternate)],
    ]
    return Command(
      title: texts[next(texts.count)], image: next(2) == 0 ? nil : texts[next(texts.count)],
      action: ActionName(["copy:", "paste:", "a_very_long_action_name_over_15:"][next(3)]),
      propertyList: lists[next(lists.count)], alternates: alternates[next(alternates.count)],
      discoverabilityTitle: next(2) == 0 ? nil : texts[next(texts.count)],
      attributes: MenuElementAttributes(rawValue: next(4)),
      state: MenuElementState.allCases[next(MenuElementState.allCases.count)],
      keywords: Array(texts.prefix(next(3))), aliases: Array(texts.suffix(next(3))))
  }
}

@Suite("Command storage")
struct CommandStorageTests {
  @Test("mutating a copy of a command leaves the original unchanged, property by property")
  func copyOnWrite() {
    let original = Command(
      title: "Bold", image: "bold", action: "toggleStyle:", propertyList: ["style": "bold"],
      alternates: [
        CommandAlternate(title: "Bold All", action: "boldAll:", modifierFlags: .alternate)
      ],
      discoverabilityTitle: "Bold Text", attributes: [.destructive], state: .on,
      keywords: ["strong"], aliases: ["Heavy"])
    let before = ReferenceCommand(original)
    let edits: [(inout Command) -> Void] = [
      { $0.title = "Italic" }, { $0.image = nil }, { $0.action = "italic:" },
      { $0.propertyList = nil }, { $0.alternates = [] }, { $0.discoverabilityTitle = nil },
      { $0.attributes.insert(.disabled) }, { $0.state = .off }, { $0.keywords.append("x") },
      { $0.aliases = [] },
    ]
    for edit in edits {
      var copy = original
      edit(&copy)
      #expect(ReferenceCommand(original) == before)
      #expect(copy != original)
      // Only the property edited changed in the copy.
      let after = ReferenceCommand(copy)
      let differences = [
        after.title != before.title, after.image != before.image, after.action != before.action,
        after.propertyList != before.propertyList, after.alternates != before.alternates,
        after.discoverabilityTitle != before.discoverabilityTitle,
        after.attributes != before.attributes, after.state != before.state,
        after.keywords != before.keywords, after.aliases != before.aliases,
      ]
      #expect(differences.filter { $0 }.count == 1)
    }
    // A key command's copy, edited through dynamic member lookup, leaves the original too.
    let keyCommand = KeyCommand(original, input: "b", modifierFlags: .command)
    var edited = keyCommand
    edited.title = "Changed"
    edited.state = .mixed
    #expect(keyCommand.title == "Bold")
    #expect(keyCommand.state == .on)
    #expect(edited.title == "Changed")
    #expect(edited.command.image == "bold")
  }

  @Test("a command validated through a responder's validate(_:) does not change the key command")
  @MainActor
  func validationEditsACopy() {
    final class Renaming: Responder {
      override func responds(to action: ActionName) -> Bool { action == "copy:" }
      override func validate(_ command: inout Command) {
        command.title = "Copy 3 Items"
        command.state = .on
      }
    }
    let responder = Renaming()
    let keyCommand = KeyCommand(title: "Copy", action: "copy:", input: "c", modifierFlags: .command)
    let validated = MenuValidation(firstResponder: responder).validate(keyCommand.command)
    #expect(validated.title == "Copy 3 Items")
    #expect(validated.state == .on)
    #expect(keyCommand.title == "Copy")
    #expect(keyCommand.state == .off)
  }

  @Test("equality and hashing are the synthesized ones of the same properties, on 3,000 pairs")
  func equalityAndHashingMatchTheReference() {
    var generator = CommandGenerator(seed: 22)
    let commands = (0..<300).map { _ in generator.command() }
    var pairs = 0
    for (index, lhs) in commands.enumerated() {
      for rhs in commands[index..<min(commands.count, index + 10)] {
        let reference = (ReferenceCommand(lhs), ReferenceCommand(rhs))
        #expect((lhs == rhs) == (reference.0 == reference.1))
        // A copy compares as the reference compares with itself (NaN property lists are
        // unequal to themselves, as before).
        let copy = lhs
        #expect((copy == lhs) == (reference.0 == reference.0))
        pairs += 1
      }
      var commandHasher = Hasher()
      lhs.hash(into: &commandHasher)
      var referenceHasher = Hasher()
      ReferenceCommand(lhs).hash(into: &referenceHasher)
      #expect(commandHasher.finalize() == referenceHasher.finalize())
    }
    #expect(pairs > 2_900)
  }
}
