#pragma once

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>
#include <optional>

namespace trimscope::test {

// One process's /proc/PID/stat ("pid (comm) state ppid ..."), as proc(5) numbers its fields.
// The command may hold spaces and parentheses, so it ends at the last ')'.
struct ProcStat
{
    QByteArray command;       // field 2, without its parentheses
    QList<QByteArray> fields; // field 3 (state) on

    // Field `number` as proc(5) counts (3 is the state, 4 the parent); empty where there is none.
    QByteArray field(int number) const
    {
        const qsizetype index = number - 3;
        return index >= 0 && index < fields.size() ? fields.at(index) : QByteArray();
    }
};

// The stat of process `pid` (a number, or a name from a listing of /proc), or nothing when it is
// gone or the line is not one.
inline std::optional<ProcStat> readProcStat(const QString &pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray stat = file.readAll();
    const qsizetype open = stat.indexOf('(');
    const qsizetype close = stat.lastIndexOf(')');
    if (open < 0 || close < open)
        return std::nullopt;
    return ProcStat{stat.mid(open + 1, close - open - 1), stat.mid(close + 2).split(' ')};
}

inline std::optional<ProcStat> readProcStat(qint64 pid)
{
    return readProcStat(QString::number(pid));
}

} // namespace trimscope::test
