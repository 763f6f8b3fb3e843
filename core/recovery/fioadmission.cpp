#include "fioadmission.h"

#include "fioprocess.h"

#include <QCoreApplication>

namespace trimscope::recovery {

namespace {
struct FioText
{
    Q_DECLARE_TR_FUNCTIONS(FioText)
};
} // namespace

Expected<FioAdmission> admitForFio(const QString &path, const AdmissionRules &rules,
                                const DeviceProbe &probe, const QString &fioProgram)
{
    Expected<AdmittedDevice> admitted = admitForWriting(path, rules, probe);
    if (!admitted)
        return admitted.error();
    const QString program = fioProgram.isEmpty() ? findFioProgram() : fioProgram;
    if (program.isEmpty())
        return makeError(ErrorCode::Unsupported,
                         FioText::tr("fio is not installed (Debian package 'fio')"));
    return FioAdmission{std::move(admitted).value(), program};
}

} // namespace trimscope::recovery
