#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "simulate/simulatedprofiles.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace trimscope::cli {

int runProfiles(const QStringList &args)
{
    const bool json = args.contains(QLatin1String("--json"));
    if (args.size() > (json ? 1 : 0)) {
        printError(QStringLiteral("profiles takes no arguments but --json"));
        return ExitRefused;
    }
    if (json) {
        QJsonArray list;
        for (const SimulatedProfile &profile : simulatedProfiles())
            list.append(QJsonObject{{QStringLiteral("id"), profile.id},
                                    {QStringLiteral("description"), profile.description},
                                    {QStringLiteral("drive"), profile.drive.toJson()}});
        printOut(QString::fromUtf8(QJsonDocument(list).toJson()));
        return ExitOk;
    }
    printOut(QStringLiteral("Simulated drives (use with 'sweep --simulate ID'):\n"));
    for (const SimulatedProfile &profile : simulatedProfiles()) {
        const bool isDefault = profile.id == defaultSimulatedProfileId();
        printOut(QStringLiteral("  %1%2\n      %3, %4. %5\n")
                     .arg(profile.id.leftJustified(26),
                          isDefault ? QStringLiteral("(default)") : QString(), profile.drive.model,
                          formatBytes(profile.drive.sizeBytes), profile.description));
    }
    return ExitOk;
}

} // namespace trimscope::cli
