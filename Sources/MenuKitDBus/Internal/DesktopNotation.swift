import MenuKit

/// How the desktop's D-Bus services write labels and shortcuts.
enum DesktopNotation {
  /// A title in GTK's mnemonic convention, which dbusmenu and org.gtk.Menus use: `_` marks
  /// the access key and `__` is a literal underscore.
  ///
  /// A title written in the Qt/Windows convention (`&Save`, `&&` a literal ampersand) is
  /// rewritten; any other title is GTK's already (MenuKit's lint reads both: MK611).
  static func mnemonicLabel(_ title: String) -> String {
    let characters = Array(title)
    var usesAmpersand = false
    var index = 0
    while index < characters.count - 1 {
      if characters[index] == "&" {
        if characters[index + 1] == "&" {
          index += 2
          continue
        }
        usesAmpersand = true
        break
      }
      index += 1
    }
    guard usesAmpersand else { return title }
    var result = ""
    index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "&" && index + 1 < characters.count && characters[index + 1] == "&" {
        result.append("&")
        index += 2
        continue
      }
      switch character {
      case "&": result.append("_")
      case "_": result.append("__")
      default: result.append(character)
      }
      index += 1
    }
    return result
  }

  /// The X11 keysym name of a stroke's key (`s`, `bracketleft`, `F5`), as GTK writes it; nil
  /// for a physical key, which has none.
  static func keyName(_ input: KeyInput) -> String? {
    guard
      let text = KeySequence([KeyboardShortcut(input, modifierFlags: [])]).text(
        in: .gtk, platform: .linux)
    else { return nil }
    return text
  }

  /// The names of a stroke's modifier keys on Linux, in libdbusmenu's order (`Control`,
  /// `Alt`, `Shift`, `Super`): `.command` is Control, the primary modifier.
  static func modifierNames(_ flags: KeyModifierFlags) -> [String] {
    var names: [String] = []
    if flags.contains(.command) || flags.contains(.control) { names.append("Control") }
    if flags.contains(.alternate) { names.append("Alt") }
    if flags.contains(.shift) { names.append("Shift") }
    if flags.contains(.super) { names.append("Super") }
    return names
  }

  /// A key sequence as dbusmenu's `shortcut` property: one array per stroke, modifiers then
  /// the key (`[["Control", "k"], ["Control", "s"]]`); nil when a key has no name.
  static func dbusmenuShortcut(_ sequence: KeySequence) -> [[String]]? {
    var strokes: [[String]] = []
    for stroke in sequence.strokes {
      guard let key = keyName(stroke.input) else { return nil }
      strokes.append(modifierNames(stroke.modifierFlags) + [key])
    }
    return strokes.isEmpty ? nil : strokes
  }
}
