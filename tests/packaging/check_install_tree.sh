#!/bin/sh
# Installs the build into a scratch DESTDIR with prefix /usr (as the .deb does) and compares the
# installed files with expected-install.txt. Lines there marked '# gui' are expected when the GUI
# is configured (GUI_MODE data or target), '# gui-target' once app/gui defines 'trimscope' (target). Also checks that the pieces refer to each other:
# the activation file's Exec=, the desktop file's Icon= and the metainfo's launchable.
#   check_install_tree.sh BUILD_DIR EXPECTED_LIST GUI_MODE(none|data|target) SCRATCH_DIR
set -eu
build=$1 expected=$2 gui_mode=$3 scratch=$4
dest=$scratch/destdir
rm -rf "$dest" && mkdir -p "$dest"
DESTDIR=$dest cmake --install "$build" --prefix /usr > "$scratch/install.log"

case $gui_mode in
    target) sed -e 's/[[:space:]]*# gui\(-target\)\{0,1\}$//' "$expected" ;;
    data) grep -v '# gui-target$' "$expected" | sed -e 's/[[:space:]]*# gui$//' ;;
    *) grep -v -e '# gui-target$' -e '# gui$' "$expected" ;;
esac | sed -e '/^#/d' -e '/^[[:space:]]*$/d' | sort > "$scratch/expected.txt"
(cd "$dest" && find . \( -type f -o -type l \) | sed 's|^\./|/|' | sort) > "$scratch/actual.txt"

status=0
if ! diff -u "$scratch/expected.txt" "$scratch/actual.txt" > "$scratch/diff.txt"; then
    echo "FAIL: installed files differ from $expected (- expected, + installed):"
    grep '^[-+]/' "$scratch/diff.txt"
    status=1
fi

fail() { echo "FAIL: $*"; status=1; }
service=$dest/usr/share/dbus-1/system-services/io.github.trimscope.Helper1.service
exec_path=$(sed -n 's/^Exec=//p' "$service")
[ "$exec_path" = /usr/libexec/trimscope-helper ] || fail "activation file: Exec=$exec_path"
[ -x "$dest$exec_path" ] || fail "activation file names $exec_path, which is not installed"
desktop=$dest/usr/share/applications/io.github.trimscope.TrimScope.desktop
if [ -f "$desktop" ]; then
    icon=$(sed -n 's/^Icon=//p' "$desktop")
    [ -f "$dest/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "no scalable icon $icon"
    for size in 16 22 24 32 48 64 128 256; do
        png=$dest/usr/share/icons/hicolor/${size}x$size/apps/$icon.png
        [ -s "$png" ] || fail "no ${size}x$size icon"
        # The PNG header stores width and height as big-endian 32-bit numbers at bytes 16..23.
        dims=$(od -An -tu1 -j16 -N8 "$png" | awk '{print $3*256+$4 "x" $7*256+$8}')
        [ "$dims" = "${size}x$size" ] || fail "$png is $dims"
    done
    launchable=$(sed -n 's|.*<launchable type="desktop-id">\(.*\)</launchable>.*|\1|p' \
        "$dest/usr/share/metainfo/io.github.trimscope.TrimScope.metainfo.xml")
    [ -f "$dest/usr/share/applications/$launchable" ] || fail "launchable $launchable not installed"
    # Every MIME type the desktop file opens is one the installed MIME package defines.
    mime=$dest/usr/share/mime/packages/io.github.trimscope.TrimScope.xml
    for type in $(sed -n 's/^MimeType=//p' "$desktop" | tr ';' ' '); do
        grep -q "<mime-type type=\"$type\">" "$mime" || fail "MimeType $type is not defined in $mime"
    done
    grep -q '^Exec=.*%[fFuU]' "$desktop" || fail "Exec= takes no files (%F)"
    # TryExec is a program, not a command line: a desktop hides the entry when no file of that
    # name is found ("trimscope %F" hid it).
    try_exec=$(sed -n 's/^TryExec=//p' "$desktop")
    if [ "$gui_mode" = target ] && [ -n "$try_exec" ] && [ ! -x "$dest/usr/bin/$try_exec" ]; then
        fail "TryExec=$try_exec is not an installed program"
    fi
fi
[ "$status" = 0 ] && echo "OK: $(wc -l < "$scratch/actual.txt") files installed as expected"
exit "$status"
