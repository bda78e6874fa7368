public import MenuKit

/// What a key is labelled on a layout, read from its keysyms.
///
/// A letter key shows its capital (`Ö` for `odiaeresis`/`Odiaeresis` on German); another
/// character key shows its unshifted character and, above it, its shifted one (`ß` and `?`);
/// ``altGr`` is the third level's character (`@` on German Q). A key that types no character
/// shows a short name for its keysym (`Esc`, `⇧ Shift`, `AltGr`, `F5`, `↑`). Dead keys show
/// their accent (`^` for `dead_circumflex`).
///
/// ```swift
/// KeyLegend(base: "ß", shifted: "?", altGr: "\\")
/// ```
public struct KeyLegend: Hashable, Sendable {
  /// The main legend: the capital of a letter, the unshifted character, or the key's name.
  public var base: String
  /// The shifted character, when it is not the capital of ``base``.
  public var shifted: String?
  /// The character typed with AltGr (level 3), when it differs from the others.
  public var altGr: String?
  /// The modifier the key is, when it is one: Shift, Control, Alt, Command (Super) or
  /// ``KeyModifierFlags/alphaShift`` (Caps Lock); an empty set for a level key such as AltGr,
  /// which is a modifier but none of the shortcut modifiers. Nil for other keys.
  public var modifier: KeyModifierFlags?

  /// Creates a legend.
  ///
  /// - Parameters:
  ///   - base: The main legend.
  ///   - shifted: The shifted character, or nil.
  ///   - altGr: The AltGr character, or nil.
  ///   - modifier: The modifier the key is, or nil.
  public init(
    base: String, shifted: String? = nil, altGr: String? = nil,
    modifier: KeyModifierFlags? = nil
  ) {
    self.base = base
    self.shifted = shifted
    self.altGr = altGr
    self.modifier = modifier
  }
}

// MARK: - Internal

extension KeyboardMap {
  /// The legends of a geometry's keys on the keyboard's active layout.
  static func legends(of geometry: KeyboardGeometry, keyboard: XKBKeyboard) -> [Int: KeyLegend] {
    let keymap = keyboard.state.keymap
    let layout = keyboard.state.activeLayout
    var legends: [Int: KeyLegend] = [:]
    for key in geometry.keys {
      let levels = keymap.levelCount(forEvdevCode: key.evdevCode, layout: layout)
      let keysyms = (0..<min(levels, 3)).map {
        keymap.keysyms(forEvdevCode: key.evdevCode, layout: layout, level: $0).first
      }
      if let legend = legend(keysyms) { legends[key.evdevCode] = legend }
    }
    return legends
  }

  /// The legend of a key whose levels 1–3 have these keysyms; nil when the first has none.
  static func legend(_ keysyms: [Keysym?]) -> KeyLegend? {
    guard let first = keysyms.first, let first else { return nil }
    guard let base = text(of: first) else {
      let name = first.nameOrValue
      return KeyLegend(base: keyNames[name] ?? name, modifier: modifierKeys[name])
    }
    let shifted = keysyms.count > 1 ? keysyms[1].flatMap(text(of:)) : nil
    let third = keysyms.count > 2 ? keysyms[2].flatMap(text(of:)) : nil
    let altGr = third.flatMap { $0 == base || $0 == shifted ? nil : $0 }
    if let shifted, shifted != base, base.uppercased() == shifted {
      return KeyLegend(base: shifted, altGr: altGr)
    }
    return KeyLegend(base: base, shifted: shifted == base ? nil : shifted, altGr: altGr)
  }

  /// The printable text of a keysym, or a dead key's accent; nil for keys that type no
  /// printable character (control characters, space, function keys).
  static func text(of keysym: Keysym) -> String? {
    if let name = keysym.name, let accent = deadKeys[name] { return accent }
    guard let value = keysym.utf32, value > 0x20, !(0x7f...0x9f).contains(value),
      let character = keysym.character
    else { return nil }
    return String(character)
  }

  /// Short names of keysyms that type nothing printable.
  static let keyNames: [String: String] = [
    "Escape": "Esc", "Tab": "Tab ⇥", "ISO_Left_Tab": "Tab ⇥", "Return": "Enter ↵",
    "BackSpace": "⌫", "Caps_Lock": "Caps Lock", "Shift_L": "⇧ Shift", "Shift_R": "⇧ Shift",
    "Control_L": "Ctrl", "Control_R": "Ctrl", "Alt_L": "Alt", "Alt_R": "Alt",
    "Meta_L": "Meta", "Meta_R": "Meta", "ISO_Level3_Shift": "AltGr", "Mode_switch": "AltGr",
    "Super_L": "Super", "Super_R": "Super", "Hyper_L": "Hyper", "Hyper_R": "Hyper",
    "Menu": "Menu", "Multi_key": "Compose", "Insert": "Ins", "Delete": "Del",
    "Home": "Home", "End": "End", "Prior": "PgUp", "Next": "PgDn", "Up": "↑", "Down": "↓",
    "Left": "←", "Right": "→", "space": "Space", "nobreakspace": "Space", "Print": "Print",
  ]

  /// The modifier each modifier keysym is.
  static let modifierKeys: [String: KeyModifierFlags] = [
    "Shift_L": .shift, "Shift_R": .shift, "Control_L": .control, "Control_R": .control,
    "Alt_L": .alternate, "Alt_R": .alternate, "Meta_L": .alternate, "Meta_R": .alternate,
    "ISO_Level3_Shift": [], "Mode_switch": [], "Super_L": .command,
    "Super_R": .command, "Hyper_L": .command, "Hyper_R": .command, "Caps_Lock": .alphaShift,
  ]

  /// The accents of dead keys.
  static let deadKeys: [String: String] = [
    "dead_grave": "`", "dead_acute": "´", "dead_circumflex": "^", "dead_tilde": "~",
    "dead_diaeresis": "¨", "dead_cedilla": "¸", "dead_caron": "ˇ", "dead_abovering": "°",
    "dead_macron": "¯", "dead_breve": "˘", "dead_abovedot": "˙", "dead_ogonek": "˛",
    "dead_doubleacute": "˝",
  ]
}
