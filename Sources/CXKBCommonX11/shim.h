#ifndef MENUKIT_CXKBCOMMONX11_SHIM_H
#define MENUKIT_CXKBCOMMONX11_SHIM_H
// libxkbcommon-x11 1.5 over libxcb 1.15 and its XKB extension (Debian bookworm).
#include <stdlib.h>
#include <string.h>
#include <xcb/xcb.h>
#include <xcb/xkb.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-x11.h>

// Selects the XKB events that a keyboard follows on a device: new keyboards (the keycodes
// changed), map changes (a new layout), and state changes (modifiers and group, base, latched
// and locked), as libxkbcommon's interactive-x11 does. Returns 0, or the X error code.
static inline int menukit_xkb_select_events(xcb_connection_t *c, uint16_t device) {
  const uint16_t events = XCB_XKB_EVENT_TYPE_NEW_KEYBOARD_NOTIFY | XCB_XKB_EVENT_TYPE_MAP_NOTIFY
                          | XCB_XKB_EVENT_TYPE_STATE_NOTIFY;
  const uint16_t nkn = XCB_XKB_NKN_DETAIL_KEYCODES;
  const uint16_t map = XCB_XKB_MAP_PART_KEY_TYPES | XCB_XKB_MAP_PART_KEY_SYMS
                       | XCB_XKB_MAP_PART_MODIFIER_MAP | XCB_XKB_MAP_PART_EXPLICIT_COMPONENTS
                       | XCB_XKB_MAP_PART_KEY_ACTIONS | XCB_XKB_MAP_PART_VIRTUAL_MODS
                       | XCB_XKB_MAP_PART_VIRTUAL_MOD_MAP;
  const uint16_t state = XCB_XKB_STATE_PART_MODIFIER_BASE | XCB_XKB_STATE_PART_MODIFIER_LATCH
                         | XCB_XKB_STATE_PART_MODIFIER_LOCK | XCB_XKB_STATE_PART_GROUP_BASE
                         | XCB_XKB_STATE_PART_GROUP_LATCH | XCB_XKB_STATE_PART_GROUP_LOCK;
  xcb_xkb_select_events_details_t details;
  memset(&details, 0, sizeof details);
  details.affectNewKeyboard = nkn;
  details.newKeyboardDetails = nkn;
  details.affectState = state;
  details.stateDetails = state;
  xcb_void_cookie_t cookie =
      xcb_xkb_select_events_aux_checked(c, device, events, 0, 0, map, map, &details);
  xcb_generic_error_t *error = xcb_request_check(c, cookie);
  if (!error) return 0;
  int code = error->error_code;
  free(error);
  return code;
}

// Asks the server for detectable autorepeat (XkbSetDetectableAutoRepeat): a held key sends
// key presses without the key release before each. Returns 1 when the server supports it.
static inline int menukit_xkb_detectable_autorepeat(xcb_connection_t *c, uint16_t device) {
  const uint32_t flag = XCB_XKB_PER_CLIENT_FLAG_DETECTABLE_AUTO_REPEAT;
  xcb_xkb_per_client_flags_cookie_t cookie =
      xcb_xkb_per_client_flags(c, device, flag, flag, 0, 0, 0);
  xcb_xkb_per_client_flags_reply_t *reply = xcb_xkb_per_client_flags_reply(c, cookie, NULL);
  if (!reply) return 0;
  int supported = (reply->supported & flag) != 0 && (reply->value & flag) != 0;
  free(reply);
  return supported;
}

// Adds events to what this client selects on a window, keeping what it selected already.
// Returns 0, or the X error code (3, BadWindow, for a window that does not exist).
static inline int menukit_xcb_add_event_mask(xcb_connection_t *c, xcb_window_t window,
                                             uint32_t mask) {
  xcb_generic_error_t *error = NULL;
  xcb_get_window_attributes_reply_t *attributes =
      xcb_get_window_attributes_reply(c, xcb_get_window_attributes(c, window), &error);
  if (!attributes) {
    int code = error ? error->error_code : 0;
    free(error);
    return code ? code : -1;
  }
  uint32_t value = attributes->your_event_mask | mask;
  free(attributes);
  error = xcb_request_check(
      c, xcb_change_window_attributes_checked(c, window, XCB_CW_EVENT_MASK, &value));
  if (!error) return 0;
  int code = error->error_code;
  free(error);
  return code;
}

// The window that has the input focus, or XCB_NONE when it cannot be read.
static inline xcb_window_t menukit_xcb_input_focus(xcb_connection_t *c) {
  xcb_get_input_focus_reply_t *reply =
      xcb_get_input_focus_reply(c, xcb_get_input_focus(c), NULL);
  if (!reply) return XCB_NONE;
  xcb_window_t focus = reply->focus;
  free(reply);
  return focus;
}
#endif
