// Commands printed for a person to paste (issue 48): a real /bin/sh reads each quoted word back
// as exactly the argument it came from, whatever a mount point or a label holds.
#include "common/shellquote.h"
#include "testmain.h"

#include <QProcess>
#include <QTest>

using namespace trimscope;

namespace {

// What /bin/sh makes of `text` when `args` (a function printing each argument NUL-terminated)
// stands where the command name was: the argv the pasted command would have run with.
QList<QByteArray> argvFromShell(const QString &text)
{
    QProcess sh;
    sh.start(QStringLiteral("/bin/sh"),
             {QStringLiteral("-c"),
              QStringLiteral("args() { for a; do printf '%s\\0' \"$a\"; done; }\n") + text});
    if (!sh.waitForFinished(10000) || sh.exitCode() != 0)
        return {QByteArrayLiteral("<sh failed>"), sh.readAllStandardError()};
    QList<QByteArray> argv = sh.readAllStandardOutput().split('\0');
    argv.removeLast(); // after the last NUL
    return argv;
}

QList<QByteArray> utf8(const QStringList &words)
{
    QList<QByteArray> bytes;
    for (const QString &w : words)
        bytes.append(w.toUtf8());
    return bytes;
}

} // namespace

class TestShellQuote : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("argument");
        QTest::newRow("plain path") << "/mnt/data";
        QTest::newRow("semicolon") << "/mnt/x;touch${IFS}PWNED;#";
        QTest::newRow("command substitution") << "/media/u/$(touch PWNED)";
        QTest::newRow("backticks") << "/media/u/`id`";
        QTest::newRow("single quote") << "/media/u/it's";
        QTest::newRow("only quotes") << "'''";
        QTest::newRow("double quote") << "/media/u/\"x\"";
        QTest::newRow("spaces") << "/media/u/My Stick  2";
        QTest::newRow("newline") << "/mnt/a\nrm -rf /";
        QTest::newRow("trailing newline") << "/mnt/a\n";
        QTest::newRow("tab and backslash") << "/mnt/a\tb\\c";
        QTest::newRow("leading dash") << "-rf";
        QTest::newRow("empty") << "";
        QTest::newRow("unicode") << QStringLiteral("/media/jörg/Ünïcødé ✓");
        QTest::newRow("glob and tilde") << "~/*?[a]";
        QTest::newRow("pipe redirect ampersand") << "a|b>c<d&e";
        QTest::newRow("dollar alone") << "$HOME ${PATH}";
        QTest::newRow("hash at start") << "#x";
        QTest::newRow("equals at start") << "=x";
    }
    void roundTrip()
    {
        QFETCH(QString, argument);
        const QString word = shellQuoted(argument);
        QCOMPARE(argvFromShell(QStringLiteral("args ") + word), utf8({argument}));
        // The same through a command line, and indented as the CLI prints a fix block.
        const QString command =
            shellCommand({QStringLiteral("args"), QStringLiteral("-o"), QStringLiteral("x y")},
                         {argument, QStringLiteral("/mnt/b")});
        QStringList expected = {QStringLiteral("-o"), QStringLiteral("x y")};
        if (argument.startsWith(QLatin1Char('-')))
            expected.append(QStringLiteral("--"));
        expected << argument << QStringLiteral("/mnt/b");
        QCOMPARE(argvFromShell(command), utf8(expected));
        const QString block = command + QStringLiteral("   # the target's options\n") + command;
        QCOMPARE(argvFromShell(indentShellText(block, QStringLiteral("      "))),
                 utf8(expected + expected));
    }

    // A plain name prints as it is; anything else is quoted (so it reads as one word).
    void plainNamesStayReadable_data()
    {
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("printed");
        QTest::newRow("path") << "/mnt/data" << "/mnt/data";
        QTest::newRow("option") << "remount,nodiscard" << "remount,nodiscard";
        QTest::newRow("space") << "/mnt/a b" << "'/mnt/a b'";
        QTest::newRow("quote") << "a'b" << "'a'\\''b'";
        QTest::newRow("empty") << "" << "''";
    }
    void plainNamesStayReadable()
    {
        QFETCH(QString, argument);
        QFETCH(QString, printed);
        QCOMPARE(shellQuoted(argument), printed);
    }

    // A newline that ends a line gets the pad; one inside a quoted word does not.
    void indentKeepsQuotedNewlines()
    {
        const QString text = QStringLiteral("a '/x\ny'\nb");
        QCOMPARE(indentShellText(text, QStringLiteral("  ")), QStringLiteral("a '/x\ny'\n  b"));
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestShellQuote)
#include "tst_shellquote.moc"
