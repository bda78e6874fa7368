#ifndef MENUKIT_CXKBCOMMON_SHIM_H
#define MENUKIT_CXKBCOMMON_SHIM_H
// libxkbcommon 1.5.0 (Debian bookworm). Check `@since` before using an API.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#endif
