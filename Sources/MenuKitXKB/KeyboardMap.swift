public import MenuKit

/// Which command sits on which physical key of a keyboard layout, for each combination of
/// modifiers, with the keys labelled as the layout labels them.
///
/// A map places every key command of a menu tree on the key that types it on a layout: the
/// key and level ``XKBKeyboard/reachability(of:)`` finds, or the relocated key when automatic
/// localization moves the shortcut (``XKBKeyboard/relocatedKey(for:)``, `Ctrl+[` → `Ctrl+Ü`
/// on German). Key commands are grouped into ``Layer``s by the modifiers held to type them:
/// the shortcut's physical modifiers on the platform, plus Shift when the input is at the
/// key's second level (`Ctrl+?` is Ctrl+Shift+/ on US). The legends come from the layout's
/// keysyms at levels 1–3 (``KeyLegend``).
///
/// ```swift
/// let context = XKBContext(options: [.noEnvironmentNames])
/// let keyboard = XKBKeyboard(keymap: try XKBKeymap(context: context, names: .init(layout: "de")))
/// let map = KeyboardMap(menu: menu, keyboard: keyboard, geometry: .iso, platform: .linux)
/// map.legends[39]?.base  // "Ö"
/// map.layers.first { $0.modifiers == .control }?.bindings(onKey: 31).first?.title  // "Save"
/// let page = HTMLMenuRenderer(platform: .linux).render(menu, sections: [
///   HTMLMenuRenderer.Section(identifier: "keyboard", title: "Keyboard",
///                            trustedMarkup: map.htmlMarkup(platform: .linux))])
/// ```
///
/// Key commands whose key is not on the geometry (keypad keys, F13 and up), whose input no
/// key of the layout types, or whose input is a modifier key (`Shift Shift`) are listed in
/// ``unplaced``. Keys without a command in a layer are free in it (``Layer/freeKeys(in:)``).
public struct KeyboardMap: Hashable, Sendable {
  /// The geometry the keys are placed on.
  public var geometry: KeyboardGeometry
  /// The layout's legend of each key of the geometry, by evdev code.
  public var legends: [Int: KeyLegend]
  /// The layers that have at least one key command, fewest modifiers first.
  public var layers: [Layer]
  /// The key commands that sit on no key of the geometry.
  public var unplaced: [Binding]

  /// One key command, placed on a key.
  public struct Binding: Hashable, Sendable {
    /// The key command's discoverability title, or its title.
    public var title: String
    /// The shortcut's label on the layout, such as `Ctrl+Ü`.
    public var label: String
    /// The evdev code of the key that types the shortcut's input, or nil when it is
    /// unplaced.
    public var evdevCode: Int?
    /// Whether typing the input also needs AltGr (it is at level 3 or 4 of its key).
    public var needsAltGr: Bool
    /// Whether the key command is enabled.
    public var isEnabled: Bool

    /// Creates a binding.
    ///
    /// - Parameters:
    ///   - title: The key command's title.
    ///   - label: The shortcut's label.
    ///   - evdevCode: The key's evdev code, or nil.
    ///   - needsAltGr: Whether AltGr is needed too.
    ///   - isEnabled: Whether the key command is enabled.
    public init(
      title: String, label: String, evdevCode: Int?, needsAltGr: Bool = false,
      isEnabled: Bool = true
    ) {
      self.title = title
      self.label = label
      self.evdevCode = evdevCode
      self.needsAltGr = needsAltGr
      self.isEnabled = isEnabled
    }
  }

  /// The key commands typed with one combination of modifiers.
  public struct Layer: Hashable, Sendable {
    /// The physical modifiers held: Shift, Control, Alt and, on mac, Command (Super).
    public var modifiers: KeyModifierFlags
    /// The layer's key commands, in menu order.
    public var bindings: [Binding]

    /// Creates a layer.
    ///
    /// - Parameters:
    ///   - modifiers: The physical modifiers held.
    ///   - bindings: The key commands.
    public init(modifiers: KeyModifierFlags, bindings: [Binding]) {
      self.modifiers = modifiers
      self.bindings = bindings
    }

    /// The key commands on one key.
    ///
    /// - Parameter code: The key's evdev code.
    /// - Returns: The key commands, in menu order; more than one is a conflict.
    public func bindings(onKey code: Int) -> [Binding] {
      bindings.filter { $0.evdevCode == code }
    }

    /// The keys of a geometry that no key command of this layer uses, apart from modifier
    /// keys (Shift, Control, Alt, AltGr, Super, Caps Lock), which cannot be bound.
    ///
    /// - Parameters:
    ///   - geometry: The geometry.
    ///   - legends: The legends of its keys, which say which keys are modifiers.
    /// - Returns: The evdev codes, in the geometry's order.
    public func freeKeys(in geometry: KeyboardGeometry, legends: [Int: KeyLegend]) -> [Int] {
      let used = Set(bindings.compactMap(\.evdevCode))
      return geometry.keys.map(\.evdevCode).filter { code in
        !used.contains(code) && legends[code]?.modifier == nil
      }
    }

    /// The layer's name on a platform, such as `Ctrl+Shift` or `⇧⌘`; `No modifier` for
    /// keys pressed alone.
    ///
    /// - Parameter platform: The platform whose modifier names are used.
    /// - Returns: The name.
    public func title(for platform: PlatformProfile) -> String {
      guard !modifiers.isEmpty else { return "No modifier" }
      if platform == .mac {
        let glyphs: [(KeyModifierFlags, String)] = [
          (.control, "⌃"), (.alternate, "⌥"), (.shift, "⇧"), (.command, "⌘"),
        ]
        return glyphs.filter { modifiers.contains($0.0) }.map(\.1).joined()
      }
      let words: [(KeyModifierFlags, String)] = [
        (.control, "Ctrl"), (.alternate, "Alt"), (.shift, "Shift"), (.command, "Super"),
      ]
      return words.filter { modifiers.contains($0.0) }.map(\.1).joined(separator: "+")
    }
  }

  /// Creates a map from its parts.
  ///
  /// - Parameters:
  ///   - geometry: The geometry.
  ///   - legends: The legends by evdev code.
  ///   - layers: The layers.
  ///   - unplaced: The key commands on no key.
  public init(
    geometry: KeyboardGeometry, legends: [Int: KeyLegend], layers: [Layer],
    unplaced: [Binding] = []
  ) {
    self.geometry = geometry
    self.legends = legends
    self.layers = layers
    self.unplaced = unplaced
  }
}

// MARK: - API

extension KeyboardMap {
  /// Places the key commands of a menu tree on the keys of a layout.
  ///
  /// Every key command of the tree is placed, hidden and disabled ones included (they still
  /// take their key). The layout is the keyboard's active layout.
  ///
  /// - Parameters:
  ///   - menu: The menu tree whose key commands are placed.
  ///   - keyboard: The keyboard whose active layout types them and labels the keys.
  ///   - geometry: The physical keys to place them on.
  ///   - platform: The platform that says which key `.command` means and how labels look.
  /// - Complexity: O(*k* × *n*) for *k* key commands on a keymap of *n* keys.
  public init(
    menu: Menu, keyboard: XKBKeyboard, geometry: KeyboardGeometry, platform: PlatformProfile
  ) {
    let legends = Self.legends(of: geometry, keyboard: keyboard)
    var layers: [KeyModifierFlags: [Binding]] = [:]
    var unplaced: [Binding] = []
    for keyCommand in menu.allKeyCommands {
      let command = keyCommand.command
      let title =
        [command.discoverabilityTitle, command.title, command.action.rawValue]
        .compactMap { $0 }.first { !$0.isEmpty } ?? ""
      let label =
        keyCommand.allowsAutomaticLocalization
        ? keyboard.localizedLabel(for: keyCommand.shortcut, platform: platform)
        : keyCommand.shortcut.label(for: platform)
      let isEnabled = !command.attributes.contains(.disabled)
      guard
        let place = Self.place(keyCommand, keyboard: keyboard, geometry: geometry),
        geometry.key(forEvdevCode: place.code) != nil
      else {
        unplaced.append(Binding(title: title, label: label, evdevCode: nil, isEnabled: isEnabled))
        continue
      }
      let modifiers = platform.physicalModifiers(keyCommand.modifierFlags.union(place.extra))
      layers[modifiers, default: []].append(
        Binding(
          title: title, label: label, evdevCode: place.code, needsAltGr: place.level >= 3,
          isEnabled: isEnabled))
    }
    self.init(
      geometry: geometry, legends: legends,
      layers: layers.map { Layer(modifiers: $0.key, bindings: $0.value) }
        .sorted {
          Self.order(of: $0.modifiers).lexicographicallyPrecedes(Self.order(of: $1.modifiers))
        },
      unplaced: unplaced)
  }
}

// MARK: - Internal

extension KeyboardMap {
  /// Where a key command's input is typed: the key, its level from 1, and the modifiers that
  /// typing it adds (Shift at levels 2 and 4); nil when no key types it.
  static func place(
    _ keyCommand: KeyCommand, keyboard: XKBKeyboard, geometry: KeyboardGeometry
  ) -> (code: Int, level: Int, extra: KeyModifierFlags)? {
    let input = keyCommand.input
    guard input.modifierKey == nil else { return nil }
    if input.specialKey != nil {
      // The main key whose first-level keysym is this key, such as Up or F5.
      let keymap = keyboard.state.keymap
      let layout = keyboard.state.activeLayout
      for key in geometry.keys {
        let keysyms = keymap.keysyms(forEvdevCode: key.evdevCode, layout: layout, level: 0)
        if keysyms.contains(where: { KeyInput(keysym: $0) == input }) {
          return (key.evdevCode, 1, [])
        }
      }
      return nil
    }
    let location =
      (keyCommand.allowsAutomaticLocalization ? keyboard.relocatedKey(for: input) : nil)
      ?? keyboard.reachability(of: input).location
    guard let location else { return nil }
    let extra: KeyModifierFlags = location.level % 2 == 0 ? [.shift] : []
    return (location.evdevCode, location.level, extra)
  }

  /// A sort key for layers: fewer modifiers first, then Control, Alt, Shift, Command.
  static func order(of modifiers: KeyModifierFlags) -> [Int] {
    let flags: [KeyModifierFlags] = [.control, .alternate, .shift, .command]
    return [flags.filter { modifiers.contains($0) }.count]
      + flags.map { modifiers.contains($0) ? 0 : 1 }
  }
}
