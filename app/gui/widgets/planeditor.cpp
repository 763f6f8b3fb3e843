#include "planeditor.h"

#include "common/units.h"
#include "sweep/trimmeddata.h"
#include "wraptext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionComboBox>

namespace trimscope::gui {

namespace {
// The width a combo box needs to show `text` whole: AdjustToContents measures with a rounding that
// left German "automatisch: 512 B auf diesem Laufwerk" one pixel short, and it was elided.
int comboWidthFor(const QComboBox *box, const QString &text)
{
    QStyleOptionComboBox option;
    option.initFrom(box);
    const QSize contents(box->fontMetrics().horizontalAdvance(text) + 1,
                         box->fontMetrics().height());
    return box->style()->sizeFromContents(QStyle::CT_ComboBox, &option, contents, box).width();
}

// Its widest item's width.
int widestItemWidth(const QComboBox *box)
{
    int widest = 0;
    for (int i = 0; i < box->count(); ++i)
        widest = std::max(widest, comboWidthFor(box, box->itemText(i)));
    return widest;
}
} // namespace

PlanEditor::PlanEditor(QWidget *parent)
    : QWidget(parent), m_min(new QComboBox(this)), m_max(new QComboBox(this)),
      m_repeats(new QSpinBox(this)), m_adaptive(new QCheckBox(tr("Ada&ptive"), this)),
      m_order(new QComboBox(this)), m_prewrite(new QCheckBox(tr("Pre-write re&gions"), this)),
      m_writes(new QLabel(this))
{
    m_min->setObjectName(QStringLiteral("minSize"));
    m_max->setObjectName(QStringLiteral("maxSize"));
    m_repeats->setObjectName(QStringLiteral("repeats"));
    fillSizes(m_min, true, tr("automatic (discard granularity)"));
    fillSizes(m_max, true, tr("automatic (at most 2 GiB)"));
    m_repeats->setRange(1, kMaxRepeats);
    m_repeats->setValue(5);
    m_repeats->setToolTip(tr("Discards timed per size"));
    m_adaptive->setToolTip(tr("Repeat each size until its median is known to within ±5 %"));
    m_order->addItem(tr("Interleaved (shuffled)"), int(SweepOrder::Interleaved));
    m_order->addItem(tr("Descending, pass by pass"), int(SweepOrder::Descending));
    m_prewrite->setToolTip(
        tr("Write each region before trimming it, so the benchmark times the TRIM of written "
           "data: many drives answer a TRIM of empty space at once. Uncheck only to spare the "
           "drive the writes."));
    m_prewrite->setChecked(true);
    m_writes->setObjectName(QStringLiteral("planWrites"));
    m_writes->setWordWrap(true);
    m_writes->setTextFormat(Qt::PlainText);
    connect(m_prewrite, &QCheckBox::toggled, this, &PlanEditor::describeAutomatic);
    connect(m_adaptive, &QCheckBox::toggled, m_repeats, &QWidget::setDisabled);
    // What "automatic" becomes depends on the other choices (more repeats need more room).
    for (QComboBox *box : {m_min, m_max})
        connect(box, &QComboBox::currentIndexChanged, this, &PlanEditor::describeAutomatic);
    connect(m_repeats, &QSpinBox::valueChanged, this, &PlanEditor::describeAutomatic);
    connect(m_adaptive, &QCheckBox::toggled, this, &PlanEditor::describeAutomatic);

    // The default sizes' texts change with the drive ("automatic: 4 KiB on this drive"): the
    // boxes follow their longest item, not the one they held when first shown (German was cut
    // to "auf diesem Laufwe").
    for (QComboBox *box : {m_min, m_max, m_order})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // "Adaptive" beside the repeats it replaces.
    auto *repeats = new QWidget(this);
    auto *repeatsRow = new QHBoxLayout(repeats);
    repeatsRow->setContentsMargins(0, 0, 0, 0);
    repeatsRow->addWidget(m_repeats);
    repeatsRow->addWidget(m_adaptive);
    repeatsRow->addStretch(1);

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    // In a narrow window the fields go under their labels rather than the plan holding the window
    // wider than an 800-pixel screen (German labels are long). Qt decides that row by row (a label
    // and its field side by side where they fit): German "Größte Größe:" sat above its field at
    // 1024×768 while "Kleinste Größe:" sat beside its own (issue 47). Every label as wide as the
    // widest with the spacing after it, and every field as wide as the widest, make each row
    // decide alike: all beside, or all above.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    const int spacing = std::max(0, form->horizontalSpacing());
    form->setHorizontalSpacing(0); // in the labels' width: Qt's test for a row leaves it out
    const QList<std::pair<QString, QWidget *>> labelled = {{tr("Smallest s&ize:"), m_min},
                                                           {tr("&Largest size:"), m_max},
                                                           {tr("&Repeats:"), repeats},
                                                           {tr("Or&der:"), m_order}};
    QList<QLabel *> labels;
    for (const auto &[text, field] : labelled) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field == repeats ? static_cast<QWidget *>(m_repeats) : field);
        labels.append(label);
        form->addRow(label, field);
    }
    form->addRow(QString(), m_prewrite);
    // The note of what the plan writes spans the labels' column too: under the fields alone it
    // took four lines in a wide plan, and the run's card below it scrolled (issue 47).
    form->addRow(m_writes);
    int labelWidth = 0;
    for (const QLabel *label : std::as_const(labels))
        labelWidth = std::max(labelWidth, label->sizeHint().width() + spacing);
    for (QLabel *label : std::as_const(labels))
        label->setMinimumWidth(labelWidth);
    // The fields as wide as the widest text a size box can hold ("automatic: 512 KiB on this
    // drive"), whatever the drive and the plan: the plan's width, and whether its fields fit
    // beside their labels, stay as they are after a drive is chosen or a run changed the plan.
    QString widestSize;
    for (int i = 1; i < m_max->count(); ++i) {
        if (m_max->fontMetrics().horizontalAdvance(m_max->itemText(i)) >
            m_max->fontMetrics().horizontalAdvance(widestSize))
            widestSize = m_max->itemText(i);
    }
    const int fieldWidth =
        std::max({comboWidthFor(m_max, tr("automatic: %1 on this drive").arg(widestSize)),
                  widestItemWidth(m_min), widestItemWidth(m_max), widestItemWidth(m_order),
                  repeats->sizeHint().width()});
    for (QWidget *field : {static_cast<QWidget *>(m_min), static_cast<QWidget *>(m_max),
                           static_cast<QWidget *>(m_order), repeats})
        field->setMinimumWidth(fieldWidth);
}

void PlanEditor::setDrive(const DriveInfo &drive)
{
    m_drive = drive;
    describeAutomatic();
}

QList<quint64> PlanEditor::resolvedSizes() const
{
    if (m_drive.sizeBytes == 0)
        return {};
    const auto resolved = resolvePlan(
        plan(), {m_drive.sizeBytes, m_drive.logicalBlockSize, m_drive.discardGranularity});
    return resolved ? resolved->sizes : QList<quint64>{};
}

void PlanEditor::describeAutomatic()
{
    const QList<quint64> sizes = resolvedSizes();
    m_min->setItemText(0, sizes.isEmpty()
                              ? tr("automatic (discard granularity)")
                              : tr("automatic: %1 on this drive").arg(formatBytes(sizes.last())));
    m_max->setItemText(0, sizes.isEmpty()
                              ? tr("automatic (at most 2 GiB)")
                              : tr("automatic: %1 on this drive").arg(formatBytes(sizes.first())));
    const QString why = tr("Automatic: the largest size is at most 2 GiB and small enough that "
                           "every discard gets a fresh region of the drive.");
    m_max->setItemData(0, why, Qt::ToolTipRole);
    const auto resolved =
        m_drive.sizeBytes == 0
            ? Expected<ResolvedPlan>(makeError(ErrorCode::InvalidArgument, QString()))
            : resolvePlan(plan(), {m_drive.sizeBytes, m_drive.logicalBlockSize,
                                   m_drive.discardGranularity});
    // "Writes 384 MiB first: ..." in a sentence of its own.
    QString writes = resolved ? prewritePlanText(*resolved, m_drive) : QString();
    if (!writes.isEmpty())
        writes[0] = writes[0].toUpper();
    setWrappedText(m_writes, writes + (writes.isEmpty() ? QString() : QStringLiteral(".")));
    m_writes->setVisible(!writes.isEmpty());
}

void PlanEditor::fillSizes(QComboBox *box, bool withDefault, const QString &defaultText)
{
    if (withDefault)
        box->addItem(defaultText, QVariant::fromValue<quint64>(0));
    for (int e = 9; e <= 36; ++e)
        box->addItem(formatBytes(quint64(1) << e), QVariant::fromValue<quint64>(quint64(1) << e));
}

quint64 PlanEditor::sizeOf(const QComboBox *box)
{
    return box->currentData().value<quint64>();
}

void PlanEditor::selectSize(QComboBox *box, quint64 bytes)
{
    const int index = box->findData(QVariant::fromValue<quint64>(bytes));
    box->setCurrentIndex(index >= 0 ? index : 0);
}

SweepPlan PlanEditor::plan() const
{
    SweepPlan plan;
    plan.minBytes = sizeOf(m_min);
    plan.maxBytes = sizeOf(m_max);
    plan.repeats = m_repeats->value();
    plan.adaptive = m_adaptive->isChecked();
    plan.order = SweepOrder(m_order->currentData().toInt());
    plan.prewrite = m_prewrite->isChecked();
    return plan;
}

void PlanEditor::setPlan(const SweepPlan &plan)
{
    selectSize(m_min, plan.minBytes);
    selectSize(m_max, plan.maxBytes);
    m_repeats->setValue(plan.repeats);
    m_adaptive->setChecked(plan.adaptive);
    m_order->setCurrentIndex(std::max(0, m_order->findData(int(plan.order))));
    m_prewrite->setChecked(plan.prewrite);
}

void PlanEditor::save(QSettings &settings) const
{
    const SweepPlan p = plan();
    settings.setValue(QStringLiteral("plan/minBytes"), p.minBytes);
    settings.setValue(QStringLiteral("plan/maxBytes"), p.maxBytes);
    settings.setValue(QStringLiteral("plan/repeats"), p.repeats);
    settings.setValue(QStringLiteral("plan/adaptive"), p.adaptive);
    settings.setValue(QStringLiteral("plan/order"), sweepOrderName(p.order));
    // A new key: "plan/prewrite" holds the old default (off) for everyone who ran the app
    // before pre-writing became the default, not a choice.
    settings.setValue(QStringLiteral("plan/noPrewrite"), !p.prewrite);
}

void PlanEditor::restore(const QSettings &settings)
{
    SweepPlan p;
    p.minBytes = settings.value(QStringLiteral("plan/minBytes"), 0).toULongLong();
    p.maxBytes = settings.value(QStringLiteral("plan/maxBytes"), 0).toULongLong();
    p.repeats = settings.value(QStringLiteral("plan/repeats"), 5).toInt();
    p.adaptive = settings.value(QStringLiteral("plan/adaptive"), false).toBool();
    p.order = sweepOrderFromName(settings.value(QStringLiteral("plan/order")).toString())
                  .value_or(SweepOrder::Interleaved);
    p.prewrite = !settings.value(QStringLiteral("plan/noPrewrite"), false).toBool();
    setPlan(p);
}

} // namespace trimscope::gui
