// The shared report's layout stays linear in what it lays out (issue 48, item 6): a drive model
// of 1 MB (a result file can say anything) made `report --pdf` run for minutes; 100 KB took
// 9.9 s while the HTML took 0.37 s. Every free text is cut at one length before layout, so the
// PDF of such a file takes about as long as a normal one. Timing: the bound is against a
// normal-size render in the same process, not a fixed number of seconds.
#include "report/resultfile.h"
#include "reportfile.h"
#include "reporthtml.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace trimscope;
using namespace trimscope::report;

namespace {

// sweep.json and health-ata.json, their drive's model (and serial, firmware) `extra` longer.
ReportInput inputWith(const QString &extra)
{
    QList<ReportSource> sources;
    for (const char *name : {"sweep.json", "health-ata.json"}) {
        const QString path = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/results/") +
                             QString::fromLatin1(name);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(path));
        QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        QJsonObject drive = json.value(QStringLiteral("drive")).toObject();
        for (const char *key : {"model", "serial", "firmware"})
            drive.insert(QLatin1String(key),
                         drive.value(QLatin1String(key)).toString() + extra);
        json.insert(QStringLiteral("drive"), drive);
        const Expected<AnyResult> result = readAnyResult(json);
        if (!result)
            qFatal("%s: %s", name, qPrintable(result.error().message));
        sources.append({path, *result});
    }
    const Expected<ReportInput> input = reportInputOf(sources, std::nullopt);
    if (!input)
        qFatal("%s", qPrintable(input.error().message));
    return *input;
}

qint64 millisecondsToRender(const ReportInput &input, QByteArray *pdf = nullptr)
{
    QElapsedTimer timer;
    timer.start();
    const QByteArray bytes = reportPdf(input);
    const qint64 ms = timer.elapsed();
    if (pdf)
        *pdf = bytes;
    return ms;
}

} // namespace

class TestReportBounds : public QObject
{
    Q_OBJECT
private slots:
    void hugeFieldsRenderAsFastAsNormalOnes_data()
    {
        QTest::addColumn<QString>("extra");
        QTest::newRow("1 MB unbroken") << QString(1 << 20, QLatin1Char('M'));
        QTest::newRow("1 MB of words") << QStringLiteral("Model ").repeated((1 << 20) / 6);
    }
    void hugeFieldsRenderAsFastAsNormalOnes()
    {
        QFETCH(QString, extra);
        const ReportInput normal = inputWith(QString());
        const ReportInput huge = inputWith(extra);
        millisecondsToRender(normal); // fonts loaded, caches warm
        qint64 normalMs = std::numeric_limits<qint64>::max();
        for (int i = 0; i < 3; ++i)
            normalMs = std::min(normalMs, millisecondsToRender(normal));
        QByteArray pdf;
        const qint64 hugeMs = millisecondsToRender(huge, &pdf);
        qInfo("normal %lld ms, with %lld characters more in three fields %lld ms", normalMs,
              qlonglong(extra.size()), hugeMs);
        QVERIFY(pdf.startsWith("%PDF"));
        // Not even the text of the 1 MB field is in the file, only its start.
        QVERIFY2(pdf.size() < 1 << 20, qPrintable(QString::number(pdf.size())));
        QVERIFY2(hugeMs < 3 * normalMs + 1500,
                 qPrintable(QStringLiteral("%1 ms against %2 ms").arg(hugeMs).arg(normalMs)));
    }

    // The cut is visible: the start of the text, then an ellipsis; short texts stay as they are.
    void longTextsAreCutWithAnEllipsis()
    {
        QCOMPARE(boundedForLayout(QStringLiteral("Samsung SSD 870")),
                 QStringLiteral("Samsung SSD 870"));
        const QString cut = boundedForLayout(QString(5000, QLatin1Char('x')));
        QVERIFY(cut.size() < 5000);
        QVERIFY(cut.endsWith(QChar(0x2026)));
        QVERIFY(cut.startsWith(QStringLiteral("xxxx")));
    }
};

TRIMSCOPE_TEST_MAIN(TestReportBounds)
#include "tst_reportbounds.moc"
