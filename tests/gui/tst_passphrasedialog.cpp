// The passphrase question a crypt refresh asks in the GUI (apply and undo): it names the device,
// hides what is typed, hands on exactly the bytes typed (UTF-8, no newline), and a cancel or an
// empty answer is "no passphrase" (the step is skipped).
#include "widgets/passphrasedialog.h"

#include <QApplication>
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
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("accept");
    QTest::addColumn<std::optional<QByteArray>>("given");
    QTest::newRow("typed and OK") << "correct horse" << true
                                  << std::optional<QByteArray>("correct horse");
    QTest::newRow("not ASCII") << "Grüße" << true
                               << std::optional<QByteArray>(QStringLiteral("Grüße").toUtf8());
    QTest::newRow("cancelled") << "correct horse" << false << std::optional<QByteArray>();
    QTest::newRow("empty") << "" << true << std::optional<QByteArray>();
}

void TestPassphraseDialog::answers()
{
    QFETCH(QString, typed);
    QFETCH(bool, accept);
    QFETCH(std::optional<QByteArray>, given);
    QString title;
    QString question;
    QLineEdit::EchoMode echo = QLineEdit::Normal;
    bool sawDialog = false;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        title = dialog->windowTitle();
        question = dialog->labelText();
        echo = dialog->textEchoMode();
        dialog->setTextValue(typed);
        accept ? dialog->accept() : dialog->reject();
    });
    const std::optional<QByteArray> answer =
        askPassphraseInDialog(nullptr, QStringLiteral("sda3_crypt"));
    QVERIFY(sawDialog);
    QCOMPARE(answer, given);
    QVERIFY2(title.contains(QLatin1String("sda3_crypt")), qPrintable(title));
    QVERIFY2(question.contains(QLatin1String("/dev/mapper/sda3_crypt")), qPrintable(question));
    QCOMPARE(echo, QLineEdit::Password);
}

QTEST_MAIN(TestPassphraseDialog)
#include "tst_passphrasedialog.moc"
