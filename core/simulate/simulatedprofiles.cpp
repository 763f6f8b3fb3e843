#include "simulatedprofiles.h"

#include <QCoreApplication>

namespace trimscope {

double LatencyModel::seconds(quint64 bytes) const
{
    double total = commandSeconds + secondsPerMiB * double(bytes) / double(1 << 20);
    if (bytes < smallBelowBytes)
        total += smallExtraSeconds;
    return total;
}

double LatencyModel::emptySeconds(quint64 bytes) const
{
    return commandSeconds + (bytes < smallBelowBytes ? smallExtraSeconds : 0);
}

namespace {

// `model` is English in files; the window and reports show it in the reader's language
// (DriveInfo::displayModel).
SimulatedProfile makeProfile(const char *id, const char *model, const char *description,
                             quint64 sizeBytes, LatencyModel discard, bool supportsDiscard = true)
{
    SimulatedProfile profile;
    profile.id = QString::fromLatin1(id);
    profile.description = QString::fromUtf8(description);
    DriveInfo &drive = profile.drive;
    drive.path = QStringLiteral("simulated:") + profile.id;
    drive.name = QStringLiteral("sim-") + profile.id;
    drive.model = QString::fromUtf8(model) + QStringLiteral(" (simulated)");
    drive.serial = QStringLiteral("SIM-") + profile.id.toUpper();
    drive.firmware = QStringLiteral("SIM");
    drive.transport = QStringLiteral("simulated");
    drive.sizeBytes = sizeBytes;
    drive.logicalBlockSize = 512;
    drive.physicalBlockSize = 4096;
    drive.discardGranularity = supportsDiscard ? 512 : 0;
    drive.discardMaxBytes = supportsDiscard ? quint64(2) << 30 : 0;
    drive.discardMaxHwBytes = drive.discardMaxBytes;
    drive.simulated = true;
    drive.simulationProfile = profile.id;
    profile.discard = discard;
    return profile;
}

constexpr quint64 GB = 1000ull * 1000 * 1000;

} // namespace

const QList<SimulatedProfile> &simulatedProfiles()
{
    // Shapes, not measurements of the named drives: the OCZ Agility 3 trims small blocks over
    // 100x slower than the Corsair Performance Pro (trim_perf.c article); an Intel 320 made
    // mkfs of 100 GB in 1.1 s where an OCZ Vertex 2 needed 89 s (LWN discard article).
    static const QList<SimulatedProfile> profiles = [] {
        QList<SimulatedProfile> list;
        list.append(makeProfile("ocz-agility3", QT_TRANSLATE_NOOP("DriveInfo", "OCZ Agility 3-like SSD"),
                                "Slow TRIM: every command costs milliseconds, so online discard "
                                "of many small files hurts",
                                120 * GB, {6e-3, 0.45e-3, 64 * 1024, 2e-3}));
        list.append(makeProfile("corsair-performance-pro", QT_TRANSLATE_NOOP("DriveInfo", "Corsair Performance Pro-like SSD"),
                                "Fast TRIM at every size: online discard costs little", 128 * GB,
                                {50e-6, 4e-6, 0, 0}));
        list.append(makeProfile("intel-320", QT_TRANSLATE_NOOP("DriveInfo", "Intel 320-like SSD"),
                                "Fast TRIM, mkfs of 100 GB in about a second", 160 * GB,
                                {90e-6, 11e-6, 0, 0}));
        SimulatedProfile lazy =
            makeProfile("background-trimmer", QT_TRANSLATE_NOOP("DriveInfo", "Background-trimming SSD"),
                        "Answers TRIM at once and does the work later, slowing writes for a while",
                        256 * GB, {25e-6, 0.5e-6, 0, 0});
        lazy.deferredSecondsPerMiB = 0.3e-3;
        list.append(lazy);
        list.append(makeProfile("no-trim", QT_TRANSLATE_NOOP("DriveInfo", "SSD without TRIM"), "Does not support discard at all",
                                64 * GB, {}, false));
        return list;
    }();
    return profiles;
}

std::optional<SimulatedProfile> findSimulatedProfile(const QString &id)
{
    for (const SimulatedProfile &profile : simulatedProfiles()) {
        if (profile.id == id)
            return profile;
    }
    return std::nullopt;
}

QString defaultSimulatedProfileId()
{
    return QStringLiteral("ocz-agility3");
}

} // namespace trimscope
