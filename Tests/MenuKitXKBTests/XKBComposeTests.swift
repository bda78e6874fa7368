import Foundation
import MenuKit
import Testing

@testable import MenuKitXKB

/// The system Compose table for en_US.UTF-8, which Debian's `libx11-data` package installs.
private let systemComposeFile = "/usr/share/X11/locale/en_US.UTF-8/Compose"

/// Whether the system's Compose data is installed, for the tests that load it by locale.
private let systemComposeDataInstalled = FileManager.default.isReadableFile(
  atPath: systemComposeFile)

/// The user's own Compose file, if any: libxkbcommon loads it instead of the system table.
///
/// These are the places `xkb_compose_table_new_from_locale` searches before the system data.
private let userComposeFile: String? = {
  let environment = ProcessInfo.processInfo.environment
  var candidates: [String] = []
  if let file = environment["XCOMPOSEFILE"] {
    candidates.append(file)
  }
  if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
    candidates.append(config + "/XCompose")
  } else if let home = environment["HOME"] {
    candidates.append(home + "/.config/XCompose")
  }
  if let home = environment["HOME"] {
    candidates.append(home + "/.XCompose")
  }
  return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
}()

/// A small Compose table: one dead-key sequence, one Compose-key sequence, and a sequence
/// whose result is a keysym without a character.
private let composeText = """
  <dead_acute> <e>     : "é" eacute      # LATIN SMALL LETTER E WITH ACUTE
  <Multi_key> <o> <c>  : "©" copyright   # COPYRIGHT SIGN
  <dead_acute> <dead_grave> : dead_grave
  """

/// Looks a keysym up by name, failing the test when libxkbcommon does not know it.
private func keysym(_ name: String) throws -> Keysym {
  try #require(Keysym(named: name), "libxkbcommon knows no keysym named \(name)")
}

/// A state over ``composeText``, compiled in a hermetic context.
private func composeState() throws -> XKBComposeState {
  XKBComposeState(table: try XKBComposeTable(context: .hermetic(), string: composeText))
}

/// Returns the error that `body` throws, or `nil` when it succeeds.
private func composeError(_ body: () throws(XKBError) -> Void) -> XKBError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

/// A sequence of keysym names and what composing it gives.
struct ComposeCase: CustomTestStringConvertible, Sendable {
  var sequence: [String]
  var text: String
  var keysym: String

  var testDescription: String {
    sequence.joined(separator: " ") + " → \(text)"
  }
}

// MARK: - Compose tables from text

@Suite("XKBComposeState over a table from text")
struct XKBComposeStateTests {
  @Test(
    "a sequence composes step by step into its text and keysym",
    arguments: [
      ComposeCase(sequence: ["dead_acute", "e"], text: "é", keysym: "eacute"),
      ComposeCase(sequence: ["Multi_key", "o", "c"], text: "©", keysym: "copyright"),
    ])
  func composes(_ example: ComposeCase) throws {
    let state = try composeState()
    #expect(state.status == .nothing)
    for name in example.sequence.dropLast() {
      #expect(state.feed(try keysym(name)) == .accepted)
      #expect(state.status == .composing)
      #expect(state.composedText == nil)
      #expect(state.composedKeysym == nil)
    }
    #expect(state.feed(try keysym(try #require(example.sequence.last))) == .accepted)
    #expect(state.status == .composed)
    #expect(state.composedText == example.text)
    #expect(state.composedKeysym == (try keysym(example.keysym)))
  }

  @Test("a key that continues no sequence cancels it")
  func cancels() throws {
    let state = try composeState()
    state.feed(try keysym("dead_acute"))
    #expect(state.feed(try keysym("x")) == .accepted)
    #expect(state.status == .cancelled)
    #expect(state.composedText == nil)
    #expect(state.composedKeysym == nil)
  }

  @Test("a key that begins no sequence leaves the state at nothing")
  func beginsNothing() throws {
    let state = try composeState()
    #expect(state.feed(try keysym("x")) == .accepted)
    #expect(state.status == .nothing)
  }

  @Test("after a composed or cancelled sequence the next key starts afresh")
  func startsAfresh() throws {
    let state = try composeState()
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("x"))
    #expect(state.status == .cancelled)
    state.feed(try keysym("dead_acute"))
    #expect(state.status == .composing)
    state.feed(try keysym("e"))
    #expect(state.status == .composed)
    state.feed(try keysym("Multi_key"))
    #expect(state.status == .composing)
  }

  @Test(
    "modifier keysyms are ignored and leave the status as it was",
    arguments: ["Shift_L", "Control_R", "ISO_Level3_Shift"])
  func modifiersIgnored(_ modifier: String) throws {
    let state = try composeState()
    #expect(state.feed(try keysym(modifier)) == .ignored)
    #expect(state.status == .nothing)
    state.feed(try keysym("Multi_key"))
    #expect(state.feed(try keysym(modifier)) == .ignored)
    #expect(state.status == .composing)
    state.feed(try keysym("o"))
    state.feed(try keysym("c"))
    #expect(state.composedText == "©")
  }

  @Test("reset abandons a sequence in progress")
  func reset() throws {
    let state = try composeState()
    state.feed(try keysym("Multi_key"))
    state.feed(try keysym("o"))
    #expect(state.status == .composing)
    state.reset()
    #expect(state.status == .nothing)
    state.feed(try keysym("c"))
    #expect(state.status == .nothing)
  }

  @Test("reset clears a composed result")
  func resetComposed() throws {
    let state = try composeState()
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("e"))
    state.reset()
    #expect(state.status == .nothing)
    #expect(state.composedText == nil)
    #expect(state.composedKeysym == nil)
  }

  @Test("a result keysym without a character composes with no text")
  func keysymWithoutText() throws {
    let state = try composeState()
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("dead_grave"))
    #expect(state.status == .composed)
    #expect(state.composedText == nil)
    #expect(state.composedKeysym == (try keysym("dead_grave")))
  }

  @Test("a result without a keysym composes with text and no keysym")
  func textWithoutKeysym() throws {
    let table = try XKBComposeTable(context: .hermetic(), string: #"<Multi_key> <s> : "ß""#)
    let state = XKBComposeState(table: table)
    state.feed(try keysym("Multi_key"))
    state.feed(try keysym("s"))
    #expect(state.composedText == "ß")
    #expect(state.composedKeysym == nil)
  }

  @Test("a result keysym without a string gives the keysym's character as text")
  func keysymOnly() throws {
    let table = try XKBComposeTable(context: .hermetic(), string: "<Multi_key> <a> : adiaeresis")
    let state = XKBComposeState(table: table)
    state.feed(try keysym("Multi_key"))
    state.feed(try keysym("a"))
    #expect(state.composedText == "ä")
    #expect(state.composedKeysym == (try keysym("adiaeresis")))
  }

  @Test(
    "the last line compiles with or without a final newline",
    arguments: [#""ß""#, #""ß" ssharp"#, "ssharp", #""ß" # SHARP S"#], [false, true])
  func finalNewline(_ result: String, endsInNewline: Bool) throws {
    let ending = endsInNewline ? "\n" : ""
    let context = XKBContext.hermetic()
    let table = try XKBComposeTable(
      context: context, string: "<Multi_key> <s> : \(result)\(ending)")
    #expect(context.logLines.isEmpty)
    let state = XKBComposeState(table: table)
    state.feed(try keysym("Multi_key"))
    state.feed(try keysym("s"))
    #expect(state.composedText == "ß")
  }

  @Test("the longest composed text libxkbcommon accepts, 254 bytes, is read whole")
  func longText() throws {
    let text = String(repeating: "→é", count: 50) + "abcd"
    #expect(text.utf8.count == 254)
    let context = XKBContext.hermetic()
    let table = try XKBComposeTable(context: context, string: "<Multi_key> <l> : \"\(text)\"")
    #expect(context.logLines.isEmpty)
    let state = XKBComposeState(table: table)
    state.feed(try keysym("Multi_key"))
    state.feed(try keysym("l"))
    #expect(state.composedText == text)
  }

  @Test("a longer result string skips its line with a logged error")
  func tooLongText() throws {
    let context = XKBContext.hermetic()
    let table = try XKBComposeTable(
      context: context,
      string: "<Multi_key> <l> : \"\(String(repeating: "x", count: 255))\"")
    #expect(context.logLines.contains { $0.contains("too long") })
    let state = XKBComposeState(table: table)
    state.feed(try keysym("Multi_key"))
    #expect(state.status == .nothing)
  }

  @Test("a state keeps its table and context alive")
  func outlivesTable() throws {
    let state = XKBComposeState(
      table: try XKBComposeTable(context: XKBContext.hermetic(), string: composeText))
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("e"))
    #expect(state.composedText == "é")
  }
}

// MARK: - Malformed text and files

@Suite("XKBComposeTable from malformed text and files")
struct XKBComposeTableErrorTests {
  @Test("an unterminated string skips its line with a logged error and compiles the rest")
  func unterminatedString() throws {
    let context = XKBContext.hermetic()
    let table = try XKBComposeTable(
      context: context,
      string: """
        <dead_acute> <a> : "unterminated
        <dead_acute> <e> : "é" eacute
        """)
    #expect(context.logLines.count == 1)
    #expect(context.logLines.first?.contains("unterminated string literal") == true)
    #expect(context.logLines.first?.hasPrefix("(input string):1:") == true)

    let state = XKBComposeState(table: table)
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("a"))
    #expect(state.status == .cancelled)
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("e"))
    #expect(state.composedText == "é")
  }

  @Test("a text with only a malformed line compiles to an empty table")
  func onlyMalformed() throws {
    let context = XKBContext.hermetic()
    let table = try XKBComposeTable(
      context: context, string: #"<dead_acute> <e> : "unterminated"#)
    #expect(context.logLines.contains { $0.contains("unterminated string literal") })
    let state = XKBComposeState(table: table)
    #expect(state.feed(try keysym("dead_acute")) == .accepted)
    #expect(state.status == .nothing)
  }

  @Test("an unknown keysym skips its line with a logged error")
  func unknownKeysym() throws {
    let context = XKBContext.hermetic()
    _ = try XKBComposeTable(context: context, string: #"<dead_acute> <nosuchkeysym> : "x""#)
    #expect(context.logLines.contains { $0.contains(#"unrecognized keysym "nosuchkeysym""#) })
  }

  @Test("overriding a sequence is a logged warning")
  func duplicateWarning() throws {
    let context = XKBContext.hermetic()
    let table = try XKBComposeTable(
      context: context,
      string: """
        <dead_acute> <e> : "é"
        <dead_acute> <e> : "è"
        """)
    #expect(context.logLines.contains { $0.contains("already exists") })
    let state = XKBComposeState(table: table)
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("e"))
    #expect(state.composedText == "è")
  }

  @Test("ten bad lines still compile, an eleventh fails with the logged errors")
  func tooManyErrors() throws {
    let badLine = #"<dead_acute> <e> : "x"# + "\n"
    let context = XKBContext.hermetic()
    _ = try XKBComposeTable(context: context, string: String(repeating: badLine, count: 10))
    #expect(context.logLines.count == 10)

    let error = try #require(
      composeError { () throws(XKBError) in
        _ = try XKBComposeTable(context: context, string: String(repeating: badLine, count: 11))
      })
    #expect(error.operation == "xkb_compose_table_new_from_buffer")
    #expect(error.logLines.contains { $0.contains("too many errors") })
    #expect(error.logLines.filter { $0.contains("unterminated string literal") }.count == 11)
  }

  @Test("an include of a missing file fails with its path in the log")
  func missingInclude() throws {
    let error = try #require(
      composeError { () throws(XKBError) in
        _ = try XKBComposeTable(
          context: .hermetic(), string: #"include "/nonexistent/menukit/Compose""#)
      })
    #expect(error.operation == "xkb_compose_table_new_from_buffer")
    #expect(error.logLines.contains { $0.contains("/nonexistent/menukit/Compose") })
  }

  @Test("each compilation starts with an empty log")
  func logCleared() throws {
    let context = XKBContext.hermetic()
    _ = try XKBComposeTable(context: context, string: #"<e> <nosuchkeysym> : "x""#)
    #expect(!context.logLines.isEmpty)
    _ = try XKBComposeTable(context: context, string: composeText)
    #expect(context.logLines.isEmpty)
  }

  @Test("a Compose file compiles like its text")
  func fromFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-compose-\(UUID().uuidString)")
    try composeText.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }

    let table = try XKBComposeTable(context: .hermetic(), contentsOf: url.path)
    let state = XKBComposeState(table: table)
    state.feed(try keysym("Multi_key"))
    state.feed(try keysym("o"))
    state.feed(try keysym("c"))
    #expect(state.composedText == "©")
  }

  @Test("a missing Compose file throws an fopen error naming the path")
  func missingFile() throws {
    let path = "/nonexistent/menukit/Compose"
    let error = try #require(
      composeError { () throws(XKBError) in
        _ = try XKBComposeTable(context: .hermetic(), contentsOf: path)
      })
    #expect(error.operation == "fopen")
    #expect(error.message.contains(path))
    #expect(error.message.contains("No such file or directory"))
  }
}

// MARK: - System Compose tables

@Suite(
  "XKBComposeTable from the system's locale data",
  .enabled(
    if: systemComposeDataInstalled,
    "needs \(systemComposeFile), from Debian's libx11-data package"),
  .enabled(
    if: userComposeFile == nil,
    "the user's Compose file \(userComposeFile ?? "") replaces the system table"))
struct XKBComposeSystemTests {
  @Test(
    "a locale's system table composes dead keys and the Compose key",
    arguments: ["en_US.UTF-8", "C", "POSIX", "C.UTF-8"])
  func systemTable(_ locale: String) throws {
    let table = try XKBComposeTable(context: .hermetic(), locale: locale)
    let state = XKBComposeState(table: table)
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("e"))
    #expect(state.composedText == "é")
    #expect(state.composedKeysym == (try keysym("eacute")))
    state.feed(try keysym("Multi_key"))
    state.feed(try keysym("o"))
    state.feed(try keysym("c"))
    #expect(state.composedText == "©")
    #expect(state.composedKeysym == (try keysym("copyright")))
  }

  @Test("the locale is LC_ALL, else LC_CTYPE, else LANG, skipping empty ones, else C")
  func environmentLocale() throws {
    func locale(_ environment: [String: String]) -> String {
      XKBComposeTable.environmentLocale { environment[$0] }
    }
    #expect(locale([:]) == "C")
    #expect(locale(["LANG": "de_DE.UTF-8"]) == "de_DE.UTF-8")
    #expect(locale(["LANG": "de_DE.UTF-8", "LC_CTYPE": "fr_FR.UTF-8"]) == "fr_FR.UTF-8")
    #expect(
      locale(["LANG": "de_DE.UTF-8", "LC_CTYPE": "fr_FR.UTF-8", "LC_ALL": "pt_BR.UTF-8"])
        == "pt_BR.UTF-8")
    #expect(locale(["LC_ALL": "", "LANG": "de_DE.UTF-8"]) == "de_DE.UTF-8")
    // The table for C (libxkbcommon takes en_US.UTF-8) composes, so no locale still works.
    let state = XKBComposeState(table: try XKBComposeTable(context: .hermetic(), locale: "C"))
    state.feed(try keysym("dead_acute"))
    state.feed(try keysym("e"))
    #expect(state.composedText == "é")
  }

  @Test("an unknown locale throws, naming it in the log")
  func unknownLocale() throws {
    let error = try #require(
      composeError { () throws(XKBError) in
        _ = try XKBComposeTable(context: .hermetic(), locale: "xx_XX.UTF-8")
      })
    #expect(error.operation == "xkb_compose_table_new_from_locale")
    #expect(error.message.contains("xx_XX.UTF-8"))
    #expect(error.logLines.contains { $0.contains(#""xx_XX.UTF-8""#) })
  }
}
