#include "wraptext.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QMimeData>
#include <QTextDocument>
#include <utility>

namespace trimscope::gui {

namespace {

// A word or path longer than this may still break after a slash: whole, it would not fit a
// narrow label's line and be cut off ("/sys/block/sda/device/scsi_disk/0:0:0:0/…", a run's file
// in ~/.local/share). "I/O", "/etc/fstab", "/dev/mapper/luks-…" are far shorter.
constexpr qsizetype kLongestJoined = 40;

// Where the token around `at` (between spaces or markup) starts and ends.
std::pair<qsizetype, qsizetype> tokenAround(const QString &text, qsizetype at, bool rich)
{
    const auto ends = [&](QChar c) {
        return c.isSpace() || (rich && (c == QLatin1Char('<') || c == QLatin1Char('>')));
    };
    qsizetype start = at;
    while (start > 0 && !ends(text.at(start - 1)))
        --start;
    qsizetype end = at;
    while (end < text.size() && !ends(text.at(end)))
        ++end;
    return {start, end};
}

} // namespace

QString joinAtSlashes(const QString &text, bool rich)
{
    if (!text.contains(QLatin1Char('/')))
        return text;
    QString joined;
    joined.reserve(text.size() + 8);
    bool inTag = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        joined += c;
        if (rich && c == QLatin1Char('<'))
            inTag = true;
        else if (rich && c == QLatin1Char('>'))
            inTag = false;
        if (c != QLatin1Char('/') || inTag || i + 1 == text.size())
            continue;
        // Only where a word or path goes on: "a / b" keeps its break after the slash.
        const QChar next = text.at(i + 1);
        if (next.isSpace() || next == QChar(kWordJoiner) || (rich && next == QLatin1Char('<')))
            continue;
        // A web address is a link, broken after its slashes as everywhere; a long path too.
        const auto [start, end] = tokenAround(text, i, rich);
        const QStringView token = QStringView(text).mid(start, end - start);
        if (token.size() <= kLongestJoined && !token.contains(QLatin1String("://")))
            joined += QChar(kWordJoiner);
    }
    return joined;
}

QString wrappedText(const QLabel *label, const QString &text)
{
    const Qt::TextFormat format = label->textFormat();
    const bool rich =
        format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text));
    return joinAtSlashes(text, rich);
}

void setWrappedText(QLabel *label, const QString &text)
{
    label->setText(wrappedText(label, text));
}

QString withoutJoiners(QString text)
{
    return text.remove(QChar(kWordJoiner));
}

void keepJoinersOffClipboard(QClipboard *clipboard)
{
    // Selecting a label's text and copying it copies what the label holds, joiners included: a
    // path pasted into a terminal would carry an invisible character. Replaced as it arrives;
    // the replacement has none, so it is not replaced again.
    QObject::connect(
        clipboard, &QClipboard::changed, clipboard, [clipboard](QClipboard::Mode mode) {
            // Another program's text is left alone. A platform without other programs
            // (offscreen, the tests') says it owns nothing: every change there is ours.
            const QString platform = QGuiApplication::platformName();
            const bool alone =
                platform == QLatin1String("offscreen") || platform == QLatin1String("minimal");
            const bool ours =
                alone || (mode == QClipboard::Clipboard   ? clipboard->ownsClipboard()
                          : mode == QClipboard::Selection ? clipboard->ownsSelection()
                                                          : clipboard->ownsFindBuffer());
            const QMimeData *data = ours ? clipboard->mimeData(mode) : nullptr;
            if (!data || !data->hasText() || !data->text().contains(QChar(kWordJoiner)))
                return;
            auto *clean = new QMimeData;
            clean->setText(withoutJoiners(data->text()));
            if (data->hasHtml())
                clean->setHtml(withoutJoiners(data->html()));
            clipboard->setMimeData(clean, mode);
        });
}

} // namespace trimscope::gui
