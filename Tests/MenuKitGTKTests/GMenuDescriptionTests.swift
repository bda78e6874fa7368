import MenuKit
import Testing

@testable import MenuKitGTK

@Suite("GMenuModel description of a validated menu")
struct GMenuDescriptionTests {
  private func build(_ menu: Menu, stateful: Set<String> = []) -> GMenuDescription {
    var builder = GMenuDescriptionBuilder(statefulActions: stateful) { command, _ in
      command.action == "saveDocument:" ? "<Primary>s" : nil
    }
    return builder.build(menu)
  }

  @Test("inline groups are sections, other menus submenus, and hidden elements are left out")
  func structure() {
    let save = Command(title: "&Save", action: "saveDocument:")
    var hidden = Command(title: "Secret", action: "secret:")
    hidden.attributes = [.hidden]
    let menu = Menu(children: [
      .menu(
        Menu(
          title: "File",
          children: [
            .menu(Menu(title: "", options: .displayInline, children: [.command(save)])),
            .command(hidden),
            .menu(
              Menu(title: "Recent", children: [.command(Command(title: "Clear", action: "clear:"))])
            ),
          ]))
    ])
    let description = build(menu)
    let saveItem = GMenuDescription.Item(
      label: "_Save", action: "app.saveDocument-3a", target: nil, accel: "<Primary>s")
    let clearItem = GMenuDescription.Item(label: "Clear", action: "app.clear-3a")
    #expect(
      description.menu.entries == [
        .submenu(
          label: "File", key: "root / File",
          GMenuDescription.Menu(entries: [
            .section(
              label: nil, key: "root / File / ", GMenuDescription.Menu(entries: [.item(saveItem)])),
            .submenu(
              label: "Recent", key: "root / File / Recent",
              GMenuDescription.Menu(entries: [.item(clearItem)])),
          ]))
      ])
    #expect(description.actions["secret-3a"] == nil)
    #expect(description.actions["saveDocument-3a"]?.isEnabled == true)
  }

  @Test("a disabled command's action is disabled; a checkmark makes its action a boolean state")
  func enabledAndState() {
    var revert = Command(title: "Revert", action: "revert:")
    revert.attributes = [.disabled]
    var toolbar = Command(title: "Toolbar", action: "toggleToolbar:")
    toolbar.state = .on
    let description = build(Menu(children: [.command(revert), .command(toolbar)]))
    #expect(description.actions["revert-3a"]?.isEnabled == false)
    #expect(description.actions["revert-3a"]?.state == nil)
    #expect(description.actions["toggleToolbar-3a"]?.state == .boolean(true))
    // Once stateful, an action stays stateful when its checkmark goes.
    toolbar.state = .off
    let later = build(
      Menu(children: [.command(toolbar)]), stateful: ["toggleToolbar-3a"])
    #expect(later.actions["toggleToolbar-3a"]?.state == .boolean(false))
  }

  @Test(
    "commands sharing an action in a single-selection menu are one string-state action with targets"
  )
  func radio() {
    var single = Command(title: "Single", action: "setLayout:", propertyList: "single")
    single.state = .on
    let columns = Command(title: "Columns", action: "setLayout:", propertyList: "columns")
    let description = build(
      Menu(children: [
        .menu(
          Menu(
            title: "Layout", options: .singleSelection,
            children: [.command(single), .command(columns)]))
      ]))
    let action = description.actions["setLayout-3a"]
    #expect(action?.parameterType == "s")
    #expect(action?.elements.map(\.target) == [#""single""#, #""columns""#])
    #expect(action?.state == .string(#""single""#))
  }
}

@Suite("GDK modifier state as XKB masks")
struct GdkModifiersTests {
  /// The modifier names of a usual evdev keymap, by index.
  private let names = [
    "Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5", "Alt", "Meta", "Super",
  ]

  @Test("Shift, Control, Alt and Super are depressed real modifiers; Lock is locked")
  func conversion() {
    let state =
      GdkModifiers.shift | GdkModifiers.control | GdkModifiers.alt
      | GdkModifiers.superKey | GdkModifiers.lock
    let masks = GdkModifiers(gdkState: state, modifierNames: names)
    #expect(masks.depressed == 1 << 0 | 1 << 2 | 1 << 3 | 1 << 6)
    #expect(masks.locked == 1 << 1)
    #expect(
      GdkModifiers(gdkState: 0, modifierNames: names)
        == GdkModifiers(gdkState: 0, modifierNames: []))
  }

  @Test("a modifier the keymap does not have is left out, and Meta falls back to Mod1")
  func missingModifiers() {
    let masks = GdkModifiers(
      gdkState: GdkModifiers.meta | GdkModifiers.control,
      modifierNames: ["Shift", "Lock", "Control", "Mod1"])
    #expect(masks.depressed == 1 << 2 | 1 << 3)
  }
}
