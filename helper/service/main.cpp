// trimscope-helper: the privileged half of TrimScope, started by D-Bus activation as root.
// Everything it does is authorized per call by polkit (authorizer.h), validated by core and
// run as a Job object; it exits when idle.

#include "authorizer.h"
#include "fsbench/privatemount.h"
#include "helperprotocol.h"
#include "helperservice.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMetaType>
#include <cstdio>

using namespace trimscope;
using namespace trimscope::helper;

namespace {

constexpr int kDefaultIdleSeconds = 60;

// TRIMSCOPE_HELPER_IDLE_SECONDS shortens the idle time for the tests.
int idleSeconds()
{
    bool ok = false;
    const int seconds = qEnvironmentVariableIntValue("TRIMSCOPE_HELPER_IDLE_SECONDS", &ok);
    return ok && seconds > 0 ? seconds : kDefaultIdleSeconds;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("trimscope-helper"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRIMSCOPE_VERSION));
    qDBusRegisterMetaType<QVariantMap>();
    qDBusRegisterMetaType<VariantMapList>();

    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected()) {
        std::fprintf(stderr, "trimscope-helper: cannot connect to the system bus: %s\n",
                     qPrintable(bus.lastError().message()));
        return 1;
    }
    // Without the bus nobody can reach us or cancel a job: leave (running jobs are cancelled
    // by their destructors).
    QObject::connect(&app, &QCoreApplication::aboutToQuit,
                     [] { std::fprintf(stderr, "trimscope-helper: exiting\n"); });
    bus.connect(QString(), QStringLiteral("/org/freedesktop/DBus/Local"),
                QStringLiteral("org.freedesktop.DBus.Local"), QStringLiteral("Disconnected"), &app,
                SLOT(quit()));

    // Mounts a crashed helper's file-system experiment left behind come off before anything
    // else runs (their mount points live in our private, root-only directory).
    const fsbench::StaleMountCleanup stale = fsbench::cleanupStaleMounts();
    for (const QString &point : stale.unmounted)
        std::fprintf(stderr, "trimscope-helper: unmounted %s, left behind by an earlier run\n",
                     qPrintable(point));
    for (const QString &failure : stale.failures)
        std::fprintf(stderr, "trimscope-helper: %s\n", qPrintable(failure));

    PolkitAuthorizer authorizer(bus);
    HelperService service(bus, authorizer, idleSeconds());
    if (QString error; !service.exportOnBus(&error)) {
        std::fprintf(stderr, "trimscope-helper: %s\n", qPrintable(error));
        return 1;
    }
    QObject::connect(&service, &HelperService::idle, &app, [&] {
        std::fprintf(stderr, "trimscope-helper: idle, exiting\n");
        // Release the name first, so an activation racing with our exit starts a new helper.
        bus.unregisterService(QString::fromLatin1(kServiceName));
        QCoreApplication::quit();
    });
    return QCoreApplication::exec();
}
