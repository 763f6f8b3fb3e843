#include "secret.h"

#include <string.h>

namespace trimscope {

void wipeSecret(QByteArray &secret)
{
    // constData, not data: data() would detach and wipe a fresh copy only. explicit_bzero is
    // not optimized away as a store to memory about to be freed may be.
    if (!secret.isEmpty())
        ::explicit_bzero(const_cast<char *>(secret.constData()), size_t(secret.size()));
    secret.clear();
}

} // namespace trimscope
