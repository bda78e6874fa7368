import Foundation
import MenuKit
import Testing

@testable import MenuKitXKB

/// A keyboard for a layout from the system's XKB data, without the environment's defaults.
private func keyboard(_ layout: String, variant: String? = nil) throws -> XKBKeyboard {
  let context = XKBContext(
    includePaths: ["/usr/share/X11/xkb"], options: [.noDefaultIncludes, .noEnvironmentNames])
  let keymap = try XKBKeymap(context: context, names: .init(layout: layout, variant: variant))
  return XKBKeyboard(keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
}

/// A key command.
private func key(
  _ title: String, _ input: KeyInput, _ modifierFlags: KeyModifierFlags = .command,
  attributes: MenuElementAttributes = []
) -> MenuElement {
  .keyCommand(
    KeyCommand(
      title: title, action: "act:", input: input, modifierFlags: modifierFlags,
      attributes: attributes))
}

/// A main menu with one Edit menu holding `children`.
private func editMenu(_ children: [MenuElement]) -> Menu {
  Menu(children: [.menu(Menu(title: "Edit", children: children))])
}

@Suite("Keyboard map")
struct KeyboardMapTests {
  @Test("geometries: ANSI and ISO differ where they should and have no duplicate keys")
  func geometries() {
    for geometry in KeyboardGeometry.all {
      let codes = geometry.keys.map(\.evdevCode)
      #expect(Set(codes).count == codes.count, "\(geometry.name)")
      #expect(geometry.width == 18.25)
      #expect(geometry.height == 6.25)
    }
    let ansi = KeyboardGeometry.ansi
    let iso = KeyboardGeometry.iso
    #expect(ansi.key(forEvdevCode: 86) == nil)
    #expect(iso.key(forEvdevCode: 86)?.x == 1.25)
    #expect(ansi.key(forEvdevCode: 43)?.y == 2.25)  // backslash above Enter
    #expect(iso.key(forEvdevCode: 43)?.y == 3.25)  // '#' left of Enter on the home row
    #expect(ansi.key(forEvdevCode: 28)?.lowerPart == nil)
    #expect(iso.key(forEvdevCode: 28)?.lowerPart == .init(x: 13.75, width: 1.25))
    #expect(ansi.keys.count == 84)
    #expect(iso.keys.count == 85)
    // Every row of the main block is 15 units wide.
    for geometry in KeyboardGeometry.all {
      for row in [1.25, 2.25, 3.25, 4.25, 5.25] {
        let right = geometry.keys.filter { $0.x < 15 }.compactMap { key in
          if key.y == row { return key.x + key.width }
          if key.y + 1 == row, let lower = key.lowerPart { return lower.x + lower.width }
          return nil
        }.max()
        #expect(right == 15, "\(geometry.name) row \(row)")
      }
    }
  }

  @Test("German legends come from the layout: Ö, Ä, Ü, ß, Z and Y swapped, dead keys")
  func germanLegends() throws {
    let map = KeyboardMap(
      menu: Menu(), keyboard: try keyboard("de"), geometry: .iso, platform: .linux)
    #expect(map.legends[39]?.base == "Ö")
    #expect(map.legends[39]?.shifted == nil)  // a letter shows its capital only
    #expect(map.legends[40]?.base == "Ä")
    #expect(map.legends[26]?.base == "Ü")
    #expect(map.legends[26]?.altGr == "¨")  // dead_diaeresis
    #expect(map.legends[12]?.base == "ß")
    #expect(map.legends[12]?.shifted == "?")
    #expect(map.legends[12]?.altGr == "\\")
    #expect(map.legends[21]?.base == "Z")
    #expect(map.legends[44]?.base == "Y")
    #expect(map.legends[16]?.altGr == "@")
    #expect(map.legends[41]?.base == "^")  // dead_circumflex
    #expect(map.legends[86]?.base == "<")
    #expect(map.legends[100] == KeyLegend(base: "AltGr", modifier: []))
    #expect(map.legends[42] == KeyLegend(base: "⇧ Shift", modifier: .shift))
    #expect(map.legends[29]?.modifier == .control)
    #expect(map.legends[63]?.base == "F5")
    #expect(map.legends[103]?.base == "↑")
  }

  @Test("US legends: digits with their shifted characters, letters as capitals")
  func usLegends() throws {
    let map = KeyboardMap(
      menu: Menu(), keyboard: try keyboard("us"), geometry: .ansi, platform: .linux)
    #expect(map.legends[2] == KeyLegend(base: "1", shifted: "!"))
    #expect(map.legends[30] == KeyLegend(base: "A"))
    #expect(map.legends[53] == KeyLegend(base: "/", shifted: "?"))
    #expect(map.legends[57]?.base == "Space")
  }

  @Test("key commands are placed on the key that types them, in the layer of their modifiers")
  func placement() throws {
    let menu = editMenu([
      key("Save", "s"),
      key("Help", "?"),
      key("Run", .function(5), []),
      key("Line Up", .upArrow, .alternate),
      key("Off", "q", attributes: .disabled),
      key("Keypad", .keypad(5)),
    ])
    let map = KeyboardMap(
      menu: menu, keyboard: try keyboard("us"), geometry: .ansi, platform: .linux)
    let control = try #require(map.layers.first { $0.modifiers == .control })
    #expect(control.bindings(onKey: 31).map(\.title) == ["Save"])
    #expect(control.bindings(onKey: 16).first?.isEnabled == false)
    let controlShift = try #require(map.layers.first { $0.modifiers == [.control, .shift] })
    #expect(controlShift.bindings(onKey: 53).map(\.title) == ["Help"])  // Ctrl+Shift+/
    #expect(controlShift.bindings(onKey: 53).first?.label == "Ctrl+?")
    let none = try #require(map.layers.first { $0.modifiers.isEmpty })
    #expect(none.bindings(onKey: 63).map(\.title) == ["Run"])
    let alt = try #require(map.layers.first { $0.modifiers == .alternate })
    #expect(alt.bindings(onKey: 103).map(\.title) == ["Line Up"])
    #expect(map.unplaced.map(\.title) == ["Keypad"])
    // Fewest modifiers first.
    #expect(
      map.layers.map { $0.title(for: .linux) } == ["No modifier", "Ctrl", "Alt", "Ctrl+Shift"])
  }

  @Test("on German, Ctrl+[ is relocated to Ü and Ctrl+O stays on O; mac uses Super")
  func relocation() throws {
    let menu = editMenu([key("Unindent", "["), key("Open", "o")])
    let de = try keyboard("de")
    let map = KeyboardMap(menu: menu, keyboard: de, geometry: .iso, platform: .linux)
    let control = try #require(map.layers.first { $0.modifiers == .control })
    #expect(control.bindings(onKey: 26).map(\.label) == ["Ctrl+Ü"])
    #expect(control.bindings(onKey: 24).map(\.title) == ["Open"])
    let mac = KeyboardMap(menu: menu, keyboard: de, geometry: .iso, platform: .mac)
    #expect(mac.layers.map(\.modifiers) == [.command])
    #expect(mac.layers.first?.title(for: .mac) == "⌘")
  }

  @Test("a Super key command has a Super layer: Super on linux, Win on windows, ⌘ on mac")
  func superLayer() throws {
    let menu = editMenu([
      key("Files", "e", .super), key("Both", "e", [.super, .shift]), key("Open", "o"),
    ])
    let us = try keyboard("us")
    let linux = KeyboardMap(menu: menu, keyboard: us, geometry: .ansi, platform: .linux)
    let superLayer = try #require(linux.layers.first { $0.modifiers == .command })
    #expect(superLayer.bindings(onKey: 18).map(\.label) == ["Super+E"])
    #expect(
      linux.layers.map { $0.title(for: .linux) } == ["Ctrl", "Super", "Super+Shift"])
    let windows = KeyboardMap(menu: menu, keyboard: us, geometry: .ansi, platform: .windows)
    #expect(
      windows.layers.map { $0.title(for: .windows) } == ["Ctrl", "Win", "Win+Shift"])
    #expect(windows.layers[1].bindings(onKey: 18).map(\.label) == ["Win+E"])
    // On mac Super is ⌘: Files and Open share the ⌘ layer.
    let mac = KeyboardMap(menu: menu, keyboard: us, geometry: .ansi, platform: .mac)
    #expect(mac.layers.map { $0.title(for: .mac) } == ["⌘", "⇧⌘"])
    #expect(mac.layers[0].bindings(onKey: 18).map(\.label) == ["⌘E"])
  }

  @Test("on Russian, Latin shortcuts sit where US QWERTY has them (the Latin fallback)")
  func latinFallback() throws {
    let map = KeyboardMap(
      menu: editMenu([key("Open", "o"), key("Redo", "z", [.command, .shift])]),
      keyboard: try keyboard("ru"), geometry: .iso, platform: .linux)
    #expect(map.unplaced.isEmpty)
    #expect(map.legends[24]?.base == "Щ")
    let control = try #require(map.layers.first { $0.modifiers == .control })
    let open = try #require(control.bindings(onKey: 24).first)
    #expect(open.title == "Open")
    #expect(open.isLatinFallback)
    let controlShift = try #require(map.layers.first { $0.modifiers == [.control, .shift] })
    #expect(controlShift.bindings(onKey: 44).map(\.title) == ["Redo"])
    #expect(
      map.svg(for: control, platform: .linux).contains(
        "<title>Щ: Ctrl+O Open (at its US QWERTY position)</title>"))
    let us = KeyboardMap(
      menu: editMenu([key("Open", "o")]), keyboard: try keyboard("us"), geometry: .ansi,
      platform: .linux)
    #expect(us.layers.first?.bindings.first?.isLatinFallback == false)
  }

  @Test("a key command that cannot be relocated and needs AltGr is marked so")
  func altGr() throws {
    var keyCommand = KeyCommand(
      title: "Brace", action: "brace:", input: "{", modifierFlags: .command)
    keyCommand.allowsAutomaticLocalization = false
    let map = KeyboardMap(
      menu: editMenu([.keyCommand(keyCommand)]), keyboard: try keyboard("de"), geometry: .iso,
      platform: .linux)
    let binding = try #require(map.layers.first?.bindings.first)
    #expect(binding.evdevCode == 8)  // AltGr+7
    #expect(binding.needsAltGr)
  }

  @Test("free keys: every key but the bound ones and the modifiers")
  func freeKeys() throws {
    let map = KeyboardMap(
      menu: editMenu([key("Save", "s")]), keyboard: try keyboard("us"), geometry: .ansi,
      platform: .linux)
    let control = try #require(map.layers.first)
    let free = control.freeKeys(in: map.geometry, legends: map.legends)
    #expect(!free.contains(31))
    #expect(free.contains(30))
    #expect(!free.contains(29))  // Control
    #expect(!free.contains(42))  // Shift
    #expect(!free.contains(58))  // Caps Lock
    // Shift, Control, Super (two each), Alt, Right Alt and Caps Lock are not free.
    #expect(free.count == map.geometry.keys.count - 1 - 9)
  }

  @Test("the SVG draws every key with its class, legend and command, and escapes text")
  func svg() throws {
    let menu = editMenu([key("Save <all> & \"more\"", "s"), key("Unindent", "[")])
    let map = KeyboardMap(
      menu: menu, keyboard: try keyboard("de"), geometry: .iso, platform: .linux)
    let control = try #require(map.layers.first)
    let svg = map.svg(for: control, platform: .linux)
    #expect(svg.hasPrefix(#"<svg class="keyboard" data-geometry="iso" data-layer="Ctrl""#))
    #expect(svg.hasSuffix("</svg>"))
    #expect(svg.components(separatedBy: "<g class=\"key ").count - 1 == 85)
    #expect(
      svg.contains(
        #"<g class="key bound" data-evdev="31"><title>S: Ctrl+S Save &lt;all&gt; &amp; &quot;more&quot;</title>"#
      ))
    #expect(svg.contains(#"<g class="key held" data-evdev="29">"#))
    #expect(svg.contains(#"<g class="key modifier" data-evdev="42">"#))
    #expect(svg.contains(#"<g class="key free" data-evdev="39"><title>Ö: free with Ctrl</title>"#))
    #expect(svg.contains(">Ü</text>"))
    #expect(svg.contains("<path d=\"M"))  // ISO Enter
    #expect(!svg.contains("<all>"))
    let markup = map.htmlMarkup(platform: .linux)
    #expect(markup.contains("<h3>Ctrl <span class=\"count\">2 bound, 74 free</span></h3>"))
  }

  @Test("a map with no key commands still draws the primary modifier's layer, all free")
  func emptyMap() throws {
    let map = KeyboardMap(
      menu: Menu(), keyboard: try keyboard("us"), geometry: .ansi, platform: .mac)
    #expect(map.layers.isEmpty)
    let markup = map.htmlMarkup(platform: .mac)
    #expect(markup.contains("data-layer=\"⌘\""))
    #expect(!markup.contains("key bound"))
  }

  @Test("entries: a sequence sits on its first stroke's key, keymap keys are not relocated")
  func entries() throws {
    let saveAll = try KeySequence(parsing: "Ctrl+K S")
    let unindent = try KeySequence(parsing: "Ctrl+[")
    let map = KeyboardMap(
      entries: [
        .init(title: "Save All", keys: saveAll, label: "Ctrl+K S"),
        .init(title: "Unindent", keys: unindent, label: "Ctrl+["),
        .init(title: "Moved", keys: unindent, label: "Ctrl+Ü", allowsAutomaticLocalization: true),
        .init(
          title: "Double Shift", keys: try KeySequence(parsing: "Shift Shift"), label: "Shift Shift"
        ),
      ],
      keyboard: try keyboard("de"), geometry: .iso, platform: .linux)
    let control = try #require(map.layers.first { $0.modifiers == .control })
    let onK = control.bindings(onKey: 37)
    #expect(onK.map(\.title) == ["Save All"])
    #expect(onK.first?.continuation == "S")
    #expect(onK.first?.label == "Ctrl+K S")
    let unmoved = try #require(control.bindings.first { $0.title == "Unindent" })
    #expect(unmoved.evdevCode == 9)  // AltGr+8 on German
    #expect(unmoved.needsAltGr)
    #expect(control.bindings(onKey: 26).map(\.title) == ["Moved"])
    #expect(map.unplaced.map(\.title) == ["Double Shift"])
    let svg = map.svg(for: control, platform: .linux)
    #expect(svg.contains(">Save</text>"))
    #expect(svg.contains(">All ↳S</text>"))
  }

  @Test(
    "command titles wrap onto two lines and are cut with an ellipsis",
    arguments: [
      ("Save", 8, ["Save"]),
      ("Go to Definition", 8, ["Go to", "Definit…"]),
      ("Toggle Line Comment Now", 8, ["Toggle", "Line…"]),
      ("Supercalifragilistic", 8, ["Superca…"]),
      ("", 8, []),
    ])
  func wrap(text: String, width: Int, expected: [String]) {
    #expect(KeyboardMap.wrap(text, width: width, lines: 2) == expected)
  }
}
