#include "startupmark.h"

#include <QEvent>
#include <QFile>
#include <QScopeGuard>
#include <QTimer>
#include <QWidget>
#include <QWindow>
#include <cstdlib>
#include <time.h>

namespace trimscope::gui {

namespace {

class FirstPaintWatch : public QObject
{
public:
    explicit FirstPaintWatch(QWindow *window) : QObject(window) {}

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        const auto *window = qobject_cast<QWindow *>(watched);
        if (event->type() == QEvent::Expose && window && window->isExposed()) {
            // The expose is handled (painted, flushed) after this filter: mark in the next turn.
            QTimer::singleShot(0, [] { markStartup("painted"); });
            watched->removeEventFilter(this);
            deleteLater();
        }
        return false;
    }
};

} // namespace

void markStartup(const char *name)
{
    static const QByteArray path = qgetenv("TRIMSCOPE_STARTUP_MARKS");
    static const QByteArray exitAt = qgetenv("TRIMSCOPE_STARTUP_EXIT_AT");
    // A launch timed as a whole process ends at its mark, without the teardown.
    const auto exitHere = qScopeGuard([name] {
        if (!exitAt.isEmpty() && exitAt == name)
            std::_Exit(0);
    });
    if (path.isEmpty())
        return;
    const auto ns = [](clockid_t clock) {
        timespec now{};
        clock_gettime(clock, &now);
        return QByteArray::number(qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec);
    };
    QFile file(QString::fromLocal8Bit(path));
    if (file.open(QIODevice::WriteOnly | QIODevice::Append))
        file.write(QByteArray(name) + ' ' + ns(CLOCK_REALTIME) + ' ' + ns(CLOCK_THREAD_CPUTIME_ID) +
                   '\n');
}

void markFirstPaint(QWidget *window)
{
    if ((qEnvironmentVariableIsEmpty("TRIMSCOPE_STARTUP_MARKS") &&
         qEnvironmentVariableIsEmpty("TRIMSCOPE_STARTUP_EXIT_AT")) ||
        !window->windowHandle())
        return;
    window->windowHandle()->installEventFilter(new FirstPaintWatch(window->windowHandle()));
}

} // namespace trimscope::gui
