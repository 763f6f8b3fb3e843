#!/usr/bin/python3
"""The desktop's half of the Background portal, for tst_loginrecording: what GNOME's or KDE's
portal backend does behind the real xdg-desktop-portal, without their 500 packages. Serves
org.freedesktop.impl.portal.Background (EnableAutostart answers as the test asks: ALLOW=1 adds the
entry and says so, else the desktop refuses; turning it off answers false) and .Access (every dialog granted), and writes each call it gets
as one JSON line to the file named by CALLS.

    CALLS=FILE ALLOW=1|0 desktop-backend.py
"""
import json
import os
import sys

from gi.repository import Gio, GLib

NAME = "org.freedesktop.impl.portal.desktop.trimscopetest"
XML = """<node>
<interface name="org.freedesktop.impl.portal.Background">
 <method name="GetAppState"><arg type="a{sv}" direction="out"/></method>
 <method name="NotifyBackground"><arg type="o" direction="in"/><arg type="s" direction="in"/>
  <arg type="s" direction="in"/><arg type="u" direction="out"/><arg type="a{sv}" direction="out"/>
 </method>
 <method name="EnableAutostart"><arg type="s" direction="in"/><arg type="b" direction="in"/>
  <arg type="as" direction="in"/><arg type="u" direction="in"/><arg type="b" direction="out"/>
 </method>
 <signal name="RunningApplicationsChanged"/>
</interface>
<interface name="org.freedesktop.impl.portal.Access">
 <method name="AccessDialog"><arg type="o" direction="in"/><arg type="s" direction="in"/>
  <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="s" direction="in"/>
  <arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="u" direction="out"/>
  <arg type="a{sv}" direction="out"/></method>
</interface></node>"""
ALLOW = os.environ.get("ALLOW", "1") == "1"


def on_call(_conn, _sender, _path, interface, method, params, invocation):
    with open(os.environ["CALLS"], "a", encoding="utf-8") as calls:
        calls.write(json.dumps({"method": method, "args": params.unpack()}) + "\n")
    if method == "GetAppState":
        invocation.return_value(GLib.Variant("(a{sv})", ({},)))
    elif method == "EnableAutostart":
        # As GNOME's backend: true once the entry is written, false after removing it.
        invocation.return_value(GLib.Variant("(b)", (ALLOW and params[1],)))
    else:  # AccessDialog, NotifyBackground: granted
        invocation.return_value(GLib.Variant("(ua{sv})", (0, {})))


def on_bus(connection, _name):
    for interface in Gio.DBusNodeInfo.new_for_xml(XML).interfaces:
        connection.register_object("/org/freedesktop/portal/desktop", interface, on_call)


def on_name(_connection, _name):
    print("ready", flush=True)


def on_lost(_connection, _name):
    sys.exit("desktop-backend: could not own " + NAME)


Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE, on_bus, on_name, on_lost)
GLib.MainLoop().run()
