// Issue 28, item 5: a per-filesystem answer reads as one answer. Seen: the headline said "leave
// discard off" while the first fix card said "Mount ext4 … with discard", and "What to change"
// offered `systemctl enable --now fstrim.timer` where the audit said systemd was not running.
// - mixedFilesystemsReadAsOne: where ext4 and XFS get different answers, the headline names each
//   filesystem's, and every fix card agrees with it, in the same order.
// - fstrimWhereSystemdRuns: the weekly fstrim is the timer where systemd runs this computer, and
//   cron's line where it does not, in the fix cards and in the findings alike.
#include "advice/advice.h"
#include "audit/fstrimstatus.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/fixlist.h"
#include "widgets/wraptext.h"

#include <QLabel>
#include <QTest>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

// The text of every field a fix card shows, in order, as it is read and copied (without the
// word joiners that keep paths whole in a wrapped label).
QStringList cardTexts(FixList *list)
{
    QStringList texts;
    for (const QLabel *field : list->findChildren<QLabel *>(QStringLiteral("fixText")))
        texts.append(withoutJoiners(field->text()));
    return texts;
}

audit::AuditReport auditWithInit(bool systemd)
{
    audit::AuditReport report;
    report.capturedAt = QDateTime::currentDateTimeUtc();
    report.systemdRunning = systemd;
    report.pid1 = systemd ? QStringLiteral("systemd") : QStringLiteral("runit");
    return report;
}

} // namespace

class TestOneAnswer : public QObject
{
    Q_OBJECT
private slots:
    void mixedFilesystemsReadAsOne_data();
    void mixedFilesystemsReadAsOne();
    void fstrimWhereSystemdRuns_data();
    void fstrimWhereSystemdRuns();

private:
    GuiTestEnv m_env;
};

void TestOneAnswer::mixedFilesystemsReadAsOne_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("German") << QStringLiteral("de");
}

void TestOneAnswer::mixedFilesystemsReadAsOne()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    auto window = openSimulatedWindow(m_env.runDir());
    QVERIFY(window);
    // A diagnosis whose deletes put ext4 over its limit and XFS well under it.
    QVERIFY(!window->openResult(QFINDTESTDATA("../data/results/diagnosis.json")).isError());
    AdviceTab *tab = window->adviceTab();
    const advice::Advice &advice = tab->advice();
    QCOMPARE(advice.filesystems.size(), 2);
    QVERIFY(advice.filesystems.at(0).verdict != advice.filesystems.at(1).verdict);

    // The headline is each filesystem's answer, in the order of the filesystems.
    const QString headline = tab->verdictLabel()->text();
    QCOMPARE(headline, advice::verdictHeadline(advice));
    const QString with = QCoreApplication::translate("TrimAdvice", "mount with discard");
    const QString without =
        QCoreApplication::translate("TrimAdvice", "leave discard off, run fstrim weekly");
    const QStringList parts = headline.split(QStringLiteral("; "));
    QCOMPARE(parts.size(), 2);
    QCOMPARE(parts.at(0), QStringLiteral("ext4: ") + without);
    QCOMPARE(parts.at(1), QStringLiteral("XFS: ") + with);

    // Every card says what the headline says for its filesystem, in the same order.
    QStringList order;
    for (const advice::Fix &fix : advice.fixes) {
        const bool adds = fix.text.contains(QLatin1String("discard")) &&
                          !fix.text.contains(QLatin1String("nodiscard"));
        for (const QString &fs : {QStringLiteral("ext4"), QStringLiteral("xfs")}) {
            if (!fix.text.contains(QStringLiteral("  %1  ").arg(fs)))
                continue;
            order.append(fs);
            const QString part = fs == QLatin1String("ext4") ? parts.at(0) : parts.at(1);
            QVERIFY2(part.endsWith(adds ? with : without),
                     qPrintable(QStringLiteral("card \"%1\" against \"%2\"").arg(fix.title, part)));
        }
    }
    QCOMPARE(order, (QStringList{QStringLiteral("ext4"), QStringLiteral("xfs")}));
    // The first card on screen is the first of those.
    QVERIFY(tab->fixList()->count() >= 3);
    QVERIFY(cardTexts(tab->fixList()).constFirst().contains(QLatin1String("ext4")));
}

void TestOneAnswer::fstrimWhereSystemdRuns_data()
{
    QTest::addColumn<bool>("systemd");
    QTest::newRow("systemd runs this computer") << true;
    QTest::newRow("runit runs this computer") << false;
}

void TestOneAnswer::fstrimWhereSystemdRuns()
{
    QFETCH(bool, systemd);
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-init"));
    QVERIFY(window);
    QVERIFY(runQuickBenchmark(*window)); // the OCZ-like drive: prefer fstrim
    AdviceTab *tab = window->adviceTab();
    tab->setAudit(auditWithInit(systemd));
    QCOMPARE(tab->advice().verdict, advice::Verdict::PreferPeriodicFstrim);

    const QStringList cards = cardTexts(tab->fixList());
    const QString timer = QStringLiteral("systemctl enable --now fstrim.timer");
    QVERIFY2(cards.contains(systemd ? timer : audit::fstrimCronLine()),
             qPrintable(cards.join(QLatin1Char('\n'))));
    if (!systemd) {
        // Nothing anywhere offers what cannot work here.
        for (const QString &text : cards + cardTexts(tab->findingList()))
            QVERIFY2(!text.contains(QLatin1String("systemctl")), qPrintable(text));
        const auto cron = std::find_if(
            tab->advice().fixes.cbegin(), tab->advice().fixes.cend(),
            [](const advice::Fix &fix) { return fix.text == audit::fstrimCronLine(); });
        QCOMPARE(cron->file, audit::fstrimCronFile());
        QVERIFY(cron->explanation.contains(QLatin1String("runit")));
    }
}

TRIMSCOPE_TEST_MAIN(TestOneAnswer)
#include "tst_oneanswer.moc"
