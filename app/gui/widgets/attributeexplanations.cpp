#include "attributemodel.h"

#include <QCoreApplication>

namespace trimscope::gui {

namespace {
struct Explanation
{
    quint8 id;
    const char *text;
};

// The meanings most vendors agree on (ATA SMART is not standardised per attribute; where
// SSD vendors reuse an id differently, both readings are named).
const Explanation kExplanations[] = {
    {1, QT_TRANSLATE_NOOP("AtaAttribute", "Read errors the drive had to correct or could not. "
                                          "Raw values are vendor-scaled; watch the normalized "
                                          "value.")},
    {3, QT_TRANSLATE_NOOP("AtaAttribute", "Time the platters take to spin up (hard disks).")},
    {4, QT_TRANSLATE_NOOP("AtaAttribute", "How often the drive was started or woken up.")},
    {5, QT_TRANSLATE_NOOP("AtaAttribute", "Sectors (or flash blocks) found bad and replaced by "
                                          "spares. A growing count means the medium is wearing "
                                          "or failing.")},
    {7, QT_TRANSLATE_NOOP("AtaAttribute", "Errors while positioning the heads (hard disks).")},
    {9, QT_TRANSLATE_NOOP("AtaAttribute", "Hours the drive has been powered on.")},
    {10, QT_TRANSLATE_NOOP("AtaAttribute", "Spin-up attempts that needed a retry (hard disks).")},
    {12, QT_TRANSLATE_NOOP("AtaAttribute", "How often the drive was powered on.")},
    {170, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: reserved (spare) blocks still available, or "
                                            "bad blocks found, depending on the vendor.")},
    {171, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: flash program operations that failed.")},
    {172, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: flash erase operations that failed.")},
    {173, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: wear levelling count (erase cycles, average "
                                            "or maximum per block).")},
    {174, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: power losses without a clean shutdown.")},
    {175, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: program fails, or the power-loss protection "
                                            "capacitor's health (Intel).")},
    {177, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs (Samsung and others): wear levelling count; "
                                            "the normalized value falls from 100 as the flash "
                                            "wears.")},
    {181, QT_TRANSLATE_NOOP("AtaAttribute", "Program fails (SSDs).")},
    {182, QT_TRANSLATE_NOOP("AtaAttribute", "Erase fails (SSDs).")},
    {183, QT_TRANSLATE_NOOP("AtaAttribute", "SATA link speed downshifts, or runtime bad "
                                            "blocks, depending on the vendor.")},
    {184, QT_TRANSLATE_NOOP("AtaAttribute", "Data that got corrupted between the host and the "
                                            "medium inside the drive (end-to-end errors).")},
    {187, QT_TRANSLATE_NOOP("AtaAttribute", "Errors the drive could not correct.")},
    {188, QT_TRANSLATE_NOOP("AtaAttribute", "Commands that timed out.")},
    {190, QT_TRANSLATE_NOOP("AtaAttribute", "Air flow temperature, often as 100 minus degrees "
                                            "Celsius.")},
    {192, QT_TRANSLATE_NOOP("AtaAttribute", "Power-off retracts or unsafe shutdowns.")},
    {193, QT_TRANSLATE_NOOP("AtaAttribute", "Load/unload cycles of the heads (hard disks).")},
    {194, QT_TRANSLATE_NOOP("AtaAttribute", "Temperature of the drive.")},
    {195, QT_TRANSLATE_NOOP("AtaAttribute", "Errors corrected by the drive's error correction "
                                            "(vendor-scaled).")},
    {196, QT_TRANSLATE_NOOP("AtaAttribute", "How often a sector was remapped to a spare.")},
    {197, QT_TRANSLATE_NOOP("AtaAttribute", "Sectors waiting to be remapped because a read "
                                            "failed. Above zero: back up your data.")},
    {198, QT_TRANSLATE_NOOP("AtaAttribute", "Sectors that could not be read during the offline "
                                            "scan.")},
    {199, QT_TRANSLATE_NOOP("AtaAttribute", "Transfer errors on the cable (CRC). Usually a "
                                            "cable or connector, not the drive.")},
    {200, QT_TRANSLATE_NOOP("AtaAttribute", "Write errors (hard disks).")},
    {202, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs (Crucial/Micron): percentage of the rated "
                                            "life used.")},
    {225, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs (Intel): host writes in units of 32 MiB.")},
    {226, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs (Intel): media wear during the current "
                                            "workload timer (attribute 228), the raw value in "
                                            "1/1024 % of the rated cycles, or 65535 (no figure "
                                            "yet) until the timer has run 60 minutes. Not the "
                                            "drive's life used.")},
    {227, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs (Intel): percentage of reads among the I/O "
                                            "of the current workload timer; 65535 until the "
                                            "timer has run 60 minutes.")},
    {231, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: remaining life (normalized, from 100) or "
                                            "temperature, depending on the vendor.")},
    {232, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: reserved space still available (Intel: "
                                            "available reserved space).")},
    {233, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs (Intel): media wearout indicator; the "
                                            "normalized value falls from 100 to 1 as the rated "
                                            "erase cycles are used up.")},
    {234, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs: total bytes read or written, vendor units.")},
    {241, QT_TRANSLATE_NOOP("AtaAttribute", "Total host writes (LBAs, or 32 MiB / GiB units on "
                                            "some SSDs).")},
    {242, QT_TRANSLATE_NOOP("AtaAttribute", "Total host reads (same units as attribute 241).")},
    {246, QT_TRANSLATE_NOOP("AtaAttribute", "SSDs (Crucial/Micron): total host sectors "
                                            "written.")},
};
} // namespace

QString explainAtaAttribute(quint8 id)
{
    for (const Explanation &e : kExplanations) {
        if (e.id == id)
            return QCoreApplication::translate("AtaAttribute", e.text);
    }
    return {};
}

} // namespace trimscope::gui
