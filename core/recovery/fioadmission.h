#pragma once

#include "device/admission.h"

namespace trimscope::recovery {

// A device admitted for the jobs fio runs on it (the write tests, the stall test), and the fio
// that will run them.
struct FioAdmission
{
    AdmittedDevice admitted; // held open, exclusively, for the whole run
    QString program;         // fio's path
};

// Admits the device by `rules` (admitForWriting) and finds fio: `fioProgram`, or
// findFioProgram() when empty. Nothing is written. fio missing: Unsupported.
Expected<FioAdmission> admitForFio(const QString &path, const AdmissionRules &rules,
                                const DeviceProbe &probe, const QString &fioProgram);

} // namespace trimscope::recovery
