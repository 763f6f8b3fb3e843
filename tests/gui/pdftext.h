#pragma once

#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

// Reading a written report back as a reader's tools do (poppler-utils' pdftotext, pdfinfo).

// Whitespace as one space, and no hyphens: the page wraps lines wherever it likes, and pdftotext
// joins "Benchmark-" at a line's end and "Lauf" into "BenchmarkLauf". Unicode's whitespace: the
// no-break space between a number and its unit (units.cpp) is a space to a reader.
inline QString flat(QString text)
{
    static const QRegularExpression space(QStringLiteral("\\s+"),
                                          QRegularExpression::UseUnicodePropertiesOption);
    return text.remove(QLatin1Char('-')).replace(space, QStringLiteral(" ")).trimmed();
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
