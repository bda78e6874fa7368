import Foundation
import MenuKitJSON
import MenuKitTestSupport
import Testing

@testable import MenuKit

// MARK: - Fixtures

/// Writes `text` to `name` in a new directory and returns the path.
private func keymapFile(_ text: String, name: String = "user.keymap.json") throws -> String {
  let path = try temporaryDirectory() + "/" + name
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  return path
}

/// The contents of a file as text.
private func contents(_ path: String) throws -> String {
  try String(contentsOfFile: path, encoding: .utf8)
}

private func keys(_ text: String) throws -> KeySequence { try KeySequence(parsing: text) }

/// A user keymap with comments, trailing commas and two sections.
private let commented = """
  // My shortcuts.
  {
    "schemaVersion": 1,
    "keymap": [
      {
        "bindings": [
          { "keys": "F5", "command": "run" }, // run the program
          { "keys": "Ctrl+K Ctrl+S", "command": "file.saveAll" },
        ],
      },
      {
        "context": "Editor",
        /* editor-only */
        "bindings": [
          { "keys": "Ctrl+D", "command": "editor.duplicate" },
          { "keys": "Ctrl+L", "command": "editor.selectLine" }
        ]
      }
    ]
  }

  """

// MARK: - Tests

@Suite("JSON spans")
struct JSONSpanTests {
  @Test("each value's span is its exact text, brackets and quotes included")
  func spansCoverValues() throws {
    let text = "\u{FEFF}{ \"a\": [1, 'x', {}, [] , { \"é\": null }], // c\n \"b\": -2.5e3 }"
    let (root, spans) = try JSONReader.parseWithSpans(text)
    let bytes = Array(text.utf8)
    func source(_ node: JSONNode) -> String? {
      spans[node].map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    #expect(source(root) == String(text.dropFirst()))
    let members = try #require(root.value.objectValue)
    #expect(source(members[0].value) == "[1, 'x', {}, [] , { \"é\": null }]")
    let elements = try #require(members[0].value.value.arrayValue)
    #expect(elements.map(source) == ["1", "'x'", "{}", "[]", "{ \"é\": null }"])
    #expect(source(members[1].value) == "-2.5e3")
    #expect(try JSONReader.parse(text) == root)
  }
}

@Suite("User keymap editing")
struct KeymapEditingTests {
  @Test("a missing file is an empty keymap; the first save creates it")
  func missingFile() throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    var userKeymap = try UserKeymap(contentsOf: path)
    #expect(userKeymap.keymap.bindings == [])
    #expect(userKeymap.diagnostics == [])
    #expect(!userKeymap.hasUnsavedChanges)
    userKeymap.addBinding(
      try keys("Ctrl+K Ctrl+S"), command: "file.saveAll", arguments: ["all": true],
      context: try ContextPredicate(parsing: "Editor && !readOnly"))
    #expect(userKeymap.hasUnsavedChanges)
    try userKeymap.save()
    #expect(!userKeymap.hasUnsavedChanges)
    let (keymap, diagnostics) = KeymapFile.load(contentsOf: path, source: .user)
    #expect(diagnostics == [])
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["Ctrl+K Ctrl+S"])
    #expect(keymap?.bindings.first?.effect == .perform("file.saveAll", arguments: ["all": true]))
    #expect(keymap?.bindings.first?.context?.description == "Editor && !readOnly")
  }

  @Test("an empty file is an empty keymap, not a corrupt one")
  func emptyFile() throws {
    let path = try keymapFile(" \n")
    var userKeymap = try UserKeymap(contentsOf: path)
    #expect(userKeymap.diagnostics == [])
    #expect(userKeymap.backupPath == nil)
    userKeymap.addBinding(try keys("F1"), command: "help")
    try userKeymap.save()
    #expect(KeymapFile.load(contentsOf: path, source: .user).keymap?.bindings.count == 1)
    #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
  }

  @Test("changing keys replaces only the keys; comments and layout stay")
  func changeKeys() throws {
    let path = try keymapFile(commented)
    var userKeymap = try UserKeymap(contentsOf: path)
    let saveAll = try #require(
      userKeymap.keymap.bindings.first { $0.keys == (try keys("Ctrl+K Ctrl+S")) })
    try userKeymap.changeKeys(of: saveAll, to: try keys("Ctrl+Alt+S"))
    #expect(
      userKeymap.text
        == commented.replacingOccurrences(of: "\"Ctrl+K Ctrl+S\"", with: "\"Ctrl+Alt+S\""))
    try userKeymap.save()
    #expect(try contents(path) == userKeymap.text)
  }

  @Test("adding joins the last section when the context matches, else adds a section")
  func add() throws {
    var userKeymap = try UserKeymap(contentsOf: try keymapFile(commented))
    userKeymap.addBinding(
      try keys("Ctrl+U"), command: "editor.upper", context: try ContextPredicate(parsing: "Editor"))
    #expect(
      userKeymap.text
        == commented.replacingOccurrences(
          of: "        { \"keys\": \"Ctrl+L\", \"command\": \"editor.selectLine\" }\n",
          with: "        { \"keys\": \"Ctrl+L\", \"command\": \"editor.selectLine\" },\n"
            + "        { \"keys\": \"Ctrl+U\", \"command\": \"editor.upper\" }\n"))
    userKeymap.addBinding(try keys("F6"), command: "debug")
    #expect(
      userKeymap.text.contains(
        """
              ]
            },
            {
              "bindings": [
                { "keys": "F6", "command": "debug" }
              ]
            }
          ]
        }
        """))
    #expect(userKeymap.keymap.bindings.map(\.keys.canonicalText).suffix(2) == ["Ctrl+U", "F6"])
    #expect(KeymapFile.load(text: userKeymap.text, source: .user).diagnostics == [])
  }

  @Test("adding after a trailing comma keeps the comment on the last line")
  func addAfterTrailingComma() throws {
    let text = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
          { "keys": "F1", "command": "help" }, // help
        ] } ] }
      """
    var userKeymap = try UserKeymap(contentsOf: try keymapFile(text))
    userKeymap.addBinding(try keys("F2"), command: "rename")
    #expect(
      userKeymap.text == """
        { "schemaVersion": 1, "keymap": [ { "bindings": [
            { "keys": "F1", "command": "help" }, // help
            { "keys": "F2", "command": "rename" },
          ] } ] }
        """)
  }

  @Test("adding to a one-line or empty array follows its layout")
  func addInline() throws {
    var inline = try UserKeymap(
      contentsOf: try keymapFile(
        #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "F1", "command": "a" } ] } ] }"#
      ))
    inline.addBinding(try keys("F2"), command: "b")
    #expect(
      inline.text
        == #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "F1", "command": "a" }, { "keys": "F2", "command": "b" } ] } ] }"#
    )
    var empty = try UserKeymap(
      contentsOf: try keymapFile("{\n  \"schemaVersion\": 1,\n  \"keymap\": []\n}\n"))
    empty.addBinding(try keys("F2"), command: "b")
    #expect(KeymapFile.load(text: empty.text, source: .user).diagnostics == [])
    #expect(empty.keymap.bindings.map(\.keys.canonicalText) == ["F2"])
    #expect(empty.text.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"keymap\": [\n    {\n"))
  }

  @Test("removing a user binding deletes its entry, its comma and its line")
  func removeUserBinding() throws {
    var userKeymap = try UserKeymap(contentsOf: try keymapFile(commented))
    let run = try #require(userKeymap.keymap.bindings.first)
    try userKeymap.remove(run)
    #expect(
      userKeymap.text
        == commented.replacingOccurrences(
          of: "        { \"keys\": \"F5\", \"command\": \"run\" }, // run the program\n", with: ""))
    let selectLine = try #require(userKeymap.keymap.bindings.last)
    try userKeymap.remove(selectLine)
    #expect(
      userKeymap.text.contains(
        "        { \"keys\": \"Ctrl+D\", \"command\": \"editor.duplicate\" }\n      ]\n"))
    #expect(userKeymap.keymap.bindings.map(\.keys.canonicalText) == ["Ctrl+K Ctrl+S", "Ctrl+D"])
    #expect(KeymapFile.load(text: userKeymap.text, source: .user).diagnostics == [])
  }

  @Test("removing or rebinding a lower layer's binding writes a '-command' entry")
  func lowerLayer() throws {
    var userKeymap = try UserKeymap(contentsOf: try keymapFile(commented))
    let editor = try ContextPredicate(parsing: "Editor")
    let builtIn = KeyBinding(
      keys: try keys("Ctrl+J"), effect: .perform("joinLines:", arguments: nil), context: editor,
      source: .builtIn)
    try userKeymap.remove(builtIn)
    #expect(
      userKeymap.keymap.bindings.last
        == KeyBinding(
          keys: try keys("Ctrl+J"), effect: .unbindCommand("joinLines:"), context: editor,
          source: .user, location: userKeymap.keymap.bindings.last?.location))
    #expect(userKeymap.text.contains(#"{ "keys": "Ctrl+J", "command": "-joinLines:" }"#))

    let app = KeyBinding(
      keys: try keys("Ctrl+P"), effect: .perform("print:", arguments: nil), source: .app)
    try userKeymap.changeKeys(of: app, to: try keys("Ctrl+Alt+P"))
    let lastTwo = userKeymap.keymap.bindings.suffix(2).map { ($0.keys.canonicalText, $0.effect) }
    #expect(lastTwo.map(\.0) == ["Ctrl+P", "Ctrl+Alt+P"])
    #expect(lastTwo.map(\.1) == [.unbindCommand("print:"), .perform("print:", arguments: nil)])

    let unbind = KeyBinding(keys: try keys("F1"), effect: .unbind, source: .app)
    #expect(throws: UserKeymapError.self) { try userKeymap.remove(unbind) }
    let missing = KeyBinding(
      keys: try keys("F12"), effect: .perform("nothing", arguments: nil), source: .user)
    #expect(throws: UserKeymapError.self) { try userKeymap.remove(missing) }
  }

  @Test("a corrupt file is backed up, its valid bindings load, and saving writes a valid file")
  func corruptFile() throws {
    let broken = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "F1", "command": "help" },
        { "keys": "Ctrl+Nope", "command": "broken" },
      ] } ] }
      """
    let path = try keymapFile(broken)
    var userKeymap = try UserKeymap(contentsOf: path)
    #expect(userKeymap.backupPath == path + ".bak")
    #expect(try contents(path + ".bak") == broken)
    #expect(try contents(path) == broken)  // nothing is written before a save
    #expect(userKeymap.diagnostics.map(\.code) == [.badKeys, .keymapBackedUp])
    #expect(userKeymap.keymap.bindings.map(\.keys.canonicalText) == ["F1"])
    #expect(userKeymap.hasUnsavedChanges)
    userKeymap.addBinding(try keys("F2"), command: "rename")
    try userKeymap.save()
    let (keymap, diagnostics) = KeymapFile.load(contentsOf: path, source: .user)
    #expect(diagnostics == [])
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["F1", "F2"])

    // Opening another corrupt version never overwrites the first backup.
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
    let again = try UserKeymap(contentsOf: path)
    let second = try #require(again.backupPath)
    #expect(second != path + ".bak" && second.hasPrefix(path + ".") && second.hasSuffix(".bak"))
    #expect(try contents(second) == "{ not json")
    #expect(try contents(path + ".bak") == broken)
    #expect(again.diagnostics.map(\.code) == [.syntaxError, .keymapBackedUp])
    #expect(again.keymap.bindings == [])
  }

  /// The name of a timestamped backup: `<name>.<stamp>.bak`, the stamp ISO 8601's basic
  /// format in UTC (`20261202T184500Z`), with `-2`, `-3`, … before `.bak` when that name exists.
  @Test("a timestamped backup is named <name>.<UTC basic ISO 8601>.bak, then -2 when taken")
  func backupNames() throws {
    let path = try keymapFile("{ not json")
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path + ".bak"))
    let stamp = Date.ISO8601FormatStyle(
      dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
      timeZone: .gmt)
    let before = Date()
    let backup = try #require(try UserKeymap(contentsOf: path).backupPath)
    let after = Date()
    let prefix = path + "."
    #expect(backup.hasPrefix(prefix) && backup.hasSuffix(".bak"))
    let middle = String(backup.dropFirst(prefix.count).dropLast(".bak".count))
    #expect(middle.count == 16 && middle.wholeMatch(of: /[0-9]{8}T[0-9]{6}Z/) != nil, "\(middle)")
    let date = try #require(try? stamp.parse(middle))
    #expect(date >= before.addingTimeInterval(-1) && date <= after, "\(middle)")
    #expect(try contents(backup) == "{ not json")

    // Every stamp of the next few seconds taken: the backup counts from 2.
    let now = Date()
    for second in 0..<5 {
      let taken = path + "." + stamp.format(now.addingTimeInterval(Double(second))) + ".bak"
      if !FileManager.default.fileExists(atPath: taken) {
        try Data("{}".utf8).write(to: URL(fileURLWithPath: taken))
      }
    }
    let counted = try #require(try UserKeymap(contentsOf: path).backupPath)
    #expect(counted.hasSuffix("-2.bak"), "\(counted)")
    let counter = String(counted.dropFirst(prefix.count).dropLast("-2.bak".count))
    #expect(counter.wholeMatch(of: /[0-9]{8}T[0-9]{6}Z/) != nil, "\(counted)")
    #expect(try contents(counted) == "{ not json")
  }

  @Test("a file that is not UTF-8 is backed up byte for byte")
  func notUTF8() throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    let bytes: [UInt8] = [0x7B, 0xFF, 0xFE, 0x7D]
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var userKeymap = try UserKeymap(contentsOf: path)
    #expect(userKeymap.diagnostics.map(\.code) == [.unreadableFile, .keymapBackedUp])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak")) == Data(bytes))
    try userKeymap.save()
    #expect(KeymapFile.load(contentsOf: path, source: .user).diagnostics == [])
  }

  @Test("saving keeps permissions, follows a symbolic link and leaves no temporary file")
  func saveDetails() throws {
    let path = try keymapFile(commented)
    let directory = (path as NSString).deletingLastPathComponent
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let link = directory + "/link.keymap.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    var userKeymap = try UserKeymap(contentsOf: link)
    userKeymap.addBinding(try keys("F9"), command: "build")
    try userKeymap.save()
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
    #expect(try contents(path) == userKeymap.text)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
        "link.keymap.json", "user.keymap.json",
      ])
  }

  @Test("opening a directory or saving below a file is a clear error")
  func errors() throws {
    let directory = try temporaryDirectory()
    #expect(throws: UserKeymapError.self) { try UserKeymap(contentsOf: directory) }
    try Data().write(to: URL(fileURLWithPath: directory + "/file"))
    do {
      _ = try UserKeymap(contentsOf: directory + "/file/user.keymap.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.hasPrefix("cannot read the user keymap '\(directory)/file/"))
      #expect(error.message.contains("not a directory"))
    }
    // A directory that appears as a file between opening and saving.
    var userKeymap = try UserKeymap(contentsOf: directory + "/later/user.keymap.json")
    userKeymap.addBinding(try keys("F1"), command: "help")
    try Data().write(to: URL(fileURLWithPath: directory + "/later"))
    do {
      try userKeymap.save()
      Issue.record("expected an error")
    } catch {
      #expect(error.message.hasPrefix("cannot save the user keymap '\(directory)/later/"))
      #expect(error.message.contains("not a directory"))
    }
  }

  @Test("the text of a keymap loads back to the same bindings")
  func textRoundTrip() throws {
    let editor = try ContextPredicate(parsing: "title == 'My \"file\"' || Pane > Editor")
    let keymap = Keymap(
      source: .user,
      bindings: [
        KeyBinding(keys: try keys("F1"), effect: .unbind, source: .user),
        KeyBinding(
          keys: try keys("Ctrl+K Ctrl+S"),
          effect: .perform("x", arguments: ["a": [1, 2.5, "s\n", nil, false], "b": [:]]),
          context: editor, source: .user),
        KeyBinding(
          keys: try keys("Ctrl+L"), effect: .unbindCommand("y"), context: editor, source: .user),
      ])
    let text = KeymapFile.text(of: keymap)
    let (loaded, diagnostics) = KeymapFile.load(text: text, source: .user)
    #expect(diagnostics == [])
    #expect(
      loaded?.bindings.map {
        KeyBinding(keys: $0.keys, effect: $0.effect, context: $0.context, source: .user)
      } == keymap.bindings)
    #expect(text.components(separatedBy: "\"bindings\"").count == 3)
    #expect(
      KeymapFile.text(of: Keymap(source: .user))
        == "{\n  \"schemaVersion\": 1,\n  \"keymap\": []\n}\n")
  }

  @Test("random edits always leave a file that loads without errors and keeps its comments")
  func randomEdits() throws {
    var generator = SplitMix64(seed: 11)
    var userKeymap = try UserKeymap(contentsOf: try keymapFile(commented))
    let contexts = [nil, "Editor", "Pane > Editor"].map {
      $0.map { try! ContextPredicate(parsing: $0) }
    }
    for step in 0..<60 {
      let bindings = userKeymap.keymap.bindings
      switch generator.next() % 3 {
      case 0 where !bindings.isEmpty:
        try userKeymap.remove(bindings[Int(generator.next() % UInt64(bindings.count))])
      case 1 where !bindings.isEmpty:
        let binding = bindings[Int(generator.next() % UInt64(bindings.count))]
        try userKeymap.changeKeys(of: binding, to: try keys("Ctrl+F\(step % 24 + 1)"))
      default:
        userKeymap.addBinding(
          try keys("Alt+F\(step % 24 + 1)"), command: ActionName("command\(step)"),
          context: contexts[Int(generator.next() % 3)])
      }
      let (keymap, diagnostics) = KeymapFile.load(text: userKeymap.text, source: .user)
      #expect(diagnostics == [], "step \(step):\n\(userKeymap.text)")
      #expect(keymap?.bindings.count == userKeymap.keymap.bindings.count)
      #expect(userKeymap.text.hasPrefix("// My shortcuts.\n"))
      #expect(userKeymap.text.contains("/* editor-only */"))
    }
  }
}
