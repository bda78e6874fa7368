import Foundation
import Glibc
import Testing

/// An Xvfb server on a display it picks itself (`-displayfd`), so parallel runs never collide;
/// the X11 and GTK end-to-end suites type into it with xdotool.
final class Xvfb {
  /// Why Xvfb and xdotool cannot run here, or nil when they can.
  static let missing = Tools.missing(["Xvfb", "xdotool"], install: "xvfb xdotool")

  /// The comment shown when a suite that needs Xvfb is skipped.
  static let comment: Comment =
    "needs Xvfb and xdotool (apt-get install -y xvfb xdotool); .ci/run installs them"

  /// The display name, such as `:3`.
  private(set) var display = ""
  /// The server process.
  private let process = Process()
  /// The server's log.
  private let log: URL

  /// Starts Xvfb and waits up to 10 seconds for it to announce its display.
  init() throws {
    log = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-xvfb-\(getpid())-\(UUID().uuidString.prefix(8)).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let announce = Pipe()
    process.executableURL = URL(fileURLWithPath: Tools.path("Xvfb")!)
    // -displayfd 1: Xvfb takes the first free display and writes its number to stdout.
    process.arguments = [
      "-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", "800x600x24",
    ]
    process.standardOutput = announce
    process.standardError = try FileHandle(forWritingTo: log)
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
    let number = String(decoding: text, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard !number.isEmpty, Int(number) != nil else {
      stop()
      let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      throw HarnessError(description: "Xvfb announced no display; its log:\n\(output.suffix(2000))")
    }
    display = ":\(number)"
  }

  /// Stops the server (SIGTERM, then SIGKILL) and removes its log.
  func stop() {
    Tools.stop(process)
    try? FileManager.default.removeItem(at: log)
  }

  /// Runs a client tool (`xdotool`, `setxkbmap`) against the server, waiting up to 10 seconds.
  ///
  /// - Returns: The tool's exit status.
  @discardableResult
  func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    return try Tools.run(tool, arguments, environment: environment, timeout: 10).status
  }

  /// Runs xdotool and throws unless it succeeds.
  func xdotool(_ arguments: String...) throws {
    try xdotool(arguments)
  }

  /// Runs xdotool with an array of arguments and throws unless it succeeds.
  func xdotool(_ arguments: [String]) throws {
    let status = try run("xdotool", arguments)
    guard status == 0 else {
      throw HarnessError(
        description: "xdotool \(arguments.joined(separator: " ")) failed: \(status)")
    }
  }
}
