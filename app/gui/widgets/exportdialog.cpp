#include "exportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>

namespace trimscope::gui {

static QStringList suffixesOf(const QString &filters)
{
    static const QRegularExpression pattern(QStringLiteral("\\*\\.(\\w+)"));
    QStringList suffixes;
    for (auto it = pattern.globalMatch(filters); it.hasNext();)
        suffixes.append(it.next().captured(1).toLower());
    return suffixes;
}

QString withFilterSuffix(const QString &path, const QString &chosenFilter,
                         const QString &offeredFilters)
{
    const QStringList chosen = suffixesOf(chosenFilter);
    if (chosen.isEmpty() || path.isEmpty())
        return path;
    // The name typed wins over a filter remembered from last time ("report.pdf" with HTML
    // chosen was saved as "report.pdf.html").
    const QString typed = QFileInfo(path).suffix().toLower();
    if (chosen.contains(typed) || suffixesOf(offeredFilters).contains(typed))
        return path;
    return path + QLatin1Char('.') + chosen.first();
}

bool mayWrite(QWidget *parent, const QString &path)
{
    if (!QFileInfo::exists(path))
        return true;
    return QMessageBox::question(parent, ExportDialog::tr("Replace file?"),
                                 ExportDialog::tr("“%1” exists already in %2. Replace it?")
                                     .arg(QFileInfo(path).fileName(),
                                          QFileInfo(path).absolutePath()),
                                 QMessageBox::Yes | QMessageBox::No,
                                 QMessageBox::No) == QMessageBox::Yes;
}

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
    // Room for a whole path: the field is what the person checks before saving.
    m_path->setMinimumWidth(fontMetrics().averageCharWidth() * 60);
    m_path->setObjectName(QStringLiteral("exportPath"));
    auto *browse = new QPushButton(tr("&Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto *pathLabel = new QLabel(tr("Save &as:"), this);
    pathLabel->setBuddy(m_path);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(pathLabel, pathRow);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    connect(m_path, &QLineEdit::editingFinished, this, &ExportDialog::pathEdited);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    formatChanged();
}

QString ExportDialog::path() const
{
    const QString suffix = m_format->currentData().toString();
    return withFilterSuffix(m_path->text().trimmed(), QStringLiteral("*.") + suffix);
}

QSize ExportDialog::size() const
{
    return {m_width->value(), m_height->value()};
}

void ExportDialog::accept()
{
    if (m_path->text().trimmed().isEmpty())
        return;
    m_path->setText(path());
    if (!mayWrite(this, path()))
        return;
    QDialog::accept();
}

void ExportDialog::formatChanged()
{
    const QString suffix = m_format->currentData().toString();
    const QFileInfo info(m_path->text());
    if (!m_path->text().isEmpty() && info.suffix().toLower() != suffix)
        m_path->setText(info.path() + QLatin1Char('/') + info.completeBaseName() +
                        QLatin1Char('.') + suffix);
}

void ExportDialog::pathEdited()
{
    // A typed suffix of a known format chooses that format.
    const int index = m_format->findData(QFileInfo(m_path->text()).suffix().toLower());
    if (index >= 0 && index != m_format->currentIndex())
        m_format->setCurrentIndex(index);
}

void ExportDialog::browse()
{
    QStringList filters;
    for (int i = 0; i < m_format->count(); ++i)
        filters.append(m_format->itemText(i) +
                       QStringLiteral(" (*.%1)").arg(m_format->itemData(i).toString()));
    QString filter = filters.at(m_format->currentIndex());
    // Overwriting is asked once, on Save.
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export chart"), m_path->text(), filters.join(QStringLiteral(";;")), &filter,
        QFileDialog::DontConfirmOverwrite);
    if (chosen.isEmpty())
        return;
    m_path->setText(withFilterSuffix(chosen, filter, filters.join(QStringLiteral(";;"))));
    pathEdited(); // the suffix chosen there chooses the format here
}

} // namespace trimscope::gui
