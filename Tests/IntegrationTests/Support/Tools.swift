import Foundation
import Glibc
import MenuKitTestSupport

// What every end-to-end suite uses to find and run the programs it drives: one copy, for the
// Wayland, X11, D-Bus and GTK suites alike.

/// The files the end-to-end suites read: the virtual keyboard's source and the D-Bus suites'
/// expected replies (`Fixtures/wayland`, `Fixtures/dbus`).
let fixturesDirectory = repositoryRoot.appendingPathComponent("Tests/IntegrationTests/Fixtures")

/// The expected outcomes of the end-to-end suites, one file a suite (`sway.jsonl`,
/// `xvfb.jsonl`, `gtk-keys.txt`), compared by `compare(_:withExpected:in:)` or line by line.
let expectedDirectory = repositoryRoot.appendingPathComponent("Tests/IntegrationTests/Expected")

/// A failure of a test harness (a program that did not start, answer or finish), in words.
struct HarnessError: Error, CustomStringConvertible {
  var description: String
}

/// The programs the end-to-end tests run.
enum Tools {
  /// The path of an executable on the PATH (or in the system's directories), or nil.
  static func path(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/sbin", "/sbin", "/usr/bin", "/bin"] {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Why a test that runs `tools` cannot run here, naming the Debian packages that have them,
  /// or nil when all are installed.
  static func missing(_ tools: [String], install: String) -> String? {
    let absent = tools.filter { path($0) == nil }
    guard absent.isEmpty else {
      return "\(absent.joined(separator: ", ")) not found (apt-get install -y \(install))"
    }
    return nil
  }

  /// Runs a program to its end (killed after `timeout` seconds) and returns its status and
  /// standard output; standard error goes to the output too when `mergingErrors`.
  ///
  /// It blocks the calling thread: a test whose server answers on the main actor uses
  /// `output(of:_:timeout:)` instead.
  @discardableResult
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String]? = nil,
    timeout: Double = 30, mergingErrors: Bool = false
  ) throws -> (status: Int32, output: String) {
    guard let executable = program.hasPrefix("/") ? program : path(program) else {
      throw HarnessError(description: "\(program) not found")
    }
    let outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-run-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outputURL) }
    let handle = try FileHandle(forWritingTo: outputURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardOutput = handle
    process.standardError = mergingErrors ? handle : FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(5_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw HarnessError(description: "\(program) \(arguments.joined(separator: " ")) hung")
    }
    try handle.close()
    let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    return (process.terminationStatus, output)
  }

  /// Runs a program to its end without blocking the caller's thread (a server under test may
  /// answer on the main actor), and returns its status and its standard output and error
  /// together; it is killed after `timeout`.
  static func output(
    of program: String, _ arguments: [String], timeout: Duration = .seconds(660)
  ) async throws -> (status: Int32, output: String) {
    let outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-run-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outputURL) }
    let handle = try FileHandle(forWritingTo: outputURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = handle
    process.standardError = handle
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
        return
      }
      let pid = process.processIdentifier
      Task.detached {
        try? await Task.sleep(for: timeout)
        kill(pid, SIGKILL)
      }
    }
    try handle.close()
    return (status, try String(contentsOf: outputURL, encoding: .utf8))
  }

  /// Stops a process: SIGTERM, then SIGKILL after 3 seconds (a server spawned from the test
  /// runner does not always act on SIGTERM).
  static func stop(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(3)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}
