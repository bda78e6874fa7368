import Foundation
import MenuKit
import MenuKitDBus
import Testing

/// docs/guides/dbus.md's "In an app" example, run as written on a private session bus.
@Suite(.serialized, .enabled(if: PrivateBus.missing == nil, PrivateBus.comment))
@MainActor
struct DBusDocumentationExampleTests {
  @Test("docs/guides/dbus.md: the app example exports the main menu and its actions")
  func example() async throws {
    let bus = try PrivateBus()
    setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
    let app = Application()

    let connection = try DBusConnection.sessionBus()
    let menu = try DBusMenuServer(
      menuSystem: .main, application: app, connection: connection, objectPath: "/MenuBar")
    let gtk = try GtkMenuExporter(
      menuSystem: .main, application: app, connection: connection,
      menuPath: "/org/example/Editor/menus/menubar", actionsPath: "/org/example/Editor")
    try await connection.requestName("org.example.Editor")

    let label = try await bus.gdbus([
      "call", "--dest", "org.example.Editor", "--object-path", "/MenuBar", "--method",
      "com.canonical.dbusmenu.GetProperty", "--", "1", "label",
    ])
    #expect(label == "(<'File'>,)\n")
    // Nothing in this app's chain performs copy:, so its action is exported disabled.
    let copy = try await bus.gdbus([
      "call", "--dest", "org.example.Editor", "--object-path", "/org/example/Editor", "--method",
      "org.gtk.Actions.Describe", "--", "copy-3a",
    ])
    #expect(copy == "((false, signature '', @av []),)\n")
    menu.stop()
    gtk.stop()
    connection.close()
  }
}
