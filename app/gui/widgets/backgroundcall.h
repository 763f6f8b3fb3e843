#pragma once

#include <QObject>
#include <QThread>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace trimscope::gui {

// Runs `work` on a thread of its own and hands its result to `done` in `context`'s thread (the
// GUI's), queued; nothing when `context` is gone by then. For the blocking reads of this computer
// over D-Bus (udisks2, systemd, the helper) that would otherwise freeze the window. `work` must
// touch no widget.
template <class Work, class Done> void callInBackground(QObject *context, Work work, Done done)
{
    using Result = std::invoke_result_t<Work &>;
    auto result = std::make_shared<std::optional<Result>>();
    QThread *thread =
        QThread::create([result, work = std::move(work)]() mutable { result->emplace(work()); });
    QObject::connect(thread, &QThread::finished, context,
                     [result, done = std::move(done)]() mutable { done(std::move(**result)); });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace trimscope::gui
