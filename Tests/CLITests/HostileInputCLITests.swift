import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

#if canImport(Glibc)
  import Glibc
#endif

/// A new sparse file of `size` bytes called `name`: larger than any reader accepts, and
/// written in no time.
private func sparseFile(_ name: String, size: Int) throws -> String {
  let path = try temporaryDirectory() + "/" + name
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  try #require(descriptor >= 0)
  defer { close(descriptor) }
  try #require(ftruncate(descriptor, off_t(size)) == 0)
  return path
}

/// Regressions of issue 15 in menu-dump: every reader keeps to the 16 MiB limit, and text from
/// input cannot drive the terminal (docs/development/hardening.md).
@Suite("menu-dump on hostile input")
@MainActor
struct HostileInputCLITests {
  @Test("palette --lines /dev/zero stops at the 16 MiB limit with MK104 and exit 65")
  func linesFromAnEndlessDevice() {
    let result = menuDump("palette", "--lines", "/dev/zero", "--query", "a")
    #expect(result.status == .dataError)
    #expect(
      result.errors
        == "error[MK104]: cannot read the lines file '/dev/zero': it has more than 16 MiB, and "
        + "MenuKit reads files of at most 16 MiB\n")
    #expect(result.output.isEmpty)
  }

  @Test("palette --lines of a 1 GiB file is refused unread")
  func linesFromAHugeFile() throws {
    let path = try sparseFile("huge.txt", size: 1 << 30)
    let result = menuDump("palette", "--lines", path, "--query", "a")
    #expect(result.status == .dataError)
    #expect(result.errors.contains("error[MK104]: cannot read the lines file"))
    #expect(result.errors.contains("it is 1 GiB"))
  }

  @Test("`yes | menu-dump palette --lines -` stops at the limit")
  func linesFromAnEndlessPipe() throws {
    let executable = try #require(MenuDumpExecutableTests.executable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "yes | exec \"$0\" palette --lines - --query y", executable.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 65)
    #expect(
      String(decoding: message, as: UTF8.self).contains(
        "cannot read the lines file '/dev/stdin': it has more than 16 MiB"))
  }

  @Test("palette --lines escapes control characters and keeps tabs")
  func linesAreEscaped() throws {
    let path = try temporaryFile("lines.txt", "open\u{1B}[2J file\tnow\u{07}\nclose\r\n")
    let result = menuDump("palette", "--lines", path, "--query", "o")
    #expect(result.status == .success)
    #expect(result.output == "open\\u{1B}[2J file\tnow\\u{7}\nclose\\r\n")
  }

  @Test("keymap import of a 1 GiB file without --from is MK104, unread")
  func importHugeFile() throws {
    let path = try sparseFile("keybindings.json", size: 1 << 30)
    let result = menuDump("keymap", "import", path)
    #expect(result.status == .dataError)
    #expect(result.errors.contains("error[MK104]: cannot read the keymap file"))
    #expect(result.output.isEmpty)
  }

  @Test("--keymap files go through the same limit")
  func keymapOptionHugeFile() throws {
    let path = try sparseFile("keybindings.json", size: 1 << 30)
    let recording = try temporaryFile("empty.evemu", "")
    let result = menuDump("trace", "--layout", "us", "--keymap", path, recording)
    #expect(result.errors.contains("error[MK104]: cannot read the keymap file"))
  }

  /// A menu file whose titles hold ESC, BEL and CR.
  private let hostileMenu = #"""
    { "schemaVersion": 1, "edits": [
      { "insert": [{ "command": "Clear\u001b[2J\u0007", "action": "clear:",
                     "shortcut": "Ctrl+Shift+L" }],
        "atEndOf": "file" },
      { "insert": [{ "menu": "Evil\rTitle", "id": "evil", "children": [] }],
        "atEndOf": "edit" },
    ] }
    """#

  @Test("the text tree, palette results and discoverability escape control characters")
  func renderingsAreEscaped() throws {
    let path = try temporaryFile("hostile.json", hostileMenu)
    let tree = menuDump(path)
    #expect(tree.status == .success, "\(tree.errors)")
    #expect(tree.output.contains(#"Clear\u{1B}[2J\u{7}"#))
    #expect(!tree.output.contains("\u{1B}") && !tree.output.contains("\u{07}"))
    #expect(!tree.output.contains("\r"))
    let results = menuDump("palette", path, "--query", "clear")
    #expect(results.output.contains(#"Clear\u{1B}[2J\u{7}"#), "\(results.errors)")
    #expect(!results.output.contains("\u{1B}"))
    let overlay = menuDump("--discoverability", path)
    #expect(overlay.output.contains(#"Clear\u{1B}[2J\u{7}"#), "\(overlay.errors)")
    #expect(!overlay.output.contains("\u{1B}"))
  }

  @Test("diagnostics escape control characters and cap a quoted value at 80 characters")
  func diagnosticsAreEscaped() throws {
    let long = String(repeating: "x", count: 1_000)
    let path = try temporaryFile(
      "bad.json",
      #"{ "schemaVersion": 1, "edits": [], "\u001b]0;pwned\u0007": 1, "\#(long)": 2 }"#)
    let result = menuDump(path)
    #expect(result.status == .dataError)
    #expect(result.errors.contains(#"unknown field '\u{1B}]0;pwned\u{7}' at the top level"#))
    #expect(!result.errors.contains("\u{1B}") && !result.errors.contains("\u{07}"))
    #expect(result.errors.contains("'" + String(repeating: "x", count: 80) + "…'"))
    #expect(!result.errors.contains(String(repeating: "x", count: 81)))
  }

  @Test("explain escapes control characters from keymap contexts and commands")
  func explainIsEscaped() throws {
    let path = try temporaryFile(
      "hostile.keymap.json",
      #"""
      { "schemaVersion": 1, "keymap": [
        { "context": "'Edi\u001btor'", "bindings": [ { "keys": "Ctrl+K", "command": "rm\u0007" } ] }
      ] }
      """#)
    let result = menuDump("explain", path, "--layout", "us", "Ctrl+K")
    #expect(result.status == .success, "\(result.errors)")
    #expect(result.output.contains(#"rm\u{7}"#))
    #expect(result.output.contains(#"Edi\u{1B}tor"#))
    #expect(!result.output.contains("\u{1B}") && !result.output.contains("\u{07}"))
  }
}
