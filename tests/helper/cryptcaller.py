#!/usr/bin/python3
# Helper1.SetCryptDiscard as a client other than root calls it (gdbus cannot pass a file
# descriptor): cryptcaller.py NAME true|false PASSPHRASE puts the passphrase in a pipe, passes
# its read end, and prints "ok" or the error's name.
import os
import sys
from gi.repository import Gio, GLib

name, allow, passphrase = sys.argv[1], sys.argv[2] == "true", sys.argv[3].encode()
read_end, write_end = os.pipe()
os.write(write_end, passphrase)
os.close(write_end)
fds = Gio.UnixFDList.new_from_array([read_end])  # takes the descriptor over
bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
try:
    bus.call_with_unix_fd_list_sync(
        "io.github.trimscope.Helper1", "/io/github/trimscope/Helper1",
        "io.github.trimscope.Helper1", "SetCryptDiscard",
        GLib.Variant("(sbha{sv})", (name, allow, 0, {})), None, Gio.DBusCallFlags.NONE, 120000,
        fds, None)
    print("ok")
except GLib.Error as error:
    print(Gio.DBusError.get_remote_error(error))
