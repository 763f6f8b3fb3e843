#!/bin/sh
# The result files' MIME type as a file manager sees it: the MIME package is compiled into a
# scratch database (update-mime-database, as the .deb's trigger does) and GIO asks it what a file
# is: a result named *.trimscope.json is a TrimScope result, other JSON stays JSON. Skips (77)
# without update-mime-database or gio.
#   check_mime_type.sh MIME_XML RESULTS_DIR SCRATCH_DIR
set -eu
xml=$1 results=$2 scratch=$3/mime-test
type=application/x-trimscope-result+json
for tool in update-mime-database gio xmllint; do
    command -v $tool >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
done
rm -rf "$scratch" && mkdir -p "$scratch/data/mime/packages" "$scratch/files"
xmllint --noout --nonet "$xml"
# Beside the system's own types, which define application/json.
cp "$xml" "$scratch/data/mime/packages/io.github.trimscope.TrimScope.xml"
update-mime-database "$scratch/data/mime" > /dev/null 2>&1
grep -q "^$type\$" "$scratch/data/mime/types" || { echo "FAIL: $type not in the database"; exit 1; }

cp "$results/sweep.json" "$scratch/files/run.trimscope.json"
cp "$results/audit.json" "$scratch/files/audit.json"
printf '{"schema": "something else", "data": [1, 2, 3]}\n' > "$scratch/files/other.json"
status=0
expect() {
    got=$(XDG_DATA_HOME=$scratch/data XDG_DATA_DIRS=/usr/share gio info \
        -a standard::content-type "$scratch/files/$1" | sed -n 's/^ *standard::content-type: //p')
    if [ "$got" = "$2" ]; then
        echo "OK: $1 is $got"
    else
        echo "FAIL: $1 is $got, not $2"
        status=1
    fi
}
expect run.trimscope.json "$type"
expect audit.json application/json
expect other.json application/json
exit "$status"
