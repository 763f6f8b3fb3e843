#include "admission.h"

#include "devicepath.h"
#include "safetypolicy.h"

#include <QFileInfo>
#include <sys/stat.h>
#include <sys/sysmacros.h>

namespace trimscope {

namespace {

Expected<BlockDevice> allowed(Expected<BlockDevice> probed, const AdmissionRules &rules)
{
    if (!probed)
        return probed;
    SafetyOptions options;
    options.requireDiscard = rules.requireDiscard;
    options.allowSiblingsOfSystemDisk = rules.allowSiblingsOfSystemDisk;
    options.allowOpenWriters = rules.allowOpenWriters;
    if (const SafetyVerdict verdict = evaluateSafety(*probed, options); !verdict.allowed())
        return verdict.firstError();
    if (rules.approved.isSet())
        if (const Error other = checkSameMedium(rules.approved, identityOf(*probed), probed->path);
            other.isError())
            return other;
    return probed;
}

// A device someone else opened for us: asked by its path where the node exists here, else (a
// Flatpak sandbox has no device nodes, only the fd udisks2 lent) by the fd's device number.
Expected<BlockDevice> examineHeld(int fd, const QString &path, const AdmissionRules &rules,
                                  const DeviceProbe &probe)
{
    if (QFileInfo::exists(path))
        return examineForWriting(path, rules, probe);
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISBLK(st.st_mode))
        return Error{ErrorCode::NotABlockDevice,
                     QStringLiteral("the descriptor lent for %1 is not a block device").arg(path)};
    return allowed(probe.probeNumber(major(st.st_rdev), minor(st.st_rdev)), rules);
}

} // namespace

Expected<BlockDevice> examineForWriting(const QString &path, const AdmissionRules &rules,
                                        const DeviceProbe &probe)
{
    const Expected<QString> node = resolveDevicePath(path);
    if (!node)
        return node.error();
    return allowed(probe.probePath(*node), rules);
}

Expected<BlockDevice> examineNameForWriting(const QString &name, const AdmissionRules &rules,
                                            const DeviceProbe &probe)
{
    return allowed(probe.probeName(name), rules);
}

Expected<AdmittedDevice> admitForWriting(const QString &path, const AdmissionRules &rules,
                                         const DeviceProbe &probe)
{
    Expected<BlockDevice> device = examineForWriting(path, rules, probe);
    if (!device)
        return device.error();
    Expected<UniqueFd> fd = openExclusiveForWriting(*device);
    if (!fd)
        return fd.error();
    AdmittedDevice admitted{std::move(device).value(), UniqueFd(), rules};
    if (rules.keepOpen)
        admitted.fd = std::move(fd).value();
    return admitted;
}

Expected<AdmittedDevice> admitOpenedForWriting(UniqueFd fd, const QString &path,
                                               const AdmissionRules &rules,
                                               const DeviceProbe &probe)
{
    Expected<BlockDevice> device = examineHeld(fd.get(), path, rules, probe);
    if (!device)
        return device.error();
    if (const Error error = verifyOpenedDevice(fd.get(), *device); error.isError())
        return error;
    AdmissionRules kept = rules;
    kept.keepOpen = true;
    return AdmittedDevice{std::move(device).value(), std::move(fd), kept};
}

Error readmit(const AdmittedDevice &admitted, const DeviceProbe &probe)
{
    if (admitted.fd.isValid()) {
        const Expected<BlockDevice> device =
            examineHeld(admitted.fd.get(), admitted.device.path, admitted.rules, probe);
        if (!device)
            return device.error();
        return verifyOpenedDevice(admitted.fd.get(), *device);
    }
    AdmissionRules rules = admitted.rules;
    rules.approved = identityOf(admitted.device);
    const Expected<AdmittedDevice> again = admitForWriting(admitted.device.path, rules, probe);
    return again ? Error() : again.error();
}

} // namespace trimscope
