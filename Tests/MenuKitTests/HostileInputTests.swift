import Foundation
import Synchronization
import Testing

@testable import MenuKit
@testable import MenuKitInterop

/// Regressions of issue 15 (docs/development/hardening.md): inputs and values of sizes that crashed,
/// took quadratic time or unbounded memory, or put control characters on the terminal. The
/// sizes are the ones that failed; none of these tests measures time.
@Suite("Hostile input")
struct HostileInputTests {}

// MARK: - Deep and long values

extension HostileInputTests {
  @Test("a menu 30,000 levels deep, built in code, is released without a stack overflow")
  func deepMenuIsReleased() {
    var menu = Menu(title: "leaf")
    for level in 0..<30_000 {
      menu = Menu(
        title: "level \(level)",
        children: [.menu(menu), .command(Command(title: "c", action: "c:"))])
    }
    #expect(menu.children.count == 2)
    // A copy shares the tree; releasing one keeps the other whole.
    var copy: Menu? = menu
    menu = Menu()
    #expect(copy?.children.first?.menu?.title == "level 29998")
    copy = nil
    #expect(copy == nil)
  }

  @Test("editing a shared menu changes only the edited copy")
  func menusStayValues() {
    let original = Menu(
      title: "File", children: [.command(Command(title: "Open", action: "open:"))])
    var edited = original
    edited.children.append(.command(Command(title: "Close", action: "close:")))
    #expect(original.children.count == 1)
    #expect(edited.children.count == 2)
    #expect(original != edited)
    #expect(
      original == Menu(title: "File", children: [.command(Command(title: "Open", action: "open:"))])
    )
    #expect(Set([original, edited, original]).count == 2)
  }

  @Test("a chain of 100,000 responders linked with setNext is released without recursion")
  @MainActor
  func longResponderChainIsReleased() {
    var head: Responder? = Responder()
    var tail = head!
    for _ in 1..<100_000 {
      let next = Responder()
      tail.setNext(next)
      tail = next
    }
    weak let last = tail
    tail = Responder()
    #expect(last != nil)
    head = nil
    #expect(last == nil)
  }

  @Test("windows and applications release their first responders, delegates and key windows")
  @MainActor
  func windowLinksAreReleased() {
    weak var delegate: Responder?
    weak var window: Window?
    do {
      let application = Application()
      let appDelegate = Responder()
      application.delegate = appDelegate
      delegate = appDelegate
      let keyWindow = Window(application: application)
      application.keyWindow = keyWindow
      window = keyWindow
    }
    #expect(delegate == nil)
    #expect(window == nil)
  }
}

// MARK: - Capped and linear diagnostics

extension HostileInputTests {
  /// A menu file whose root menu has `count` empty objects as children.
  private func menuOfEmptyElements(_ count: Int) -> String {
    #"{ "schemaVersion": 1, "menu": { "menu": "m", "children": ["#
      + Array(repeating: "{}", count: count).joined(separator: ",") + "] } }"
  }

  @Test("a menu of 5,000 empty elements lists the first 100 problems and one MK105")
  func menuErrorsAreCapped() throws {
    let result = MenuFile.parse(menuOfEmptyElements(5_000), path: "m.json")
    #expect(result.file == nil)
    #expect(result.diagnostics.count == 101)
    #expect(result.diagnostics.prefix(100).allSatisfy { $0.code == .ambiguousElement })
    let columns = result.diagnostics.prefix(100).compactMap(\.location?.column)
    #expect(columns == columns.sorted())
    let summary = try #require(result.diagnostics.last)
    #expect(summary.code == .moreProblems)
    #expect(summary.severity == .error)
    #expect(
      summary.message
        == "and 4,900 more problems (4,900 errors) from here on; only the first 100 are listed")
    #expect(
      summary.location
        == result.diagnostics[100 - 1].location.map {
          SourceLocation(file: $0.file, line: $0.line, column: $0.column + 3)
        })
  }

  @Test("a keymap of 50,000 empty bindings loads in one pass: 100 problems and one MK105")
  func keymapErrorsAreCapped() throws {
    let text =
      #"{ "schemaVersion": 1, "keymap": [{ "bindings": ["#
      + Array(repeating: "{}", count: 50_000).joined(separator: ",") + "] }] }"
    let (keymap, diagnostics) = KeymapFile.load(text: text, source: .user)
    #expect(keymap?.bindings.isEmpty == true)
    #expect(diagnostics.count == 101)
    let summary = try #require(diagnostics.last)
    #expect(summary.code == .moreProblems)
    #expect(summary.message.hasPrefix("and 99,900 more problems (99,900 errors)"))
  }

  @Test("10,000 bad VS Code entries and 10,000 replaced GTK actions are capped too")
  func importerErrorsAreCapped() {
    let vscode =
      "["
      + (0..<10_000).map { #"{ "key": "ctrl+shfit+\#($0 % 10)", "command": "c\#($0)" }"# }
      .joined(separator: ",") + "]"
    let imported = VSCodeKeybindings.load(text: vscode, platform: .linux, source: .user)
    #expect(imported.diagnostics.count == 101)
    #expect(imported.diagnostics.first?.message.contains("did you mean 'shift'?") == true)
    #expect(imported.diagnostics.last?.code == .moreProblems)
    let gtk = Array(
      repeating: #"(gtk_accel_path "<Actions>/win/save" "<Primary>s")"#, count: 10_000
    )
    .joined(separator: "\n")
    let accelerators = GTKAccelerators.load(text: gtk, platform: .linux, source: .user)
    #expect(accelerators.keymap?.bindings.count == 1)
    #expect(accelerators.diagnostics.count == 101)
    #expect(accelerators.diagnostics.first?.code == .replacedAccelerator)
    #expect(accelerators.diagnostics.last?.severity == .warning)
  }

  @Test("the list keeps the first 100 by position, whatever order they are reported in")
  func listKeepsTheFirstByPosition() {
    var list = DiagnosticList()
    for line in (1...1_000).reversed() {
      list.report(
        .unknownField, "line \(line)", at: SourceLocation(file: "f", line: line, column: 1))
    }
    list.append(Diagnostic(.unreadableFile, "no position"))
    let sorted = list.sorted
    #expect(list.count == 1_001)
    #expect(sorted.count == 101)
    #expect(sorted.first?.code == .unreadableFile)
    #expect(sorted.dropFirst().prefix(99).map(\.message) == (1...99).map { "line \($0)" })
    #expect(sorted.last?.location?.line == 100)
    #expect(sorted.last?.message.hasPrefix("and 901 more problems (901 errors)") == true)
  }

  @Test("8,000 failed edits: the first 100 with suggestions, the rest counted")
  func failedEditsAreCapped() throws {
    let edits = (0..<8_000).map { index in
      #"{ "insert": [{ "command": "T", "action": "a\#(index):" }], "atEndOf": "fiel" }"#
    }
    let text = #"{ "schemaVersion": 1, "edits": [\#(edits.joined(separator: ","))] }"#
    let file = try #require(MenuFile.parse(text, path: "e.json").file)
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
    let diagnostics = file.apply(to: &builder)
    #expect(diagnostics.count == 101)
    #expect(diagnostics[0].message.contains("did you mean 'file'?"))
    #expect(diagnostics.last?.code == .moreProblems)
    #expect(builder.suggestsIdentifiers)
  }

  @Test("a 1 MiB unknown field name gets no suggestion and a message of one short line")
  func hugeWordHasNoSuggestion() throws {
    let word = String(repeating: "z", count: 1 << 20)
    let result = MenuFile.parse(#"{ "schemaVersion": 1, "\#(word)": 1 }"#)
    let message = try #require(result.diagnostics.first?.message)
    #expect(message.count < 400)
    #expect(!message.contains("did you mean"))
    #expect(word.closest(in: ["zzz"]) == nil)
    #expect("fiel".closest(in: (0..<2_000).map { "x\($0)" } + ["file"]) == nil)
    #expect("fiel".closest(in: ["menu", "file", "edit"]) == "file")
  }

  @Test("a chain file of 100,000 linked responders loads, builds and is released")
  @MainActor
  func longChainFile() throws {
    var responders = (0..<100_000).map { #"{ "id": "r\#($0)", "next": "r\#($0 + 1)" }"# }
    responders[0] = #"{ "id": "r0", "next": "r1", "canBecomeFirstResponder": true }"#
    responders[responders.count - 1] = #"{ "id": "r99999" }"#
    let text =
      #"{ "schemaVersion": 1, "firstResponder": "r0", "responders": ["#
      + responders.joined(separator: ",") + "] }"
    let result = ChainFile.parse(text, path: "chain.json")
    #expect(result.diagnostics.isEmpty)
    let file = try #require(result.file)
    var chain: ScriptedChain? = ScriptedChain(file: file)
    #expect(ResponderChain(startingAt: chain?.firstResponder).responders.count == 100_000)
    weak let last = chain?.responders["r99999"]
    chain = nil
    #expect(last == nil)
  }
}

// MARK: - Numbers

extension HostileInputTests {
  @Test("an integer beyond 2^53 in args is an error, not silently rounded; 2^53 itself loads")
  func largeIntegersInArguments() throws {
    func load(_ args: String) -> (Keymap?, [Diagnostic]) {
      KeymapFile.load(
        text: #"""
          { "schemaVersion": 1, "keymap": [{ "bindings": [
            { "keys": "F5", "command": "run", "args": \#(args) }] }] }
          """#, source: .user)
    }
    let (keymap, diagnostics) = load(#"{ "id": 9007199254740993 }"#)
    #expect(keymap?.bindings.isEmpty == true)
    #expect(diagnostics.map(\.code) == [.invalidValue])
    #expect(diagnostics.first?.message.contains("'9007199254740993' is beyond ±2^53") == true)
    #expect(load("[-9007199254740993]").1.map(\.code) == [.invalidValue])
    #expect(load("0x20000000000001").1.map(\.code) == [.invalidValue])
    let (exact, none) = load(#"{ "id": 9007199254740992, "ratio": 1e300 }"#)
    #expect(none.isEmpty)
    #expect(
      exact?.bindings.first?.effect
        == .perform("run", arguments: ["id": 9_007_199_254_740_992, "ratio": 1e300]))
    #expect(load("1e400").1.map(\.code) == [.syntaxError])
  }
}

// MARK: - Deferred elements

extension HostileInputTests {
  /// The calls a provider received, and the element it belongs to, for a provider to resolve.
  private final class ProviderLog: Sendable {
    let calls = Mutex(0)
    let element = Mutex<DeferredElement?>(nil)
    let results = Mutex<[Int]>([])
  }

  @Test("a cached element resolved again while its provider runs calls the provider once")
  func cachedProviderIsCalledOnce() throws {
    let log = ProviderLog()
    let element = DeferredElement(identifier: "recent") { completion in
      let call = log.calls.withLock { calls in
        calls += 1
        return calls
      }
      // A second resolution arrives before this one completes (here from the same thread).
      if call == 1, let element = log.element.withLock({ $0 }) {
        element.resolve { elements in log.results.withLock { $0.append(elements.count) } }
      }
      completion([.command(Command(title: "A", action: "a:"))])
    }
    log.element.withLock { $0 = element }
    element.resolve { elements in log.results.withLock { $0.append(elements.count) } }
    #expect(log.calls.withLock { $0 } == 1)
    #expect(log.results.withLock { $0 } == [1, 1])
    #expect(element.isResolved)
  }

  @Test("a cached element resolved from 16 threads at once calls its provider once")
  func cachedProviderUnderConcurrency() {
    let log = ProviderLog()
    let started = Mutex(0)
    let element = DeferredElement(identifier: "recent") { completion in
      log.calls.withLock { $0 += 1 }
      // Hold the provider until every thread has asked (or a generous while has passed), so
      // that the resolutions overlap.
      for _ in 0..<2_000 where started.withLock({ $0 }) < 16 { usleep(1_000) }
      completion([.command(Command(title: "A", action: "a:"))])
    }
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      started.withLock { $0 += 1 }
      element.resolve { elements in log.results.withLock { $0.append(elements.count) } }
    }
    #expect(log.calls.withLock { $0 } == 1)
    #expect(log.results.withLock { $0 } == Array(repeating: 1, count: 16))
  }
}

// MARK: - Writing large keymaps

extension HostileInputTests {
  @Test("10,000 imported bindings of one context are written as one section and read back")
  func writingALargeSection() throws {
    let text =
      "["
      + (0..<10_000).map { #"{ "key": "ctrl+shift+\#($0 % 10)", "command": "c\#($0)" }"# }
      .joined(separator: ",") + "]"
    let keymap = try #require(
      VSCodeKeybindings.load(text: text, platform: .linux, source: .user).keymap)
    let written = KeymapFile.text(of: keymap)
    #expect(written.components(separatedBy: "\"bindings\"").count == 2)
    let (reloaded, diagnostics) = KeymapFile.load(text: written, source: .user)
    #expect(diagnostics.isEmpty)
    #expect(reloaded?.bindings.map(\.effect) == keymap.bindings.map(\.effect))
  }
}

// MARK: - Escaping

extension HostileInputTests {
  @Test("the byte-level check agrees with the escaping of each scalar up to U+FFFF")
  func byteCheckAgreesWithEscaping() {
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "a" + String(Character(scalar)) + "b"
      let escapes = text.escapingControlCharacters != text
      var utf8 = Array(text.utf8)
      let found = utf8.withUnsafeMutableBufferPointer {
        MessageText.containsEscapedScalar(UnsafeBufferPointer($0))
      }
      #expect(found == escapes, "U+\(String(value, radix: 16))")
    }
  }

  @Test("escapes control, line-separator and bidirectional characters; quotes at most 80")
  func escaping() {
    #expect("a\u{1B}[31mb\u{07}\r\n\t".escapingControlCharacters == #"a\u{1B}[31mb\u{7}\r\n\t"#)
    #expect("x\u{202E}y\u{2028}z\u{9B}".escapingControlCharacters == #"x\u{202E}y\u{2028}z\u{9B}"#)
    #expect("é ü 日本 👍🏽".escapingControlCharacters == "é ü 日本 👍🏽")
    #expect("a\tb\nc".escapingControlCharacters(keepingTabs: true) == "a\tb" + #"\nc"#)
    #expect(String(repeating: "y", count: 81).quotedForMessage.count == 83)
    #expect(
      Diagnostic(.unknownField, "field '\u{1B}]0;x\u{07}'").description
        == #"error[MK110]: field '\u{1B}]0;x\u{7}'"#)
    #expect(
      SourceLocation(file: "a\u{1B}b.json", line: 1, column: 2).description
        == #"a\u{1B}b.json:1:2"#)
  }
}

// MARK: - Validation

extension HostileInputTests {
  @Test("validating 5,000 key commands of one shortcut lists 100 problems and one MK105")
  func validationIsCapped() throws {
    let commands = (0..<5_000).map { index in
      MenuElement.keyCommand(
        KeyCommand(
          title: "C\(index)", action: ActionName("a\(index):"), input: "k",
          modifierFlags: .command))
    }
    let diagnostics = MenuValidator(platform: .linux).validate(
      Menu(children: [.menu(Menu(title: "M", children: commands))]))
    #expect(diagnostics.count == 101)
    #expect(diagnostics.prefix(100).allSatisfy { $0.code == .duplicateShortcut })
    #expect(diagnostics[0].message.contains("'C1'"))
    let summary = try #require(diagnostics.last)
    #expect(summary.code == .moreProblems)
    #expect(summary.message.hasPrefix("and 4,899 more problems (4,899 errors)"))
  }
}
