// MARK: - API

extension KeyboardShortcut {
  /// The human label of this shortcut under a platform profile.
  ///
  /// - linux: `Ctrl+Alt+Shift+O` (GNOME and KDE order), with `.command` shown as `Ctrl`.
  /// - windows: the same words, with `Enter` for Return.
  /// - mac: Apple's glyphs in Apple's order, `⌃⌥⇧⌘O`, with no separators.
  ///
  /// ```swift
  /// KeyboardShortcut(.upArrow, modifierFlags: .command).label(for: .mac)  // "⌘↑"
  /// ```
  public func label(for platform: PlatformProfile) -> String {
    let physical = platform.physicalModifiers(modifierFlags)
    switch platform {
    case .mac:
      let glyphs: [(KeyModifierFlags, String)] = [
        (.control, "⌃"), (.alternate, "⌥"), (.shift, "⇧"), (.command, "⌘"),
      ]
      return glyphs.filter { physical.contains($0.0) }.map(\.1).joined()
        + input.label(for: platform)
    case .linux, .windows:
      let words: [(KeyModifierFlags, String)] = [
        (.control, "Ctrl"), (.alternate, "Alt"), (.shift, "Shift"),
      ]
      return (words.filter { physical.contains($0.0) }.map(\.1) + [input.label(for: platform)])
        .joined(separator: "+")
    }
  }
}

extension KeyInput {
  /// How the key is written in a human label under a platform profile (`↑` on mac, `Up`
  /// elsewhere; letters uppercase).
  public func label(for platform: PlatformProfile) -> String {
    if let flag = modifierKey {
      let physical = platform.physicalModifiers(flag)
      if platform == .mac {
        let glyphs: [(KeyModifierFlags, String)] = [
          (.control, "⌃"), (.alternate, "⌥"), (.shift, "⇧"), (.command, "⌘"),
        ]
        return glyphs.first { physical.contains($0.0) }?.1 ?? ""
      }
      return physical.names.first ?? ""
    }
    guard let key = specialKey else {
      if characters == "+" { return platform == .mac ? "+" : "Plus" }
      return canonicalName
    }
    if platform == .mac, let glyph = key.macGlyph { return glyph }
    switch key {
    case .escape: return "Esc"
    case .return: return platform == .windows ? "Enter" : "Return"
    case .enter: return platform == .windows ? "Num Enter" : "Enter"
    case .pageUp: return "Page Up"
    case .pageDown: return "Page Down"
    case .deleteForward: return platform == .windows ? "Del" : "Delete"
    default:
      if key.canonicalName.hasPrefix("Keypad") {
        return "Num " + key.keypadSuffix
      }
      return key.canonicalName
    }
  }
}

// MARK: - Internal

extension KeyInput.SpecialKey {
  /// Apple's glyph for the key, when it has one.
  var macGlyph: String? {
    switch self {
    case .upArrow: "↑"
    case .downArrow: "↓"
    case .leftArrow: "←"
    case .rightArrow: "→"
    case .escape: "⎋"
    case .tab: "⇥"
    case .return: "↩"
    case .enter: "⌤"
    case .backspace: "⌫"
    case .deleteForward: "⌦"
    case .home: "↖"
    case .end: "↘"
    case .pageUp: "⇞"
    case .pageDown: "⇟"
    case .clear: "⌧"
    case .space: "Space"
    default: canonicalName.hasPrefix("Keypad") ? "Keypad " + keypadSuffix : nil
    }
  }

  /// The part of a keypad key's name after "Keypad": `5`, `+`, `.`.
  var keypadSuffix: String {
    switch self {
    case .keypadDecimal: "."
    case .keypadPlus: "+"
    case .keypadMinus: "-"
    case .keypadMultiply: "*"
    case .keypadDivide: "/"
    case .keypadEquals: "="
    case .keypadComma: ","
    default: String(canonicalName.dropFirst("Keypad".count))
    }
  }
}
