#pragma once

#include <QByteArray>
#include <QStringList>

namespace trimscope::test {

// Where `needle` is in the readable memory of process `pid` (every mapping of /proc/PID/maps,
// read through /proc/PID/mem; root reads any process): "0xADDRESS (MAPPING)" per place,
// "anonymous" for the heap's and the threads' unnamed mappings. For secrets that must be gone.
QStringList findInProcessMemory(qint64 pid, const QByteArray &needle);

} // namespace trimscope::test
