import Foundation
import MenuKitPalette
import Testing

@testable import MenuKit
@testable import MenuKitInterop

#if canImport(Glibc)
  import Glibc
#endif

/// The limits every reader enforces (docs/development/hardening.md): file size, nesting depth, predicate
/// depth; each with a clear error instead of a crash or unbounded memory.
@Suite("Limits")
struct LimitsTests {
  /// A fresh temporary folder, removed by the caller.
  private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("LimitsTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A sparse file of `size` bytes: it takes no disk space and reads as zeros.
  private func sparseFile(at path: String, size: Int) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(ftruncate(descriptor, off_t(size)) == 0)
  }

  @Test("the file size limit is 16 MiB")
  func maximumFileSize() {
    #expect(MenuFile.maximumFileSize == 16 * 1024 * 1024)
  }

  @Test("a sparse 1 GiB file is one MK104 from every file reader, without being read")
  func oneGigabyteFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("huge.json").path
    try sparseFile(at: path, size: 1 << 30)
    let limit = "and MenuKit reads files of at most 16 MiB"

    #expect(
      MenuFile.load(contentsOf: path).diagnostics.map(\.description) == [
        "error[MK104]: cannot read the menu file '\(path)': it is 1 GiB, \(limit)"
      ])
    let keymap = KeymapFile.load(contentsOf: path, source: .user)
    #expect(keymap.keymap == nil)
    #expect(
      keymap.diagnostics.map(\.description) == [
        "error[MK104]: cannot read the keymap file '\(path)': it is 1 GiB, \(limit)"
      ])
    #expect(ChainFile.load(contentsOf: path).diagnostics.map(\.code) == [.fileTooLarge])
    #expect(
      VSCodeKeybindings.load(contentsOf: path, platform: .linux, source: .user).diagnostics
        .map(\.code) == [.fileTooLarge])
    #expect(
      ZedKeymap.load(contentsOf: path, platform: .linux, source: .user).diagnostics.map(\.code)
        == [.fileTooLarge])
    #expect(
      GTKAccelerators.load(contentsOf: path, platform: .linux, source: .user).diagnostics
        .map(\.code) == [.fileTooLarge])
    #expect(throws: PaletteHistoryError.self) { try PaletteHistory(contentsOfFile: path) }
    do {
      _ = try PaletteHistory(contentsOfFile: path)
    } catch {
      #expect(
        error.description
          == "\(path):1:1: cannot read the palette history '\(path)': it is 1 GiB, \(limit)")
    }
  }

  @Test("a file of exactly the limit is read, and one byte more is MK104")
  func limitIsInclusive() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("menu.json").path
    try Data(repeating: UInt8(ascii: " "), count: 100).write(to: URL(fileURLWithPath: path))
    let atLimit = SourceFile.readData(at: path, kind: "menu file", maximumSize: 100)
    #expect((try? atLimit.get())?.count == 100)
    let overLimit = SourceFile.readData(at: path, kind: "menu file", maximumSize: 99)
    #expect(
      overLimit.failureDiagnostic?.description
        == "error[MK104]: cannot read the menu file '\(path)': it is 100 bytes, and MenuKit "
        + "reads files of at most 99 bytes")
  }

  @Test("an endless device is read only up to the limit")
  func endlessDevice() throws {
    let result = SourceFile.readData(at: "/dev/zero", kind: "menu file", maximumSize: 4096)
    #expect(
      result.failureDiagnostic?.description
        == "error[MK104]: cannot read the menu file '/dev/zero': it has more than 4 KiB, and "
        + "MenuKit reads files of at most 4 KiB")
  }

  @Test("an empty file is read as empty text")
  func emptyFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("empty.json").path
    try Data().write(to: URL(fileURLWithPath: path))
    #expect((try? SourceFile.readText(at: path, kind: "menu file").get()) == "")
  }

  @Test(
    "sizes in messages use binary units",
    arguments: [
      (0, "0 bytes"), (1, "1 byte"), (1023, "1023 bytes"), (1024, "1 KiB"), (1536, "1.5 KiB"),
      (16 << 20, "16 MiB"), ((16 << 20) + 1, "16 MiB"), (1 << 30, "1 GiB"),
      (3 << 29, "1.5 GiB"), (1 << 40, "1 TiB"),
    ])
  func byteCounts(bytes: Int, text: String) {
    #expect(SourceFile.byteCount(bytes) == text)
  }

  @Test("MK104 is documented and listed")
  func codeIsListed() {
    #expect(DiagnosticCode.all.contains(.fileTooLarge))
    #expect(DiagnosticCode.fileTooLarge.rawValue == "MK104")
    #expect(DiagnosticCode.fileTooLarge.name == "file-too-large")
  }

  @Test("JSON nested deeper than 256 levels is MK102, in menu and keymap files")
  func nestingDepth() {
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    #expect(MenuFile.parse(deep).diagnostics.map(\.code) == [.nestingTooDeep])
    #expect(KeymapFile.load(text: deep, source: .user).diagnostics.map(\.code) == [.nestingTooDeep])
  }

  @Test("a predicate nested deeper than ContextPredicate.maximumDepth is an error, not a crash")
  func predicateDepth() {
    let depth = ContextPredicate.maximumDepth + 1
    let text = String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
    #expect(throws: ContextPredicateError.self) { try ContextPredicate(parsing: text) }
    let negations = String(repeating: "!", count: 100_000) + "a"
    #expect(throws: ContextPredicateError.self) { try ContextPredicate(parsing: negations) }
  }
}

extension Result where Failure == SourceFile.Failure {
  /// The diagnostic of a failure; nil on success.
  fileprivate var failureDiagnostic: Diagnostic? {
    if case .failure(let failure) = self { return failure.diagnostic }
    return nil
  }
}

extension LimitsTests {
  @Test("a key sequence has at most 16 strokes, in MenuKit's text and in every dialect")
  func sequenceLength() throws {
    #expect(KeySequence.maximumLength == 16)
    let longest = Array(repeating: "a", count: 16).joined(separator: " ")
    #expect(try KeySequence(parsing: longest).strokes.count == 16)
    let error = try #require(
      throws: KeyboardShortcutParseError.self,
      performing: { try KeySequence(parsing: longest + " Cmd+B") })
    #expect(error == .tooManyStrokes(offset: 32))
    #expect(error.description == "the key sequence has more than 16 strokes")
    for dialect in [ShortcutDialect.menuKit, .vscode, .zed, .emacs] {
      let dialectError = try #require(
        throws: ShortcutDialectError.self,
        performing: { try KeySequence(parsing: longest + " b", dialect: dialect, platform: .linux) }
      )
      #expect(dialectError.kind == .tooManyStrokes)
      #expect(dialectError.column == 33)
      #expect(dialectError.message == "MenuKit reads sequences of at most 16 strokes")
    }
  }

  @Test("a keymap binding of a million strokes is one MK502, and the other bindings load")
  func millionStrokeBinding() throws {
    let strokes = Array(repeating: "a", count: 1_000_000).joined(separator: " ")
    let text = """
      { "schemaVersion": 1, "keymap": [{ "bindings": [
        { "keys": "\(strokes)", "command": "long:" },
        { "keys": "Cmd+K Cmd+S", "command": "saveAll:" }
      ] }] }
      """
    let (keymap, diagnostics) = KeymapFile.load(text: text, source: .user)
    #expect(diagnostics.map(\.code) == [.badKeys])
    #expect(diagnostics.first?.message.contains("16 strokes") == true)
    #expect(keymap?.bindings.count == 1)
  }
}

extension LimitsTests {
  @Test("messages quote a long key or word shortened to 80 characters")
  func longWordsAreShortened() throws {
    let word = String(repeating: "x", count: 100_000)
    let error = try #require(
      throws: KeyboardShortcutParseError.self, performing: { try KeySequence(parsing: word) })
    #expect(error.description.hasPrefix("unknown key '" + String(repeating: "x", count: 80) + "…'"))
    let strokes = Array(repeating: "a", count: 100).joined(separator: " ")
    let text =
      #"{ "schemaVersion": 1, "keymap": [{ "bindings": ["#
      + #"{ "keys": "\#(strokes)", "command": "long:" }] }] }"#
    let message = try #require(
      KeymapFile.load(text: text, source: .user).diagnostics.first?.message)
    #expect(message.hasPrefix("bad keys '" + String(strokes.prefix(80)) + "…': "))
    #expect(message.count < 200)
  }
}
