// Issue 28, item 10: `trimscope-cli report --from FILE… --pdf/--html` makes the report the window
// makes, with no display (it draws offscreen), in the reader's language; what it cannot do it
// refuses in one line with exit 2 before it writes anything. The report's content is
// tst_report's; this is the command around it.
#include "clirun.h"
#include "testmain.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope::test;

class TestCliReport : public QObject
{
    Q_OBJECT
private slots:
    void writesWhatItIsAskedFor_data();
    void writesWhatItIsAskedFor();
    void refuses_data();
    void refuses();
    void listedInHelp();

private:
    QTemporaryDir m_dir;
};

void TestCliReport::writesWhatItIsAskedFor_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("formats");
    QTest::addColumn<QString>("heading"); // on the page, in that language
    QTest::newRow("pdf, English") << "en" << QStringList{"pdf"} << "What to change";
    QTest::newRow("html, English") << "en" << QStringList{"html"} << "What to change";
    QTest::newRow("both, German") << "de" << QStringList{"pdf", "html"} << "Was zu ändern ist";
}

void TestCliReport::writesWhatItIsAskedFor()
{
    QFETCH(QString, language);
    QFETCH(QStringList, formats);
    QFETCH(QString, heading);
    qputenv("LANGUAGE", language.toLatin1());
    // No display: the report draws offscreen whatever the environment says.
    qputenv("QT_QPA_PLATFORM", "xcb");
    qunsetenv("DISPLAY");
    QStringList args{QStringLiteral("report"), QStringLiteral("--from"),
                     sampleResult(QStringLiteral("diagnosis.json"))};
    QStringList paths;
    for (const QString &format : formats) {
        paths.append(m_dir.filePath(QStringLiteral("report-%1.%2").arg(language, format)));
        args << QStringLiteral("--") + format << paths.last();
    }
    const CliRun run = runCli(args);
    qunsetenv("LANGUAGE");
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    for (int i = 0; i < formats.size(); ++i) {
        const QByteArray bytes = readBytes(paths.at(i));
        if (formats.at(i) == QLatin1String("pdf")) {
            QVERIFY(bytes.startsWith("%PDF-"));
            if (!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
                QProcess text;
                text.start(QStringLiteral("pdftotext"), {paths.at(i), QStringLiteral("-")});
                QVERIFY(text.waitForFinished());
                QVERIFY(QString::fromUtf8(text.readAllStandardOutput()).contains(heading));
            }
        } else {
            QVERIFY(bytes.contains("data:image/png;base64,"));
            QVERIFY(QString::fromUtf8(bytes).contains(heading.toHtmlEscaped()));
        }
        QVERIFY(QString::fromUtf8(run.out).contains(paths.at(i)));
    }
}

void TestCliReport::refuses_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    const QString out = m_dir.filePath(QStringLiteral("refused.pdf"));
    QTest::newRow("no result") << QStringList{"report", "--pdf", out} << "--from";
    QTest::newRow("no output") << QStringList{"report", "--from", sampleResult("sweep.json")}
                               << "--pdf";
    QTest::newRow("two drives") << QStringList{"report",
                                               "--from",
                                               sampleResult("sweep.json"),
                                               "--from",
                                               sampleResult("diagnosis.json"),
                                               "--pdf",
                                               out}
                                << "diagnosis.json";
    QTest::newRow("not advice input")
        << QStringList{"report", "--from", sampleResult("mkfs-timing.json"), "--pdf", out}
        << "mkfs-timing.json";
    QTest::newRow("missing file") << QStringList{"report", "--from", m_dir.filePath("none.json"),
                                                 "--pdf", out}
                                  << "none.json";
    QTest::newRow("output in a missing directory")
        << QStringList{"report", "--from", sampleResult("sweep.json"), "--pdf",
                       m_dir.filePath("no/such/dir/r.pdf")}
        << "r.pdf";
    QTest::newRow("stray argument")
        << QStringList{"report", sampleResult("sweep.json"), "--pdf", out} << "sweep.json";
}

void TestCliReport::refuses()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err).trimmed();
    QVERIFY2(err.contains(says), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("refused.pdf"))));
}

void TestCliReport::listedInHelp()
{
    const CliRun run = runCli({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("\n  report "));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestCliReport)
#include "tst_clireport.moc"
