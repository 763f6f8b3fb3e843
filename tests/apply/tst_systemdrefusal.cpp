// systemd's refusals in words, with the answers of a real polkitd: systemd answers AccessDenied
// alike for a rule's "no", a dismissed prompt and a password not accepted (it reads only
// is_authorized and is_challenge), and the apply code said "polkit denies it to this user" for
// all three. Now it asks polkit again, without a prompt, whether a password would do for the
// action systemd checked. A private system bus with the distribution's polkitd and systemd's own
// actions; applyprobe as nobody gets systemd's error (systemd itself runs as process 1 in
// tst_applysystemd only: booting it takes a container) and says it as the apply code does.
#include "privatesystembus.h"
#include "privileged.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope::test;

namespace {

const QString kAccessDenied = QStringLiteral("org.freedesktop.DBus.Error.AccessDenied");
const QString kInteractive =
    QStringLiteral("org.freedesktop.DBus.Error.InteractiveAuthorizationRequired");
const QString kManageUnits = QStringLiteral("org.freedesktop.systemd1.manage-units");
const QString kManageUnitFiles = QStringLiteral("org.freedesktop.systemd1.manage-unit-files");
const QString kReload = QStringLiteral("org.freedesktop.systemd1.reload-daemon");
// Answered YES and NO in turn: each new rules file is seen applied when its answer flips.
const QString kMarker = QStringLiteral("org.freedesktop.systemd1.set-environment");

// `denied` answers NO for nobody, every other systemd action a password (auth_admin).
QString rulesDenying(const QString &denied, bool marker)
{
    return QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if (subject.user != "nobody")
        return polkit.Result.NOT_HANDLED;
    if (action.id == "%1")
        return polkit.Result.%2;
    if (action.id == "%3")
        return polkit.Result.NO;
    if (action.id.indexOf("org.freedesktop.systemd1.") == 0)
        return polkit.Result.AUTH_ADMIN;
});
)")
        .arg(kMarker, marker ? QStringLiteral("YES") : QStringLiteral("NO"), denied);
}

} // namespace

class tst_SystemdRefusal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void refusalSaysWhich_data();
    void refusalSaysWhich();

private:
    PrivateSystemBus m_bus;
    bool m_marker = false;
};

void tst_SystemdRefusal::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    QVERIFY2(m_bus.start({}), qPrintable(m_bus.errorString()));
}

void tst_SystemdRefusal::cleanupTestCase()
{
    m_bus.stop();
}

void tst_SystemdRefusal::refusalSaysWhich_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("error");  // systemd's
    QTest::addColumn<QString>("denied"); // the action a rule says NO to
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("words"); // what the message holds after "systemd did not …: "
    const QString policy = QStringLiteral("polkit denies %1 to this user, and no password can "
                                          "change that");
    const QString password = QStringLiteral("polkit asked for the administrator password for %1, "
                                            "and it was not given or not accepted");
    // The action systemd checks for each call: a NO for another one changes nothing.
    QTest::newRow("enable, a rule says no")
        << "EnableUnitFiles" << kAccessDenied << kManageUnitFiles << "NotAuthorizedByPolicy"
        << policy.arg(kManageUnitFiles);
    QTest::newRow("enable, a prompt dismissed or failed")
        << "EnableUnitFiles" << kAccessDenied << kManageUnits << "NotAuthorized"
        << password.arg(kManageUnitFiles);
    QTest::newRow("unmask, a rule says no")
        << "UnmaskUnitFiles" << kAccessDenied << kManageUnitFiles << "NotAuthorizedByPolicy"
        << policy.arg(kManageUnitFiles);
    QTest::newRow("start, a rule says no") << "StartUnit" << kAccessDenied << kManageUnits
                                           << "NotAuthorizedByPolicy" << policy.arg(kManageUnits);
    QTest::newRow("start, a prompt dismissed or failed")
        << "StartUnit" << kAccessDenied << kManageUnitFiles << "NotAuthorized"
        << password.arg(kManageUnits);
    QTest::newRow("reload, a rule says no")
        << "Reload" << kAccessDenied << kReload << "NotAuthorizedByPolicy" << policy.arg(kReload);
    QTest::newRow("reload, a prompt dismissed or failed")
        << "Reload" << kAccessDenied << kManageUnits << "NotAuthorized" << password.arg(kReload);
    QTest::newRow("no agent") << "EnableUnitFiles" << kInteractive << kManageUnits
                              << "NotAuthorizedNoAgent"
                              << QStringLiteral("polkit wants an administrator password for %1, "
                                                "and no authentication agent answered")
                                     .arg(kManageUnitFiles);
    QTest::newRow("no refusal") << "StartUnit"
                                << QStringLiteral("org.freedesktop.systemd1.NoSuchUnit")
                                << kManageUnits << "IoError"
                                << "Access denied";
}

void tst_SystemdRefusal::refusalSaysWhich()
{
    QFETCH(QString, method);
    QFETCH(QString, error);
    QFETCH(QString, denied);
    QFETCH(QString, words);
    m_marker = !m_marker;
    QVERIFY2(m_bus.setRules(rulesDenying(denied, m_marker), kMarker, m_marker),
             qPrintable(m_bus.errorString()));
    const PrivateSystemBus::Run run =
        m_bus.runAsNobody(QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/apply/applyprobe"),
                          {QStringLiteral("systemd-refusal"), method, error});
    const QString said = QString::fromUtf8(run.out).trimmed().section(QLatin1Char('\n'), -1);
    qInfo("%s", qPrintable(said));
    QTEST(said.section(QLatin1Char(' '), 1, 1), "code");
    const QString message = said.section(QLatin1Char(' '), 2);
    QVERIFY2(message.startsWith(QLatin1String("systemd did not enable fstrim.timer: ") + words),
             qPrintable(said + QStringLiteral(" | stderr: ") + QString::fromUtf8(run.err)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_SystemdRefusal)
#include "tst_systemdrefusal.moc"
