#pragma once

#include "backends/backend.h"

#include <QWidget>

class QStandardItemModel;
class QTreeView;

namespace trimscope::gui {

// The drives of every backend, grouped by backend. Below its drives each group says in one line
// what its backend can and cannot do on this system, and in that line's tooltip, for what it
// cannot, why not and the remedy (the one place the window shows backend capabilities), so
// nothing unavailable is ever silently missing.
class DriveList : public QWidget
{
    Q_OBJECT
public:
    // OnRequest: the list says "Looking for drives…" until listDrives(). The window lists them
    // once it is on screen: wrapping every name to its column, four times as the view and its
    // header settle, was a sixth of the CPU its first frame took (issue 47 item 17).
    enum class Listing { Now, OnRequest };
    explicit DriveList(QList<Backend *> backends, QWidget *parent = nullptr,
                       Listing listing = Listing::Now);

    // Lists every backend's drives, and from then on follows their changes.
    void listDrives();
    bool isListed() const { return m_listed; }
    bool selectDrive(const QString &driveId);
    QString selectedDriveId() const { return m_selectedId; }
    std::optional<DriveEntry> selectedDrive() const;
    Backend *backendOf(const QString &driveId) const;
    QTreeView *view() const { return m_view; }

signals:
    void driveSelected(const trimscope::gui::DriveEntry &drive);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    // The header and its columns' sizing, for the drives or the line standing in for them.
    void setUpColumns();
    void onCurrentChanged();
    // Shows the columns beside the name that leave it room, hides the rest.
    void fitColumns();
    // The name cells' text: the name, and below it what hidden columns would say and the
    // refusal's marker.
    void labelNames();

    QList<Backend *> m_backends;
    QStandardItemModel *m_model;
    QTreeView *m_view;
    QString m_selectedId;
    int m_laidOutWidth = -1; // the width the info rows were wrapped to (wrapWidth)
    bool m_listed = false;
};

} // namespace trimscope::gui
