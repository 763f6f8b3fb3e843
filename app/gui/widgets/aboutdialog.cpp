#include "aboutdialog.h"

#include "trimscope_config.h"
#include "wraptext.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {
QString link(const char *url, const QString &text)
{
    return QStringLiteral("<a href=\"%1\">%2</a>")
        .arg(QString::fromUtf8(url), text.toHtmlEscaped());
}

QLabel *textLabel(const QString &html, QWidget *parent)
{
    auto *label = new QLabel(html, parent);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    setWrappedText(label, label->text());
    label->setOpenExternalLinks(true);
    label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    return label;
}
} // namespace

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("About %1").arg(QStringLiteral(TRIMSCOPE_APP_NAME)));

    m_version = textLabel(
        QStringLiteral("<h2>%1 %2</h2>")
            .arg(QStringLiteral(TRIMSCOPE_APP_NAME), QStringLiteral(TRIMSCOPE_VERSION_STRING)),
        this);
    m_version->setObjectName(QStringLiteral("aboutVersion"));
    QLabel *description = textLabel(
        tr("Measures how long an SSD takes to TRIM blocks of each size, and how its speed "
           "recovers after writes, idle time and TRIM."),
        this);
    QLabel *copyright = textLabel(QString::fromUtf8(TRIMSCOPE_COPYRIGHT).toHtmlEscaped(), this);
    m_license =
        textLabel(tr("This program is free software under the %1 (%2). It comes with "
                     "absolutely no warranty.")
                      .arg(link(TRIMSCOPE_LICENSE_URL, QString::fromUtf8(TRIMSCOPE_LICENSE_NAME)),
                           QStringLiteral(TRIMSCOPE_LICENSE_SPDX)),
                  this);
    m_license->setObjectName(QStringLiteral("aboutLicense"));
    m_links =
        textLabel(QStringLiteral("%1 · %2").arg(link(TRIMSCOPE_HOMEPAGE_URL, tr("Homepage")),
                                                link(TRIMSCOPE_BUGREPORT_URL, tr("Report a bug"))),
                  this);
    m_links->setObjectName(QStringLiteral("aboutLinks"));

    auto *icon = new QLabel(this);
    const QIcon appIcon = QApplication::windowIcon();
    if (!appIcon.isNull())
        icon->setPixmap(appIcon.pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);

    auto *text = new QVBoxLayout;
    text->addWidget(m_version);
    text->addWidget(description);
    text->addWidget(copyright);
    text->addWidget(m_license);
    text->addWidget(m_links);
    text->addStretch();
    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addLayout(text, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    setMinimumWidth(420);
}

} // namespace trimscope::gui
