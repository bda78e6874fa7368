/// A key and the modifier flags that must be held with it: the trigger of a key command.
///
/// A shortcut has one canonical text form that round-trips through ``init(parsing:)`` and
/// ``canonicalText``: modifier names in the order `Ctrl`, `Cmd`, `Super`, `Alt`, `Shift`,
/// joined with `+`, then the key (`Cmd+Shift+O`, `Ctrl+Alt+Delete`, `Cmd+Plus`, `Super+E`,
/// `F5`, or a physical key in brackets, `Ctrl+[BracketLeft]`). `Cmd` is UIKit's
/// ``KeyModifierFlags/command``, the platform's primary modifier; `Super` is
/// ``KeyModifierFlags/super``, the Super (logo) key. Human labels depend on the
/// ``PlatformProfile`` (and, for physical keys, on the layout: ``label(for:layout:)``).
///
/// ```swift
/// let shortcut = try KeyboardShortcut(parsing: "Cmd+Shift+O")
/// shortcut.canonicalText       // "Cmd+Shift+O"
/// shortcut.label(for: .linux)  // "Ctrl+Shift+O"
/// shortcut.label(for: .mac)    // "⇧⌘O"
/// ```
public struct KeyboardShortcut: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public var input: KeyInput
  /// The modifiers that must be held. Only shift, control, alternate, command and super take
  /// part in matching; ``KeyModifierFlags/numericPad`` and ``KeyModifierFlags/alphaShift`` are kept
  /// for completeness.
  public var modifierFlags: KeyModifierFlags

  /// Creates a shortcut from a key and modifiers, exactly as given, as a key command's
  /// `input` and `modifierFlags` are.
  ///
  /// ```swift
  /// KeyboardShortcut(.escape, modifierFlags: []).canonicalText         // "Escape"
  /// KeyboardShortcut("r", modifierFlags: [.command, .shift]).canonicalText  // "Cmd+Shift+R"
  /// ```
  public init(_ input: KeyInput, modifierFlags: KeyModifierFlags) {
    self.input = input
    self.modifierFlags = modifierFlags
  }

  /// Creates a shortcut as SwiftUI's `KeyboardShortcut(_:modifiers:)` does: the modifiers
  /// default to ``KeyModifierFlags/command``, and an uppercase Latin letter stands for Shift
  /// and that letter, as UIKit matches key commands against lowercase characters.
  ///
  /// ```swift
  /// KeyboardShortcut("s").canonicalText                        // "Cmd+S"
  /// KeyboardShortcut("R").canonicalText                        // "Cmd+Shift+R"
  /// KeyboardShortcut(.return, modifiers: []).canonicalText     // "Return"
  /// ```
  ///
  /// Use ``init(_:modifierFlags:)`` to take a key exactly as given.
  ///
  /// - Parameters:
  ///   - input: The key, such as `"s"` or ``KeyInput/upArrow``.
  ///   - modifiers: The modifiers that must be held; ``KeyModifierFlags/command`` by default.
  public init(_ input: KeyInput, modifiers: KeyModifierFlags = .command) {
    if let characters = input.characters, characters.unicodeScalars.count == 1,
      let scalar = characters.unicodeScalars.first, ("A"..."Z").contains(scalar)
    {
      self.init(KeyInput(characters.lowercased()), modifierFlags: modifiers.union(.shift))
    } else {
      self.init(input, modifierFlags: modifiers)
    }
  }

  /// The Return key with no modifiers: the shortcut of a dialog's default button (SwiftUI's
  /// `KeyboardShortcut.defaultAction`).
  ///
  /// ```swift
  /// Button("Save", action: "save:").keyboardShortcut(.defaultAction)
  /// ```
  public static let defaultAction = KeyboardShortcut(.return, modifierFlags: [])

  /// The Escape key with no modifiers: the shortcut of a dialog's cancel button (SwiftUI's
  /// `KeyboardShortcut.cancelAction`).
  ///
  /// ```swift
  /// Button("Cancel", action: "cancel:").keyboardShortcut(.cancelAction)
  /// ```
  public static let cancelAction = KeyboardShortcut(.escape, modifierFlags: [])

  /// The canonical text, such as `Cmd+Shift+O`.
  public var canonicalText: String {
    (modifierFlags.names + [input.canonicalName]).joined(separator: "+")
  }

  /// The shortcut's ``canonicalText``.
  public var description: String { canonicalText }
}

// MARK: - Sequences

/// One or more shortcuts pressed one after another, such as `Cmd+K Cmd+S`.
///
/// The canonical text separates strokes with one space and round-trips through
/// ``init(parsing:)``.
///
/// ```swift
/// let sequence = try KeySequence(parsing: "Cmd+K Cmd+S")
/// sequence.strokes.count              // 2
/// sequence.label(for: .mac)           // "⌘K ⌘S"
/// ```
public struct KeySequence: Hashable, Sendable, CustomStringConvertible {
  /// The shortcuts, in the order they are pressed; never empty.
  public var strokes: [KeyboardShortcut]

  /// Creates a sequence.
  ///
  /// - Precondition: `strokes` is not empty.
  public init(_ strokes: [KeyboardShortcut]) {
    precondition(!strokes.isEmpty, "a key sequence has at least one stroke")
    self.strokes = strokes
  }

  /// The canonical text: each stroke's canonical text, separated by a space.
  public var canonicalText: String { strokes.map(\.canonicalText).joined(separator: " ") }

  /// The sequence's ``canonicalText``.
  public var description: String { canonicalText }

  /// The human label of each stroke, separated by a space.
  public func label(for platform: PlatformProfile) -> String {
    strokes.map { $0.label(for: platform) }.joined(separator: " ")
  }
}
