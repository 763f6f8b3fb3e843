// A passphrase handed on is wiped where it lay: every implicitly shared copy sees zeros (no
// detached copy is made and wiped instead), and a Secret wipes when its last holder lets go.
#include "common/secret.h"
#include "testmain.h"

#include <QTest>
#include <memory>

using namespace trimscope;

class TestSecret : public QObject
{
    Q_OBJECT
private slots:
    void wipeReachesSharedCopies();
    void secretWipesWhenTheLastHolderGoes();
};

void TestSecret::wipeReachesSharedCopies()
{
    QByteArray passphrase("correct horse battery staple");
    const QByteArray shared = passphrase; // as a D-Bus argument or a lambda's capture holds it
    const char *bytes = shared.constData();
    wipeSecret(passphrase);
    QVERIFY(passphrase.isEmpty());
    QCOMPARE(shared.constData(), bytes); // not detached
    QCOMPARE(shared, QByteArray(28, '\0'));
}

void TestSecret::secretWipesWhenTheLastHolderGoes()
{
    const QByteArray watched("correct horse battery staple");
    auto first = std::make_shared<const Secret>(watched);
    auto second = first;
    first.reset();
    QCOMPARE(watched, QByteArray("correct horse battery staple")); // still held
    QCOMPARE(second->bytes(), watched);
    second.reset();
    QCOMPARE(watched, QByteArray(28, '\0'));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestSecret)
#include "tst_secret.moc"
