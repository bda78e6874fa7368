/// Keymap texts for the `XKBKeyboard` and `XKBState` tests: they include no files, so they
/// compile in any context.
enum KeyboardTestKeymaps {
  /// A keymap whose keys produce several keysyms at once, named "Many keysyms".
  ///
  /// | evdev | key    | level 0                                      |
  /// |-------|--------|----------------------------------------------|
  /// | 30    | `AC01` | 40 keysyms: ä ö ü repeated, 80 bytes of text |
  /// | 31    | `AC02` | a, b                                         |
  static let manyKeysyms = """
    xkb_keymap {
      xkb_keycodes "test" {
        minimum = 8;
        maximum = 255;
        <AC01> = 38;
        <AC02> = 39;
      };
      xkb_types "test" {
        type "ONE_LEVEL" {
          modifiers = none;
          level_name[Level1] = "Any";
        };
      };
      xkb_compatibility "test" {
      };
      xkb_symbols "test" {
        name[Group1] = "Many keysyms";
        key <AC01> {
          [ {
            adiaeresis, odiaeresis, udiaeresis, adiaeresis, odiaeresis, udiaeresis,
            adiaeresis, odiaeresis, udiaeresis, adiaeresis, odiaeresis, udiaeresis,
            adiaeresis, odiaeresis, udiaeresis, adiaeresis, odiaeresis, udiaeresis,
            adiaeresis, odiaeresis, udiaeresis, adiaeresis, odiaeresis, udiaeresis,
            adiaeresis, odiaeresis, udiaeresis, adiaeresis, odiaeresis, udiaeresis,
            adiaeresis, odiaeresis, udiaeresis, adiaeresis, odiaeresis, udiaeresis,
            adiaeresis, odiaeresis, udiaeresis, adiaeresis
          } ]
        };
        key <AC02> { [ { a, b } ] };
      };
    };
    """

  /// A keymap of two groups whose keys consume differently: `/` (evdev 53) has a Shift level in
  /// group 1 only, `1` (evdev 2) an Alt level in group 2 only, `a` (evdev 30) is alphabetic in
  /// both.
  static let twoGroups = """
    xkb_keymap {
      xkb_keycodes "test" {
        minimum = 8;
        maximum = 255;
        <AE01> = 10;
        <AC01> = 38;
        <AB10> = 61;
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
        type "ALT_LEVEL" {
          modifiers = Mod1;
          map[Mod1] = Level2;
          level_name[Level1] = "Base";
          level_name[Level2] = "Alt";
        };
      };
      xkb_compatibility "test" {
      };
      xkb_symbols "test" {
        name[Group1] = "One";
        name[Group2] = "Two";
        key <AE01> {
          type[Group1] = "ONE_LEVEL", type[Group2] = "ALT_LEVEL",
          symbols[Group1] = [ 1 ], symbols[Group2] = [ 1, exclam ]
        };
        key <AC01> {
          type[Group1] = "ALPHABETIC", type[Group2] = "ALPHABETIC",
          symbols[Group1] = [ a, A ], symbols[Group2] = [ a, A ]
        };
        key <AB10> {
          type[Group1] = "TWO_LEVEL", type[Group2] = "ONE_LEVEL",
          symbols[Group1] = [ slash, question ], symbols[Group2] = [ slash ]
        };
      };
    };
    """
}
