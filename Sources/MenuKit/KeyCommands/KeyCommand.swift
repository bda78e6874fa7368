/// A command with a keyboard shortcut (UIKit's `UIKeyCommand`).
///
/// A key command is a ``Command`` plus the key and modifiers that trigger it and the flags that
/// control how it is matched. The command's own properties read and write through the key
/// command (`keyCommand.title`), as a UIKeyCommand inherits from UICommand.
///
/// ```swift
/// let open = KeyCommand(title: "Open…", action: "openDocument:", input: "o",
///                       modifierFlags: .command)
/// open.shortcut.label(for: .linux)  // "Ctrl+O"
/// ```
@dynamicMemberLookup
public struct KeyCommand: Hashable, Sendable {
  /// The command performed.
  public var command: Command
  /// The key.
  public var input: KeyInput
  /// The modifiers that must be held.
  public var modifierFlags: KeyModifierFlags
  /// Whether the key command takes precedence over text input and focus movement.
  ///
  /// As in UIKit since iOS 15, the text input and focus systems get a press first: a press
  /// that types text into a text-input first responder (``Responder/isTextInput``), and Tab,
  /// Shift+Tab or an arrow that moves focus (``FocusSystem``), go there unless a key command
  /// that matches it has this set, which then fires instead.
  public var wantsPriorityOverSystemBehavior: Bool
  /// Whether the shortcut may be remapped to the keyboard layout when its key cannot be typed.
  public var allowsAutomaticLocalization: Bool
  /// Whether bracket and arrow inputs swap in a right-to-left context.
  public var allowsAutomaticMirroring: Bool
  /// Whether an autorepeating key fires the command again.
  public var repeatBehavior: RepeatBehavior

  /// Whether a held, autorepeating key fires a key command again.
  public enum RepeatBehavior: String, Hashable, Sendable, CaseIterable {
    /// Each autorepeat fires the command again (UIKit's default).
    case repeatable
    /// Only the first press fires.
    case nonRepeatable
  }

  /// Creates a key command around a command.
  public init(
    _ command: Command, input: KeyInput, modifierFlags: KeyModifierFlags = [],
    wantsPriorityOverSystemBehavior: Bool = false, allowsAutomaticLocalization: Bool = true,
    allowsAutomaticMirroring: Bool = true, repeatBehavior: RepeatBehavior = .repeatable
  ) {
    self.command = command
    self.input = input
    self.modifierFlags = modifierFlags
    self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
    self.allowsAutomaticLocalization = allowsAutomaticLocalization
    self.allowsAutomaticMirroring = allowsAutomaticMirroring
    self.repeatBehavior = repeatBehavior
  }

  /// Creates a key command, as `UIKeyCommand(title:image:action:input:modifierFlags:propertyList:)`.
  public init(
    title: String = "", image: String? = nil, action: ActionName, input: KeyInput,
    modifierFlags: KeyModifierFlags = [], propertyList: PropertyList? = nil,
    alternates: [CommandAlternate] = [], discoverabilityTitle: String? = nil,
    attributes: MenuElementAttributes = [], state: MenuElementState = .off
  ) {
    self.init(
      Command(
        title: title, image: image, action: action, propertyList: propertyList,
        alternates: alternates, discoverabilityTitle: discoverabilityTitle,
        attributes: attributes, state: state),
      input: input, modifierFlags: modifierFlags)
  }

  /// Reads and writes the wrapped command's properties.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Command, Value>) -> Value {
    get { command[keyPath: keyPath] }
    set { command[keyPath: keyPath] = newValue }
  }

  /// The shortcut: ``input`` with ``modifierFlags``.
  public var shortcut: KeyboardShortcut {
    get { KeyboardShortcut(input, modifierFlags: modifierFlags) }
    set {
      input = newValue.input
      modifierFlags = newValue.modifierFlags
    }
  }
}
