// trimscope-cli metrics on this machine, end to end: the textfile it writes passes
// `promtool check metrics`, a real prometheus-node-exporter on 127.0.0.1 (free port) reads it
// with its textfile collector and serves every one of our series unchanged, and --json lists the
// same drives. Needs promtool (Debian: prometheus) and prometheus-node-exporter; without them it
// skips, or fails where TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS=1 (CI).
#include "clirun.h"
#include "privileged.h"
#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope::test;

namespace {

// A sample line, with its labels sorted by name (node_exporter sorts them; we do not).
struct ParsedSample
{
    QString name;
    QString labels; // "a=\"1\",b=\"2\"", sorted, escapes kept
    QString value;
};

// Just enough of the text format for what both sides print: no timestamps, no exemplars.
QList<ParsedSample> parseSamples(const QByteArray &text)
{
    static const QRegularExpression line(
        QStringLiteral("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})? (\\S+)$"));
    static const QRegularExpression label(
        QStringLiteral("([a-zA-Z_]\\w*)=\"((?:[^\"\\\\]|\\\\.)*)\""));
    QList<ParsedSample> samples;
    for (const QString &l : QString::fromUtf8(text).split(QLatin1Char('\n'))) {
        const auto m = line.match(l);
        if (l.startsWith(QLatin1Char('#')) || !m.hasMatch())
            continue;
        QStringList pairs;
        auto it = label.globalMatch(m.captured(2));
        while (it.hasNext()) {
            const auto p = it.next();
            pairs.append(QStringLiteral("%1=\"%2\"").arg(p.captured(1), p.captured(2)));
        }
        pairs.sort();
        samples.append({m.captured(1), pairs.join(QLatin1Char(',')), m.captured(3)});
    }
    return samples;
}

// Values as numbers: node_exporter prints 1795407740 as 1.79540774e+09.
QMap<QString, double> byKey(const QList<ParsedSample> &samples, const QString &prefix)
{
    QMap<QString, double> map;
    for (const ParsedSample &s : samples) {
        if (s.name.startsWith(prefix))
            map.insert(s.name + QLatin1Char('{') + s.labels + QLatin1Char('}'), s.value.toDouble());
    }
    return map;
}

quint16 freeLoopbackPort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        return 0;
    return server.serverPort();
}

// GET /metrics over plain HTTP/1.0; empty when nothing answers.
QByteArray scrape(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(1000))
        return {};
    socket.write("GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray reply;
    while (socket.waitForReadyRead(5000))
        reply += socket.readAll();
    reply += socket.readAll();
    const qsizetype body = reply.indexOf("\r\n\r\n");
    return body < 0 || !reply.startsWith("HTTP/1.0 200") ? QByteArray() : reply.mid(body + 4);
}

QString tool(const QString &name)
{
    return QStandardPaths::findExecutable(name);
}

} // namespace

class tst_MetricsCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void textfilePassesPromtool();
    void nodeExporterServesOurSeries();
    void jsonListsTheSameDrives();
    void stdoutIsTheSameFormat();
    void refusesWithoutTouching();

private:
    QTemporaryDir m_dir;
    QString m_textfile;
    QByteArray m_text;
    QJsonObject m_json;
};

void tst_MetricsCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const CliRun run =
        runCli({QStringLiteral("metrics"), QStringLiteral("--textfile"), m_dir.path(),
                QStringLiteral("--json"), m_dir.filePath(QStringLiteral("metrics.json"))});
    qInfo().noquote() << "trimscope-cli metrics took" << run.seconds << "s; stderr:" << run.err;
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.isEmpty(), run.out.constData()); // --textfile prints nothing
    m_textfile = m_dir.filePath(QStringLiteral("trimscope.prom"));
    QFile file(m_textfile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    m_text = file.readAll();
    QFile json(m_dir.filePath(QStringLiteral("metrics.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    m_json = QJsonDocument::fromJson(json.readAll()).object();
}

void tst_MetricsCli::textfilePassesPromtool()
{
    // Written atomically: the file alone, no temporary left, readable by node_exporter's user.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden),
             (QStringList{QStringLiteral("metrics.json"), QStringLiteral("trimscope.prom")}));
    QVERIFY(QFileInfo(m_textfile).permissions() & QFileDevice::ReadOther);
    QVERIFY(m_text.contains("\ntrimscope_metrics_last_success_timestamp_seconds "));

    const QString promtool = tool(QStringLiteral("promtool"));
    if (promtool.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("promtool is not installed (Debian: prometheus)"));
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
    check.write(m_text);
    check.closeWriteChannel();
    QVERIFY(check.waitForFinished(60000));
    const QByteArray said = check.readAll();
    // promtool exits 0 with lint problems too; any line it prints is one.
    QVERIFY2(check.exitCode() == 0 && said.trimmed().isEmpty(), said.constData());
}

void tst_MetricsCli::nodeExporterServesOurSeries()
{
    const QString exporter = tool(QStringLiteral("prometheus-node-exporter"));
    if (exporter.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("prometheus-node-exporter is not installed"));
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    quint16 port = 0;
    QByteArray body;
    // The port is free when chosen; another process may take it before the exporter binds it.
    for (int attempt = 0; attempt < 3 && body.isEmpty(); ++attempt) {
        port = freeLoopbackPort();
        QVERIFY(port != 0);
        process.start(exporter, {QStringLiteral("--collector.disable-defaults"),
                                 QStringLiteral("--collector.textfile"),
                                 QStringLiteral("--collector.textfile.directory=") + m_dir.path(),
                                 QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port)});
        QVERIFY(process.waitForStarted(5000));
        QElapsedTimer waited;
        waited.start();
        while (body.isEmpty() && process.state() == QProcess::Running && waited.elapsed() < 15000) {
            body = scrape(port);
            if (body.isEmpty())
                QTest::qWait(100);
        }
        if (body.isEmpty()) {
            process.kill();
            process.waitForFinished(5000);
            qInfo().noquote() << "node exporter on port" << port << ":" << process.readAll();
        }
    }
    QVERIFY2(!body.isEmpty(), "prometheus-node-exporter never answered on 127.0.0.1");
    process.terminate();
    if (!process.waitForFinished(5000)) {
        process.kill();
        process.waitForFinished(5000);
    }

    const QList<ParsedSample> served = parseSamples(body);
    const auto error = std::find_if(served.cbegin(), served.cend(), [](const ParsedSample &s) {
        return s.name == QLatin1String("node_textfile_scrape_error");
    });
    QVERIFY2(error != served.cend() && error->value == QLatin1String("0"), body.constData());
    const QMap<QString, double> ours = byKey(parseSamples(m_text), QStringLiteral("trimscope_"));
    const QMap<QString, double> theirs = byKey(served, QStringLiteral("trimscope_"));
    QVERIFY(ours.size() >= 3); // at least the tool's timestamp and the fstrim timer state
    QCOMPARE(theirs, ours);
    QVERIFY(body.contains("node_textfile_mtime_seconds{file=\"") &&
            body.contains("trimscope.prom\"}"));
}

void tst_MetricsCli::jsonListsTheSameDrives()
{
    QCOMPARE(m_json.value(QStringLiteral("schema")).toString(),
             QStringLiteral("io.github.trimscope.metrics"));
    QStringList fromJson;
    for (const QJsonValue &drive : m_json.value(QStringLiteral("drives")).toArray()) {
        fromJson.append(drive[QStringLiteral("device")].toString());
        // Never a silent gap: an unreadable drive says why.
        if (!drive[QStringLiteral("health_readable")].toBool())
            QVERIFY(!drive[QStringLiteral("health_error")].toString().isEmpty());
    }
    QStringList fromText;
    for (const ParsedSample &s : parseSamples(m_text)) {
        if (s.name == QLatin1String("trimscope_drive_health_readable"))
            fromText.append(s.labels.section(QLatin1Char('"'), 1, 1));
    }
    fromJson.sort();
    fromText.sort();
    QCOMPARE(fromText, fromJson);
}

// The same series on stdout as in the textfile written at the same moment; values (the
// timestamp) may differ. Compared with the textfile of initTestCase, a loop device that a test
// beside this one attached in between made 33 series against 27 (ctest -j2): so both are made
// here, one after the other, and made again while the drives they list differ.
void tst_MetricsCli::stdoutIsTheSameFormat()
{
    const auto series = [](const QByteArray &text) {
        QStringList out;
        for (const ParsedSample &s : parseSamples(text))
            out.append(s.name + s.labels);
        return out;
    };
    QTemporaryDir dir;
    QStringList printed, written;
    for (int attempt = 0; attempt < 3 && (attempt == 0 || printed != written); ++attempt) {
        const CliRun run = runCli({QStringLiteral("metrics")});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(runCli({QStringLiteral("metrics"), QStringLiteral("--textfile"), dir.path()})
                     .exitCode,
                 0);
        QFile file(dir.filePath(QStringLiteral("trimscope.prom")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        printed = series(run.out);
        written = series(file.readAll());
    }
    QCOMPARE(printed, written);
}

void tst_MetricsCli::refusesWithoutTouching()
{
    const QString missing = m_dir.filePath(QStringLiteral("no-such-dir"));
    const CliRun run = runCli({QStringLiteral("metrics"), QStringLiteral("--textfile"), missing});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QVERIFY(!QFileInfo::exists(missing));
    QCOMPARE(runCli({QStringLiteral("metrics"), QStringLiteral("extra")}).exitCode, 2);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_MetricsCli)
#include "tst_metricscli.moc"
