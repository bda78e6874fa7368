#ifndef MENUKIT_CWAYLANDCLIENT_SHIM_H
#define MENUKIT_CWAYLANDCLIENT_SHIM_H
// libwayland-client 1.21 (Debian bookworm): the core protocol's client side.
#include <wayland-client.h>
#include <fcntl.h>

// The interfaces as pointers to the library's own objects: Swift would copy the `extern const`
// structs, and libwayland needs these very objects.
static inline const struct wl_interface *menukit_wl_seat_interface(void) {
  return &wl_seat_interface;
}

// Whether a file is sealed against shrinking (F_SEAL_SHRINK, a memfd seal), so that a mapping
// of it cannot fault; fcntl's sealing commands are only declared with _GNU_SOURCE.
static inline int menukit_fd_cannot_shrink(int fd) {
  int seals = fcntl(fd, 1034 /* F_GET_SEALS */);
  return seals >= 0 && (seals & 0x0002 /* F_SEAL_SHRINK */) != 0;
}
#endif
