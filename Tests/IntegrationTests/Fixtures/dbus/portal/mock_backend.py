# The test's GlobalShortcuts backend for the real xdg-desktop-portal frontend (found through
# XDG_DESKTOP_PORTAL_DIR=<this folder> and XDG_CURRENT_DESKTOP=mock). It accepts every
# binding, writes what BindShortcuts received to the file named by argv[1], one shortcut a
# line, then "presses" each bound shortcut once: Activated, then Deactivated, and then
# "rebinds" them all: ShortcutsChanged, each trigger described as "Rebound <id>".
# With argv[2] = "refuse=1" or "refuse=2", BindShortcuts answers with that response code
# (1: the user cancelled, 2: it failed) and binds nothing.
import sys, time
import dbus, dbus.service, dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
IFACE = "org.freedesktop.impl.portal.GlobalShortcuts"
record = open(sys.argv[1], "w", buffering=1)
refusal = int(sys.argv[2].split("=")[1]) if len(sys.argv) > 2 else 0


class Session(dbus.service.Object):
    @dbus.service.method("org.freedesktop.impl.portal.Session", in_signature="", out_signature="")
    def Close(self):
        self.remove_from_connection()

    @dbus.service.signal("org.freedesktop.impl.portal.Session", signature="")
    def Closed(self):
        pass


class Backend(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, "/org/freedesktop/portal/desktop")

    @dbus.service.method(IFACE, in_signature="oosa{sv}", out_signature="ua{sv}")
    def CreateSession(self, handle, session_handle, app_id, options):
        Session(bus, session_handle)
        return (dbus.UInt32(0), dbus.Dictionary({}, signature="sv"))

    @dbus.service.method(IFACE, in_signature="ooa(sa{sv})sa{sv}", out_signature="ua{sv}")
    def BindShortcuts(self, handle, session_handle, shortcuts, parent_window, options):
        if refusal:
            record.write(f"BindShortcuts refused with {refusal}\n")
            return (dbus.UInt32(refusal), dbus.Dictionary({}, signature="sv"))
        out = []
        for sid, props in shortcuts:
            fields = ", ".join(f"{k}={str(props[k])}" for k in sorted(props))
            record.write(f"BindShortcuts {sid}: {fields}\n")
            trigger = str(props.get("preferred_trigger", "none"))
            out.append(dbus.Struct((sid, dbus.Dictionary(
                {"description": props.get("description", ""),
                 "trigger_description": dbus.String("Press " + trigger)}, signature="sv"))))

        def press():
            for sid, _ in shortcuts:
                now = dbus.UInt64(int(time.time() * 1000))
                self.Activated(session_handle, sid, now, dbus.Dictionary({}, signature="sv"))
                self.Deactivated(session_handle, sid, now, dbus.Dictionary({}, signature="sv"))
            self.ShortcutsChanged(session_handle, dbus.Array([dbus.Struct((sid, dbus.Dictionary(
                {"description": props.get("description", ""),
                 "trigger_description": dbus.String("Rebound " + sid)}, signature="sv")))
                for sid, props in shortcuts], signature="(sa{sv})"))
            return False

        GLib.timeout_add(300, press)
        return (dbus.UInt32(0), dbus.Dictionary(
            {"shortcuts": dbus.Array(out, signature="(sa{sv})")}, signature="sv"))

    @dbus.service.method(IFACE, in_signature="oo", out_signature="ua{sv}")
    def ListShortcuts(self, handle, session_handle):
        return (dbus.UInt32(0), dbus.Dictionary(
            {"shortcuts": dbus.Array([], signature="(sa{sv})")}, signature="sv"))

    @dbus.service.signal(IFACE, signature="osta{sv}")
    def Activated(self, session_handle, shortcut_id, timestamp, options):
        pass

    @dbus.service.signal(IFACE, signature="osta{sv}")
    def Deactivated(self, session_handle, shortcut_id, timestamp, options):
        pass

    @dbus.service.signal(IFACE, signature="oa(sa{sv})")
    def ShortcutsChanged(self, session_handle, shortcuts):
        pass


name = dbus.service.BusName("org.freedesktop.impl.portal.desktop.mock", bus)
backend = Backend()
GLib.MainLoop().run()
