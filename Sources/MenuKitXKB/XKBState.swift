internal import CXKBCommon
public import MenuKit

/// The state of a keyboard: which modifiers are held, latched and locked, and which layout is
/// active.
///
/// A state turns key presses into keysyms and text for one keymap. Feed it every key going
/// down and up with ``updateKey(evdevCode:direction:)``, or, when a Wayland compositor tracks
/// the state and sends it as `wl_keyboard.modifiers`, with
/// ``updateMask(depressed:latched:locked:depressedLayout:latchedLayout:lockedLayout:)``. Then
/// ask it what a key produces now:
///
/// ```swift
/// let context = XKBContext.hermetic(includePaths: ["/usr/share/X11/xkb"])
/// let state = XKBState(keymap: try XKBKeymap(context: context, names: .init(layout: "us")))
/// state.keysym(forEvdevCode: 30)  // a (KEY_A)
/// state.updateKey(evdevCode: 42, direction: .down)  // [.modsDepressed, .modsEffective]
/// state.keysym(forEvdevCode: 30)  // A
/// state.utf8(forEvdevCode: 30)  // "A"
/// state.isModifierActive(named: "Shift")  // true
/// ```
///
/// Most applications use ``XKBKeyboard``, which owns a state and turns key events into press
/// events. A state is not thread-safe, and so not `Sendable`: libxkbcommon 1.5.0 counts
/// references without atomics. Use it from one thread or task at a time, together with its
/// keymap.
public final class XKBState {
  /// The libxkbcommon state; this object owns one reference to it.
  let pointer: OpaquePointer

  /// The keymap the state was created for.
  ///
  /// Holding it keeps the log buffer of its context alive, which the C state can log into.
  public let keymap: XKBKeymap

  /// Creates a state for a keymap with nothing held, latched or locked, in the first layout.
  ///
  /// - Parameter keymap: The keymap the state translates keys with.
  public init(keymap: XKBKeymap) {
    guard let pointer = xkb_state_new(keymap.pointer) else {
      // xkb_state_new fails only when memory runs out.
      fatalError("libxkbcommon could not allocate a keyboard state (xkb_state_new)")
    }
    self.pointer = pointer
    self.keymap = keymap
  }

  deinit {
    xkb_state_unref(pointer)
  }
}

// MARK: - Components

extension XKBState {
  /// Parts of a keyboard state: modifiers and layouts, each depressed, latched, locked or
  /// effective, and the LEDs.
  ///
  /// ``XKBState/updateKey(evdevCode:direction:)`` returns the parts that changed;
  /// ``XKBState/serializeMods(_:)`` and ``XKBState/serializeLayout(_:)`` take the parts to read.
  /// The values are libxkbcommon's `enum xkb_state_component`.
  public struct Components: OptionSet, Hashable, Sendable {
    /// The raw bits, as in `enum xkb_state_component`.
    public var rawValue: UInt32

    /// Creates components from their raw bits.
    ///
    /// - Parameter rawValue: The bits; unknown ones are kept.
    public init(rawValue: UInt32) {
      self.rawValue = rawValue
    }

    /// Modifiers held down by a key (`XKB_STATE_MODS_DEPRESSED`).
    public static let modsDepressed = Components(rawValue: 1 << 0)
    /// Modifiers latched until the next key press, as with sticky keys
    /// (`XKB_STATE_MODS_LATCHED`).
    public static let modsLatched = Components(rawValue: 1 << 1)
    /// Modifiers locked until unlocked, as Caps Lock (`XKB_STATE_MODS_LOCKED`).
    public static let modsLocked = Components(rawValue: 1 << 2)
    /// The modifiers in effect: depressed, latched or locked (`XKB_STATE_MODS_EFFECTIVE`).
    public static let modsEffective = Components(rawValue: 1 << 3)
    /// The layout offset held down by a key (`XKB_STATE_LAYOUT_DEPRESSED`).
    public static let layoutDepressed = Components(rawValue: 1 << 4)
    /// The layout offset latched until the next key press (`XKB_STATE_LAYOUT_LATCHED`).
    public static let layoutLatched = Components(rawValue: 1 << 5)
    /// The locked layout, as switched by a layout toggle (`XKB_STATE_LAYOUT_LOCKED`).
    public static let layoutLocked = Components(rawValue: 1 << 6)
    /// The layout in effect (`XKB_STATE_LAYOUT_EFFECTIVE`).
    public static let layoutEffective = Components(rawValue: 1 << 7)
    /// The keyboard LEDs (`XKB_STATE_LEDS`).
    public static let leds = Components(rawValue: 1 << 8)
  }

  /// Which way a key moved.
  public enum KeyDirection: Hashable, Sendable {
    /// The key went up (`XKB_KEY_UP`).
    case up
    /// The key went down (`XKB_KEY_DOWN`).
    case down
  }
}

// MARK: - API

extension XKBState {
  /// Applies a key going down or up, as the keyboard reports it.
  ///
  /// Call this for every key, modifier or not, and never for autorepeats. Do not combine it
  /// with ``updateMask(depressed:latched:locked:depressedLayout:latchedLayout:lockedLayout:)``
  /// on the same state, except to resynchronise it.
  ///
  /// - Parameters:
  ///   - evdevCode: The evdev code of the key (`KEY_LEFTSHIFT` is 42).
  ///   - direction: Whether the key went down or up.
  /// - Returns: The parts of the state that changed; empty when nothing did, including for a
  ///   key the keymap does not have.
  @discardableResult
  public func updateKey(evdevCode: Int, direction: KeyDirection) -> Components {
    let xkbDirection = direction == .down ? XKB_KEY_DOWN : XKB_KEY_UP
    let changed = xkb_state_update_key(pointer, Self.keycode(evdevCode), xkbDirection)
    return Components(rawValue: changed.rawValue)
  }

  /// Replaces the modifiers and layouts with serialized ones, as a Wayland compositor sends
  /// them.
  ///
  /// Pass the four fields of `wl_keyboard.modifiers` as
  /// `updateMask(depressed: d, latched: l, locked: k, lockedLayout: group)`; a compositor
  /// reads them from its own state with ``serializeMods(_:)`` and ``serializeLayout(_:)``.
  ///
  /// - Parameters:
  ///   - depressed: The depressed modifiers, one bit per modifier index.
  ///   - latched: The latched modifiers.
  ///   - locked: The locked modifiers.
  ///   - depressedLayout: The depressed layout offset.
  ///   - latchedLayout: The latched layout offset.
  ///   - lockedLayout: The locked layout.
  /// - Returns: The parts of the state that changed.
  @discardableResult
  public func updateMask(
    depressed: UInt32, latched: UInt32, locked: UInt32, depressedLayout: UInt32 = 0,
    latchedLayout: UInt32 = 0, lockedLayout: UInt32 = 0
  ) -> Components {
    let changed = xkb_state_update_mask(
      pointer, depressed, latched, locked, depressedLayout, latchedLayout, lockedLayout)
    return Components(rawValue: changed.rawValue)
  }

  /// The modifiers of some parts of the state, one bit per modifier index.
  ///
  /// Bit `i` stands for the modifier at index `i` of ``XKBKeymap/modifierNames``: with the
  /// usual keymaps Shift is bit 0, Lock bit 1, Control bit 2, Mod1 (Alt) bit 3 and Mod4
  /// (Super) bit 6.
  ///
  /// - Parameter components: The parts to combine, such as `.modsDepressed` or
  ///   `.modsEffective`; layout parts are ignored.
  /// - Returns: The modifiers active in any of those parts.
  public func serializeMods(_ components: Components) -> UInt32 {
    xkb_state_serialize_mods(pointer, xkb_state_component(rawValue: components.rawValue))
  }

  /// The layout of some parts of the state.
  ///
  /// - Parameter components: The layout parts to combine, such as `.layoutLocked` or
  ///   `.layoutEffective`; modifier parts are ignored.
  /// - Returns: The layout index; for several parts, their sum as libxkbcommon computes it.
  public func serializeLayout(_ components: Components) -> UInt32 {
    xkb_state_serialize_layout(pointer, xkb_state_component(rawValue: components.rawValue))
  }

  /// The keysym a key produces now, or `NoSymbol` when it produces none or several.
  ///
  /// Caps Lock capitalizes the keysym; Control does not change it (libxkbcommon applies
  /// Control only to text).
  ///
  /// - Parameter code: The evdev code of the key.
  /// - Returns: The keysym, or ``Keysym/noSymbol``.
  public func keysym(forEvdevCode code: Int) -> Keysym {
    Keysym(rawValue: xkb_state_key_get_one_sym(pointer, Self.keycode(code)))
  }

  /// Every keysym a key produces now; most keys produce one.
  ///
  /// - Parameter code: The evdev code of the key.
  /// - Returns: The keysyms, without Caps Lock capitalization; empty for a key that produces
  ///   nothing.
  public func keysyms(forEvdevCode code: Int) -> [Keysym] {
    var symbols: UnsafePointer<xkb_keysym_t>?
    let count = xkb_state_key_get_syms(pointer, Self.keycode(code), &symbols)
    guard count > 0, let symbols else { return [] }
    return UnsafeBufferPointer(start: symbols, count: Int(count)).map(Keysym.init(rawValue:))
  }

  /// The text a key types now, such as `"A"` with Shift held.
  ///
  /// Caps Lock capitalizes letters and Control turns them into control characters
  /// (Control+A types U+0001), as libxkbcommon does. The text is never truncated.
  ///
  /// - Parameter code: The evdev code of the key.
  /// - Returns: The text; empty when the key types nothing, as with Escape or Shift.
  public func utf8(forEvdevCode code: Int) -> String {
    let keycode = Self.keycode(code)
    let length = Int(xkb_state_key_get_utf8(pointer, keycode, nil, 0))
    guard length > 0 else { return "" }
    return String(unsafeUninitializedCapacity: length + 1) { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        Int(xkb_state_key_get_utf8(pointer, keycode, chars.baseAddress, chars.count))
      }
    }
  }

  /// Whether a modifier is in effect: depressed, latched or locked.
  ///
  /// - Parameter name: The modifier's name, such as `Shift`, `Lock`, `Control`, `Mod1` or a
  ///   virtual modifier such as `Alt` or `NumLock`; see ``XKBKeymap/modifierNames``.
  /// - Returns: Whether it is active; `false` for a name the keymap does not have.
  public func isModifierActive(named name: String) -> Bool {
    xkb_state_mod_name_is_active(pointer, name, XKB_STATE_MODS_EFFECTIVE) > 0
  }

  /// The index of the layout in effect, from 0.
  public var activeLayout: Int {
    Int(xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE))
  }

  /// The name of the layout in effect, such as `English (US)`; `nil` when it has none.
  public var layoutName: String? {
    let layout = xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE)
    guard let name = xkb_keymap_layout_get_name(keymap.pointer, layout) else { return nil }
    return String(cString: name)
  }

  /// The modifiers that a key used up to produce its keysym, by GTK's rules.
  ///
  /// A shortcut matches when the keysym is right and the active modifiers *minus the consumed
  /// ones* are the shortcut's: on a layout where `+` needs Shift, Shift+`+` is consumed, so
  /// Ctrl+Shift+`+` matches a Ctrl+`+` shortcut. This uses
  /// `xkb_state_key_get_consumed_mods2` with `XKB_CONSUMED_MODE_GTK`: all the active
  /// modifiers together count as consumed when they change the key's keysyms, and a single
  /// modifier that changes them on its own counts even when it is not active, so Shift is
  /// consumed for every letter, with or without Shift held. Modifiers the keymap preserves
  /// do not count.
  ///
  /// - Parameter code: The evdev code of the key.
  /// - Returns: The consumed modifiers among shift, control, alternate (Mod1) and command
  ///   (Mod4).
  public func consumedModifiers(forEvdevCode code: Int) -> KeyModifierFlags {
    let mask = xkb_state_key_get_consumed_mods2(pointer, Self.keycode(code), XKB_CONSUMED_MODE_GTK)
    var flags: KeyModifierFlags = []
    for (name, flag) in Self.shortcutModifierNames {
      let index = xkb_keymap_mod_get_index(keymap.pointer, name)
      if index < 32, mask & (1 << index) != 0 {
        flags.insert(flag)
      }
    }
    return flags
  }

  /// Whether a keyboard LED is lit, such as `Caps Lock` or `Num Lock`.
  ///
  /// - Parameter name: The LED's name in the keymap.
  /// - Returns: Whether it is lit; `false` for a name the keymap does not have.
  public func isLEDActive(named name: String) -> Bool {
    xkb_state_led_name_is_active(pointer, name) > 0
  }
}

// MARK: - Internal

extension XKBState {
  /// The real modifiers that stand for the shortcut flags, as decision 0004 maps them.
  static let shortcutModifierNames: [(String, KeyModifierFlags)] = [
    ("Shift", .shift), ("Control", .control), ("Mod1", .alternate), ("Mod4", .command),
  ]

  /// The XKB keycode of an evdev code; codes no keycode can represent give an invalid one,
  /// which every libxkbcommon query treats as a key the keymap does not have.
  static func keycode(_ evdevCode: Int) -> xkb_keycode_t {
    Keycodes.xkb(evdev: evdevCode) ?? XKB_KEYCODE_INVALID
  }
}
