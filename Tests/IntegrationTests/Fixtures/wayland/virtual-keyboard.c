// MenuKitWaylandTests' virtual keyboard: a zwp_virtual_keyboard_v1 client driven by commands
// on standard input, one a line, each answered with "ok" (or "error: ...") on standard output
// once the compositor has processed it:
//
//   keymap PATH   upload an XKB keymap file (the first one creates the keyboard)
//   down CODE     press the key with this evdev code
//   up CODE       release it
//   tap CODE      press and release it
//   group N       lock layout group N
//
// The compositor takes the modifiers a virtual keyboard sends, not ones it computes, so this
// client tracks its own xkb_state and sends `modifiers` after every change, as a physical
// keyboard's compositor would. Times are CLOCK_MONOTONIC milliseconds.
// Built at test time: cc virtual-keyboard.c virtual-keyboard-protocol.c -lwayland-client -lxkbcommon
#define _GNU_SOURCE
#include "virtual-keyboard-client-protocol.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

static struct wl_seat *seat;
static struct zwp_virtual_keyboard_manager_v1 *manager;
static struct zwp_virtual_keyboard_v1 *keyboard;
static struct xkb_context *context;
static struct xkb_keymap *keymap;
static struct xkb_state *state;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                   uint32_t version) {
  (void)data, (void)version;
  if (!strcmp(interface, wl_seat_interface.name) && !seat)
    seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
  else if (!strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name))
    manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data, (void)registry, (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

static uint32_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint32_t)((uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000);
}

static void send_modifiers(void) {
  zwp_virtual_keyboard_v1_modifiers(keyboard,
                                    xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                                    xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                                    xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                                    xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE));
}

static const char *upload(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) return "cannot open the keymap file";
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  rewind(file);
  int fd = memfd_create("menukit-test-keymap", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, size + 1) < 0) return "memfd";
  char *text = mmap(NULL, size + 1, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (text == MAP_FAILED || fread(text, 1, size, file) != (size_t)size) return "read";
  text[size] = 0;
  fclose(file);
  struct xkb_keymap *compiled =
      xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, 0);
  if (!compiled) return "the keymap does not compile";
  if (state) xkb_state_unref(state);
  if (keymap) xkb_keymap_unref(keymap);
  keymap = compiled;
  state = xkb_state_new(keymap);
  if (!keyboard) keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat);
  zwp_virtual_keyboard_v1_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, size + 1);
  munmap(text, size + 1);
  close(fd);
  return NULL;
}

static void key(unsigned code, int down) {
  zwp_virtual_keyboard_v1_key(keyboard, now_ms(), code,
                              down ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
  xkb_state_update_key(state, code + 8, down ? XKB_KEY_DOWN : XKB_KEY_UP);
  send_modifiers();
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  struct wl_display *display = wl_display_connect(NULL);
  if (!display) {
    printf("error: cannot connect to the Wayland display\n");
    return 1;
  }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);
  if (!manager || !seat) {
    printf("error: the compositor has no zwp_virtual_keyboard_manager_v1 or wl_seat\n");
    return 1;
  }
  context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES | XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
  char line[4096], argument[4000];
  while (fgets(line, sizeof line, stdin)) {
    const char *error = NULL;
    unsigned number = 0;
    if (sscanf(line, "keymap %3999s", argument) == 1) error = upload(argument);
    else if (!keyboard) error = "no keymap uploaded yet";
    else if (sscanf(line, "down %u", &number) == 1) key(number, 1);
    else if (sscanf(line, "up %u", &number) == 1) key(number, 0);
    else if (sscanf(line, "tap %u", &number) == 1) key(number, 1), key(number, 0);
    else if (sscanf(line, "group %u", &number) == 1) {
      xkb_state_update_mask(state, xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                            xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                            xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED), 0, 0, number);
      send_modifiers();
    } else error = "unknown command";
    if (wl_display_roundtrip(display) < 0) error = "the connection failed";
    printf(error ? "error: %s\n" : "ok\n", error);
  }
  if (keyboard) zwp_virtual_keyboard_v1_destroy(keyboard);
  wl_display_roundtrip(display);
  wl_display_disconnect(display);
  return 0;
}
