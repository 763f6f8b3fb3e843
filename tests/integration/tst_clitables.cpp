// The CLI's tables keep their columns: each cell starts under its column's title, whatever its
// length. The health table's "Pretty" column was 11 characters wide by hand, and an attribute
// "not available" (German "nicht verfügbar") pushed the rest of its row out of line.
#include "clirun.h"

#include <QTest>

using namespace trimscope::test;

namespace {

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

} // namespace

class TestCliTables : public QObject
{
    Q_OBJECT
private slots:
    void healthColumnsKeepInLine_data();
    void healthColumnsKeepInLine();
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
    qputenv("LANGUAGE", language.toLatin1());
    const CliRun run =
        runCli({QStringLiteral("health"), QStringLiteral("--blob"),
                QStringLiteral(TRIMSCOPE_SOURCE_DIR
                               "/tests/data/ata-smart-blobs/INTEL_SSDSA2MH080G1GC--045C8820")});
    qunsetenv("LANGUAGE");
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    const QStringList table = tableFrom(text, title);
    QVERIFY2(table.size() > 10, qPrintable(text));
    QVERIFY2(table.filter(notAvailable).size() >= 3, qPrintable(table.join(QLatin1Char('\n'))));
    QCOMPARE(columnStarts(table.first()).size(), 11);
    const QString outOfLine = rowOutOfLine(table);
    QVERIFY2(outOfLine.isEmpty(), qPrintable(outOfLine));
}

QTEST_GUILESS_MAIN(TestCliTables)
#include "tst_clitables.moc"
