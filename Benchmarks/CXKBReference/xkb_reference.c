#include "xkb_reference.h"

#include <time.h>
#include <xkbcommon/xkbcommon.h>

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double menukit_reference_translate(const char *keymap_text, const int32_t *codes,
                                   const int32_t *downs, int32_t count, int32_t rounds,
                                   uint64_t *checksum) {
  struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES |
                                                XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
  if (!context) return -1;
  struct xkb_keymap *keymap = xkb_keymap_new_from_string(
      context, keymap_text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
  if (!keymap) {
    xkb_context_unref(context);
    return -1;
  }
  xkb_mod_index_t mods[5] = {
      xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT),
      xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_CTRL),
      xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_ALT),
      xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_LOGO),
      xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_CAPS),
  };
  double best = -1;
  uint64_t sum = 0;
  char text[64];
  for (int32_t round = 0; round < rounds; round++) {
    struct xkb_state *state = xkb_state_new(keymap);
    double start = now_ns();
    for (int32_t i = 0; i < count; i++) {
      xkb_keycode_t key = (xkb_keycode_t)codes[i] + 8;
      if (downs[i]) {
        xkb_keysym_t sym = xkb_state_key_get_one_sym(state, key);
        int length = xkb_state_key_get_utf8(state, key, text, sizeof text);
        xkb_layout_index_t layout = xkb_state_key_get_layout(state, key);
        const xkb_keysym_t *syms = NULL;
        int n = xkb_keymap_key_get_syms_by_level(keymap, key, layout, 0, &syms);
        int plain = n > 0 ? xkb_keysym_to_utf8(syms[0], text, sizeof text) : 0;
        unsigned flags = 0;
        for (int m = 0; m < 5; m++) {
          if (mods[m] != XKB_MOD_INVALID &&
              xkb_state_mod_index_is_active(state, mods[m], XKB_STATE_MODS_EFFECTIVE) > 0)
            flags |= 1u << m;
        }
        sum += sym + (uint64_t)length + (uint64_t)plain + flags;
      }
      xkb_state_update_key(state, key, downs[i] ? XKB_KEY_DOWN : XKB_KEY_UP);
    }
    double elapsed = (now_ns() - start) / (double)count;
    if (best < 0 || elapsed < best) best = elapsed;
    xkb_state_unref(state);
  }
  xkb_keymap_unref(keymap);
  xkb_context_unref(context);
  if (checksum) *checksum = sum;
  return best;
}
