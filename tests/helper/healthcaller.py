#!/usr/bin/python3
# One process asking the helper for the health of each DEVICE in turn (a kept polkit
# authorization is per process): prints its pid, waits for a line on stdin (the test registers
# its authentication agent for this process meanwhile), then one line per device:
# "DEVICE ok" or "DEVICE ERROR_NAME"; with --messages first, "DEVICE ERROR_NAME MESSAGE".
import os
import sys
from gi.repository import Gio, GLib

messages = sys.argv[1:2] == ["--messages"]
devices = sys.argv[2:] if messages else sys.argv[1:]
print(os.getpid(), flush=True)
sys.stdin.readline()
bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
for device in devices:
    try:
        bus.call_sync("io.github.trimscope.Helper1", "/io/github/trimscope/Helper1",
                      "io.github.trimscope.Helper1", "ReadHealth", GLib.Variant("(s)", (device,)),
                      None, Gio.DBusCallFlags.NONE, 60000, None)
        print(device, "ok", flush=True)
    except GLib.Error as error:
        name = Gio.DBusError.get_remote_error(error)
        Gio.DBusError.strip_remote_error(error)
        print(device, name, *([error.message] if messages else []), flush=True)
