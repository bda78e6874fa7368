internal import MenuKit

// MARK: - Internal

extension XKBKeyboard {
  /// Runs a key going down (or repeating) through the Compose state, adjusting its text.
  ///
  /// The key's keysym is fed to the Compose state, as decision 0004 describes:
  ///
  /// - A keysym the state ignores (a modifier's) or that begins no sequence leaves the key
  ///   as it is.
  /// - A key that starts or continues a sequence types nothing: its `characters` become "".
  /// - The key that completes a sequence types the composed text, such as "é". Its `keysym`
  ///   stays the key's own (`e`), so shortcut matching still sees the physical key; the
  ///   composed keysym is not reported.
  /// - A key that cancels a sequence types nothing, as in libX11.
  /// - A special key that names itself (an arrow reports `"UIKeyInputLeftArrow"`) keeps its
  ///   name when it starts, continues or cancels a sequence: the name is not typed text.
  ///
  /// Without a Compose table the key is left as it is.
  func applyCompose(to key: inout Key) {
    guard let compose, compose.feed(key.keysym) == .accepted else { return }
    let silent = KeyInput.specialKeyText(forKeysym: key.keysym) == nil ? "" : key.characters
    switch compose.status {
    case .nothing:
      break
    case .composing:
      key.characters = silent
    case .composed:
      key.characters = compose.composedText ?? ""
      compose.reset()
    case .cancelled:
      key.characters = silent
      compose.reset()
    }
  }
}
