#pragma once

class QWidget;

namespace trimscope::gui {

// Time marks for bench/startup (issue 47 item 17): with TRIMSCOPE_STARTUP_MARKS=FILE in the
// environment, each mark appends "NAME NANOSECONDS CPU_NANOSECONDS\n" to FILE: the time on
// CLOCK_REALTIME (the launcher's clock, so a mark minus the moment of exec is the time from
// launch), and the CPU time the calling thread (the main one: since exec, dynamic loading
// included) has used, which a busy machine stretches far less than the wall time. Without the
// variable nothing is written. With TRIMSCOPE_STARTUP_EXIT_AT=NAME the process ends (exit status
// 0, no teardown) right after the mark NAME, so that a launch can be timed as a whole process.
void markStartup(const char *name);

// Marks "painted" once the first frame of `window` is on screen: the turn of the event loop
// after its platform window's first expose, whose frame Qt paints and flushes in that expose.
// Call after show().
void markFirstPaint(QWidget *window);

} // namespace trimscope::gui
