#include "runoutcome.h"

#include "clioutput.h"
#include "commands.h"
#include "common/atomicfile.h"

#include <QCoreApplication>

namespace trimscope::cli {

int finishRun(const RunOutput &output, StopReason reason, const Error &error)
{
    int exitCode = ExitOk;
    for (const auto &[path, bytes] :
         {std::pair{output.jsonPath, output.json}, std::pair{output.csvPath, output.csv}}) {
        if (path.isEmpty())
            continue;
        if (const Error writeError = writeFileAtomically(path, bytes); writeError.isError()) {
            printError(writeError);
            exitCode = ExitFailure;
        }
    }
    printOut(output.report);
    switch (reason) {
    case StopReason::Completed:
    case StopReason::TimeBudget:
        return exitCode;
    case StopReason::Cancelled:
        printError(output.cancelledNote.isEmpty()
                       ? QCoreApplication::translate(
                             "CliRun", "cancelled; the partial result is marked incomplete")
                       : output.cancelledNote);
        return ExitCancelled;
    case StopReason::Failed:
        printError(error);
        return exitCodeFor(error);
    }
    return exitCode;
}

} // namespace trimscope::cli
