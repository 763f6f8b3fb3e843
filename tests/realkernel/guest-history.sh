# The guest of tst_historyudisks (pc machine: PIIX IDE, where udisksd's libatasmart reads the
# drives): the history's collector as a user without the TrimScope helper, reading health only as
# the distribution's udisksd passes it on: trimscope-history-record, the program the timer, the
# login entry and the app run (COLLECTOR). udisksd reads each drive's SMART data from a recorded
# real drive's libatasmart blob (smartblobpreload.c, preloaded: udisks 2.9's own simulation reads
# the device anyway); the guest's clock says which day it is. The test exports BLOBS (the blob
# folder), PRELOAD (the built library) and COLLECTOR (the built trimscope-history-record) besides
# what guest-lib.sh reads. Sourced after guest-lib.sh.
step modprobe modprobe -a ata_piix sd_mod
step wait-for-drives wait_for 'sd*' 2
maxtor=$(by_serial N80BR8EC)
samsung=$(by_serial S0MUJ1NQ110060)
echo "maxtor=$maxtor samsung=$samsung" >"$OUT/names"
export TRIMSCOPE_SMART_BLOBS=/run/smart-blobs UDISKSD_PRELOAD=$PRELOAD
mkdir -p "$TRIMSCOPE_SMART_BLOBS"
cp "$BLOBS/Maxtor_96147H8--BAC51KJ0" "$TRIMSCOPE_SMART_BLOBS/$maxtor"
cp "$BLOBS/SAMSUNG_HD501LJ--CR100-12" "$TRIMSCOPE_SMART_BLOBS/$samsung"
start_udisks open

# use_blob DEV BLOB: from now on /dev/DEV's SMART data is the recorded BLOB's, read by udisksd
# at once (SmartUpdate, as root), as its own polling would within ten minutes.
use_blob() {
    cp "$BLOBS/$2" "$TRIMSCOPE_SMART_BLOBS/$1" &&
        gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$(udisks_drive "$1")" \
            --method org.freedesktop.UDisks2.Drive.Ata.SmartUpdate '{}'
}

# The collector's files live where nobody may write; copied to $OUT at the end.
home=/run/history
mkdir -p "$home"
printf '#!/bin/sh\nprintf "%%s|" "$@" >>%s/alerts.log\necho >>%s/alerts.log\n' "$home" "$home" \
    >"$home/alert.sh"
chmod 755 "$home/alert.sh"
chown -R 65534:65534 "$home"
# record NAME: one run of the collector as nobody, as a timer of the user's or the app would.
record() {
    step "$1" setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$home" \
        XDG_RUNTIME_DIR="$home" "$COLLECTOR" --db "$home/history.sqlite" \
        --alert-command "$home/alert.sh" --temperature-warning 45
}

# Day 1: the Maxtor as it was first saved (SMART still good); the other drive at 47 °C, over the
# 45 °C given above.
step date-day1 date -s '2030-01-14 10:00:00'
step blob-day1-maxtor use_blob "$maxtor" Maxtor_96147H8--BAC51KJ0
step blob-day1-samsung use_blob "$samsung" SAMSUNG_HD501LJ--CR100-12
record record-day1
# Day 2: the same Maxtor saved later, its SMART status now failing; the other drive unchanged.
step date-day2 date -s '2030-01-15 10:00:00'
step blob-day2-maxtor use_blob "$maxtor" Maxtor_96147H8--BAC51KJ0--2
record record-day2
# Later that day: nothing changed, so no row more and no alert again.
step date-day2-again date -s '2030-01-15 18:00:00'
record record-day2-again
stop_udisks
cp "$home"/history.sqlite* "$home/alerts.log" "$OUT/" 2>/dev/null
true
