import CXKBCommonX11
import Foundation
import Glibc
import Testing

/// What the end-to-end test needs, and why it is skipped when something is missing.
enum XvfbRequirements {
  /// The tools the test runs, by name.
  static let tools = ["Xvfb", "xdotool"]

  /// Why the test cannot run here, or nil when it can.
  static let missing: String? = {
    let absent = tools.filter { executable(named: $0) == nil }
    return absent.isEmpty
      ? nil : "\(absent.joined(separator: ", ")) not found (apt-get install -y xvfb xdotool)"
  }()

  /// The comment shown when the test is skipped.
  static let comment: Comment =
    "needs Xvfb and xdotool (apt-get install -y xvfb xdotool); .ci/run installs them"

  /// The path of an executable on the PATH, or nil.
  static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/bin", "/bin"] {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

/// A failure of the test harness, in words.
struct HarnessError: Error, CustomStringConvertible {
  var description: String
}

/// An Xvfb server on a display it picks itself (`-displayfd`), so parallel runs never collide.
final class Xvfb {
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
    process.executableURL = URL(fileURLWithPath: XvfbRequirements.executable(named: "Xvfb")!)
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

  /// Stops the server (SIGTERM, then SIGKILL after 3 seconds) and removes its log.
  func stop() {
    if process.isRunning {
      process.terminate()
      let deadline = Date().addingTimeInterval(3)
      while process.isRunning, Date() < deadline { usleep(50_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: log)
  }

  /// Runs a client tool (`xdotool`, `setxkbmap`) against the server, waiting up to 10 seconds.
  ///
  /// - Returns: The tool's exit status.
  @discardableResult
  func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
    guard let path = XvfbRequirements.executable(named: tool) else {
      throw HarnessError(description: "\(tool) not found")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(5_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw HarnessError(description: "\(tool) \(arguments.joined(separator: " ")) hung")
    }
    return process.terminationStatus
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

/// The test's own XCB connection to the server, with the windows it maps.
final class TestConnection {
  /// The `xcb_connection_t`.
  let connection: OpaquePointer

  /// Connects to a display.
  init(display: String) throws {
    guard let connection = xcb_connect(display, nil) else {
      throw HarnessError(description: "cannot connect to \(display)")
    }
    guard xcb_connection_has_error(connection) == 0 else {
      xcb_disconnect(connection)
      throw HarnessError(description: "cannot connect to \(display)")
    }
    self.connection = connection
  }

  deinit {
    xcb_disconnect(connection)
  }

  /// The connection as the raw pointer `X11Keyboard` takes.
  var raw: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(connection)
  }

  /// Creates and maps a 200×100 top-level window named `name`.
  func mapWindow(named name: String) throws -> UInt32 {
    guard let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data else {
      throw HarnessError(description: "the server has no screen")
    }
    let window = xcb_generate_id(connection)
    var values: [UInt32] = [screen.pointee.white_pixel]
    // Depth 0: XCB_COPY_FROM_PARENT, a macro Swift does not import as UInt8.
    xcb_create_window(
      connection, 0, window, screen.pointee.root, 0, 0, 200, 100, 0,
      UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual,
      XCB_CW_BACK_PIXEL.rawValue, &values)
    xcb_change_property(
      connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, XCB_ATOM_WM_NAME.rawValue,
      XCB_ATOM_STRING.rawValue, 8, UInt32(name.utf8.count), name)
    xcb_map_window(connection, window)
    _ = xcb_flush(connection)
    return window
  }

  /// Gives a mapped window the input focus, as a window manager would.
  func focus(_ window: UInt32) {
    // Time 0: XCB_CURRENT_TIME.
    xcb_set_input_focus(connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), window, 0)
    _ = xcb_flush(connection)
  }

  /// Binds keysyms to an X keycode with the core protocol's ChangeKeyboardMapping, which the
  /// server applies as an XKB map change (`XkbMapNotify`).
  func changeMapping(keycode: UInt8, keysyms: [UInt32]) {
    xcb_change_keyboard_mapping(connection, 1, keycode, UInt8(keysyms.count), keysyms)
    _ = xcb_flush(connection)
  }

  /// Locks the core keyboard's layout group (XkbLatchLockState), as a layout switch does; the
  /// connection must have set up XKB (`X11Keyboard` does).
  func lockGroup(_ group: UInt8) {
    xcb_xkb_latch_lock_state(
      connection, UInt16(XCB_XKB_ID_USE_CORE_KBD.rawValue), 0, 0, 1, group, 0, 0, 0)
    _ = xcb_flush(connection)
  }
}
