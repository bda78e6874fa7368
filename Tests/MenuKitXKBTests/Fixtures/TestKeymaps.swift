/// Keymap texts for hermetic tests: they include no files, so they compile in any context.
///
/// They live in Swift string literals rather than `.xkb` files because the test target
/// declares no resources.
enum TestKeymaps {
  /// A complete keymap of six keys and one layout named "Test".
  ///
  /// | evdev | key    | level 0   | level 1 |
  /// |-------|--------|-----------|---------|
  /// | 1     | `ESC`  | Escape    |         |
  /// | 16    | `AD01` | q         | Q       |
  /// | 26    | `AD11` | [         | {       |
  /// | 28    | `RTRN` | Return    |         |
  /// | 30    | `AC01` | a         | A       |
  /// | 42    | `LFSH` | Shift_L   |         |
  ///
  /// `LatQ` is an alias of `AD01`. libxkbcommon takes the lowest and highest keycodes from the
  /// keys, so the evdev codes run from 1 to 42.
  static let minimal = """
    xkb_keymap {
      xkb_keycodes "test" {
        minimum = 8;
        maximum = 255;
        <ESC> = 9;
        <AD01> = 24;
        <AD11> = 34;
        <RTRN> = 36;
        <AC01> = 38;
        <LFSH> = 50;
        alias <LatQ> = <AD01>;
      };
      xkb_types "test" {
        type "ONE_LEVEL" {
          modifiers = none;
          level_name[Level1] = "Any";
        };
        type "TWO_LEVEL" {
          modifiers = Shift;
          map[Shift] = Level2;
          level_name[Level1] = "Base";
          level_name[Level2] = "Shift";
        };
        type "ALPHABETIC" {
          modifiers = Shift + Lock;
          map[Shift] = Level2;
          map[Lock] = Level2;
          level_name[Level1] = "Base";
          level_name[Level2] = "Caps";
        };
      };
      xkb_compatibility "test" {
        interpret Shift_L {
          action = SetMods(modifiers = Shift);
        };
      };
      xkb_symbols "test" {
        name[Group1] = "Test";
        key <ESC> { [ Escape ] };
        key <AD01> { type = "ALPHABETIC", [ q, Q ] };
        key <AD11> { type = "TWO_LEVEL", [ bracketleft, braceleft ] };
        key <RTRN> { [ Return ] };
        key <AC01> { type = "ALPHABETIC", [ a, A ] };
        key <LFSH> { [ Shift_L ] };
        modifier_map Shift { <LFSH> };
      };
    };
    """

  /// Keymap text with a syntax error on its third line: a key without a keycode.
  static let malformed = """
    xkb_keymap {
      xkb_keycodes "broken" {
        <AC01> = ;
      };
    };
    """
}
