#pragma once

#include <QByteArray>
#include <QString>

// What the tests that mount a filesystem on a loop device ask of it afterwards: its mount as the
// kernel shows it now, and the UUID an fstab line names it by.
namespace trimscope::test {

// The line of /proc/thread-self/mountinfo (the calling thread's mount namespace) for `mountPoint`;
// empty when nothing is mounted there.
QByteArray mountInfoLine(const QString &mountPoint);
bool isMounted(const QString &mountPoint);
// Whether the filesystem at `mountPoint` is mounted with online discard now (the option as a
// whole word, in the mount's or the filesystem's options).
bool mountedWithDiscard(const QString &mountPoint);
// syncfs(2) of the filesystem `path` lies on, alone: what a test needs before it deletes or counts
// discards. sync(1) also waits for every other filesystem's dirty data, which builds beside the
// test keep writing (ext4 wrote 8 files in 0.7 s, a plain sync then took 32 s at load 20).
// Whether it worked.
bool syncFilesystem(const QString &path);
// blkid's value of `tag` ("UUID") for `device`; empty when it has none or blkid fails.
QString blkidValue(const QString &device, const QString &tag = QStringLiteral("UUID"));

} // namespace trimscope::test
