// MARK: - Internal

/// Writes shortcuts in a ``ShortcutDialect`` for a platform profile.
///
/// Modifiers become the words for the physical keys they stand for on the platform (see
/// ``DialectModifier``), in the dialect's own order: VS Code `ctrl+shift+alt+meta` (`cmd` on
/// mac, `win` on windows), Zed `ctrl-alt-super-shift` (Zed's `unparse`; `cmd` on mac, `win`
/// on windows), GTK `<Primary><Control><Shift><Alt><Super>`, Qt `Meta+Ctrl+Alt+Shift`
/// (QKeySequence's portable text), Electron `CmdOrCtrl+Ctrl+Super+Alt+Shift`, Emacs
/// `C-M-S-s-`. On mac ``KeyModifierFlags/super`` is ⌘ and is written as
/// ``KeyModifierFlags/command``.
struct DialectFormatter {
  let dialect: ShortcutDialect
  let platform: PlatformProfile

  /// The shortcut's text, or nil when its key has no name in the dialect.
  func text(for shortcut: KeyboardShortcut) -> String? {
    if dialect == .menuKit { return shortcut.canonicalText }
    guard let key = keyText(shortcut.input) else { return nil }
    let words = modifierWords(shortcut.modifierFlags)
    switch dialect {
    case .gtk, .emacs: return words.joined() + key
    case .zed: return (words + [key]).joined(separator: "-")
    case .menuKit, .vscode, .qt, .electron, .portal: return (words + [key]).joined(separator: "+")
    }
  }

  /// The modifier words, in the dialect's order.
  func modifierWords(_ flags: KeyModifierFlags) -> [String] {
    let isMac = platform == .mac
    let control = flags.contains(.control)
    // On mac .super is ⌘, the same key as .command: it is written once, as .command.
    let command = flags.contains(.command) || isMac && flags.contains(.super)
    // The physical Control key: on linux and windows both flags mean it.
    let controlKey = isMac ? control : command || control
    // The Super key: ⌘ (.command) on mac, .super elsewhere.
    let superKey = isMac ? command : flags.contains(.super)
    let alt = flags.contains(.alternate)
    let shift = flags.contains(.shift)
    let words: [(Bool, String)]
    switch dialect {
    case .menuKit:
      words = []
    case .vscode:
      // VS Code's user-settings labels: `cmd` on macOS, `win` on Windows, `meta` on Linux.
      let superWord = isMac ? "cmd" : platform == .windows ? "win" : "meta"
      words = [(controlKey, "ctrl"), (shift, "shift"), (alt, "alt"), (superKey, superWord)]
    case .zed:
      // Zed's `unparse`: `cmd` on macOS, `win` on Windows, `super` on Linux.
      let superWord = isMac ? "cmd" : platform == .windows ? "win" : "super"
      words = [(controlKey, "ctrl"), (alt, "alt"), (superKey, superWord), (shift, "shift")]
    case .gtk:
      words = [
        (command, "<Primary>"), (control && (isMac || !command), "<Control>"),
        (shift, "<Shift>"), (alt, "<Alt>"), (superKey && !isMac, "<Super>"),
      ]
    case .qt:
      // QKeySequence's portable text: Meta, Ctrl, Alt, Shift. Qt's Ctrl is the primary
      // modifier everywhere; its Meta is Control on mac and Super elsewhere.
      words = [
        (isMac ? control : superKey, "Meta"), (isMac ? command : controlKey, "Ctrl"),
        (alt, "Alt"), (shift, "Shift"),
      ]
    case .electron:
      words = [
        (command, "CmdOrCtrl"), (control && (isMac || !command), "Ctrl"),
        (superKey && !isMac, "Super"), (alt, "Alt"), (shift, "Shift"),
      ]
    case .emacs:
      words = [(controlKey, "C-"), (alt, "M-"), (shift, "S-"), (superKey, "s-")]
    case .portal:
      words = [(controlKey, "CTRL"), (alt, "ALT"), (shift, "SHIFT"), (superKey, "LOGO")]
    }
    return words.filter(\.0).map(\.1)
  }

  /// How the dialect writes the key, or nil when it cannot.
  func keyText(_ input: KeyInput) -> String? {
    if let flag = input.modifierKey {
      // A modifier tap: Zed writes it as the modifier's word alone (`shift shift`).
      guard dialect == .zed, case let words = modifierWords(flag), words.count == 1 else {
        return nil
      }
      return words[0]
    }
    if let key = input.specialKey { return key.name(in: dialect) }
    if let usage = input.physicalKey {
      // VS Code's scan-code notation; the other dialects name no key positions.
      switch dialect {
      case .menuKit: return input.canonicalName
      case .vscode: return usage.codeName.map { "[\($0)]" }
      case .zed, .gtk, .qt, .electron, .emacs, .portal: return nil
      }
    }
    guard let characters = input.characters, characters.count == 1,
      let character = characters.first,
      !character.unicodeScalars.contains(where: \.isControlOrSpace)
    else { return nil }
    let isASCIILetter = character.isASCII && character.isLetter
    switch dialect {
    case .menuKit:
      return input.canonicalName
    case .vscode, .zed, .emacs:
      return isASCIILetter ? characters.lowercased() : characters
    case .qt:
      return isASCIILetter ? characters.uppercased() : characters
    case .electron:
      if characters == "+" { return "Plus" }
      return isASCIILetter ? characters.uppercased() : characters
    case .gtk, .portal:
      if isASCIILetter || character.isASCII && character.isNumber {
        return characters.lowercased()
      }
      if let name = DialectKeyNames.gtkNameByCharacter[characters] { return name }
      // Other characters as Unicode keysym names, U00E9 for é.
      guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first
      else { return nil }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
  }
}
