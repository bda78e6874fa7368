import Foundation
import Testing

/// A private `dbus-daemon --session` for one test, stopped when released; the D-Bus suites
/// export on it and the GTK suites run the example app on it.
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

  /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS` and `gdbus --address`.
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
      throw HarnessError(description: "dbus-daemon printed no address")
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
    let (status, output) = try await Tools.output(
      of: "/usr/bin/gdbus",
      [arguments[0], "--address", address, "--timeout", "600"] + arguments.dropFirst())
    guard status == 0 else {
      throw HarnessError(description: "gdbus \(arguments) exited \(status): \(output)")
    }
    return output
  }
}
