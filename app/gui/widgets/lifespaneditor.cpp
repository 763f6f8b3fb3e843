#include "lifespaneditor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSettings>

namespace trimscope::gui {

using namespace trimscope::health;

LifespanEditor::LifespanEditor(QWidget *parent)
    : QWidget(parent), m_cell(new QComboBox(this)), m_cycles(new QDoubleSpinBox(this)),
      m_wa(new QDoubleSpinBox(this))
{
    m_cell->setObjectName(QStringLiteral("cellType"));
    m_cycles->setObjectName(QStringLiteral("ratedCycles"));
    m_wa->setObjectName(QStringLiteral("writeAmplification"));
    m_cell->addItem(tr("SLC (1 bit per cell)"), int(CellType::Slc));
    m_cell->addItem(tr("MLC (2 bits per cell)"), int(CellType::Mlc));
    m_cell->addItem(tr("TLC (3 bits per cell)"), int(CellType::Tlc));
    m_cell->addItem(tr("QLC (4 bits per cell)"), int(CellType::Qlc));
    m_cycles->setRange(10, 1000000);
    m_cycles->setDecimals(0);
    // "1,000 cycles", as the assumptions line above it says (it read "1000 cycles" there).
    m_cycles->setGroupSeparatorShown(true);
    m_cycles->setSingleStep(100);
    m_cycles->setSuffix(tr(" cycles"));
    m_wa->setRange(1.0, 50.0);
    m_wa->setDecimals(1);
    m_wa->setSingleStep(0.5);
    m_wa->setSuffix(tr(" ×"));
    m_cycles->setToolTip(tr("Program/erase cycles each cell is rated for; the datasheet says, "
                            "the cell type suggests a typical figure."));
    m_wa->setToolTip(tr("How many bytes the flash writes for each byte the computer writes. "
                        "1 for large sequential writes, 3 or more for small random ones."));
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Cell type:"), m_cell);
    form->addRow(tr("Rated c&ycles:"), m_cycles);
    form->addRow(tr("Write am&plification:"), m_wa);
    setAssumptions(LifespanAssumptions::forCellType(CellType::Tlc));

    connect(m_cell, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        // A new cell type brings its typical rating; the write amplification stays.
        const double wa = m_wa->value();
        LifespanAssumptions next =
            LifespanAssumptions::forCellType(CellType(m_cell->currentData().toInt()));
        next.writeAmplification = wa;
        setAssumptions(next);
        emit changed();
    });
    for (QDoubleSpinBox *box : {m_cycles, m_wa})
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] {
            if (!m_updating)
                emit changed();
        });
}

LifespanAssumptions LifespanEditor::assumptions() const
{
    LifespanAssumptions a;
    a.cellType = CellType(m_cell->currentData().toInt());
    a.ratedCycles = m_cycles->value();
    a.writeAmplification = m_wa->value();
    return a;
}

void LifespanEditor::setAssumptions(const LifespanAssumptions &assumptions)
{
    m_updating = true;
    m_cell->setCurrentIndex(m_cell->findData(int(assumptions.cellType)));
    m_cycles->setValue(assumptions.ratedCycles);
    m_wa->setValue(assumptions.writeAmplification);
    m_updating = false;
}

void LifespanEditor::save(QSettings &settings) const
{
    const LifespanAssumptions a = assumptions();
    settings.setValue(QStringLiteral("health/cellType"), cellTypeName(a.cellType));
    settings.setValue(QStringLiteral("health/ratedCycles"), a.ratedCycles);
    settings.setValue(QStringLiteral("health/writeAmplification"), a.writeAmplification);
}

void LifespanEditor::restore(const QSettings &settings)
{
    const auto type =
        cellTypeFromName(settings.value(QStringLiteral("health/cellType")).toString());
    if (!type)
        return;
    LifespanAssumptions a = LifespanAssumptions::forCellType(*type);
    a.ratedCycles = settings.value(QStringLiteral("health/ratedCycles"), a.ratedCycles).toDouble();
    a.writeAmplification =
        settings.value(QStringLiteral("health/writeAmplification"), a.writeAmplification)
            .toDouble();
    setAssumptions(a);
}

} // namespace trimscope::gui
