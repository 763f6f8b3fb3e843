#!/usr/bin/env bash
# Installs what tools/debian-packages.txt lists (Debian 12 or 13). Needs root.
#   install-deps.sh              everything: the build, the main job and the tests
#   install-deps.sh --main-job   only what building and running the GUI and the CLI need
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
list=$here/debian-packages.txt
# The part of the list the caller asked for: everything, or what comes before "#== tests ==".
part=
if [ "${1:-}" = --main-job ]; then part='/^#== tests ==/,$d'; fi
mapfile -t packages < <(sed -e "$part" "$list" | sed -e 's/#.*//' -e '/^[[:space:]]*$/d')
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -q
apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${packages[@]}"
