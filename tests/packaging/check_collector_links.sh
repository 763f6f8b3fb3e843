#!/bin/sh
# The history's collector (trimscope-history-record) loads no graphics library: neither among its
# own NEEDED entries (readelf -d) nor among everything the dynamic linker loads with them (ldd).
# Loading Qt Gui's ~50 libraries was more than half of a collector run's CPU time when it was
# trimscope-cli (issue 44: under 50 ms); one library linked by mistake brings them all back.
#   check_collector_links.sh PROGRAM
set -eu
program=$1
command -v readelf > /dev/null || { echo "SKIP: readelf (binutils) is not installed"; exit 77; }
qt='Qt6(Gui|Widgets|Charts|OpenGL|OpenGLWidgets|PrintSupport|Svg|XcbQpa)'
graphics="^lib($qt|GL|GLX|EGL|OpenGL|X11|xcb|xkbcommon|fontconfig|freetype|harfbuzz|png16|jpeg)[.-]"
needed=$(readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
# Read, or the check below would pass on nothing.
if ! echo "$needed" | grep -q '^libQt6Core\.so'; then
    echo "FAIL: no libQt6Core among $program's NEEDED entries: $needed"
    exit 1
fi
status=0
if echo "$needed" | grep -E "$graphics"; then
    echo "FAIL: $program links the libraries above (readelf -d: NEEDED)"
    status=1
fi
if command -v ldd > /dev/null; then
    loaded=$(ldd "$program" | awk '{ print $1 }' | sed 's|.*/||')
    if echo "$loaded" | grep -E "$graphics"; then
        echo "FAIL: loading $program loads the libraries above (ldd)"
        status=1
    fi
    echo "$(echo "$loaded" | wc -l) libraries loaded, $(echo "$needed" | wc -l) of them named by" \
         "$program:" $needed
fi
[ "$status" = 0 ] && echo "OK: $program loads no graphics library"
exit "$status"
