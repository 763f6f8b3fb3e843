// StartSweep's options map, without a bus: every accepted and refused shape, and the round trip
// the client relies on.
#include "sweepoptions.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::helper;

class tst_SweepOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusesBadOptions_data();
    void refusesBadOptions();
    void acceptsGoodOptions_data();
    void acceptsGoodOptions();
    void roundTripsAPlan();
};

void tst_SweepOptions::refusesBadOptions_data()
{
    QTest::addColumn<QVariantMap>("options");
    const auto key = [](const char *name, QVariant value) {
        return QVariantMap{{QString::fromLatin1(name), std::move(value)}};
    };
    QTest::newRow("unknown key") << key("force", true);
    QTest::newRow("min 0") << key("min_bytes", QVariant::fromValue(qulonglong(0)));
    QTest::newRow("max 0") << key("max_bytes", QVariant::fromValue(qulonglong(0)));
    QTest::newRow("not a power of two") << key("max_bytes", QVariant::fromValue(qulonglong(3000)));
    QTest::newRow("2^63") << key("max_bytes", QVariant::fromValue(qulonglong(1) << 63));
    QTest::newRow("128 GiB") << key("max_bytes", QVariant::fromValue(qulonglong(128) << 30));
    QTest::newRow("negative") << key("max_bytes", QVariant::fromValue(qlonglong(-4096)));
    QTest::newRow("size as double") << key("max_bytes", 4096.0);
    QTest::newRow("size as string") << key("max_bytes", QStringLiteral("4096"));
    QTest::newRow("size as bool") << key("max_bytes", true);
    QTest::newRow("repeats 0") << key("repeats", 0);
    QTest::newRow("repeats 1001") << key("repeats", 1001);
    QTest::newRow("repeats 10^9") << key("repeats", 1000000000);
    QTest::newRow("repeats 2^40") << key("repeats", QVariant::fromValue(qulonglong(1) << 40));
    QTest::newRow("repeats negative") << key("repeats", -1);
    QTest::newRow("repeats as string") << key("repeats", QStringLiteral("5"));
    QTest::newRow("adaptive as int") << key("adaptive", 1);
    QTest::newRow("prewrite as string") << key("prewrite", QStringLiteral("true"));
    QTest::newRow("order unknown") << key("order", QStringLiteral("random"));
    QTest::newRow("order as int") << key("order", 1);
    QTest::newRow("seed 0") << key("seed", QVariant::fromValue(qulonglong(0)));
    QTest::newRow("seed as double") << key("seed", 1.0);
    QTest::newRow("budget 0") << key("time_budget_s", 0.0);
    QTest::newRow("budget negative") << key("time_budget_s", -1.0);
    QTest::newRow("budget NaN") << key("time_budget_s", qQNaN());
    QTest::newRow("budget too long") << key("time_budget_s", 1e9);
    QTest::newRow("budget as int") << key("time_budget_s", 10);
    QTest::newRow("min above max")
        << QVariantMap{{QStringLiteral("min_bytes"), QVariant::fromValue(qulonglong(65536))},
                       {QStringLiteral("max_bytes"), QVariant::fromValue(qulonglong(4096))}};
    QTest::newRow("repeats with adaptive")
        << QVariantMap{{QStringLiteral("repeats"), 3}, {QStringLiteral("adaptive"), true}};
}

void tst_SweepOptions::refusesBadOptions()
{
    QFETCH(QVariantMap, options);
    const Expected<SweepPlan> plan = sweepPlanFromOptions(options);
    QVERIFY(!plan);
    QCOMPARE(plan.error().code, ErrorCode::InvalidArgument);
    QVERIFY(!plan.error().message.isEmpty());
}

void tst_SweepOptions::acceptsGoodOptions_data()
{
    QTest::addColumn<QVariantMap>("options");
    QTest::addColumn<quint64>("minBytes");
    QTest::addColumn<quint64>("maxBytes");
    QTest::addColumn<int>("repeats");
    QTest::addColumn<bool>("prewrite");
    // Without "prewrite" the sweep times the TRIM of written data: an older client gets it too.
    QTest::newRow("empty: defaults") << QVariantMap{} << quint64(0) << quint64(0) << 5 << true;
    QTest::newRow("uint64 sizes")
        << QVariantMap{{QStringLiteral("min_bytes"), QVariant::fromValue(qulonglong(4096))},
                       {QStringLiteral("max_bytes"), QVariant::fromValue(qulonglong(1) << 20)}}
        << quint64(4096) << (quint64(1) << 20) << 5 << true;
    QTest::newRow("int32 sizes, as gdbus types them")
        << QVariantMap{{QStringLiteral("max_bytes"), 65536}, {QStringLiteral("repeats"), 2}}
        << quint64(0) << quint64(65536) << 2 << true;
    QTest::newRow("64 GiB, 1000 repeats")
        << QVariantMap{{QStringLiteral("max_bytes"), QVariant::fromValue(qulonglong(64) << 30)},
                       {QStringLiteral("repeats"), QVariant::fromValue(uint(1000))}}
        << quint64(0) << (quint64(64) << 30) << 1000 << true;
    QTest::newRow("no pre-write, for wear-careful runs")
        << QVariantMap{{QStringLiteral("prewrite"), false}} << quint64(0) << quint64(0) << 5
        << false;
    QTest::newRow("pre-write asked for")
        << QVariantMap{{QStringLiteral("prewrite"), true}} << quint64(0) << quint64(0) << 5 << true;
}

void tst_SweepOptions::acceptsGoodOptions()
{
    QFETCH(QVariantMap, options);
    QFETCH(quint64, minBytes);
    QFETCH(quint64, maxBytes);
    QFETCH(int, repeats);
    const Expected<SweepPlan> plan = sweepPlanFromOptions(options);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->minBytes, minBytes);
    QCOMPARE(plan->maxBytes, maxBytes);
    QCOMPARE(plan->repeats, repeats);
    QTEST(plan->prewrite, "prewrite");
}

void tst_SweepOptions::roundTripsAPlan()
{
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(1) << 30;
    plan.repeats = 7;
    plan.order = SweepOrder::Descending;
    plan.prewrite = true;
    plan.seed = 1234;
    plan.timeBudgetSeconds = 90;
    const Expected<SweepPlan> back = sweepPlanFromOptions(sweepOptionsFromPlan(plan));
    QVERIFY2(back, qPrintable(back.error().message));
    QCOMPARE(back->minBytes, plan.minBytes);
    QCOMPARE(back->maxBytes, plan.maxBytes);
    QCOMPARE(back->repeats, plan.repeats);
    QCOMPARE(back->order, plan.order);
    QCOMPARE(back->prewrite, plan.prewrite);
    QCOMPARE(back->seed, plan.seed);
    QCOMPARE(back->timeBudgetSeconds, plan.timeBudgetSeconds);

    // Both ways on the wire, so a helper whose default differs still does what was asked.
    for (const bool prewrite : {true, false}) {
        SweepPlan p;
        p.prewrite = prewrite;
        const QVariantMap options = sweepOptionsFromPlan(p);
        QCOMPARE(options.value(QStringLiteral("prewrite")), QVariant(prewrite));
        QCOMPARE(sweepPlanFromOptions(options)->prewrite, prewrite);
    }

    SweepPlan adaptive;
    adaptive.adaptive = true;
    const Expected<SweepPlan> adaptiveBack = sweepPlanFromOptions(sweepOptionsFromPlan(adaptive));
    QVERIFY(adaptiveBack && adaptiveBack->adaptive);
}

QTEST_GUILESS_MAIN(tst_SweepOptions)
#include "tst_sweepoptions.moc"
