<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>BackgroundProbe</name>
    <message>
        <source>for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for at least %1 (still slow when the probe ended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This drive trims in the background; its quick TRIM times understate the cost. After a %1 discard that returned in %2, 4 KiB writes took %3 instead of %4 (%5x slower) %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No background TRIM work seen: after a %1 discard, 4 KiB writes stayed at their usual %2 for the %3 probed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliAdvise</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 measured %2, not %3: advise on one drive at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What would change the verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sweep result, background-probe result or filesystem results (JSON); repeat for more runs of the same drive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit this machine&apos;s TRIM stack too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit a saved snapshot (see audit --save-snapshot).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free space a weekly fstrim trims (e.g. 60G).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the advice as JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--free: &apos;%1&apos; is not a size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no sweep result given (--from FILE): the advice can only be vague</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliAudit</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No mounted filesystem or swap on a solid-state or discard-capable device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) at warning level or above.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Print the report as JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit a saved snapshot instead of this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save what was read, for a bug report or a test.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliBackgroundProbe</name>
    <message>
        <source>confirm that DEVICE may be erased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated drive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size of the large discard (default 1G)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longest time to probe after it (default 10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write the region first so the drive has data to trim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write the result as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either a DEVICE or --simulate PROFILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the probe discards and writes on %1; add --destroy-data to confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no simulated drive &apos;%1&apos; (see trimscope-cli profiles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--discard: &apos;%1&apos; is not a size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seconds: &apos;%1&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliHealth</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID# Name                        Value Worst Thres Pretty      Raw            Type    Updates Good Good/Past
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial:       %1
Firmware:     %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Medium:       %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported (word 217 = 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>solid state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotating, %1 rpm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TRIM:         %1; deterministic read after TRIM: %2; read zeroes after TRIM: %3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCQ:          %1; SEND/RECEIVE FPDMA QUEUED (needed for queued TRIM): %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMART status: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>good</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BAD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power cycles: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bad sectors:  %1 (reallocated %2, pending %3)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wear rule:    %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes rule:  %1 (raw %2 × %3 bytes)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial:       %1
Firmware:     %2
TRIM:         %3 (ONCS Dataset Management)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings:     %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spare:        %1 % (threshold %2 %)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host reads:   %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands:     %1 reads, %2 writes
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power cycles: %1; unsafe shutdowns: %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors:       %1 media errors, %2 error-log entries
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drive:        %1 (%2)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:       %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity:     %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overall:      %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Powered on:   %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature:  %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wear:         %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % of rated endurance used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host writes:  %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lifespan:     about %1 years in total at %2 per day
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lifespan:     unknown (%1)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  assuming:   %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From wear:    about %1 years left ((100 − used) / used × power-on time)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From wear:    unknown (%1)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a saved SMART blob (skdump --save).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAND cell type for the estimate: slc, mlc, tlc, qlc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated P/E cycles (default: by cell type).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write amplification (default 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block device, e.g. /dev/sda.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one of DEVICE or --blob FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown cell type &apos;%1&apos; (slc, mlc, tlc, qlc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 needs a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SafetyPolicy</name>
    <message>
        <source>%1 holds the root file system of this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is mounted at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has a mounted partition: /dev/%2 at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is in use as swap (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is in use by %2 (device mapper, RAID or similar)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no medium or a size of zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not support discard (TRIM): the kernel reports discard_max_bytes = 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Safe for a destructive benchmark: not mounted, not held, not swap, supports TRIM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrimAdvice</name>
    <message>
        <source>the audit found no filesystem on the measured drive, so its findings are for this machine&apos;s other drives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assumed like ext4: no discard figures for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One TRIM of %1 (%2&apos;s average discard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log-log interpolation between the measured medians</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the measured sizes: the nearest measured median, scaled by size above the largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra time to delete a kernel tree (%1 files, 493 MB) on %2 with discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 discards x %2 per discard; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim of the %1 test filesystem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured by the filesystem experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the free space given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assuming half of the drive is free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the drive&apos;s size times the free fraction of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weekly fstrim of %1 free space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, trimmed in 128 MiB pieces (ext4&apos;s block groups) at the measured time per piece; an upper bound when free space is in larger extents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write slow-down after a large TRIM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median 4 KiB write after the discard (%1) over the median before (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes stayed slow for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after a %1 discard that returned in %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; still slow when the probe ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Background work per trimmed MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slow period / MiB discarded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow writes after deleting a kernel tree with discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>493 MB x background work per MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this drive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mount %1 with discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the line for %1 in /etc/fstab; it takes effect at the next mount (or: mount -o remount,discard %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mount %1 without discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the line for %1 in /etc/fstab; it takes effect at the next mount (or: mount -o remount,nodiscard %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add discard to the mount options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove discard from the mount options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The 4th field of each filesystem&apos;s line on this drive; run advise with --audit for your exact lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run fstrim weekly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>util-linux&apos;s timer trims every mounted filesystem that supports it once a week. Without systemd, a weekly cron job running &apos;fstrim --all&apos; does the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a background probe without a write slow-down (after a firmware update, say) would make online discard worth considering; the TRIM times alone cannot show its cost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With %1, online discard would be acceptable if one %2 TRIM took under %3 (measured: %4), keeping the delete under %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With %1, online discard stops being fine if one %2 TRIM took over %3 (measured: %4), making the delete cost over %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A background probe (trimscope-cli background-probe) that finds the drive trimming in the background would make it &apos;prefer fstrim&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured discard sizes from the filesystem experiment replace the literature figures (from kernel 3.1; newer kernels may batch XFS discards into fewer, larger ones).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the curve has fewer than 3 sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a sweep stopped early (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s discard size lies outside the measured sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s discard sizes come from the literature, not from this system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s prediction is within a factor of 2 of the threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>some medians are known only to within ±25 % or worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no background probe ran: a drive that trims in the background has a curve just like a fast one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not support TRIM: neither discard nor fstrim can do anything for it; keep it below 80 % full so its own garbage collection has room.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A firmware update or a different controller (AHCI instead of IDE mode, another USB bridge) that exposes TRIM; then run a sweep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TRIM does not reach %1 through this system&apos;s storage stack (%2): fix that first, or neither discard nor fstrim will reach the drive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Once discards pass, the measured curve says: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; a weekly fstrim takes about %1, at a time you choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On %1 online discard is fine: it would add about %2 to deleting a kernel-sized tree%3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave discard off on %1 and run fstrim weekly: the drive trims in the background, so its quick TRIM times understate the cost; after a %2 TRIM writes were %3x slower for %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave discard off on %1 and run fstrim weekly: deleting a kernel-sized tree with online discard would cost about %2 extra with %3 (fine is under %4)%5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough data for a verdict: run a sweep (trimscope-cli sweep … --json FILE) and pass it with --from FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drive trims in the background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drive has no TRIM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Online discard is fine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefer a periodic fstrim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the storage stack first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>literature: ext4 discards average 21 MiB (trim_perf.c article)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>literature: XFS discards average 13.2 KiB, 1,641x as many as ext4 (trim_perf.c article)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrimAudit</name>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discards blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim.timer is masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No periodic TRIM is scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither fstrim.timer nor a cron job trims %1, and none of them is mounted with discard: freed space is never reported to the SSD.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim.timer is enabled but systemd is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID 1 is %1, so systemd timers never fire here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim.timer has never run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is enabled, but systemd has no record of a run; normal right after installation, not later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim.timer last ran %1 days ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It should run weekly; check why it did not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim.timer is enabled; last run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mounted filesystems on SSDs are trimmed weekly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim runs from cron (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim.timer is enabled too; one of the two suffices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Periodic TRIM is scheduled by cron.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In /etc/fstab:
  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is mounted with online discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every delete sends TRIM at once; on many SSDs deleting many files becomes dozens of times slower. A weekly fstrim frees the same space in one batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 updates access times on every read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strictatime turns reads into writes; noatime (or the default relatime) avoids most of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fstrim.timer skips %1 (X-fstrim.notrim)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is trimmed by its discard mount option instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing else trims it: freed space is never reported to the SSD.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 % full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above 80 % the SSD has little free, trimmed space left for garbage collection, and sustained writes slow down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swap on SSD: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fine for occasional swapping; constant swapping wears the flash, and more RAM helps more than a faster disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swap %1 does not discard freed pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With discard, swapon trims the area once and the kernel trims freed swap clusters, keeping the SSD&apos;s free pool large.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back up, shrink the filesystem by %1, unmount, then move the start:
  echo &apos;%2,&apos; | sudo sfdisk --move-data /dev/%3 -N %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not start on a 1 MiB boundary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It starts at sector %1: 4 KiB aligned, so writes are fine, but not aligned to erase blocks as partitioning tools do since 2010.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It starts at sector %1, not even a multiple of 4 KiB, so most writes touch two flash pages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not aligned to the discard granularity (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drive trims in units of %1; with this start every filesystem block straddles two units, so many discards cannot free a whole unit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In /etc/crypttab:
  %1
then: sudo update-initramfs -u
(LUKS2, effective at once: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
(or add &quot;discard&quot; to the options of %2 in /etc/crypttab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>echo &apos;options raid456 devices_handle_discard_safely=Y&apos; | sudo tee /etc/modprobe.d/raid456-discard.conf &amp;&amp; sudo update-initramfs -u</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a thin volume: sudo lvchange --discards passdown VG/THINPOOL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move %1 to a filesystem that supports hole punching (ext4, xfs, btrfs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo dmsetup table %1   # check the target&apos;s discard options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dm-crypt device %1 does not pass discards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was opened without allow_discards, so no TRIM from %2 ever reaches the SSD, which slowly loses write speed. Allowing discards reveals which blocks are free, which most threat models accept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) does not pass discards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The devices below %1 accept discards but %1 itself does not, so TRIM from %2 stops here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not accept discards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SSD sits behind a USB bridge that does not advertise UNMAP; many bridges support it when told to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drive or its controller does not accept TRIM, so nothing above it can trim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>echo unmap | sudo tee /sys/block/%1/device/scsi_disk/*/provisioning_mode   # test, then make it a udev rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reports itself rotational but accepts discards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typical of virtual and thin-provisioned disks (and SMR drives): TRIM hands freed space back to the storage below, so it is audited like an SSD.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is attached in IDE compatibility mode (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SATA controller runs in legacy IDE mode instead of AHCI: no NCQ, lower speed, and queued TRIM is unavailable; some controllers pass no TRIM at all in this mode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>echo ahci | sudo tee -a /etc/initramfs-tools/modules &amp;&amp; sudo update-initramfs -u, then set SATA mode to AHCI in the firmware setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LVM does not discard space freed by lvremove/lvreduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>issue_discards only concerns space LVM itself gives up; TRIM from the filesystems passes through LVM regardless.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In /etc/lvm/lvm.conf, section devices:
  issue_discards = 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a TrimScope audit snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit snapshot version %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit snapshot entry %1 is not text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
