// Issue 47: LinesLabel worked out its cut text (a binary search over boundingRect) on every
// paint while the text was cut, and a run's progress repaints the job's words many times a
// second. It is worked out once per text, room and font; what it draws after each change is what
// a new label draws.
#include "testmain.h"
#include "widgets/lineslabel.h"

#include <QImage>
#include <QTest>

using namespace trimscope::gui;

namespace {
const QString kLong = QStringLiteral(
    "Sweeping 64 MiB, pass 3 of 5, about 12 s left; the sweep writes each region first, so "
    "the drive sees the TRIM of written data");

// What a new label with these words, room and font draws: the reference for one kept across
// changes.
QImage freshImage(const QString &text, QSize size, const QFont &font, int lines)
{
    LinesLabel label(nullptr);
    label.setLines(lines);
    label.setFont(font);
    label.setText(text);
    label.resize(size);
    return label.grab().toImage();
}
} // namespace

class TestLinesLabel : public QObject
{
    Q_OBJECT
private slots:
    void cutTextWorkedOutOnce_data();
    void cutTextWorkedOutOnce();
};

void TestLinesLabel::cutTextWorkedOutOnce_data()
{
    // What changes after the label was painted cut, and whether the new text is cut too.
    QTest::addColumn<QString>("change");
    QTest::addColumn<bool>("cutAfter");
    QTest::newRow("nothing") << QString() << true;
    QTest::newRow("text") << QStringLiteral("text") << true;
    QTest::newRow("width") << QStringLiteral("width") << true;
    QTest::newRow("font") << QStringLiteral("font") << true;
    QTest::newRow("lines") << QStringLiteral("lines") << true;
    QTest::newRow("short text") << QStringLiteral("short") << false;
}

void TestLinesLabel::cutTextWorkedOutOnce()
{
    QFETCH(QString, change);
    QFETCH(bool, cutAfter);
    LinesLabel label(nullptr);
    int lines = 1;
    label.setLines(lines);
    label.setText(kLong);
    label.resize(220, label.sizeHint().height());
    label.show();
    QVERIFY(QTest::qWaitForWindowExposed(&label));
    QVERIFY(label.isCut());
    // Progress repaints it: the cut text is worked out once, not once a paint.
    for (int paint = 0; paint < 30; ++paint)
        label.repaint();
    QCOMPARE(label.elisions(), 1);

    if (change == QLatin1String("text"))
        label.setText(kLong + QStringLiteral(" (and more)"));
    else if (change == QLatin1String("width"))
        label.resize(160, label.height());
    else if (change == QLatin1String("font")) {
        QFont bigger = label.font();
        bigger.setPointSizeF(bigger.pointSizeF() * 1.5);
        label.setFont(bigger);
    } else if (change == QLatin1String("lines"))
        label.setLines(2);
    else if (change == QLatin1String("short"))
        label.setText(QStringLiteral("Done."));
    for (int paint = 0; paint < 30; ++paint)
        label.repaint();
    QCOMPARE(label.isCut(), cutAfter);
    QCOMPARE(label.elisions(), change.isEmpty() || !cutAfter ? 1 : 2);
    // Drawn as a new label with the same words, room and font draws them (none kept stale).
    QCOMPARE(label.grab().toImage(), freshImage(label.text(), label.size(), label.font(), lines));
}

TRIMSCOPE_TEST_MAIN(TestLinesLabel)
#include "tst_lineslabel.moc"
