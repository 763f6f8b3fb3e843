#pragma once

#include <QByteArray>

namespace trimscope {

// Overwrites the bytes of `secret` where they are, so that no copy sharing them (QByteArray is
// implicitly shared) keeps a passphrase in freed memory, and empties it. Copies that were
// detached before (a D-Bus message's own buffer) are out of reach.
void wipeSecret(QByteArray &secret);

// A passphrase on its way, wiped (wipeSecret) when it goes: held through a shared pointer by
// whatever may still need it (a step and its undo, a call waiting for polkit), it is wiped when
// the last of them ends, on every path.
class Secret
{
public:
    explicit Secret(QByteArray bytes) : m_bytes(std::move(bytes)) {}
    ~Secret() { wipeSecret(m_bytes); }
    Secret(const Secret &) = delete;
    Secret &operator=(const Secret &) = delete;

    const QByteArray &bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
};

} // namespace trimscope
