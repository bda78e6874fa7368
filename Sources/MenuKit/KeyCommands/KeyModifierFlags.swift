/// The modifier keys of a key command or a key press, named as in UIKit's `UIKeyModifierFlags`.
///
/// Key commands are authored with these flags. ``command`` is the *primary* shortcut modifier:
/// a ``PlatformProfile`` says how it is typed and shown — Control (“Ctrl+O”) on the linux and
/// windows profiles, ⌘ on mac. ``alphaShift`` (Caps Lock) and ``numericPad`` describe presses;
/// they never take part in a shortcut match.
///
/// ```swift
/// let save = KeyboardShortcut("s", modifierFlags: [.command, .shift])
/// save.label(for: .linux)  // "Ctrl+Shift+S"
/// save.label(for: .mac)    // "⇧⌘S"
/// ```
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

  /// The flags a shortcut can require: shift, control, alternate and command.
  public static let shortcutModifiers: KeyModifierFlags = [.shift, .control, .alternate, .command]
}

// MARK: - Names

extension KeyModifierFlags {
  /// Each single flag with its canonical name, in canonical order.
  static let canonicalNames: [(flag: KeyModifierFlags, name: String)] = [
    (.control, "Ctrl"), (.command, "Cmd"), (.alternate, "Alt"), (.shift, "Shift"),
    (.alphaShift, "CapsLock"), (.numericPad, "NumPad"),
  ]

  /// The canonical names of the flags in this set, in canonical order: `["Ctrl", "Shift"]`.
  public var names: [String] {
    Self.canonicalNames.filter { contains($0.flag) }.map(\.name)
  }

  /// UIKit's names of the flags in this set, in UIKit's order: `["alphaShift", "shift",
  /// "control", "alternate", "command", "numericPad"]` for all of them. Tools print these.
  public var flagNames: [String] {
    let all: [(KeyModifierFlags, String)] = [
      (.alphaShift, "alphaShift"), (.shift, "shift"), (.control, "control"),
      (.alternate, "alternate"), (.command, "command"), (.numericPad, "numericPad"),
    ]
    return all.filter { contains($0.0) }.map(\.1)
  }

  /// The flag that a modifier word names, accepting common spellings in any case
  /// (`ctrl`, `control`, `alt`, `option`, `opt`, `shift`, `cmd`, `command`, `primary`, …).
  static func named(_ word: some StringProtocol) -> KeyModifierFlags? {
    switch word.lowercased() {
    case "ctrl", "control", "ctl": .control
    case "alt", "option", "opt", "alternate": .alternate
    case "shift": .shift
    case "cmd", "command", "primary", "cmdorctrl", "commandorcontrol", "mod": .command
    case "capslock", "alphashift": .alphaShift
    case "numpad", "numericpad": .numericPad
    default: nil
    }
  }

  /// All words accepted by ``named(_:)``, for suggestions in error messages.
  static let acceptedWords = [
    "Ctrl", "Control", "Alt", "Option", "Shift", "Cmd", "Command", "Primary", "CapsLock", "NumPad",
  ]
}
