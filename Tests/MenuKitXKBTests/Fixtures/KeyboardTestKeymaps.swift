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
}
