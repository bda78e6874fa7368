public import MenuKit

// MARK: - Physical keys: keycaps and reachability

extension XKBKeyboard {
  /// The label of the key at a physical position on the active layout group: the character
  /// its first level types, uppercased as keycaps show letters.
  ///
  /// The key is the usage's evdev code (``KeyboardHIDUsage/evdevCode``); its first-level keysym
  /// in the active layout group gives the character. A dead key shows the accent it types
  /// (`dead_circumflex` is `^`). Nil when the keymap lacks the key, or when its first level
  /// types no printable character: special keys (Escape, Tab, F5, the arrows), Space, and the
  /// keypad, whose labels do not depend on the layout.
  ///
  /// ```swift
  /// german.keycapLabel(for: .keyboardOpenBracket)  // "Ü"
  /// german.keycapLabel(for: .keyboardY)            // "Z"
  /// french.keycapLabel(for: .keyboardPeriod)       // ":"
  /// us.keycapLabel(for: .keyboardF5)               // nil
  /// ```
  ///
  /// - Parameter usage: The key's position.
  /// - Returns: The keycap, or nil.
  public func keycapLabel(for usage: KeyboardHIDUsage) -> String? {
    // The keyboard map's legends and these keycaps read keysyms the same way.
    guard let keysym = firstLevelKeysym(of: usage), !Self.isKeypadKeysym(keysym),
      let character = KeyboardMap.text(of: keysym)
    else { return nil }
    let upper = character.uppercased()
    // "ß" uppercases to "SS": keep characters whose capital is not one character.
    return upper.count == 1 && upper.lowercased() == character ? upper : character
  }

  /// How a physical key is typed on the active layout: at its own key, level 1, whenever the
  /// keymap has the key and Linux reports the position (``Key/keyCode`` of its presses is the
  /// usage); ``ShortcutReachability/unreachable`` otherwise, as for a usage without an evdev
  /// code (the locking keys) or one Linux reports as another key (Keypad Clear is
  /// `KEY_DELETE`, read as Delete).
  func physicalReachability(of usage: KeyboardHIDUsage) -> ShortcutReachability {
    guard let code = usage.evdevCode, KeyboardHIDUsage(evdevCode: code) == usage,
      state.keymap.evdevCodes.contains(code),
      state.keymap.levelCount(forEvdevCode: code, layout: state.activeLayout) > 0
    else { return .unreachable }
    let keysym = firstLevelKeysym(of: usage) ?? Keysym(rawValue: 0)
    return .direct(
      ShortcutLocation(
        evdevCode: code, level: 1, keysym: keysym, input: .physicalKey(usage)))
  }

  /// The first keysym of the usage's key at level 1 of the active layout group.
  private func firstLevelKeysym(of usage: KeyboardHIDUsage) -> Keysym? {
    guard let code = usage.evdevCode, state.keymap.evdevCodes.contains(code) else { return nil }
    return state.keymap.keysyms(forEvdevCode: code, layout: state.activeLayout, level: 0).first
  }

  /// Whether a keysym is one of the keypad's (`KP_…`, 0xff80–0xffbd).
  private static func isKeypadKeysym(_ keysym: Keysym) -> Bool {
    (0xff80...0xffbd).contains(keysym.rawValue)
  }
}
