// The passphrase question a crypt refresh asks in the GUI (apply and undo): it names the device,
// hides what is typed, hands on exactly the bytes typed (UTF-8, no newline), and a cancel or an
// empty answer is "no passphrase" (the step is skipped). In English and German, each saved as a
// screenshot (passphrase-LANGUAGE.png).
#include "guilanguage.h"
#include "testmain.h"
#include "widgets/passphrasedialog.h"
#include "widgets/wraptext.h"

#include <QApplication>
#include <QDir>
#include <QInputDialog>
#include <QLineEdit>
#include <QTest>
#include <QTimer>
#include <optional>

using namespace trimscope::gui;

class TestPassphraseDialog : public QObject
{
    Q_OBJECT
private slots:
    void answers_data();
    void answers();
};

void TestPassphraseDialog::answers_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("accept");
    QTest::addColumn<std::optional<QByteArray>>("given");
    QTest::addColumn<QString>("titleWord"); // a word of the title in that language
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("de")}) {
        const QString word = language == QLatin1String("de") ? QStringLiteral("Passphrase von")
                                                             : QStringLiteral("Passphrase of");
        const QByteArray tag = language.toLatin1() + ": ";
        QTest::newRow(tag + "typed and OK") << language << "correct horse" << true
                                            << std::optional<QByteArray>("correct horse") << word;
        QTest::newRow(tag + "not ASCII")
            << language << "Grüße" << true
            << std::optional<QByteArray>(QStringLiteral("Grüße").toUtf8()) << word;
        QTest::newRow(tag + "cancelled")
            << language << "correct horse" << false << std::optional<QByteArray>() << word;
        QTest::newRow(tag + "empty")
            << language << "" << true << std::optional<QByteArray>() << word;
    }
}

void TestPassphraseDialog::answers()
{
    QFETCH(QString, language);
    QFETCH(QString, typed);
    QFETCH(bool, accept);
    QFETCH(std::optional<QByteArray>, given);
    QFETCH(QString, titleWord);
    const GuiLanguage ui(language);
    QVERIFY(ui.loaded() || language == QLatin1String("en"));
    QString title;
    QString question;
    QLineEdit::EchoMode echo = QLineEdit::Normal;
    bool sawDialog = false;
    int width = 0;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        title = dialog->windowTitle();
        question = withoutJoiners(dialog->labelText()); // as it reads
        echo = dialog->textEchoMode();
        width = dialog->width();
        dialog->setTextValue(typed);
        if (QByteArray(QTest::currentDataTag()).endsWith("typed and OK")) {
            QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
            dialog->grab().save(QStringLiteral(SCREENSHOT_DIR "/passphrase-%1.png").arg(language));
        }
        accept ? dialog->accept() : dialog->reject();
    });
    const std::optional<QByteArray> answer =
        askPassphraseInDialog(nullptr, QStringLiteral("sda3_crypt"));
    QVERIFY(sawDialog);
    QCOMPARE(answer, given);
    QVERIFY2(title.contains(QLatin1String("sda3_crypt")) && title.contains(titleWord),
             qPrintable(title));
    QVERIFY2(question.contains(QLatin1String("/dev/mapper/sda3_crypt")), qPrintable(question));
    QCOMPARE(echo, QLineEdit::Password);
    // The question wraps: unwrapped, it made the dialog 1,370 px wide.
    QVERIFY2(width > 0 && width < 700, qPrintable(QString::number(width)));
}

TRIMSCOPE_TEST_MAIN(TestPassphraseDialog)
#include "tst_passphrasedialog.moc"
