/// Key-command positions by chord — an input with the physical modifiers that must be
/// effective for it — for the key dispatcher, which looks a press up on every key-down.
///
/// Inputs of one Unicode scalar, special keys and modifier keys (nearly all) are keyed by a
/// number (``KeyInput/indexCode``), so a lookup hashes eight bytes and builds no string;
/// the few inputs of several scalars are keyed by the input itself.
struct ChordIndex: Sendable {
  private var byCode: [UInt64: [Int]] = [:]
  private var byInput: [InputChord: [Int]] = [:]
  /// The sets of modifiers that ASCII inputs are filed under in ``asciiTables``, in the order
  /// first met (at most ``asciiModifierSets``; chords with other sets go to ``byCode``).
  private var asciiModifiers: [KeyModifierFlags] = []
  /// For each set of ``asciiModifiers``, the positions of each ASCII input by its code: a
  /// press of a letter, digit or punctuation key — nearly every shortcut — is looked up by
  /// two array reads, without hashing. An index of ``byCode``'s chords, never a second rule:
  /// each chord is filed in exactly one of the two.
  private var asciiTables: [[[Int]?]] = []

  /// How many sets of modifiers get a table of ASCII inputs: key commands use a few
  /// (Ctrl, Ctrl+Shift, Alt…), and each table is 128 entries.
  private static let asciiModifierSets = 16

  /// An input of several scalars with its modifiers.
  private struct InputChord: Hashable {
    var input: KeyInput
    var modifiers: KeyModifierFlags
  }

  /// Whether the index holds nothing.
  var isEmpty: Bool { byCode.isEmpty && byInput.isEmpty && asciiTables.isEmpty }

  /// The key of a coded input with modifiers.
  static func key(code: UInt32, modifiers: KeyModifierFlags) -> UInt64 {
    UInt64(code) << 32 | UInt64(UInt32(truncatingIfNeeded: modifiers.rawValue))
  }

  /// Files a position under a (lowercased) input and modifiers, after those filed before.
  mutating func add(_ position: Int, input: KeyInput, modifiers: KeyModifierFlags) {
    if let code = input.indexCode {
      if code < 0x80, let table = makeASCIITable(for: modifiers) {
        var list = asciiTables[table][Int(code)] ?? []
        asciiTables[table][Int(code)] = nil
        list.append(position)
        asciiTables[table][Int(code)] = list
        return
      }
      byCode[Self.key(code: code, modifiers: modifiers), default: []].append(position)
    } else {
      byInput[InputChord(input: input, modifiers: modifiers), default: []].append(position)
    }
  }

  /// The positions filed under a (lowercased) input and modifiers, in filing order.
  func positions(input: KeyInput, modifiers: KeyModifierFlags) -> [Int]? {
    if let code = input.indexCode { return positions(code: code, modifiers: modifiers) }
    return byInput[InputChord(input: input, modifiers: modifiers)]
  }

  /// The positions filed under an input, given by its chord key
  /// (``StrokeRules/ChordKey``), and modifiers, in filing order.
  func positions(key: StrokeRules.ChordKey, modifiers: KeyModifierFlags) -> [Int]? {
    if let code = key.code { return positions(code: code, modifiers: modifiers) }
    guard let input = key.uncodedInput else { return nil }
    return byInput[InputChord(input: input, modifiers: modifiers)]
  }

  /// The positions filed under a coded input and modifiers, in filing order.
  func positions(code: UInt32, modifiers: KeyModifierFlags) -> [Int]? {
    if code < 0x80, let table = asciiModifiers.firstIndex(of: modifiers) {
      return asciiTables[table][Int(code)]
    }
    return byCode[Self.key(code: code, modifiers: modifiers)]
  }

  /// The index in ``asciiTables`` of the table for a set of modifiers, created when there is
  /// none and fewer than ``asciiModifierSets`` exist; nil when the ASCII chords with these
  /// modifiers go to ``byCode``.
  private mutating func makeASCIITable(for modifiers: KeyModifierFlags) -> Int? {
    if let known = asciiModifiers.firstIndex(of: modifiers) { return known }
    // A set first met after a chord with it was filed in `byCode` stays there.
    guard asciiModifiers.count < Self.asciiModifierSets else { return nil }
    asciiModifiers.append(modifiers)
    asciiTables.append([[Int]?](repeating: nil, count: 0x80))
    return asciiTables.count - 1
  }
}

extension KeyInput {
  /// A number that stands for the input in indexes: the scalar of a printable input that is
  /// one scalar in Unicode's composed form (NFC), a tagged number for a special, modifier or
  /// physical key, or nil for an input of several scalars.
  ///
  /// Inputs compare as strings do, by canonical equivalence (`"é"` equals `"e\u{301}"`, and
  /// U+037E GREEK QUESTION MARK equals `";"`), so the code is taken from the composed form:
  /// two equal inputs have the same code, or both have none.
  var indexCode: UInt32? {
    switch storage {
    case .characters(let text):
      // ASCII is its own composed form: no normalization for nearly every input.
      if text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80 { return UInt32(byte) }
      // One scalar that is its own composed form (most letters of other scripts): no
      // normalization either.
      var own = text.unicodeScalars.makeIterator()
      if let first = own.next(), own.next() == nil, Self.isComposedAlone(first.value) {
        return first.value
      }
      var scalars = String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars
        .makeIterator()
      guard let first = scalars.next(), scalars.next() == nil else { return nil }
      return first.value
    case .special(let key):
      return Self.specialKeyCodes[key]
    case .modifier(let flags):
      return 0x4000_0000 | UInt32(truncatingIfNeeded: flags.rawValue >> 16)
    case .physical(let usage):
      return Self.physicalIndexCode(usage)
    }
  }

  /// Whether a scalar alone is in Unicode's composed form (NFC), by blocks that hold no
  /// scalar whose NFC quick check is No (no singleton decomposition, no composition
  /// exclusion): Latin, Greek from U+0388, Cyrillic, Armenian, Hebrew, Arabic and the scripts
  /// up to Devanagari's U+0958, Thai and Lao, Georgian, kana and Hangul syllables. A test
  /// compares every scalar of these blocks with Foundation's normalization.
  static func isComposedAlone(_ value: UInt32) -> Bool {
    switch value {
    case 0..<0x340, 0x388..<0x958, 0xE00..<0xF00, 0x10A0..<0x1100, 0x3040..<0x3100,
      0xAC00...0xD7A3:
      true
    default: false
    }
  }

  /// The code of a physical key (``KeyInput/physicalKey(_:)``): the usage, tagged apart from
  /// characters (below 0x110000), modifier keys and special keys; nil for a usage beyond 16
  /// bits.
  static func physicalIndexCode(_ usage: KeyboardHIDUsage) -> UInt32? {
    guard (0...0xFFFF).contains(usage.rawValue) else { return nil }
    return 0x2000_0000 | UInt32(usage.rawValue)
  }

  /// Each special key's code: its position among all special keys, tagged.
  private static let specialKeyCodes: [SpecialKey: UInt32] = Dictionary(
    uniqueKeysWithValues: SpecialKey.allCases.enumerated().map { index, key in
      (key, 0x8000_0000 | UInt32(index))
    })

  /// The ``indexCode`` of the lowercased input a keysym stands for
  /// (``init(keysym:character:)`` then ``lowercased``), computed without building the input,
  /// for the keysyms that are most of the presses: ASCII and the special keys of the
  /// `0xff00` page. Nil for any other keysym (the caller builds the input).
  static func lowercasedIndexCode(forKeysym value: UInt32) -> UInt32? {
    switch value {
    case 0x20: return Self.specialKeyCodes[.space]
    case 0x41...0x5a: return value + 0x20
    case 0x21...0x7e: return value
    case 0xff00...0xffff:
      return specialCodesOfPageFF[Int(value - 0xff00)]
    default: return nil
    }
  }

  /// Whether a code from ``lowercasedIndexCode(forKeysym:)`` is a cased character (an ASCII
  /// letter).
  static func isCasedIndexCode(_ code: UInt32) -> Bool {
    (0x61...0x7a).contains(code)
  }

  /// The codes of the special keys of the keysym page `0xff00`, by the keysym's low byte; nil
  /// for keysyms of the page that are no special key.
  private static let specialCodesOfPageFF: [UInt32?] = (0..<256).map { low in
    guard let input = KeyInput(keysym: Keysym(rawValue: 0xff00 + UInt32(low))),
      input.specialKey != nil
    else { return nil }
    return input.indexCode
  }
}

/// A set of chord keys (``ChordIndex/key(code:modifiers:)``) for a membership test on every
/// press: open addressing with a multiplicative hash, a few instructions per question where a
/// `Set` would run a keyed hash function.
struct ChordSet: Sendable {
  /// The keys, at the slots their hash leads to; `empty` where there is none. No chord key is
  /// `UInt64.max`: codes stay below 2³², modifiers below 2³².
  private let slots: [UInt64]
  private static let empty = UInt64.max

  /// A set of keys.
  init(_ keys: some Sequence<UInt64>) {
    let unique = Array(Set(keys))
    var capacity = 8
    while capacity < unique.count * 2 { capacity *= 2 }
    var slots = [UInt64](repeating: Self.empty, count: capacity)
    for key in unique {
      var slot = Self.slot(of: key, capacity: capacity)
      while slots[slot] != Self.empty { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = key
    }
    self.slots = slots
    isEmpty = unique.isEmpty
  }

  /// Whether the set holds a key.
  func contains(_ key: UInt64) -> Bool {
    var slot = Self.slot(of: key, capacity: slots.count)
    while true {
      let stored = slots[slot]
      if stored == key { return true }
      if stored == Self.empty { return false }
      slot = (slot + 1) & (slots.count - 1)
    }
  }

  /// Whether the set holds no key.
  let isEmpty: Bool

  /// The first slot to look at for a key: Fibonacci hashing of its bits.
  private static func slot(of key: UInt64, capacity: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & (capacity - 1)
  }
}
