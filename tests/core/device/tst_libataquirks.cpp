// Issue 46, item 5: libata's own quirk list, matched as the kernel matches it (model glob,
// firmware, first match wins): drives whose queued TRIM the kernel turns off, whose zeroes after
// TRIM it trusts, and those it sends no TRIM at all.
#include "device/libataquirks.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;

class TestLibataQuirks : public QObject
{
    Q_OBJECT
private slots:
    void matchesAsTheKernel_data();
    void matchesAsTheKernel();
};

void TestLibataQuirks::matchesAsTheKernel_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("firmware");
    QTest::addColumn<bool>("noQueuedTrim");
    QTest::addColumn<bool>("zeroAfterTrim");
    QTest::addColumn<bool>("noTrim");
    QTest::newRow("Samsung 870 EVO") << "Samsung SSD 870 EVO 1TB"
                                     << "SVT02B6Q" << true << true << false;
    QTest::newRow("Samsung 860 PRO") << "Samsung SSD 860 PRO 512GB"
                                     << "RVM02B6Q" << true << true << false;
    QTest::newRow("Micron M500, any firmware") << "Micron_M500_MTFDDAK480MAV"
                                               << "MU05" << true << true << false;
    // M550 only with firmware MU01; later firmware falls through to "Micron*".
    QTest::newRow("Micron M550 MU01") << "Micron_M550_MTFDDAK256MAY"
                                      << "MU01" << true << true << false;
    QTest::newRow("Micron M550 MU02") << "Micron_M550_MTFDDAK256MAY"
                                      << "MU02" << false << true << false;
    QTest::newRow("Intel 510: buggy DRAT/RZAT, not trusted") << "INTEL SSDSC2MH250A2"
                                                             << "PWG2" << false << false << false;
    QTest::newRow("other Intel SSD") << "INTEL SSDSC2BB480G4"
                                     << "D2010355" << false << true << false;
    QTest::newRow("no TRIM at all") << "SuperSSpeed S238 128GB"
                                    << "" << false << false << true;
    QTest::newRow("not in the list") << "WDC WDS500G2B0A-00SM50"
                                     << "401000WD" << false << false << false;
    QTest::newRow("Seagate Nytro SSD by class") << "ST480FN0021"
                                                << "XF1B" << false << true << false;
}

void TestLibataQuirks::matchesAsTheKernel()
{
    QFETCH(QString, model);
    QFETCH(QString, firmware);
    QFETCH(bool, noQueuedTrim);
    QFETCH(bool, zeroAfterTrim);
    QFETCH(bool, noTrim);
    const LibataTrimQuirks quirks = libataTrimQuirks(model, firmware);
    QCOMPARE(quirks.noQueuedTrim, noQueuedTrim);
    QCOMPARE(quirks.zeroAfterTrim, zeroAfterTrim);
    QCOMPARE(quirks.noTrim, noTrim);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestLibataQuirks)
#include "tst_libataquirks.moc"
