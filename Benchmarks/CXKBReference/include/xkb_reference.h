#ifndef MENUKIT_XKB_REFERENCE_H
#define MENUKIT_XKB_REFERENCE_H
// The baseline of the key-translation benchmark: the libxkbcommon calls that MenuKitXKB makes
// for each key event, in a plain C loop.
#include <stdint.h>

/// Translates `count` evdev key events `rounds` times with plain libxkbcommon calls: for a key
/// going down, the keysym, the UTF-8 text, the level-1 keysym and its text, and five modifier
/// checks, read before the key's state update; then the update. Returns the nanoseconds per
/// event of the fastest round, or a negative value when the keymap text does not compile.
///
/// `codes` are evdev codes; `downs` is 1 for a key going down and 0 for one going up.
double menukit_reference_translate(const char *keymap_text, const int32_t *codes,
                                   const int32_t *downs, int32_t count, int32_t rounds,
                                   uint64_t *checksum);
#endif
