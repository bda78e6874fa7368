/// MenuKit's stroke semantics, stated once: how a press reads as strokes, where a stroke is
/// matched on a layout, and which of the two meet (docs/decisions/0009-stroke-semantics.md).
///
/// Every question of the form "does this press trigger that stroke" is answered here:
/// ``KeyCommandMatcher`` (and through it the key dispatcher, `menu-dump trace` and
/// `keymap-lint how-to-type`) and ``KeyBindingResolver`` (keymaps, `menu-dump explain`) read
/// presses with ``readings(of:layout:)``, place strokes with
/// ``target(of:allowsLocalization:allowsMirroring:layout:direction:)`` and compare them with
/// ``match(_:_:)``. Indexes (the dispatcher's chord index, the resolver's first strokes) file
/// strokes under the keys these functions give, so they find exactly what the rules accept.
enum StrokeRules {
  /// A key-command input as the rules compare it: its index code (``KeyInput/indexCode``) or,
  /// for the few inputs of several scalars, the lowercased input itself. Two inputs compare
  /// equal exactly when their chord keys do.
  struct ChordKey: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
      case code(UInt32)
      case input(KeyInput)
    }
    private let storage: Storage

    /// The key of an input, lowercased.
    init(_ input: KeyInput) {
      let lowered = input.lowercased
      storage = lowered.indexCode.map(Storage.code) ?? .input(lowered)
    }

    /// The key of a coded input (``KeyInput/lowercasedIndexCode(forKeysym:)``).
    init(code: UInt32) { storage = .code(code) }

    /// The index code, when the input has one.
    var code: UInt32? {
      if case .code(let code) = storage { return code }
      return nil
    }

    /// The input of several scalars, when it has no code.
    var uncodedInput: KeyInput? {
      if case .input(let input) = storage { return input }
      return nil
    }
  }

  /// One way a press reads as a stroke: a key and the physical modifiers that count with it.
  struct Reading: Hashable, Sendable {
    /// How the reading came about.
    enum Source: Hashable, Sendable {
      /// The press's own keysym, with the held modifiers minus those the key consumed.
      case key
      /// The same key without Shift's effect, with Shift counted: the press Ctrl+Shift+[
      /// reads as `Ctrl+Shift+[` as well as `Ctrl+{` (VS Code, GTK 4 and AppKit spell
      /// shortcuts both ways).
      case shiftSpelled
      /// A Latin keysym of the same physical key in another layout group, or on US QWERTY
      /// (decision 5), for a press whose own keysym is not Latin.
      case fallback
      /// The key's position (``KeyInput/physicalKey(_:)``, by its HID usage) with the held
      /// modifiers, none consumed: what a physical-key stroke such as `Ctrl+[BracketLeft]`
      /// matches (docs/decisions/0010-physical-key-strokes.md).
      case physical
    }

    /// The key.
    var key: ChordKey
    /// The physical modifiers (as a press reports them: Super is `.command`).
    var modifiers: KeyModifierFlags
    /// How it came about.
    var source: Source

    /// Whether it is a Latin-fallback reading, which ranks below the press's own key.
    var isFallback: Bool { source == .fallback }
  }

  /// The readings of one press, best first: its own key, its Shift-spelled form, its Latin
  /// fallbacks. Built without allocating for presses of ASCII and special keys.
  struct Readings: Sendable {
    /// The press's own key.
    var own: Reading?
    /// The same key without Shift's effect, with Shift.
    var shiftSpelled: Reading?
    /// The key's position, with the held modifiers.
    var physical: Reading?
    /// The Latin fallbacks.
    var fallbacks: [Reading] = []

    /// Whether there is no reading at all.
    var isEmpty: Bool {
      own == nil && shiftSpelled == nil && physical == nil && fallbacks.isEmpty
    }

    /// Every reading, best first.
    var all: [Reading] {
      var result: [Reading] = []
      if let own { result.append(own) }
      if let shiftSpelled { result.append(shiftSpelled) }
      if let physical { result.append(physical) }
      return result + fallbacks
    }

    /// Calls `body` with each reading, best first, until it returns true; returns whether it
    /// did.
    @inline(__always)
    func contains(where body: (Reading) -> Bool) -> Bool {
      if let own, body(own) { return true }
      if let shiftSpelled, body(shiftSpelled) { return true }
      if let physical, body(physical) { return true }
      for fallback in fallbacks where body(fallback) { return true }
      return false
    }
  }

  /// Where a stroke is matched on a layout: its input, mirrored in a right-to-left context and
  /// relocated by automatic localization when its flags allow, with the modifiers the move
  /// adds.
  struct Target: Hashable, Sendable {
    /// The input it is matched at, lowercased.
    var input: KeyInput
    /// Its chord key.
    var key: ChordKey
    /// Shift, when localization moved it to a cased letter at level 2
    /// (``ShortcutLocation/extraModifiers``).
    var extraModifiers: KeyModifierFlags
    /// ``KeyCommandMatcher/Kind/exact`` when it stays where it is, else how it moved.
    var kind: KeyCommandMatcher.Kind
  }

  // MARK: - Presses

  /// The readings of a key: its own keysym with the effective modifiers (held minus consumed,
  /// keeping Shift for cased letters), the same key without Shift's effect when Shift was
  /// held and consumed, and the Latin fallbacks when its keysym is not Latin.
  static func readings(of key: Key, layout: (any KeyboardLayoutProviding)?) -> Readings {
    // A modifier or lock key (Shift, AltGr, a level latch, Num Lock …) is never the key of a
    // stroke, whatever other group types on its position: a layout that puts a latch where US
    // QWERTY has a letter makes that letter untypable there.
    if isModifierKeysym(key.keysym.rawValue) { return Readings() }
    // The readings are made in locals and put together once at the end: filling a `Readings`
    // variable field by field cost a copy and a destruction of the whole value per press.
    var own: Reading?
    var shiftSpelled: Reading?
    var physical: Reading?
    var fallbacks: [Reading] = []
    let held = key.modifierFlags.intersection(.shortcutModifiers)
    let ownInput: KeyInput?
    let ownKey: ChordKey?
    let isCased: Bool
    if let code = KeyInput.lowercasedIndexCode(forKeysym: key.keysym.rawValue) {
      ownInput = nil
      ownKey = ChordKey(code: code)
      isCased = KeyInput.isCasedIndexCode(code)
    } else {
      ownInput = KeyInput(keysym: key.keysym, character: characterHint(for: key))?.lowercased
      ownKey = ownInput.map(ChordKey.init)
      isCased = ownInput?.isCasedCharacter == true
    }
    let effective = effectiveModifiers(of: key, held: held, isCased: isCased, layout: layout)
    if let ownKey {
      own = Reading(key: ownKey, modifiers: effective, source: .key)
    }
    // Shift held and consumed (a symbol or special key, not a cased letter): the unshifted
    // key with Shift is another spelling of the same press.
    if held.contains(.shift), !effective.contains(.shift), ownKey != nil {
      let unshifted = layout?.unshiftedKeysym(for: key) ?? key.keysymIgnoringModifiers
      let spelled: ChordKey?
      if let code = KeyInput.lowercasedIndexCode(forKeysym: unshifted.rawValue) {
        spelled = ChordKey(code: code)
      } else {
        spelled = KeyInput(
          keysym: unshifted,
          character: unshifted == key.keysymIgnoringModifiers
            ? key.charactersIgnoringModifiers : nil
        ).map(ChordKey.init)
      }
      if let spelledKey = spelled {
        let reading = Reading(
          key: spelledKey, modifiers: effective.union(.shift), source: .shiftSpelled)
        if reading.key != ownKey || reading.modifiers != effective {
          shiftSpelled = reading
        }
      }
    }
    // Every key with a position reads as it, with the modifiers held (none consumed).
    if let usage = key.keyCode, let code = KeyInput.physicalIndexCode(usage) {
      physical = Reading(key: ChordKey(code: code), modifiers: held, source: .physical)
    }
    // Only a press whose own keysym is not Latin has fallbacks (a coded one is ASCII or a
    // special key).
    let isCoded = ownInput == nil && ownKey != nil
    if let layout, !isCoded, !isLatin(ownInput) {
      for keysym in layout.latinKeysyms(for: key) {
        guard let latin = KeyInput(keysym: keysym) else { continue }
        let reading = Reading(key: ChordKey(latin), modifiers: effective, source: .fallback)
        if reading.key != ownKey, !fallbacks.contains(where: { $0.key == reading.key }) {
          fallbacks.append(reading)
        }
      }
    }
    return Readings(
      own: own, shiftSpelled: shiftSpelled, physical: physical, fallbacks: fallbacks)
  }

  /// Whether a keysym is a modifier or lock key's: Shift, Control, Caps Lock, Meta, Alt,
  /// Super, Hyper (`0xffe1`…`0xffee`), the ISO level shifts, latches and locks
  /// (`0xfe01`…`0xfe0f`), Num Lock and Scroll Lock.
  static func isModifierKeysym(_ keysym: UInt32) -> Bool {
    Keysym(rawValue: keysym).isModifierOrLock
  }

  /// The input of a reading, built when it was left coded.
  static func input(_ reading: Reading) -> KeyInput? {
    if let input = reading.key.uncodedInput { return input }
    return reading.key.code.flatMap(input(code:))
  }

  /// The input an index code stands for: a Unicode scalar's character, or a special key.
  static func input(code: UInt32) -> KeyInput? {
    if code & 0x8000_0000 != 0 {
      let index = Int(code & 0x7fff_ffff)
      let all = KeyInput.SpecialKey.allCases
      return index < all.count ? KeyInput(all[index]) : nil
    }
    if code & 0x4000_0000 != 0 { return nil }
    if code & 0x2000_0000 != 0 {
      return .physicalKey(KeyboardHIDUsage(rawValue: Int(code & 0xffff)))
    }
    guard let scalar = Unicode.Scalar(code) else { return nil }
    return KeyInput(String(Character(scalar)))
  }

  /// A press's effective modifiers: the held shortcut modifiers minus those the key consumed,
  /// keeping Shift when the key's input is a cased character (GTK's rule). Without a layout,
  /// Shift counts as consumed when the keysym differs from the first-level one.
  static func effectiveModifiers(
    of key: Key, held: KeyModifierFlags, isCased: Bool, layout: (any KeyboardLayoutProviding)?
  ) -> KeyModifierFlags {
    if held.isEmpty { return [] }
    // The layout is read in place (optional chaining), not bound: binding copies it.
    var consumed =
      layout?.consumedModifiers(for: key)
      ?? (key.keysym == key.keysymIgnoringModifiers ? [] : [.shift])
    if consumed.contains(.shift), isCased {
      consumed.remove(.shift)
    }
    return held.subtracting(consumed)
  }

  /// The character for a keysym without an arithmetic mapping: the key's text when it is the
  /// first-level keysym or a printable character, else its first-level text.
  static func characterHint(for key: Key) -> String? {
    if key.keysym == key.keysymIgnoringModifiers { return key.charactersIgnoringModifiers }
    if key.characters.count == 1,
      let scalar = key.characters.unicodeScalars.first,
      scalar.properties.generalCategory != .control
    {
      return key.characters
    }
    return key.charactersIgnoringModifiers
  }

  /// Whether an input is Latin: a special key, or characters in the Latin blocks and ASCII.
  static func isLatin(_ input: KeyInput?) -> Bool {
    guard let input else { return false }
    guard let text = input.characters else { return true }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x20...0x7e, 0xa0...0x24f, 0x1e00...0x1eff: true
      default: false
      }
    }
  }

  // MARK: - Strokes

  /// Whether a stroke's input may be matched somewhere else than at itself: relocated by
  /// automatic localization (a single character that is not a letter) or mirrored in a
  /// right-to-left context (a bracket or horizontal arrow).
  static func isMovable(
    _ input: KeyInput, allowsLocalization: Bool, allowsMirroring: Bool,
    direction: LayoutDirection
  ) -> Bool {
    if allowsLocalization, isRelocatable(input) { return true }
    return direction == .rightToLeft && allowsMirroring
      && KeyCommandMatcher.mirroredInput(input.lowercased) != nil
  }

  /// Whether automatic localization may relocate an input: one character that is not a letter
  /// (letters are served by the Latin fallback; special keys exist on every layout).
  static func isRelocatable(_ input: KeyInput) -> Bool {
    guard let text = input.characters, text.count == 1 else { return false }
    return text.first?.isLetter == false
  }

  /// Where a stroke on an input is matched (rules 10 and 11 of ``KeyCommandMatcher``):
  /// mirrored first in a right-to-left context when mirroring is allowed, then relocated when
  /// localization is allowed and the layout relocates it.
  static func target(
    of input: KeyInput, allowsLocalization: Bool, allowsMirroring: Bool,
    layout: (any KeyboardLayoutProviding)?, direction: LayoutDirection
  ) -> Target {
    var moved = input.lowercased
    var kind = KeyCommandMatcher.Kind.exact
    var extra: KeyModifierFlags = []
    if direction == .rightToLeft, allowsMirroring,
      let mirrored = KeyCommandMatcher.mirroredInput(moved)
    {
      moved = mirrored
      kind = .mirrored
    }
    if allowsLocalization, isRelocatable(moved), let layout,
      let location = layout.relocatedKey(for: moved)
    {
      moved = location.input
      extra = location.extraModifiers
      kind = .localized
    }
    return Target(input: moved, key: ChordKey(moved), extraModifiers: extra, kind: kind)
  }

  /// How a stroke placed at `target` matches a press's `reading`, if it does: its precedence
  /// tier (0 the press's own key, 1 a relocated or mirrored stroke, 2 the Latin fallback) and
  /// kind. Modifiers are compared by the caller (a key command's alternates take part).
  ///
  /// A relocated stroke never matches through the Latin fallback: one shortcut has one key.
  static func match(_ target: Target, _ reading: Reading) -> (
    tier: Int, kind: KeyCommandMatcher.Kind
  )? {
    match(key: target.key, kind: target.kind, reading)
  }

  /// ``match(_:_:)`` for a target given by its chord key and kind.
  @inline(__always)
  static func match(key: ChordKey, kind: KeyCommandMatcher.Kind, _ reading: Reading) -> (
    tier: Int, kind: KeyCommandMatcher.Kind
  )? {
    guard key == reading.key else { return nil }
    if reading.isFallback {
      switch kind {
      case .localized: return nil
      case .exact: return (2, .fallback)
      default: return (2, kind)
      }
    }
    return kind == .exact ? (0, .exact) : (1, kind)
  }
}
