import Foundation
import MenuKit
import MenuKitTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// The built menu-dump is killed with SIGKILL while it saves a keymap, at moments spread over a
// slow save: a loop of 18 processes, so it runs with the integration tests.

@MainActor
@Suite("menu-dump keymap crash safety")
struct KeymapSaveCrashTests {
  /// A user keymap of many bindings, so that a slow save takes a while.
  static func oldText() -> String {
    let bindings = (1...120).map { index in
      KeyBinding(
        keys: try! KeySequence(parsing: "Ctrl+F\(index % 24 + 1)"),
        effect: .perform(ActionName("command.number\(index)"), arguments: nil), source: .user)
    }
    return "// A big keymap.\n" + KeymapFile.text(of: Keymap(source: .user, bindings: bindings))
  }

  @Test("a save killed with SIGKILL at any moment leaves the old or the new keymap")
  func killedSaves() throws {
    let executable = try #require(builtTool("menu-dump"), "menu-dump is built next to the tests")
    let old = Self.oldText()
    // The new text is what the same edit produces in-process.
    let reference = try temporaryDirectory() + "/user.keymap.json"
    try Data(old.utf8).write(to: URL(fileURLWithPath: reference))
    var expected = try UserKeymap(contentsOf: reference)
    expected.addBinding(try KeySequence(parsing: "Ctrl+Alt+F12"), command: "test.killed")
    let new = expected.text
    #expect(new != old)

    var outcomes: [String: Int] = [:]
    var interruptedWrites = 0
    for attempt in 0..<18 {
      let directory = try temporaryDirectory()
      let path = directory + "/user.keymap.json"
      try Data(old.utf8).write(to: URL(fileURLWithPath: path))
      let process = Process()
      process.executableURL = executable
      process.arguments = [
        "keymap", "bind", path, "--keys", "Ctrl+Alt+F12", "--command", "test.killed",
      ]
      // 16 bytes every 200 µs: the 7 KB save takes about 100 ms.
      process.environment = ["MENUKIT_TEST_SLOW_SAVE": "200"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Kill at moments spread over the start-up, the write and the end of the save.
      usleep(useconds_t(attempt * 12_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text == old || text == new, "attempt \(attempt): the keymap is neither old nor new")
      let loaded = KeymapFile.load(text: text, source: .user)
      #expect(loaded.diagnostics == [], "attempt \(attempt)")
      outcomes[text == old ? "old" : text == new ? "new" : "broken", default: 0] += 1
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
      if leftovers.contains(where: { $0.hasSuffix(".tmp") }) { interruptedWrites += 1 }
    }
    // The kills must have hit the middle of a write at least once, or the test proves little.
    #expect(interruptedWrites > 0, "\(outcomes)")
    #expect(outcomes["broken"] == nil)

    // The next save removes the temporary file a killed save left behind.
    let directory = try temporaryDirectory()
    let path = directory + "/user.keymap.json"
    try Data(old.utf8).write(to: URL(fileURLWithPath: path))
    let killed = Process()
    killed.executableURL = executable
    killed.arguments = ["keymap", "bind", path, "--keys", "F1", "--command", "help"]
    killed.environment = ["MENUKIT_TEST_SLOW_SAVE": "100000"]
    killed.standardOutput = FileHandle.nullDevice
    killed.standardError = FileHandle.nullDevice
    try killed.run()
    var leftover: [String] = []
    for _ in 0..<500 where leftover.isEmpty {
      usleep(10_000)
      leftover = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasSuffix(".tmp") }
    }
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    #expect(leftover.count == 1)
    #expect(
      try runTool(executable, ["keymap", "bind", path, "--keys", "F2", "--command", "x"]).status
        == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["user.keymap.json"])
  }
}
