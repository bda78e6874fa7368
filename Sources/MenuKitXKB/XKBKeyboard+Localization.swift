internal import CXKBCommon
public import MenuKit

// MARK: - Reachability and automatic shortcut localization

extension XKBKeyboard {
  /// How a key-command input is typed on the active layout: the key and level that type it,
  /// and whether that needs AltGr.
  ///
  /// The keys of the active layout are searched in evdev-code order, levels in order; the
  /// answer is the lowest level that types the input and, at that level, a main key before a
  /// keypad keysym (`Left` before `KP_Left`), then the lowest evdev code. Letters match in
  /// either case. Levels 1 and 2 (the key alone or with Shift) are
  /// ``ShortcutReachability/direct(_:)``; levels 3 and up (AltGr, Shift+AltGr) are
  /// ``ShortcutReachability/needsAltGr(_:)``. A physical key (``KeyInput/physicalKey(_:)``)
  /// is typed at its own key, level 1, on every layout that has the key: it is
  /// ``ShortcutReachability/direct(_:)`` there, and unreachable only where the keymap lacks the
  /// key or Linux reports the position as another key (Keypad Clear is `KEY_DELETE`).
  ///
  /// ```swift
  /// let de = XKBKeyboard(keymap: try XKBKeymap(context: context, names: .init(layout: "de")))
  /// de.reachability(of: "[")  // .needsAltGr: KEY_8 (9), level 3
  /// de.reachability(of: "ö")  // .direct: KEY_SEMICOLON (39), level 1
  /// ```
  ///
  /// - Parameter input: A key-command input.
  /// - Returns: How the input is typed, or ``ShortcutReachability/unreachable``.
  public func reachability(of input: KeyInput) -> ShortcutReachability {
    if let usage = input.physicalKey { return physicalReachability(of: usage) }
    let input = Self.lowercased(input)
    let targets = Self.keysyms(for: input)
    // A character is typed by its keysyms alone: looked up where the layout produces them.
    return targets.isEmpty
      ? searchedReachability(of: input, targets: targets)
      : indexedReachability(of: input, targets: targets)
  }

  /// ``reachability(of:)`` by the search it describes: every key and level of the active
  /// layout in order, ranked by level, then main keys before keypad keysyms, then evdev code.
  func searchedReachability(of input: KeyInput, targets: [Keysym]) -> ShortcutReachability {
    let keymap = state.keymap
    let layout = state.activeLayout
    var best: ShortcutLocation?
    var bestRank = (Int.max, true)
    search: for code in keymap.evdevCodes {
      let levels = keymap.levelCount(forEvdevCode: code, layout: layout)
      for level in 0..<levels {
        for keysym in keymap.keysyms(forEvdevCode: code, layout: layout, level: level)
        where Self.keysym(keysym, types: input, targets: targets) {
          let rank = (level, (0xff80...0xffbd).contains(keysym.rawValue))
          if rank.0 < bestRank.0 || (rank.0 == bestRank.0 && !rank.1 && bestRank.1) {
            bestRank = rank
            best = ShortcutLocation(
              evdevCode: code, level: level + 1, keysym: keysym, input: input)
          }
          if rank == (0, false) { break search }
        }
      }
    }
    guard let best else { return .unreachable }
    return best.level <= 2 ? .direct(best) : .needsAltGr(best)
  }

  /// ``searchedReachability(of:targets:)`` for a character, whose keys are those producing its
  /// keysyms (`targets`): the same ranking over ``keysymPlaces``, the search order breaking
  /// ties, so the answers are the same without reading every key.
  func indexedReachability(of input: KeyInput, targets: [Keysym]) -> ShortcutReachability {
    var best: ShortcutLocation?
    var bestRank = (level: Int.max, isKeypad: true, order: Int.max)
    for target in targets {
      let isKeypad = (0xff80...0xffbd).contains(target.rawValue)
      for place in places(of: target) {
        let rank = (level: place.level, isKeypad: isKeypad, order: place.order)
        guard
          rank.level < bestRank.level
            || (rank.level == bestRank.level && !rank.isKeypad && bestRank.isKeypad)
            || (rank.level == bestRank.level && rank.isKeypad == bestRank.isKeypad
              && rank.order < bestRank.order)
        else { continue }
        bestRank = rank
        best = ShortcutLocation(
          evdevCode: place.evdevCode, level: place.level + 1, keysym: target, input: input)
      }
    }
    guard let best else { return .unreachable }
    return best.level <= 2 ? .direct(best) : .needsAltGr(best)
  }

  /// Where the active layout group produces a keysym, in ``keysymPlaces``'s order.
  ///
  /// When the typing engine has read its ``inputIndex`` (which files every key, level and
  /// keysym under the input the keysym stands for, numbered in the same order), the places
  /// are the ways of the keysym's input with that keysym, and ``keysymPlaces`` is not built;
  /// otherwise, and for a keysym that stands for no input, they are ``keysymPlaces``'s.
  func places(of keysym: Keysym) -> [TypingSupport.Place] {
    guard let index = typingSupport.inputIndexes[state.activeLayout],
      let input = KeysymInputs.input(of: keysym)
    else {
      return keysymPlaces[keysym] ?? []
    }
    var places: [TypingSupport.Place] = []
    for way in index[input] ?? [] where way.keysym == keysym {
      places.append(
        TypingSupport.Place(evdevCode: way.evdevCode, level: way.level, order: way.order))
    }
    return places
  }

  /// Where each keysym of the active layout group is produced: every key and level (from 0),
  /// numbered in the order ``reachability(of:)`` searches them; read once per layout group.
  var keysymPlaces: [Keysym: [TypingSupport.Place]] {
    let layout = state.activeLayout
    if let known = typingSupport.keysymPlaces[layout] { return known }
    let keymap = state.keymap
    var places: [Keysym: [TypingSupport.Place]] = [:]
    // Room for a keysym per key from the start: growing the table cost more than filling it.
    places.reserveCapacity(keymap.evdevCodes.count)
    var order = 0
    for code in keymap.evdevCodes {
      for level in 0..<keymap.levelCount(forEvdevCode: code, layout: layout) {
        for keysym in keymap.keysyms(forEvdevCode: code, layout: layout, level: level) {
          places[keysym, default: []].append(
            TypingSupport.Place(evdevCode: code, level: level, order: order))
          order += 1
        }
      }
    }
    typingSupport.keysymPlaces[layout] = places
    return places
  }

  /// The keymap and its active layout group: all a relocation depends on
  /// (``relocatedKey(for:)`` reads nothing else), so keyboards on one keymap share it, and a
  /// dispatcher keeps what it indexed for one keyboard when another replaces it.
  public var relocationIdentity: LayoutIdentity? {
    // The keymap's instance number: a keymap compiled for a new layout (as the Wayland source
    // does) may be allocated where the old one was, and must not share its relocations.
    let keymap = state.keymap
    return LayoutIdentity(keymap, state: state.activeLayout, generation: keymap.instanceNumber)
  }

  /// Where automatic localization moves a key command on an input: the position-preserving
  /// key, or `nil` when the input stays where it is.
  ///
  /// **The rule** (docs/decisions/0005-shortcut-localization.md): an input is relocated when
  /// it is not a letter or a special key and the active layout types it only with AltGr or
  /// not at all (``reachability(of:)``). It moves to the physical key that types it on US
  /// QWERTY, at the same level (1, or 2 for a shifted character such as `{`), read on the
  /// active layout; that key's keysym there becomes the input. When US QWERTY does not type
  /// the input, or the key has no character there (a dead key, say), nothing is relocated.
  ///
  /// ```swift
  /// de.relocatedKey(for: "[")  // KEY_LEFTBRACE (26), level 1, "ü"
  /// de.relocatedKey(for: "{")  // KEY_LEFTBRACE (26), level 2, "ü" (with Shift)
  /// us.relocatedKey(for: "[")  // nil: typed directly
  /// ```
  ///
  /// - Parameter input: A key-command input, already mirrored if the context mirrors it.
  /// - Returns: The relocated key, level and input, or `nil`.
  public func relocatedKey(for input: KeyInput) -> ShortcutLocation? {
    guard input.specialKey == nil, let text = input.characters else { return nil }
    if text.utf8.count == 1, let byte = text.utf8.first {
      // ASCII letters and digits are never relocated; other ASCII may be.
      if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return nil }
    } else {
      guard text.count == 1, text.lowercased() == text.uppercased() else { return nil }
    }
    // The answer depends only on the keymap, which never changes, and the active layout.
    let key = RelocationCache.Key(layout: state.activeLayout, input: input)
    if let known = relocations.entries[key] { return known }
    let location = computeRelocatedKey(for: input)
    relocations.entries[key] = .some(location)
    return location
  }

  private func computeRelocatedKey(for input: KeyInput) -> ShortcutLocation? {
    guard !reachability(of: input).isDirect else { return nil }
    guard
      let position = Self.keysyms(for: input).lazy.compactMap({ USQWERTYPositions.table[$0] })
        .first
    else { return nil }
    let keymap = state.keymap
    guard
      let keysym = keymap.keysyms(
        forEvdevCode: position.evdevCode, layout: state.activeLayout, level: position.level
      ).first,
      let relocated = KeyInput(keysym: keysym, character: Self.character(of: keysym)),
      relocated != input
    else { return nil }
    return ShortcutLocation(
      evdevCode: position.evdevCode, level: position.level + 1, keysym: keysym, input: relocated)
  }

  /// The input with a single cased character lowercased, as key-command inputs compare.
  static func lowercased(_ input: KeyInput) -> KeyInput {
    guard let text = input.characters, text.count == 1 else { return input }
    let lowered = text.lowercased()
    return lowered.count == 1 ? KeyInput(lowered) : input
  }

  /// The keysyms that stand for a character input: those of the character and of its
  /// uppercase, when that is one character; empty for a special key.
  static func keysyms(for input: KeyInput) -> [Keysym] {
    guard input.specialKey == nil, let text = input.characters else { return [] }
    var result: [Keysym] = []
    for variant in [text, text.uppercased()] where variant.unicodeScalars.count == 1 {
      guard let scalar = variant.unicodeScalars.first else { continue }
      let keysym = Keysym(rawValue: xkb_utf32_to_keysym(scalar.value))
      if keysym.rawValue != 0, !result.contains(keysym) { result.append(keysym) }
    }
    return result
  }

  /// Whether a keysym types an input: one of the input's keysyms for a character, the
  /// special key's keysym for a special key.
  static func keysym(_ keysym: Keysym, types input: KeyInput, targets: [Keysym]) -> Bool {
    if input.specialKey != nil { return KeyInput(keysym: keysym) == input }
    return targets.contains(keysym)
  }

  /// The character a keysym types, or `nil` for one that types none.
  static func character(of keysym: Keysym) -> String? {
    let value = xkb_keysym_to_utf32(keysym.rawValue)
    guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
    return String(Character(scalar))
  }
}

/// Where each character keysym is typed on US QWERTY at level 1 or 2: the reference
/// positions of automatic localization.
enum USQWERTYPositions {
  /// A key and a level, from 0.
  struct Position: Sendable {
    var evdevCode: Int
    var level: Int
  }

  /// Compiled on first use from the system's XKB data, ignoring the environment; for a keysym
  /// on several keys, the lowest level, then the lowest evdev code. Empty when the data is
  /// missing.
  static let table: [Keysym: Position] = {
    let context = XKBContext.system()
    guard let keymap = try? XKBKeymap(context: context, names: .init(layout: "us")) else {
      return [:]
    }
    var table: [Keysym: Position] = [:]
    for level in 0..<2 {
      for code in keymap.evdevCodes {
        for keysym in keymap.keysyms(forEvdevCode: code, layout: 0, level: level)
        where table[keysym] == nil && XKBKeyboard.character(of: keysym) != nil {
          table[keysym] = Position(evdevCode: code, level: level)
        }
      }
    }
    return table
  }()
}

/// The relocations an ``XKBKeyboard`` has computed, by active layout and input.
final class RelocationCache {
  struct Key: Hashable {
    var layout: Int
    var input: KeyInput
  }

  var entries: [Key: ShortcutLocation?] = [:]
}
