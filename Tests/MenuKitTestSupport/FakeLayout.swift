import MenuKit

/// A keyboard layout with fixed answers, standing in for an XKB keyboard in tests of the core:
/// the modifiers every key consumes, the Latin keysyms every key falls back to, and the labels
/// of the keycaps it knows. `FakeLayout()` answers as a layout that knows nothing: the
/// protocol's defaults.
package final class FakeLayout: KeyboardLayoutProviding {
  /// The modifiers every key consumes.
  package let consumed: KeyModifierFlags
  /// The Latin keysyms every key falls back to.
  package let latin: [Keysym]
  /// The keycap labels, by physical key.
  package let keycaps: [KeyboardHIDUsage: String]

  /// A layout where every key consumes `consumed`, falls back to `latin`, and where only the
  /// keys in `keycaps` have labels.
  package init(
    consumed: KeyModifierFlags = [], latin: [Keysym] = [],
    keycaps: [KeyboardHIDUsage: String] = [:]
  ) {
    self.consumed = consumed
    self.latin = latin
    self.keycaps = keycaps
  }

  /// The modifiers every key consumes.
  package func consumedModifiers(for key: Key) -> KeyModifierFlags { consumed }
  /// The Latin keysyms every key falls back to.
  package func latinKeysyms(for key: Key) -> [Keysym] { latin }
  /// The label of the keycap at `usage`, if the layout has one.
  package func keycapLabel(for usage: KeyboardHIDUsage) -> String? { keycaps[usage] }
}
