#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

// fstrim.service's runs as systemd's journal keeps them: when each started, how long it took,
// how it ended and how much each filesystem had trimmed. What `systemctl show` says covers only
// the last run of this boot and no amounts; the journal keeps every run (as long as it keeps
// anything) with fstrim's own lines ("/home: 12.3 GiB (13207007232 bytes) trimmed on
// /dev/sda3"). Where the journal is not readable nothing is known: no run is made up.
namespace trimscope::audit {

struct FstrimRun
{
    QDateTime started;             // systemd's "Starting fstrim.service"
    std::optional<double> seconds; // until it finished or failed; unknown while it ran
    std::optional<bool> succeeded; // unknown while it ran (or the end fell out of the journal)
    QString result;                // systemd's UNIT_RESULT where it failed ("exit-code")
    QMap<QString, quint64> trimmedBytes; // mount point -> bytes fstrim reported trimmed
    QStringList failures;                // fstrim's own words for what it could not trim
};

// `journalctl --unit=fstrim.service --output=json`: one JSON object per line. The runs in the
// order they started; lines of other units, and lines that are not JSON, are passed over. A
// run is told apart by systemd's invocation id (the unit's own lines carry it as
// _SYSTEMD_INVOCATION_ID), else by the start before it. Pure.
QList<FstrimRun> parseFstrimJournal(const QByteArray &jsonLines);

// The run's amount on the mount points given (a drive's filesystems): nullopt when fstrim
// reported none of them, never 0 for "not reported".
std::optional<quint64> trimmedOn(const FstrimRun &run, const QStringList &mountPoints);

// What the collector runs to read it: the program and its arguments (the last `days` days).
QStringList fstrimJournalArguments(int days);

} // namespace trimscope::audit
