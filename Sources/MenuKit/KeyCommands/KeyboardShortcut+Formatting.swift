// MARK: - API

extension KeyboardShortcut {
  /// The human label of this shortcut under a platform profile.
  ///
  /// - linux: `Super+Ctrl+Alt+Shift+O` (KDE's order, Super first as Windows writes it), with
  ///   `.command` shown as `Ctrl` and `.super` as `Super`.
  /// - windows: the same words, with `Win` for Super and `Enter` for Return.
  /// - mac: Apple's glyphs in Apple's order, `⌃⌥⇧⌘O`, with no separators; `.super` is ⌘.
  ///
  /// ```swift
  /// KeyboardShortcut(.upArrow, modifierFlags: .command).label(for: .mac)  // "⌘↑"
  /// KeyboardShortcut("e", modifierFlags: [.super, .shift]).label(for: .linux)  // "Super+Shift+E"
  /// KeyboardShortcut("e", modifierFlags: .super).label(for: .windows)  // "Win+E"
  /// ```
  public func label(for platform: PlatformProfile) -> String {
    let physical = platform.physicalModifiers(modifierFlags)
    let words = platform.labelOrder.filter { physical.contains($0) }
      .map { platform.labelWord(forPhysical: $0) }
    if platform == .mac { return words.joined() + input.label(for: platform) }
    return (words + [input.label(for: platform)]).joined(separator: "+")
  }
}

extension KeyInput {
  /// How the key is written in a human label under a platform profile (`↑` on mac, `Up`
  /// elsewhere; letters uppercase).
  public func label(for platform: PlatformProfile) -> String {
    if let flag = modifierKey {
      let physical = platform.physicalModifiers(flag)
      return platform.labelOrder.first { physical.contains($0) }
        .map { platform.labelWord(forPhysical: $0) } ?? ""
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

extension PlatformProfile {
  /// The physical modifiers in the order labels write them: Apple's `⌃⌥⇧⌘` on mac; elsewhere
  /// KDE's `Meta+Ctrl+Alt+Shift`, with the Super key (the press flag `.command`) first.
  var labelOrder: [KeyModifierFlags] {
    self == .mac
      ? [.control, .alternate, .shift, .command] : [.command, .control, .alternate, .shift]
  }

  /// How a label writes one physical modifier (``physicalModifiers(_:)``): `⌃⌥⇧⌘` on mac;
  /// `Ctrl`, `Alt`, `Shift` and `Super` on linux, `Win` for the Super key on windows.
  func labelWord(forPhysical flag: KeyModifierFlags) -> String {
    switch (self, flag) {
    case (.mac, .control): "⌃"
    case (.mac, .alternate): "⌥"
    case (.mac, .shift): "⇧"
    case (.mac, _): "⌘"
    case (_, .control): "Ctrl"
    case (_, .alternate): "Alt"
    case (_, .shift): "Shift"
    case (.windows, _): "Win"
    default: "Super"
    }
  }
}

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
