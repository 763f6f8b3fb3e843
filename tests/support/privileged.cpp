#include "privileged.h"

namespace trimscope::test {

bool privilegedTestsRequired()
{
    return qEnvironmentVariable("TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS") == QLatin1String("1");
}

QString unavailableMessage(const QString &reason)
{
    if (privilegedTestsRequired())
        return QStringLiteral("privileged test required (TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS=1) "
                              "but unavailable: %1")
            .arg(reason);
    return QStringLiteral("privileged test unavailable: %1").arg(reason);
}

} // namespace trimscope::test
