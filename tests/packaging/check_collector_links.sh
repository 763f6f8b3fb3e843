#!/bin/sh
# The history's collector (trimscope-history-record) links only what its every run uses: Qt Core,
# Qt SQL, libatasmart and the C and C++ runtime (readelf -d: NEEDED), and so loads no graphics
# library and no D-Bus (ldd). Loading Qt Gui's ~50 libraries was more than half of a collector
# run's CPU time when it was trimscope-cli, and Qt D-Bus's 8 (libdbus, libsystemd, ...) a fifth of
# what was left (issue 44: under 50 ms). Its D-Bus calls are in MODULE (trimscope-history-bus.so),
# which it loads only when a run needs them: that one must link Qt D-Bus, or the check would not
# know where D-Bus went. One library linked by mistake brings them all back.
#   check_collector_links.sh PROGRAM MODULE
set -eu
program=$1 module=$2
command -v readelf > /dev/null || { echo "SKIP: readelf (binutils) is not installed"; exit 77; }
allowed='^lib(Qt6Core|Qt6Sql|atasmart|stdc\+\+|m|gcc_s|c)\.so\.[0-9]+$|^ld-linux'
qt='Qt6(Gui|Widgets|Charts|OpenGL|OpenGLWidgets|PrintSupport|Svg|XcbQpa|DBus)'
banned="^lib($qt|GL|GLX|EGL|OpenGL|X11|xcb|xkbcommon|fontconfig|freetype|harfbuzz|png16|jpeg|dbus-1|systemd)[.-]"
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'; }
linked=$(needed "$program")
# Read, or the checks below would pass on nothing.
if ! echo "$linked" | grep -q '^libQt6Core\.so'; then
    echo "FAIL: no libQt6Core among $program's NEEDED entries: $linked"
    exit 1
fi
status=0
if echo "$linked" | grep -Ev "$allowed"; then
    echo "FAIL: $program links the libraries above (readelf -d: NEEDED), beyond Qt Core, Qt SQL," \
         "libatasmart and the C and C++ runtime"
    status=1
fi
if ! needed "$module" | grep -q '^libQt6DBus\.so'; then
    echo "FAIL: $module does not link Qt D-Bus: $(needed "$module" | tr '\n' ' ')"
    status=1
fi
if command -v ldd > /dev/null; then
    loaded=$(ldd "$program" | awk '{ print $1 }' | sed 's|.*/||')
    if echo "$loaded" | grep -E "$banned"; then
        echo "FAIL: loading $program loads the libraries above (ldd)"
        status=1
    fi
    echo "$(echo "$loaded" | wc -l) libraries loaded, $(echo "$linked" | wc -l) of them named by" \
         "$program:" $linked
fi
[ "$status" = 0 ] && echo "OK: $program links Qt Core, Qt SQL and libatasmart only; D-Bus is in $module"
exit "$status"
