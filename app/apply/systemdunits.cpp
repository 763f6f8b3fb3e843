#include "systemdunits.h"

#include <QCoreApplication>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusObjectPath>
#include <QDBusReply>
#include <QDBusVariant>
#include <QDeadlineTimer>
#include <QThread>

namespace trimscope::apply {

namespace {

struct SystemdUnitsText
{
    Q_DECLARE_TR_FUNCTIONS(SystemdUnits)
};

const QString kSystemdService = QStringLiteral("org.freedesktop.systemd1");
const QString kSystemdPath = QStringLiteral("/org/freedesktop/systemd1");
const QString kManager = QStringLiteral("org.freedesktop.systemd1.Manager");
// polkit may ask for a password: wait as long as a person might take.
constexpr int kSystemdCallTimeoutMs = 5 * 60 * 1000;
constexpr int kSettleMs = 10000;

// `what`: "systemd did not enable fstrim.timer", a whole clause (translations need one).
Error inWords(const QDBusMessage &reply, const QString &what)
{
    const QString name = reply.errorName();
    if (name == QLatin1String("org.freedesktop.DBus.Error.InteractiveAuthorizationRequired"))
        // What to do is said where every refusal without an agent is worded (errorInWords,
        // printError).
        return makeError(ErrorCode::NotAuthorizedNoAgent,
                         SystemdUnitsText::tr("%1: polkit wants an administrator password, and no "
                                              "authentication agent answered.")
                             .arg(what));
    if (name == QLatin1String("org.freedesktop.DBus.Error.AccessDenied"))
        return makeError(ErrorCode::NotAuthorized,
                         SystemdUnitsText::tr("%1: polkit denies it to this user.").arg(what));
    return makeError(ErrorCode::IoError,
                     SystemdUnitsText::tr("%1: %2").arg(what, reply.errorMessage()));
}

Error callManager(const QDBusConnection &bus, const QString &method, const QVariantList &arguments,
                  const QString &what)
{
    QDBusMessage call =
        QDBusMessage::createMethodCall(kSystemdService, kSystemdPath, kManager, method);
    call.setArguments(arguments);
    call.setInteractiveAuthorizationAllowed(true);
    const QDBusMessage reply = bus.call(call, QDBus::Block, kSystemdCallTimeoutMs);
    return reply.type() == QDBusMessage::ErrorMessage ? inWords(reply, what) : Error();
}

QVariant unitProperty(const QDBusConnection &bus, const QString &unit, const QString &name)
{
    QDBusMessage getUnit = QDBusMessage::createMethodCall(kSystemdService, kSystemdPath, kManager,
                                                          QStringLiteral("GetUnit"));
    getUnit << unit;
    const QDBusReply<QDBusObjectPath> path = bus.call(getUnit);
    if (!path.isValid())
        return {}; // not loaded: nothing runs it
    QDBusMessage get = QDBusMessage::createMethodCall(
        kSystemdService, path.value().path(), QStringLiteral("org.freedesktop.DBus.Properties"),
        QStringLiteral("Get"));
    get << QStringLiteral("org.freedesktop.systemd1.Unit") << name;
    const QDBusReply<QDBusVariant> value = bus.call(get);
    return value.isValid() ? value.value().variant() : QVariant();
}

QString activeState(const QDBusConnection &bus, const QString &unit)
{
    const QVariant state = unitProperty(bus, unit, QStringLiteral("ActiveState"));
    return state.isValid() ? state.toString() : QStringLiteral("inactive");
}

// systemd checked the unit's conditions and one does not hold: it stays inactive, no error.
// util-linux's fstrim.timer says ConditionVirtualization=!container (the host trims).
bool conditionFailed(const QDBusConnection &bus, const QString &unit)
{
    return unitProperty(bus, unit, QStringLiteral("ConditionTimestampMonotonic")).toULongLong() >
               0 &&
           !unitProperty(bus, unit, QStringLiteral("ConditionResult")).toBool();
}

Error settle(const QDBusConnection &bus, const QString &unit, const QString &wanted)
{
    const QDeadlineTimer deadline(kSettleMs);
    QString state;
    while ((state = activeState(bus, unit)) != wanted) {
        if (wanted == QLatin1String("active") && conditionFailed(bus, unit))
            return makeError(
                ErrorCode::Unsupported,
                SystemdUnitsText::tr("systemd did not start %1: its conditions do not hold on "
                                     "this system (fstrim.timer, for one, does not run in a "
                                     "container: the host trims its disks).")
                    .arg(unit));
        if (deadline.hasExpired())
            return makeError(ErrorCode::IoError,
                             SystemdUnitsText::tr("%1 is %2, not %3, after systemd was asked.")
                                 .arg(unit, state, wanted));
        QThread::msleep(50);
    }
    return {};
}

} // namespace

bool systemdAvailable(const QDBusConnection &bus)
{
    return bus.isConnected() && bus.interface()->isServiceRegistered(kSystemdService).value();
}

Error changeUnit(const QDBusConnection &bus, const UnitChange &change)
{
    if (!systemdAvailable(bus))
        return makeError(
            ErrorCode::Unsupported,
            SystemdUnitsText::tr("systemd is not running here (it is not process 1), so %1 "
                                 "cannot be enabled.")
                .arg(change.unit));
    const QStringList files{change.unit};
    const QString replace = QStringLiteral("replace");
    const QString reload = SystemdUnitsText::tr("systemd did not reload its configuration");
    if (change.enable) {
        // One step: what it did before a later call failed is taken back, as far as systemd lets.
        bool unmasked = false;
        bool enabled = false;
        Error error;
        if (change.unmask) {
            error = callManager(bus, QStringLiteral("UnmaskUnitFiles"), {files, false},
                                SystemdUnitsText::tr("systemd did not unmask %1").arg(change.unit));
            unmasked = !error.isError();
        }
        if (!error.isError()) {
            error = callManager(bus, QStringLiteral("EnableUnitFiles"), {files, false, false},
                                SystemdUnitsText::tr("systemd did not enable %1").arg(change.unit));
            enabled = !error.isError();
        }
        if (!error.isError())
            error = callManager(bus, QStringLiteral("Reload"), {}, reload);
        if (!error.isError())
            error = callManager(bus, QStringLiteral("StartUnit"), {change.unit, replace},
                                SystemdUnitsText::tr("systemd did not start %1").arg(change.unit));
        if (!error.isError())
            error = settle(bus, change.unit, QStringLiteral("active"));
        if (error.isError() && (enabled || unmasked)) {
            if (enabled)
                callManager(bus, QStringLiteral("DisableUnitFiles"), {files, false}, {});
            if (unmasked)
                callManager(bus, QStringLiteral("MaskUnitFiles"), {files, false, false}, {});
            callManager(bus, QStringLiteral("Reload"), {}, {});
        }
        return error;
    }
    Error error = callManager(bus, QStringLiteral("StopUnit"), {change.unit, replace},
                              SystemdUnitsText::tr("systemd did not stop %1").arg(change.unit));
    if (!error.isError())
        error = callManager(bus, QStringLiteral("DisableUnitFiles"), {files, false},
                            SystemdUnitsText::tr("systemd did not disable %1").arg(change.unit));
    if (!error.isError() && change.mask)
        error = callManager(bus, QStringLiteral("MaskUnitFiles"), {files, false, false},
                            SystemdUnitsText::tr("systemd did not mask %1").arg(change.unit));
    if (!error.isError())
        error = callManager(bus, QStringLiteral("Reload"), {}, reload);
    return error.isError() ? error : settle(bus, change.unit, QStringLiteral("inactive"));
}

} // namespace trimscope::apply
