#pragma once

#include "advice.h"

#include <QList>
#include <optional>

// The drive in use: what its own counters (trimscope-cli watch) and a timed fstrim of its free
// space measured, per filesystem, and the verdict those numbers give. The answer for the drive
// people boot from, which no destructive benchmark may touch; a diagnosis of a spare drive stays
// the full answer where there is one.
namespace trimscope::advice {

// One filesystem of the drive in use, as measured.
struct InUseFilesystem
{
    QString mountPoint;
    QString fsType;
    QString deviceName; // whose counters these are ("sda2")
    bool onlineDiscard = false;
    // What its device served over the watch (a timed fstrim inside the period taken out).
    double periodSeconds = 0;
    bool sinceBoot = false;
    fsbench::DiscardDelta discards;
    bool watched = false; // a watch covered it
    // The watch's counters were not this device's alone (DiscardWatch::foreignCounters): it
    // counts as not watched, and this says why.
    QString foreignCounters;
    // Where the watch counted from the device's appearance or its attachment's first sighting
    // rather than boot (DiscardWatch::countedSince), that in words.
    QString countedSince;
    // The latest timed fstrim of it.
    std::optional<watch::FstrimTimingResult> fstrim;
};

// The shortest watch whose discards stand for a day of use: a shorter window is filled by
// whatever burst it caught (a 20 s watch around one delete read as 2.3 hours a day, issue 46).
inline constexpr double kShortestDailyWindowSeconds = 3600;

// Whether a watch of `periodSeconds` may be priced per day: the counters since the device
// appeared, or a window of an hour or more.
bool isDailyRate(double periodSeconds, bool sinceBoot);

// The numbers a verdict for one filesystem rests on.
struct InUseNumbers
{
    bool onlineDiscard = false;
    quint64 discards = 0;     // served by its device over the watch
    double driveSeconds = 0;  // the device time they took
    double periodSeconds = 0; // of the watch
    double shareOfPeriod = 0; // driveSeconds / periodSeconds
    // Only for a window that stands for a day (isDailyRate): a burst is no daily rate.
    std::optional<double> secondsPerDay;
    double secondsPerDiscard = 0;
    // A kernel-sized delete with online discard: the filesystem's recorded discards, each
    // priced by what this drive's discards cost in use. With a timed fstrim's discards (larger
    // ones) beside the watch's, a line through both sizes prices them (fitted); with the watch
    // alone, the price of the recorded size lies between "as costly as the average discard"
    // (command-bound) and "in proportion to its size" (size-bound), and the range spans both.
    // The record's own margin widens the range either way.
    std::optional<double> deleteSeconds;
    double deleteLowSeconds = 0;
    double deleteHighSeconds = 0;
    bool fitted = false; // priced by the line through both sizes
    double recordedDiscards = 0;
    double recordedBytes = 0;
    double limitSeconds = 0;
    // A timed fstrim that trimmed something: what it cost.
    std::optional<double> fstrimSeconds;
    double fstrimLongestPieceSeconds = 0;
    bool fstrimTrimmedNothingNew = false;

    double lowSeconds() const { return deleteSeconds ? deleteLowSeconds : 0; }
    double highSeconds() const { return deleteSeconds ? deleteHighSeconds : 0; }
};

struct InUseFigures
{
    std::optional<DriveInfo> drive;
    QList<InUseFilesystem> filesystems; // by mount point, the watch's order

    bool isEmpty() const { return filesystems.isEmpty(); }
};

// Gathers the watch and the timed fstrims of the input by filesystem.
InUseFigures inUseFiguresOf(const AdviceInput &input);

// The numbers of one filesystem.
InUseNumbers inUseNumbers(const InUseFilesystem &fs, const AdviceThresholds &thresholds);

// The verdict from those numbers alone. Online discard on: its delete cost within its margin
// against the filesystem's limit (fine, prefer fstrim or undecided); nothing to price it by
// (no discard served, a filesystem without recorded deletes): unknown. Online discard off: a
// timed fstrim that trimmed something says keep periodic fstrim; else unknown.
Verdict inUseVerdict(const InUseNumbers &numbers);

// The filesystem whose verdict decides for the drive (the worst: prefer fstrim, then undecided,
// then fine), or null when none has one.
const InUseFilesystem *decidingFilesystem(const InUseFigures &figures,
                                          const AdviceThresholds &thresholds);
// The drive's verdict: the deciding filesystem's, else unknown.
Verdict inUseVerdict(const InUseFigures &figures, const AdviceThresholds &thresholds);

} // namespace trimscope::advice
