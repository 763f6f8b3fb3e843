#include "overviewtab.h"

#include "common/units.h"
#include "wraptext.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace trimscope::gui {

OverviewTab::OverviewTab(QWidget *parent) : QWidget(parent), m_text(new QLabel(this))
{
    m_text->setObjectName(QStringLiteral("overviewText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setMargin(12);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_text);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    setWrappedText(m_text, tr("Select a drive on the left."));
}

void OverviewTab::setDrive(const DriveEntry &drive, const Backend *backend)
{
    if (drive.id.isEmpty() || !backend) {
        setWrappedText(m_text, tr("Select a drive on the left."));
        return;
    }
    const DriveInfo &d = drive.info;
    auto row = [](const QString &key, const QString &value) {
        return QStringLiteral("<tr><td style='padding-right:16px'><b>%1</b></td><td>%2</td></tr>")
            .arg(key.toHtmlEscaped(), value.toHtmlEscaped());
    };
    auto orDash = [](const QString &s) { return s.isEmpty() ? QStringLiteral("–") : s; };
    QString html = QStringLiteral("<h2>%1</h2>").arg(d.displayName().toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("Served by <b>%1</b>: %2")
                         .arg(backend->displayName().toHtmlEscaped(),
                              backend->description().toHtmlEscaped()));
    html += QStringLiteral("<h3>%1</h3><table>").arg(tr("Drive"));
    html += row(tr("Device"), d.path);
    html += row(tr("Vendor"), orDash(d.vendor));
    html += row(tr("Model"), orDash(d.displayModel()));
    html += row(tr("Serial number"), orDash(d.serial));
    html += row(tr("Firmware"), orDash(d.firmware));
    // A simulated drive's bus is the word "simulated" in files; say it in the reader's language.
    html += row(tr("Bus"), d.simulated && d.transport == QLatin1String("simulated")
                               ? tr("none (simulated in this program)")
                               : orDash(d.transport));
    html +=
        row(tr("Capacity"),
            tr("%1 (%2 bytes)").arg(formatBytes(d.sizeBytes), formatCount(qint64(d.sizeBytes))));
    html += row(tr("Block size"),
                tr("%1 logical, %2 physical")
                    .arg(formatBytes(d.logicalBlockSize), formatBytes(d.physicalBlockSize)));
    html += row(tr("Kind"), d.rotational ? tr("rotating disk") : tr("solid state"));
    html += row(tr("In use"), drive.usage);
    html += QStringLiteral("</table><h3>%1</h3><table>").arg(tr("Discard (TRIM)"));
    if (drive.supportsDiscard) {
        html += row(tr("Supported"), tr("yes"));
        html += row(tr("Granularity"), formatBytes(d.discardGranularity));
        html += row(tr("Largest discard"), formatBytes(d.discardMaxBytes));
        html += row(tr("Largest discard (hardware)"), formatBytes(d.discardMaxHwBytes));
    } else {
        html += row(tr("Supported"), tr("no: the kernel passes no discards to this drive"));
    }
    html += QStringLiteral("</table><h3>%1</h3>").arg(tr("May it be benchmarked?"));
    if (d.simulated && drive.safety.allowed()) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Yes. This drive is simulated: nothing is written anywhere."));
    } else if (drive.safety.allowed()) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Yes. Nothing uses this drive. A TRIM benchmark destroys all data "
                            "on it; you will be asked to confirm."));
    } else {
        html += QStringLiteral("<p>%1</p><ul>").arg(tr("No, because:"));
        for (const Refusal &refusal : drive.safety.refusals)
            html += QStringLiteral("<li>%1</li>").arg(refusal.message.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    setWrappedText(m_text, html);
}

} // namespace trimscope::gui
