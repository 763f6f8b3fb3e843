#!/bin/bash
# The .deb on the real system: build it with CPack, `apt-get install ./trimscope_*.deb`, run
# trimscope-cli, check D-Bus activation of the installed helper and that polkit knows its actions
# (on a private system bus and a polkitd in its own mount namespace, so the machine's bus and
# polkit configuration are never touched), then `apt-get purge` and check nothing is left.
# Opt-in: installs into /usr. Runs only with TRIMSCOPE_SYSTEM_INSTALL_TESTS=1, as root, on a
# machine where no 'trimscope' package is installed yet; otherwise exits 77 (CTest: skipped).
# apt-get waits up to 5 minutes for the dpkg lock (others may be installing packages).
#   system_install.sh BUILD_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
skip() { echo "SKIP: system-install test: $*"; exit 77; }
[ "${TRIMSCOPE_SYSTEM_INSTALL_TESTS:-0}" = 1 ] ||
    skip "set TRIMSCOPE_SYSTEM_INSTALL_TESTS=1 to install the .deb into this system and remove it again"
[ "$(id -u)" = 0 ] || skip "needs root (apt-get install)"
for tool in cpack apt-get dpkg-query dbus-daemon gdbus pkaction unshare /usr/lib/polkit-1/polkitd; do
    command -v "$tool" > /dev/null || skip "$tool is missing"
done
if dpkg-query -W -f '${Status}' trimscope 2> /dev/null | grep -q 'installed'; then
    skip "a trimscope package is already installed; not touching it"
fi

start=$(date +%s)
work=$(mktemp -d /tmp/trimscope-system-install-XXXXXX)
chmod 755 "$work"
installed=0 bus_pid= polkit_pid=
status=0
fail() { echo "FAIL: $*"; status=1; }
cleanup() {
    [ -n "$polkit_pid" ] && kill "$polkit_pid" 2> /dev/null
    [ -n "$bus_pid" ] && kill "$bus_pid" 2> /dev/null
    # The helper leaves with its bus; wait for it so nothing of the package is still running.
    for _ in $(seq 50); do pgrep -x trimscope-helpe > /dev/null || break; sleep 0.1; done
    if [ "$installed" = 1 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -q -o DPkg::Lock::Timeout=300 trimscope > "$work/purge.log" 2>&1 ||
            { echo "FAIL: apt-get purge trimscope:"; cat "$work/purge.log"; }
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

echo "== cpack -G DEB"
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/cpack") > "$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; fail "cpack"; exit 1; }
deb=$(ls "$work"/cpack/trimscope_*.deb)
dpkg-deb --field "$deb" Package Version Depends Recommends

echo "== apt-get install $deb"
installed=1  # from here on cleanup purges, even if the install half-failed
DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends "$deb" \
    > "$work/install.log" 2>&1 || { cat "$work/install.log"; fail "apt-get install"; exit 1; }
dpkg-query -L trimscope | sort > "$work/files.txt"
# The metrics timer is installed, not enabled: no unit of ours is wanted by any target.
for unit in trimscope-metrics.timer trimscope-metrics.service; do
    grep -qx "/usr/lib/systemd/system/$unit" "$work/files.txt" || fail "$unit is not installed"
    ls /etc/systemd/system/*.wants/"$unit" > /dev/null 2>&1 && fail "$unit was enabled by the install"
done

echo "== trimscope-cli"
/usr/bin/trimscope-cli --version || fail "trimscope-cli --version"
/usr/bin/trimscope-cli list > "$work/list.txt" 2>&1 || { cat "$work/list.txt"; fail "trimscope-cli list"; }
head -3 "$work/list.txt"
LANGUAGE=de /usr/bin/trimscope-cli health --help > /dev/null || fail "trimscope-cli health --help"
german=$(LANGUAGE=de /usr/bin/trimscope-cli health --blob /nonexistent 2>&1)  # exits 1: no such file
echo "$german"
[[ "$german" == *"kann nicht gelesen werden"* ]] ||
    fail "the installed CLI does not speak German (LANGUAGE=de)"

echo "== private system bus with the installed policy and activation files"
cat > "$work/bus.conf" <<EOT
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <servicedir>/usr/share/dbus-1/system-services</servicedir>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
  </policy>
  <includedir>/usr/share/dbus-1/system.d</includedir>
</busconfig>
EOT
dbus-daemon --config-file="$work/bus.conf" --fork --print-pid > "$work/bus.pid" ||
    { fail "dbus-daemon"; exit 1; }
bus_pid=$(cat "$work/bus.pid")
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$work/system_bus_socket
# polkitd reads the installed actions; its rules directory is an empty private one, so only the
# actions' defaults apply. The bind mount lives and dies with polkitd's mount namespace.
mkdir -p "$work/rules.d"
unshare -m --propagation private sh -c "mount --bind '$work/rules.d' /etc/polkit-1/rules.d &&
    exec /usr/lib/polkit-1/polkitd --no-debug" > "$work/polkitd.log" 2>&1 &
polkit_pid=$!
for _ in $(seq 100); do
    gdbus introspect --system --dest org.freedesktop.PolicyKit1 \
        --object-path /org/freedesktop/PolicyKit1/Authority > /dev/null 2>&1 && break
    sleep 0.1
done

echo "== polkit knows the actions"
for action in io.github.trimscope.benchmark io.github.trimscope.fstrim-timing io.github.trimscope.read-health \
    io.github.trimscope.list io.github.trimscope.apply-now; do
    pkaction --action-id "$action" --verbose > "$work/pkaction.txt" 2>&1 ||
        { cat "$work/pkaction.txt" "$work/polkitd.log"; fail "polkit does not know $action"; }
done
pkaction --action-id io.github.trimscope.benchmark --verbose | sed -n '1,3p'

echo "== D-Bus activation of the installed helper"
gdbus call --system --dest io.github.trimscope.Helper1 --object-path /io/github/trimscope/Helper1 \
    --method io.github.trimscope.Helper1.ListDevices > "$work/devices.txt" 2>&1 ||
    { cat "$work/devices.txt"; fail "ListDevices on the activated helper"; }
head -c 300 "$work/devices.txt"; echo
owner=$(gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.GetConnectionUnixProcessID io.github.trimscope.Helper1 |
    tr -dc '0-9 ' | awk '{print $NF}')
exe=$(readlink "/proc/$owner/exe" 2> /dev/null)
[ "$exe" = /usr/libexec/trimscope-helper ] || fail "the bus name is owned by '$exe', not the installed helper"
echo "activated: pid $owner, $exe"

echo "== apt-get purge leaves nothing behind"
kill "$polkit_pid" "$bus_pid" 2> /dev/null; polkit_pid= bus_pid=
for _ in $(seq 50); do pgrep -x trimscope-helpe > /dev/null || break; sleep 0.1; done
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q -o DPkg::Lock::Timeout=300 trimscope > "$work/purge.log" 2>&1 ||
    { cat "$work/purge.log"; fail "apt-get purge"; }
installed=0
dpkg-query -W trimscope > /dev/null 2>&1 && dpkg-query -W -f '${Status}\n' trimscope |
    grep -qv 'not-installed' && fail "dpkg still knows trimscope"
while read -r path; do
    # Directories the package shared with others (/usr, /usr/share/...) stay; its files must go.
    if [ -d "$path" ]; then
        [[ "$path" == *trimscope* ]] && [ -e "$path" ] && fail "left behind: $path/"
    elif [ -e "$path" ] || [ -L "$path" ]; then
        fail "left behind: $path"
    fi
done < "$work/files.txt"
[ -e /usr/share/trimscope ] && fail "left behind: /usr/share/trimscope"

echo "system-install test took $(( $(date +%s) - start )) s"
[ "$status" = 0 ] && echo "OK: installed, activated, known to polkit, removed cleanly"
exit "$status"
