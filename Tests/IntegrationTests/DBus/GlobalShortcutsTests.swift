import Foundation
import MenuKit
import Testing

@testable import MenuKitDBus

/// The portal frontend and python3-dbus for the mock backend, or why the test is skipped.
private let portalMissing: String? = {
  if let missing = PrivateBus.missing { return missing }
  for path in ["/usr/libexec/xdg-desktop-portal", "/usr/bin/python3"]
  where !FileManager.default.isExecutableFile(atPath: path) {
    return "\(path) is missing (Debian: xdg-desktop-portal python3-dbus python3-gi)"
  }
  return nil
}()

@Suite(.serialized)
@MainActor
struct DBusGlobalShortcutsTests {
  private static let portalDirectory = fixturesDirectory.appendingPathComponent("dbus/portal")

  /// Starts a program in the background with the bus's address, its output in a log file.
  private func start(_ program: String, _ arguments: [String], bus: PrivateBus) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
    environment["XDG_CURRENT_DESKTOP"] = "mock"
    environment["XDG_DESKTOP_PORTAL_DIR"] = Self.portalDirectory.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test(
    "BindShortcuts through the real xdg-desktop-portal reaches the backend; Activated performs",
    .enabled(if: portalMissing == nil, Comment(rawValue: portalMissing ?? "")))
  func bind() async throws {
    let bus = try PrivateBus()
    let connection = try DBusConnection(address: bus.address)
    let record = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-portal-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: record) }
    let backend = try start(
      "/usr/bin/python3",
      [Self.portalDirectory.appendingPathComponent("mock_backend.py").path, record.path], bus: bus)
    defer { kill(backend.processIdentifier, SIGKILL) }
    #expect(try await waitForName("org.freedesktop.impl.portal.desktop.mock", on: connection))
    let frontend = try start("/usr/libexec/xdg-desktop-portal", ["--replace"], bus: bus)
    defer { kill(frontend.processIdentifier, SIGKILL) }
    #expect(try await waitForName(GlobalShortcutsSession.portal, on: connection))

    let app = RecordingApp()
    var performed: [String] = []
    for action in ["showPalette:", "quickNote:"] {
      app.delegate.handle(ActionName(rawValue: action)) { _ in performed.append(action) }
    }
    var released: [String] = []
    var changed: [GlobalShortcutsSession.Shortcut] = []
    let session = try await GlobalShortcutsSession.create(
      connection: connection, application: app.application, timeout: .seconds(600))
    session.onDeactivated = { released.append($0) }
    session.onShortcutsChanged = { changed = $0 }
    let bound = try await session.bind(
      [
        .keyCommand(
          KeyCommand(
            title: "Show Command Palette", action: "showPalette:", input: "p",
            modifierFlags: [.command, .shift])),
        .command(Command(title: "Quick Note", action: "quickNote:")),
      ], timeout: .seconds(600))
    #expect(
      bound.map { "\($0.id) \($0.triggerDescription ?? "-")" } == [
        "showPalette: Press CTRL+SHIFT+p", "quickNote: Press none",
      ])
    try expectFixture(try String(contentsOf: record, encoding: .utf8), "portal/bind-shortcuts.txt")
    print(
      "dbus e2e: portal BindShortcuts -> \(bound.count) shortcuts bound, as the backend recorded")
    #expect(await eventually { performed == ["showPalette:", "quickNote:"] })
    #expect(await eventually { released == ["showPalette:", "quickNote:"] })
    print(
      "dbus e2e: Activated -> performed \(performed.joined(separator: " ")); Deactivated reported")
    // The backend then rebinds both: the portal forwards ShortcutsChanged to the callback.
    #expect(await eventually { !changed.isEmpty })
    let rebound = changed.map { "\($0.id) \($0.triggerDescription ?? "-")" }
    #expect(rebound == ["showPalette: Rebound showPalette:", "quickNote: Rebound quickNote:"])
    print("dbus e2e: ShortcutsChanged -> \(rebound.joined(separator: ", "))")
    session.close()
  }

  @Test(
    "A BindShortcuts the desktop refuses (response 1 or 2) is a DBusError that says so",
    .enabled(if: portalMissing == nil, Comment(rawValue: portalMissing ?? "")),
    arguments: [1, 2])
  func refusedBind(code: Int) async throws {
    let bus = try PrivateBus()
    let connection = try DBusConnection(address: bus.address)
    let record = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-portal-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: record) }
    let backend = try start(
      "/usr/bin/python3",
      [
        Self.portalDirectory.appendingPathComponent("mock_backend.py").path, record.path,
        "refuse=\(code)",
      ], bus: bus)
    defer { kill(backend.processIdentifier, SIGKILL) }
    #expect(try await waitForName("org.freedesktop.impl.portal.desktop.mock", on: connection))
    let frontend = try start("/usr/libexec/xdg-desktop-portal", ["--replace"], bus: bus)
    defer { kill(frontend.processIdentifier, SIGKILL) }
    #expect(try await waitForName(GlobalShortcutsSession.portal, on: connection))

    let app = RecordingApp()
    let session = try await GlobalShortcutsSession.create(
      connection: connection, application: app.application, timeout: .seconds(600))
    let error = await #expect(throws: DBusError.self) {
      try await session.bind(
        [.command(Command(title: "Quick Note", action: "quickNote:"))], timeout: .seconds(600))
    }
    let reason = code == 1 ? "the user cancelled it" : "the desktop refused it or it failed"
    #expect(
      error?.message
        == "the GlobalShortcuts portal refused BindShortcuts: \(reason) (response \(code))")
    #expect(
      try String(contentsOf: record, encoding: .utf8) == "BindShortcuts refused with \(code)\n")
    print("dbus e2e: portal refuses BindShortcuts (\(code)) -> \(error?.message ?? "no error")")
    session.close()
  }

  @Test(
    "With no portal on the bus, creating a session fails within its timeout",
    .enabled(if: PrivateBus.missing == nil, PrivateBus.comment))
  func missingPortal() async throws {
    let bus = try PrivateBus()
    let connection = try DBusConnection(address: bus.address)
    let app = RecordingApp()
    // The bus answers at once that nobody owns the portal's name: no waiting for a timeout.
    let start = ContinuousClock.now
    let error = await #expect(throws: DBusError.self) {
      _ = try await GlobalShortcutsSession.create(
        connection: connection, application: app.application, timeout: .seconds(1))
    }
    #expect(error?.name == "org.freedesktop.DBus.Error.ServiceUnknown")
    let elapsed = ContinuousClock.now - start
    print("dbus e2e: no portal -> \(error?.name ?? "no error") after \(elapsed)")
  }

  @Test(
    "A portal that never answers: creating a session fails after its timeout",
    .enabled(if: PrivateBus.missing == nil, PrivateBus.comment))
  func silentPortal() async throws {
    let bus = try PrivateBus()
    let portal = try DBusConnection(address: bus.address)
    // Owns the portal's name and takes every call without ever replying.
    let silent = try portal.register(
      path: "/org/freedesktop/portal/desktop", interface: "org.freedesktop.portal.GlobalShortcuts",
      introspection: """
        <node><interface name="org.freedesktop.portal.GlobalShortcuts">
          <method name="CreateSession">
            <arg type="a{sv}" direction="in"/><arg type="o" direction="out"/>
          </method>
        </interface></node>
        """, properties: DBusProperties(), handler: { _ in })
    try await portal.requestName(GlobalShortcutsSession.portal)
    let connection = try DBusConnection(address: bus.address)
    let app = RecordingApp()
    let start = ContinuousClock.now
    let error = await #expect(throws: DBusError.self) {
      _ = try await GlobalShortcutsSession.create(
        connection: connection, application: app.application, timeout: .seconds(1))
    }
    #expect(error?.message.contains("CreateSession") == true)
    #expect(ContinuousClock.now - start >= .seconds(1))
    silent.cancel()
  }
}

@Suite(.enabled(if: PrivateBus.missing == nil, PrivateBus.comment))
@MainActor
struct DBusClosedConnectionTests {
  @Test("A closed connection fails calls and exports at once instead of waiting")
  func closed() async throws {
    let bus = try PrivateBus()
    let connection = try DBusConnection(address: bus.address)
    connection.close()
    // The errors name the closed connection: they come from the check, not from a timeout
    // (a wait on the stopped thread would never end).
    let error = await #expect(throws: DBusError.self) {
      _ = try await GlobalShortcutsSession.create(
        connection: connection, application: Application(), timeout: .seconds(5))
    }
    #expect(error?.message.contains("the connection is closed") == true)
    let exportError = #expect(throws: DBusError.self) {
      _ = try DBusMenuServer(
        menuSystem: MenuSystem(kind: .main, baseMenu: sampleMenu()), application: Application(),
        connection: connection)
    }
    #expect(exportError?.message.contains("the connection is closed") == true)
  }
}
