#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace trimscope::gui {

// Where and how big: file name (format by suffix) and pixel size for a chart export.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ExportDialog(const QString &suggestedPath, QSize size, QWidget *parent = nullptr);

    QString path() const;
    QSize size() const;

private:
    void browse();
    void formatChanged();

    QComboBox *m_format;
    QLineEdit *m_path;
    QSpinBox *m_width;
    QSpinBox *m_height;
};

} // namespace trimscope::gui
