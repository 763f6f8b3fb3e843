// The CLI's tables keep their columns: each cell starts under its column's title, whatever its
// length. The health table's "Pretty" column was 11 characters wide by hand, and an attribute
// "not available" (German "nicht verfügbar") pushed the rest of its row out of line.
// In German, the health text is German throughout, its numbers too (issue 47: "8.3 Jahre",
// "cell type TLC", "3.2 months", a table of yes/n/a/prefail/online).
#include "clirun.h"
#include "testmain.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope::test;

namespace {

const QString kBlobs = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/ata-smart-blobs/");
const QString kIntelBlob = kBlobs + QStringLiteral("INTEL_SSDSA2MH080G1GC--045C8820");

// `trimscope-cli ARGUMENTS` in `language`, numbers in that language's locale (LC_ALL, as a German
// desktop sets LANG); "C" for English.
QString cliText(const QString &language, const QStringList &arguments)
{
    qputenv("LANGUAGE", language.toLatin1());
    const QByteArray previousLcAll = qgetenv("LC_ALL");
    qputenv("LC_ALL", language == QLatin1String("de") ? "de_DE.UTF-8" : "C.UTF-8");
    const CliRun run = runCli(arguments);
    qunsetenv("LANGUAGE");
    if (previousLcAll.isNull())
        qunsetenv("LC_ALL");
    else
        qputenv("LC_ALL", previousLcAll);
    if (run.exitCode != 0)
        qWarning("%s", run.err.constData());
    return QString::fromUtf8(run.out);
}

// `trimscope-cli health` of Intel's X25-M G1 in `language`.
QString intelHealthText(const QString &language)
{
    return cliText(language, {QStringLiteral("health"), QStringLiteral("--blob"), kIntelBlob});
}

// Where each column of a table starts: at each word of its title line.
QList<qsizetype> columnStarts(const QString &titleLine)
{
    QList<qsizetype> starts;
    for (qsizetype i = 0; i < titleLine.size(); ++i)
        if (titleLine.at(i) != QLatin1Char(' ') &&
            (i == 0 || titleLine.at(i - 1) == QLatin1Char(' ')))
            starts.append(i);
    return starts;
}

// The lines of `text` from the one starting with `title` to the first empty one.
QStringList tableFrom(const QString &text, const QString &title)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    qsizetype first = 0;
    while (first < lines.size() && !lines.at(first).startsWith(title))
        ++first;
    QStringList table;
    for (qsizetype i = first; i < lines.size() && !lines.at(i).isEmpty(); ++i)
        table.append(lines.at(i));
    return table;
}

// A row whose cells do not keep to the columns: a cell that runs into the next column's place,
// so no space sits right before a column's start (the titles are single words, each as wide as
// the right-aligned numbers under it or wider).
QString rowOutOfLine(const QStringList &table)
{
    const QList<qsizetype> starts = columnStarts(table.value(0));
    for (qsizetype row = 1; row < table.size(); ++row) {
        const QString &line = table.at(row);
        for (qsizetype c = 1; c < starts.size(); ++c) {
            const qsizetype at = starts.at(c);
            if (at >= line.size() || line.at(at - 1) != QLatin1Char(' '))
                return QStringLiteral("column %1 at %2:\n%3\n%4")
                    .arg(c + 1)
                    .arg(at)
                    .arg(table.first(), line);
        }
    }
    return QString();
}

// The first line of German `text` with an English word or a decimal point, and which; empty when
// none. The lines of smartmontools' rules ("Verschleißregel: smartmontools drive database …")
// quote its database, in its English.
QString englishInGerman(const QString &text)
{
    const QRegularExpression english(
        QStringLiteral("\\b(years?|months?|days?|sectors?|cell type|rated|write amplification|"
                       "GOOD|good|yes|no|n/a|prefail|old-age|online|offline|unknown|about|"
                       "not available|not reported|measurable|wear|used|fewer|recorded|"
                       "host writes)\\b"));
    // "8.3", not "1.000" (German grouping, three digits) nor a version's "7.3/5319".
    const QRegularExpression decimalPoint(QStringLiteral("\\d\\.\\d{1,2}(?![\\d/])"));
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.contains(QLatin1String("regel:")) ||
            line.startsWith(QLatin1String("Laufwerks-DB")))
            continue;
        if (const auto match = english.match(line); match.hasMatch())
            return QStringLiteral("English \"%1\" in: %2").arg(match.captured(), line);
        if (decimalPoint.match(line).hasMatch())
            return QStringLiteral("a decimal point in: %1").arg(line);
    }
    return QString();
}

// Why German `text` is not all German: a phrase of `phrases` it lacks, or what englishInGerman
// finds; empty when it is.
QString notAllGerman(QString text, const QStringList &phrases)
{
    // A number and its unit are joined by a no-break space outside C (units.h, withUnit).
    text.replace(QChar(0x00A0), QLatin1Char(' '));
    for (const QString &phrase : phrases) {
        if (!text.contains(phrase))
            return phrase + QStringLiteral(" not in:\n") + text;
    }
    return englishInGerman(text);
}

} // namespace

class TestCliTables : public QObject
{
    Q_OBJECT
private slots:
    void healthColumnsKeepInLine_data();
    void healthColumnsKeepInLine();
    void germanHealthHasNoEnglish_data();
    void germanHealthHasNoEnglish();
    void germanHistoryHasNoEnglish_data();
    void germanHistoryHasNoEnglish();

private:
    QTemporaryDir m_dir;
};

void TestCliTables::healthColumnsKeepInLine_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("title");        // the table's first title
    QTest::addColumn<QString>("notAvailable"); // what an attribute without figures shows
    QTest::newRow("English") << "C"
                             << "ID#"
                             << "not available";
    QTest::newRow("German") << "de"
                            << "ID#" << QStringLiteral("nicht verfügbar");
}

void TestCliTables::healthColumnsKeepInLine()
{
    QFETCH(QString, language);
    QFETCH(QString, title);
    QFETCH(QString, notAvailable);
    // Intel's X25-M G1 fills its internal attributes 226-228 with ones: "not available".
    const QString text = intelHealthText(language);
    const QStringList table = tableFrom(text, title);
    QVERIFY2(table.size() > 10, qPrintable(text));
    QVERIFY2(table.filter(notAvailable).size() >= 3, qPrintable(table.join(QLatin1Char('\n'))));
    QCOMPARE(columnStarts(table.first()).size(), 11);
    const QString outOfLine = rowOutOfLine(table);
    QVERIFY2(outOfLine.isEmpty(), qPrintable(outOfLine));
}

void TestCliTables::germanHealthHasNoEnglish_data()
{
    QTest::addColumn<QString>("blob");
    QTest::addColumn<bool>("saved");
    QTest::addColumn<QStringList>("phrases"); // German phrases the text holds
    const QString intel320 = QStringLiteral("INTEL_SSDSA2CW120G3--4PC10302");
    const QStringList x25m{QStringLiteral("etwa 8,3 Jahre insgesamt bei 8,15 GiB pro Tag"),
                           QStringLiteral("3,2 Monate")};
    QTest::newRow("health") << kIntelBlob << false << x25m;
    // The same report from a saved file: its numbers were C ("8.3 Jahre") where `health` wrote
    // the reader's.
    QTest::newRow("show of a saved health file") << kIntelBlob << true << x25m;
    // No wear yet: the reason came from the file, in English ("no measurable wear yet (0 % used)").
    QTest::newRow("health, no wear yet")
        << kBlobs + intel320 << false
        << QStringList{QStringLiteral("etwa 7,5 Jahre insgesamt bei 13,7 GiB pro Tag"),
                       QStringLiteral("Aus Verschleiß: unbekannt (noch kein messbarer Verschleiß "
                                      "(0 % verbraucht))")};
}

// No English word and no decimal point among German words.
void TestCliTables::germanHealthHasNoEnglish()
{
    QFETCH(QString, blob);
    QFETCH(bool, saved);
    QFETCH(QStringList, phrases);
    QString text;
    if (saved) {
        QVERIFY(m_dir.isValid());
        const QString json = m_dir.filePath(QStringLiteral("health.json"));
        const CliRun save = runCli(
            {QStringLiteral("health"), QStringLiteral("--blob"), blob, QStringLiteral("--json")});
        QVERIFY2(save.exitCode == 0, save.err.constData());
        QFile file(json);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(save.out) == save.out.size());
        file.close();
        text = cliText(QStringLiteral("de"), {QStringLiteral("show"), json});
    } else {
        text = cliText(QStringLiteral("de"),
                       {QStringLiteral("health"), QStringLiteral("--blob"), blob});
    }
    const QString problem = notAllGerman(text, phrases);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestCliTables::germanHistoryHasNoEnglish_data()
{
    QTest::addColumn<int>("days");
    QTest::addColumn<QStringList>("phrases"); // German phrases the text holds
    // One recorded day: no window holds two days with host writes. The reason was core's, in
    // English ("fewer than two recorded days with host writes in the last 30 days").
    QTest::newRow("one day recorded")
        << 1
        << QStringList{QStringLiteral("Lebensdauer, letzte 30 Tage:  unbekannt (weniger als zwei "
                                      "erfasste Tage mit Host-Schreibvorgängen in den letzten 30 "
                                      "Tagen)")};
}

void TestCliTables::germanHistoryHasNoEnglish()
{
    QFETCH(int, days);
    QFETCH(QStringList, phrases);
    QVERIFY(m_dir.isValid());
    const QString db = m_dir.filePath(QStringLiteral("history-%1.sqlite").arg(days));
    const CliRun record =
        runCli({QStringLiteral("history"), QStringLiteral("record"), QStringLiteral("--simulate"),
                QStringLiteral("ocz-agility3"), QStringLiteral("--days"), QString::number(days),
                QStringLiteral("--db"), db});
    QVERIFY2(record.exitCode == 0, record.err.constData());
    const QString text =
        cliText(QStringLiteral("de"), {QStringLiteral("history"), QStringLiteral("--db"), db});
    const QString problem = notAllGerman(text, phrases);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestCliTables)
#include "tst_clitables.moc"
