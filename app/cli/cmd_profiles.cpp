#include "commands.h"

namespace trimscope::cli {

int runProfiles(const QStringList &)
{
    return ExitFailure;
}

} // namespace trimscope::cli
