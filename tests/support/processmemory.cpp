#include "processmemory.h"

#include <QFile>

namespace trimscope::test {

// Where `needle` is in the readable memory of process `pid`: "ADDRESS (MAPPING)" per place.
QStringList findInProcessMemory(qint64 pid, const QByteArray &needle)
{
    QFile maps(QStringLiteral("/proc/%1/maps").arg(pid));
    QFile mem(QStringLiteral("/proc/%1/mem").arg(pid));
    if (!maps.open(QIODevice::ReadOnly) || !mem.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return {QStringLiteral("cannot read the memory of process %1").arg(pid)};
    QStringList found;
    const QList<QByteArray> lines = maps.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() < 5 || !fields.at(1).startsWith('r'))
            continue;
        const QByteArray mapping = fields.value(5);
        if (mapping == "[vvar]" || mapping == "[vsyscall]")
            continue;
        const QList<QByteArray> range = fields.at(0).split('-');
        const qint64 start = range.value(0).toLongLong(nullptr, 16);
        const qint64 end = range.value(1).toLongLong(nullptr, 16);
        if (!mem.seek(start))
            continue;
        const QByteArray bytes = mem.read(end - start);
        for (qsizetype at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1))
            found << QStringLiteral("0x%1 (%2)")
                         .arg(start + at, 0, 16)
                         .arg(mapping.isEmpty() ? QStringLiteral("anonymous")
                                                : QString::fromUtf8(mapping));
    }
    return found;
}

} // namespace trimscope::test
