#include "systemdunits.h"

#include "polkitcheck.h"
#include "refusalwords.h"

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

// What systemd's D-Bus error `name` says polkit answered, as udisksRefusal says it for udisks2.
// systemd reads only polkit's is_authorized and is_challenge: InteractiveAuthorizationRequired (a
// password would do, and no authentication agent answered) is NotAuthorizedNoAgent; AccessDenied
// covers a policy's "no", a dismissed prompt and a failed authentication alike:
// NotAuthorizedByPolicy when not `passwordWouldDo`, the plain NotAuthorized otherwise (systemd
// does not say which of the other two) and when unknown; None for an error that is no refusal.
ErrorCode systemdRefusal(const QString &name, std::optional<bool> passwordWouldDo = std::nullopt)
{
    if (name == QLatin1String("org.freedesktop.DBus.Error.InteractiveAuthorizationRequired"))
        return ErrorCode::NotAuthorizedNoAgent;
    if (name != QLatin1String("org.freedesktop.DBus.Error.AccessDenied"))
        return ErrorCode::None;
    return passwordWouldDo.has_value() && !*passwordWouldDo ? ErrorCode::NotAuthorizedByPolicy
                                                            : ErrorCode::NotAuthorized;
}

// The polkit action systemd checks for `method` of its Manager (dbus-manager.c, dbus-unit.c).
QString polkitActionOf(const QString &method)
{
    if (method == QLatin1String("Reload"))
        return QStringLiteral("org.freedesktop.systemd1.reload-daemon");
    if (method == QLatin1String("StartUnit") || method == QLatin1String("StopUnit"))
        return QStringLiteral("org.freedesktop.systemd1.manage-units");
    return QStringLiteral("org.freedesktop.systemd1.manage-unit-files"); // *UnitFiles
}

Error callManager(const QDBusConnection &bus, const QString &method, const QVariantList &arguments,
                  const QString &what)
{
    QDBusMessage call =
        QDBusMessage::createMethodCall(kSystemdService, kSystemdPath, kManager, method);
    call.setArguments(arguments);
    call.setInteractiveAuthorizationAllowed(true);
    const QDBusMessage reply = bus.call(call, QDBus::Block, kSystemdCallTimeoutMs);
    return reply.type() == QDBusMessage::ErrorMessage
               ? systemdErrorInWords(bus, reply, method, what)
               : Error();
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

Error systemdErrorInWords(const QDBusConnection &bus, const QDBusMessage &reply,
                          const QString &method, const QString &what)
{
    const QString action = polkitActionOf(method);
    // Blocking is fine here: an apply runs on the GUI's worker thread (ApplyJob) or in the CLI.
    const std::optional<bool> passwordWouldDo =
        helper::passwordWouldHaveDone(bus, systemdRefusal(reply.errorName()), action);
    const ErrorCode refusal = systemdRefusal(reply.errorName(), passwordWouldDo);
    if (refusal == ErrorCode::None)
        return makeError(ErrorCode::IoError,
                         SystemdUnitsText::tr("%1: %2").arg(what, reply.errorMessage()));
    // systemd tells a dismissed prompt from a failed password no more than from a rule's "no";
    // polkit, asked again, tells the rule apart.
    if (refusal == ErrorCode::NotAuthorized && passwordWouldDo.value_or(false))
        return makeError(refusal,
                         SystemdUnitsText::tr("%1: polkit asked for the administrator password "
                                              "for %2, and it was not given or not accepted. "
                                              "Nothing was changed.")
                             .arg(what, action));
    return polkitRefusalInWords(refusal, what, action);
}

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
