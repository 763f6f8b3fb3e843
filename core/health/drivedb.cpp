#include "drivedb.h"

#include <QFile>
#include <QFutureWatcher>
#include <QPromise>
#include <QThread>
#include <QThreadPool>
#include <atomic>
#include <functional>
#include <mutex>
#include <utility>

namespace trimscope::health {

namespace {

Error invalid(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, QStringLiteral("drivedb: %1").arg(message));
}

int lineAt(QByteArrayView text, qsizetype pos)
{
    return int(text.first(pos).count('\n')) + 1;
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The C escape after a backslash at text[pos]; pos is left on the escape's last character.
char unescape(QByteArrayView text, qsizetype &pos)
{
    const char c = text[pos];
    switch (c) {
    case 'n':
        return '\n';
    case 't':
        return '\t';
    case 'r':
        return '\r';
    case 'a':
        return '\a';
    case 'b':
        return '\b';
    case 'f':
        return '\f';
    case 'v':
        return '\v';
    case 'x': {
        int value = 0;
        while (pos + 1 < text.size() && hexDigit(text[pos + 1]) >= 0)
            value = value * 16 + hexDigit(text[++pos]);
        return char(value);
    }
    default:
        if (c >= '0' && c <= '7') {
            int value = c - '0';
            for (int digits = 1; digits < 3 && pos + 1 < text.size() && text[pos + 1] >= '0' &&
                                 text[pos + 1] <= '7';
                 ++digits)
                value = value * 8 + (text[++pos] - '0');
            return char(value);
        }
        return c; // \" \\ \' \?
    }
}

} // namespace

Expected<DriveDbText> parseDriveDbText(QByteArrayView text)
{
    DriveDbText result;
    // The brace group being read: its fields so far, and whether the last token was a string
    // (adjacent literals concatenate) or a comma (a new field starts).
    QList<QByteArray> fields;
    bool inGroup = false;
    bool groupValid = true;
    bool afterString = false;
    bool lineStart = true;

    for (qsizetype pos = 0; pos < text.size(); ++pos) {
        const char c = text[pos];
        const char next = pos + 1 < text.size() ? text[pos + 1] : '\0';
        if (c == '\n') {
            lineStart = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
            continue;
        const bool wasLineStart = std::exchange(lineStart, false);
        if (c == '/' && next == '/') {
            while (pos + 1 < text.size() && text[pos + 1] != '\n')
                ++pos;
        } else if (c == '/' && next == '*') {
            const qsizetype end = QByteArrayView(text).indexOf("*/", pos + 2);
            if (end < 0)
                return invalid(QStringLiteral("a comment opened on line %1 is never closed")
                                   .arg(lineAt(text, pos)));
            pos = end + 1;
        } else if (c == '#' && wasLineStart) {
            // A preprocessor line, continuations included: not data.
            while (pos + 1 < text.size() &&
                   (text[pos + 1] != '\n' || (pos > 0 && text[pos] == '\\')))
                ++pos;
        } else if (c == '\'') {
            // A character literal ('"', '\''): skipped, so its quote starts no string.
            while (pos + 1 < text.size() && text[pos + 1] != '\'' && text[pos + 1] != '\n')
                pos += text[pos + 1] == '\\' ? 2 : 1;
            ++pos;
            if (inGroup)
                groupValid = false;
        } else if (c == '"') {
            const qsizetype start = pos;
            QByteArray literal;
            for (++pos;; ++pos) {
                if (pos >= text.size() || text[pos] == '\n')
                    return invalid(QStringLiteral("a string opened on line %1 is never closed")
                                       .arg(lineAt(text, start)));
                if (text[pos] == '"')
                    break;
                if (text[pos] == '\\' && pos + 1 < text.size()) {
                    ++pos;
                    literal.append(unescape(text, pos));
                } else {
                    literal.append(text[pos]);
                }
            }
            if (!inGroup)
                continue; // a string outside any entry: not data
            if (afterString)
                fields.last().append(literal);
            else
                fields.append(literal);
            afterString = true;
        } else if (c == '{') {
            // Only an innermost group holds an entry; an enclosing one (the array) does not.
            inGroup = true;
            groupValid = true;
            fields.clear();
            afterString = false;
        } else if (c == '}') {
            if (inGroup) {
                if (groupValid && fields.size() == 5) {
                    const auto s = [&](int i) { return QString::fromUtf8(fields.at(i)); };
                    result.entries.append({s(0), s(1), s(2), s(3), s(4)});
                } else {
                    ++result.skipped;
                }
            }
            inGroup = false;
            afterString = false;
        } else if (c == ',') {
            if (inGroup && !afterString)
                groupValid = false; // an empty field: not a string list
            afterString = false;
        } else if (inGroup) {
            groupValid = false; // an identifier or number inside a group: not an entry
        }
    }
    if (result.entries.isEmpty())
        return invalid(QStringLiteral("no entries found"));
    return result;
}

QList<DriveDbAttribute> parseDriveDbPresets(const QString &presets)
{
    // smartctl's old "-v" spellings, still in drivedb.h, and what smartctl reads them as.
    static const QHash<QString, QString> kOldForms{
        {QStringLiteral("9,halfminutes"), QStringLiteral("9,halfmin2hour,Power_On_Half_Minutes")},
        {QStringLiteral("9,minutes"), QStringLiteral("9,min2hour,Power_On_Minutes")},
        {QStringLiteral("9,seconds"), QStringLiteral("9,sec2hour,Power_On_Seconds")},
        {QStringLiteral("9,temp"), QStringLiteral("9,tempminmax,Temperature_Celsius")},
        {QStringLiteral("192,emergencyretractcyclect"),
         QStringLiteral("192,raw48,Emerg_Retract_Cycle_Ct")},
        {QStringLiteral("193,loadunload"), QStringLiteral("193,raw24/raw24")},
        {QStringLiteral("194,10xCelsius"), QStringLiteral("194,temp10x,Temperature_Celsius_x10")},
        {QStringLiteral("194,unknown"), QStringLiteral("194,raw48,Unknown_Attribute")},
        {QStringLiteral("197,increasing"), QStringLiteral("197,raw48+,Total_Pending_Sectors")},
        {QStringLiteral("198,offlinescanuncsectorct"),
         QStringLiteral("198,raw48,Offline_Scan_UNC_SectCt")},
        {QStringLiteral("198,increasing"), QStringLiteral("198,raw48+,Total_Offl_Uncorrectabl")},
        {QStringLiteral("200,writeerrorcount"), QStringLiteral("200,raw48,Write_Error_Count")},
        {QStringLiteral("201,detectedtacount"), QStringLiteral("201,raw48,Detected_TA_Count")},
        {QStringLiteral("220,temp"), QStringLiteral("220,tempminmax,Temperature_Celsius")},
    };
    QList<DriveDbAttribute> result;
    const QStringList words = presets.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (qsizetype i = 0; i + 1 < words.size(); ++i) {
        if (words.at(i) != QLatin1String("-v"))
            continue;
        const QString &word = words.at(++i);
        // "N,FORMAT" (every id) is not used by drivedb.h: skipped like any form we do not know.
        const QStringList parts = kOldForms.value(word, word).split(QLatin1Char(','));
        bool ok = false;
        const uint id = parts.value(0).toUInt(&ok);
        if (!ok || id == 0 || id > 255 || parts.size() < 2)
            continue; // "-v N,..." with N out of range, or a form we do not know
        DriveDbAttribute a;
        a.id = quint8(id);
        a.format = parts.at(1);
        if (a.format.endsWith(QLatin1Char('+'))) // "raw48+": only a flag for smartctl's display
            a.format.chop(1);
        a.name = parts.value(2);
        a.hddOnly = parts.value(3) == QLatin1String("HDD");
        a.ssdOnly = parts.value(3) == QLatin1String("SSD");
        result.append(a);
    }
    return result;
}

QString posixEreToPcre(const QString &pattern)
{
    QString out;
    out.reserve(pattern.size() + 8);
    bool inBracket = false;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (!inBracket) {
            out.append(c);
            if (c == QLatin1Char('\\') && i + 1 < pattern.size()) {
                out.append(pattern.at(++i));
            } else if (c == QLatin1Char('[')) {
                inBracket = true;
                // A ']' first in the bracket (after an optional '^') is a literal in both.
                if (i + 1 < pattern.size() && pattern.at(i + 1) == QLatin1Char('^'))
                    out.append(pattern.at(++i));
                if (i + 1 < pattern.size() && pattern.at(i + 1) == QLatin1Char(']'))
                    out.append(QStringLiteral("\\]")), ++i;
            }
            continue;
        }
        if (c == QLatin1Char('[') && i + 1 < pattern.size() &&
            QStringLiteral(":.=").contains(pattern.at(i + 1))) {
            // [:alpha:] and friends: copied whole.
            const qsizetype end =
                pattern.indexOf(QString(pattern.at(i + 1)) + QLatin1Char(']'), i + 2);
            if (end > 0) {
                out.append(pattern.mid(i, end + 2 - i));
                i = end + 1;
                continue;
            }
        }
        if (c == QLatin1Char('\\'))
            out.append(QStringLiteral("\\\\"));
        else
            out.append(c);
        if (c == QLatin1Char(']'))
            inBracket = false;
    }
    return out;
}

DriveDatabase::DriveDatabase(const DriveDbText &text)
{
    for (const DriveDbEntry &entry : text.entries) {
        if (entry.family.startsWith(QLatin1String("VERSION:"))) {
            // "VERSION: 7.3 $Id: drivedb.h 5319 2022-02-19 ..." -> "7.3/5319", as smartctl says.
            const QStringList words = entry.family.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            const qsizetype file = words.indexOf(QStringLiteral("drivedb.h"));
            m_version = words.value(1);
            if (file > 0 && file + 1 < words.size())
                m_version += QLatin1Char('/') + words.at(file + 1);
            continue;
        }
        if (entry.family == QLatin1String("DEFAULT")) {
            m_defaults = parseDriveDbPresets(entry.presets);
            continue;
        }
        // "$..." entries are switched off; "USB:" ones match USB ids, not drives.
        if (entry.family.startsWith(QLatin1Char('$')) ||
            entry.family.startsWith(QLatin1String("USB:")) || entry.modelPattern.isEmpty())
            continue;
        Compiled compiled{entry,
                          QRegularExpression(QRegularExpression::anchoredPattern(
                              posixEreToPcre(entry.modelPattern))),
                          std::nullopt};
        if (!entry.firmwarePattern.isEmpty())
            compiled.firmware = QRegularExpression(
                QRegularExpression::anchoredPattern(posixEreToPcre(entry.firmwarePattern)));
        if (!compiled.model.isValid() || (compiled.firmware && !compiled.firmware->isValid())) {
            ++m_unusable;
            continue;
        }
        m_entries.append(std::move(compiled));
    }
}

DriveDbMatch DriveDatabase::lookup(const QString &model, const QString &firmware,
                                   std::optional<bool> nonRotating) const
{
    DriveDbMatch match;
    match.version = m_version;
    for (const DriveDbAttribute &a : m_defaults) {
        if ((a.hddOnly && nonRotating == true) || (a.ssdOnly && nonRotating == false))
            continue;
        match.attributes.insert(a.id, a);
    }
    for (const Compiled &c : m_entries) {
        if (!c.model.match(model).hasMatch())
            continue;
        if (c.firmware && !c.firmware->match(firmware).hasMatch())
            continue;
        match.entryMatched = true;
        match.family = c.entry.family;
        match.warning = c.entry.warning;
        for (const DriveDbAttribute &a : parseDriveDbPresets(c.entry.presets)) {
            DriveDbAttribute merged = a;
            // "-v N,FORMAT" alone keeps the default's name, as in smartctl.
            if (merged.name.isEmpty())
                merged.name = match.attributes.value(a.id).name;
            match.attributes.insert(a.id, merged);
        }
        break;
    }
    return match;
}

QStringList defaultDriveDbPaths()
{
    return {QStringLiteral("/var/lib/smartmontools/drivedb/drivedb.h"),
            QStringLiteral("/usr/share/smartmontools/drivedb.h")};
}

std::optional<DriveDatabase> loadDriveDatabase(const QStringList &paths)
{
    // The real file is about 240 KB; a cap keeps a wrong path from being slurped.
    constexpr qint64 kMaxBytes = 16 << 20;
    for (const QString &path : paths) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const auto parsed = parseDriveDbText(file.read(kMaxBytes));
        if (parsed)
            return DriveDatabase(*parsed);
    }
    return std::nullopt;
}

namespace {

// The system database's one load. Whoever claims it first reads it and fulfils the promise:
// the pool's task, or a caller of systemDriveDatabase() that came before the pool got to it.
struct SystemLoad
{
    SystemLoad()
    {
        future = promise.future();
        promise.start();
    }
    std::mutex mutex;
    bool queued = false;        // the pool's task was started (under mutex)
    bool claimed = false;       // a thread began the load (under mutex)
    std::function<void()> gate; // holdSystemDriveDatabaseLoad's (under mutex)
    std::atomic<QThread *> reader{nullptr};
    std::optional<DriveDatabase> database;
    QPromise<const DriveDatabase *> promise;
    QFuture<const DriveDatabase *> future;
    // A pool of its own, not the global one: there the load waited behind the saved runs'
    // listings (QtConcurrent). Last, so destroyed first: at exit it waits for a load under way,
    // which uses the members above.
    QThreadPool pool;
};

SystemLoad &systemLoad()
{
    static SystemLoad load;
    return load;
}

void claimAndLoad(SystemLoad &load)
{
    {
        const std::lock_guard lock(load.mutex);
        if (std::exchange(load.claimed, true))
            return;
    }
    load.reader = QThread::currentThread();
    load.database = loadDriveDatabase();
    load.promise.addResult(load.database ? &*load.database : nullptr);
    load.promise.finish();
}

} // namespace

QFuture<const DriveDatabase *> systemDriveDatabaseLoad()
{
    SystemLoad &load = systemLoad();
    std::function<void()> gate;
    {
        const std::lock_guard lock(load.mutex);
        if (std::exchange(load.queued, true) || load.claimed)
            return load.future;
        gate = std::move(load.gate);
    }
    load.pool.start([&load, gate] {
        if (gate)
            gate();
        claimAndLoad(load);
    });
    return load.future;
}

bool whenSystemDriveDatabaseLoaded(QObject *context,
                                   std::function<void(const DriveDatabase *)> then)
{
    const QFuture<const DriveDatabase *> loading = systemDriveDatabaseLoad();
    if (loading.isFinished()) {
        then(loading.result());
        return true;
    }
    auto *watcher = new QFutureWatcher<const DriveDatabase *>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context,
                     [watcher, then = std::move(then)] {
                         watcher->deleteLater();
                         then(watcher->result());
                     });
    watcher->setFuture(loading);
    return false;
}

const DriveDatabase *systemDriveDatabase()
{
    SystemLoad &load = systemLoad();
    claimAndLoad(load); // nothing when another thread has begun: then its result is waited for
    return load.future.result();
}

void preloadSystemDriveDatabase()
{
    systemDriveDatabaseLoad();
}

QThread *systemDriveDatabaseReader()
{
    return systemLoad().reader;
}

bool holdSystemDriveDatabaseLoad(std::function<void()> gate)
{
    SystemLoad &load = systemLoad();
    const std::lock_guard lock(load.mutex);
    if (load.queued || load.claimed)
        return false;
    load.gate = std::move(gate);
    return true;
}

} // namespace trimscope::health
