/// GDK's modifier bits as the XKB modifier masks of a keymap, so a key event's state can set
/// MenuKitXKB's keyboard state (``MenuKitXKB/XKBKeyboard/updateModifiers(depressed:latched:locked:layout:)``).
///
/// GDK reports Shift, Lock, Control and Alt (the X11 core bits 0–3) and Super, Hyper and
/// Meta (bits 26–28); they become the keymap's real modifiers Shift, Lock, Control, Mod1 and
/// Mod4 (Super and Hyper), Meta its `Meta` virtual modifier when it has one, else Mod1. Lock
/// is a locked modifier; the others are depressed.
struct GdkModifiers: Equatable {
  /// The depressed modifiers, one bit per modifier index of the keymap.
  var depressed: UInt32
  /// The locked modifiers.
  var locked: UInt32

  /// GDK_SHIFT_MASK … GDK_META_MASK.
  static let shift: UInt32 = 1 << 0
  static let lock: UInt32 = 1 << 1
  static let control: UInt32 = 1 << 2
  static let alt: UInt32 = 1 << 3
  static let superKey: UInt32 = 1 << 26
  static let hyper: UInt32 = 1 << 27
  static let meta: UInt32 = 1 << 28

  /// The masks of a GDK state for a keymap whose modifiers have these names, by index.
  init(gdkState state: UInt32, modifierNames names: [String]) {
    func bit(_ name: String) -> UInt32 {
      guard let index = names.firstIndex(of: name), index < 32 else { return 0 }
      return 1 << UInt32(index)
    }
    var depressed: UInt32 = 0
    if state & Self.shift != 0 { depressed |= bit("Shift") }
    if state & Self.control != 0 { depressed |= bit("Control") }
    if state & Self.alt != 0 { depressed |= bit("Mod1") }
    if state & (Self.superKey | Self.hyper) != 0 { depressed |= bit("Mod4") }
    if state & Self.meta != 0 {
      let meta = bit("Meta")
      depressed |= meta != 0 ? meta : bit("Mod1")
    }
    self.depressed = depressed
    self.locked = state & Self.lock != 0 ? bit("Lock") : 0
  }
}
