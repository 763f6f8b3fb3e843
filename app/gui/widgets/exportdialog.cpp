#include "exportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace trimscope::gui {

ExportDialog::ExportDialog(const QString &suggestedPath, QSize size, QWidget *parent)
    : QDialog(parent), m_format(new QComboBox(this)), m_path(new QLineEdit(suggestedPath, this)),
      m_width(new QSpinBox(this)), m_height(new QSpinBox(this))
{
    setWindowTitle(tr("Export chart"));
    m_format->addItem(tr("PNG image"), QStringLiteral("png"));
    m_format->addItem(tr("SVG drawing"), QStringLiteral("svg"));
    m_format->addItem(tr("PDF document"), QStringLiteral("pdf"));
    const int current = m_format->findData(QFileInfo(suggestedPath).suffix().toLower());
    m_format->setCurrentIndex(std::max(0, current));
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(200, 10000);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    auto *browse = new QPushButton(tr("&Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto *form = new QFormLayout;
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&File:"), pathRow);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    formatChanged();
}

QString ExportDialog::path() const
{
    return m_path->text();
}

QSize ExportDialog::size() const
{
    return {m_width->value(), m_height->value()};
}

void ExportDialog::formatChanged()
{
    const QString suffix = m_format->currentData().toString();
    QFileInfo info(m_path->text());
    if (info.suffix().toLower() != suffix)
        m_path->setText(info.path() + QLatin1Char('/') + info.completeBaseName() +
                        QLatin1Char('.') + suffix);
}

void ExportDialog::browse()
{
    const QString suffix = m_format->currentData().toString();
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export chart"), m_path->text(),
                                                        m_format->currentText() +
                                                            QStringLiteral(" (*.%1)").arg(suffix));
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

} // namespace trimscope::gui
