import Foundation
import MenuKit
import Testing

@testable import MenuKitDBus

@Suite(.serialized, .enabled(if: PrivateBus.missing == nil, PrivateBus.comment))
@MainActor
struct DBusMenuServerTests {
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

  private func serve() throws -> DBusMenuServer {
    let menu = try DBusMenuServer(
      menuSystem: system, application: app.application, connection: server)
    menu.shortcutOverride = { command in
      command.action == "saveAll:"
        ? KeySequence([
          KeyboardShortcut("k", modifierFlags: .command),
          KeyboardShortcut("s", modifierFlags: .command),
        ]) : nil
    }
    return menu
  }

  private func call(_ method: String, _ arguments: String...) async throws -> String {
    try await bus.gdbus(
      [
        "call", "--dest", "org.menukit.Test", "--object-path", "/MenuBar", "--method",
        "com.canonical.dbusmenu.\(method)", "--",
      ] + arguments)
  }

  @Test("GetLayout, as gdbus prints it, is the expected tree")
  func layout() async throws {
    let menu = try serve()
    let output = try await call("GetLayout", "0", "-1", "[]")
    try expectFixture(output, "sample-layout.txt")
    print(
      "dbus e2e: GetLayout -> \(output.split(separator: "<(").count - 1) items, as Fixtures/sample-layout.txt"
    )
    _ = menu
  }

  @Test("GetLayout honours parentId, recursionDepth and propertyNames")
  func partialLayout() async throws {
    let menu = try serve()
    let output = try await call("GetLayout", "1", "0", "['label']")
    #expect(output == "(uint32 1, (1, {'label': <'_File'>}, @av []))\n")
    let properties = try await call("GetGroupProperties", "[3]", "['shortcut', 'label']")
    #expect(
      properties
        == "([(3, {'label': <'Save _All'>, 'shortcut': <[['Control', 'k'], ['Control', 's']]>})],)\n"
    )
    let property = try await call("GetProperty", "2", "shortcut")
    #expect(property == "(<[['Control', 's']]>,)\n")
    _ = menu
  }

  @Test("Event clicked performs the item's action through the responder chain")
  func clicked() async throws {
    let menu = try serve()
    _ = try await call("Event", "2", "clicked", "<''>", "0")
    #expect(await eventually { app.performed == ["saveDocument:"] })
    let errors = try await call(
      "EventGroup", "[(3, 'clicked', <''>, 0), (999, 'clicked', <''>, 0)]")
    #expect(errors == "([999],)\n")
    #expect(await eventually { app.performed == ["saveDocument:", "saveAll:"] })
    print("dbus e2e: Event clicked -> performed \(app.performed.joined(separator: " "))")
    _ = menu
  }

  @Test("A command no responder performs is disabled, and enabling it is published")
  func validation() async throws {
    let menu = try serve()
    let revert = try await call("GetProperty", "5", "enabled")
    #expect(revert == "(<false>,)\n")
    _ = try await call("Event", "5", "clicked", "<''>", "0")
    let recorder = try await SignalRecorder(client, interface: DBusMenuServer.interface)
    app.delegate.handle("revertDocumentToSaved:") { [app] _ in app.performed.append("revert") }
    system.setNeedsRevalidate()
    #expect(await eventually { recorder.signals.contains { $0.name == "ItemsPropertiesUpdated" } })
    let update = try #require(recorder.signals.first { $0.name == "ItemsPropertiesUpdated" })
    #expect(update.arguments[1] == .array("(ias)", [.tuple([.int32(5), .strings(["enabled"])])]))
    _ = try await call("Event", "5", "clicked", "<''>", "0")
    #expect(await eventually { app.performed == ["revert"] })
    print(
      "dbus e2e: revalidation -> ItemsPropertiesUpdated (5, ['enabled']), then performed revert")
    _ = menu
  }

  @Test("A revalidation that disables a command emits ItemsPropertiesUpdated, enabled false")
  func disabling() async throws {
    let menu = try serve()
    let recorder = try await SignalRecorder(client, interface: DBusMenuServer.interface)
    // Nobody performs saveDocument: any more.
    app.application.delegate = Responder()
    system.setNeedsRevalidate()
    #expect(await eventually { recorder.signals.contains { $0.name == "ItemsPropertiesUpdated" } })
    let update = try #require(recorder.signals.first { $0.name == "ItemsPropertiesUpdated" })
    let save = update.arguments[0]?.items.first { $0[0]?.intValue == 2 }
    #expect(save?[1]?.dictionary["enabled"] == .boolean(false))
    let property = try await call("GetProperty", "2", "enabled")
    #expect(property == "(<false>,)\n")
    _ = try await call("Event", "2", "clicked", "<''>", "0")
    #expect(app.performed.isEmpty)
    print(
      "dbus e2e: revalidation that disables -> ItemsPropertiesUpdated (2, {'enabled': "
        + "\(save?[1]?.dictionary["enabled"]?.boolValue.map { "\($0)" } ?? "missing")})")
    _ = menu
  }

  @Test("A rebuild that adds an item emits LayoutUpdated; other items keep their ids")
  func rebuild() async throws {
    let menu = try serve()
    let recorder = try await SignalRecorder(client, interface: DBusMenuServer.interface)
    system.addBuildHandler { builder in
      builder.insertChild(
        Menu(
          title: "", identifier: "export", options: .displayInline,
          children: [
            .command(Command(title: "Export…", action: "export:"))
          ]), atEndOfMenu: "file")
    }
    #expect(await eventually { recorder.signals.contains { $0.name == "LayoutUpdated" } })
    let updated = recorder.signals.first { $0.name == "LayoutUpdated" }
    #expect(updated?.arguments == .tuple([.uint32(2), .int32(0)]))
    print(
      "dbus e2e: rebuild -> "
        + (updated?.arguments == .tuple([.uint32(2), .int32(0)])
          ? "LayoutUpdated (revision 2, parent 0)" : "no LayoutUpdated (revision 2, parent 0)"))
    let file = try await call("GetLayout", "1", "1", "['label']")
    #expect(
      file
        == "(uint32 2, (1, {'label': <'_File'>}, [<(2, {'label': <'_Save'>}, @av [])>, <(3, {'label': <'Save _All'>}, @av [])>, <(4, @a{sv} {}, @av [])>, <(5, {'label': <'Revert'>}, @av [])>, <(12, @a{sv} {}, @av [])>, <(13, {'label': <'Export…'>}, @av [])>]))\n"
    )
    _ = menu
  }
}
