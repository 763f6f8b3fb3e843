#include "applyplan.h"

#include "applytext.h"
#include "common/jsonfields.h"
#include "device/procparsers.h"

#include <QRegularExpression>
#include <limits>

namespace trimscope::apply {

namespace {

// udisksd reads fields with sscanf("%511s"): a longer field is cut, and its line never matches.
constexpr qsizetype kUdisksFieldMax = 511;

// sscanf's %s stops at what isspace() calls blank.
QStringList scanFields(const QString &line)
{
    static const QRegularExpression blanks(QStringLiteral("[ \\t\\n\\v\\f\\r]+"));
    return line.split(blanks, Qt::SkipEmptyParts);
}

// sscanf's %d: an optional sign and digits at the start; what follows is left unread.
std::optional<int> scanInteger(const QString &field)
{
    static const QRegularExpression leading(QStringLiteral("^[+-]?[0-9]+"));
    const QRegularExpressionMatch match = leading.match(field);
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    const int value = match.captured().toInt(&ok);
    return ok ? std::optional<int>(value) : std::nullopt;
}

// udisksd's unescape_fstab: "\ooo" (one to three octal digits) is that byte, "\x" is x.
QString unescapeFstab(const QString &field)
{
    QByteArray in = field.toUtf8();
    QByteArray out;
    for (qsizetype i = 0; i < in.size(); ++i) {
        if (in.at(i) != '\\' || i + 1 >= in.size()) {
            out.append(in.at(i));
            continue;
        }
        ++i;
        if (in.at(i) >= '0' && in.at(i) <= '7') {
            int value = 0;
            const qsizetype start = i;
            while (i < in.size() && i < start + 3 && in.at(i) >= '0' && in.at(i) <= '7')
                value = value * 8 + (in.at(i++) - '0');
            --i;
            out.append(char(value & 0xff));
        } else {
            out.append(in.at(i));
        }
    }
    return QString::fromUtf8(out);
}

bool tooLong(const QStringList &fields, int count)
{
    for (int i = 0; i < count && i < fields.size(); ++i) {
        if (fields.at(i).toUtf8().size() > kUdisksFieldMax)
            return true;
    }
    return false;
}

// Why udisks2 cannot change a line of these fields, the same for fstab and crypttab; empty when
// it can as far as the fields go. `tooFew` says why fewer than `fewest` is not enough; only
// crypttab has a `most` (udisks2 reads four fields of it).
QString whyNotChangeable(const QStringList &fields, qsizetype fewest, const QString &tooFew,
                         qsizetype most = std::numeric_limits<qsizetype>::max())
{
    if (fields.isEmpty() || fields.constFirst().startsWith(QLatin1Char('#')))
        return ApplyText::tr("it is a comment");
    if (fields.size() < fewest)
        return tooFew;
    if (fields.size() > most)
        return ApplyText::tr("it has more than the four fields udisks2 reads");
    if (tooLong(fields, 4))
        return ApplyText::tr("a field is longer than the 511 bytes udisks2 reads");
    return {};
}

// The item read from a line, or none with `reason` passed on to `why` (when asked).
template <class Item>
std::optional<Item> said(std::optional<Item> item, const QString &reason, QString *why)
{
    if (!item && why)
        *why = reason;
    return item;
}

// udisksd splits the file at '\n', and drops the empty piece after a final newline.
QList<QByteArray> fileLines(const QByteArray &file)
{
    QList<QByteArray> lines = file.split('\n');
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast();
    return lines;
}

template <class Item, class Parse, class Render>
std::optional<QByteArray> afterUpdate(const QByteArray &file, const Item &before,
                                      const std::optional<Item> &after, Parse parse, Render render)
{
    QByteArray out;
    bool removed = false;
    for (const QByteArray &line : fileLines(file)) {
        if (!removed) {
            const auto item = parse(QString::fromUtf8(line));
            if (item && *item == before) {
                removed = true;
                continue;
            }
        }
        out += line + '\n';
    }
    if (!removed)
        return std::nullopt;
    if (after)
        out += render(*after).toUtf8() + '\n';
    return out;
}

// The crypttab match as udisksd reads a line: the key file "none" (and, from udisks 2.10, "-")
// and a missing one are the empty path, missing options are empty.
std::optional<CrypttabItem> scanCrypttab(const QString &line)
{
    const QStringList fields = scanFields(line);
    if (fields.size() < 2)
        return std::nullopt;
    CrypttabItem item;
    item.name = fields.at(0);
    item.device = fields.at(1);
    item.passphrasePath = fields.value(2);
    if (item.passphrasePath == QLatin1String("none"))
        item.passphrasePath.clear();
    item.options = fields.value(3);
    return item;
}

std::optional<FstabItem> scanFstab(const QString &line)
{
    const QStringList fields = scanFields(line);
    if (fields.size() < 6)
        return std::nullopt;
    const auto freq = scanInteger(fields.at(4));
    const auto passno = scanInteger(fields.at(5));
    if (!freq || !passno)
        return std::nullopt;
    return FstabItem{unescapeFstab(fields.at(0)),
                     unescapeFstab(fields.at(1)),
                     unescapeFstab(fields.at(2)),
                     unescapeFstab(fields.at(3)),
                     *freq,
                     *passno};
}

const auto kFstabFields =
    std::tuple(JsonField{"fsname", &FstabItem::fsname}, JsonField{"dir", &FstabItem::dir},
               JsonField{"type", &FstabItem::type}, JsonField{"opts", &FstabItem::opts},
               JsonField{"freq", &FstabItem::freq}, JsonField{"passno", &FstabItem::passno});
const auto kCrypttabFields =
    std::tuple(JsonField{"name", &CrypttabItem::name}, JsonField{"device", &CrypttabItem::device},
               JsonField{"passphrase_path", &CrypttabItem::passphrasePath},
               JsonField{"options", &CrypttabItem::options});

template <class Item, class Fields> Item itemFrom(const QJsonObject &json, const Fields &fields)
{
    Item item;
    fieldsFromJson(json, item, fields);
    return item;
}

} // namespace

QString udisksFstabLine(const FstabItem &item)
{
    return QStringLiteral("%1 %2 %3 %4 %5 %6")
        .arg(escapeOctal(item.fsname), escapeOctal(item.dir), escapeOctal(item.type),
             escapeOctal(item.opts))
        .arg(item.freq)
        .arg(item.passno);
}

QString udisksCrypttabLine(const CrypttabItem &item)
{
    return QStringLiteral("%1 %2 %3 %4")
        .arg(item.name, item.device,
             item.passphrasePath.isEmpty() ? QStringLiteral("none") : item.passphrasePath,
             item.options);
}

namespace {

// udisks2 rewrites a line from its fields: whatever follows them (a comment) would be lost for
// good, and no field can carry it (udisks2 escapes its blanks). The reason to refuse such a line,
// or empty.
QString whyTrailingTextIsLost(const QString &rest)
{
    if (rest.isEmpty())
        return {};
    return rest.startsWith(QLatin1Char('#'))
               ? ApplyText::tr("it ends in a comment, “%1”, which udisks2 would drop when it "
                               "rewrites the line: move the comment to a line of its own above "
                               "it, then apply again")
                     .arg(rest.left(200))
               : ApplyText::tr("“%1” follows its six fields, which udisks2 would drop when it "
                               "rewrites the line")
                     .arg(rest.left(200));
}

// What follows an fstab line's pass number: "2#data" and any seventh field.
QString afterPassNumber(const QStringList &fields)
{
    static const QRegularExpression passNumber(QStringLiteral("^[+-]?[0-9]+"));
    QStringList following = fields.mid(6);
    const QString afterPass = fields.at(5).mid(passNumber.match(fields.at(5)).capturedLength());
    if (!afterPass.isEmpty())
        following.prepend(afterPass);
    return following.join(QLatin1Char(' '));
}

// A crypttab line's first field that starts a comment, and all after it.
QString crypttabComment(const QStringList &fields)
{
    for (qsizetype i = 1; i < fields.size(); ++i) {
        if (fields.at(i).startsWith(QLatin1Char('#')))
            return QStringList(fields.mid(i)).join(QLatin1Char(' '));
    }
    return {};
}

} // namespace

std::optional<FstabItem> fstabItemFromLine(const QString &line, QString *why)
{
    const QStringList fields = scanFields(line);
    QString reason = whyNotChangeable(fields, 6,
                                      ApplyText::tr("it has fewer than six fields: udisks2 "
                                                    "changes only lines that end in the dump "
                                                    "and pass numbers"));
    const std::optional<FstabItem> item = reason.isEmpty() ? scanFstab(line) : std::nullopt;
    if (!item && reason.isEmpty())
        reason = ApplyText::tr("its dump and pass fields are not numbers");
    if (item)
        reason = whyTrailingTextIsLost(afterPassNumber(fields));
    return said(reason.isEmpty() ? item : std::nullopt, reason, why);
}

std::optional<CrypttabItem> crypttabItemFromLine(const QString &line, QString *why)
{
    const QStringList fields = scanFields(line);
    QString reason;
    if (!fields.isEmpty() && !fields.constFirst().startsWith(QLatin1Char('#')))
        reason = whyTrailingTextIsLost(crypttabComment(fields));
    if (reason.isEmpty())
        reason = whyNotChangeable(fields, 2, ApplyText::tr("it names no device"), 4);
    return said(reason.isEmpty() ? scanCrypttab(line) : std::nullopt, reason, why);
}

std::optional<QByteArray> fstabAfterUpdate(const QByteArray &file, const FstabItem &before,
                                           const std::optional<FstabItem> &after)
{
    return afterUpdate(file, before, after, scanFstab, udisksFstabLine);
}

std::optional<QByteArray> crypttabAfterUpdate(const QByteArray &file, const CrypttabItem &before,
                                              const std::optional<CrypttabItem> &after)
{
    return afterUpdate(file, before, after, scanCrypttab, udisksCrypttabLine);
}

bool ApplyPlan::changesNothing() const
{
    return fstab.isEmpty() && crypttab.isEmpty() && units.isEmpty() && remounts.isEmpty() &&
           cryptRefreshes.isEmpty();
}

QJsonObject ApplyPlan::toJson() const
{
    QJsonArray fstabJson, crypttabJson, unitsJson, remountsJson, refreshesJson;
    for (const FstabEdit &edit : fstab)
        fstabJson.append(
            QJsonObject{{QStringLiteral("subject"), edit.subject},
                        {QStringLiteral("line_before"), edit.lineBefore},
                        {QStringLiteral("before"), fieldsToJson(edit.before, kFstabFields)},
                        {QStringLiteral("after"), fieldsToJson(edit.after, kFstabFields)}});
    for (const CrypttabEdit &edit : crypttab)
        crypttabJson.append(
            QJsonObject{{QStringLiteral("subject"), edit.subject},
                        {QStringLiteral("line_before"), edit.lineBefore},
                        {QStringLiteral("before"), fieldsToJson(edit.before, kCrypttabFields)},
                        {QStringLiteral("after"), fieldsToJson(edit.after, kCrypttabFields)}});
    for (const UnitChange &unit : units)
        unitsJson.append(QJsonObject{{QStringLiteral("unit"), unit.unit},
                                     {QStringLiteral("enable"), unit.enable},
                                     {QStringLiteral("unmask"), unit.unmask},
                                     {QStringLiteral("mask"), unit.mask}});
    for (const Remount &remount : remounts)
        remountsJson.append(QJsonObject{{QStringLiteral("mount_point"), remount.mountPoint},
                                        {QStringLiteral("device"), remount.device},
                                        {QStringLiteral("discard"), remount.discard}});
    for (const CryptRefresh &refresh : cryptRefreshes)
        refreshesJson.append(
            QJsonObject{{QStringLiteral("name"), refresh.name},
                        {QStringLiteral("allow_discards"), refresh.allowDiscards}});
    return {{QStringLiteral("fix_id"), fixId},
            {QStringLiteral("title"), title},
            {QStringLiteral("fstab"), fstabJson},
            {QStringLiteral("crypttab"), crypttabJson},
            {QStringLiteral("units"), unitsJson},
            {QStringLiteral("remounts"), remountsJson},
            {QStringLiteral("crypt_refreshes"), refreshesJson},
            {QStringLiteral("notes"), QJsonArray::fromStringList(notes)}};
}

Expected<ApplyPlan> ApplyPlan::fromJson(const QJsonObject &json)
{
    const JsonFields fields(json);
    ApplyPlan plan;
    plan.fixId = fields.text("fix_id");
    if (plan.fixId.isEmpty())
        return makeError(ErrorCode::InvalidArgument, ApplyText::tr("a change without its fix"));
    plan.title = fields.text("title");
    plan.notes = fields.texts("notes");
    for (const QJsonValue &value : fields.array("fstab")) {
        const JsonFields edit(value.toObject());
        plan.fstab.append({edit.text("subject"), edit.text("line_before"),
                           itemFrom<FstabItem>(edit.object("before"), kFstabFields),
                           itemFrom<FstabItem>(edit.object("after"), kFstabFields), QString()});
    }
    for (const QJsonValue &value : fields.array("crypttab")) {
        const JsonFields edit(value.toObject());
        plan.crypttab.append({edit.text("subject"), edit.text("line_before"),
                              itemFrom<CrypttabItem>(edit.object("before"), kCrypttabFields),
                              itemFrom<CrypttabItem>(edit.object("after"), kCrypttabFields),
                              QString()});
    }
    for (const QJsonValue &value : fields.array("units")) {
        const JsonFields unit(value.toObject());
        plan.units.append(
            {unit.text("unit"), unit.flag("enable", true), unit.flag("unmask"), unit.flag("mask")});
    }
    for (const QJsonValue &value : fields.array("remounts")) {
        const JsonFields remount(value.toObject());
        plan.remounts.append(
            {remount.text("mount_point"), remount.text("device"), remount.flag("discard")});
    }
    for (const QJsonValue &value : fields.array("crypt_refreshes")) {
        const JsonFields refresh(value.toObject());
        plan.cryptRefreshes.append({refresh.text("name"), refresh.flag("allow_discards")});
    }
    return plan;
}

namespace {
// A table line as its fields, one blank between them: fstab's tabs, expanded to the next tab
// stop, pushed "discard" off the dialog's edge, and the line as udisks2 writes it back has
// single blanks, so "now" and "after" line up field by field. The text recorded before a change
// is shown as it was, tabs and all: it says what udisks2 will not write back.
QString shownLine(const QString &line)
{
    return line.simplified();
}

// One line udisks2 changes (an fstab or a crypttab edit), under `heading`: as it is now, as it
// will be, and as it was recorded where udisks2 writes the same fields in another form.
template <class LineEdit>
void describeLineEdit(QStringList &lines, const QString &heading, const LineEdit &edit)
{
    lines.append(heading);
    lines.append(ApplyText::tr("  now:   %1").arg(shownLine(edit.lineBefore)));
    lines.append(ApplyText::tr("  after: %1").arg(shownLine(edit.lineAfter())));
    if (!edit.recordedText.isEmpty() && edit.recordedText != edit.lineAfter())
        lines.append(ApplyText::tr("  (recorded before the change: %1; udisks2 writes the "
                                   "same fields in its own form)")
                         .arg(edit.recordedText));
}
} // namespace

QStringList describePlan(const ApplyPlan &plan, bool withNotes)
{
    QStringList lines;
    for (const FstabEdit &edit : plan.fstab)
        describeLineEdit(
            lines,
            ApplyText::tr("/etc/fstab, the line for %1 (through udisks2):").arg(edit.subject),
            edit);
    for (const CrypttabEdit &edit : plan.crypttab)
        describeLineEdit(
            lines,
            ApplyText::tr("/etc/crypttab, the line for %1 (through udisks2):").arg(edit.subject),
            edit);
    if (!plan.fstab.isEmpty() || !plan.crypttab.isEmpty())
        lines.append(ApplyText::tr("udisks2 writes the changed line at the end of the file, "
                                   "its fields separated by single blanks."));
    for (const UnitChange &unit : plan.units) {
        if (!unit.enable && unit.mask)
            lines.append(ApplyText::tr("Stop, disable and mask %1 (systemd)").arg(unit.unit));
        else if (!unit.enable)
            lines.append(ApplyText::tr("Stop and disable %1 (systemd)").arg(unit.unit));
        else if (unit.unmask)
            lines.append(ApplyText::tr("Unmask, enable and start %1 (systemd)").arg(unit.unit));
        else
            lines.append(ApplyText::tr("Enable and start %1 (systemd)").arg(unit.unit));
    }
    for (const Remount &remount : plan.remounts)
        lines.append(remount.discard
                         ? ApplyText::tr("Remount %1 with discard now (mount -o remount,discard)")
                               .arg(remount.mountPoint)
                         : ApplyText::tr("Remount %1 without discard now (mount -o "
                                         "remount,nodiscard)")
                               .arg(remount.mountPoint));
    for (const CryptRefresh &refresh : plan.cryptRefreshes)
        lines.append(refresh.allowDiscards
                         ? ApplyText::tr("Let /dev/mapper/%1 pass discards now (cryptsetup refresh "
                                         "--allow-discards; asks for its passphrase)")
                               .arg(refresh.name)
                         : ApplyText::tr("Stop /dev/mapper/%1 passing discards now (cryptsetup "
                                         "refresh without --allow-discards; asks for its "
                                         "passphrase)")
                               .arg(refresh.name));
    if (withNotes)
        lines.append(plan.notes);
    return lines;
}

} // namespace trimscope::apply
