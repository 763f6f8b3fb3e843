#include "alertcommand.h"

#include <QCoreApplication>
#include <QProcess>

namespace trimscope {

namespace {
// The context of alertdelivery.cpp, where these words were first: the translations stay.
struct AlertDeliveryText
{
    Q_DECLARE_TR_FUNCTIONS(AlertDelivery)
};
} // namespace

Error runAlertCommand(const QString &program, const AlertMessage &message)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.start(program,
                  {history::alertRuleName(message.alert.rule), message.alert.state,
                   message.driveKey, message.driveName, message.text.summary, message.text.body});
    if (!process.waitForStarted(5000))
        return makeError(ErrorCode::IoError,
                         AlertDeliveryText::tr("the alert command %1 did not start: %2")
                             .arg(program, process.errorString()));
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished(1000);
        return makeError(
            ErrorCode::IoError,
            AlertDeliveryText::tr("the alert command %1 did not finish within 30 s").arg(program));
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return makeError(ErrorCode::IoError, AlertDeliveryText::tr("the alert command %1 failed "
                                                                   "(exit status %2)")
                                                 .arg(program)
                                                 .arg(process.exitCode()));
    return {};
}

} // namespace trimscope
