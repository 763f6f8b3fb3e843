// writeFileAtomically: a regular file is replaced whole (a rename, so a reader sees the old or
// the new content), a FIFO or device is written to and stays what it is.
#include "report/atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace trimscope;

class tst_AtomicFile : public QObject
{
    Q_OBJECT

private slots:
    void regularFile_data();
    void regularFile();
    void fifoStaysAFifo();
};

void tst_AtomicFile::regularFile_data()
{
    QTest::addColumn<QByteArray>("before"); // empty: no file yet
    QTest::addColumn<QByteArray>("after");
    QTest::newRow("new file") << QByteArray() << QByteArray("metric 1\n");
    QTest::newRow("longer content replaced") << QByteArray(4096, 'x') << QByteArray("short\n");
    QTest::newRow("empty content") << QByteArray("old\n") << QByteArray();
}

void tst_AtomicFile::regularFile()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trimscope.prom"));
    if (!before.isEmpty()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(before) == before.size());
    }
    QVERIFY(!writeFileAtomically(path, after).isError());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), after);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary left
    // Readable by others (node_exporter runs as its own user) under the usual umask 022.
    const mode_t mask = ::umask(022);
    ::umask(mask);
    if (mask == 022)
        QVERIFY(QFileInfo(path).permissions() & QFileDevice::ReadOther);
}

void tst_AtomicFile::fifoStaysAFifo()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    QProcess reader; // the other end, as a shell's `> >(...)` or a pipe would be
    reader.start(QStringLiteral("cat"), {fifo});
    QVERIFY(reader.waitForStarted());
    const Error error = writeFileAtomically(fifo, QByteArrayLiteral("through the pipe\n"));
    QVERIFY2(!error.isError(), qPrintable(error.message));
    struct stat st
    {
    };
    QVERIFY(::stat(QFile::encodeName(fifo).constData(), &st) == 0);
    const bool stillFifo = S_ISFIFO(st.st_mode);
    if (!stillFifo) { // replaced: cat waits for a writer that never comes
        reader.kill();
    }
    QVERIFY(reader.waitForFinished(10000));
    QVERIFY(stillFifo);
    QCOMPARE(reader.readAllStandardOutput(), QByteArrayLiteral("through the pipe\n"));
}

QTEST_GUILESS_MAIN(tst_AtomicFile)
#include "tst_atomicfile.moc"
