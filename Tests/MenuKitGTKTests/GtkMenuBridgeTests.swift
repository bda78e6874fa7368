import CGtk4
import MenuKit
import Testing

@testable import MenuKitGTK

/// A document that saves, reverts once modified, and shows a ruler (a checkmark).
@MainActor
private final class Document: Responder {
  var isModified = false
  var showsRuler = true
  var performed: [String] = []

  override var canBecomeFirstResponder: Bool { true }

  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    switch action {
    case "save:", "toggleRuler:": true
    case "revert:": isModified
    default: false
    }
  }

  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    guard canPerformAction(action, withSender: sender) else { return false }
    performed.append(action.rawValue)
    if action == "toggleRuler:" { showsRuler.toggle() }
    return true
  }

  override func validate(_ command: inout Command) {
    if command.action == "toggleRuler:" { command.state = showsRuler ? .on : .off }
  }
}

/// The string attribute of a menu item, or nil.
private func attribute(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int32, _ name: String)
  -> String?
{
  guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else {
    return nil
  }
  defer { g_variant_unref(value) }
  return String(cString: g_variant_get_string(value, nil))
}

/// The linked menu (`section` or `submenu`) of a menu item.
private func link(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int32, _ name: String)
  -> UnsafeMutablePointer<GMenuModel>?
{
  g_menu_model_get_item_link(model, index, name)
}

/// A GtkApplication's actions, read through its action map (its GActionGroup methods need a
/// registered application, and registering needs a display).
@MainActor
private struct Actions {
  let map: OpaquePointer

  private func action(_ name: String) -> OpaquePointer? { g_action_map_lookup_action(map, name) }
  func has(_ name: String) -> Bool { action(name) != nil }
  func isEnabled(_ name: String) -> Bool {
    action(name).map { g_action_get_enabled($0) != 0 } ?? false
  }
  func state(_ name: String) -> Bool? {
    guard let action = action(name), let state = g_action_get_state(action) else { return nil }
    defer { g_variant_unref(state) }
    return g_variant_get_boolean(state) != 0
  }
  func activate(_ name: String) {
    if let action = action(name) { g_action_activate(action, nil) }
  }
}

@MainActor
@Suite("GtkMenuBridge without a display")
struct GtkMenuBridgeTests {
  @Test(
    "the menubar, the actions' enabled and checked states and the accel attributes follow the menu system, validation and keymaps"
  )
  func menubarAndActions() throws {
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let document = Document()
    document.setNext(window)
    #expect(document.becomeFirstResponder())
    var file = Menu(
      title: "&File",
      children: [
        .menu(
          Menu(
            options: .displayInline,
            children: [
              .keyCommand(
                KeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command)),
              .command(Command(title: "Revert", action: "revert:")),
            ])),
        .command(Command(title: "Ruler", action: "toggleRuler:")),
      ])
    let system = MenuSystem(kind: .main, baseMenu: Menu(children: [.menu(file)]))
    let loaded = KeymapFile.load(
      text: """
        { "schemaVersion": 1, "keymap": [ { "bindings": [
          { "keys": "Cmd+Shift+R", "command": "revert:" }
        ] } ] }
        """, path: "test.keymap.json", source: .app)
    let keymap = try #require(loaded.keymap, "\(loaded.diagnostics)")
    let gtkApp = try #require(
      gtk_application_new("org.menukit.BridgeTest", G_APPLICATION_NON_UNIQUE))
    defer { g_object_unref(UnsafeMutableRawPointer(gtkApp)) }
    let bridge = GtkMenuBridge(
      gtkApplication: UnsafeMutableRawPointer(gtkApp), menuSystem: system, application: app,
      keymaps: [keymap])
    let actions = Actions(map: OpaquePointer(UnsafeMutableRawPointer(gtkApp)))

    // The menubar: File (a submenu, `&` as `_`) → a section with Save and Revert, then Ruler.
    let menubar = bridge.menuModel.assumingMemoryBound(to: GMenuModel.self)
    #expect(g_menu_model_get_n_items(menubar) == 1)
    #expect(attribute(menubar, 0, "label") == "_File")
    let fileMenu = try #require(link(menubar, 0, "submenu"))
    #expect(g_menu_model_get_n_items(fileMenu) == 2)
    let section = try #require(link(fileMenu, 0, "section"))
    #expect(attribute(section, 0, "label") == "Save")
    #expect(attribute(section, 0, "action") == "app.save-3a")
    #expect(attribute(section, 0, "accel") == "<Primary>s")
    #expect(attribute(section, 1, "action") == "app.revert-3a")
    #expect(attribute(section, 1, "accel") == "<Primary><Shift>r", "the keymap's binding")
    #expect(attribute(fileMenu, 1, "action") == "app.toggleRuler-3a")

    // The actions: enabled as validation says; the ruler's checkmark is a boolean state.
    #expect(actions.has("save-3a") && actions.has("revert-3a") && actions.has("toggleRuler-3a"))
    #expect(actions.isEnabled("save-3a"))
    #expect(!actions.isEnabled("revert-3a"))
    #expect(actions.state("toggleRuler-3a") == true)

    // Activating performs through the responder chain, then validates again.
    actions.activate("toggleRuler-3a")
    #expect(document.performed == ["toggleRuler:"])
    #expect(actions.state("toggleRuler-3a") == false)
    actions.activate("revert-3a")
    #expect(document.performed == ["toggleRuler:"], "a disabled action performs nothing")

    // A revalidation enables Revert once the document is modified.
    document.isModified = true
    system.setNeedsRevalidate()
    #expect(actions.isEnabled("revert-3a"))
    actions.activate("revert-3a")
    #expect(document.performed == ["toggleRuler:", "revert:"])

    // A rebuild replaces the menu and the actions: Ruler goes, Close comes.
    file.children = [.command(Command(title: "Close", action: "performClose:"))]
    let rebuilt = Menu(children: [.menu(file)])
    system.addBuildHandler { builder in builder = MenuBuilder(menu: rebuilt, system: .main) }
    system.setNeedsRebuild()
    let newFile = try #require(link(menubar, 0, "submenu"))
    #expect(g_menu_model_get_n_items(newFile) == 1)
    #expect(attribute(newFile, 0, "action") == "app.performClose-3a")
    #expect(!actions.has("toggleRuler-3a"))
    #expect(actions.has("performClose-3a"))
    #expect(!actions.isEnabled("performClose-3a"), "no responder performs it")
  }
}
