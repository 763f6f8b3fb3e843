#include "fstrimjournal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTimeZone>
#include <algorithm>

namespace trimscope::audit {

namespace {

const QString kUnit = QStringLiteral("fstrim.service");

// A field's text: journalctl writes a string, an array of byte values for text that is not
// UTF-8 (or holds control characters), and an array of those for a field logged twice.
QString field(const QJsonObject &entry, const QString &name)
{
    const QJsonValue v = entry.value(name);
    if (v.isString())
        return v.toString();
    if (!v.isArray())
        return {};
    const QJsonArray array = v.toArray();
    if (!array.isEmpty() && !array.first().isDouble())
        return array.first().isString() ? array.first().toString() : QString();
    QByteArray bytes;
    for (const QJsonValue &b : array)
        bytes.append(char(b.toInt()));
    return QString::fromUtf8(bytes);
}

QDateTime timeOf(const QJsonObject &entry)
{
    bool ok = false;
    const qint64 micros = field(entry, QStringLiteral("__REALTIME_TIMESTAMP")).toLongLong(&ok);
    return ok ? QDateTime::fromMSecsSinceEpoch(micros / 1000, QTimeZone::utc()) : QDateTime();
}

// util-linux fstrim --verbose: "/home: 12.3 GiB (13207007232 bytes) trimmed on /dev/sda3"
// (before 2.33 without " on DEVICE").
const QRegularExpression
    kTrimmedLine(QStringLiteral("^(.+): \\S+ \\S+ \\((\\d+) bytes\\) trimmed(?: on .+)?$"));

// systemd's catalogue ids (systemd/catalog/systemd.catalog.in).
const QString kJobStarted = QStringLiteral("7d4958e842da4a758f6c1cdc7b36dcc5");
const QString kUnitFailed = QStringLiteral("d9b373ed55a64feb8242e02dbe79a49c");

struct Parser
{
    QList<FstrimRun> runs;
    QMap<QString, qsizetype> byInvocation;
    qsizetype current = -1;

    // The run an entry belongs to: its invocation's (made when the unit's first line comes
    // before systemd's "Starting", as journald may order them), else the last one started.
    FstrimRun *runOf(const QString &invocation)
    {
        if (invocation.isEmpty())
            return current >= 0 ? &runs[current] : nullptr;
        const auto it = byInvocation.constFind(invocation);
        if (it != byInvocation.cend())
            return &runs[*it];
        runs.append(FstrimRun{});
        byInvocation.insert(invocation, runs.size() - 1);
        return &runs.last();
    }

    void systemdEntry(const QJsonObject &entry, const QDateTime &at)
    {
        const QString invocation = field(entry, QStringLiteral("INVOCATION_ID"));
        const QString messageId = field(entry, QStringLiteral("MESSAGE_ID"));
        const QString jobType = field(entry, QStringLiteral("JOB_TYPE"));
        const QString jobResult = field(entry, QStringLiteral("JOB_RESULT"));
        if (messageId == kJobStarted && jobType == QLatin1String("start")) {
            FstrimRun *run = invocation.isEmpty() ? nullptr : runOf(invocation);
            if (!run) {
                runs.append(FstrimRun{});
                run = &runs.last();
            }
            run->started = at;
            current = run - runs.data();
            return;
        }
        FstrimRun *run = runOf(invocation);
        if (!run)
            return;
        if (messageId == kUnitFailed)
            run->result = field(entry, QStringLiteral("UNIT_RESULT"));
        // The job's end: "Finished fstrim.service" (done) or "Failed to start" (failed, ...).
        if (jobType == QLatin1String("start") && !jobResult.isEmpty() && !run->succeeded) {
            run->succeeded = jobResult == QLatin1String("done");
            if (run->started.isValid())
                run->seconds = double(run->started.msecsTo(at)) / 1000.0;
            if (*run->succeeded)
                run->result = QStringLiteral("success");
        }
    }

    // fstrim's own lines; those of systemd's setting up the process ("(fstrim)") are not its.
    void unitEntry(const QJsonObject &entry)
    {
        if (field(entry, QStringLiteral("SYSLOG_IDENTIFIER")) != QLatin1String("fstrim"))
            return;
        FstrimRun *run = runOf(field(entry, QStringLiteral("_SYSTEMD_INVOCATION_ID")));
        if (!run)
            return;
        const QString message = field(entry, QStringLiteral("MESSAGE")).trimmed();
        const auto m = kTrimmedLine.match(message);
        if (m.hasMatch())
            run->trimmedBytes[m.captured(1)] += m.captured(2).toULongLong();
        else if (!message.isEmpty())
            run->failures.append(message);
    }
};

} // namespace

QList<FstrimRun> parseFstrimJournal(const QByteArray &jsonLines)
{
    Parser parser;
    for (const QByteArray &line : jsonLines.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(line);
        if (!document.isObject())
            continue;
        const QJsonObject entry = document.object();
        const QDateTime at = timeOf(entry);
        if (!at.isValid())
            continue;
        // systemd's own lines about the unit name it in UNIT; the unit's processes' lines are
        // attributed to it by journald in _SYSTEMD_UNIT.
        if (field(entry, QStringLiteral("UNIT")) == kUnit)
            parser.systemdEntry(entry, at);
        else if (field(entry, QStringLiteral("_SYSTEMD_UNIT")) == kUnit)
            parser.unitEntry(entry);
    }
    // A run whose start fell out of the journal (rotated away) has no time to be recorded at.
    QList<FstrimRun> runs;
    for (const FstrimRun &run : std::as_const(parser.runs)) {
        if (run.started.isValid())
            runs.append(run);
    }
    std::stable_sort(runs.begin(), runs.end(),
                     [](const FstrimRun &a, const FstrimRun &b) { return a.started < b.started; });
    return runs;
}

std::optional<quint64> trimmedOn(const FstrimRun &run, const QStringList &mountPoints)
{
    std::optional<quint64> sum;
    for (const QString &mountPoint : mountPoints) {
        if (const auto it = run.trimmedBytes.constFind(mountPoint); it != run.trimmedBytes.cend())
            sum = sum.value_or(0) + *it;
    }
    return sum;
}

QStringList fstrimJournalArguments(int days)
{
    return {QStringLiteral("--unit=fstrim.service"), QStringLiteral("--output=json"),
            QStringLiteral("--no-pager"), QStringLiteral("--quiet"),
            QStringLiteral("--since=-%1d").arg(days)};
}

} // namespace trimscope::audit
