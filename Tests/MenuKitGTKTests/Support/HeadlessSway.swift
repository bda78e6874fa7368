import Foundation
import Glibc

// The headless sway and virtual keyboard of MenuKitWaylandTests (its Support/HeadlessSway.swift
// and Fixtures/virtual-keyboard.c), for the GTK example under Wayland.

/// MenuKitWaylandTests' fixtures: the virtual-keyboard client, compiled at test time.
let fixturesDirectory = repositoryRoot.appendingPathComponent("Tests/MenuKitWaylandTests/Fixtures")

/// The uid and gid sway and its clients run as: sway 1.7 refuses to run as root.
let swayUser = 65534

/// sway 1.7 in headless mode (no GPU, no input devices), as uid 65534, in a temporary directory
/// with its own 0700 runtime directory.
final class HeadlessSway {
  /// The temporary directory: the config, logs, keymaps and the built fixture.
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
      .appendingPathComponent("menukit-gtk-sway-\(getpid())-\(UUID().uuidString.prefix(8))")
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

    process.executableURL = URL(
      fileURLWithPath: Tools.path("setpriv")!)
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

  /// Stops sway and removes the temporary directory.
  ///
  /// sway gets SIGTERM, then SIGKILL after 3 seconds: spawned from the test runner, it does not
  /// always act on SIGTERM.
  func stop() {
    if process.isRunning {
      process.terminate()
      let deadline = Date().addingTimeInterval(3)
      while process.isRunning, Date() < deadline { usleep(50_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
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

/// The virtual-keyboard fixture (Fixtures/virtual-keyboard.c), built with cc and driven line by
/// line: each command is answered once the compositor has processed it.
final class VirtualKeyboardClient {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Builds the fixture in the compositor's directory and starts it.
  init(sway: HeadlessSway) throws {
    let build = sway.directory.appendingPathComponent("vkbd")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    let xml = fixturesDirectory.appendingPathComponent("virtual-keyboard-unstable-v1.xml").path
    try run(
      "wayland-scanner", ["client-header", xml, "\(build.path)/virtual-keyboard-client-protocol.h"])
    try run("wayland-scanner", ["private-code", xml, "\(build.path)/virtual-keyboard-protocol.c"])
    try run(
      "cc",
      [
        "-o", "\(build.path)/virtual-keyboard", "-I", build.path,
        fixturesDirectory.appendingPathComponent("virtual-keyboard.c").path,
        "\(build.path)/virtual-keyboard-protocol.c", "-lwayland-client", "-lxkbcommon",
      ])
    process.executableURL = build.appendingPathComponent("virtual-keyboard")
    process.environment = sway.clientEnvironment
    process.standardInput = input
    process.standardOutput = output
    try process.run()
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

  /// Ends the fixture, which destroys its keyboard.
  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

/// Runs a tool to completion and throws when it fails.
private func run(_ tool: String, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: Tools.path(tool)!)
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw HarnessError(description: "\(tool) \(arguments.joined(separator: " ")) failed")
  }
}
