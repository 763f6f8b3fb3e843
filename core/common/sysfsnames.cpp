#include "sysfsnames.h"

namespace trimscope {

namespace {

bool isAsciiDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

// The number of ASCII digits at s[from...].
qsizetype digitsAt(QStringView s, qsizetype from)
{
    qsizetype n = 0;
    while (from + n < s.size() && isAsciiDigit(s[from + n]))
        ++n;
    return n;
}

// Skips one or more digits at s[i...]: false where there is none.
bool skipDigits(QStringView s, qsizetype &i)
{
    const qsizetype n = digitsAt(s, i);
    i += n;
    return n > 0;
}

} // namespace

bool isPciAddress(QStringView name)
{
    constexpr char kShape[] = "xxxx:xx:xx.x";
    if (name.size() != qsizetype(sizeof kShape) - 1)
        return false;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name[i];
        const bool fits = kShape[i] == 'x'
                              ? isAsciiDigit(c) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))
                              : c == QLatin1Char(kShape[i]);
        if (!fits)
            return false;
    }
    return true;
}

bool isNvmeNamespaceContainer(QStringView name)
{
    if (!name.startsWith(u"nvme"))
        return false;
    QStringView rest = name.mid(4);
    if (rest.startsWith(u"-subsys"))
        rest = rest.mid(7);
    return !rest.isEmpty() && digitsAt(rest, 0) == rest.size();
}

bool isNvmeNamespace(QStringView name)
{
    if (!name.startsWith(u"nvme"))
        return false;
    qsizetype i = 4;
    if (!skipDigits(name, i))
        return false;
    if (i < name.size() && name[i] == QLatin1Char('c')) {
        ++i;
        if (!skipDigits(name, i))
            return false;
    }
    if (i >= name.size() || name[i] != QLatin1Char('n'))
        return false;
    ++i;
    return skipDigits(name, i) && i == name.size();
}

bool isUnderVirtioDevice(QStringView sysfsPath)
{
    constexpr QStringView kVirtio = u"/virtio";
    for (qsizetype at = sysfsPath.indexOf(kVirtio); at >= 0;
         at = sysfsPath.indexOf(kVirtio, at + 1)) {
        const qsizetype digits = digitsAt(sysfsPath, at + kVirtio.size());
        const qsizetype after = at + kVirtio.size() + digits;
        if (digits > 0 && after < sysfsPath.size() && sysfsPath[after] == QLatin1Char('/'))
            return true;
    }
    return false;
}

bool isAnonymousDeviceNumber(QStringView majorMinor)
{
    return majorMinor.startsWith(u"0:");
}

} // namespace trimscope
