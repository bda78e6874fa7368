import MenuKit

// keymap-lint's diagnostic codes (MK6xx), declared beside the rules that report them:
// ConflictRules (MK601-MK603), BindingRules (MK604, MK608-MK611), LayoutRules (MK605-MK607,
// MK613, MK614). Each is documented in docs/tools/diagnostics.md; codes are never reused.

extension DiagnosticCode {
  /// Two bindings of the same keys can both apply at the same context depth, neither context
  /// implies the other, and only their order decides which runs.
  package static let ambiguousBinding = DiagnosticCode("MK601", "ambiguous-binding", .warning)
  /// A binding never runs: wherever its context holds, a later binding of the same keys in the
  /// same layer holds too and wins.
  package static let deadBinding = DiagnosticCode("MK602", "dead-binding")
  /// A binding of the same keys overrides another by design: a more specific later context,
  /// or a higher layer (a user keymap over the defaults).
  package static let resolvedOverride = DiagnosticCode("MK603", "resolved-override", .note)
  /// A key sequence is a prefix of a longer one in contexts that can hold together, so typing
  /// it waits for the next stroke.
  package static let prefixShadowing = DiagnosticCode("MK604", "prefix-shadowing", .warning)
  /// A shortcut's key cannot be typed on a layout.
  package static let untypableShortcut = DiagnosticCode("MK605", "untypable-shortcut", .warning)
  /// A shortcut's key is typed only with AltGr (level 3 or higher) on a layout.
  package static let needsAltGr = DiagnosticCode("MK606", "needs-altgr", .warning)
  /// A shortcut's key is typed on another physical key, or at another level, than on US QWERTY.
  package static let movedKey = DiagnosticCode("MK607", "moved-key", .note)
  /// A keymap binds a command that no menu file given to the linter defines.
  package static let undefinedCommand = DiagnosticCode("MK608", "undefined-command", .warning)
  /// Two bindings written with different modifiers (`Cmd+X`, `Ctrl+X`) are the same keys under
  /// the platform profile.
  package static let profileDuplicate = DiagnosticCode("MK609", "profile-duplicate")
  /// A shortcut is reserved by the desktop (GNOME, KDE, macOS) and never reaches the app.
  package static let reservedShortcut = DiagnosticCode("MK610", "reserved-shortcut", .warning)
  /// Two items of one menu have the same mnemonic (access key).
  package static let duplicateMnemonic = DiagnosticCode("MK611", "duplicate-mnemonic", .warning)
  /// A Ctrl+Alt shortcut is on a key whose AltGr level types a character on a layout; where
  /// Ctrl+Alt stands in for AltGr, the shortcut takes that character.
  package static let ctrlAltCollision = DiagnosticCode("MK613", "ctrl-alt-collision", .warning)
  /// A shortcut's key exists on a layout, but with the shortcut's modifiers the layout turns
  /// the press into something else (another keysym, such as `XF86Switch_VT_7` for
  /// Ctrl+Alt+F7, or a press whose modifiers it consumes), so the shortcut never fires there.
  package static let layoutAction = DiagnosticCode("MK614", "layout-action", .warning)

  /// The codes of keymap-lint's rules, in code order, with `MK612` (declared in MenuKit,
  /// where every tool that reads files reports it).
  package static let lintCodes: [DiagnosticCode] = [
    .ambiguousBinding, .deadBinding, .resolvedOverride, .prefixShadowing, .untypableShortcut,
    .needsAltGr, .movedKey, .undefinedCommand, .profileDuplicate, .reservedShortcut,
    .duplicateMnemonic, .unknownInputFormat, .ctrlAltCollision, .layoutAction,
  ]
}
