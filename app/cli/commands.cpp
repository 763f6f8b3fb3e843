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
        {"audit", "audit [--json] [--snapshot FILE] [--save-snapshot FILE]",
         "Check every filesystem and swap on an SSD for what keeps TRIM from working", &runAudit},
        {"background-probe",
         "background-probe (DEVICE --destroy-data | --simulate PROFILE) [--discard SIZE]\n"
         "        [--seconds N] [--fill] [--json FILE]",
         "Does the drive trim in the background? Small-write latency after one large discard",
         &runBackgroundProbe},
        {"list", "list [--json]", "Block devices with their discard parameters and safety verdict",
         &runList},
        {"profiles", "profiles [--json]", "The simulated drives available to --simulate",
         &runProfiles},
        {"sweep",
         "sweep (DEVICE --destroy-data | --simulate PROFILE) [--min SIZE] [--max SIZE]\n"
         "        [--repeat N | --adaptive] [--order descending|interleaved] [--prewrite]\n"
         "        [--seed N] [--json FILE] [--csv FILE]",
         "Time one BLKDISCARD per block size, from --max halving down to --min", &runSweep},
        {"health",
         "health (DEVICE | --blob FILE) [--json] [--cell-type slc|mlc|tlc|qlc]\n"
         "        [--rated-cycles N] [--write-amplification X]",
         "SMART / NVMe health, wear, host writes and a lifespan estimate", &runHealth},
    };
    return all;
}

} // namespace trimscope::cli
