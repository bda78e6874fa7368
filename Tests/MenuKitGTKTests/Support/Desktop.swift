import Foundation
import Glibc
import Testing

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A failure of the test harness, in words.
struct HarnessError: Error, CustomStringConvertible {
  var description: String
}

/// Programs the end-to-end tests run.
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

  /// A product built next to the test bundle (`menu-dump`, `menukit-gtk-example`).
  static func product(_ name: String) -> String? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  /// Why a test needing `tools` cannot run here, or nil.
  static func missing(_ tools: [String], install: String) -> String? {
    let absent = tools.filter { path($0) == nil }
    guard absent.isEmpty else {
      return "\(absent.joined(separator: ", ")) not found (apt-get install -y \(install))"
    }
    for product in ["menukit-gtk-example", "menu-dump"] where self.product(product) == nil {
      return "\(product) is not built next to the tests"
    }
    return nil
  }

  /// Runs a program to its end (killed after `timeout` seconds) and returns its status and
  /// standard output; standard error goes to the output too when `mergingErrors`.
  @discardableResult
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String]? = nil,
    timeout: Double = 30, mergingErrors: Bool = false
  ) throws -> (status: Int32, output: String) {
    guard let executable = program.hasPrefix("/") ? program : path(program) else {
      throw HarnessError(description: "\(program) not found")
    }
    let outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-gtk-\(UUID().uuidString).out")
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
}

/// Xvfb on a display it picks itself (`-displayfd`), so parallel runs never collide.
final class Xvfb {
  /// The display name, such as `:3`.
  private(set) var display = ""
  private let process = Process()

  /// Starts Xvfb and waits up to 10 seconds for it to announce its display.
  init() throws {
    let announce = Pipe()
    process.executableURL = URL(fileURLWithPath: Tools.path("Xvfb")!)
    process.arguments = [
      "-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", "800x600x24",
    ]
    process.standardOutput = announce
    process.standardError = FileHandle.nullDevice
    try process.run()
    let descriptor = announce.fileHandleForReading.fileDescriptor
    var text: [UInt8] = []
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, process.isRunning, text.last != 10 {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      var byte: UInt8 = 0
      guard read(descriptor, &byte, 1) == 1 else { break }
      text.append(byte)
    }
    let number = String(decoding: text, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard Int(number) != nil else {
      stop()
      throw HarnessError(description: "Xvfb announced no display")
    }
    display = ":\(number)"
  }

  /// Stops the server (SIGTERM, then SIGKILL after 3 seconds).
  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(3)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

/// A private `dbus-daemon --session`, stopped when released.
final class PrivateBus {
  /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
  let address: String
  /// The shell's standard input: the daemon is stopped when it closes.
  private let lifeline: FileHandle

  /// Starts the daemon and reads its address.
  init() throws {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      "dbus-daemon --session --nofork --print-address=1 2>/dev/null & d=$!; read _; kill -9 $d",
    ]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    lifeline = input.fileHandleForWriting
    var data = Data()
    while !data.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      data += chunk
    }
    guard let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first else {
      throw HarnessError(description: "dbus-daemon printed no address")
    }
    address = String(line)
  }

  deinit { try? lifeline.close() }
}

/// The example app, running, with the lines it printed.
final class ExampleApp {
  private let process = Process()
  private let outputURL: URL

  /// Starts `menukit-gtk-example` with options, in an environment, and waits up to 20
  /// seconds for its `ready` line.
  init(arguments: [String], environment: [String: String], prefix: [String] = []) throws {
    outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-gtk-example-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    chmod(outputURL.path, 0o666)
    let example = Tools.product("menukit-gtk-example")!
    if prefix.isEmpty {
      process.executableURL = URL(fileURLWithPath: example)
      process.arguments = arguments + ["--quit-after", "120"]
    } else {
      process.executableURL = URL(fileURLWithPath: prefix[0])
      process.arguments = prefix.dropFirst() + [example] + arguments + ["--quit-after", "120"]
    }
    process.environment = environment
    process.currentDirectoryURL = repositoryRoot
    let handle = try FileHandle(forWritingTo: outputURL)
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    try waitForLine { $0 == "ready" }
  }

  /// The lines printed so far.
  var lines: [String] {
    let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// The `performed …` lines printed so far, without the word.
  var performed: [String] {
    lines.filter { $0.hasPrefix("performed ") }.map { String($0.dropFirst(10)) }
  }

  /// Waits up to `timeout` seconds for a line that satisfies `condition`.
  func waitForLine(timeout: Double = 20, _ condition: (String) -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if lines.contains(where: condition) { return }
      guard process.isRunning else {
        throw HarnessError(description: "the example exited (\(process.terminationStatus))")
      }
      usleep(20_000)
    }
    throw HarnessError(description: "the example printed no matching line: \(lines)")
  }

  /// Waits until `count` actions were performed (or `timeout` seconds pass), then a little
  /// longer for any that should not come, and returns the actions performed since `start`.
  func actions(after start: Int, count: Int, timeout: Double = 5) -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    while performed.count < start + count, Date() < deadline { usleep(20_000) }
    usleep(200_000)
    return Array(performed.dropFirst(start))
  }

  /// Stops the app and removes its output.
  func stop() {
    if process.isRunning {
      process.terminate()
      let deadline = Date().addingTimeInterval(3)
      while process.isRunning, Date() < deadline { usleep(50_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: outputURL)
  }
}
