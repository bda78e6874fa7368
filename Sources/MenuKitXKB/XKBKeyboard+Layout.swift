internal import CXKBCommon
public import MenuKit

// MARK: - Layout questions for key-command matching

extension XKBKeyboard: KeyboardLayoutProviding {
  /// The modifiers the key's translation used up to produce its keysym, by GTK's rules.
  ///
  /// The answer is computed in the state the press was read in, rebuilt from the key's
  /// ``Key/modifierFlags``: Shift, Control, Alt (Mod1), Super (Mod4) and Caps Lock come from
  /// the key, so calling this after ``handle(_:)`` has moved on (or for a press read earlier)
  /// gives the press's own answer. The modifiers a key does not report (AltGr, Num Lock) and
  /// the layout are taken from the current state; they change only with modifier and group
  /// keys, which do not trigger key commands.
  ///
  /// ```swift
  /// // Ctrl+Shift+/ on us:
  /// keyboard.consumedModifiers(for: key)  // [.shift]: it produced `question`
  /// ```
  ///
  /// - Parameter key: The key of a press from this keyboard.
  /// - Returns: The consumed modifiers among shift, control, alternate and command.
  public func consumedModifiers(for key: Key) -> KeyModifierFlags {
    let masks = modifierMasks
    // The answer depends only on the key and these masks: computed once for each.
    let cacheKey = pressState(of: key, flags: key.modifierFlags)
    let slot = key.evdevCode & (ConsumedModifiersCache.slotCount - 1)
    if let recent = consumedCache.recent[slot], recent.key == cacheKey { return recent.flags }
    let keepsEveryAnswer = consumedCache.keepsEveryAnswer
    if keepsEveryAnswer, let known = consumedCache.entries[cacheKey] {
      consumedCache.remember(known, for: cacheKey, inSlot: slot)
      return known
    }
    guard let scratch = consumedCache.scratchState(keymap: keymapPointer) else {
      return state.consumedModifiers(forEvdevCode: key.evdevCode)
    }
    xkb_state_update_mask(
      scratch, cacheKey.depressed, cacheKey.latched, cacheKey.locked, 0, 0, cacheKey.layout)
    let consumed = xkb_state_key_get_consumed_mods2(
      scratch, XKBState.keycode(key.evdevCode), XKB_CONSUMED_MODE_GTK)
    var result: KeyModifierFlags = []
    if consumed & masks.shift != 0 { result.insert(.shift) }
    if consumed & masks.control != 0 { result.insert(.control) }
    if consumed & masks.alternate != 0 { result.insert(.alternate) }
    if consumed & masks.command != 0 { result.insert(.command) }
    if keepsEveryAnswer {
      consumedCache.record(result, for: cacheKey, inSlot: slot)
    } else {
      consumedCache.remember(result, for: cacheKey, inSlot: slot)
    }
    return result
  }

  /// The keysym the key produces in the press's state without Shift: `bracketleft` for
  /// Ctrl+Shift+[ on US QWERTY (whose keysym is `braceleft`), `7` for Shift+7 on German.
  ///
  /// Like ``consumedModifiers(for:)``, the state is rebuilt from the key's
  /// ``Key/modifierFlags`` (minus Shift), with AltGr, Num Lock and the layout taken from the
  /// current state.
  ///
  /// - Parameter key: The key of a press from this keyboard.
  /// - Returns: The keysym without Shift's effect.
  public func unshiftedKeysym(for key: Key) -> Keysym {
    let cacheKey = pressState(of: key, flags: key.modifierFlags.subtracting(.shift))
    if let known = unshiftedCache.entries[cacheKey] { return known }
    guard let scratch = xkb_state_new(keymapPointer) else { return key.keysymIgnoringModifiers }
    defer { xkb_state_unref(scratch) }
    xkb_state_update_mask(
      scratch, cacheKey.depressed, cacheKey.latched, cacheKey.locked, 0, 0, cacheKey.layout)
    let keysym = Keysym(
      rawValue: xkb_state_key_get_one_sym(scratch, XKBState.keycode(key.evdevCode)))
    unshiftedCache.entries[cacheKey] = keysym
    return keysym
  }

  /// The state a press of `key` was read in, rebuilt with the modifiers `flags` (Shift,
  /// Control, Alt, Super, Caps Lock); the modifiers a key does not report (AltGr, Num Lock) and
  /// the layout come from the current state. The key of the layout-answer caches.
  func pressState(of key: Key, flags: KeyModifierFlags) -> ConsumedModifiersCache.Key {
    let masks = modifierMasks
    let reported = masks.shift | masks.lock | masks.control | masks.alternate | masks.command
    var depressed = xkb_state_serialize_mods(statePointer, XKB_STATE_MODS_DEPRESSED) & ~reported
    let latched = xkb_state_serialize_mods(statePointer, XKB_STATE_MODS_LATCHED) & ~reported
    var locked = xkb_state_serialize_mods(statePointer, XKB_STATE_MODS_LOCKED) & ~reported
    if flags.contains(.shift) { depressed |= masks.shift }
    if flags.contains(.control) { depressed |= masks.control }
    if flags.contains(.alternate) { depressed |= masks.alternate }
    if flags.contains(.command) { depressed |= masks.command }
    if flags.contains(.alphaShift) { locked |= masks.lock }
    return ConsumedModifiersCache.Key(
      evdevCode: key.evdevCode, depressed: depressed, latched: latched, locked: locked,
      layout: xkb_state_serialize_layout(statePointer, XKB_STATE_LAYOUT_EFFECTIVE))
  }

  /// The Latin keysyms the key produces at its first level in the keymap's other layouts,
  /// in layout order, or else on US QWERTY.
  ///
  /// A keysym is Latin when it is a printable ASCII character (a letter, digit or
  /// punctuation). With `us,ru` and Russian active, the key of `щ` gives `o`; with Russian
  /// alone, the US QWERTY keymap (compiled once from the system's XKB data) gives `o`.
  ///
  /// - Parameter key: The key of a press from this keyboard.
  /// - Returns: The Latin keysyms; empty when neither source has one.
  public func latinKeysyms(for key: Key) -> [Keysym] {
    let keymap = state.keymap
    let active = state.activeLayout
    var result: [Keysym] = []
    for layout in 0..<keymap.layoutCount where layout != active {
      if let keysym = keymap.keysyms(forEvdevCode: key.evdevCode, layout: layout, level: 0)
        .first(where: Self.isLatinKeysym), !result.contains(keysym)
      {
        result.append(keysym)
      }
    }
    if result.isEmpty, let keysym = USQWERTY.keysyms[key.evdevCode] {
      result.append(keysym)
    }
    return result
  }

  /// Whether a keysym is a printable ASCII character other than space.
  static func isLatinKeysym(_ keysym: Keysym) -> Bool {
    (0x21...0x7e).contains(keysym.rawValue)
  }
}

/// The first-level Latin keysyms of US QWERTY, by evdev code.
enum USQWERTY {
  /// Compiled on first use from the system's XKB data, ignoring the environment; empty when
  /// the data is missing.
  static let keysyms: [Int: Keysym] = {
    let context = XKBContext.system()
    guard let keymap = try? XKBKeymap(context: context, names: .init(layout: "us")) else {
      return [:]
    }
    var table: [Int: Keysym] = [:]
    for code in keymap.evdevCodes {
      if let keysym = keymap.keysyms(forEvdevCode: code, layout: 0, level: 0).first,
        XKBKeyboard.isLatinKeysym(keysym)
      {
        table[code] = keysym
      }
    }
    return table
  }()

  /// The keys and the inputs of their keysyms (``keysyms``), by evdev code: the order the
  /// Latin fallback files them in (``XKBKeyboard/fallbackIndex``).
  static let fallbackInputs: [(code: Int, input: KeyInput?)] = keysyms.sorted {
    $0.key < $1.key
  }.map { ($0.key, KeyInput(keysym: $0.value)) }

  /// The Latin fallback's index of a keymap with one layout group: US QWERTY's keys alone,
  /// filed as ``XKBKeyboard/fallbackIndex`` files them.
  static let fallbackIndex: [KeyInput: [Int]] = {
    var index: [KeyInput: [Int]] = [:]
    for (code, input) in fallbackInputs { XKBKeyboard.addFallback(input, code, to: &index) }
    return index
  }()
}

/// Consumed modifiers by key and modifier state, as an ``XKBKeyboard`` has computed them.
final class ConsumedModifiersCache {
  /// Whether ``entries`` keeps every answer (else only ``recent`` does): see
  /// ``XKBKeyboard/init(typingOn:)``.
  let keepsEveryAnswer: Bool
  /// A state of the keymap that answers are computed in, made on first use; each answer sets
  /// all of its modifiers and layout (`xkb_state_update_mask`) and no key ever goes down in
  /// it, so it answers as a new state would.
  private var scratch: OpaquePointer?

  /// Creates an empty cache.
  ///
  /// - Parameter keepsEveryAnswer: Whether every answer is kept, or only the latest per key.
  init(keepsEveryAnswer: Bool = true) {
    self.keepsEveryAnswer = keepsEveryAnswer
  }

  deinit {
    if let scratch { xkb_state_unref(scratch) }
  }

  /// The state answers are computed in, made for `keymap` on first use (the keymap of the
  /// keyboards that share this cache); nil when libxkbcommon cannot make one.
  func scratchState(keymap: OpaquePointer) -> OpaquePointer? {
    if let scratch { return scratch }
    scratch = xkb_state_new(keymap)
    return scratch
  }

  struct Key: Hashable {
    var evdevCode: Int
    var depressed: UInt32
    var latched: UInt32
    var locked: UInt32
    var layout: UInt32
  }

  // Both stores are read on every press and changed in a local variable they are swapped
  // into and back out of (so in place): each property is only read, assigned or swapped
  // whole, and the compiler proves its accesses never overlap (no run-time exclusivity
  // check).
  /// Every answer computed.
  private(set) var entries: [Key: KeyModifierFlags] = [:]
  /// The last answer for each key (by the low bits of its code), checked before hashing:
  /// shortcuts repeat a few keys in a few states.
  private(set) var recent = [(key: Key, flags: KeyModifierFlags)?](
    repeating: nil, count: slotCount)
  /// How many keys ``recent`` remembers: a power of two above the common evdev codes.
  static let slotCount = 256

  /// Makes a known answer the slot's recent one.
  func remember(_ flags: KeyModifierFlags, for key: Key, inSlot slot: Int) {
    var slots: [(key: Key, flags: KeyModifierFlags)?] = []
    swap(&slots, &recent)
    slots[slot] = (key, flags)
    swap(&slots, &recent)
  }

  /// Records a new answer, and makes it the slot's recent one.
  func record(_ flags: KeyModifierFlags, for key: Key, inSlot slot: Int) {
    var known: [Key: KeyModifierFlags] = [:]
    swap(&known, &entries)
    known[key] = flags
    swap(&known, &entries)
    remember(flags, for: key, inSlot: slot)
  }
}

/// Keysyms without Shift by key and modifier state, as an ``XKBKeyboard`` has computed them.
final class UnshiftedKeysymCache {
  var entries: [ConsumedModifiersCache.Key: Keysym] = [:]
}
