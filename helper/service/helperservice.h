#pragma once

#include "common/error.h"
#include "helperprotocol.h"

#include <QDBusConnection>
#include <QDBusContext>
#include <QDBusObjectPath>
#include <QObject>
#include <QSet>
#include <QTimer>

namespace trimscope::helper {

class Authorizer;

// io.github.trimscope.Helper1. Each method: authorize (first), validate with core, act.
class HelperService : public QObject, protected QDBusContext
{
    Q_OBJECT
    Q_PROPERTY(QString Version READ version)

public:
    HelperService(QDBusConnection connection, Authorizer &authorizer, int idleSeconds,
                  QObject *parent = nullptr);

    QString version() const { return QStringLiteral(TRIMSCOPE_VERSION); }

public Q_SLOTS:
    trimscope::VariantMapList ListDevices();
    QDBusObjectPath StartSweep(const QString &device, const QVariantMap &options);
    QDBusObjectPath StartJob(const QString &kind, const QString &device,
                             const QVariantMap &options);
    QVariantMap ReadHealth(const QString &device);

Q_SIGNALS:
    // No job ran and no method was called for the idle time.
    void idle();

private:
    void replyError(const QDBusMessage &call, const Error &error);
    void startJobAuthorized(const QDBusMessage &call, const QString &kind, const QString &device,
                            const QVariantMap &options);
    void readHealthAuthorized(const QDBusMessage &call, const QString &device);
    void touch();

    QDBusConnection m_connection;
    Authorizer &m_authorizer;
    QSet<QString> m_busyDevices;
    int m_jobs = 0;
    quint64 m_nextJobId = 1;
    QTimer m_idleTimer;
};

} // namespace trimscope::helper
