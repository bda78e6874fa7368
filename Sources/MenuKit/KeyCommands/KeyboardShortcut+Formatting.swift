// MARK: - API

extension KeyboardShortcut {
  /// The human label of this shortcut under a platform profile.
  ///
  /// - linux: `Super+Ctrl+Alt+Shift+O` (KDE's order, Super first as Windows writes it), with
  ///   `.command` shown as `Ctrl` and `.super` as `Super`.
  /// - windows: the same words, with `Win` for Super and `Enter` for Return.
  /// - mac: Apple's glyphs in Apple's order, `⌃⌥⇧⌘O`, with no separators; `.super` is ⌘.
  ///
  /// A physical key (``KeyInput/physicalKey(_:)``) shows its US keycap here (`Ctrl+[` for
  /// `Ctrl+[BracketLeft]`); ``label(for:layout:)`` shows what it is on a layout.
  ///
  /// ```swift
  /// KeyboardShortcut(.upArrow, modifierFlags: .command).label(for: .mac)  // "⌘↑"
  /// KeyboardShortcut("e", modifierFlags: [.super, .shift]).label(for: .linux)  // "Super+Shift+E"
  /// KeyboardShortcut("e", modifierFlags: .super).label(for: .windows)  // "Win+E"
  /// ```
  public func label(for platform: PlatformProfile) -> String {
    label(for: platform, layout: nil)
  }

  /// The human label of this shortcut under a platform profile, as the keys of a keyboard
  /// layout show it.
  ///
  /// The same as ``label(for:)``, except that a physical key shows the keycap of its key on
  /// the layout (``KeyboardLayoutProviding/keycapLabel(for:)``): `Ctrl+[BracketLeft]` is
  /// `Ctrl+Ü` on German and `Ctrl+[` on US. Nothing is relocated; for the label of a key
  /// command that automatic localization moves, use
  /// ``KeyboardLayoutProviding/localizedLabel(for:platform:)``.
  ///
  /// ```swift
  /// let fold = try KeyboardShortcut(parsing: "Ctrl+[BracketLeft]")
  /// fold.label(for: .linux, layout: germanKeyboard)  // "Ctrl+Ü"
  /// fold.label(for: .linux, layout: nil)             // "Ctrl+["
  /// ```
  ///
  /// - Parameters:
  ///   - platform: The platform whose conventions the label follows.
  ///   - layout: The keyboard layout whose keycaps physical keys show, or nil for US keycaps.
  /// - Returns: The label.
  public func label(for platform: PlatformProfile, layout: (any KeyboardLayoutProviding)?)
    -> String
  {
    let physical = platform.physicalModifiers(modifierFlags)
    let words = platform.labelOrder.filter { physical.contains($0) }
      .map { platform.labelWord(forPhysical: $0) }
    let key = input.label(for: platform, layout: layout)
    if platform == .mac { return words.joined() + key }
    return (words + [key]).joined(separator: "+")
  }
}

extension KeySequence {
  /// The human label of each stroke as the keys of a keyboard layout show it
  /// (``KeyboardShortcut/label(for:layout:)``), separated by a space.
  ///
  /// ```swift
  /// try KeySequence(parsing: "Ctrl+K Ctrl+[Period]").label(for: .linux, layout: french)
  /// // "Ctrl+K Ctrl+:"
  /// ```
  ///
  /// - Parameters:
  ///   - platform: The platform whose conventions the label follows.
  ///   - layout: The keyboard layout whose keycaps physical keys show, or nil for US keycaps.
  /// - Returns: The label.
  public func label(for platform: PlatformProfile, layout: (any KeyboardLayoutProviding)?)
    -> String
  {
    strokes.map { $0.label(for: platform, layout: layout) }.joined(separator: " ")
  }
}

extension KeyInput {
  /// How the key is written in a human label under a platform profile (`↑` on mac, `Up`
  /// elsewhere; letters uppercase; a physical key's US keycap, `[` for `[BracketLeft]`).
  public func label(for platform: PlatformProfile) -> String {
    label(for: platform, layout: nil)
  }

  /// How the key is written in a human label under a platform profile, as the keys of a
  /// keyboard layout show it.
  ///
  /// Only a physical key depends on the layout: it shows the layout's keycap for its key
  /// (``KeyboardLayoutProviding/keycapLabel(for:)``, `Ü` for `[BracketLeft]` on German); where
  /// the layout has none — no layout, or a key that types no character at level 1 — a key that
  /// is the same on every layout shows that key's label (`[ArrowUp]` is `Up`, `[F5]` is `F5`,
  /// `[Numpad1]` is `Num 1`), a writing-system key its US keycap (`[`, `A`, `1`), and any other
  /// key its W3C code name (`IntlBackslash`, `ContextMenu`).
  ///
  /// - Parameters:
  ///   - platform: The platform whose conventions the label follows.
  ///   - layout: The keyboard layout whose keycaps physical keys show, or nil for US keycaps.
  /// - Returns: The label.
  public func label(for platform: PlatformProfile, layout: (any KeyboardLayoutProviding)?)
    -> String
  {
    if let usage = physicalKey {
      if let keycap = layout?.keycapLabel(for: usage) ?? usage.usKeycap {
        return keycap == "+" && platform != .mac ? "Plus" : keycap
      }
      if let key = physicalKeySpecialKey { return KeyInput(key).label(for: platform) }
      return usage.bracketedName
    }
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
