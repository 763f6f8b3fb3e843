#include "helpwindow.h"

#include "apply/undojournal.h"
#include "appsettings.h"
#include "history/historystore.h"
#include "trimscope_config.h"
#include "wraptext.h"

#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextFrame>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

namespace trimscope::gui {

namespace {
QString guideFile(const QString &language)
{
    return QStringLiteral(":/help/guide.%1.html").arg(language);
}

QString codeText(const QString &path)
{
    return QDir::toNativeSeparators(path).toHtmlEscaped();
}

// The first named anchor in a heading's block: the section's name in links and in F1's choice.
QString anchorOf(const QTextBlock &block)
{
    for (auto it = block.begin(); !it.atEnd(); ++it) {
        const QStringList names = it.fragment().charFormat().anchorNames();
        if (!names.isEmpty())
            return names.constFirst();
    }
    return {};
}
} // namespace

HelpWindow::HelpWindow(const QString &runDirectory, QWidget *parent)
    : QWidget(parent, Qt::Window), m_contents(new QListWidget(this)), m_search(new QLineEdit(this)),
      m_browser(new QTextBrowser(this)),
      m_online(new QPushButton(tr("Open the README &online"), this)), m_notice(new QLabel(this)),
      m_noMatch(new QLabel(tr("Not in the guide"), this))
{
    setObjectName(QStringLiteral("guideWindow"));
    setWindowTitle(tr("TrimScope user guide"));
    m_browser->setObjectName(QStringLiteral("guideText"));
    m_contents->setObjectName(QStringLiteral("guideContents"));
    m_search->setObjectName(QStringLiteral("guideSearch"));
    m_online->setObjectName(QStringLiteral("guideOnline"));
    m_notice->setObjectName(QStringLiteral("guideNotice"));
    m_noMatch->setObjectName(QStringLiteral("guideNoMatch"));
    m_noMatch->hide();

    // Links are followed here: a section in this window, an address in the browser (or the
    // notice when there is none). QTextBrowser would try to load an address as a document.
    m_browser->setOpenLinks(false);
    m_browser->document()->setDefaultStyleSheet(QStringLiteral("td { padding: 2px 8px 2px 0; }"));
    m_browser->setHtml(guideHtml(guideLanguage(), runDirectory));
    readSections();

    m_search->setPlaceholderText(tr("A word to find; Enter finds the next"));
    m_search->setClearButtonEnabled(true);
    auto *searchLabel = new QLabel(tr("&Search:"), this);
    searchLabel->setBuddy(m_search);
    auto *contentsLabel = new QLabel(tr("&Contents"), this);
    contentsLabel->setBuddy(m_contents);
    m_notice->setWordWrap(true);
    m_notice->setTextFormat(Qt::RichText);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_notice->setFrameShape(QFrame::StyledPanel);
    m_notice->setMargin(6);
    m_notice->hide();
    m_online->setToolTip(tr("The project's README on its homepage, in English: the same "
                            "program in more technical detail. Needs a web browser."));

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(contentsLabel);
    leftLayout->addWidget(m_contents);
    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({270, 690});
    auto *top = new QHBoxLayout;
    top->addWidget(searchLabel);
    top->addWidget(m_search, 1);
    top->addWidget(m_noMatch);
    top->addWidget(m_online);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_notice);
    layout->addWidget(splitter, 1);
    resize(980, 660);

    connect(m_browser, &QTextBrowser::anchorClicked, this, &HelpWindow::linkClicked);
    connect(m_contents, &QListWidget::currentRowChanged, this, &HelpWindow::sectionChosen);
    connect(m_browser->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &HelpWindow::followScroll);
    connect(m_search, &QLineEdit::textChanged, this, &HelpWindow::searchChanged);
    connect(m_search, &QLineEdit::returnPressed, this, &HelpWindow::findNext);
    connect(m_online, &QPushButton::clicked, this, [this] {
        openOnline(QUrl(QStringLiteral(TRIMSCOPE_HOMEPAGE_URL "#readme")), currentSection());
    });
    connect(new QShortcut(QKeySequence::Find, this), &QShortcut::activated, this, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    connect(new QShortcut(QKeySequence::FindNext, this), &QShortcut::activated, this,
            &HelpWindow::findNext);
    connect(new QShortcut(QKeySequence::Close, this), &QShortcut::activated, this, &QWidget::close);
}

QString HelpWindow::guideLanguage()
{
    // The catalogue the program loaded decides, so the guide speaks the menus' language.
    const QString language =
        tr("en", "the language code of the user guide in this language (resources/help/"
                 "guide.CODE.html); keep \"en\" until that file exists");
    return QFile::exists(guideFile(language)) ? language : QStringLiteral("en");
}

QString HelpWindow::guideHtml(const QString &language, const QString &runDirectory)
{
    QFile file(guideFile(language));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QString html = QString::fromUtf8(file.readAll());
    // This computer's own paths (the Flatpak's lie under ~/.var/app), not a guess in the text.
    html.replace(QLatin1String("@RUNS@"), codeText(runDirectory));
    html.replace(QLatin1String("@HISTORY@"), codeText(history::HistoryStore::defaultPath()));
    html.replace(QLatin1String("@APPLIED@"), codeText(apply::defaultJournalPath()));
    html.replace(QLatin1String("@SETTINGS@"), codeText(appSettings()->fileName()));
    html.replace(QLatin1String("@DOCUMENTS@"), codeText(userFilesDir()));
    return html;
}

void HelpWindow::readSections()
{
    m_sections.clear();
    const QTextDocument *document = m_browser->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() != 2)
            continue;
        Section section;
        section.anchor = anchorOf(block);
        section.title = block.text().simplified();
        section.position = block.position();
        m_sections.append(section);
    }
    for (qsizetype i = 0; i < m_sections.size(); ++i) {
        QTextCursor cursor(m_browser->document());
        cursor.setPosition(m_sections.at(i).position);
        cursor.setPosition(i + 1 < m_sections.size() ? m_sections.at(i + 1).position
                                                     : document->characterCount() - 1,
                           QTextCursor::KeepAnchor);
        m_sections[i].text = cursor.selectedText();
        m_contents->addItem(m_sections.at(i).title);
    }
}

void HelpWindow::showSection(const QString &anchor)
{
    show();
    raise();
    activateWindow();
    // Room below the last section, so that every section can come to the top (and be the one
    // the contents mark), the last ones too.
    QTextFrameFormat frame = m_browser->document()->rootFrame()->frameFormat();
    frame.setBottomMargin(m_browser->viewport()->height());
    m_browser->document()->rootFrame()->setFrameFormat(frame);
    if (anchor.isEmpty() || !std::any_of(m_sections.cbegin(), m_sections.cend(),
                                         [&](const Section &s) { return s.anchor == anchor; }))
        m_browser->verticalScrollBar()->setValue(0);
    else
        m_browser->scrollToAnchor(anchor);
    followScroll();
}

bool HelpWindow::openOnline(const QUrl &url, const QString &anchor)
{
    if (QDesktopServices::openUrl(url)) {
        m_notice->hide();
        return true;
    }
    const QString address = url.toString().toHtmlEscaped();
    setWrappedText(m_notice,
                   tr("<b>No web browser could be opened for</b> %1<br>To read it, copy the "
                      "address into a browser on any computer. This guide works without one.")
                       .arg(address));
    m_notice->show();
    showSection(anchor);
    return false;
}

QString HelpWindow::currentSection() const
{
    const int top = m_browser->cursorForPosition(QPoint(2, 2)).position();
    QString anchor;
    for (const Section &section : m_sections)
        if (section.position <= top)
            anchor = section.anchor;
    return anchor.isEmpty() && !m_sections.isEmpty() ? m_sections.constFirst().anchor : anchor;
}

void HelpWindow::linkClicked(const QUrl &url)
{
    if (url.scheme().isEmpty() && url.path().isEmpty() && url.hasFragment()) {
        m_browser->scrollToAnchor(url.fragment());
        return;
    }
    openOnline(url, currentSection());
}

void HelpWindow::searchChanged(const QString &text)
{
    const QString term = text.trimmed();
    for (qsizetype i = 0; i < m_sections.size(); ++i)
        m_contents->item(int(i))->setHidden(
            !term.isEmpty() && !m_sections.at(i).title.contains(term, Qt::CaseInsensitive) &&
            !m_sections.at(i).text.contains(term, Qt::CaseInsensitive));
    m_browser->moveCursor(QTextCursor::Start);
    m_noMatch->setVisible(!term.isEmpty() && !m_browser->find(term));
}

void HelpWindow::findNext()
{
    const QString term = m_search->text().trimmed();
    if (term.isEmpty())
        return;
    if (!m_browser->find(term)) {
        m_browser->moveCursor(QTextCursor::Start);
        m_noMatch->setVisible(!m_browser->find(term));
    }
}

void HelpWindow::sectionChosen()
{
    const int row = m_contents->currentRow();
    if (m_scrolling || row < 0 || row >= m_sections.size())
        return;
    m_browser->scrollToAnchor(m_sections.at(row).anchor);
}

void HelpWindow::followScroll()
{
    const QString anchor = currentSection();
    for (qsizetype i = 0; i < m_sections.size(); ++i) {
        if (m_sections.at(i).anchor != anchor)
            continue;
        m_scrolling = true;
        m_contents->setCurrentRow(int(i));
        m_scrolling = false;
    }
}

} // namespace trimscope::gui
