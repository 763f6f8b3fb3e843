// Issue 15, item 8: a file that cannot be opened or imported is explained in words a person
// reads ("“x.json” is not a TrimScope result: it holds no JSON data."), the same words wherever
// it is opened (File › Open, the experiment tabs, Compare's import, the Advice tab's import),
// never the parser's ("illegal value", "unknown schema", "missing field").
#include "backends/errorwords.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "report/resultfile.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/comparetab.h"
#include "widgets/filesystemtab.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace trimscope;
using namespace trimscope::gui;

class TestImportErrors : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void inWords_data();
    void inWords();
    void inWordsFromWhatTheReaderMet_data();
    void inWordsFromWhatTheReaderMet();

private:
    QString write(const QString &name, const QByteArray &bytes);
    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
};

void TestImportErrors::initTestCase()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.simulatedTimeScale = 0;
    m_window = std::make_unique<MainWindow>(options);
}

QString TestImportErrors::write(const QString &name, const QByteArray &bytes)
{
    const QString path = m_env.home.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return QString();
    return path;
}

namespace {
const struct
{
    const char *name;
    QByteArray bytes;
    const char *words;
} files[] = {
    {"notes.json", "these are my notes", "holds no JSON data"},
    {"list.json", "[1, 2, 3]", "holds no JSON data"},
    // Issue 28, item 9: a result cut short is not "no JSON data".
    {"cut.json",
     R"({"schema": "io.github.trimscope.sweep", "schema_version": 1, "kind": "trim-sweep", "drive": {"model": "X)",
     "is cut short"},
    {"cut-after-value.json", "{\"schema\": \"io.github.trimscope.sweep\",\n  ", "is cut short"},
    {"damaged.json", R"({"schema": "io.github.trimscope.sweep", oops, "schema_version": 1})",
     "is damaged: its JSON data is broken at byte"},
    {"plain.json", R"({"name": "x"})", "not a result TrimScope wrote"},
    {"other.json", R"({"schema": "org.example.benchmark", "schema_version": 1})",
     "written by another program"},
    {"future.json",
     R"({"schema": "io.github.trimscope.sweep", "schema_version": 999, "kind": "trim-sweep"})",
     "this version cannot read"},
};
} // namespace

void TestImportErrors::inWords_data()
{
    QTest::addColumn<QString>("opener");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("words");
    for (const char *opener : {"window", "filesystem tab", "advice import", "compare import"})
        for (const auto &file : files)
            QTest::addRow("%s: %s", opener, file.name)
                << QString::fromLatin1(opener) << QString::fromLatin1(file.name) << file.bytes
                << QString::fromLatin1(file.words);
}

void TestImportErrors::inWords()
{
    QFETCH(QString, opener);
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, words);
    const QString path = write(name, bytes);
    QVERIFY(!path.isEmpty());
    QString message;
    if (opener == QLatin1String("window")) {
        message = m_window->openResult(path).message;
    } else if (opener == QLatin1String("filesystem tab")) {
        message = m_window->filesystemTab()->openResult(path).message;
    } else if (opener == QLatin1String("advice import")) {
        message = m_window->adviceTab()->importFile(path).message;
    } else {
        CompareTab *compare = m_window->compareTab();
        QSignalSpy finished(compare, &CompareTab::importFinished);
        compare->importFiles({path});
        QVERIFY(finished.wait(10000));
        const QStringList errors = finished.first().at(2).toStringList();
        QCOMPARE(errors.size(), qsizetype(1));
        message = errors.first();
    }
    QVERIFY2(message.startsWith(QStringLiteral("“%1”").arg(name)), qPrintable(message));
    QVERIFY2(message.contains(words), qPrintable(message));
    for (const char *jargon : {"illegal value", "unknown schema", "missing", "garbage at the end",
                               "not a JSON object", "schema_version"})
        QVERIFY2(!message.contains(QLatin1String(jargon)), qPrintable(message));
}

// The words come from what the reader met, not from reading the file again (issue 45, item 5):
// they are the same when the file is gone by the time they are chosen.
void TestImportErrors::inWordsFromWhatTheReaderMet_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("words");
    for (const auto &file : files)
        QTest::newRow(file.name) << file.bytes << QString::fromLatin1(file.words);
}

void TestImportErrors::inWordsFromWhatTheReaderMet()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, words);
    const Expected<AnyResult> read = readAnyResult(bytes);
    QVERIFY(!read);
    const QString gone = m_env.home.filePath(QStringLiteral("gone.json"));
    QVERIFY(!QFile::exists(gone));
    const QString message = fileErrorInWords(gone, read.error());
    QVERIFY2(message.startsWith(QStringLiteral("“gone.json”")), qPrintable(message));
    QVERIFY2(message.contains(words), qPrintable(message));
}

TRIMSCOPE_TEST_MAIN(TestImportErrors)
#include "tst_importerrors.moc"
