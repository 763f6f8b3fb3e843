#pragma once

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusVirtualObject>
#include <QString>
#include <QStringList>

namespace trimscope::test {

// polkit's authentication agent for the processes a test names, on a private system bus
// (PrivateSystemBus, as root): it answers every prompt as the administrator would with the right
// password (AuthenticationAgentResponse2 from root, for the first identity polkit offers),
// `delayMs` after polkit asked (0: at once), unless polkit withdrew the prompt meanwhile; or, as
// `person` says, as a person who closes the prompt or whose password is not accepted.
class PolkitTestAgent final : public QDBusVirtualObject
{
public:
    enum class Person {
        GivesThePassword,
        // Closes the prompt: BeginAuthentication answers polkit's Cancelled error, as a desktop
        // agent does when its dialog is dismissed (polkit then says polkit.dismissed).
        Dismisses,
        // The authentication ends without success (a wrong password, the tries used up): the
        // agent answers BeginAuthentication and never AuthenticationAgentResponse.
        FailsToAuthenticate,
    };
    Person person = Person::GivesThePassword;

    explicit PolkitTestAgent(int delayMs = 0) : m_delayMs(delayMs) {}

    // Serves on `bus` (the root connection): registerFor() then tells polkit which process's
    // prompts come here. stop() (also the destructor) takes the agent off the bus.
    bool serveOn(const QDBusConnection &bus);
    QDBusMessage registerFor(qint64 pid);
    void stop();
    ~PolkitTestAgent() override { stop(); }

    int asked = 0;
    int cancelled = 0;
    QStringList actions;   // what each prompt was for
    QString refusal;       // polkit's error for an answer, if it refused one
    QStringList withdrawn; // cookies of prompts polkit cancelled before they were answered

    QString introspect(const QString &) const override { return {}; }
    bool handleMessage(const QDBusMessage &message, const QDBusConnection &connection) override;

private:
    void answer(QDBusConnection bus, const QDBusMessage &request, const QString &cookie,
                const QString &kind, const QVariantMap &details);

    int m_delayMs;
    QDBusConnection m_bus{QString()};
    bool m_serving = false;
};

} // namespace trimscope::test
