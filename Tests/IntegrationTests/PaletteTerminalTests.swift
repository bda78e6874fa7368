import Foundation
import MenuKitTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive palette in a real terminal: tmux runs the built `menu-dump`, the test types
/// keys with `tmux send-keys` and reads the screen with `tmux capture-pane`.
///
/// Each test uses its own tmux server (`-L`) with no configuration file, polls the screen with
/// a deadline instead of sleeping, and kills its server at the end.
private enum TmuxPalette {
  /// The tmux executable on the PATH, if any.
  static let tmux = executableOnPath("tmux")

  /// The built menu-dump: next to the test bundle, or in `.build/debug`.
  static let menuDump: String? = {
    if let built = builtTool("menu-dump") { return built.path }
    let fallback = repositoryRoot.appendingPathComponent(".build/debug/menu-dump").path
    return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
  }()

  static var isAvailable: Bool { tmux != nil && menuDump != nil }
}

/// One tmux server running one palette.
private struct TmuxSession {
  let tmux: String
  let socket = "menukit-palette-\(UUID().uuidString.prefix(8))"
  let directory: URL

  /// Starts `menu-dump palette --interactive` in an 80×24 terminal; its standard output, then
  /// its exit status and the terminal's mode after it, go to files in `directory`.
  init(arguments: [String]) throws {
    tmux = try #require(TmuxPalette.tmux)
    let menuDump = try #require(TmuxPalette.menuDump)
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let quoted = ([menuDump, "palette", "--interactive"] + arguments).map { "'\($0)'" }
      .joined(separator: " ")
    let script =
      "\(quoted) > '\(directory.path)/out'; echo $? > '\(directory.path)/status.tmp'; "
      + "stty -a > '\(directory.path)/stty'; "
      + "mv '\(directory.path)/status.tmp' '\(directory.path)/status'; sleep 5"
    try run([
      "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "sh", "-c", script,
    ])
  }

  /// Runs a tmux command and waits for it; returns what it printed when `capturing`.
  ///
  /// posix_spawn and waitpid, not Foundation's Process: the server that `new-session` forks
  /// inherits the client's descriptors, and Process would wait for them to close.
  @discardableResult
  func run(_ arguments: [String], capturing: Bool = false) throws -> String {
    let output = capturing ? directory.appendingPathComponent("capture").path : "/dev/null"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([tmux, "-L", socket] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tmux, &actions, nil, argv + [nil], environ)
    try #require(spawned == 0, "posix_spawn tmux: \(String(cString: strerror(spawned)))")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard capturing else { return "" }
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  /// The screen's lines; capture-pane drops trailing spaces.
  func screen() throws -> [String] {
    try run(["capture-pane", "-p"], capturing: true).components(separatedBy: "\n")
  }

  /// Types text literally, or sends named keys such as `Down` and `Enter`.
  func type(_ text: String) throws { try run(["send-keys", "-l", text]) }
  func press(_ key: String) throws { try run(["send-keys", key]) }

  /// Polls the screen until `condition` holds, for up to 10 s; the last screen otherwise.
  func waitForScreen(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(10)
    var lines = try screen()
    while !condition(lines) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      lines = try screen()
    }
    #expect(
      condition(lines), "\(what); the screen was:\n\(lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    return lines
  }

  /// Waits for the palette to exit; its exit status, standard output and `stty -a` after it.
  func result() throws -> (status: String, output: String, stty: String) {
    let status = directory.appendingPathComponent("status")
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: status.path) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    func read(_ name: String) -> String {
      (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
    return (read("status"), read("out"), read("stty"))
  }

  /// Kills the server and removes its socket and the files.
  func stop() {
    _ = try? run(["kill-server"])
    let socketDirectory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(socketDirectory)/tmux-\(getuid())/\(socket)")
    try? FileManager.default.removeItem(at: directory)
  }
}

@Suite(
  "Interactive palette in tmux",
  .enabled(
    if: TmuxPalette.isAvailable,
    "needs tmux on the PATH and the built menu-dump (swift build): tmux is not installed, or menu-dump was not found next to the tests"
  ),
  .serialized)
struct PaletteTerminalTests {
  @Test("type to filter, arrows to move, Enter prints the identifier and restores the terminal")
  func choose() throws {
    let history = FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-tmux-history-\(UUID().uuidString).json")
    let session = try TmuxSession(arguments: ["--history", history.path])
    defer {
      session.stop()
      try? FileManager.default.removeItem(at: history)
    }
    var lines = try session.waitForScreen("the palette lists every command") {
      $0.first == ">" && $0.count > 2 && $0[1].contains("/") && $0[2].hasPrefix("> New")
    }
    #expect(lines.count >= 24)
    #expect(lines.prefix(24).allSatisfy { $0.count <= 80 })
    try session.type("sa")
    lines = try session.waitForScreen("'sa' ranks Save As… first") {
      $0.first == "> sa" && $0.count > 2 && $0[2].hasPrefix("> Save As…")
    }
    #expect(lines.count > 3 && lines[3].hasPrefix("  Select All"), "\(lines)")
    try session.press("Down")
    _ = try session.waitForScreen("Down selects Select All") {
      $0.count > 3 && $0[3].hasPrefix("> Select All")
    }
    try session.press("Down")
    try session.press("Up")
    _ = try session.waitForScreen("Down then Up comes back to Select All") {
      $0.count > 4 && $0[3].hasPrefix("> Select All") && $0[4].hasPrefix("  ")
    }
    try session.press("Enter")
    let result = try session.result()
    #expect(result.status == "0\n")
    #expect(result.output == "selectAll:\n")
    let modes = Set(result.stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }))
    #expect(modes.contains("icanon") && modes.contains("echo") && modes.contains("isig"))
    let saved = try String(contentsOf: history, encoding: .utf8)
    #expect(saved.contains(#"{ "id": "selectAll:", "uses": 1 }"#))
  }

  @Test("Escape leaves without choosing: exit status 1, nothing printed")
  func cancel() throws {
    let session = try TmuxSession(arguments: [])
    defer { session.stop() }
    _ = try session.waitForScreen("the palette is drawn") { $0.first == ">" }
    try session.type("zoom")
    _ = try session.waitForScreen("'zoom' filters") {
      $0.first == "> zoom" && $0.count > 2 && $0[2].hasPrefix("> Zoom In")
    }
    try session.press("Escape")
    let result = try session.result()
    #expect(result.status == "1\n")
    #expect(result.output.isEmpty)
    let modes = Set(result.stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }))
    #expect(modes.contains("icanon") && modes.contains("echo"))
  }
}
