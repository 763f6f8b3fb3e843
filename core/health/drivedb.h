#pragma once

#include "common/expected.h"

#include <QByteArrayView>
#include <QFuture>
#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

class QObject;
class QThread;

namespace trimscope::health {

// One entry of smartmontools' drive database (drivedb.h): { family, model regex, firmware
// regex, warning, presets }, the strings as the C compiler would see them.
struct DriveDbEntry
{
    QString family;
    QString modelPattern;
    QString firmwarePattern;
    QString warning;
    QString presets;
};

struct DriveDbText
{
    QList<DriveDbEntry> entries; // in file order: the first match wins
    int skipped = 0;             // brace groups that were not 5 strings
};

// drivedb.h is C source: entries are brace groups of string literals, which may be split into
// adjacent literals, carry escapes (\" \\ \n), and sit between // and /* */ comments that hold
// quotes and braces of their own. This reads it as a C lexer would, without compiling it.
// InvalidArgument for an unterminated literal or comment, or text without a single entry. Pure.
Expected<DriveDbText> parseDriveDbText(QByteArrayView text);

// One "-v ID,FORMAT[,NAME[,HDD|SSD]]" preset.
struct DriveDbAttribute
{
    quint8 id = 0;
    QString format; // "raw48", "raw24(raw8)", "tempminmax", or an old-style "minutes"
    QString name;   // "Host_Writes_32MiB"; empty when the preset only changes the format
    bool hddOnly = false;
    bool ssdOnly = false;
};

// The -v presets of a presets string, in order (-F and -d options are skipped). Pure.
QList<DriveDbAttribute> parseDriveDbPresets(const QString &presets);

// What the database says about one drive.
struct DriveDbMatch
{
    QString version;                            // "7.3/5319", from the VERSION entry
    bool entryMatched = false;                  // an entry names this drive (not only the defaults)
    QString family;                             // that entry's family ("Intel 320 Series SSDs")
    QString warning;                            // that entry's warning, if any
    QHash<quint8, DriveDbAttribute> attributes; // the preset that applies to each id
};

// A parsed drive database with its regular expressions compiled.
class DriveDatabase
{
public:
    explicit DriveDatabase(const DriveDbText &text);

    // As smartctl does: the first entry whose model regex (and firmware regex, when it has one)
    // matches the whole string; the DEFAULT entry's presets for every id the entry leaves out,
    // those marked HDD or SSD only where the drive's medium agrees (nonRotating nullopt: unknown,
    // both apply). An entry's own presets always apply.
    DriveDbMatch lookup(const QString &model, const QString &firmware,
                        std::optional<bool> nonRotating) const;

    QString version() const { return m_version; }
    int entryCount() const { return int(m_entries.size()); }
    // Entries whose expressions did not compile (never matched, counted for tests).
    int unusableCount() const { return m_unusable; }

private:
    struct Compiled
    {
        DriveDbEntry entry;
        QRegularExpression model;
        std::optional<QRegularExpression> firmware;
    };
    QList<Compiled> m_entries;
    QList<DriveDbAttribute> m_defaults;
    QString m_version;
    int m_unusable = 0;
};

// A POSIX extended regular expression, as drivedb.h writes them, for QRegularExpression: the
// whole string must match, and a backslash inside a bracket expression is a literal. Pure.
QString posixEreToPcre(const QString &pattern);

// Where smartmontools keeps the database: the copy update-smart-drivedb fetched, then the one
// Debian's smartmontools package ships.
QStringList defaultDriveDbPaths();

// The first of paths that reads and parses; nullopt when none does (smartmontools is not
// installed): callers then fall back to their own rules.
std::optional<DriveDatabase> loadDriveDatabase(const QStringList &paths = defaultDriveDbPaths());

// This system's database, loaded once per process on a thread of its own; its result is
// nullptr when there is none. The first call starts the load. A caller on the window's thread
// uses this (or whenSystemDriveDatabaseLoaded), never systemDriveDatabase(): that one may parse
// it where it is called. Compiling the expressions of its 740 entries took 40 ms of the GUI's
// start-up on the window's thread (issue 47 item 17); CI on Debian 13 saw the window's thread
// parse it while the load was still queued (2026-12-06, tst_startup).
QFuture<const DriveDatabase *> systemDriveDatabaseLoad();

// then(database) on context's thread once the load has ended: at once (true) when it has, else
// from context's event loop (false), and never once context is gone.
bool whenSystemDriveDatabaseLoaded(QObject *context,
                                   std::function<void(const DriveDatabase *)> then);

// The same database, waited for: for the CLI and the helper, which show nothing while they wait
// and need it before they can answer. When no thread has begun the load yet, it is done here
// rather than waiting for the pool to get to it (as the CLI, which never preloads, always does).
const DriveDatabase *systemDriveDatabase();

// Starts the load (systemDriveDatabaseLoad) for callers that want it later.
void preloadSystemDriveDatabase();
// The thread that loaded (or is loading) it; nullptr until one began.
QThread *systemDriveDatabaseReader();
// Tests only: gate runs on the load's thread before the load begins, to hold it back. False
// (and gate never runs) when the load was already started in this process.
bool holdSystemDriveDatabaseLoad(std::function<void()> gate);

} // namespace trimscope::health
