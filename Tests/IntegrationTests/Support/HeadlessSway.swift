import Foundation
import Glibc
import Testing

/// The uid and gid sway and its clients run as: sway 1.7 refuses to run as root.
let swayUser = 65534

/// sway 1.7 in headless mode (no GPU, no input devices), as uid 65534, in a temporary directory
/// with its own 0700 runtime directory; the Wayland and GTK end-to-end suites type into it with
/// `VirtualKeyboardClient`.
final class HeadlessSway {
  /// Why sway cannot run here, or nil when it can: the suites run as root, to start sway as
  /// uid 65534 with setpriv, and build the virtual keyboard with cc and wayland-scanner.
  static let missing: String? =
    getuid() != 0
    ? "the test must run as root, to start sway as uid \(swayUser) with setpriv"
    : Tools.missing(
      ["sway", "setpriv", "cc", "wayland-scanner"],
      install: "sway libwayland-dev libwayland-bin wayland-protocols")

  /// The comment shown when a suite that needs sway is skipped.
  static let comment: Comment =
    "needs root, sway, setpriv, cc and wayland-scanner (apt-get install -y sway libwayland-dev libwayland-bin wayland-protocols); .ci/run installs them"

  /// The temporary directory: the config, logs, keymaps and the built virtual keyboard.
  let directory: URL
  /// The compositor's `XDG_RUNTIME_DIR`.
  let runtimeDirectory: URL
  /// The absolute path of the compositor's socket.
  private(set) var socketPath = ""
  /// The sway process.
  private let process = Process()

  /// Starts sway and waits up to 10 seconds for its socket.
  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-sway-\(getpid())-\(UUID().uuidString.prefix(8))")
    runtimeDirectory = directory.appendingPathComponent("xdg")
    try FileManager.default.createDirectory(
      at: runtimeDirectory, withIntermediateDirectories: true)
    chmod(directory.path, 0o755)
    chmod(runtimeDirectory.path, 0o700)
    guard chown(runtimeDirectory.path, uid_t(swayUser), gid_t(swayUser)) == 0 else {
      throw HarnessError(description: "cannot give \(runtimeDirectory.path) to uid \(swayUser)")
    }
    let config = directory.appendingPathComponent("sway.cfg")
    try "output HEADLESS-1 resolution 800x600\n".write(
      to: config, atomically: true, encoding: .utf8)
    chmod(config.path, 0o644)

    process.executableURL = URL(fileURLWithPath: Tools.path("setpriv")!)
    process.arguments = [
      "--reuid=\(swayUser)", "--regid=\(swayUser)", "--clear-groups", "--",
      Tools.path("sway")!, "-c", config.path,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "DISPLAY")
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment["HOME"] = "/tmp"
    environment["WLR_BACKENDS"] = "headless"
    environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
    environment["WLR_RENDERER"] = "pixman"
    environment["WLR_HEADLESS_OUTPUTS"] = "1"
    process.environment = environment
    let log = directory.appendingPathComponent("sway.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = process.standardOutput
    try process.run()

    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
      if let socket = names.sorted().first(where: {
        $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
      }) {
        socketPath = runtimeDirectory.appendingPathComponent(socket).path
        return
      }
      guard process.isRunning else { break }
      usleep(50_000)
    }
    stop()
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    throw HarnessError(description: "sway did not open a socket; its log:\n\(text.suffix(2000))")
  }

  /// Stops sway (SIGTERM, then SIGKILL) and removes the temporary directory.
  func stop() {
    Tools.stop(process)
    try? FileManager.default.removeItem(at: directory)
  }

  /// The environment of a client of this compositor.
  var clientEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment["WAYLAND_DISPLAY"] = URL(fileURLWithPath: socketPath).lastPathComponent
    return environment
  }
}

/// The virtual-keyboard client (Fixtures/wayland/virtual-keyboard.c), built with cc and driven
/// line by line: each command is answered once the compositor has processed it.
final class VirtualKeyboardClient {
  /// The client's C source and the protocol it speaks.
  private static let fixtures = fixturesDirectory.appendingPathComponent("wayland")

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Builds the client in the compositor's directory and starts it.
  init(sway: HeadlessSway) throws {
    let build = sway.directory.appendingPathComponent("vkbd")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    let xml = Self.fixtures.appendingPathComponent("virtual-keyboard-unstable-v1.xml").path
    try Self.build(
      "wayland-scanner", ["client-header", xml, "\(build.path)/virtual-keyboard-client-protocol.h"])
    try Self.build(
      "wayland-scanner", ["private-code", xml, "\(build.path)/virtual-keyboard-protocol.c"])
    try Self.build(
      "cc",
      [
        "-o", "\(build.path)/virtual-keyboard", "-I", build.path,
        Self.fixtures.appendingPathComponent("virtual-keyboard.c").path,
        "\(build.path)/virtual-keyboard-protocol.c", "-lwayland-client", "-lxkbcommon",
      ])
    process.executableURL = build.appendingPathComponent("virtual-keyboard")
    process.environment = sway.clientEnvironment
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// Runs a build tool to completion and throws with what it printed when it fails.
  private static func build(_ tool: String, _ arguments: [String]) throws {
    let (status, output) = try Tools.run(tool, arguments, timeout: 120, mergingErrors: true)
    guard status == 0 else {
      throw HarnessError(
        description: "\(tool) \(arguments.joined(separator: " ")) failed (\(status)): \(output)")
    }
  }

  /// Sends one command and waits for its answer.
  func send(_ command: String) throws {
    input.fileHandleForWriting.write(Data((command + "\n").utf8))
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(output.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 10 {
      line.append(byte)
    }
    let answer = String(decoding: line, as: UTF8.self)
    guard answer == "ok" else {
      throw HarnessError(description: "virtual keyboard: '\(command)' answered '\(answer)'")
    }
  }

  /// Ends the client, which destroys its keyboard.
  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
