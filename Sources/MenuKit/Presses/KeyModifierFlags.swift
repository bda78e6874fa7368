/// The modifier keys of a key command or a key press, named as in UIKit's `UIKeyModifierFlags`.
///
/// Key commands are authored with these flags. ``command`` is the *primary* shortcut modifier:
/// a ``PlatformProfile`` says how it is typed and shown — Control (“Ctrl+O”) on the linux and
/// windows profiles, ⌘ on mac. ``super`` is the Super key itself (the logo or Windows key) on
/// every profile; on mac it is ⌘, the same key as ``command``. ``alphaShift`` (Caps Lock) and
/// ``numericPad`` describe presses; they never take part in a shortcut match.
///
/// ```swift
/// let save = KeyboardShortcut("s", modifierFlags: [.command, .shift])
/// save.label(for: .linux)  // "Ctrl+Shift+S"
/// save.label(for: .mac)    // "⇧⌘S"
/// let files = KeyboardShortcut("e", modifierFlags: .super)
/// files.label(for: .linux)    // "Super+E"
/// files.label(for: .windows)  // "Win+E"
/// ```
///
/// Press events never carry ``super``: they report the physical Super key as ``command``
/// (`docs/decisions/0004-press-translation.md`), and
/// ``PlatformProfile/physicalModifiers(_:)`` turns an authored ``super`` into that press flag.
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
  /// The flags' bits, as UIKit's `UIKeyModifierFlags` numbers them.
  public let rawValue: Int

  /// Creates flags from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Caps Lock is on.
  public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
  /// The Shift key.
  public static let shift = KeyModifierFlags(rawValue: 1 << 17)
  /// The Control key.
  public static let control = KeyModifierFlags(rawValue: 1 << 18)
  /// The Alt key (Option on a Mac keyboard).
  public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
  /// The primary shortcut modifier: Control on linux and windows, ⌘ on mac.
  public static let command = KeyModifierFlags(rawValue: 1 << 20)
  /// The key is on the numeric keypad.
  public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
  /// The Super key (the logo or Windows key; Meta in VS Code and Qt) on every profile: ⌘ on
  /// mac, where it is the same key as ``command``.
  ///
  /// UIKit has no such flag; its bit follows UIKit's. Key commands are authored with it; press
  /// events report the Super key as ``command``.
  public static let `super` = KeyModifierFlags(rawValue: 1 << 22)

  /// The flags a shortcut can require: shift, control, alternate, command and super.
  public static let shortcutModifiers: KeyModifierFlags = [
    .shift, .control, .alternate, .command, .super,
  ]
}

// MARK: - Names

extension KeyModifierFlags {
  /// Each single flag with its canonical name, in canonical order.
  static let canonicalNames: [(flag: KeyModifierFlags, name: String)] = [
    (.control, "Ctrl"), (.command, "Cmd"), (.super, "Super"), (.alternate, "Alt"),
    (.shift, "Shift"), (.alphaShift, "CapsLock"), (.numericPad, "NumPad"),
  ]

  /// The canonical names of the flags in this set, in canonical order: `["Ctrl", "Shift"]`.
  public var names: [String] {
    Self.canonicalNames.filter { contains($0.flag) }.map(\.name)
  }

  /// UIKit's names of the flags in this set, in UIKit's order, then ``super``: `["alphaShift",
  /// "shift", "control", "alternate", "command", "numericPad", "super"]` for all of them. Tools
  /// print these.
  public var flagNames: [String] {
    let all: [(KeyModifierFlags, String)] = [
      (.alphaShift, "alphaShift"), (.shift, "shift"), (.control, "control"),
      (.alternate, "alternate"), (.command, "command"), (.numericPad, "numericPad"),
      (.super, "super"),
    ]
    return all.filter { contains($0.0) }.map(\.1)
  }

  /// The flag that a modifier word names, accepting common spellings in any case
  /// (`ctrl`, `control`, `alt`, `option`, `opt`, `shift`, `cmd`, `command`, `primary`, …).
  ///
  /// `Super`, `Meta`, `Win`, `Windows` and `Logo` name the Super key (``super``). `Meta` is
  /// Super here as in VS Code, Qt and Electron, not Emacs's Meta (Alt); `Cmd` stays the
  /// primary modifier.
  static func named(_ word: some StringProtocol) -> KeyModifierFlags? {
    switch word.lowercased() {
    case "ctrl", "control", "ctl": .control
    case "alt", "option", "opt", "alternate": .alternate
    case "shift": .shift
    case "cmd", "command", "primary", "cmdorctrl", "commandorcontrol", "mod": .command
    case "super", "meta", "win", "windows", "logo": .super
    case "capslock", "alphashift": .alphaShift
    case "numpad", "numericpad": .numericPad
    default: nil
    }
  }

  /// All words accepted by ``named(_:)``, for suggestions in error messages.
  static let acceptedWords = [
    "Ctrl", "Control", "Alt", "Option", "Shift", "Cmd", "Command", "Primary", "Super", "Meta",
    "Win", "CapsLock", "NumPad",
  ]
}
