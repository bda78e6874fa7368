import Foundation
import Testing

/// The whole output of both tools, in every output format, compared with golden files.
///
/// Each case runs the built `menu-dump` or `keymap-lint` as a user would — from the repository
/// root, with relative paths — and compares its exit status, standard output and standard
/// error with `Tests/CLITests/Golden/<case>.txt`. A difference fails with the first line that
/// differs. When an output changes on purpose, record the files again and review the diff:
///
/// ```sh
/// MENUKIT_RECORD_GOLDEN=1 swift test --filter GoldenOutputTests
/// git diff Tests/CLITests/Golden
/// ```
@Suite("Golden outputs of menu-dump and keymap-lint")
struct GoldenOutputTests {
  /// One run of a tool and the golden file that holds its output.
  struct Case: CustomTestStringConvertible, Sendable {
    /// The golden file's name, without `.txt`.
    let name: String
    /// `menu-dump` or `keymap-lint`.
    let tool: String
    /// The arguments, relative to the repository root.
    let arguments: [String]
    /// Text written to the tool's standard input, if any.
    var input: String?

    var testDescription: String { "\(name): \(tool) \(arguments.joined(separator: " "))" }
  }

  static let cases: [Case] = [
    Case(
      name: "menu-dump-tree", tool: "menu-dump", arguments: ["keymaps/examples/text-editor.json"]),
    Case(
      name: "menu-dump-tree-mac", tool: "menu-dump",
      arguments: ["--platform", "mac", "keymaps/examples/apple-menus-and-shortcuts.json"]),
    Case(
      name: "menu-dump-json", tool: "menu-dump",
      arguments: ["--format", "json", "keymaps/examples/text-editor.json"]),
    Case(
      name: "menu-dump-markdown", tool: "menu-dump",
      arguments: [
        "--format", "markdown", "keymaps/examples/text-editor.json",
        "keymaps/examples/text-editor.keymap.json",
      ]),
    Case(
      name: "menu-dump-html-de", tool: "menu-dump",
      arguments: ["--format", "html", "--layout", "de", "keymaps/examples/text-editor.json"]),
    Case(
      name: "menu-dump-discoverability", tool: "menu-dump",
      arguments: ["--discoverability", "keymaps/examples/text-editor.json"]),
    Case(
      name: "menu-dump-explain", tool: "menu-dump",
      arguments: [
        "explain", "keymaps/examples/text-editor.json", "keymaps/examples/text-editor.keymap.json",
        "--context", "Editor", "Ctrl+K Ctrl+C",
      ]),
    Case(
      name: "menu-dump-explain-json", tool: "menu-dump",
      arguments: [
        "explain", "--layout", "de", "--format", "json", "keymaps/examples/text-editor.json",
        "Ctrl+Ü",
      ]),
    Case(
      name: "menu-dump-palette", tool: "menu-dump",
      arguments: ["palette", "keymaps/examples/text-editor.json", "--query", "sav"]),
    Case(
      name: "menu-dump-palette-json", tool: "menu-dump",
      arguments: [
        "palette", "keymaps/examples/text-editor.json", "--query", "find", "--limit", "3",
        "--format", "json",
      ]),
    Case(
      name: "menu-dump-trace-de", tool: "menu-dump",
      arguments: ["trace", "--layout", "de", "docs/examples/hello-de.evemu"]),
    Case(
      name: "menu-dump-record", tool: "menu-dump",
      arguments: ["record", "--layout", "us", "docs/examples/record-keys.evemu"]),
    Case(
      name: "menu-dump-malformed", tool: "menu-dump",
      arguments: ["Tests/CLITests/Golden/Inputs/malformed.json"]),
    Case(
      name: "keymap-lint-human", tool: "keymap-lint",
      arguments: ["--layout", "us,de", "Tests/CLITests/Golden/Inputs/findings.keymap.json"]),
    Case(
      name: "keymap-lint-json", tool: "keymap-lint",
      arguments: [
        "--format", "json", "--layout", "us,de",
        "Tests/CLITests/Golden/Inputs/findings.keymap.json",
      ]),
    Case(
      name: "keymap-lint-sarif", tool: "keymap-lint",
      arguments: [
        "--format", "sarif", "--layout", "us,de",
        "Tests/CLITests/Golden/Inputs/findings.keymap.json",
      ]),
    Case(
      name: "keymap-lint-github", tool: "keymap-lint",
      arguments: [
        "--format", "github", "--layout", "us,de",
        "Tests/CLITests/Golden/Inputs/findings.keymap.json",
      ]),
    Case(
      name: "keymap-lint-how-to-type", tool: "keymap-lint",
      arguments: ["how-to-type", "--layout", "de", "Ctrl+["]),
    // The command-line convention (docs/tools/command-line.md): a file that cannot be read is
    // reported on standard error without a position and exits 65, the others are linted;
    // '-' is standard input, named <stdin>; a value never swallows an option.
    Case(
      name: "keymap-lint-unreadable", tool: "keymap-lint",
      arguments: [
        "--layout=de", "Tests/CLITests/Golden/Inputs/missing.keymap.json",
        "Tests/CLITests/Golden/Inputs/findings.keymap.json",
      ]),
    Case(
      name: "keymap-lint-stdin", tool: "keymap-lint",
      arguments: ["--format=github", "--input-format", "keymap", "-"],
      input: """
        { "schemaVersion": 1, "keymap": [ { "bindings": [
          { "keys": "Ctrl+K", "command": "a" },
          { "keys": "Ctrl+K", "command": "b" }
        ] } ] }
        """),
    Case(
      name: "menu-dump-usage-error", tool: "menu-dump",
      arguments: ["palette", "--query", "--limit", "3"]),
    Case(name: "menu-dump-version", tool: "menu-dump", arguments: ["--version"]),
  ]

  /// The repository root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether this run writes the golden files instead of comparing with them.
  static let recording = ProcessInfo.processInfo.environment["MENUKIT_RECORD_GOLDEN"] == "1"

  /// The built tool, next to the test bundle.
  static func executable(_ tool: String) -> URL? {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent(tool)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  /// Runs a case and returns its transcript: the command line, the exit status, then standard
  /// output and standard error.
  static func transcript(of test: Case) throws -> String {
    let executable = try #require(
      Self.executable(test.tool), "\(test.tool) is built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = test.arguments
    process.currentDirectoryURL = root
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["LC_ALL"] = "C.UTF-8"
    process.environment = environment
    // Standard error goes to a file, so that neither stream can fill a pipe and block.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "golden-\(test.name)-\(UUID().uuidString).stderr")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errors = try FileHandle(forWritingTo: errorFile)
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    try process.run()
    try errors.close()
    try input.fileHandleForWriting.write(contentsOf: Data((test.input ?? "").utf8))
    try input.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let standardError = try String(contentsOf: errorFile, encoding: .utf8)
    let standardOutput = String(decoding: outputData, as: UTF8.self)
    var text = "$ \(test.tool) \(test.arguments.map(quoted).joined(separator: " "))\n"
    text += "exit \(process.terminationStatus)\n"
    text += "--- standard output\n\(standardOutput)"
    if !standardOutput.isEmpty && !standardOutput.hasSuffix("\n") {
      text += "\n(no final newline)\n"
    }
    text += "--- standard error\n\(standardError)"
    if !standardError.isEmpty && !standardError.hasSuffix("\n") { text += "\n(no final newline)\n" }
    return text
  }

  /// An argument as a shell would need it written.
  static func quoted(_ argument: String) -> String {
    let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./,:=+@".contains($0) }
    return plain && !argument.isEmpty
      ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @Test("each output equals its golden file", arguments: cases)
  func golden(_ test: Case) throws {
    let actual = try Self.transcript(of: test)
    let file = Self.root.appendingPathComponent("Tests/CLITests/Golden/\(test.name).txt")
    if Self.recording {
      try Data(actual.utf8).write(to: file)
      return
    }
    let expected = try #require(
      try? String(contentsOf: file, encoding: .utf8),
      "no golden file \(file.path): record it with MENUKIT_RECORD_GOLDEN=1")
    guard actual != expected else { return }
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(actualLines.count, expectedLines.count)
    let line = (0..<common).first { actualLines[$0] != expectedLines[$0] } ?? common
    let got = line < actualLines.count ? String(actualLines[line]) : "(end of output)"
    let wanted = line < expectedLines.count ? String(expectedLines[line]) : "(end of file)"
    Issue.record(
      """
      \(test.name).txt differs at line \(line + 1):
        expected: \(wanted)
        actual:   \(got)
      If the change is intended: MENUKIT_RECORD_GOLDEN=1 swift test --filter GoldenOutputTests
      """)
  }

  @Test("every golden file belongs to a case, so none is left stale")
  func noStaleFiles() throws {
    let directory = Self.root.appendingPathComponent("Tests/CLITests/Golden")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }
    #expect(Set(files) == Set(Self.cases.map(\.name)))
    #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
  }
}
