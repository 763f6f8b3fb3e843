#include "commands.h"

namespace trimscope::cli {

int runList(const QStringList &)
{
    return ExitFailure;
}

} // namespace trimscope::cli
