#pragma once

#include <QString>
#include <QtGlobal>
#include <memory>

class QTemporaryDir;

namespace trimscope::test {

// One loop device node whose medium is swapped, as a USB stick unplugged and another plugged in
// comes back as the same sdX and the same major:minor: two files in /dev/shm full of data, the
// first attached; swap() detaches it and attaches the second at the same node (the kernel gives
// it a new disk sequence). A discard punches holes in the attached file, so allocatedBytes()
// tells whether either medium lost data. Needs root and losetup (PlainLoop::unavailableReason).
// The device is not held open (a held one would not detach), so a killed test may leave it
// attached: stop() (also the destructor) detaches it.
class SwappableLoop
{
public:
    SwappableLoop();
    ~SwappableLoop();
    SwappableLoop(const SwappableLoop &) = delete;
    SwappableLoop &operator=(const SwappableLoop &) = delete;

    // World-readable directory: a helper or polkitd running as another user may signal there.
    bool start(quint64 firstBytes, quint64 secondBytes);
    bool swap();
    void stop();

    QString errorString() const { return m_error; }
    QString devicePath() const { return m_device; }
    QString directory() const; // where the two files are, writable by everyone
    // Bytes the file of medium 0 (first) or 1 (second) still holds (st_blocks x 512).
    qint64 allocatedBytes(int medium) const;

private:
    bool fail(const QString &message);
    QString image(int medium) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_device;
    QString m_error;
};

} // namespace trimscope::test
