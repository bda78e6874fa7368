internal import CXKBCommon

extension XKBKeymap {
  /// The sets of modifiers that select a shift level of a key, each as modifier names.
  ///
  /// A level can be reached with several modifier sets (Shift or Lock, say); each set lists
  /// the names of ``modifierNames`` that it holds, in index order. An empty set means the key
  /// alone. keymap-lint's `how-to-type` prints these, as `xkbcli how-to-type` does.
  ///
  /// ```swift
  /// keymap.modifierSets(forEvdevCode: 30, layout: 0, level: 1)  // [["Shift"], ["Lock"]] on us
  /// ```
  ///
  /// - Parameters:
  ///   - code: The evdev code of the key.
  ///   - layout: The layout, from 0.
  ///   - level: The shift level, from 0.
  /// - Returns: The modifier sets, or an empty array when the key, layout or level does not
  ///   exist.
  public func modifierSets(forEvdevCode code: Int, layout: Int, level: Int) -> [[String]] {
    guard let keycode = Keycodes.xkb(evdev: code),
      let layout = xkb_layout_index_t(exactly: layout),
      let level = xkb_level_index_t(exactly: level)
    else { return [] }
    var masks = [xkb_mod_mask_t](repeating: 0, count: 16)
    let count = masks.withUnsafeMutableBufferPointer { buffer in
      xkb_keymap_key_get_mods_for_level(
        pointer, keycode, layout, level, buffer.baseAddress, buffer.count)
    }
    let names = modifierNames
    return masks.prefix(Int(count)).map { mask in
      names.indices.filter { $0 < 32 && mask & (1 << UInt32($0)) != 0 }.map { names[$0] }
    }
  }
}
