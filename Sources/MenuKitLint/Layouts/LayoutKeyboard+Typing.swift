import MenuKit
import MenuKitXKB

// MARK: - The typing engine's answers in words

extension LayoutKeyboard {
  /// A press in words: `KEY_8 with Ctrl+AltGr`, `KEY_S alone`.
  func pressText(_ press: TypedPress) -> String {
    let key = keyLabel(forEvdevCode: press.evdevCode)
    guard !press.modifierKeys.isEmpty else { return "\(key) alone" }
    return "\(key) with \(press.modifierKeys.map(\.label).joined(separator: "+"))"
  }

  /// Where a key is typed with the modifiers that select its level:
  /// `'[' is typed with AltGr on KEY_8 (level 3)`.
  func levelText(_ key: String, _ press: TypedPress) -> String {
    let modifiers = press.levelModifierKeys.map(\.label).joined(separator: "+")
    let with = modifiers.isEmpty ? "" : " with \(modifiers)"
    return "\(key) is typed\(with) on \(keyLabel(forEvdevCode: press.evdevCode)) "
      + "(level \(press.level))"
  }

  /// The relocation of an answer, as a clause that follows a note:
  /// `; automatic localization relocates it to Ctrl+Ü (KEY_LEFTBRACE, level 1)`.
  func relocationText(_ typing: StrokeTyping, platform: PlatformProfile) -> String {
    guard let relocation = typing.relocation, let shortcut = typing.relocatedShortcut else {
      return ""
    }
    return "; automatic localization relocates it to \(shortcut.label(for: platform)) "
      + "(\(keyLabel(forEvdevCode: relocation.evdevCode)), level \(relocation.level))"
  }

  /// What the layout does with a press that does not fire the stroke: `'F7' is on KEY_F7
  /// (level 1), but KEY_F7 with Ctrl+Alt produces XF86Switch_VT_7 (level 5), which switches to
  /// virtual terminal 7`.
  ///
  /// - Parameters:
  ///   - typing: The answer, ``StrokeTyping/Verdict/layoutAction`` or
  ///     ``StrokeTyping/Verdict/modifiersConsumed``.
  ///   - press: Its press.
  ///   - key: The stroke's key in quotes, such as `'['`.
  func actionText(_ typing: StrokeTyping, _ press: TypedPress, key: String) -> String {
    let wanted = typing.relocation.map { Self.quoted($0.input) } ?? key
    let keyName = keyLabel(forEvdevCode: press.evdevCode)
    let text =
      "\(wanted) is on \(keyName) (level \(press.level)), but \(pressText(press)) produces "
      + Self.keysymText(press.keysym, level: press.pressedLevel)
    if typing.verdict == .modifiersConsumed {
      return text + ", and the layout consumes \(Self.physicalNames(typing.consumedModifiers)) "
        + "there, so the press does not read as the shortcut"
    }
    if let action = typing.systemAction { return text + ", which \(action)" }
    return text
  }

  /// An input in quotes, as notes name it: `'['`, `'+'`, `'F7'`.
  static func quoted(_ input: KeyInput) -> String {
    "'\(input.characters ?? input.canonicalName)'"
  }

  /// Physical modifiers in words, as the keys are named: `Ctrl+Shift`, `Super`.
  static func physicalNames(_ modifiers: KeyModifierFlags) -> String {
    [
      (KeyModifierFlags.control, "Ctrl"), (.shift, "Shift"), (.alternate, "Alt"),
      (.command, "Super"),
    ].filter { modifiers.contains($0.0) }.map(\.1).joined(separator: "+")
  }

  /// A keysym in words: its name, and its character in quotes when it has a printable one,
  /// and the level it is on, if given: `braceleft ('{')`, `braceleft ('{', level 2)`,
  /// `XF86Switch_VT_7 (level 5)`.
  static func keysymText(_ keysym: Keysym, level: Int? = nil) -> String {
    let name = keysym.nameOrValue
    var details: [String] = []
    if let character = keysym.character, !character.isWhitespace,
      character.unicodeScalars.first?.properties.generalCategory != .control
    {
      details.append("'\(character)'")
    }
    if let level { details.append("level \(level)") }
    return details.isEmpty ? name : "\(name) (\(details.joined(separator: ", ")))"
  }
}
