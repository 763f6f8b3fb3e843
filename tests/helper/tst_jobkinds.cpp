// What a job kind must provide, for every kind JobPlan holds: a row per kind, a check per place.
// A kind is registered by one line, JOB(Plan, Result), in core/report/resultkinds.h; JobPlan,
// AnyResult, JobResultOf, the declarations of its descriptor and of its CLI command, and the
// result file's reader and writer are made from that line. What the line then asks for, the
// compiler or the linker finds missing:
//   - its descriptor, jobKindOf<Plan> (name, where it runs, how it is prepared), in its file
//     core/jobs/<kind>job.cpp (a missing one does not link);
//   - the plan's one codec (toJson/fromJson: the result file's "plan" and the helper's options;
//     the static_assert in core/jobs/jobkind.h);
//   - core/report/resultfile.cpp: the result's schema line (SchemaOf);
//   - helper/protocol/joboptions.cpp: the bounds the helper sets on its options (boundsOf);
//   - app/cli/cmd_<kind>.cpp: its command, commandOf<Plan>, named by the descriptor (a missing one
//     does not link), and app/cli/reports.h: the report of its result (formatReport visits every
//     kind);
//   - app/gui/mainwindowopen.cpp: the tab its result opens in (openResult).
// The places checked here, which no compiler sees: the descriptor's words, the helper's
// interface documentation (Job1.Kind and StartJob's @kind), the CLI's command and its --help,
// the result's "kind" word in its file, and its plan through the wire (tst_joboptions: and
// through the file).
#include "clirun.h"
#include "joboptions.h"
#include "jobs/jobkind.h"
#include "report/resultfile.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace trimscope;

namespace {

template <std::size_t... I> QList<JobPlan> defaultPlans(std::index_sequence<I...>)
{
    return {JobPlan(std::in_place_index<I>)...};
}

QList<JobPlan> everyKind()
{
    return defaultPlans(std::make_index_sequence<std::variant_size_v<JobPlan>>());
}

QString helperInterface()
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.Helper1.xml"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The XML comment that documents `what` (a method or property), as one line of words.
QString documentation(const QString &xml, const QString &what)
{
    const qsizetype at = xml.indexOf(what);
    const qsizetype open = xml.lastIndexOf(QStringLiteral("<!--"), at);
    if (at < 0 || open < 0)
        return {};
    return xml.mid(open, at - open).simplified();
}

} // namespace

class tst_JobKinds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyKindHasEveryPlace_data();
    void everyKindHasEveryPlace();
};

void tst_JobKinds::everyKindHasEveryPlace_data()
{
    QTest::addColumn<int>("index");
    const QList<JobPlan> plans = everyKind();
    for (qsizetype i = 0; i < plans.size(); ++i)
        QTest::newRow(qPrintable(jobKind(plans.at(i)))) << int(i);
    const QStringList kinds = jobKinds();
    QCOMPARE(kinds.size(), plans.size());
    QCOMPARE(QSet<QString>(kinds.cbegin(), kinds.cend()).size(), kinds.size());
}

void tst_JobKinds::everyKindHasEveryPlace()
{
    QFETCH(int, index);
    const JobPlan plan = everyKind().at(index);
    const QString kind = jobKind(plan);
    const QString quoted = u'"' + kind + u'"';

    // The descriptor (jobkind.h): a name made of lower-case words, and how it is prepared.
    QVERIFY2(QRegularExpression(QStringLiteral("^[a-z]+(-[a-z]+)*$")).match(kind).hasMatch(),
             qPrintable(kind));
    withJobKind(plan, [&](const auto &descriptor, const auto &) {
        QVERIFY2(descriptor.prepare, "the descriptor's prepare is missing");
    });

    // The helper's interface documents it: as a Kind, and as a @kind of StartJob with its
    // options.
    const QString xml = helperInterface();
    QVERIFY2(!xml.isEmpty(), "helper/io.github.trimscope.Helper1.xml not found");
    QVERIFY2(documentation(xml, QStringLiteral("<property name=\"Kind\"")).contains(quoted),
             qPrintable(QStringLiteral("Job1.Kind's documentation does not name %1").arg(quoted)));
    QVERIFY2(
        documentation(xml, QStringLiteral("<method name=\"StartJob\"")).contains(quoted + u':'),
        qPrintable(QStringLiteral("StartJob's @kind does not document %1").arg(quoted)));

    // The CLI has its command, named as the kind.
    const test::CliRun help = test::runCli({kind, QStringLiteral("--help")});
    QVERIFY2(help.exitCode == 0 &&
                 help.out.startsWith("Usage: trimscope-cli " + kind.toUtf8() + ' '),
             qPrintable(QStringLiteral("trimscope-cli has no command %1: %2")
                            .arg(kind, QString::fromUtf8(help.out + help.err))));

    // Its result is a run: its file says which kind of run with a word of its own.
    std::visit(
        [&](const auto &kindPlan) {
            using Result = JobResultType<std::decay_t<decltype(kindPlan)>>;
            const ResultEnvelope envelope = envelopeOf(AnyResult(Result()));
            QVERIFY2(
                !envelope.kind.isEmpty(),
                qPrintable(QStringLiteral("the schema of %1's result has no kind word").arg(kind)));
            QVERIFY(envelope.schema.startsWith(QLatin1String("io.github.trimscope.")));
        },
        plan);

    // The helper reads what its clients write for it (every option once).
    const Expected<JobPlan> wire = helper::jobPlanFromOptions(kind, helper::optionsFromPlan(plan));
    if (!wire) // a default plan may lack what only a caller can say (fstrim-timing's filesystem)
        QCOMPARE(wire.error().code, ErrorCode::InvalidArgument);
    else
        QCOMPARE(jobKind(*wire), kind);
}

QTEST_GUILESS_MAIN(tst_JobKinds)
#include "tst_jobkinds.moc"
