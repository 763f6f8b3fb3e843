#include "commands.h"

namespace trimscope::cli {

int runSweep(const QStringList &)
{
    return ExitFailure;
}

} // namespace trimscope::cli
