#!/bin/sh
# Starts, for trying trimscope-helper by hand, the same private system bus and real polkitd the
# tests use, leaving the machine's bus and polkit configuration alone. Root only.
#
#   sudo tests/helper/private-bus.sh BUILD_DIR [DIR]
#   export DBUS_SYSTEM_BUS_ADDRESS=unix:path=DIR/system_bus_socket
#   # allow/deny: write a rules file into DIR/rules.d (polkitd applies it within a second)
#   setpriv --reuid=65534 --regid=65534 --clear-groups gdbus call --system \
#       --dest io.github.trimscope.Helper1 --object-path /io/github/trimscope/Helper1 \
#       --method io.github.trimscope.Helper1.ListDevices
#   kill "$(cat DIR/pids)"      # stops polkitd and the bus; the helper leaves with its bus
set -eu
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=${2:-$(mktemp -d /tmp/trimscope-bus-XXXXXX)}
mkdir -p "$dir/system.d" "$dir/services" "$dir/actions" "$dir/rules.d"
chmod 755 "$dir"
cp /usr/share/polkit-1/actions/*.policy "$dir/actions/"
cp "$src/helper/io.github.trimscope.policy" "$dir/actions/"
cp "$src/helper/io.github.trimscope.Helper1.conf" "$dir/system.d/"
cat > "$dir/services/io.github.trimscope.Helper1.service" <<EOT
[D-BUS Service]
Name=io.github.trimscope.Helper1
Exec=$build/helper/trimscope-helper
User=root
EOT
cat > "$dir/bus.conf" <<EOT
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$dir/services</servicedir>
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
    <deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"
          send_member="UpdateActivationEnvironment"/>
  </policy>
  <includedir>/usr/share/dbus-1/system.d</includedir>
  <includedir>$dir/system.d</includedir>
</busconfig>
EOT
dbus-daemon --config-file="$dir/bus.conf" --fork --print-pid > "$dir/pids"
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$dir/system_bus_socket"
unshare -m --propagation private sh -c "mount --bind '$dir/actions' /usr/share/polkit-1/actions &&
    mount --bind '$dir/rules.d' /etc/polkit-1/rules.d && exec /usr/lib/polkit-1/polkitd --no-debug" \
    > "$dir/polkitd.log" 2>&1 &
echo $! >> "$dir/pids"
echo "DBUS_SYSTEM_BUS_ADDRESS=$DBUS_SYSTEM_BUS_ADDRESS"
echo "rules: $dir/rules.d    stop: kill \$(cat $dir/pids)"
