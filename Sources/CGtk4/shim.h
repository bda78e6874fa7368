#ifndef MENUKIT_CGTK4_SHIM_H
#define MENUKIT_CGTK4_SHIM_H
// GTK 4.8 (Debian bookworm) for MenuKitGTK, with what Swift cannot import: GObject's cast and
// type-check macros, and the keymap of the display's keyboard as XKB text.
#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon-x11.h>

// From <gdk/x11/gdkx.h> and <gdk/wayland/gdkwayland.h>, declared here rather than included:
// those headers bring Xlib's and libwayland's names (such as `Window`) into Swift.
GType gdk_x11_display_get_type(void);
GType gdk_wayland_display_get_type(void);
struct xkb_keymap *gdk_wayland_device_get_xkb_keymap(GdkDevice *device);

// G_VARIANT_TYPE_STRING is a cast macro, which Swift does not import.
static inline const GVariantType *menukit_gtk_string_type(void) {
  return G_VARIANT_TYPE_STRING;
}

// Whether a display is GDK's X11 or Wayland display (GDK_IS_X11_DISPLAY and
// GDK_IS_WAYLAND_DISPLAY are macros).
static inline int menukit_gtk_is_x11(GdkDisplay *display) {
  return G_TYPE_CHECK_INSTANCE_TYPE(display, gdk_x11_display_get_type());
}
static inline int menukit_gtk_is_wayland(GdkDisplay *display) {
  return G_TYPE_CHECK_INSTANCE_TYPE(display, gdk_wayland_display_get_type());
}

// The identity of the keymap GDK holds for a Wayland keyboard (it changes when the compositor
// sends a new one), or NULL elsewhere.
static inline const void *menukit_gtk_keymap_identity(GdkDisplay *display, GdkDevice *keyboard) {
  if (!keyboard || !menukit_gtk_is_wayland(display)) return NULL;
  return gdk_wayland_device_get_xkb_keymap(keyboard);
}

// The keymap of the display's keyboard as XKB text (free it with free), or NULL: on Wayland
// the one the compositor sent GDK; on X11 the server's core keyboard's, read over a
// connection of its own with libxkbcommon-x11.
static inline char *menukit_gtk_keymap_text(GdkDisplay *display, GdkDevice *keyboard) {
  if (menukit_gtk_is_wayland(display)) {
    struct xkb_keymap *keymap = keyboard ? gdk_wayland_device_get_xkb_keymap(keyboard) : NULL;
    return keymap ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
  }
  if (!menukit_gtk_is_x11(display)) return NULL;
  xcb_connection_t *connection = xcb_connect(gdk_display_get_name(display), NULL);
  if (!connection) return NULL;
  char *text = NULL;
  struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES);
  if (!xcb_connection_has_error(connection) && context &&
      xkb_x11_setup_xkb_extension(connection, XKB_X11_MIN_MAJOR_XKB_VERSION,
                                  XKB_X11_MIN_MINOR_XKB_VERSION,
                                  XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, NULL, NULL, NULL, NULL)) {
    int32_t device = xkb_x11_get_core_keyboard_device_id(connection);
    struct xkb_keymap *keymap =
        device < 0 ? NULL
                   : xkb_x11_keymap_new_from_device(context, connection, device,
                                                    XKB_KEYMAP_COMPILE_NO_FLAGS);
    if (keymap) {
      text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
      xkb_keymap_unref(keymap);
    }
  }
  if (context) xkb_context_unref(context);
  xcb_disconnect(connection);
  return text;
}
#endif
