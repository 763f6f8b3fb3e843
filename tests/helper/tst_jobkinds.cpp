// What a job kind must provide, for every kind JobPlan holds: a row per kind, a check per place.
// A kind is registered by one line, JOB(Plan, Result), in core/report/resultkinds.h; JobPlan,
// AnyResult, JobResultOf, the declarations of its descriptor and of its CLI command, and the
// result file's reader and writer are made from that line. What the line then asks for, the
// compiler or the linker finds missing:
//   - its descriptor, jobKindOf<Plan> (name, where it runs, how it is prepared), in its file
//     core/jobs/<kind>job.cpp (a missing one does not link);
//   - the plan's one codec: its field list, jsonFields(), which toJson/fromJson write through
//     (the result file's "plan" and the helper's options) and the helper's bounds find their keys
//     in (the static_assert in core/jobs/jobkind.h; common/jsonfields.h's for a bound on a
//     member the list does not write);
//   - core/report/resultfile.cpp: the result's schema line (SchemaOf);
//   - helper/protocol/joboptions.cpp: the bounds the helper sets on its options (boundsOf);
//   - app/cli/cmd_<kind>.cpp: its command, commandOf<Plan>, named by the descriptor (a missing one
//     does not link), and app/cli/reports.h: the report of its result (formatReport visits every
//     kind);
//   - app/gui/mainwindowopen.cpp: the tab its result opens in (openResult names every kind, none
//     by a default: a kind without its tab fails there, "openResult: say which tab opens this
//     kind").
// The places checked here, which no compiler sees: the descriptor's words and its result's
// (resultWhat), the helper's interface documentation (Job1.Kind, StartJob's @kind and the
// kind's options, which must be the keys its plan's codec writes, no more and no fewer), the
// CLI's command and its --help, the result's "kind" word in its file, and a plan off its
// defaults (sampleplans.h, a kind without one fails here) through the wire and through its
// result file, and that result back the same.
#include "clirun.h"
#include "joboptions.h"
#include "jobs/jobkind.h"
#include "report/resultfile.h"
#include "sampleplans.h"
#include "testmain.h"

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

// The option keys a kind's documentation lists: in StartJob's comment, the kind's section (from
// its line `"kind": ...` to the next kind's), the sweep's in StartSweep's @options, where its
// section points. A key is a quoted name, maybe with its D-Bus type, that a colon follows; keys
// documented together are listed with commas before it: `"a" (b), "c" (b): ...`.
QStringList documentedOptions(const QString &xml, const QString &kind)
{
    QString section;
    if (kind == QLatin1String("sweep")) {
        const QString sweep = documentation(xml, QStringLiteral("<method name=\"StartSweep\""));
        const qsizetype from = sweep.indexOf(QLatin1String("@options:"));
        section = sweep.mid(from, sweep.indexOf(QLatin1String("@job:")) - from);
    } else {
        const qsizetype start = xml.indexOf(QLatin1String("<method name=\"StartJob\""));
        const QString comment = xml.mid(xml.lastIndexOf(QLatin1String("<!--"), start));
        const QRegularExpression heading(QStringLiteral("\\n {8}\"([a-z-]+)\": "));
        qsizetype from = -1;
        qsizetype to = comment.indexOf(QLatin1String("Any other kind"));
        for (const QRegularExpressionMatch &match : heading.globalMatch(comment.left(to))) {
            if (from >= 0) {
                to = match.capturedStart();
                break;
            }
            if (match.captured(1) == kind)
                from = match.capturedEnd();
        }
        if (from < 0)
            return {};
        section = comment.mid(from, to - from);
    }
    const QString name = QStringLiteral("\"([a-z][a-z0-9_.]*)\"(?: \\([a-z{}]+\\))?");
    const QRegularExpression list(QStringLiteral("(?:%1, )*%1:").arg(name));
    const QRegularExpression one(name);
    QStringList keys;
    for (const QRegularExpressionMatch &match : list.globalMatch(section.simplified())) {
        for (const QRegularExpressionMatch &key : one.globalMatch(match.captured()))
            keys.append(key.captured(1));
    }
    return keys;
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

    // ... and documents exactly the options its plan's codec writes, each once.
    const QStringList documented = documentedOptions(xml, kind);
    const QStringList codec = helper::optionKeys(kind).keys;
    QVERIFY2(!codec.isEmpty(), qPrintable(kind));
    const QSet<QString> said(documented.cbegin(), documented.cend());
    const QSet<QString> written(codec.cbegin(), codec.cend());
    QVERIFY2(said == written && said.size() == documented.size(),
             qPrintable(QStringLiteral("Helper1.xml documents options of %1 its plan's codec does "
                                       "not write: %2; leaves out: %3; documents twice: %4")
                            .arg(kind, QStringList((said - written).values()).join(u','),
                                 QStringList((written - said).values()).join(u','),
                                 QString::number(documented.size() - said.size()))));

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

    // Its words: what its result is called in messages.
    QVERIFY2(!resultWhat(std::visit(
                             [](const auto &kindPlan) {
                                 return AnyResult(
                                     JobResultType<std::decay_t<decltype(kindPlan)>>());
                             },
                             plan))
                  .isEmpty(),
             qPrintable(QStringLiteral("the result of %1 has no word in messages").arg(kind)));

    // Its plan's codec and its result's: a plan off its defaults through the helper's options
    // (every option once) and through its result file, back the same.
    const JobPlan sample = test::samplePlan(kind);
    QCOMPARE(jobKind(sample), kind);
    const Expected<JobPlan> wire =
        helper::jobPlanFromOptions(kind, helper::optionsFromPlan(sample));
    QVERIFY2(wire, qPrintable(wire ? QString() : wire.error().message));
    QCOMPARE(test::planJson(*wire), test::planJson(sample));
    std::visit([](const auto &kindPlan) { test::checkThroughFile(kindPlan); }, sample);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_JobKinds)
#include "tst_jobkinds.moc"
