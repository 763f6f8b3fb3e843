#pragma once

#include <QList>
#include <QString>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTextBrowser;
class QUrl;

namespace trimscope::gui {

// Help → User guide (F1): the guide shipped inside the program (resources/help, a Qt resource),
// in the language the user interface speaks, so it opens with no browser and no network, in the
// Flatpak too. Contents on the left (filtered by the search field), the text on the right; links
// between sections stay in the window. The online version is a button: when no browser opens,
// the window says so and shows the address.
class HelpWindow : public QWidget
{
    Q_OBJECT
public:
    // runDirectory: where this window's runs are kept, named in "Where results are kept".
    explicit HelpWindow(const QString &runDirectory, QWidget *parent = nullptr);

    // Shows the window, raised, at the section with this anchor (the first when it has none).
    void showSection(const QString &anchor);
    // Opens an address in the web browser; when none opens, shows this window at `anchor` saying
    // so, with the address to copy. Whether a browser took it.
    bool openOnline(const QUrl &url, const QString &anchor);

    // The language of the guide shown ("en", "de"): the one the loaded catalogue names.
    static QString guideLanguage();
    // The guide's HTML in that language, this computer's paths filled in.
    static QString guideHtml(const QString &language, const QString &runDirectory);

    QTextBrowser *browser() const { return m_browser; }
    QListWidget *contents() const { return m_contents; }
    QLineEdit *searchField() const { return m_search; }
    QPushButton *onlineButton() const { return m_online; }
    QLabel *notice() const { return m_notice; }
    QLabel *noMatch() const { return m_noMatch; }
    // The anchor of the section at the top of the text.
    QString currentSection() const;

private:
    struct Section
    {
        QString anchor;
        QString title;
        int position = 0; // of its heading in the document
        QString text;     // its plain text, for the search
    };
    void readSections();
    void linkClicked(const QUrl &url);
    void searchChanged(const QString &text);
    void findNext();
    void sectionChosen();
    void followScroll();

    QList<Section> m_sections;
    QListWidget *m_contents;
    QLineEdit *m_search;
    QTextBrowser *m_browser;
    QPushButton *m_online;
    QLabel *m_notice;
    QLabel *m_noMatch;
    bool m_scrolling = false; // the contents follow the text, not the other way round
};

} // namespace trimscope::gui
