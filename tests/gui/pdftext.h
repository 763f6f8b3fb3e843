#pragma once

#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

// Reading a written report back as a reader's tools do (poppler-utils' pdftotext, pdfinfo).

// Whitespace as one space, and no hyphens: the page wraps lines wherever it likes, and pdftotext
// joins "Benchmark-" at a line's end and "Lauf" into "BenchmarkLauf".
inline QString flat(QString text)
{
    return text.remove(QLatin1Char('-'))
        .replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "))
        .trimmed();
}

// What `program` printed, or nothing when it could not run or failed.
inline QString run(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return QString();
    return QString::fromUtf8(process.readAllStandardOutput());
}

inline QString pdfText(const QString &path)
{
    return flat(run(QStringLiteral("pdftotext"), {path, QStringLiteral("-")}));
}
