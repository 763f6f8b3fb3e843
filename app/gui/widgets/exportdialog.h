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

// `path` with the suffix `filter` asks for ("CSV table (*.csv)" -> ".csv") when it has none of
// the filter's suffixes.
QString withFilterSuffix(const QString &path, const QString &filter);
// Asks before `path` is overwritten; true when it does not exist or the person agrees.
bool mayWrite(QWidget *parent, const QString &path);

} // namespace trimscope::gui
