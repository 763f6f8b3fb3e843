#pragma once

#include "advice/deletescaling.h"
#include "advice/trimcurve.h"
#include "fsbench/synthetictree.h"
#include "report/diagnosis.h"

#include <QList>
#include <QStringList>
#include <functional>

namespace trimscope {

// What the diagnosis's filesystem experiment is expected to take on one drive. A run is a mkfs,
// a mount, a tree written and synced, deleted and synced, an unmount; with online discard the
// delete's discards come on top, and on a drive with slow TRIMs they are most of the run (the
// slow-small emulated drive: 468 ext4 discards of about 55 MiB, 20 ms each, for a quarter and a
// whole kernel tree). Before anything was measured: the assumed write speed and no discards.
struct ExperimentCost
{
    // How fast a tree of small files is written, synced and deleted: a fifth of the sweep's
    // writes between its TRIMs (which show how busy the computer is, too).
    double writeBytesPerSecond = 0;
    // The sweep's TRIM curve, which prices the deletes' discards as the advice does
    // (advice::treeDiscardCost); empty: they are not priced.
    advice::TrimCurve curve;
    // Background work a TRIM leaves per MiB (the probe's); writes after a delete wait for it.
    double deferredSecondsPerMiB = 0;
    // The experiment's own deletes so far: they say what this drive's filesystems send.
    QList<advice::TreeDelete> deletes;

    ExperimentCost();
    // What deleting `tree` on `filesystem` with online discard costs the drive: its discards'
    // time and the background work they leave.
    double discardSeconds(const QString &filesystem, const fsbench::TreeSpec &tree) const;
    // One run of `tree` on `filesystem`, with online discard or without it.
    double runSeconds(const QString &filesystem, const fsbench::TreeSpec &tree,
                      bool onlineDiscard) const;
    // The smaller tree with online discard and the larger with and without it, on each of
    // `filesystems`; 0 unless there are two trees.
    double experimentSeconds(const QList<fsbench::TreeSpec> &trees,
                             const QStringList &filesystems) const;
};

// The cost as far as `measured` tells it: its sweep's curve and write speed (before the sweep,
// the probe's one timed discard for every size), its probe's background work, its filesystem
// experiment's deletes.
ExperimentCost experimentCostOf(const DiagnosisResult &measured);

// The largest pair of trees (as the schedule makes them, the larger no larger than
// `largestFiles`) whose experiment on `filesystems` takes at most `seconds` at `cost` and fits a
// drive of `deviceBytes`; empty when not even the smallest pair does.
QList<fsbench::TreeSpec> treesWithin(double seconds, const QStringList &filesystems,
                                     quint64 deviceBytes, const ExperimentCost &cost,
                                     int largestFiles);
// A tree of `files` kernel-like files (13.4 KB each).
fsbench::TreeSpec kernelLikeTree(int files);

// What the filesystem experiment runs with `secondsLeft` of the budget: the planned trees, or the
// largest that fit (treesWithin), or none; and what it changed, in words (the phase's message).
struct ExperimentChoice
{
    QList<fsbench::TreeSpec> trees; // empty: skipped
    QStringList changes;            // "trees shortened from ..."
    QString skipped;                // why none, when none
};
ExperimentChoice chooseTrees(const QList<fsbench::TreeSpec> &planned,
                             const QStringList &filesystems, quint64 deviceBytes,
                             const ExperimentCost &cost, double secondsLeft);
// The larger tree once the smaller ran: as chosen, else one of twice the smaller's files, else
// none (files 0), whichever `seconds` (its runs on every filesystem) says fits `secondsLeft`;
// `change` gets what was changed, in words.
fsbench::TreeSpec largerTreeWithin(const QList<fsbench::TreeSpec> &trees, double secondsLeft,
                                   const std::function<double(const fsbench::TreeSpec &)> &seconds,
                                   QString *change);

} // namespace trimscope
