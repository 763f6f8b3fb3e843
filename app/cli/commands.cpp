#include "commands.h"

namespace trimscope::cli {

const QList<Command> &commands()
{
    static const QList<Command> all = {
        {"advise",
         "advise --from RESULT.json [--from ...] [--audit | --audit-snapshot FILE] [--free SIZE]\n"
         "        [--json]",
         "Online discard or periodic fstrim? A verdict with the numbers and fixes behind it",
         &runAdvise},
        {"apply",
         "apply FIX-ID... [--from RESULT.json ...] [--dry-run] [--yes]\n"
         "        | apply --list [--from RESULT.json ...] | apply --undo [--dry-run] [--yes]",
         "Carry out the advice's fixes for this computer (fstab, crypttab, fstrim.timer, now)\n"
         "        in one confirmed step, recorded so that --undo puts it back",
         &runApply},
        {"audit", "audit [--json] [--snapshot FILE] [--save-snapshot FILE]",
         "Check every filesystem and swap on an SSD for what keeps TRIM from working", &runAudit},
        {"background-probe",
         "background-probe (DEVICE --destroy-data | --simulate PROFILE) [--discard SIZE]\n"
         "        [--seconds N] [--max-wait SECONDS] [--fill] [--json FILE]",
         "Does the drive trim in the background? Small-write latency after one large discard",
         &runBackgroundProbe},
        {"diagnose",
         "diagnose (DEVICE --destroy-data | --simulate PROFILE) [--budget MINUTES]\n"
         "        [--fs ext4,xfs,btrfs] [--json FILE]",
         "Online discard or fstrim for this drive, measured in one guided run: TRIM support, "
         "background TRIM, sweep, filesystems, verdict",
         &runDiagnose},
        {"fsbench",
         "fsbench DEVICE --destroy-data [--fs ext4,xfs,btrfs] [--preset kernel|quick|tiny]\n"
         "        [--files N] [--bytes SIZE] [--seed N] [--variants discard,nodiscard,...]\n"
         "        [--json FILE]",
         "Delete a kernel-sized tree with and without online discard; fstrim; discard counts",
         &runFsBenchCommand},
        {"fill-curve",
         "fill-curve DEVICE --destroy-data [--sample SIZE] [--cliff-drop PERCENT] [--no-trim]\n"
         "        [--json FILE]",
         "Sequential write speed over one whole fill, and where it falls (the cache cliff)",
         &runFillCurve},
        {"fstrim-timing", "fstrim-timing MOUNT [--piece SIZE] [--minlen SIZE] [--json FILE]",
         "Time an fstrim of a mounted filesystem's free space in pieces: throughput, the\n"
         "        longest piece, what other I/O waited (root or the helper; files stay)",
         &runFstrimTiming},
        {"list", "list [--json]", "Block devices with their discard parameters and safety verdict",
         &runList},
        {"metrics", "metrics [--textfile DIR] [--json FILE|-] [--sweep FILE ...] [--snapshot FILE]",
         "Drive health, TRIM reach and fstrim runs for Prometheus (read-only)", &runMetrics},
        {"mkfs-timing", "mkfs-timing DEVICE --destroy-data [--fs ext4,xfs,btrfs] [--json FILE]",
         "Time mkfs with and without its whole-device discard, with the discards it issued",
         &runMkfsTiming},
        {"profiles", "profiles [--json]", "The simulated drives available to --simulate",
         &runProfiles},
        {"recovery",
         "recovery DEVICE --destroy-data [--preset standard|quick|smoke] [--random-seconds N]\n"
         "        [--idle-seconds N] [--fill-passes N] [--json FILE]",
         "Random 4K writes fresh, after filling, after idle time and after TRIM (% of fresh)",
         &runRecovery},
        {"report",
         "report --from RESULT.json [--from ...] (--pdf FILE | --html FILE)...\n"
         "        [--audit | --audit-snapshot FILE]",
         "One page to share: the drive, its health, the TRIM curve, the verdict with its numbers\n"
         "        and the changes to make (PDF, or HTML that needs no other file)",
         &runReport, true},
        {"show", "show FILE... [--json]",
         "Any result file TrimScope wrote, shown as the report its command prints", &runShow},
        {"stall",
         "stall (DEVICE --destroy-data | --simulate PROFILE) [--small SIZE] [--medium SIZE]\n"
         "        [--region SIZE] [--read-region SIZE] [--discards N] [--region-discards N]\n"
         "        [--baseline SECONDS] [--gap SECONDS] [--limit SECONDS] [--writes] [--no-fill]\n"
         "        [--json FILE]",
         "What running discards do to the I/O around them: QD1 read latency and the longest\n"
         "        stall beside small, medium and whole-region discards (fails above 500 ms)",
         &runStall},
        {"sweep",
         "sweep (DEVICE --destroy-data [--allow-siblings-of-system-disk] [--allow-open-writers] | "
         "--simulate PROFILE)\n"
         "        [--min SIZE] [--max SIZE] [--repeat N | --adaptive] [--time-budget SECONDS]\n"
         "        [--order descending|interleaved] [--no-prewrite] [--seed N]\n"
         "        [--json FILE] [--csv FILE]",
         "Time BLKDISCARDs per block size, from --max halving down to --min: until each median\n"
         "        is known to ±5 % within the time budget (10 min), or N times each with "
         "--repeat;\n"
         "        each region is written first (the TRIM of written data; --no-prewrite writes\n"
         "        nothing, for wear-careful runs) and TRIM of empty space is compared",
         &runSweep},
        {"watch", "watch (DEVICE | MOUNTED-DIRECTORY) [--for DURATION] [--json FILE]",
         "The discards a drive in use served, as the kernel counted them: since boot, or over\n"
         "        DURATION (90s, 10m, 2h); per partition, read-only, no privilege",
         &runWatch},
        {"history",
         "history [DRIVE] [--db PATH] [--days N] [--json]\n"
         "        | history record [--db PATH] [--notify] [--alert-command PROGRAM]\n"
         "        [--wear-steps 80,90,100] [--temperature-warning C] [--spare-threshold P]\n"
         "        [--fstrim-stale-days N] [--simulate PROFILE [--days N]]",
         "The drive over time: health, writes, wear, temperature, discards and fstrim runs per\n"
         "        day, the lifespan from the last 30 and 90 days; `record` adds today's reading\n"
         "        (no password: as root, or from udisks2) and sends the alerts that are new",
         &runHistory},
        {"health",
         "health (DEVICE | --blob FILE) [--json] [--cell-type slc|mlc|tlc|qlc]\n"
         "        [--rated-cycles N] [--write-amplification X]",
         "SMART / NVMe health, wear, host writes and a lifespan estimate", &runHealth},
    };
    return all;
}

} // namespace trimscope::cli
