public import MenuKit

/// Which command sits on which physical key of a keyboard layout, for each combination of
/// modifiers, with the keys labelled as the layout labels them.
///
/// A map places every key command of a menu tree on the key that types it on a layout: the
/// key of the press the typing engine names
/// (``XKBKeyboard/typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``), which is
/// the relocated key when automatic localization moves the shortcut (`Ctrl+[` → `Ctrl+Ü` on
/// German). An input the layout does not type at all, such as a Latin letter on Russian,
/// sits where US QWERTY has it, as the Latin fallback of key-command matching finds it
/// (``Binding/isLatinFallback``). Key commands are grouped into ``Layer``s by the modifiers held
/// to type them:
/// the shortcut's physical modifiers on the platform, plus Shift when a Shift key selects the
/// input's level (`Ctrl+?` is Ctrl+Shift+/ on US). The legends come from the layout's
/// keysyms at levels 1–3 (``KeyLegend``).
///
/// ```swift
/// let context = XKBContext.system()
/// let keyboard = XKBKeyboard(keymap: try XKBKeymap(context: context, names: .init(layout: "de")))
/// let map = KeyboardMap(menu: menu, keyboard: keyboard, geometry: .iso, platform: .linux)
/// map.legends[39]?.base  // "Ö"
/// map.layers.first { $0.modifiers == .control }?.bindings(onKey: 31).first?.title  // "Save"
/// let page = HTMLMenuRenderer(platform: .linux).render(menu, sections: [
///   HTMLMenuRenderer.Section(identifier: "keyboard", title: "Keyboard",
///                            trustedMarkup: map.htmlMarkup(platform: .linux))])
/// ```
///
/// Key commands whose key is not on the geometry (keypad keys, F13 and up), whose input
/// neither the layout nor US QWERTY types, or whose input is a modifier key (`Shift Shift`)
/// are listed in ``unplaced``. Keys without a command in a layer are free in it
/// (``Layer/freeKeys(in:legends:)``).
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
    /// For a multi-stroke sequence, which sits on the key of its first stroke: the label of
    /// the strokes after it, such as `Ctrl+S` for `Ctrl+K Ctrl+S`; nil for one stroke.
    public var continuation: String?
    /// Whether the layout does not type the input and the binding sits where US QWERTY has
    /// it, as the Latin fallback matches it (`Ctrl+O` on the key of `Щ` on Russian).
    public var isLatinFallback: Bool

    /// Creates a binding.
    ///
    /// - Parameters:
    ///   - title: The key command's title.
    ///   - label: The shortcut's label.
    ///   - evdevCode: The key's evdev code, or nil.
    ///   - needsAltGr: Whether AltGr is needed too.
    ///   - isEnabled: Whether the key command is enabled.
    ///   - continuation: The label of the strokes after the first, for a sequence.
    ///   - isLatinFallback: Whether the binding sits at its US QWERTY position.
    public init(
      title: String, label: String, evdevCode: Int?, needsAltGr: Bool = false,
      isEnabled: Bool = true, continuation: String? = nil, isLatinFallback: Bool = false
    ) {
      self.title = title
      self.label = label
      self.evdevCode = evdevCode
      self.needsAltGr = needsAltGr
      self.isEnabled = isEnabled
      self.continuation = continuation
      self.isLatinFallback = isLatinFallback
    }
  }

  /// A command and the keys that perform it, to be placed on the keyboard.
  ///
  /// ```swift
  /// KeyboardMap.Entry(
  ///   title: "Save All", keys: try KeySequence(parsing: "Ctrl+K Ctrl+S"),
  ///   label: "Ctrl+K Ctrl+S")
  /// ```
  public struct Entry: Hashable, Sendable {
    /// The command's title.
    public var title: String
    /// The keys; a sequence is placed on the key of its first stroke.
    public var keys: KeySequence
    /// The keys' label, as the platform and layout show them.
    public var label: String
    /// Whether the command is enabled.
    public var isEnabled: Bool
    /// Whether the first stroke may move to another key on layouts that need AltGr for it
    /// (``KeyCommand/allowsAutomaticLocalization``); keymap bindings are not moved.
    public var allowsAutomaticLocalization: Bool

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - title: The command's title.
    ///   - keys: The keys that perform it.
    ///   - label: The keys' label.
    ///   - isEnabled: Whether the command is enabled.
    ///   - allowsAutomaticLocalization: Whether the first stroke may be relocated.
    public init(
      title: String, keys: KeySequence, label: String, isEnabled: Bool = true,
      allowsAutomaticLocalization: Bool = false
    ) {
      self.title = title
      self.keys = keys
      self.label = label
      self.isEnabled = isEnabled
      self.allowsAutomaticLocalization = allowsAutomaticLocalization
    }
  }

  /// The key commands typed with one combination of modifiers.
  public struct Layer: Hashable, Sendable {
    /// The physical modifiers held: Shift, Control, Alt and Command (the Super key; ⌘ on mac).
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
      // The order and words of shortcut labels (`KeyboardShortcut.label(for:)`): the Super
      // key first, `Win` on windows.
      let words: [(KeyModifierFlags, String)] = [
        (.command, platform == .windows ? "Win" : "Super"), (.control, "Ctrl"),
        (.alternate, "Alt"), (.shift, "Shift"),
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
  /// take their key), labelled as the layout types it
  /// (``KeyboardLayoutProviding/localizedLabel(for:platform:)``, or
  /// ``KeyboardShortcut/label(for:layout:)`` when it does not allow automatic localization:
  /// physical keys show the layout's keycaps either way). The layout is the keyboard's active
  /// layout.
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
    let entries = menu.allKeyCommands.map { keyCommand in
      let command = keyCommand.command
      return Entry(
        title: [command.discoverabilityTitle, command.title, command.action.rawValue]
          .compactMap { $0 }.first { !$0.isEmpty } ?? "",
        keys: KeySequence([keyCommand.shortcut]),
        label: keyCommand.allowsAutomaticLocalization
          ? keyboard.localizedLabel(for: keyCommand.shortcut, platform: platform)
          : keyCommand.shortcut.label(for: platform, layout: keyboard),
        isEnabled: !command.attributes.contains(.disabled),
        allowsAutomaticLocalization: keyCommand.allowsAutomaticLocalization)
    }
    self.init(entries: entries, keyboard: keyboard, geometry: geometry, platform: platform)
  }

  /// Places commands with their keys on the keys of a layout, such as the bindings that fire
  /// once keymaps are applied (``KeyBindingResolver/keys(for:in:)``).
  ///
  /// Each entry sits on the key of its first stroke, in the layer of that stroke's modifiers;
  /// a sequence's other strokes are its ``Binding/continuation``.
  ///
  /// ```swift
  /// let resolver = KeyBindingResolver(defaults: menu, keymaps: keymaps, platform: .linux)
  /// if let keys = resolver.keys(for: CommandKey(action: "saveAllDocuments:"), in: []) {
  ///   let map = KeyboardMap(
  ///     entries: [.init(title: "Save All", keys: keys, label: keys.label(for: .linux))],
  ///     keyboard: keyboard, geometry: .ansi, platform: .linux)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - entries: The commands and their keys, in the order their layers list them.
  ///   - keyboard: The keyboard whose active layout types them and labels the keys.
  ///   - geometry: The physical keys to place them on.
  ///   - platform: The platform that says which key `.command` means and how labels look.
  public init(
    entries: [Entry], keyboard: XKBKeyboard, geometry: KeyboardGeometry,
    platform: PlatformProfile
  ) {
    let legends = Self.legends(of: geometry, keyboard: keyboard)
    var layers: [KeyModifierFlags: [Binding]] = [:]
    var unplaced: [Binding] = []
    for entry in entries {
      guard let first = entry.keys.strokes.first else { continue }
      let rest = entry.keys.strokes.dropFirst()
      let continuation =
        rest.isEmpty ? nil : KeySequence(Array(rest)).label(for: platform, layout: keyboard)
      guard
        let place = Self.place(
          first, relocating: entry.allowsAutomaticLocalization, keyboard: keyboard,
          platform: platform),
        geometry.key(forEvdevCode: place.code) != nil
      else {
        unplaced.append(
          Binding(
            title: entry.title, label: entry.label, evdevCode: nil, isEnabled: entry.isEnabled,
            continuation: continuation))
        continue
      }
      let modifiers = platform.physicalModifiers(first.modifierFlags.union(place.extra))
      layers[modifiers, default: []].append(
        Binding(
          title: entry.title, label: entry.label, evdevCode: place.code,
          needsAltGr: place.level >= 3, isEnabled: entry.isEnabled, continuation: continuation,
          isLatinFallback: place.isLatinFallback))
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
  /// Where a stroke is typed: the key of the typing engine's press
  /// (``XKBKeyboard/typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``), its
  /// level from 1, the modifiers the press adds to the stroke's (Shift, when a Shift key selects
  /// the level), and whether it is the Latin fallback's key; nil when no key types it, or for a
  /// modifier-key stroke. A stroke the layout turns into something else (Ctrl+Alt+F7) sits
  /// on the key it is pressed on.
  static func place(
    _ stroke: KeyboardShortcut, relocating: Bool, keyboard: XKBKeyboard,
    platform: PlatformProfile
  ) -> (code: Int, level: Int, extra: KeyModifierFlags, isLatinFallback: Bool)? {
    guard stroke.input.modifierKey == nil else { return nil }
    if let location = stroke.input.physicalKey.flatMap({ _ in
      keyboard.reachability(of: stroke.input).location
    }) {
      // A physical key is its own key, at level 1, on every layout.
      return (location.evdevCode, 1, [], false)
    }
    guard stroke.input.physicalKey == nil,
      let press = keyboard.typing(
        of: stroke, platform: platform, allowsAutomaticLocalization: relocating
      ).press
    else { return nil }
    let addsShift = press.levelModifierKeys.contains { $0.label == "Shift" }
    return (press.evdevCode, press.level, addsShift ? [.shift] : [], press.matchKind == .fallback)
  }

  /// A sort key for layers: fewer modifiers first, then Control, Alt, Shift, Command.
  static func order(of modifiers: KeyModifierFlags) -> [Int] {
    let flags: [KeyModifierFlags] = [.control, .alternate, .shift, .command]
    return [flags.filter { modifiers.contains($0) }.count]
      + flags.map { modifiers.contains($0) ? 0 : 1 }
  }
}
