// The watch and timed-fstrim readers refuse what no run writes, naming the field (issue 48,
// item 7): each row changes one field of a real result file (tests/data/results) and expects
// the reader to refuse it with that field's path in the message. Before, such files read, and
// `show` printed "-149.78 %" for a negative discard time.
#include "testmain.h"
#include "watch/discardwatch.h"
#include "watch/fstrimtiming.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace trimscope;
using namespace trimscope::watch;

namespace {

QJsonObject sample(const QString &name)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/results/") + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// `root` with the value at `path` ("devices/0/busy_s") replaced; undefined removes it.
QJsonValue withValue(const QJsonValue &root, QStringList path, const QJsonValue &value)
{
    if (path.isEmpty())
        return value;
    const QString step = path.takeFirst();
    bool isIndex = false;
    const int index = step.toInt(&isIndex);
    if (isIndex) {
        QJsonArray array = root.toArray();
        array.replace(index, withValue(array.at(index), path, value));
        return array;
    }
    QJsonObject object = root.toObject();
    if (path.isEmpty() && value.isUndefined())
        object.remove(step);
    else
        object.insert(step, withValue(object.value(step), path, value));
    return object;
}

// What the reader of `kind` says of `json`: empty when it reads it.
QString refusal(const QString &kind, const QJsonObject &json)
{
    if (kind == QLatin1String("watch")) {
        const Expected<DiscardWatch> read = DiscardWatch::fromJson(json);
        return read ? QString() : read.error().message;
    }
    const Expected<FstrimTimingResult> read = FstrimTimingResult::fromJson(json);
    return read ? QString() : read.error().message;
}

QString fileOf(const QString &kind)
{
    return kind == QLatin1String("watch") ? QStringLiteral("watch.json")
                                          : QStringLiteral("fstrim-timing.json");
}

} // namespace

class TestResultReaders : public QObject
{
    Q_OBJECT
private slots:
    void samplesRead_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("watch") << "watch";
        QTest::newRow("fstrim-timing") << "fstrim-timing";
    }
    void samplesRead()
    {
        QFETCH(QString, kind);
        const QJsonObject json = sample(fileOf(kind));
        QVERIFY(!json.isEmpty());
        QCOMPARE(refusal(kind, json), QString());
    }

    void refusesNonsense_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("named"); // the field the message names
        const auto row = [](const char *name, const char *kind, const char *path,
                            const QJsonValue &value, const char *named) {
            QTest::newRow(name) << QString::fromLatin1(kind) << QString::fromLatin1(path) << value
                                << QString::fromLatin1(named);
        };
        // The watch.
        row("watch: period 0", "watch", "period_s", 0, "period_s");
        row("watch: negative period", "watch", "period_s", -3, "period_s");
        row("watch: period as text", "watch", "period_s", QStringLiteral("3"), "period_s");
        row("watch: devices as text", "watch", "devices", QStringLiteral("x"), "devices");
        row("watch: devices empty", "watch", "devices", QJsonArray(), "devices");
        row("watch: devices an object", "watch", "devices", QJsonObject(), "devices");
        row("watch: a device as a number", "watch", "devices/0", 5, "devices[0]");
        row("watch: negative busy time", "watch", "devices/0/busy_s", -1.5, "devices[0].busy_s");
        row("watch: negative discard time", "watch", "devices/0/discards/device_s", -4.49,
            "devices[0].discards.device_s");
        row("watch: negative discard count", "watch", "devices/0/discards/count", -1,
            "devices[0].discards.count");
        row("watch: fractional count", "watch", "devices/0/discards/count", 1.5,
            "devices[0].discards.count");
        row("watch: count beyond 2^53", "watch", "devices/0/discards/bytes", 1e300,
            "devices[0].discards.bytes");
        row("watch: discards as a list", "watch", "devices/0/discards", QJsonArray(),
            "devices[0].discards");
        row("watch: empty device name", "watch", "devices/0/name", QString(), "devices[0].name");
        row("watch: newline in a mount point", "watch", "devices/0/mount_points/0",
            QStringLiteral("/mnt/a\nb"), "devices[0].mount_points");
        row("watch: newline in a filesystem's mount point", "watch",
            "devices/0/filesystems/0/mount_point", QStringLiteral("/mnt/a\nb"),
            "devices[0].filesystems[0].mount_point");
        row("watch: online discard as text", "watch", "devices/0/filesystems/0/online_discard",
            QStringLiteral("yes"), "devices[0].filesystems[0].online_discard");
        row("watch: since_boot as a number", "watch", "since_boot", 1, "since_boot");
        // The timed fstrim.
        row("fstrim: pieces an object", "fstrim-timing", "pieces", QJsonObject(), "pieces");
        row("fstrim: pieces empty in a completed run", "fstrim-timing", "pieces", QJsonArray(),
            "pieces");
        row("fstrim: a piece as text", "fstrim-timing", "pieces/1", QStringLiteral("p"),
            "pieces[1]");
        row("fstrim: negative seconds", "fstrim-timing", "pieces/1/seconds", -0.5,
            "pieces[1].seconds");
        row("fstrim: seconds as text", "fstrim-timing", "pieces/0/seconds", QStringLiteral("1"),
            "pieces[0].seconds");
        row("fstrim: negative start", "fstrim-timing", "pieces/0/start", -4096, "pieces[0].start");
        row("fstrim: negative trimmed bytes", "fstrim-timing", "pieces/0/trimmed_bytes", -1,
            "pieces[0].trimmed_bytes");
        row("fstrim: negative discard time", "fstrim-timing", "pieces/0/discards/device_s", -1,
            "pieces[0].discards.device_s");
        row("fstrim: negative wait", "fstrim-timing", "pieces/0/other_io/wait_s", -2,
            "pieces[0].other_io.wait_s");
        row("fstrim: other_io missing", "fstrim-timing", "pieces/0/other_io", QJsonValue::Undefined,
            "pieces[0].other_io");
        row("fstrim: major -1", "fstrim-timing", "filesystem/major", -1, "filesystem.major");
        row("fstrim: major as text", "fstrim-timing", "filesystem/major", QStringLiteral("8"),
            "filesystem.major");
        row("fstrim: minor beyond 32 bits", "fstrim-timing", "filesystem/minor", 1e10,
            "filesystem.minor");
        row("fstrim: negative size", "fstrim-timing", "filesystem/size_bytes", -1,
            "filesystem.size_bytes");
        row("fstrim: newline in the mount point", "fstrim-timing", "filesystem/mount_point",
            QStringLiteral("/mnt/x\n/"), "filesystem.mount_point");
        row("fstrim: mount point a number", "fstrim-timing", "filesystem/mount_point", 7,
            "filesystem.mount_point");
        row("fstrim: filesystem as text", "fstrim-timing", "filesystem", QStringLiteral("x"),
            "filesystem");
        row("fstrim: negative planned pieces", "fstrim-timing", "planned_pieces", -4,
            "planned_pieces");
        row("fstrim: negative piece size in the plan", "fstrim-timing", "plan/piece_bytes", -1,
            "plan.piece_bytes");
    }
    // A run cancelled before its first piece has none, and says so.
    void acceptsNoPiecesFromACancelledRun()
    {
        QJsonObject json = sample(QStringLiteral("fstrim-timing.json"));
        json.insert(QStringLiteral("pieces"), QJsonArray());
        json.insert(QStringLiteral("complete"), false);
        QCOMPARE(refusal(QStringLiteral("fstrim-timing"), json), QString());
    }

    void refusesNonsense()
    {
        QFETCH(QString, kind);
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, named);
        const QJsonObject json =
            withValue(sample(fileOf(kind)), path.split(QLatin1Char('/')), value).toObject();
        const QString message = refusal(kind, json);
        QVERIFY2(!message.isEmpty(), "read without complaint");
        QVERIFY2(message.startsWith(named + QLatin1Char(':')), qPrintable(message));
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestResultReaders)
#include "tst_resultreaders.moc"
