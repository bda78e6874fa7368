import Foundation
import Glibc
import MenuKitTestSupport

/// The example app (`menukit-gtk-example`, built next to the tests), running, with the lines it
/// printed.
final class ExampleApp {
  /// Why the app or menu-dump, which the suites compare it with, is not built next to the
  /// tests, or nil when both are.
  static let notBuilt: String? = ["menukit-gtk-example", "menu-dump"].first {
    builtTool($0) == nil
  }.map { "\($0) is not built next to the tests" }

  private let process = Process()
  private let outputURL: URL

  /// Starts `menukit-gtk-example` with options, in an environment, and waits up to 20
  /// seconds for its `ready` line.
  init(arguments: [String], environment: [String: String], prefix: [String] = []) throws {
    outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-gtk-example-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    chmod(outputURL.path, 0o666)
    let example = builtTool("menukit-gtk-example")!.path
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

  /// Stops the app (SIGTERM, then SIGKILL) and removes its output.
  func stop() {
    Tools.stop(process)
    try? FileManager.default.removeItem(at: outputURL)
  }
}
