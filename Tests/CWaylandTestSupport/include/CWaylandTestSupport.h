#ifndef MENUKIT_CWAYLANDTESTSUPPORT_H
#define MENUKIT_CWAYLANDTESTSUPPORT_H
// Test-only helpers for MenuKitWaylandTests: a connection and an xdg_toplevel window that a
// compositor gives keyboard focus to. Not part of MenuKit.
#include <stddef.h>
#include <wayland-client-core.h>

struct menukit_test_window;

/// Connects to the Wayland socket at an absolute path; NULL on failure.
struct wl_display *menukit_test_connect(const char *socket_path);
/// Disconnects (every proxy made on the display must be destroyed first).
void menukit_test_disconnect(struct wl_display *display);
/// Waits until the compositor has processed every request sent so far, dispatching the events
/// it sent before; -1 when the connection failed.
int menukit_test_roundtrip(struct wl_display *display);
/// Maps a 200x100 white xdg_toplevel window, waiting for its first configure; NULL on failure.
struct menukit_test_window *menukit_test_window_open(struct wl_display *display,
                                                     const char *title);
/// The window's wl_surface.
struct wl_surface *menukit_test_window_surface(struct menukit_test_window *window);
/// Destroys the window.
void menukit_test_window_close(struct menukit_test_window *window);
/// A memfd holding `count` bytes, sealed against shrinking, growing and writing when `sealed`
/// is non-zero: a keymap file as a compositor sends it. -1 on failure.
int menukit_test_memfd(const void *bytes, size_t count, int sealed);
#endif
