#pragma once

#include "advice/advice.h"
#include "backends/backend.h"
#include "health/drivehealth.h"

#include <QPointer>
#include <QWidget>
#include <functional>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace trimscope::gui {

class AttributeModel;
class LifespanEditor;

// A drive's health from a DriveHealth value, whatever produced it: a SMART blob the user loads
// (skdump --save), the helper's ReadHealth for real drives, or example data for simulated ones.
// The lifespan is recomputed live as its assumptions are edited.
class HealthTab : public QWidget
{
    Q_OBJECT
public:
    explicit HealthTab(QWidget *parent = nullptr);

    // `backend` serves the drive and reads its health ("Read from drive").
    void setDrive(const DriveEntry &drive, Backend *backend = nullptr);
    // Asks the backend for the drive's health; the answer arrives later (healthChanged, or the
    // reason why not in origin()).
    void readFromDrive();
    // `origin` says where the data came from, shown above everything else.
    void setHealth(const health::DriveHealth &health, const QString &origin);
    Error loadBlob(const QString &path);
    Error exportJson(const QString &path) const;

    const std::optional<health::DriveHealth> &health() const { return m_health; }
    // The selected drive's health, read from it or loaded for it; none for a simulated drive's
    // example data, which is no drive's.
    std::optional<health::DriveHealth> driveHealth() const;
    // Whether what is shown is example data standing in for a simulated drive's (labelled so
    // here and in the report, issue 47).
    bool showsExample() const { return m_example; }
    // What the advice can use of it (nothing for simulated example data).
    std::optional<advice::HealthSummary> adviceSummary() const;
    AttributeModel *attributes() const { return m_model; }
    LifespanEditor *lifespanEditor() const { return m_editor; }
    QLabel *lifespanLabel() const { return m_lifespan; }
    // The drive's identity and figures: model, overall, writes, TRIM and what a read after it
    // returns, the kernel's quirks.
    QLabel *figures() const { return m_figures; }
    QProgressBar *wearGauge() const { return m_wear; }
    QPushButton *readButton() const { return m_read; }
    QLabel *origin() const { return m_origin; }
    bool isReading() const { return m_reading; }

signals:
    void healthChanged();
    void message(const QString &text);

private:
    void recomputeLifespan();
    void refreshFigures();
    void loadBlobClicked();
    void exportClicked();
    void clear(const QString &why);
    void onHealthRead(const QString &driveId, const Error &error,
                      const health::DriveHealth &health);
    void updateReadButton();
    // ata, read without the drive database, named and summarized with it, then shown by show:
    // at once (true) when the database is loaded, else once it is, after "Reading the drive
    // database…" meanwhile. This thread never parses the database nor waits for it.
    bool showWithDriveDatabase(health::AtaHealth ata,
                               std::function<void(health::DriveHealth)> show);

    DriveEntry m_drive;
    QPointer<Backend> m_backend;
    bool m_reading = false;
    std::optional<health::DriveHealth> m_health;
    quint64 m_shown = 0; // counts what was shown or cleared: a late database fills only its own
    bool m_example = false;
    QLabel *m_origin;
    QLabel *m_figures;
    QProgressBar *m_wear;
    QLabel *m_lifespan;
    LifespanEditor *m_editor;
    AttributeModel *m_model;
    QTableView *m_table;
    QPushButton *m_load;
    QPushButton *m_read;
    QPushButton *m_export;
};

} // namespace trimscope::gui
