#include "unattendedhealth.h"

#include <unistd.h>

namespace trimscope {

bool readsDriveHealthItself()
{
    // SMART and NVMe admin commands need root; udisksd's reading needs nothing.
    return ::geteuid() == 0;
}

} // namespace trimscope
