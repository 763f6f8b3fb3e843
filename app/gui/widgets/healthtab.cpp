#include "healthtab.h"

#include "appsettings.h"
#include "attributemodel.h"
#include "backends/errorwords.h"
#include "common/atomicfile.h"
#include "common/inputfile.h"
#include "common/shellquote.h"
#include "common/units.h"
#include "flowlayout.h"
#include "health/drivedb.h"
#include "health/healthwords.h"
#include "health/trimreadwords.h"
#include "lifespaneditor.h"
#include "report/adviceinput.h"
#include "wraptext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace trimscope::gui {

using namespace trimscope::health;

namespace {
const auto kExampleBlob = QStringLiteral(":/health/intel-320-ssdsa2cw120g3.smart");

QString orUnknown(const std::optional<double> &value, const std::function<QString(double)> &f)
{
    return value ? f(*value) : QCoreApplication::translate("HealthTab", "unknown");
}

// The identity's rows for what a read after TRIM returns and what the kernel's own list makes of
// the drive's TRIM, in the words of the CLI's health and the report (health/trimreadwords.h).
QString trimFactRows(const DriveHealth &h)
{
    const TrimReadFacts facts = trimReadFacts(h);
    QString rows;
    for (const auto &[label, text] :
         {std::pair{afterTrimLabel(), facts.afterTrim}, std::pair{kernelLabel(), facts.kernel}}) {
        if (!text.isEmpty())
            rows +=
                QStringLiteral("<tr><td>%1</td><td>%2</td></tr>")
                    .arg(QCoreApplication::translate("HealthTab", "%1:", "a label before its value")
                             .arg(label)
                             .toHtmlEscaped(),
                         text.toHtmlEscaped());
    }
    return rows;
}
} // namespace

HealthTab::HealthTab(QWidget *parent)
    : QWidget(parent), m_origin(new QLabel(this)), m_figures(new QLabel(this)),
      m_wear(new QProgressBar(this)), m_lifespan(new QLabel(this)),
      m_editor(new LifespanEditor(this)), m_model(new AttributeModel(this)),
      m_table(new QTableView(this)), m_load(new QPushButton(tr("&Load SMART blob…"), this)),
      m_read(new QPushButton(tr("&Read from drive"), this)),
      m_export(new QPushButton(tr("E&xport raw data (JSON)…"), this))
{
    m_origin->setObjectName(QStringLiteral("healthOrigin"));
    m_lifespan->setObjectName(QStringLiteral("lifespan"));
    m_wear->setObjectName(QStringLiteral("wearGauge"));
    m_figures->setObjectName(QStringLiteral("healthFigures"));
    for (QLabel *label : {m_origin, m_figures, m_lifespan}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_wear->setRange(0, 100);
    m_wear->setFormat(tr("%p % of rated life used"));
    m_load->setToolTip(tr("A file written by \"skdump --save\" (package libatasmart-bin)."));
    m_read->setObjectName(QStringLiteral("readHealthButton"));
    m_read->setEnabled(false);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(AttributeModel::Name, QHeaderView::Stretch);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_load);
    buttons->addWidget(m_read);
    buttons->addStretch(1);
    buttons->addWidget(m_export);

    auto *wearBox = new QGroupBox(tr("Wear and lifetime writes"), this);
    auto *wearLayout = new QVBoxLayout(wearBox);
    wearLayout->addWidget(m_wear);
    wearLayout->addWidget(m_figures);
    wearLayout->addStretch(1);
    auto *lifeBox = new QGroupBox(tr("Lifespan estimate"), this);
    auto *lifeLayout = new QVBoxLayout(lifeBox);
    lifeLayout->addWidget(m_lifespan);
    lifeLayout->addWidget(m_editor);
    lifeLayout->addStretch(1);
    auto *top = new FlowLayout; // side by side, one under the other in a narrow window
    top->addWidget(wearBox);
    top->addWidget(lifeBox);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_origin);
    layout->addLayout(buttons);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);

    m_editor->restore(*appSettings());
    connect(m_editor, &LifespanEditor::changed, this, [this] {
        m_editor->save(*appSettings());
        recomputeLifespan();
    });
    connect(m_load, &QPushButton::clicked, this, &HealthTab::loadBlobClicked);
    connect(m_read, &QPushButton::clicked, this, &HealthTab::readFromDrive);
    connect(m_export, &QPushButton::clicked, this, &HealthTab::exportClicked);
    clear(tr("Select a drive, or load a SMART blob."));
}

void HealthTab::clear(const QString &why)
{
    ++m_shown;
    m_health.reset();
    m_example = false;
    setWrappedText(m_origin, why);
    m_model->setAttributes({});
    refreshFigures();
}

void HealthTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (m_backend != backend) {
        if (m_backend)
            disconnect(m_backend, &Backend::healthRead, this, &HealthTab::onHealthRead);
        m_backend = backend;
        if (backend)
            connect(backend, &Backend::healthRead, this, &HealthTab::onHealthRead);
    }
    m_drive = drive;
    m_reading = false;
    updateReadButton();
    if (drive.info.simulated) {
        QFile file(kExampleBlob);
        auto ata = file.open(QIODevice::ReadOnly)
                       ? loadAtaSmartBlob(file.readAll())
                       : Expected<AtaHealth>(makeError(ErrorCode::IoError, file.errorString()));
        if (!ata) {
            clear(ata.error().message);
            return;
        }
        const QString name = drive.info.displayName();
        if (!showWithDriveDatabase(std::move(ata).value(), [this, name](DriveHealth example) {
                example.source = tr("example data");
                setHealth(example, tr("%1 is simulated and has no SMART data. Shown instead: "
                                      "example data from a real Intel 320 (SSDSA2CW120G3).")
                                       .arg(name));
                m_example = true;
            }))
            emit healthChanged(); // none until the database is there
        return;
    }
    if (backend && backend->readsHealth())
        clear(tr("Press \"Read from drive\" to read the SMART data of %1 through the TrimScope "
                 "helper; it asks for the administrator password first.")
                  .arg(drive.info.displayName()));
    else
        clear(tr("Reading health of real drives needs the TrimScope helper. Without it, save "
                 "the drive's SMART data with \"%1\" and load it here.")
                  .arg(shellCommand({QStringLiteral("sudo"), QStringLiteral("skdump"),
                                     QStringLiteral("--save=FILE")},
                                    {drive.info.path})));
    emit healthChanged();
}

void HealthTab::updateReadButton()
{
    const bool real = !m_drive.id.isEmpty() && !m_drive.info.simulated && m_backend;
    m_read->setEnabled(real && !m_reading);
    if (m_drive.info.simulated)
        m_read->setToolTip(tr("Simulated drives have no SMART data."));
    else if (m_backend && m_backend->readsHealth())
        m_read->setToolTip(tr("Reads SMART data through the TrimScope helper (asks for the "
                              "administrator password)."));
    else
        m_read->setToolTip(tr("Reading health of real drives needs the TrimScope helper."));
}

void HealthTab::readFromDrive()
{
    if (!m_backend || m_drive.id.isEmpty() || m_drive.info.simulated || m_reading)
        return;
    m_reading = true;
    updateReadButton();
    setWrappedText(m_origin, tr("Reading the health of %1… (this may ask for your permission)")
                                 .arg(m_drive.info.displayName()));
    m_backend->readHealth(m_drive);
}

void HealthTab::onHealthRead(const QString &driveId, const Error &error, const DriveHealth &health)
{
    if (!m_reading || driveId != m_drive.id)
        return; // an answer for a drive no longer selected
    m_reading = false;
    updateReadButton();
    if (error.isError()) {
        clear(tr("Could not read the health of %1: %2")
                  .arg(m_drive.info.displayName(), errorInWords(error)));
        emit message(tr("Health not read: %1").arg(errorInWords(error)));
        emit healthChanged();
        return;
    }
    DriveHealth read = health;
    read.source = m_drive.info.path;
    setHealth(read, tr("SMART data of %1, read from %2 just now.")
                        .arg(read.model.isEmpty() ? m_drive.info.displayName() : read.model,
                             m_drive.info.path));
    emit healthChanged();
}

void HealthTab::setHealth(const DriveHealth &health, const QString &origin)
{
    ++m_shown;
    m_health = health;
    m_example = false;
    setWrappedText(m_origin, origin);
    m_model->setAttributes(health.ata ? health.ata->attributes : QList<AtaAttribute>{});
    recomputeLifespan();
}

Error HealthTab::loadBlob(const QString &path)
{
    const Expected<QByteArray> read = readInputFile(path, InputFileKind::SmartBlob);
    if (!read)
        return read.error();
    auto ata = loadAtaSmartBlob(*read);
    if (!ata)
        return ata.error();
    if (!showWithDriveDatabase(std::move(ata).value(), [this, path](DriveHealth loaded) {
            loaded.source = path;
            setHealth(loaded, tr("SMART data of %1, loaded from %2.")
                                  .arg(loaded.model, QFileInfo(path).fileName()));
        }))
        emit healthChanged(); // none until the database is there
    return {};
}

bool HealthTab::showWithDriveDatabase(AtaHealth ata, std::function<void(DriveHealth)> show)
{
    clear(tr("Reading the drive database…"));
    return whenSystemDriveDatabaseLoaded(
        this, [this, shown = m_shown, ata = std::move(ata),
               show = std::move(show)](const DriveDatabase *database) mutable {
            if (shown != m_shown)
                return; // another drive or file was chosen meanwhile
            interpretAtaHealth(ata, database);
            show(summarizeAta(std::move(ata), m_editor->assumptions()));
            emit healthChanged();
        });
}

void HealthTab::loadBlobClicked()
{
    auto settings = appSettings();
    const QString dir =
        settings->value(QStringLiteral("health/blobDir"), userFilesDir()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Load SMART blob"), dir);
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("health/blobDir"), QFileInfo(path).absolutePath());
    if (const Error error = loadBlob(path); error.isError())
        emit message(tr("Not loaded: %1").arg(error.message));
}

void HealthTab::recomputeLifespan()
{
    if (m_health)
        m_health->recomputeLifespan(m_editor->assumptions());
    refreshFigures();
}

void HealthTab::refreshFigures()
{
    m_export->setEnabled(m_health.has_value());
    if (!m_health) {
        m_wear->setValue(0);
        m_wear->setEnabled(false);
        m_figures->clear();
        setWrappedText(m_lifespan, tr("No health data."));
        return;
    }
    const DriveHealth &h = *m_health;
    m_wear->setEnabled(h.percentUsed.has_value());
    m_wear->setValue(int(std::clamp(h.percentUsed.value_or(0), 0.0, 100.0)));
    m_wear->setFormat(h.percentUsed ? tr("%p % of rated life used")
                                    : tr("wear not reported by this drive"));
    const auto hours = [](double v) { return tr("%1 h").arg(formatCount(std::llround(v))); };
    const auto celsius = [](double v) { return tr("%1 °C").arg(formatFixed(v, 0)); };
    const auto bytes = [](double v) { return formatBytes(quint64(v)); };
    setWrappedText(
        m_figures,
        tr("<table><tr><td>Model:</td><td>%1</td></tr><tr><td>Overall:</td><td>%2</td></tr>"
           "<tr><td>Lifetime writes:</td><td><b>%3</b></td></tr>"
           "<tr><td>Power-on time:</td><td>%4</td></tr><tr><td>Temperature:</td><td>%5</td></tr>"
           "<tr><td>TRIM supported:</td><td>%6</td></tr>%7</table>")
            .arg(h.model.toHtmlEscaped(), overallText(h.overall.value_or(QString())),
                 orUnknown(h.hostWritesBytes, bytes), orUnknown(h.powerOnHours, hours),
                 orUnknown(h.temperatureCelsius, celsius),
                 h.trimSupported ? (*h.trimSupported ? tr("yes") : tr("no")) : tr("unknown"),
                 trimFactRows(h)));
    const LifespanEstimate &life = h.lifespan;
    QString text = life.years
                       ? tr("<b>About %1 years</b> of rated life at this write rate.")
                             .arg(formatFixed(*life.years, *life.years < 10 ? 1 : 0))
                       : tr("<b>Unknown:</b> %1").arg(lifespanUnknownText(life).toHtmlEscaped());
    if (life.input.writeRate)
        text +=
            QLatin1Char(' ') + tr("Written: %1 per day on average.")
                                   .arg(formatBytes(quint64(life.input.writeRate->bytesPerDay)));
    if (h.wearExtrapolation && h.wearExtrapolation->remainingYears)
        text += QLatin1Char(' ') + tr("From the drive's own wear figure: %1 years left.")
                                       .arg(formatFixed(*h.wearExtrapolation->remainingYears, 1));
    if (!life.assumptions.isEmpty())
        text += QStringLiteral("<br><small>%1</small>")
                    .arg(tr("Assumed: %1")
                             .arg(lifespanAssumptionTexts(life).join(QStringLiteral("; ")))
                             .toHtmlEscaped());
    setWrappedText(m_lifespan, text);
}

std::optional<DriveHealth> HealthTab::driveHealth() const
{
    return m_example ? std::nullopt : m_health;
}

std::optional<advice::HealthSummary> HealthTab::adviceSummary() const
{
    const std::optional<DriveHealth> health = driveHealth();
    return health ? std::optional(healthSummaryOf(*health)) : std::nullopt;
}

Error HealthTab::exportJson(const QString &path) const
{
    if (!m_health)
        return makeError(ErrorCode::InvalidArgument, tr("No health data to export."));
    return writeFileAtomically(path, resultToJsonBytes(*m_health));
}

void HealthTab::exportClicked()
{
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("export/dir"), userFilesDir()).toString();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export health data"),
        QDir(dir).filePath(QStringLiteral("drive-health.trimscope.json")), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("export/dir"), QFileInfo(path).absolutePath());
    const Error error = exportJson(path);
    emit message(error.isError() ? tr("Export failed: %1").arg(error.message)
                                 : tr("Health data saved to %1").arg(path));
}

} // namespace trimscope::gui
