import MenuKit

/// How the desktop's D-Bus services write labels and shortcuts.
enum DesktopNotation {
  /// A title in GTK's mnemonic convention (``MenuKit/GtkMnemonic/label(_:)``).
  static func mnemonicLabel(_ title: String) -> String {
    GtkMnemonic.label(title)
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
