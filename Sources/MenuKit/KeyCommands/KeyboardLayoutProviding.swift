/// The layout-dependent answers that key-command matching needs.
///
/// MenuKit matches key commands by keysym (decision 4 of the design) without depending on
/// libxkbcommon. The two questions that need the keyboard layout go through this protocol;
/// `MenuKitXKB`'s `XKBKeyboard` implements it, and tests can use a small class.
///
/// Providers are objects: a layout provider follows the state of a keyboard, and the key
/// dispatcher passes it along every press as one reference, without copying it.
///
/// ```swift
/// final class FixedLayout: KeyboardLayoutProviding {
///   func consumedModifiers(for key: Key) -> KeyModifierFlags { [.shift] }
///   func latinKeysyms(for key: Key) -> [Keysym] { [] }
/// }
/// ```
public protocol KeyboardLayoutProviding: AnyObject {
  /// The modifiers the key's translation used up to produce its keysym, by GTK's rules.
  ///
  /// On a US layout, Shift is consumed by Shift+/ producing `?`, so a `Ctrl+?` key command
  /// matches Ctrl+Shift+/. The answer must describe the state the press was read in: the
  /// modifiers in ``Key/modifierFlags``.
  ///
  /// - Parameter key: The key of the press.
  /// - Returns: The consumed modifiers among shift, control, alternate and command (Super).
  func consumedModifiers(for key: Key) -> KeyModifierFlags

  /// The keysym the key produces in the state of the press without Shift: `bracketleft` for
  /// Ctrl+Shift+[ on US QWERTY, whose keysym is `braceleft`.
  ///
  /// A stroke that names Shift with the unshifted character (`Ctrl+Shift+[`, as VS Code and
  /// GTK write shortcuts) fires on the press that types it: when Shift was held and consumed,
  /// the press also reads as this keysym with Shift (docs/decisions/0009-stroke-semantics.md).
  /// The default implementation answers ``Key/keysymIgnoringModifiers``, the key's first
  /// level, which is the same for a key that only Shift changes.
  ///
  /// - Parameter key: The key of the press, as it was read with Shift held.
  /// - Returns: The keysym without Shift's effect.
  func unshiftedKeysym(for key: Key) -> Keysym

  /// The Latin keysyms the same physical key produces in the other layouts, for shortcuts on
  /// non-Latin layouts (decision 5 of the design).
  ///
  /// The keysyms are those of the key's first level (``Key/evdevCode``) in each other
  /// configured layout group whose keysym is Latin, in group order; when no group has one,
  /// the key's keysym on US QWERTY. The matcher only asks when the active layout's keysym
  /// for the key is not Latin.
  ///
  /// - Parameter key: The key of the press.
  /// - Returns: The Latin keysyms, best first; empty when there are none.
  func latinKeysyms(for key: Key) -> [Keysym]

  /// How a key-command input is typed on the active layout, and whether it can be (decision 6
  /// of the design).
  ///
  /// An input typed at level 1 or 2 of a key (alone or with Shift) is
  /// ``ShortcutReachability/direct(_:)``; one typed only at level 3 or higher (AltGr) is
  /// ``ShortcutReachability/needsAltGr(_:)``; one no key types is
  /// ``ShortcutReachability/unreachable``. The default implementation knows no layout and
  /// answers `.unreachable`; the matcher only asks ``relocatedKey(for:)``.
  ///
  /// ```swift
  /// keyboard.reachability(of: "[")  // .needsAltGr(KEY_8 at level 3) on de
  /// ```
  ///
  /// - Parameter input: A key-command input, such as `"["`.
  /// - Returns: How the input is typed, with the key and level that type it.
  func reachability(of input: KeyInput) -> ShortcutReachability

  /// Where a key command on an input is matched and labelled when automatic localization
  /// applies, or `nil` when it stays where it is.
  ///
  /// A provider relocates an input that its layout types only with AltGr or not at all, by a
  /// deterministic rule; `MenuKitXKB`'s is position-preserving (the physical key that types
  /// the input on US QWERTY, read on the active layout). Letters are never relocated: the Latin
  /// fallback (decision 5) serves them. The default implementation relocates nothing.
  ///
  /// ```swift
  /// keyboard.relocatedKey(for: "[")  // KEY_LEFTBRACE, level 1, "ü" on de; nil on us
  /// ```
  ///
  /// - Parameter input: A key-command input.
  /// - Returns: The key, level and input it is relocated to, or `nil`.
  func relocatedKey(for input: KeyInput) -> ShortcutLocation?

  /// The label of the key at a physical position on the active layout: the character it
  /// types at level 1 (alone), uppercased as keycaps show letters, for physical-key strokes
  /// (``KeyInput/physicalKey(_:)``).
  ///
  /// `MenuKitXKB`'s answer reads the first-level keysym of the key's evdev code in the active
  /// layout group; a dead key shows the accent it types (`^`). The answer is nil for a key
  /// that types no printable character there (Escape, F5, the arrows, Space, the keypad), for
  /// a key the layout does not have, and — the default implementation — for a provider that
  /// knows no layout; labels then fall back to the key's US legend
  /// (``KeyInput/label(for:layout:)``).
  ///
  /// ```swift
  /// german.keycapLabel(for: .keyboardOpenBracket)  // "Ü"
  /// us.keycapLabel(for: .keyboardOpenBracket)      // "["
  /// french.keycapLabel(for: .keyboardQ)            // "A"
  /// ```
  ///
  /// - Parameter usage: The key's position.
  /// - Returns: The keycap, or nil.
  func keycapLabel(for usage: KeyboardHIDUsage) -> String?

  /// A value that changes whenever ``relocatedKey(for:)`` may answer differently — for
  /// `MenuKitXKB`, the keyboard's keymap and its active layout group — or nil when the answers
  /// must not be cached. The key dispatcher indexes relocated key commands by it, and compares
  /// it on every press, so it is two words rather than any hashable value.
  var relocationIdentity: LayoutIdentity? { get }
}

extension KeyboardLayoutProviding {
  /// The key's first-level keysym (``Key/keysymIgnoringModifiers``).
  public func unshiftedKeysym(for key: Key) -> Keysym { key.keysymIgnoringModifiers }

  /// Nil: relocations are not cached.
  public var relocationIdentity: LayoutIdentity? { nil }

  /// Answers ``ShortcutReachability/unreachable``: a provider without layout data cannot say.
  public func reachability(of input: KeyInput) -> ShortcutReachability { .unreachable }

  /// Relocates nothing.
  public func relocatedKey(for input: KeyInput) -> ShortcutLocation? { nil }

  /// Nil: a provider without layout data shows no keycaps, so physical keys are labelled with
  /// their US legend.
  public func keycapLabel(for usage: KeyboardHIDUsage) -> String? { nil }

  /// The shortcut as it is typed on this layout: the relocated one when automatic
  /// localization moves its input, else the shortcut itself.
  ///
  /// A relocation to a cased letter at level 2 adds Shift, as typing it needs.
  ///
  /// ```swift
  /// keyboard.localizedShortcut(for: KeyboardShortcut("[", modifierFlags: .command))
  /// // Cmd+ü on de
  /// ```
  ///
  /// - Parameter shortcut: The shortcut as authored.
  /// - Returns: The shortcut to match and show.
  public func localizedShortcut(for shortcut: KeyboardShortcut) -> KeyboardShortcut {
    guard let location = relocatedKey(for: shortcut.input) else { return shortcut }
    return KeyboardShortcut(
      location.input, modifierFlags: shortcut.modifierFlags.union(location.extraModifiers))
  }

  /// The human label of a shortcut on this layout: that of ``localizedShortcut(for:)``, so
  /// a relocated shortcut shows its relocated key's character, uppercased, and a physical key
  /// shows this layout's keycap for it (``keycapLabel(for:)``; physical keys are never
  /// relocated).
  ///
  /// Mirroring is not applied here; mirror the input first
  /// (``KeyCommandMatcher/mirroredInput(_:)``) in a right-to-left context.
  ///
  /// ```swift
  /// keyboard.localizedLabel(for: KeyboardShortcut("[", modifierFlags: .command),
  ///                         platform: .linux)  // "Ctrl+Ü" on de, "Ctrl+[" on us
  /// keyboard.localizedLabel(for: try KeyboardShortcut(parsing: "Ctrl+[Period]"),
  ///                         platform: .linux)  // "Ctrl+:" on fr, "Ctrl+." on us
  /// ```
  ///
  /// - Parameters:
  ///   - shortcut: The shortcut as authored.
  ///   - platform: The platform whose conventions the label follows.
  /// - Returns: The label.
  public func localizedLabel(for shortcut: KeyboardShortcut, platform: PlatformProfile)
    -> String
  {
    localizedShortcut(for: shortcut).label(for: platform, layout: self)
  }
}

// MARK: - Reachability and relocation

/// A physical key and shift level that types a key-command input on a layout.
///
/// Levels count from 1, as `xkbcli how-to-type` prints them: level 1 is the key alone, level 2
/// usually Shift, level 3 AltGr and level 4 Shift+AltGr.
///
/// ```swift
/// ShortcutLocation(evdevCode: 26, level: 1, keysym: Keysym(rawValue: 0xfc), input: "ü")
/// ```
public struct ShortcutLocation: Hashable, Sendable {
  /// The key's Linux evdev code, such as 26 for `KEY_LEFTBRACE`.
  public var evdevCode: Int
  /// The shift level, from 1.
  public var level: Int
  /// The keysym the key produces at that level.
  public var keysym: Keysym
  /// The key-command input that keysym stands for, lowercased.
  public var input: KeyInput

  /// Creates a location.
  ///
  /// - Parameters:
  ///   - evdevCode: The key's evdev code.
  ///   - level: The shift level, from 1.
  ///   - keysym: The keysym at that level.
  ///   - input: The input the keysym stands for.
  public init(evdevCode: Int, level: Int, keysym: Keysym, input: KeyInput) {
    self.evdevCode = evdevCode
    self.level = level
    self.keysym = keysym
    self.input = input.lowercased
  }

  /// The modifiers that typing the input adds to a shortcut's: Shift for a cased letter at
  /// level 2 (Shift is not consumed for cased letters, rule 4 of ``KeyCommandMatcher``);
  /// nothing otherwise.
  public var extraModifiers: KeyModifierFlags {
    level == 2 && input.isCasedCharacter ? [.shift] : []
  }
}

/// Whether, and how, a key-command input can be typed on a layout.
///
/// ```swift
/// switch keyboard.reachability(of: "[") {
/// case .direct(let location): print("type it at level \(location.level)")
/// case .needsAltGr: print("needs AltGr")   // de
/// case .unreachable: print("cannot be typed")
/// }
/// ```
public enum ShortcutReachability: Hashable, Sendable {
  /// Typed at level 1 or 2 of a key: alone or with Shift.
  case direct(ShortcutLocation)
  /// Typed only at level 3 or higher: with AltGr (or another level modifier).
  case needsAltGr(ShortcutLocation)
  /// No key of the active layout types it.
  case unreachable

  /// Whether the input is typed without AltGr.
  public var isDirect: Bool {
    if case .direct = self { return true }
    return false
  }

  /// The key and level that type the input, if any.
  public var location: ShortcutLocation? {
    switch self {
    case .direct(let location), .needsAltGr(let location): location
    case .unreachable: nil
    }
  }
}

// MARK: - Keysyms as inputs

extension KeyInput {
  /// The key-command input that a keysym stands for, such as ``upArrow`` for `Up` or `"o"`
  /// for `O`.
  ///
  /// Special keys map to their ``SpecialKey`` (`ISO_Left_Tab` is Tab, `KP_Enter` is
  /// ``enter``, `KP_Separator` is ``SpecialKey/keypadComma``, the keypad's navigation
  /// keysyms, read with Num Lock off, are the navigation keys, and `Menu`, `Undo`, `XF86Copy`
  /// and the other application keys are theirs). Latin-1 keysyms
  /// (`0x20`…`0x7e`, `0xa0`…`0xff`) and Unicode keysyms (`0x01000100`…`0x0110ffff`) map to
  /// their character. Other named keysyms, such as `Cyrillic_ef` (`0x6c6`), have no
  /// arithmetic mapping: pass the character the caller knows, such as
  /// ``Key/charactersIgnoringModifiers``, as `character`. Letters are lowercased, as key
  /// command inputs are.
  ///
  /// ```swift
  /// KeyInput(keysym: Keysym(rawValue: 0x4f))                    // "o"
  /// KeyInput(keysym: Keysym(rawValue: 0xff52))                  // .upArrow
  /// KeyInput(keysym: Keysym(rawValue: 0x6c6), character: "ф")   // "ф"
  /// ```
  ///
  /// - Parameters:
  ///   - keysym: The keysym.
  ///   - character: The text the keysym stands for, used when the keysym itself cannot be
  ///     mapped; ignored when empty, longer than one character or a control character.
  /// - Returns: The input, or `nil` for a keysym that stands for no key-command input, such
  ///   as `Shift_L` or `NoSymbol`.
  public init?(keysym: Keysym, character: String? = nil) {
    let value = keysym.rawValue
    if let special = Self.specialKeys[value] {
      self.init(special)
      return
    }
    let scalarValue: UInt32? =
      switch value {
      case 0x20...0x7e, 0xa0...0xff: value
      case 0x0100_0100...0x0110_ffff: value - 0x0100_0000
      default: nil
      }
    if let scalarValue, let scalar = Unicode.Scalar(scalarValue) {
      self.init(Self.lowercasedCharacter(String(Character(scalar))))
      return
    }
    guard let character, character.count == 1,
      let first = character.unicodeScalars.first,
      !first.properties.generalCategory.isControl
    else { return nil }
    self.init(Self.lowercasedCharacter(character))
  }

  /// The text with a cased letter lowercased, when its lowercase is one character.
  static func lowercasedCharacter(_ text: String) -> String {
    if text.utf8.count == 1, let byte = text.utf8.first {
      // ASCII: only A–Z change (the common case, without Unicode case mapping).
      return (0x41...0x5A).contains(byte) ? String(UnicodeScalar(byte + 0x20)) : text
    }
    // One scalar that lowercasing leaves alone (most keysyms of other scripts are already
    // lowercase): no new string.
    var scalars = text.unicodeScalars.makeIterator()
    if let first = scalars.next(), scalars.next() == nil,
      !first.properties.changesWhenLowercased
    {
      return text
    }
    let lowered = text.lowercased()
    return lowered.count == 1 ? lowered : text
  }

  /// Whether the input is a single character that has case, such as `o` or `ф`.
  var isCasedCharacter: Bool {
    guard let text = characters else { return false }
    if text.utf8.count == 1, let byte = text.utf8.first {
      return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    guard text.count == 1 else { return false }
    return text.lowercased() != text.uppercased()
  }

  /// The input with a single-character input lowercased, for comparing inputs.
  var lowercased: KeyInput {
    guard let text = characters else { return self }
    if text.utf8.count == 1, let byte = text.utf8.first, !(0x41...0x5A).contains(byte) {
      return self
    }
    guard text.count == 1 else { return self }
    return KeyInput(storage: .characters(Self.lowercasedCharacter(text)))
  }

  /// The special keys by keysym value.
  private static let specialKeys: [UInt32: SpecialKey] = {
    var table: [UInt32: SpecialKey] = [
      0xff52: .upArrow, 0xff54: .downArrow, 0xff51: .leftArrow, 0xff53: .rightArrow,
      0xff1b: .escape, 0xff09: .tab, 0xfe20: .tab, 0xff0d: .return, 0xff8d: .enter,
      0xff08: .backspace, 0xffff: .deleteForward, 0xff50: .home, 0xff57: .end,
      0xff55: .pageUp, 0xff56: .pageDown, 0xff63: .insert, 0x20: .space, 0xff0b: .clear,
      0xffae: .keypadDecimal, 0xffab: .keypadPlus, 0xffad: .keypadMinus,
      0xffaa: .keypadMultiply, 0xffaf: .keypadDivide, 0xffbd: .keypadEquals,
      0xffac: .keypadComma,
      // The keypad with Num Lock off.
      0xff80: .space, 0xff89: .tab, 0xff95: .home, 0xff96: .leftArrow, 0xff97: .upArrow,
      0xff98: .rightArrow, 0xff99: .downArrow, 0xff9a: .pageUp, 0xff9b: .pageDown,
      0xff9c: .end, 0xff9d: .clear, 0xff9e: .insert, 0xff9f: .deleteForward,
      // The application keys.
      0xff67: .contextMenu, 0xff6a: .help, 0xff65: .undo, 0xff66: .redo, 0xff68: .find,
      0x1008_ff58: .cut, 0x1008_ff57: .copy, 0x1008_ff6d: .paste, 0x1008_ff6b: .open,
      0x1008_ff77: .save, 0x1008_ff68: .new, 0x1008_ff26: .browserBack,
      0x1008_ff27: .browserForward,
    ]
    let all = SpecialKey.allCases
    let f1 = all.firstIndex(of: .f1) ?? 0
    for number in 0..<24 {
      table[0xffbe + UInt32(number)] = all[f1 + number]
    }
    let keypad0 = all.firstIndex(of: .keypad0) ?? 0
    for digit in 0..<10 {
      table[0xffb0 + UInt32(digit)] = all[keypad0 + digit]
    }
    return table
  }()
}

extension Unicode.GeneralCategory {
  /// Whether the category is that of control characters.
  fileprivate var isControl: Bool { self == .control }
}

/// Identifies the state of a keyboard layout provider that its relocations depend on: an
/// object, a number that tells it from any object that had its address before, and a state
/// number of its own (``KeyboardLayoutProviding/relocationIdentity``).
///
/// Two identities are equal when they name the same object in the same state. An object's
/// address is reused once it is freed, so a provider that an app replaces while a dispatcher
/// lives (a keyboard rebuilt for each new keymap) gives each instance its own `generation`,
/// or the dispatcher would take the new keyboard's relocations for the old one's.
///
/// ```swift
/// public var relocationIdentity: LayoutIdentity? {
///   LayoutIdentity(self, state: activeLayoutIndex, generation: instanceNumber)
/// }
/// ```
public struct LayoutIdentity: Hashable, Sendable {
  private let object: ObjectIdentifier
  private let generation: UInt64
  private let state: Int

  /// Creates the identity of an object in a state.
  ///
  /// - Parameters:
  ///   - object: The provider (or the object that owns its layout data).
  ///   - state: A number that changes whenever the provider's relocations may change, such
  ///     as the index of the active layout group.
  ///   - generation: A number no other object at the same address had, such as a counter
  ///     taken when the provider was created; 0 for a provider that lives as long as the
  ///     dispatchers that use it.
  public init(_ object: AnyObject, state: Int, generation: UInt64 = 0) {
    self.object = ObjectIdentifier(object)
    self.generation = generation
    self.state = state
  }
}
