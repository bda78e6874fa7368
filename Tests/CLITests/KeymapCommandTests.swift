import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

// MARK: - Fixtures

// MARK: - Tests

@MainActor
@Suite("menu-dump keymap")
struct KeymapCommandTests {
  @Test("check prints each problem with its position and the number of valid bindings")
  func check() throws {
    let example = repositoryRoot.appendingPathComponent(
      "keymaps/examples/text-editor.keymap.json"
    ).path
    let clean = menuDump("keymap", "check", example)
    #expect(clean.status == .success)
    #expect(clean.errors == "")
    #expect(clean.output == "\(example): 13 bindings\n")

    let path = try temporaryDirectory() + "/bad.keymap.json"
    try Data(
      #"{ "schemaVersion": 1, "keymap": [{ "bindings": [{ "keys": "Ctrl+Q", "command": "" }, { "keys": "F1", "command": "help" }] }] }"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let bad = menuDump("keymap", "check", path)
    #expect(bad.status == .failure)
    #expect(bad.errors.hasPrefix("\(path):1:80: error[MK503]: an empty command name"))
    #expect(bad.output == "\(path): 1 binding\n")
  }

  @Test("bind, unbind and rebind edit the user keymap and keep its comments")
  func edits() throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    let original = """
      // mine
      { "schemaVersion": 1, "keymap": [] }

      """
    try Data(original.utf8).write(to: URL(fileURLWithPath: path))
    #expect(
      menuDump(
        "keymap", "bind", path, "--keys", "ctrl+k ctrl+s", "--command", "file.saveAll",
        "--context", "Editor", "--args", #"{ "all": true }"#
      ).output == "saved \(path): 1 binding\n")
    #expect(
      menuDump("keymap", "unbind", path, "--keys", "Ctrl+J", "--command", "join").status == .success
    )
    #expect(menuDump("keymap", "unbind", path, "--keys", "F1").status == .success)
    #expect(
      menuDump("keymap", "rebind", path, "--keys", "Ctrl+K Ctrl+S", "--to", "Ctrl+Alt+S").status
        == .success)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("// mine\n"))
    let (keymap, diagnostics) = KeymapFile.load(contentsOf: path, source: .user)
    #expect(diagnostics == [])
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["Ctrl+Alt+S", "Ctrl+J", "F1"])
    #expect(
      keymap?.bindings.map(\.effect) == [
        .perform("file.saveAll", arguments: ["all": true]), .unbindCommand("join"), .unbind,
      ])
    #expect(keymap?.bindings.first?.context == .identifier("Editor"))
    // Unbinding a command the user keymap binds removes that entry.
    #expect(
      menuDump("keymap", "unbind", path, "--keys", "Ctrl+Alt+S", "--command", "file.saveAll").status
        == .success)
    #expect(KeymapFile.load(contentsOf: path, source: .user).keymap?.bindings.count == 2)
  }

  @Test(
    "bad command lines and bad values are usage errors (64)",
    arguments: [
      (["keymap"], ToolExitStatus.usage, "missing the keymap action"),
      (["keymap", "frobnicate", "f"], .usage, "unknown keymap action 'frobnicate'"),
      (["keymap", "bind", "f", "--keys", "F1"], .usage, "missing '--command'"),
      (["keymap", "bind", "f", "--command", "x"], .usage, "missing '--keys'"),
      (["keymap", "rebind", "f", "--keys", "F1"], .usage, "missing '--to'"),
      (["keymap", "check", "--bogus"], .usage, "unknown option '--bogus'"),
      (["keymap", "bind", "f", "--keys", "F1", "--command", ""], .usage, "bad --command ''"),
      (["keymap", "bind", "f", "--keys", "F1", "--command", "a b"], .usage, "bad --command 'a b'"),
      (["keymap", "bind", "f", "--keys", "F1", "--command=-x"], .usage, "bad --command '-x'"),
      (
        ["keymap", "bind", "f", "--keys", "F1", "--command", "-x"], .usage,
        "option '--command' needs a value"
      ),
      (["keymap", "bind", "-", "--keys", "F1", "--command", "x"], .usage, "standard input ('-')"),
      (
        ["keymap", "bind", "f/", "--keys", "F1", "--command", "x"], .usage,
        "bad keymap file 'f/': the path ends with '/'"
      ),
      (
        ["keymap", "unbind", "f/..", "--keys", "F1"], .usage,
        "bad keymap file 'f/..': the path ends with '/..'"
      ),
      (["keymap", "bind", "f", "--keys", "Ctrl+Nope", "--command", "x"], .usage, "bad --keys"),
      (
        ["keymap", "bind", "f", "--keys", "F1", "--command", "x", "--context", "a &&"], .usage,
        "bad --context 'a &&': column 5: expected an identifier"
      ),
      (
        ["keymap", "bind", "f", "--keys", "F1", "--command", "x", "--args", "{"], .usage,
        "bad --args"
      ),
    ])
  func usage(arguments: [String], status: ToolExitStatus, message: String) {
    var output = BufferedOutput()
    #expect(MenuDump.run(arguments: arguments, output: &output) == status)
    #expect(output.standardError.contains(message), "\(output.standardError)")
  }

  @Test("--help describes every action")
  func help() {
    let result = menuDump("keymap", "--help")
    #expect(result.status == .success)
    for word in ["check", "bind", "unbind", "rebind", "--context", "atomically"] {
      #expect(result.output.contains(word))
    }
  }

  @Test("rebinding keys the user keymap does not bind fails without writing")
  func rebindMissing() throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    let result = menuDump("keymap", "rebind", path, "--keys", "F1", "--to", "F2")
    #expect(result.status == .failure)
    #expect(result.errors.contains("has no binding of 'F1' to rebind"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("MENUKIT_TEST_SLOW_SAVE sets the pause between chunks")
  func slowSaveSetting() {
    #expect(KeymapCommand.slowSaveDelay([:]) == nil)
    #expect(KeymapCommand.slowSaveDelay(["MENUKIT_TEST_SLOW_SAVE": "1"]) == .milliseconds(1))
    #expect(KeymapCommand.slowSaveDelay(["MENUKIT_TEST_SLOW_SAVE": "250"]) == .microseconds(250))
    #expect(KeymapCommand.slowSaveDelay(["MENUKIT_TEST_SLOW_SAVE": "no"]) == nil)
  }
}

@MainActor
@Suite("menu-dump keymap save safety")
struct KeymapSaveSafetyTests {
  @Test(
    "a keymap path ending in '/', '/.', '//' or '/x/..' is a usage error; the file is unchanged",
    arguments: ["/", "/.", "//", "/x/.."])
  func trailingComponents(suffix: String) throws {
    let path = try temporaryDirectory() + "/u.keymap.json"
    #expect(
      menuDump("keymap", "bind", path, "--keys", "Ctrl+1", "--command", "one").status == .success)
    #expect(
      menuDump("keymap", "bind", path, "--keys", "Ctrl+2", "--command", "two").status == .success)
    let before = try String(contentsOfFile: path, encoding: .utf8)
    let result = menuDump(
      "keymap", "bind", path + suffix, "--keys", "Ctrl+3", "--command", "three")
    #expect(result.status == .usage)
    #expect(result.errors.contains("the path ends with"), "\(result.errors)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
  }

  @Test("bind --command '' saves nothing")
  func emptyCommand() throws {
    let path = try temporaryDirectory() + "/u.keymap.json"
    #expect(menuDump("keymap", "bind", path, "--keys", "F1", "--command", "").status == .usage)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("40 bind processes at once on one file leave all 40 bindings")
  func concurrentProcesses() throws {
    let executable = try #require(builtTool("menu-dump"), "menu-dump is built next to the tests")
    let directory = try temporaryDirectory()
    let path = directory + "/user.keymap.json"
    let count = 40
    var processes: [Process] = []
    for index in 0..<count {
      let process = Process()
      process.executableURL = executable
      process.arguments = [
        "keymap", "bind", path, "--keys", "Ctrl+Alt+F\(index % 12 + 1)", "--command",
        "command.number\(index)",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      processes.append(process)
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let (keymap, diagnostics) = KeymapFile.load(contentsOf: path, source: .user)
    #expect(diagnostics == [])
    let commands = Set(keymap?.bindings.map { "\($0.effect)" } ?? [])
    #expect(commands.count == count)
    // Neither lock nor temporary files are left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["user.keymap.json"])
  }

  @Test("bind creates the missing directories of a new keymap")
  func missingDirectories() throws {
    let directory = try temporaryDirectory()
    let path = directory + "/config/editor/user.keymap.json"
    #expect(
      menuDump("keymap", "bind", path, "--keys", "F1", "--command", "help").status == .success)
    #expect(KeymapFile.load(contentsOf: path, source: .user).keymap?.bindings.count == 1)
  }

  @Test(
    "bind through another user's link in a shared sticky directory fails; the target is unchanged",
    .enabled(if: geteuid() == 0, "needs root to make a link owned by another user"))
  func foreignLink() throws {
    let shared = try temporaryDirectory()
    chmod(shared, 0o1777)
    let victim = try temporaryDirectory() + "/passwd"
    try Data("root:x:0:0\n".utf8).write(to: URL(fileURLWithPath: victim))
    let link = shared + "/user.keymap.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
    lchown(link, 65534, 65534)
    let result = menuDump("keymap", "bind", link, "--keys", "F1", "--command", "help")
    #expect(result.status == .failure)
    #expect(result.errors.contains("MenuKit does not follow it"), "\(result.errors)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "root:x:0:0\n")
    #expect(!result.output.contains("saved"))
  }
}
