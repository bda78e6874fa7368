#ifndef MENUKIT_CGLIB_SHIM_H
#define MENUKIT_CGLIB_SHIM_H
// GLib 2.74 (Debian bookworm): GDBus and GVariant from gio-2.0.
#include <gio/gio.h>

// G_VARIANT_TYPE is a cast macro, which Swift does not import.
static inline const GVariantType *menukit_variant_type(const char *type_string) {
  return G_VARIANT_TYPE(type_string);
}
#endif
