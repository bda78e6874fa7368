/// The platform conventions used to match and label shortcuts.
///
/// A profile says which physical key ``KeyModifierFlags/command`` means and how shortcut labels
/// look. On ``linux`` and ``windows`` the primary modifier is Control, so `.command` and
/// `.control` name the same key there — a menu that binds both `Cmd+X` and `Ctrl+X` has a
/// conflict that ``MenuValidator`` reports. On ``mac`` it is ⌘ (the Super key on a Linux
/// keyboard).
///
/// ```swift
/// KeyboardShortcut("o", modifierFlags: .command).label(for: .linux)  // "Ctrl+O"
/// KeyboardShortcut("o", modifierFlags: .command).label(for: .mac)    // "⌘O"
/// ```
public enum PlatformProfile: String, Hashable, Sendable, CaseIterable, Codable {
  /// GNOME and KDE conventions: `Ctrl+Shift+O`.
  case linux
  /// Apple's conventions: `⇧⌘O`.
  case mac
  /// Windows conventions: `Ctrl+Shift+O`.
  case windows
}

// MARK: - API

extension PlatformProfile {
  /// The physical modifiers a set of authored flags stands for under this profile.
  ///
  /// On linux and windows, ``KeyModifierFlags/command`` becomes ``KeyModifierFlags/control``.
  /// On mac the flags are unchanged. Caps Lock and keypad flags are dropped.
  public func physicalModifiers(_ flags: KeyModifierFlags) -> KeyModifierFlags {
    var result = flags.intersection(.shortcutModifiers)
    if self != .mac, result.contains(.command) {
      result.remove(.command)
      result.insert(.control)
    }
    return result
  }
}
