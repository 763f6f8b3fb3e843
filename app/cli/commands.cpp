#include "commands.h"

#include <algorithm>
#include <cstring>

namespace trimscope::cli {

namespace {
const QList<Command> &otherCommands()
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
        {"list", "list [--json]", "Block devices with their discard parameters and safety verdict",
         &runList},
        {"metrics", "metrics [--textfile DIR] [--json FILE|-] [--sweep FILE ...] [--snapshot FILE]",
         "Drive health, TRIM reach and fstrim runs for Prometheus (read-only)", &runMetrics},
        {"profiles", "profiles [--json]", "The simulated drives available to --simulate",
         &runProfiles},
        {"report",
         "report --from RESULT.json [--from ...] (--pdf FILE | --html FILE)...\n"
         "        [--audit | --audit-snapshot FILE]",
         "One page to share: the drive, its health, the TRIM curve, the verdict with its numbers\n"
         "        and the changes to make (PDF, or HTML that needs no other file)",
         &runReport, true},
        {"show", "show FILE... [--json]",
         "Any result file TrimScope wrote, shown as the report its command prints", &runShow},
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

} // namespace

#define TRIMSCOPE_COMMAND_OF(Plan, Result) commandOf<Plan>(),
const QList<Command> &commands()
{
    static const QList<Command> all = [] {
        QList<Command> list = otherCommands();
        list += QList<Command>{TRIMSCOPE_JOB_KINDS(TRIMSCOPE_COMMAND_OF)};
        std::sort(list.begin(), list.end(), [](const Command &a, const Command &b) {
            return std::strcmp(a.name, b.name) < 0;
        });
        return list;
    }();
    return all;
}
#undef TRIMSCOPE_COMMAND_OF

} // namespace trimscope::cli
