#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace trimscope::gui {

// Where and how big: file name and pixel size for a chart export. The file's suffix follows the
// chosen format (a name without one gets it); an existing file is replaced only when the person
// says so.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ExportDialog(const QString &suggestedPath, QSize size, QWidget *parent = nullptr);

    QString path() const;
    QSize size() const;
    QLineEdit *pathEdit() const { return m_path; }
    QComboBox *formatBox() const { return m_format; }

    void accept() override;

private:
    void browse();
    void formatChanged();
    void pathEdited();

    QComboBox *m_format;
    QLineEdit *m_path;
    QSpinBox *m_width;
    QSpinBox *m_height;
};

// The file to write for a name typed in a save dialog: kept when its suffix is one of
// `chosenFilter`'s or of any of `offeredFilters` (";;"-separated; the suffix typed chooses the
// format, as the chart export's field does), else with `chosenFilter`'s first suffix added
// ("CSV table (*.csv)" -> ".csv").
QString withFilterSuffix(const QString &path, const QString &chosenFilter,
                         const QString &offeredFilters = {});
// Asks before `path` is overwritten; true when it does not exist or the person agrees.
bool mayWrite(QWidget *parent, const QString &path);

} // namespace trimscope::gui
