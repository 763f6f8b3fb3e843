#include "runrecord.h"

namespace trimscope {

void RunRecord::start(const DriveInfo &measured)
{
    drive = measured;
    toolVersion = QStringLiteral(TRIMSCOPE_VERSION);
    started = QDateTime::currentDateTimeUtc();
}

void RunRecord::finish(double seconds)
{
    finished = QDateTime::currentDateTimeUtc();
    elapsedSeconds = seconds;
}

void RunRecord::stopWith(const Error &why)
{
    stopReason = why.code == ErrorCode::Cancelled ? StopReason::Cancelled : StopReason::Failed;
    if (stopReason == StopReason::Failed)
        error = why;
}

} // namespace trimscope
