public import MenuKit

/// How a stroke is typed on a keyboard layout: the press that fires it, or why none does.
///
/// ``XKBKeyboard/typing(of:platform:allowsAutomaticLocalization:layoutDirection:)`` is the
/// inverse of ``KeyCommandMatcher``, verified by it: it lists the presses that could type the
/// stroke, translates each one as ``XKBKeyboard/handle(_:)`` would, and asks the matcher
/// whether a key command on the stroke wins. The first press that fires is the answer
/// (decision 0005, "Reachability"). `keymap-lint how-to-type`, keymap-lint's layout rules and
/// `menu-dump explain` all read this one answer.
///
/// ```swift
/// let de = XKBKeyboard(keymap: try XKBKeymap(context: context, names: .init(layout: "de")))
/// let typing = de.typing(of: try KeyboardShortcut(parsing: "Cmd+["), platform: .linux)
/// typing.verdict                 // .relocated
/// typing.press?.evdevCode        // 26: KEY_LEFTBRACE, which types ü on de
/// typing.press?.matchKind        // .localized
/// typing.press?.modifierKeys.map(\.name)  // ["Control_L"]
/// ```
public struct StrokeTyping: Hashable, Sendable {
  /// Whether, and how, a stroke is typed.
  public enum Verdict: String, Hashable, Sendable, CaseIterable {
    /// A press without a level-3 or level-5 modifier fires it: its key alone or with Shift,
    /// on the active layout or through the Latin fallback (decision 5).
    case direct
    /// Only presses that hold a level-3 or level-5 modifier (AltGr) fire it.
    case needsAltGr
    /// It fires only at the key automatic localization relocates it to; its original position
    /// does not fire it (decision 0005).
    case relocated
    /// The key that types it exists, but with the stroke's modifiers held the layout turns
    /// the press into another keysym: `Ctrl+Alt+F7` produces `XF86Switch_VT_7` on evdev
    /// keymaps, and `Ctrl+Shift+[` produces `{` on US QWERTY.
    case layoutAction
    /// The press produces the stroke's key, but the layout consumes some of the stroke's
    /// modifiers, so the press does not read as the stroke (`Shift+Tab` where Shift turns Tab
    /// into `ISO_Left_Tab`).
    case modifiersConsumed
    /// No key of the layout types it, nor its US QWERTY position through the Latin fallback.
    case unreachable
  }

  /// The stroke asked about.
  public var stroke: KeyboardShortcut
  /// The verdict.
  public var verdict: Verdict
  /// The press that fires the stroke; for ``Verdict/layoutAction`` and
  /// ``Verdict/modifiersConsumed``, the press that would type it and does not fire it (its
  /// ``TypedPress/matchKind`` is `nil`); `nil` when the stroke is ``Verdict/unreachable``.
  public var press: TypedPress?
  /// Where automatic localization moves the stroke's input on this layout, when it does and
  /// localization was allowed.
  public var relocation: ShortcutLocation?
  /// How many presses were translated and matched to reach the answer.
  public var pressesTried: Int

  /// Creates an answer.
  ///
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - verdict: The verdict.
  ///   - press: The press that fires it, or the one that would type it.
  ///   - relocation: Where automatic localization moves its input.
  ///   - pressesTried: How many presses were tried.
  public init(
    stroke: KeyboardShortcut, verdict: Verdict, press: TypedPress?,
    relocation: ShortcutLocation? = nil, pressesTried: Int = 0
  ) {
    self.stroke = stroke
    self.verdict = verdict
    self.press = press
    self.relocation = relocation
    self.pressesTried = pressesTried
  }

  /// Whether some press fires the stroke: ``Verdict/direct``, ``Verdict/needsAltGr`` or
  /// ``Verdict/relocated``.
  public var isTyped: Bool {
    switch verdict {
    case .direct, .needsAltGr, .relocated: true
    case .layoutAction, .modifiersConsumed, .unreachable: false
    }
  }

  /// The shortcut automatic localization turns the stroke into, such as `Cmd+ü` for `Cmd+[`
  /// on German, or `nil` when it is not relocated.
  ///
  /// A relocation to a cased letter at level 2 adds Shift
  /// (``ShortcutLocation/extraModifiers``).
  public var relocatedShortcut: KeyboardShortcut? {
    relocation.map {
      KeyboardShortcut($0.input, modifierFlags: stroke.modifierFlags.union($0.extraModifiers))
    }
  }

  /// The stroke's modifiers that the layout consumed on the press, for
  /// ``Verdict/modifiersConsumed``; empty otherwise.
  public var consumedModifiers: KeyModifierFlags {
    verdict == .modifiersConsumed ? press?.consumedModifiers ?? [] : []
  }

  /// What the keysym a layout turns the press into does, when it is a system action rather
  /// than a key: `"switches to virtual terminal 7"` for `XF86Switch_VT_7`,
  /// `"terminates the X server"` for `Terminate_Server`; `nil` otherwise.
  public var systemAction: String? {
    guard verdict == .layoutAction, let keysym = press?.keysym else { return nil }
    return Self.systemAction(of: keysym)
  }

  /// What a keysym that X servers and compositors act on does, or `nil` for other keysyms.
  ///
  /// These are the keysyms of `srvr_ctrl` and `terminate` in xkeyboard-config:
  /// `XF86Switch_VT_1` … `XF86Switch_VT_12`, `Terminate_Server`, `XF86Ungrab`,
  /// `XF86ClearGrab`, `XF86Next_VMode`, `XF86Prev_VMode`, `XF86LogWindowTree` and
  /// `XF86LogGrabInfo`.
  ///
  /// - Parameter keysym: A keysym.
  /// - Returns: A phrase such as `"switches to virtual terminal 7"`, or `nil`.
  public static func systemAction(of keysym: Keysym) -> String? {
    switch keysym.rawValue {
    case 0x1008_FE01...0x1008_FE0C:
      "switches to virtual terminal \(keysym.rawValue - 0x1008_FE00)"
    case 0xFED5: "terminates the X server"
    case 0x1008_FE20: "releases the active grab"
    case 0x1008_FE21: "kills the client that holds the grab"
    case 0x1008_FE22: "switches to the next video mode"
    case 0x1008_FE23: "switches to the previous video mode"
    case 0x1008_FE24: "logs the window tree"
    case 0x1008_FE25: "logs the active grabs"
    default: nil
    }
  }
}

/// A physical press: a key, the modifier keys held with it, and what the layout makes of it.
///
/// The key is what ``XKBKeyboard/handle(_:)`` reports when the modifier keys go down in
/// order and then the key goes down, in the keyboard's active layout group with nothing else
/// held or locked (``XKBKeyboard/translatedPress(evdevCode:holding:)``).
///
/// ```swift
/// // Cmd+[ on de with automatic localization off: Ctrl+AltGr+8.
/// press.evdevCode                   // 9 (KEY_8)
/// press.modifierKeys.map(\.name)    // ["Control_L", "ISO_Level3_Shift"]
/// press.level                       // 3
/// press.keyEvents(startingAt: 0).count  // 6: two modifiers down, key down and up, modifiers up
/// ```
public struct TypedPress: Hashable, Sendable {
  /// The key's evdev code, such as 9 for `KEY_8`.
  public var evdevCode: Int
  /// The key's XKB name, such as `AE08`, or `nil` when the keymap has none.
  public var xkbKeyName: String?
  /// The level of the key, from 1, whose keysym types the stroke's key: 3 for `[` on `KEY_8`
  /// of German. For a press through the Latin fallback, 1: the level of the key in the other
  /// layout or on US QWERTY.
  public var level: Int
  /// The level the press reaches with the modifiers held, from 1; it differs from ``level``
  /// when a modifier of the stroke (Shift) changes the level.
  public var pressedLevel: Int
  /// The modifier keys to hold, in the order they go down: the stroke's modifiers first
  /// (Control, Shift, Alt, Super), then those that select the level (Shift, AltGr).
  public var modifierKeys: [ModifierKey]
  /// How many of ``modifierKeys``, at the end, are there only to select the level.
  public var levelModifierCount: Int
  /// The key the press reports: keysym, characters and modifier flags.
  public var key: Key
  /// The modifiers the layout consumed on the press (GTK mode), among shift, control,
  /// alternate and command.
  public var consumedModifiers: KeyModifierFlags
  /// How a key command on the stroke matched the press, or `nil` when it did not fire.
  public var matchKind: KeyCommandMatcher.Kind?

  /// Creates a press description.
  ///
  /// - Parameters:
  ///   - evdevCode: The key's evdev code.
  ///   - xkbKeyName: The key's XKB name.
  ///   - level: The level whose keysym types the stroke's key, from 1.
  ///   - pressedLevel: The level the press reaches, from 1.
  ///   - modifierKeys: The modifier keys held, in order.
  ///   - levelModifierCount: How many of them, at the end, select the level.
  ///   - key: The key the press reports.
  ///   - consumedModifiers: The modifiers the layout consumed.
  ///   - matchKind: How the stroke's key command matched, or `nil`.
  public init(
    evdevCode: Int, xkbKeyName: String?, level: Int, pressedLevel: Int,
    modifierKeys: [ModifierKey], levelModifierCount: Int, key: Key,
    consumedModifiers: KeyModifierFlags, matchKind: KeyCommandMatcher.Kind?
  ) {
    self.evdevCode = evdevCode
    self.xkbKeyName = xkbKeyName
    self.level = level
    self.pressedLevel = pressedLevel
    self.modifierKeys = modifierKeys
    self.levelModifierCount = levelModifierCount
    self.key = key
    self.consumedModifiers = consumedModifiers
    self.matchKind = matchKind
  }

  /// The keysym the press produces.
  public var keysym: Keysym { key.keysym }

  /// Whether the press fires the stroke.
  public var fires: Bool { matchKind != nil }

  /// The modifier keys held only to select the level, such as AltGr for `[` on German.
  public var levelModifierKeys: [ModifierKey] {
    Array(modifierKeys.suffix(levelModifierCount))
  }

  /// Whether the press holds a level-3 or level-5 modifier key (AltGr, ISO_Level5_Shift).
  public var holdsLevelShift: Bool {
    modifierKeys.contains(where: \.isLevelShift)
  }

  /// The evdev codes of the keys to press: the modifier keys in order, then the key.
  public var evdevCodes: [Int] {
    modifierKeys.map(\.evdevCode) + [evdevCode]
  }

  /// The key events that type the press, 50 ms apart: a tap of each lock key (Num Lock),
  /// each other modifier key down, the key down and up, the modifier keys up in reverse
  /// order, and a second tap of each lock key, which turns it back off.
  ///
  /// - Parameter timestamp: The time of the first event, in seconds.
  /// - Returns: The events.
  public func keyEvents(startingAt timestamp: Double) -> [KeyEvent] {
    let locks = modifierKeys.filter(\.isLock).map(\.evdevCode)
    let codes = modifierKeys.filter { !$0.isLock }.map(\.evdevCode)
    let taps = locks.flatMap { [($0, KeyEvent.Direction.down), ($0, .up)] }
    let sequence =
      taps + codes.map { ($0, KeyEvent.Direction.down) } + [(evdevCode, .down), (evdevCode, .up)]
      + codes.reversed().map { ($0, KeyEvent.Direction.up) } + taps
    return sequence.enumerated().map { index, event in
      KeyEvent(evdevCode: event.0, direction: event.1, timestamp: timestamp + Double(index) * 0.05)
    }
  }
}

/// A key of the keymap that sets modifiers while it is held, such as `Control_L` or
/// `ISO_Level3_Shift`.
///
/// ``XKBKeyboard/modifierKeys`` reads them from the keymap: which keys produce the modifier
/// keysyms, and which real modifiers each sets when it goes down.
public struct ModifierKey: Hashable, Sendable {
  /// The key's evdev code, such as 29 for `KEY_LEFTCTRL`.
  public var evdevCode: Int
  /// The key's XKB name, such as `LCTL`, or `nil`.
  public var xkbKeyName: String?
  /// The key's keysym, such as `Control_L`.
  public var keysym: Keysym
  /// The real modifiers the key sets while held, such as `["Control"]` or `["Mod5"]`.
  public var modifiers: [String]
  /// Whether the key sets a modifier other than Shift, Lock, Control, Mod1 (Alt) and Mod4
  /// (Super): a level-3 or level-5 shift such as AltGr (`ISO_Level3_Shift`, Mod5), which
  /// selects a level and has no modifier flag (decision 0004).
  public var isLevelShift: Bool

  /// Creates a modifier key.
  ///
  /// - Parameters:
  ///   - evdevCode: The key's evdev code.
  ///   - xkbKeyName: The key's XKB name.
  ///   - keysym: The key's keysym.
  ///   - modifiers: The real modifiers it sets.
  /// Whether the key locks its modifier rather than holding it: Num Lock, which selects the
  /// keypad's digits. A press taps it before the other modifier keys go down, and
  /// ``TypedPress/keyEvents(startingAt:)`` taps it again afterwards to turn it back off.
  public var isLock: Bool

  /// Creates a modifier key.
  ///
  /// - Parameters:
  ///   - evdevCode: The key's evdev code.
  ///   - xkbKeyName: The key's XKB name.
  ///   - keysym: The key's keysym.
  ///   - modifiers: The real modifiers it sets.
  ///   - isLevelShift: Whether it sets a modifier that is not a shortcut modifier.
  ///   - isLock: Whether it locks its modifier (Num Lock).
  public init(
    evdevCode: Int, xkbKeyName: String?, keysym: Keysym, modifiers: [String],
    isLevelShift: Bool, isLock: Bool = false
  ) {
    self.evdevCode = evdevCode
    self.xkbKeyName = xkbKeyName
    self.keysym = keysym
    self.modifiers = modifiers
    self.isLevelShift = isLevelShift
    self.isLock = isLock
  }

  /// The keysym's name, such as `Control_L` or `ISO_Level3_Shift`.
  public var name: String { keysym.nameOrValue }

  /// A short name for people: `Shift`, `Ctrl`, `Alt`, `Super`, `AltGr` or `Level5`, else the
  /// keysym's name.
  public var label: String {
    switch keysym.rawValue {
    case 0xFFE1, 0xFFE2: "Shift"
    case 0xFFE3, 0xFFE4: "Ctrl"
    case 0xFFE7, 0xFFE8, 0xFFE9, 0xFFEA: "Alt"
    case 0xFFEB, 0xFFEC: "Super"
    case 0xFFED, 0xFFEE: "Hyper"
    case 0xFE03: "AltGr"
    case 0xFE11: "Level5"
    case 0xFF7F: "NumLock"
    default: name
    }
  }
}
