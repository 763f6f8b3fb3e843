// Issue 44: "record at login" (LoginRecording). Inside the Flatpak the app asks the Background
// portal; here that is the real xdg-desktop-portal (Debian's, portal/prepare-portal.sh) on a
// private session bus, with a stand-in for the desktop's backend behind it (GNOME's and KDE's need
// a whole desktop): the portal must pass the collector's command line on to the desktop, and the
// app must read the portal's Response, granted or not. Outside a sandbox the app writes the XDG
// autostart entry itself, checked here in a temporary config folder.
#include "loginrecording.h"
#include "testmain.h"

#include <QDBusConnectionInterface>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope::gui;

namespace {
const QString kPortalDir = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/gui/portal");
const QStringList kCollector{QStringLiteral("trimscope-history-record"),
                             QStringLiteral("--notify")};

// The portal's frontend and its stand-in desktop on a private session bus, stopped in the end.
struct PortalBus
{
    QTemporaryDir dir;
    QString address;
    qint64 busPid = 0;
    QProcess backend;
    QProcess portal;

    ~PortalBus()
    {
        for (QProcess *p : {&portal, &backend}) {
            p->kill(); // ours: started in start()
            p->waitForFinished(3000);
        }
        if (busPid > 0)
            QProcess::execute(QStringLiteral("kill"), {QString::number(busPid)}); // ours
    }
    QString callsPath() const { return dir.filePath(QStringLiteral("calls.jsonl")); }
    QList<QJsonObject> calls(const QString &method) const
    {
        QFile f(callsPath());
        QList<QJsonObject> out;
        if (!f.open(QIODevice::ReadOnly))
            return out;
        for (const QByteArray &line : f.readAll().split('\n')) {
            const QJsonObject call = QJsonDocument::fromJson(line).object();
            if (call.value(QStringLiteral("method")).toString() == method)
                out.append(call);
        }
        return out;
    }
    // Empty when running, else why not.
    QString start(bool allow)
    {
        QProcess prepare;
        prepare.start(kPortalDir + QStringLiteral("/prepare-portal.sh"),
                      {QStringLiteral(TRIMSCOPE_BINARY_DIR "/portal-cache")});
        if (!prepare.waitForFinished(300000) || prepare.exitCode() != 0)
            return QString::fromUtf8(prepare.readAllStandardError()).trimmed();
        QMap<QString, QString> found;
        for (const QString &line : QString::fromUtf8(prepare.readAllStandardOutput()).split('\n'))
            found.insert(line.section(QLatin1Char('='), 0, 0), line.section(QLatin1Char('='), 1));

        QProcess bus;
        bus.start(QStringLiteral("dbus-daemon"),
                  {QStringLiteral("--session"), QStringLiteral("--fork"),
                   QStringLiteral("--print-address=1"), QStringLiteral("--print-pid=1")});
        if (!bus.waitForFinished(10000) || bus.exitCode() != 0)
            return QStringLiteral("dbus-daemon did not start");
        const QStringList lines = QString::fromUtf8(bus.readAllStandardOutput()).split('\n');
        address = lines.value(0).trimmed();
        busPid = lines.value(1).trimmed().toLongLong();

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), address);
        env.insert(QStringLiteral("CALLS"), callsPath());
        env.insert(QStringLiteral("ALLOW"), allow ? QStringLiteral("1") : QStringLiteral("0"));
        backend.setProcessEnvironment(env);
        backend.start(QStringLiteral("/usr/bin/python3"),
                      {kPortalDir + QStringLiteral("/desktop-backend.py")});
        if (!backend.waitForReadyRead(20000))
            return QStringLiteral("the stand-in desktop backend did not start: %1")
                .arg(QString::fromUtf8(backend.readAllStandardError()));
        env.insert(QStringLiteral("XDG_CURRENT_DESKTOP"), QStringLiteral("trimscopetest"));
        env.insert(QStringLiteral("XDG_DESKTOP_PORTAL_DIR"), kPortalDir);
        if (!found.value(QStringLiteral("LIBS")).isEmpty())
            env.insert(QStringLiteral("LD_LIBRARY_PATH"), found.value(QStringLiteral("LIBS")));
        portal.setProcessEnvironment(env);
        portal.setProcessChannelMode(QProcess::MergedChannels);
        portal.start(found.value(QStringLiteral("PORTAL")), {QStringLiteral("--verbose")});
        // Ready once it owns its name on the bus.
        QDBusConnection connection = QDBusConnection::connectToBus(address, QStringLiteral("wait"));
        const bool ready = QTest::qWaitFor(
            [&] {
                return connection.interface()
                    ->isServiceRegistered(QStringLiteral("org.freedesktop.portal.Desktop"))
                    .value();
            },
            30000);
        QDBusConnection::disconnectFromBus(QStringLiteral("wait"));
        return ready ? QString()
                     : QStringLiteral("xdg-desktop-portal did not start: %1")
                           .arg(QString::fromUtf8(portal.readAll()).right(2000));
    }
};
} // namespace

class tst_LoginRecording : public QObject
{
    Q_OBJECT

    QTemporaryDir m_config; // XDG_CONFIG_HOME: the settings and the autostart folder

private slots:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
    }
    void throughThePortal_data();
    void throughThePortal();
    void autostartFileOutsideASandbox();
};

void tst_LoginRecording::throughThePortal_data()
{
    QTest::addColumn<bool>("turnOn");
    QTest::addColumn<bool>("desktopAllows");
    QTest::addColumn<bool>("expectEnabled");
    QTest::addColumn<bool>("expectError");
    QTest::newRow("turned on, the desktop adds it") << true << true << true << false;
    QTest::newRow("turned on, the desktop refuses") << true << false << false << true;
    QTest::newRow("turned off") << false << true << false << false;
}

void tst_LoginRecording::throughThePortal()
{
    QFETCH(bool, turnOn);
    QFETCH(bool, desktopAllows);
    QFETCH(bool, expectEnabled);
    QFETCH(bool, expectError);
    PortalBus bus;
    QVERIFY(bus.dir.isValid());
    if (const QString why = bus.start(desktopAllows); !why.isEmpty())
        QSKIP(qPrintable(why));
    const QString name = QStringLiteral("app");
    {
        LoginRecording login(LoginRecording::Route::Portal,
                             QDBusConnection::connectToBus(bus.address, name));
        QSignalSpy finished(&login, &LoginRecording::finished);
        login.setEnabled(turnOn);
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).toBool(), expectEnabled);
        QCOMPARE(!finished.first().at(1).toString().isEmpty(), expectError);
    }
    QDBusConnection::disconnectFromBus(name);
    // What the desktop was asked by the portal: the app (no sandbox: no app id) started at login,
    // or not, with exactly the collector's command line.
    const QList<QJsonObject> asked = bus.calls(QStringLiteral("EnableAutostart"));
    QCOMPARE(asked.size(), 1);
    const QJsonArray args = asked.first().value(QStringLiteral("args")).toArray();
    QCOMPARE(args.at(1).toBool(), turnOn);
    QStringList commandLine;
    for (const QJsonValue &v : args.at(2).toArray())
        commandLine.append(v.toString());
    QCOMPARE(commandLine, kCollector);
}

void tst_LoginRecording::autostartFileOutsideASandbox()
{
    LoginRecording login(LoginRecording::Route::AutostartFile);
    QSignalSpy finished(&login, &LoginRecording::finished);
    QVERIFY(!login.isEnabled());

    login.setEnabled(true);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.takeFirst(), (QVariantList{true, QString()}));
    QVERIFY(login.isEnabled());
    QVERIFY(LoginRecording::autostartPath().startsWith(m_config.path()));
    QFile entry(LoginRecording::autostartPath());
    QVERIFY(entry.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(entry.readAll());
    QVERIFY2(text.startsWith(QLatin1String("[Desktop Entry]\nType=Application\n")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("trimscope-history-record --notify\n")),
             qPrintable(text));
    // desktop-file-validate, where installed, agrees that it is a valid entry.
    if (const QString validate =
            QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
        !validate.isEmpty()) {
        QProcess check;
        check.start(validate, {LoginRecording::autostartPath()});
        QVERIFY(check.waitForFinished(10000));
        QVERIFY2(check.exitCode() == 0, check.readAllStandardOutput().constData());
    }

    login.setEnabled(false);
    QCOMPARE(finished.takeFirst(), (QVariantList{false, QString()}));
    QVERIFY(!login.isEnabled());
    QVERIFY(!QFile::exists(LoginRecording::autostartPath()));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_LoginRecording)
#include "tst_loginrecording.moc"
