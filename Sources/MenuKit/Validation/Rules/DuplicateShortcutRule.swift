/// MK302: two key commands are triggered by the same keys under the platform profile.
///
/// Shortcuts are compared by input and *physical* modifiers
/// (``PlatformProfile/physicalModifiers(_:)``), so `Cmd+X` and `Ctrl+X` collide under the
/// linux and windows profiles but not under mac. Hidden and disabled key commands count:
/// a hidden one still fires, and a disabled one is usually enabled again by validation at run
/// time. The diagnostic is reported at each later key command and names the first.
struct DuplicateShortcutRule: ValidationRule {
  /// The keys that trigger a key command under a profile.
  private struct PhysicalShortcut: Hashable {
    var input: KeyInput
    var modifiers: KeyModifierFlags
  }

  /// The profile whose modifier mapping applies.
  var platform: PlatformProfile
  /// The first key command with each shortcut, as named in messages.
  private var firsts: [PhysicalShortcut: String] = [:]

  init(platform: PlatformProfile) {
    self.platform = platform
  }

  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    guard case .keyCommand(let keyCommand) = element else { return [] }
    let shortcut = PhysicalShortcut(
      input: keyCommand.input, modifiers: platform.physicalModifiers(keyCommand.modifierFlags))
    let subject = position.describe(keyCommand.command)
    guard let first = firsts[shortcut] else {
      firsts[shortcut] = subject
      return []
    }
    let label = keyCommand.shortcut.label(for: platform)
    return [
      Diagnostic(
        .duplicateShortcut,
        "shortcut \(label) of \(first) is also used by \(subject) under the \(platform.rawValue) "
          + "profile")
    ]
  }
}
