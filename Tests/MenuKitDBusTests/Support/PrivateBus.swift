import Foundation
import Synchronization
import Testing

@testable import MenuKitDBus

/// A private `dbus-daemon --session` for one suite, stopped when released.
final class PrivateBus: Sendable {
  /// The bus daemon and the command-line client the tests need, or why they are missing.
  static let missing: String? = {
    for tool in ["/usr/bin/dbus-daemon", "/usr/bin/gdbus"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      return "\(tool) is missing (Debian: dbus, libglib2.0-bin): the D-Bus tests are skipped"
    }
    return nil
  }()

  /// Why the suites are skipped, for `.enabled(if:_:)`.
  static var comment: Comment { Comment(rawValue: missing ?? "") }

  /// The bus's address, for `DBusConnection(address:)` and `gdbus --address`.
  let address: String
  /// The shell's standard input: the daemon is stopped when it closes, which this does when
  /// released and the kernel does when the test process ends, however it ends.
  private let lifeline: FileHandle

  /// Starts the daemon and reads its address.
  ///
  /// The bus is configured here, not by the system's session.conf: it activates no service
  /// (a test starts what it needs, so "no portal on the bus" means none), and the daemon's
  /// output goes nowhere, so nothing it starts holds the test's output open.
  init() throws {
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-bus-\(UUID().uuidString).conf")
    try Self.configuration.write(to: config, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: config) }
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      // SIGKILL: the daemon inherits the spawning thread's signal mask, where a Dispatch
      // worker blocks SIGTERM.
      "-c",
      "dbus-daemon --config-file=\"$0\" --nofork --print-address=1 2>/dev/null & d=$!; read _; kill -9 $d",
      config.path,
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
      throw DBusError(name: nil, message: "dbus-daemon printed no address")
    }
    address = String(line)
  }

  deinit { try? lifeline.close() }

  /// A session bus on a socket in /tmp that lets anyone own any name and activates nothing.
  private static let configuration = """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
      "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:tmpdir=/tmp</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """

  /// Runs `gdbus` against this bus and returns what it printed, failing on a non-zero exit.
  ///
  /// The timeouts are long because the server answers on the main actor, which the whole
  /// test process shares: in the full parallel `swift test` (under AddressSanitizer too) a
  /// reply waits behind every main-actor test queued before it, a minute and more. A slow
  /// reply is not the server's failure; a wrong one is.
  func gdbus(_ arguments: [String]) async throws -> String {
    let (status, output) = try await run(
      "/usr/bin/gdbus",
      [arguments[0], "--address", address, "--timeout", "600"] + arguments.dropFirst())
    guard status == 0 else {
      throw DBusError(name: nil, message: "gdbus \(arguments) exited \(status): \(output)")
    }
    return output
  }
}

/// Runs a program to its end without blocking the caller's thread (the server under test
/// answers on the main actor), with its output in a file; it is killed after `timeout`.
func run(_ program: String, _ arguments: [String], timeout: Duration = .seconds(660)) async throws
  -> (status: Int32, output: String)
{
  let outputURL = FileManager.default.temporaryDirectory
    .appendingPathComponent("menukit-dbus-\(UUID().uuidString).out")
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
    do { try process.run() } catch { continuation.resume(throwing: error) }
    let pid = process.processIdentifier
    Task.detached {
      try? await Task.sleep(for: timeout)
      kill(pid, SIGKILL)
    }
  }
  try handle.close()
  return (status, try String(contentsOf: outputURL, encoding: .utf8))
}

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout`.
///
/// - Returns: Whether it held in time.
@MainActor
func eventually(timeout: Duration = .seconds(600), _ condition: @MainActor () -> Bool) async
  -> Bool
{
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    if ContinuousClock.now >= deadline { return false }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return true
}

/// Signals a second connection received, in order.
final class SignalRecorder: Sendable {
  private final class Log: Sendable {
    let signals = Mutex<[DBusSignal]>([])
  }
  private let log = Log()
  private let subscription: DBusSubscription

  /// Subscribes on `connection` to an interface's signals, and waits until the bus has the
  /// subscription: GDBus sends its match rule without waiting, and a call after it on the
  /// same connection is answered after the bus has applied it.
  init(_ connection: DBusConnection, interface: String) async throws {
    subscription = connection.subscribe(interface: interface) { [log] signal in
      log.signals.withLock { $0.append(signal) }
    }
    _ = try await connection.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", method: "GetId")
  }

  /// The signals so far.
  var signals: [DBusSignal] { log.signals.withLock { $0 } }
}

/// Compares text with a file in Fixtures/; with `RECORD_SNAPSHOTS=1` in the environment the
/// file is written instead (check the diff before committing it).
func expectFixture(
  _ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try text.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  let expected = try String(contentsOf: url, encoding: .utf8)
  #expect(text == expected, "differs from Fixtures/\(name)", sourceLocation: sourceLocation)
}
