#!/usr/bin/python3
# One process asking the helper for the health of each DEVICE in turn (a kept polkit
# authorization is per process): prints its pid, waits for a line on stdin (the test registers
# its authentication agent for this process meanwhile), then one line per device:
# "DEVICE ok" or "DEVICE ERROR_NAME".
import os
import sys
from gi.repository import Gio, GLib

print(os.getpid(), flush=True)
sys.stdin.readline()
bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
for device in sys.argv[1:]:
    try:
        bus.call_sync("io.github.trimscope.Helper1", "/io/github/trimscope/Helper1",
                      "io.github.trimscope.Helper1", "ReadHealth", GLib.Variant("(s)", (device,)),
                      None, Gio.DBusCallFlags.NONE, 60000, None)
        print(device, "ok", flush=True)
    except GLib.Error as error:
        print(device, Gio.DBusError.get_remote_error(error), flush=True)
