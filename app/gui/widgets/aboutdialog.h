#pragma once

#include <QDialog>

class QLabel;

namespace trimscope::gui {

// Help → About TrimScope: version, what the program does, copyright, licence and links (homepage,
// bug reports), all from the generated trimscope_config.h.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    QLabel *versionLabel() const { return m_version; }
    QLabel *licenseLabel() const { return m_license; }
    QLabel *linksLabel() const { return m_links; }

private:
    QLabel *m_version;
    QLabel *m_license;
    QLabel *m_links;
};

} // namespace trimscope::gui
