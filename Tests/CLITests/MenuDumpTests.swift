import Foundation
import MenuKit
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

private func shipped(_ relativePath: String) -> String {
  repositoryRoot.appendingPathComponent(relativePath).path
}

/// Every menu file shipped in keymaps/, with the platform to load it under.
private let shippedFiles: [(path: String, platform: String)] = {
  let root = repositoryRoot.appendingPathComponent("keymaps")
  let enumerator = FileManager.default.enumerator(atPath: root.path)
  var files: [(String, String)] = []
  while let next = enumerator?.nextObject() as? String {
    guard next.hasSuffix(".json"), !next.hasSuffix(".keymap.json") else { continue }
    let platform =
      next.hasPrefix("standard/")
      ? String(next.dropFirst("standard/".count).dropLast(".json".count)) : "linux"
    files.append(("keymaps/" + next, platform))
  }
  return files.sorted { $0.0 < $1.0 }
}()

@MainActor
@Suite("menu-dump")
struct MenuDumpTests {
  @Test("with no argument it prints the standard linux menu with Ctrl labels")
  func standardLinuxMenu() {
    let result = menuDump()
    #expect(result.status == .success)
    #expect(result.errors == "")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "File")
    #expect(lines.contains { $0.contains("Open…") && $0.hasSuffix("Ctrl+O") })
    #expect(lines.contains { $0.contains("Quit") && $0.hasSuffix("Ctrl+Q") })
    #expect(!result.output.contains("⌘"))
  }

  @Test("--platform mac prints Apple's menu bar with ⌘ labels")
  func standardMacMenu() {
    let result = menuDump("--platform", "mac")
    #expect(result.status == .success)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "App")
    #expect(lines.contains { $0.contains("Open…") && $0.hasSuffix("⌘O") })
    #expect(lines.contains { $0.contains("Save As…") && $0.hasSuffix("⇧⌘S") })
    #expect(!result.output.contains("Ctrl+"))
  }

  @Test("the standard menu of each profile validates without findings")
  func standardMenusValidate() {
    for platform in ["linux", "mac", "windows"] {
      let result = menuDump("--platform", platform)
      #expect(result.status == .success, "\(platform): \(result.errors)")
      #expect(result.errors == "", "\(platform)")
    }
  }

  @Test("Apple's sample: File starts with the New group and Open; Navigation has four arrows")
  func appleSample() throws {
    let result = menuDump(shipped("keymaps/examples/apple-menus-and-shortcuts.json"))
    #expect(result.status == .success, "\(result.errors)")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let file = try #require(lines.firstIndex(of: "File"))
    #expect(lines[file + 1].contains("New Date Item"))
    #expect(lines[file + 2].contains("New Text Item"))
    #expect(lines[file + 3].trimmingCharacters(in: .whitespaces).hasPrefix("─"))
    #expect(lines[file + 4].contains("Open…") && lines[file + 4].hasSuffix("Ctrl+O"))

    let navigation = try #require(lines.firstIndex(of: "Navigation"))
    let arrows = lines[(navigation + 1)...].prefix(4)
    #expect(
      arrows.map { $0.split(separator: " ").last.map(String.init) ?? "" } == [
        "Ctrl+Right", "Ctrl+Left", "Ctrl+Up", "Ctrl+Down",
      ])

    let json = menuDump(
      "--format", "json", shipped("keymaps/examples/apple-menus-and-shortcuts.json"))
    #expect(json.output.contains(#""com.example.apple-samplecode.menus.arrowKeysSubMenu""#))
    #expect(json.output.contains(#""displayInline""#) || json.output.contains(#""inline""#))
  }

  @Test("every shipped file loads without errors", arguments: shippedFiles.map(\.path))
  func shippedFileLoads(path: String) {
    let platform = shippedFiles.first { $0.path == path }?.platform ?? "linux"
    let result = menuDump("--platform", platform, shipped(path))
    #expect(result.status == .success, "\(result.errors)")
    #expect(!result.errors.contains("error["), "\(result.errors)")
  }

  @Test(
    "--format json output loads again and renders the same tree",
    arguments: shippedFiles.map(\.path))
  func jsonRoundTrip(path: String) throws {
    let platform = shippedFiles.first { $0.path == path }?.platform ?? "linux"
    let tree = menuDump("--platform", platform, shipped(path))
    let json = menuDump("--platform", platform, "--format", "json", shipped(path))
    #expect(json.status == .success)
    #expect(json.output.contains(#""schemaVersion": 1"#))
    let written = try temporaryFile(json.output)
    let again = menuDump("--platform", platform, written)
    #expect(again.status == .success, "\(again.errors)")
    #expect(again.output == tree.output)
    // Writing the reloaded file gives the same JSON: the writer is deterministic.
    #expect(menuDump("--platform", platform, "--format", "json", written).output == json.output)
  }

  @Test("a malformed file exits 65 and reports each error on its own line")
  func malformedFile() throws {
    let path = try temporaryFile(
      """
      {
        "schemaVersion": 1,
        "edits": [
          { "insert": [ { "command": "Sort", "action": "sort:", "shortcut": "Cmd+Shfit+S" } ],
            "atEndOf": "edit" },
          { "insert": [ { "command": "Lines", "action": "lines:", "titel": "x" } ],
            "atEndOf": "edit" },
          { "remove": "nosuchmenu" },
        ],
      }
      """)
    let result = menuDump(path)
    #expect(result.status == .dataError)
    #expect(result.output == "")
    let lines = result.errors.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.allSatisfy { $0.hasPrefix(path + ":") && $0.contains(": error[MK") })
    #expect(lines.contains { $0.hasPrefix("\(path):4:") && $0.contains("error[MK114]") })
    #expect(lines.contains { $0.hasPrefix("\(path):6:") && $0.contains("error[MK110]") })
  }

  @Test("an edit naming an unknown menu exits 65 with MK201 at the target")
  func unknownMenuEdit() throws {
    let path = try temporaryFile(
      """
      {"schemaVersion": 1,
       "edits": [{ "remove": "formatt" }]}
      """)
    let result = menuDump(path)
    #expect(result.status == .dataError)
    #expect(result.errors.hasPrefix("\(path):2:24: error[MK201]: "), "\(result.errors)")
    #expect(result.errors.contains("did you mean 'format'?"))
  }

  @Test("bad JSON exits 65 with MK101 at the position")
  func badJSON() throws {
    let path = try temporaryFile(
      "{\"schemaVersion\": 1,\n  \"menu\": {\"menu\": \"x\" \"id\": \"y\"}}")
    let result = menuDump(path)
    #expect(result.status == .dataError)
    #expect(result.errors.hasPrefix("\(path):2:24: error[MK101]: "), "\(result.errors)")
  }

  @Test("a file nested 10,000 levels deep gets a clear error, not a crash")
  func deeplyNestedFile() throws {
    let depth = 10_000
    let text =
      "{\"schemaVersion\": 1, \"menu\": "
      + String(repeating: "{\"menu\": \"m\", \"children\": [", count: depth)
      + String(repeating: "]}", count: depth) + "}"
    let path = try temporaryFile(text)
    let result = menuDump(path)
    #expect(result.status == .dataError)
    #expect(result.errors.contains("error[MK102]"), "\(result.errors)")
    #expect(result.errors.split(separator: "\n").count == 1)
  }

  @Test("a missing file exits 65 with MK103")
  func missingFile() {
    let result = menuDump("/nonexistent/menu.json")
    #expect(result.status == .dataError)
    #expect(result.errors.contains("error[MK103]"))
  }

  @Test("a duplicate shortcut is printed and exits 1", arguments: ["linux", "windows"])
  func duplicateShortcut(platform: String) throws {
    let path = try temporaryFile(
      """
      {"schemaVersion": 1, "edits": [
        { "insert": [ { "command": "Cross Out", "action": "crossOut:", "shortcut": "Ctrl+X" } ],
          "atEndOf": "edit" } ]}
      """)
    let result = menuDump("--platform", platform, path)
    #expect(result.status == .failure)
    #expect(result.errors.contains("error[MK302]"))
    #expect(result.output.contains("Cross Out"))
  }

  @Test("Ctrl and Cmd do not collide on mac")
  func noCollisionOnMac() throws {
    let path = try temporaryFile(
      """
      {"schemaVersion": 1, "edits": [
        { "insert": [ { "command": "Cross Out", "action": "crossOut:", "shortcut": "Ctrl+X" } ],
          "atEndOf": "edit" } ]}
      """)
    let result = menuDump("--platform", "mac", path)
    #expect(result.status == .success, "\(result.errors)")
    #expect(result.output.contains("⌃X"))
  }

  @Test(
    "usage errors exit 64",
    arguments: [["--format", "yaml"], ["--platform", "beos"], ["--bogus"], ["--format"]])
  func usageErrors(arguments: [String]) {
    var output = BufferedOutput()
    let status = MenuDump.run(arguments: arguments, output: &output)
    #expect(status == .usage)
    #expect(output.standardError.hasPrefix("menu-dump: "))
    #expect(output.standardError.contains("--help"))
  }

  @Test("options accept their value after '='")
  func inlineValues() {
    #expect(
      menuDump("--platform=mac", "--format=json").output
        == menuDump("--platform", "mac", "--format", "json").output)
    #expect(menuDump("--platform=mac").output.contains("⌘O"))
  }

  @Test("--help lists every option and the exit statuses")
  func help() {
    let result = menuDump("--help")
    #expect(result.status == .success)
    for word in ["--format", "--platform", "--help", "64", "65"] {
      #expect(result.output.contains(word))
    }
  }
}

@MainActor
@Suite("menu-dump executable")
struct MenuDumpExecutableTests {
  /// The built menu-dump, next to the test bundle.
  static var executable: URL? { builtTool("menu-dump") }

  @Test("the binary prints the standard menu and exits 0")
  func runsBinary() throws {
    let executable = try #require(Self.executable, "menu-dump is built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--platform", "mac"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: data, as: UTF8.self).contains("⌘O"))
  }

  @Test("the binary exits 65 on a malformed file")
  func binaryExitStatus() throws {
    let executable = try #require(Self.executable)
    let path = try temporaryFile("{ not json")
    let process = Process()
    process.executableURL = executable
    process.arguments = [path]
    process.standardError = Pipe()
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 65)
  }
}
