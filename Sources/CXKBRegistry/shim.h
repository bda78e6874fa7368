#ifndef MENUKIT_CXKBREGISTRY_SHIM_H
#define MENUKIT_CXKBREGISTRY_SHIM_H
// libxkbregistry 1.5.0 (Debian bookworm: libxkbregistry-dev). Check `@since` before using an API.
#include <xkbcommon/xkbregistry.h>
#endif
