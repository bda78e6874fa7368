// Test-only: an xdg_toplevel window backed by a shm buffer, enough for a compositor to map it
// and give it keyboard focus. generated/ holds wayland-scanner 1.21.0's output for Debian's
// /usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml (`wayland-scanner private-code`
// and `client-header`), with the protocol's MIT licence at its top.
#define _GNU_SOURCE
#include "CWaylandTestSupport.h"
#include "generated/xdg-shell-client-protocol.h"
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

struct menukit_test_window {
  struct wl_display *display;
  struct wl_registry *registry;
  struct wl_compositor *compositor;
  struct wl_shm *shm;
  struct xdg_wm_base *wm_base;
  struct wl_surface *surface;
  struct xdg_surface *xdg_surface;
  struct xdg_toplevel *toplevel;
  struct wl_buffer *buffer;
  int configured;
};

static void wm_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial) {
  (void)data;
  xdg_wm_base_pong(wm_base, serial);
}
static const struct xdg_wm_base_listener wm_listener = {wm_ping};

static void global(void *data, struct wl_registry *registry, uint32_t name,
                   const char *interface, uint32_t version) {
  (void)version;
  struct menukit_test_window *w = data;
  if (!strcmp(interface, wl_compositor_interface.name))
    w->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
  else if (!strcmp(interface, wl_shm_interface.name))
    w->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
  else if (!strcmp(interface, xdg_wm_base_interface.name)) {
    w->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
    xdg_wm_base_add_listener(w->wm_base, &wm_listener, w);
  }
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data, (void)registry, (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

static void surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial) {
  struct menukit_test_window *w = data;
  xdg_surface_ack_configure(xdg_surface, serial);
  wl_surface_attach(w->surface, w->buffer, 0, 0);
  wl_surface_damage(w->surface, 0, 0, 200, 100);
  wl_surface_commit(w->surface);
  w->configured = 1;
}
static const struct xdg_surface_listener surface_listener = {surface_configure};

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width,
                               int32_t height, struct wl_array *states) {
  (void)data, (void)toplevel, (void)width, (void)height, (void)states;
}
static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
  (void)data, (void)toplevel;
}
static const struct xdg_toplevel_listener toplevel_listener = {toplevel_configure,
                                                               toplevel_close};

struct wl_display *menukit_test_connect(const char *socket_path) {
  return wl_display_connect(socket_path);
}

int menukit_test_roundtrip(struct wl_display *display) { return wl_display_roundtrip(display); }

void menukit_test_disconnect(struct wl_display *display) { wl_display_disconnect(display); }

struct menukit_test_window *menukit_test_window_open(struct wl_display *display,
                                                     const char *title) {
  struct menukit_test_window *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->display = display;
  w->registry = wl_display_get_registry(display);
  wl_registry_add_listener(w->registry, &registry_listener, w);
  if (wl_display_roundtrip(display) < 0 || !w->compositor || !w->shm || !w->wm_base) {
    menukit_test_window_close(w);
    return NULL;
  }
  const int width = 200, height = 100, stride = width * 4, size = stride * height;
  int fd = memfd_create("menukit-test-window", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, size) < 0) {
    if (fd >= 0) close(fd);
    menukit_test_window_close(w);
    return NULL;
  }
  void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (pixels != MAP_FAILED) {
    memset(pixels, 0xff, size);
    munmap(pixels, size);
  }
  struct wl_shm_pool *pool = wl_shm_create_pool(w->shm, fd, size);
  w->buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
  wl_shm_pool_destroy(pool);
  close(fd);
  w->surface = wl_compositor_create_surface(w->compositor);
  w->xdg_surface = xdg_wm_base_get_xdg_surface(w->wm_base, w->surface);
  xdg_surface_add_listener(w->xdg_surface, &surface_listener, w);
  w->toplevel = xdg_surface_get_toplevel(w->xdg_surface);
  xdg_toplevel_add_listener(w->toplevel, &toplevel_listener, w);
  xdg_toplevel_set_title(w->toplevel, title);
  xdg_toplevel_set_app_id(w->toplevel, title);
  wl_surface_commit(w->surface);
  for (int i = 0; i < 50 && !w->configured; i++) {
    if (wl_display_roundtrip(display) < 0) break;
  }
  if (!w->configured) {
    menukit_test_window_close(w);
    return NULL;
  }
  return w;
}

struct wl_surface *menukit_test_window_surface(struct menukit_test_window *w) {
  return w->surface;
}

void menukit_test_window_close(struct menukit_test_window *w) {
  if (!w) return;
  if (w->toplevel) xdg_toplevel_destroy(w->toplevel);
  if (w->xdg_surface) xdg_surface_destroy(w->xdg_surface);
  if (w->surface) wl_surface_destroy(w->surface);
  if (w->buffer) wl_buffer_destroy(w->buffer);
  if (w->wm_base) xdg_wm_base_destroy(w->wm_base);
  if (w->shm) wl_shm_destroy(w->shm);
  if (w->compositor) wl_compositor_destroy(w->compositor);
  if (w->registry) wl_registry_destroy(w->registry);
  if (w->display) wl_display_flush(w->display);
  free(w);
}

int menukit_test_memfd(const void *bytes, size_t count, int sealed) {
  int fd = memfd_create("menukit-test-keymap", MFD_CLOEXEC | (sealed ? MFD_ALLOW_SEALING : 0));
  if (fd < 0) return -1;
  if (write(fd, bytes, count) != (ssize_t)count ||
      (sealed && fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE) < 0)) {
    close(fd);
    return -1;
  }
  return fd;
}
