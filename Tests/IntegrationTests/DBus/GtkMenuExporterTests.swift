import Foundation
import MenuKit
import Testing

@testable import MenuKitDBus

@Suite(.serialized, .enabled(if: PrivateBus.missing == nil, PrivateBus.comment))
@MainActor
struct DBusGtkMenuExporterTests {
  let bus: PrivateBus
  let server: DBusConnection
  let client: DBusConnection
  let app = RecordingApp()
  let system = MenuSystem(kind: .main, baseMenu: sampleMenu())

  init() async throws {
    bus = try PrivateBus()
    server = try DBusConnection(address: bus.address)
    client = try DBusConnection(address: bus.address)
    try await server.requestName("org.menukit.Test")
  }

  private func export() throws -> GtkMenuExporter {
    try GtkMenuExporter(
      menuSystem: system, application: app.application, connection: server,
      menuPath: "/org/menukit/Test/menus/menubar", actionsPath: "/org/menukit/Test")
  }

  private func call(_ path: String, _ method: String, _ arguments: String...) async throws
    -> String
  {
    try await bus.gdbus(
      [
        "call", "--dest", "org.menukit.Test", "--object-path", path, "--method", method, "--",
      ] + arguments)
  }

  @Test("org.gtk.Menus.Start of every group, as gdbus prints it, is the expected model")
  func menus() async throws {
    let exporter = try export()
    let output = try await call(
      exporter.menuPath, "org.gtk.Menus.Start", "[0, 1, 2, 3, 4, 5, 6, 7, 8]")
    try expectFixture(output, "sample-gtk-menus.txt")
    _ = try await call(exporter.menuPath, "org.gtk.Menus.End", "[0, 1, 2, 3, 4, 5, 6, 7, 8]")
  }

  @Test("org.gtk.Actions.DescribeAll has each command's action, enabled as validated")
  func actions() async throws {
    let exporter = try export()
    let output = try await call(exporter.actionsPath, "org.gtk.Actions.DescribeAll")
    try expectFixture(output, "sample-gtk-actions.txt")
  }

  @Test("org.gtk.Actions.Activate performs the command, with its target")
  func activate() async throws {
    let exporter = try export()
    _ = try await call(
      exporter.actionsPath, "org.gtk.Actions.Activate", "saveDocument-3a", "[]", "{}")
    #expect(await eventually { app.performed == ["saveDocument:"] })
    _ = try await call(
      exporter.actionsPath, "org.gtk.Actions.Activate", "zoom-3a", "[<'\"200\"'>]", "{}")
    #expect(await eventually { app.performed == ["saveDocument:", "zoom:"] })
  }

  @Test("A revalidation that enables a command emits org.gtk.Actions.Changed")
  func changed() async throws {
    let exporter = try export()
    let recorder = try await SignalRecorder(client, interface: "org.gtk.Actions")
    app.delegate.handle("revertDocumentToSaved:") { _ in }
    system.setNeedsRevalidate()
    #expect(await eventually { !recorder.signals.isEmpty })
    #expect(
      recorder.signals.first?.arguments[1]
        == .array("{sb}", [.dictEntry(.string("revertDocumentToSaved-3a"), .boolean(true))]))
    _ = exporter
  }
}
