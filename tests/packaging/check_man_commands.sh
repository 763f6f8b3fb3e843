#!/bin/sh
# Every command `trimscope-cli --help` lists has an entry of its own in the man page (a line
# starting ".B COMMAND", dashes escaped as troff writes them): the page said nothing of diagnose,
# recovery, fill-curve, mkfs-timing and fsbench while the GUI's guide pointed to it.
# Usage: check_man_commands.sh TRIMSCOPE-CLI MAN-PAGE
set -eu
cli=$1
page=$2
commands=$(LANGUAGE=C LC_ALL=C.UTF-8 "$cli" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || { echo "no commands found in '$cli --help'"; exit 1; }
missing=0
for command in $commands; do
    escaped=$(printf '%s' "$command" | sed 's/-/\\\\-/g')
    if grep -q "^\.BR\{0,1\} $escaped\( \|$\)" "$page"; then
        echo "ok: $command"
    else
        echo "MISSING from the man page: $command"
        missing=1
    fi
done
exit $missing
