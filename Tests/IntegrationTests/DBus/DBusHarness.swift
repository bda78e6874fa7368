import Foundation
import MenuKit
import Synchronization
import Testing

@testable import MenuKitDBus

// What the D-Bus suites share: the sample menu and app they export, and how they wait for the
// bus and compare with Fixtures/dbus.

/// A menu with what dbusmenu must show: mnemonics, inline groups, a disabled command, a
/// checkmark, a single-selection submenu, a closure action and a two-stroke shortcut.
@MainActor
func sampleMenu() -> Menu {
  Menu(
    identifier: .root,
    children: [
      .menu(
        Menu(
          title: "_File", identifier: "file",
          children: [
            .menu(
              Menu(
                title: "", identifier: "document", options: .displayInline,
                children: [
                  .keyCommand(
                    KeyCommand(
                      title: "_Save", action: "saveDocument:", input: "s", modifierFlags: .command)),
                  .command(Command(title: "Save &All", action: "saveAll:")),
                ])),
            .menu(
              Menu(
                title: "", identifier: "revert", options: .displayInline,
                children: [
                  .command(Command(title: "Revert", action: "revertDocumentToSaved:"))
                ])),
          ])),
      .menu(
        Menu(
          title: "View", identifier: "view",
          children: [
            .command(Command(title: "Show Sidebar", action: "toggleSidebar:", state: .on)),
            .menu(
              Menu(
                title: "Zoom", identifier: "zoom", options: .singleSelection,
                children: [
                  .command(
                    Command(title: "100%", action: "zoom:", propertyList: "100", state: .on)),
                  .command(Command(title: "200%", action: "zoom:", propertyList: "200")),
                ])),
            .action(Action(title: "Refresh", identifier: "refresh") { _ in }),
          ])),
    ])
}

/// An app whose delegate performs every action of the sample except revert, and records them.
@MainActor
final class RecordingApp {
  let application = Application()
  let delegate = Responder()
  var performed: [String] = []

  init() {
    application.delegate = delegate
    for action in ["saveDocument:", "saveAll:", "toggleSidebar:", "zoom:"] {
      delegate.handle(ActionName(rawValue: action)) { [weak self] _ in
        self?.performed.append(action)
      }
    }
  }
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

/// Compares text with a file in Fixtures/dbus; with `MENUKIT_RECORD_GOLDEN=1` in the environment the
/// file is written instead (check the diff before committing it).
func expectFixture(
  _ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let url = fixturesDirectory.appendingPathComponent("dbus").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["MENUKIT_RECORD_GOLDEN"] == "1" {
    try text.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  let expected = try String(contentsOf: url, encoding: .utf8)
  #expect(text == expected, "differs from Fixtures/dbus/\(name)", sourceLocation: sourceLocation)
}

/// Asks the bus until `name` has an owner, for at most ten minutes (the full parallel suite
/// can keep the caller off its actor that long).
func waitForName(_ name: String, on connection: DBusConnection) async throws -> Bool {
  let deadline = ContinuousClock.now + .seconds(600)
  while ContinuousClock.now < deadline {
    let reply = try await connection.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", method: "NameHasOwner", arguments: [.string(name)])
    if reply[0]?.boolValue == true { return true }
    try await Task.sleep(for: .milliseconds(50))
  }
  return false
}
