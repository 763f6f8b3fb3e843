#!/bin/sh
# Records skdump's reading of every blob as <blob>.skdump, the oracle tst_atasmart compares our
# parse against (so the test needs no skdump at run time). Run after adding a blob:
#   apt-get install libatasmart-bin && tests/data/ata-smart-blobs/regenerate.sh
set -eu
cd "$(dirname "$0")"
for blob in *; do
    case "$blob" in *.skdump|*.sh|*.md) continue ;; esac
    # skdump highlights bad lines with ANSI bold; keep the text only.
    skdump --load="$blob" | sed 's/\x1b\[[0-9;]*m//g' > "$blob.skdump"
done
