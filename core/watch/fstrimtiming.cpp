#include "fstrimtiming.h"

#include "common/jsonchecks.h"
#include "common/units.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <limits>

namespace trimscope::watch {

namespace {

struct FstrimText
{
    Q_DECLARE_TR_FUNCTIONS(FstrimTiming)
};

constexpr quint64 kMiB = quint64(1) << 20;
constexpr quint64 kGroupBytes = 128 * kMiB; // an ext4 block group with 4 KiB blocks
constexpr quint64 kMaxDefaultPiece = quint64(8) << 30;
constexpr quint64 kMaxPiece = quint64(1) << 40;
constexpr quint64 kMaxMinimum = quint64(1) << 30;
constexpr quint64 kPiecesWanted = 64;

quint64 grown(quint64 before, quint64 after)
{
    return after >= before ? after - before : 0;
}

const std::tuple kOtherIoFields{
    JsonField{"completed", &OtherIo::completed},
    JsonField{"wait_s", &OtherIo::waitSeconds},
    JsonField{"busy_s", &OtherIo::busySeconds},
    JsonField{"max_in_flight", &OtherIo::maxInFlight},
};

const std::tuple kPieceFields{
    JsonField{"start", &FstrimPiece::start},
    JsonField{"length", &FstrimPiece::length},
    JsonField{"trimmed_bytes", &FstrimPiece::trimmedBytes},
    JsonField{"seconds", &FstrimPiece::seconds},
};

const std::tuple kTailFields{
    JsonField{"seconds", &FstrimTail::seconds},
    JsonField{"cut_short", &FstrimTail::cutShort},
};

// A tail the runner could not have measured: a negative or endless time, more discards than its
// piece's (which include it).
bool tailIsPossible(const FstrimPiece &piece)
{
    return std::isfinite(piece.tail.seconds) && piece.tail.seconds >= 0 &&
           piece.tail.seconds <= kFstrimTailBoundSeconds + 1 &&
           piece.tail.discards.count <= piece.discards.count &&
           piece.tail.discards.bytes <= piece.discards.bytes;
}

const std::tuple kTrimmedFilesystemFields{
    JsonField{"mount_point", &TrimmedFilesystem::mountPoint},
    JsonField{"fs_type", &TrimmedFilesystem::fsType},
    JsonField{"device", &TrimmedFilesystem::device},
    JsonField{"device_name", &TrimmedFilesystem::deviceName},
    JsonField{"disk_name", &TrimmedFilesystem::diskName},
    JsonField{"major", &TrimmedFilesystem::major},
    JsonField{"minor", &TrimmedFilesystem::minor},
    JsonField{"size_bytes", &TrimmedFilesystem::sizeBytes},
    JsonField{"free_bytes", &TrimmedFilesystem::freeBytes},
    JsonField{"online_discard", &TrimmedFilesystem::onlineDiscard},
};

} // namespace

QString FstrimTimingPlan::filesystemNumber() const
{
    return QStringLiteral("%1:%2").arg(filesystemMajor).arg(filesystemMinor);
}

QJsonObject FstrimTimingPlan::toJson() const
{
    return fieldsToJson(*this, FstrimTimingPlan::jsonFields());
}

FstrimTimingPlan FstrimTimingPlan::fromJson(const QJsonObject &json)
{
    FstrimTimingPlan plan;
    fieldsFromJson(json, plan, FstrimTimingPlan::jsonFields());
    return plan;
}

std::optional<std::pair<quint32, quint32>> parseDeviceNumber(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,10}):(\\d{1,10})$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    bool majorOk = false;
    bool minorOk = false;
    const quint64 major = match.captured(1).toULongLong(&majorOk);
    const quint64 minor = match.captured(2).toULongLong(&minorOk);
    // The kernel's dev_t holds 12 bits of major and 20 of minor.
    if (!majorOk || !minorOk || major >= (1u << 12) || minor >= (1u << 20))
        return std::nullopt;
    return std::pair{quint32(major), quint32(minor)};
}

Error validateFstrimTimingPlan(const FstrimTimingPlan &plan)
{
    if (plan.filesystemMajor == 0 && plan.filesystemMinor == 0)
        return makeError(ErrorCode::InvalidArgument,
                         FstrimText::tr("no filesystem given: its device number is 0:0"));
    if (plan.pieceBytes % kMiB != 0 || plan.pieceBytes > kMaxPiece)
        return makeError(ErrorCode::InvalidArgument,
                         FstrimText::tr("a piece must be a whole number of MiB, at most 1 TiB, "
                                        "not %1")
                             .arg(formatBytes(plan.pieceBytes)));
    if (plan.minimumBytes > kMaxMinimum)
        return makeError(ErrorCode::InvalidArgument,
                         FstrimText::tr("the minimum extent may be at most 1 GiB, not %1")
                             .arg(formatBytes(plan.minimumBytes)));
    return {};
}

quint64 defaultPieceBytes(quint64 filesystemBytes)
{
    const quint64 wanted = filesystemBytes / kPiecesWanted;
    const quint64 groups = std::max<quint64>(1, (wanted + kGroupBytes - 1) / kGroupBytes);
    return std::min(groups * kGroupBytes, kMaxDefaultPiece);
}

QList<FstrimRange> planPieces(quint64 filesystemBytes, quint64 pieceBytes)
{
    QList<FstrimRange> pieces;
    const quint64 step = pieceBytes > 0 ? pieceBytes : defaultPieceBytes(filesystemBytes);
    for (quint64 start = 0;; start += step) {
        // The last piece reaches to the end of the address space: whatever lies beyond the
        // size statfs gives (btrfs's logical addresses) is trimmed too.
        if (filesystemBytes <= step || start >= filesystemBytes - step) {
            pieces.append({start, 0});
            break;
        }
        pieces.append({start, step});
    }
    return pieces;
}

quint64 FstrimRange::ioctlLength() const
{
    return length > 0 ? length : std::numeric_limits<quint64>::max() - start;
}

double OtherIo::averageWaitSeconds() const
{
    return completed > 0 ? waitSeconds / double(completed) : 0;
}

QJsonObject OtherIo::toJson() const
{
    return fieldsToJson(*this, kOtherIoFields);
}

OtherIo OtherIo::fromJson(const QJsonObject &json)
{
    OtherIo io;
    fieldsFromJson(json, io, kOtherIoFields);
    return io;
}

OtherIo otherIoBetween(const fsbench::DiskStats &before, const fsbench::DiskStats &after)
{
    OtherIo io;
    io.completed = grown(before.readIos, after.readIos) + grown(before.writeIos, after.writeIos);
    io.waitSeconds = double(grown(before.readMilliseconds, after.readMilliseconds) +
                            grown(before.writeMilliseconds, after.writeMilliseconds)) /
                     1000.0;
    io.busySeconds = double(grown(before.ioTicksMilliseconds, after.ioTicksMilliseconds)) / 1000.0;
    return io;
}

QJsonObject FstrimTail::toJson() const
{
    QJsonObject json = fieldsToJson(*this, kTailFields);
    json.insert(QStringLiteral("discards"), discards.toJson());
    return json;
}

FstrimTail FstrimTail::fromJson(const QJsonObject &json)
{
    FstrimTail tail;
    fieldsFromJson(json, tail, kTailFields);
    tail.discards = fsbench::DiscardDelta::fromJson(JsonFields(json).object("discards"));
    return tail;
}

QJsonObject FstrimPiece::toJson() const
{
    QJsonObject json = fieldsToJson(*this, kPieceFields);
    json.insert(QStringLiteral("discards"), discards.toJson());
    json.insert(QStringLiteral("tail"), tail.toJson());
    json.insert(QStringLiteral("other_io"), otherIo.toJson());
    return json;
}

FstrimPiece FstrimPiece::fromJson(const QJsonObject &json)
{
    FstrimPiece piece;
    fieldsFromJson(json, piece, kPieceFields);
    const JsonFields f(json);
    piece.discards = fsbench::DiscardDelta::fromJson(f.object("discards"));
    piece.tail = FstrimTail::fromJson(f.object("tail")); // absent before issue 46: none
    piece.otherIo = OtherIo::fromJson(f.object("other_io"));
    return piece;
}

QJsonObject TrimmedFilesystem::toJson() const
{
    return fieldsToJson(*this, kTrimmedFilesystemFields);
}

TrimmedFilesystem TrimmedFilesystem::fromJson(const QJsonObject &json)
{
    TrimmedFilesystem fs;
    fieldsFromJson(json, fs, kTrimmedFilesystemFields);
    return fs;
}

double FstrimTimingResult::trimSeconds() const
{
    double seconds = 0;
    for (const FstrimPiece &piece : pieces)
        seconds += piece.driveSeconds();
    return seconds;
}

double FstrimTimingResult::callSeconds() const
{
    double seconds = 0;
    for (const FstrimPiece &piece : pieces)
        seconds += piece.seconds;
    return seconds;
}

FstrimTail FstrimTimingResult::tail() const
{
    FstrimTail total;
    for (const FstrimPiece &piece : pieces) {
        total.discards += piece.tail.discards;
        total.seconds += piece.tail.seconds;
        total.cutShort = total.cutShort || piece.tail.cutShort;
    }
    return total;
}

quint64 FstrimTimingResult::trimmedBytes() const
{
    quint64 bytes = 0;
    for (const FstrimPiece &piece : pieces)
        bytes += piece.trimmedBytes;
    return bytes;
}

fsbench::DiscardDelta FstrimTimingResult::discards() const
{
    fsbench::DiscardDelta total;
    for (const FstrimPiece &piece : pieces)
        total += piece.discards;
    return total;
}

OtherIo FstrimTimingResult::otherIo() const
{
    OtherIo total;
    for (const FstrimPiece &piece : pieces) {
        total.completed += piece.otherIo.completed;
        total.waitSeconds += piece.otherIo.waitSeconds;
        total.busySeconds += piece.otherIo.busySeconds;
        total.maxInFlight = std::max(total.maxInFlight, piece.otherIo.maxInFlight);
    }
    return total;
}

const FstrimPiece *FstrimTimingResult::longestPiece() const
{
    const auto longest = std::max_element(pieces.cbegin(), pieces.cend(),
                                          [](const FstrimPiece &a, const FstrimPiece &b) {
                                              return a.driveSeconds() < b.driveSeconds();
                                          });
    return longest == pieces.cend() ? nullptr : &*longest;
}

double FstrimTimingResult::bytesPerSecond() const
{
    const double seconds = trimSeconds();
    return seconds > 0 ? double(trimmedBytes()) / seconds : 0;
}

bool FstrimTimingResult::trimmedNothingNew() const
{
    return complete() && !pieces.isEmpty() && trimmedBytes() == 0 && discards().count == 0;
}

QJsonObject FstrimTimingResult::toJson() const
{
    const FstrimPiece *longest = longestPiece();
    return {
        {QStringLiteral("plan"), plan.toJson()},
        {QStringLiteral("filesystem"), filesystem.toJson()},
        {QStringLiteral("planned_pieces"), plannedPieces},
        {QStringLiteral("pieces"), toJsonArray(pieces)},
        // Sums for readers of the file; recomputed from the pieces when read.
        {QStringLiteral("trim_s"), trimSeconds()},
        {QStringLiteral("trimmed_bytes"), double(trimmedBytes())},
        {QStringLiteral("bytes_per_s"), bytesPerSecond()},
        {QStringLiteral("longest_piece_s"), longest ? longest->driveSeconds() : 0.0},
        {QStringLiteral("call_s"), callSeconds()},
        {QStringLiteral("tail"), tail().toJson()},
        {QStringLiteral("discards"), discards().toJson()},
        {QStringLiteral("other_io"), otherIo().toJson()},
        {QStringLiteral("trimmed_nothing_new"), trimmedNothingNew()},
    };
}

namespace {

// What no run writes, the field named: a negative time or count, a piece list that is not one,
// a device number out of range, a line break in a mount point (issue 48).
Error checkPiece(const QJsonValue &value, const QString &path)
{
    if (!value.isObject())
        return fieldError(path, FstrimText::tr("not an object"));
    const QJsonObject piece = value.toObject();
    if (Error error = checkFields(piece, kPieceFields, path); error.isError())
        return error;
    for (const char *key : {"discards", "other_io"}) {
        if (Error error = checkObjectField(piece, key, path); error.isError())
            return error;
    }
    if (Error error = fsbench::DiscardDelta::checkJson(
            piece.value(QStringLiteral("discards")).toObject(), fieldPath(path, "discards"));
        error.isError())
        return error;
    return checkFields(piece.value(QStringLiteral("other_io")).toObject(), kOtherIoFields,
                       fieldPath(path, "other_io"));
}

Error checkResult(const QJsonObject &json)
{
    for (const char *key : {"plan", "filesystem"}) {
        if (Error error = checkObjectField(json, key, QString()); error.isError())
            return error;
    }
    // A run cancelled or failed before its first piece has none (the helper sends it so); one
    // that completed trimmed at least one. The envelope's "complete" sits beside the body.
    const bool completed = json.value(QStringLiteral("complete")).toBool(true);
    if (Error error = checkArrayField(json, "pieces", QString(), /*nonEmpty=*/completed);
        error.isError())
        return error;
    if (Error error = checkFields(json.value(QStringLiteral("plan")).toObject(),
                                  FstrimTimingPlan::jsonFields(), QStringLiteral("plan"));
        error.isError())
        return error;
    if (Error error = checkFields(json.value(QStringLiteral("filesystem")).toObject(),
                                  kTrimmedFilesystemFields, QStringLiteral("filesystem"));
        error.isError())
        return error;
    if (json.contains(QStringLiteral("planned_pieces"))) {
        if (const QString why = memberProblem<int>(json.value(QStringLiteral("planned_pieces")));
            !why.isEmpty() || json.value(QStringLiteral("planned_pieces")).toInt() < 0)
            return fieldError(QStringLiteral("planned_pieces"),
                              why.isEmpty() ? FstrimText::tr("negative") : why);
    }
    const QJsonArray pieces = json.value(QStringLiteral("pieces")).toArray();
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        if (Error error = checkPiece(pieces.at(i), fieldPath(QStringLiteral("pieces"), i));
            error.isError())
            return error;
    }
    return {};
}

} // namespace

Expected<FstrimTimingResult> FstrimTimingResult::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    if (!f.has("filesystem") || !f.has("pieces"))
        return makeError(ErrorCode::InvalidArgument,
                         FstrimText::tr("it names no filesystem or no pieces"));
    if (Error error = checkResult(json); error.isError())
        return error;
    FstrimTimingResult result;
    result.plan = FstrimTimingPlan::fromJson(f.object("plan"));
    result.filesystem = TrimmedFilesystem::fromJson(f.object("filesystem"));
    result.plannedPieces = f.integer("planned_pieces");
    for (const QJsonValue &value : f.array("pieces")) {
        result.pieces.append(FstrimPiece::fromJson(value.toObject()));
        if (!tailIsPossible(result.pieces.constLast()))
            return makeError(ErrorCode::InvalidArgument,
                             FstrimText::tr("piece %1's tail (discards after FITRIM returned) "
                                            "is not one a run can measure")
                                 .arg(result.pieces.size()));
    }
    return result;
}

} // namespace trimscope::watch
