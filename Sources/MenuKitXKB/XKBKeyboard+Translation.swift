internal import CXKBCommon
internal import MenuKit

// MARK: - Reading keys

extension XKBKeyboard {
  /// The key for an evdev code in the current state, from the cache when the state is the
  /// one the cached key was read in.
  func currentKey(evdevCode code: Int, keycode: xkb_keycode_t) -> Key {
    let mods = xkb_state_serialize_mods(statePointer, XKB_STATE_MODS_EFFECTIVE)
    let layout = xkb_state_serialize_layout(statePointer, XKB_STATE_LAYOUT_EFFECTIVE)
    let set = keyCache.set(for: code)
    for way in 0..<KeyCache.ways {
      let entry = set + way
      if entry.pointee.evdevCode == code, entry.pointee.mods == mods,
        entry.pointee.layout == layout
      {
        return entry.pointee.key
      }
    }
    let key = makeKey(evdevCode: code, keycode: keycode, mods: mods)
    keyCache.insert(
      KeyCache.Entry(evdevCode: code, mods: mods, layout: layout, key: key), into: set)
    return key
  }

  /// Reads a key in the current state by decision 0004; `mods` are the effective modifiers.
  func makeKey(evdevCode code: Int, keycode: xkb_keycode_t, mods: xkb_mod_mask_t) -> Key {
    let keysym = xkb_state_key_get_one_sym(statePointer, keycode)
    var characters = text(forKeycode: keycode)
    let layout = xkb_state_key_get_layout(statePointer, keycode)
    let base = baseSymbols.entry(keycode: keycode, layout: layout)
    var ignoringModifiers = base.text
    // A special key that types nothing (an arrow, F5) reports UIKit's input string for it,
    // in both texts; a key that types text (the keypad's 1 with Num Lock) keeps its texts.
    if Self.typesNoText(characters) {
      if let name = KeyInput.specialKeyText(forKeysym: Keysym(rawValue: keysym)) {
        characters = name
      }
      if Self.typesNoText(ignoringModifiers),
        let name = KeyInput.specialKeyText(forKeysym: Keysym(rawValue: base.keysym))
      {
        ignoringModifiers = name
      }
    }
    var flags = modifierMasks.flags(for: mods)
    if Self.isKeypadKey(code) {
      flags.insert(.numericPad)
    }
    return Key(
      keyCode: KeyboardHIDUsage(evdevCode: code), evdevCode: code, characters: characters,
      charactersIgnoringModifiers: ignoringModifiers, modifierFlags: flags,
      keysym: Keysym(rawValue: keysym), keysymIgnoringModifiers: Keysym(rawValue: base.keysym))
  }

  /// Whether a key's text is no typed text: empty, or the DEL that forward Delete produces.
  static func typesNoText(_ text: String) -> Bool {
    text.isEmpty || text == "\u{7F}"
  }

  /// The text a key types in the current state, read into the reused buffer.
  func text(forKeycode keycode: xkb_keycode_t) -> String {
    let length = Int(
      xkb_state_key_get_utf8(statePointer, keycode, textBuffer.baseAddress, textBuffer.count))
    guard length > 0 else { return "" }
    if length < textBuffer.count {
      return String(
        decoding: UnsafeRawBufferPointer(start: textBuffer.baseAddress, count: length),
        as: UTF8.self)
    }
    // Longer than the buffer (a key with many keysyms): read it whole into a bigger one.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
      let written = Int(
        xkb_state_key_get_utf8(statePointer, keycode, buffer.baseAddress, buffer.count))
      return String(
        decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: min(written, length)),
        as: UTF8.self)
    }
  }

  /// Whether an evdev code names a key of the numeric keypad.
  ///
  /// These are `KEY_KP0` … `KEY_KP9`, the keypad's operators, Enter, decimal point, comma,
  /// equals sign, plus-minus and parentheses, and `KEY_NUMLOCK`: Num Lock sits in the keypad
  /// block, and its HID usage is `keypadNumLock`.
  static func isKeypadKey(_ code: Int) -> Bool {
    guard code >= 0, code < keypadTable.count else { return false }
    return keypadTable[code]
  }

  /// ``isKeypadKey(_:)`` as a table indexed by evdev code.
  static let keypadTable: [Bool] = {
    let keypadCodes = [
      55,  // KEY_KPASTERISK
      69,  // KEY_NUMLOCK
      71, 72, 73,  // KEY_KP7, KEY_KP8, KEY_KP9
      74,  // KEY_KPMINUS
      75, 76, 77,  // KEY_KP4, KEY_KP5, KEY_KP6
      78,  // KEY_KPPLUS
      79, 80, 81,  // KEY_KP1, KEY_KP2, KEY_KP3
      82,  // KEY_KP0
      83,  // KEY_KPDOT
      95,  // KEY_KPJPCOMMA
      96,  // KEY_KPENTER
      98,  // KEY_KPSLASH
      117,  // KEY_KPEQUAL
      118,  // KEY_KPPLUSMINUS
      121,  // KEY_KPCOMMA
      179, 180,  // KEY_KPLEFTPAREN, KEY_KPRIGHTPAREN
    ]
    var table = [Bool](repeating: false, count: 192)
    for code in keypadCodes {
      table[code] = true
    }
    return table
  }()
}

// MARK: - Key cache

extension XKBKeyboard {
  /// The last keys read for each evdev code, with the effective modifiers and layout they
  /// were read in.
  ///
  /// libxkbcommon derives a key's keysym, level and text from the effective modifiers and
  /// layout alone, and the keymap never changes, so a key read again in an equal state reads
  /// the same. Typing mostly repeats a few keys in few states: the cache skips
  /// `xkb_state_key_get_one_sym`, `xkb_state_key_get_utf8` and building the ``Key`` for them,
  /// and makes a key-up, which reads the key in the state of its key-down, nearly free.
  ///
  /// The cache is two-way set-associative: the set of an evdev code is its low bits, so every
  /// key of a common keyboard has its own set, and each set keeps the key in its two most
  /// recent states (a letter with and without Shift; a modifier key up and down). Its memory
  /// is unmanaged, which spares each event the exclusivity and uniqueness checks of a Swift
  /// array held by a class.
  struct KeyCache {
    /// One entry: a key, the code it is for, and the state it was read in.
    struct Entry {
      var evdevCode: Int
      var mods: xkb_mod_mask_t
      var layout: xkb_layout_index_t
      var key: Key

      /// An entry that matches no code.
      static let empty = Entry(
        evdevCode: .min, mods: 0, layout: 0,
        key: Key(
          keyCode: nil, evdevCode: .min, characters: "", charactersIgnoringModifiers: "",
          modifierFlags: [], keysym: .noSymbol, keysymIgnoringModifiers: .noSymbol))
    }

    /// The number of sets, a power of two above the codes of a common keyboard's keys.
    static let sets = 128
    /// The entries per set.
    static let ways = 2

    /// The entries, set after set; the first of a set is its most recent.
    let entries: UnsafeMutableBufferPointer<Entry>

    init() {
      entries = .allocate(capacity: Self.sets * Self.ways)
      entries.initialize(repeating: .empty)
    }

    /// The first entry of the set for an evdev code.
    func set(for code: Int) -> UnsafeMutablePointer<Entry> {
      // sets is a power of two, so the mask is in range even for negative codes.
      entries.baseAddress.unsafelyUnwrapped + (code & (Self.sets - 1)) * Self.ways
    }

    /// Makes an entry the most recent of its set, dropping the least recent.
    func insert(_ entry: consuming Entry, into set: UnsafeMutablePointer<Entry>) {
      (set + 1).moveUpdate(from: set, count: 1)
      set.initialize(to: entry)
    }

    /// Frees the entries; the cache must not be used afterwards.
    func deallocate() {
      _ = entries.deinitialize()
      entries.deallocate()
    }
  }
}

// MARK: - Modifier masks

extension XKBKeyboard {
  /// The effective-modifier bits that become UIKit's modifier flags, looked up once.
  struct ModifierMasks {
    let shift: xkb_mod_mask_t
    let lock: xkb_mod_mask_t
    let control: xkb_mod_mask_t
    let alternate: xkb_mod_mask_t
    let command: xkb_mod_mask_t

    /// Looks the modifiers of decision 0004 up in a keymap: Shift, Lock (Caps Lock), Control,
    /// Mod1 (Alt) and Mod4 (Super).
    init(keymap: OpaquePointer) {
      func mask(_ name: String) -> xkb_mod_mask_t {
        let index = xkb_keymap_mod_get_index(keymap, name)
        return index < 32 ? 1 << index : 0
      }
      shift = mask("Shift")
      lock = mask("Lock")
      control = mask("Control")
      alternate = mask("Mod1")
      command = mask("Mod4")
    }

    /// The flags for a mask of effective modifiers.
    func flags(for mods: xkb_mod_mask_t) -> KeyModifierFlags {
      var flags: KeyModifierFlags = []
      if mods & shift != 0 { flags.insert(.shift) }
      if mods & lock != 0 { flags.insert(.alphaShift) }
      if mods & control != 0 { flags.insert(.control) }
      if mods & alternate != 0 { flags.insert(.alternate) }
      if mods & command != 0 { flags.insert(.command) }
      return flags
    }
  }
}

// MARK: - First-level symbols

extension XKBKeyboard {
  /// Every key's first-level keysym and the text of ``Key/charactersIgnoringModifiers``, per
  /// layout, computed once per keymap.
  struct BaseSymbols {
    /// A key's first-level keysym and its text.
    struct Entry {
      var keysym: xkb_keysym_t
      var text: String

      /// No key, or a layout the key does not have.
      static let none = Entry(keysym: 0, text: "")
    }

    /// The lowest XKB keycode of the keymap.
    let minimumKeycode: xkb_keycode_t
    /// How many layouts the keymap has.
    let layoutCount: Int
    /// The entries, by keycode and then layout.
    let entries: [Entry]

    init(keymap: OpaquePointer) {
      minimumKeycode = xkb_keymap_min_keycode(keymap)
      let maximumKeycode = xkb_keymap_max_keycode(keymap)
      layoutCount = Int(xkb_keymap_num_layouts(keymap))
      var entries: [Entry] = []
      if maximumKeycode >= minimumKeycode {
        entries.reserveCapacity(Int(maximumKeycode - minimumKeycode + 1) * layoutCount)
        for keycode in minimumKeycode...maximumKeycode {
          for layout in 0..<xkb_layout_index_t(layoutCount) {
            entries.append(Self.entry(keymap: keymap, keycode: keycode, layout: layout))
          }
        }
      }
      self.entries = entries
    }

    /// The entry of a key in a layout, or ``Entry/none``.
    func entry(keycode: xkb_keycode_t, layout: xkb_layout_index_t) -> Entry {
      guard keycode >= minimumKeycode, Int(layout) < layoutCount else { return .none }
      let index = Int(keycode - minimumKeycode) * layoutCount + Int(layout)
      return index < entries.count ? entries[index] : .none
    }

    /// Reads a key's first-level keysyms and turns them into text by decision 0004.
    static func entry(
      keymap: OpaquePointer, keycode: xkb_keycode_t, layout: xkb_layout_index_t
    ) -> Entry {
      var symbols: UnsafePointer<xkb_keysym_t>?
      let count = Int(xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, 0, &symbols))
      guard count > 0, let symbols else { return .none }
      let keysyms = UnsafeBufferPointer(start: symbols, count: count)
      // A key with several keysyms at a level has no single keysym, as in
      // xkb_state_key_get_one_sym, and its text is theirs together.
      let keysym = count == 1 ? keysyms[0] : 0
      if keysyms.contains(where: isModifierKeysym) {
        return Entry(keysym: keysym, text: "")
      }
      var text = ""
      for symbol in keysyms {
        text += baseText(symbol)
      }
      return Entry(keysym: keysym, text: text)
    }

    /// A keysym's character, lowercase when it is a Latin letter.
    static func baseText(_ keysym: xkb_keysym_t) -> String {
      let codePoint = xkb_keysym_to_utf32(keysym)
      guard codePoint != 0, let scalar = Unicode.Scalar(codePoint) else { return "" }
      if isLatinLetter(scalar), scalar.properties.changesWhenLowercased {
        return scalar.properties.lowercaseMapping
      }
      return String(Character(scalar))
    }
  }

  /// Whether a keysym is a modifier's: Shift, Control, Caps Lock, Shift Lock, Meta, Alt,
  /// Super, Hyper, the ISO level and group keys, Mode_switch and Num_Lock.
  ///
  /// libxkbcommon 1.5.0 has no public `xkb_keysym_is_modifier`; this is its definition.
  static func isModifierKeysym(_ keysym: xkb_keysym_t) -> Bool {
    switch keysym {
    case 0xffe1...0xffee: true  // XKB_KEY_Shift_L … XKB_KEY_Hyper_R
    case 0xfe01...0xfe13: true  // XKB_KEY_ISO_Lock … XKB_KEY_ISO_Level5_Lock
    case 0xff7e, 0xff7f: true  // XKB_KEY_Mode_switch, XKB_KEY_Num_Lock
    default: false
    }
  }

  /// Whether a scalar is a letter of the Latin script, in any of Unicode's Latin blocks.
  static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x41...0x5a, 0x61...0x7a,  // Basic Latin
      0xc0...0x24f,  // Latin-1 Supplement, Latin Extended-A and -B
      0x1e00...0x1eff,  // Latin Extended Additional
      0x2c60...0x2c7f,  // Latin Extended-C
      0xa720...0xa7ff,  // Latin Extended-D
      0xab30...0xab6f,  // Latin Extended-E
      0xff21...0xff3a, 0xff41...0xff5a:  // Fullwidth Latin letters
      scalar.properties.isAlphabetic
    default:
      false
    }
  }
}
