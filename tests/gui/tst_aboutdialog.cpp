// Help → About TrimScope: the dialog names the version and the licence from trimscope_config.h.
#include "testmain.h"
#include "trimscope_config.h"
#include "widgets/aboutdialog.h"

#include <QLabel>
#include <QTest>

using namespace trimscope::gui;

class TestAboutDialog : public QObject
{
    Q_OBJECT
private slots:
    void showsVersionAndLicence();
};

void TestAboutDialog::showsVersionAndLicence()
{
    AboutDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    QVERIFY(dialog.versionLabel()->isVisible());
    QVERIFY(dialog.versionLabel()->text().contains(QLatin1String(TRIMSCOPE_VERSION_STRING)));
    QVERIFY(dialog.licenseLabel()->isVisible());
    QVERIFY(dialog.licenseLabel()->text().contains(QLatin1String(TRIMSCOPE_LICENSE_NAME)));
    QVERIFY(dialog.licenseLabel()->text().contains(QLatin1String(TRIMSCOPE_LICENSE_URL)));
    QVERIFY(dialog.linksLabel()->text().contains(QLatin1String(TRIMSCOPE_HOMEPAGE_URL)));
    QVERIFY(dialog.linksLabel()->text().contains(QLatin1String(TRIMSCOPE_BUGREPORT_URL)));
}

TRIMSCOPE_TEST_MAIN(TestAboutDialog)
#include "tst_aboutdialog.moc"
