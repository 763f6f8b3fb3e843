// The Advice tab's Apply and Undo driven from a script, offscreen, as whoever starts it
// (tst_applyudisks runs it as nobody in udisksd's mount namespace): this computer audited as the
// tab does it, the fix's Apply button clicked, the confirmation and the result answered as a
// person would. One line per event, flushed:
//   applyguiprobe FIX-ID
//     offered 0|1 | confirm LINE... | result TITLE: TEXT | fstab BASE64 | undo 0|1 |
//     undone TITLE: TEXT | fstab BASE64          (fstab: /etc/fstab as it is then, whole)
#include "runstore.h"
#include "savedruns.h"
#include "widgets/advicetab.h"
#include "widgets/applydialog.h"
#include "widgets/fixlist.h"

#include <QApplication>
#include <QEventLoop>
#include <QFile>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

void printLine(const QString &line)
{
    std::fprintf(stdout, "%s\n",
                 qPrintable(QString(line).replace(QLatin1Char('\n'), QLatin1String(" / "))));
    std::fflush(stdout);
}

// Answers the next modal dialogs as a person would: Apply (or Undo) in the confirmation, OK in
// the result; says what each showed. Apply and Undo run off the GUI thread: returns once the
// result has been answered.
void answerDialogs(const QString &resultWord)
{
    QEventLoop answered;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &answered, [&] {
        QWidget *modal = QApplication::activeModalWidget();
        if (auto *confirm = qobject_cast<ApplyDialog *>(modal)) {
            printLine(QStringLiteral("confirm ") + confirm->changes()->toPlainText());
            confirm->goButton()->click();
        } else if (auto *box = qobject_cast<QMessageBox *>(modal)) {
            printLine(QStringLiteral("%1 %2: %3").arg(resultWord, box->windowTitle(), box->text()));
            box->accept();
            answered.quit();
        }
    });
    poll.start(50);
    answered.exec();
}

void printFstab()
{
    QFile fstab(QStringLiteral("/etc/fstab"));
    fstab.open(QIODevice::ReadOnly);
    printLine(QStringLiteral("fstab ") + QString::fromLatin1(fstab.readAll().toBase64()));
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: applyguiprobe FIX-ID [RESULT...]\n");
        return 2;
    }
    const QString fixId = args.at(1);
    QTemporaryDir runs;
    SavedRuns saved{RunStore(runs.path())};
    saved.listNow();
    AdviceTab tab{&saved};
    tab.reload();                  // this computer, as captured now
    if (tab.isReadingComputer()) { // through udisks2, off the GUI thread
        QEventLoop read;
        QObject::connect(&tab, &AdviceTab::computerRead, &read, &QEventLoop::quit);
        read.exec();
    }
    // The measurements the fix rests on, imported as File > Import does.
    for (const QString &result : args.mid(2)) {
        if (const Error error = tab.importFile(result); error.isError()) {
            std::fprintf(stderr, "import %s: %s\n", qPrintable(result), qPrintable(error.message));
            return 2;
        }
    }
    QPushButton *apply = nullptr;
    for (int i = 0; i < tab.advice().findings.size() && !apply; ++i) {
        const audit::Finding &f = tab.advice().findings.at(i);
        if (QStringLiteral("audit:%1:%2").arg(f.id, f.subject) == fixId)
            apply = tab.findingList()->applyButton(i);
    }
    printLine(QStringLiteral("offered %1").arg(apply ? 1 : 0));
    if (!apply)
        return 1;
    apply->click();
    answerDialogs(QStringLiteral("result"));
    printFstab();
    printLine(QStringLiteral("undo %1").arg(tab.undoButton()->isVisibleTo(&tab) ? 1 : 0));
    if (!tab.undoButton()->isVisibleTo(&tab))
        return 1;
    tab.undoButton()->click();
    answerDialogs(QStringLiteral("undone"));
    printFstab();
    return 0;
}
