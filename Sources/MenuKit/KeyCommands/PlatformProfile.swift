/// The platform conventions used to match and label shortcuts.
///
/// A profile says which physical key ``KeyModifierFlags/command`` means and how shortcut labels
/// look. On ``linux`` and ``windows`` the primary modifier is Control, so `.command` and
/// `.control` name the same key there — a menu that binds both `Cmd+X` and `Ctrl+X` has a
/// conflict that ``MenuValidator`` reports. On ``mac`` it is ⌘ (the Super key on a Linux
/// keyboard). ``KeyModifierFlags/super`` is the Super key on every profile, so on mac `Cmd+E`
/// and `Super+E` are the same keys.
///
/// ```swift
/// KeyboardShortcut("o", modifierFlags: .command).label(for: .linux)  // "Ctrl+O"
/// KeyboardShortcut("o", modifierFlags: .command).label(for: .mac)    // "⌘O"
/// KeyboardShortcut("e", modifierFlags: .super).label(for: .linux)    // "Super+E"
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
  /// The physical modifiers a set of authored flags stands for under this profile, spelled as
  /// press events report them (decision 0004): Shift, Control, Alt, and the Super key as
  /// ``KeyModifierFlags/command``.
  ///
  /// On linux and windows, ``KeyModifierFlags/command`` becomes ``KeyModifierFlags/control``.
  /// On every profile ``KeyModifierFlags/super`` becomes ``KeyModifierFlags/command``, the
  /// Super key (⌘ on mac, where `.command` is that key already). Caps Lock and keypad flags are
  /// dropped.
  ///
  /// ```swift
  /// PlatformProfile.linux.physicalModifiers([.command, .super])  // [.control, .command]
  /// PlatformProfile.mac.physicalModifiers([.command, .super])    // [.command]
  /// ```
  public func physicalModifiers(_ flags: KeyModifierFlags) -> KeyModifierFlags {
    var result = flags.intersection(.shortcutModifiers)
    if self != .mac, result.contains(.command) {
      result.remove(.command)
      result.insert(.control)
    }
    if result.contains(.super) {
      result.remove(.super)
      result.insert(.command)
    }
    return result
  }
}

extension PlatformProfile {
  /// Physical modifiers, as a press reports them, written as the authored flags that name the
  /// same keys under this profile: on linux and windows the Super key (`.command` on a press)
  /// is `.super`; on mac the flags are unchanged. Tools print a press's modifiers with it.
  ///
  /// ```swift
  /// PlatformProfile.linux.authoredFlags(forPhysical: [.control, .command])  // [.control, .super]
  /// ```
  public func authoredFlags(forPhysical flags: KeyModifierFlags) -> KeyModifierFlags {
    guard self != .mac, flags.contains(.command) else { return flags }
    var result = flags
    result.remove(.command)
    result.insert(.super)
    return result
  }
}
