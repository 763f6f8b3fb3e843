#include "alertdelivery.h"

#include <QCoreApplication>
#include <QDBusMessage>
#include <QDBusReply>
#include <QEventLoop>
#include <QProcess>
#include <QTimer>
#include <QVariantMap>

namespace trimscope {

namespace {
struct AlertDeliveryText
{
    Q_DECLARE_TR_FUNCTIONS(AlertDelivery)
};

const QString kService = QStringLiteral("org.freedesktop.Notifications");
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");

// Receives ActionInvoked(id, action) from the notification server.
class ActionWaiter : public QObject
{
    Q_OBJECT
public:
    QList<quint32> ids;
    bool chosen = false;
    QEventLoop loop;

public slots:
    void actionInvoked(uint id, const QString &action)
    {
        if (ids.contains(id) && action == QLatin1String("open")) {
            chosen = true;
            loop.quit();
        }
    }
};
} // namespace

Expected<quint32> notifyDesktop(const AlertMessage &message, bool offerOpen, QDBusConnection bus)
{
    if (!bus.isConnected())
        return makeError(ErrorCode::Unsupported,
                         AlertDeliveryText::tr("no session bus: the desktop notification for "
                                               "\"%1\" was not shown")
                             .arg(message.text.summary));
    QDBusMessage call =
        QDBusMessage::createMethodCall(kService, kPath, kService, QStringLiteral("Notify"));
    // Critical urgency for what may lose data; normal for the rest.
    const bool critical = message.alert.rule == history::AlertRule::SmartFailing ||
                          message.alert.rule == history::AlertRule::CriticalWarning ||
                          message.alert.rule == history::AlertRule::SpareLow;
    const QVariantMap hints{
        {QStringLiteral("urgency"), QVariant::fromValue(uchar(critical ? 2 : 1))},
        {QStringLiteral("desktop-entry"), QStringLiteral("io.github.trimscope.TrimScope")},
        {QStringLiteral("category"), QStringLiteral("device")}};
    const QStringList actions =
        offerOpen ? QStringList{QStringLiteral("open"), AlertDeliveryText::tr("Open TrimScope")}
                  : QStringList{};
    call << QStringLiteral("TrimScope") << uint(0) << QStringLiteral("drive-harddisk")
         << message.text.summary << message.text.body << actions << hints << int(-1);
    const QDBusReply<uint> reply = bus.call(call, QDBus::Block, 5000);
    if (!reply.isValid())
        return makeError(ErrorCode::Unsupported,
                         AlertDeliveryText::tr("the desktop's notification service did not take "
                                               "\"%1\": %2")
                             .arg(message.text.summary, reply.error().message()));
    return quint32(reply.value());
}

bool openOnAction(const QList<quint32> &ids, const QString &drivePath, double seconds,
                  const QString &program, QDBusConnection bus)
{
    if (ids.isEmpty() || seconds <= 0 || !bus.isConnected())
        return false;
    ActionWaiter waiter;
    waiter.ids = ids;
    bus.connect(kService, kPath, kService, QStringLiteral("ActionInvoked"), &waiter,
                SLOT(actionInvoked(uint, QString)));
    QTimer::singleShot(int(seconds * 1000), &waiter.loop, &QEventLoop::quit);
    waiter.loop.exec();
    if (waiter.chosen)
        QProcess::startDetached(program, {drivePath});
    return waiter.chosen;
}

} // namespace trimscope

#include "alertdelivery.moc"
