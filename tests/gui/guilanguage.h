#pragma once

#include "common/units.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>
#include <memory>

// Switches a test's UI language as the program does at start (installTranslations), from the
// build tree's catalogues and Qt's own: "de", or "en" (English, with its plural forms).
class GuiLanguage
{
public:
    explicit GuiLanguage(const QString &language)
    {
        const QLocale locale(language == QLatin1String("de") ? QStringLiteral("de_DE")
                                                              : QStringLiteral("en_US"));
        QLocale::setDefault(locale);
        trimscope::setNumberLocale(locale);
        if (m_ours.load(locale, QStringLiteral("trimscope"), QStringLiteral("_"),
                        QStringLiteral(TRIMSCOPE_BINARY_DIR "/translations")))
            QCoreApplication::installTranslator(&m_ours);
        if (m_qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
    }
    ~GuiLanguage()
    {
        QCoreApplication::removeTranslator(&m_ours);
        QCoreApplication::removeTranslator(&m_qt);
        QLocale::setDefault(QLocale::c());
        trimscope::setNumberLocale(QLocale::c());
    }
    bool loaded() const { return !m_ours.isEmpty(); }
    bool qtLoaded() const { return !m_qt.isEmpty(); }

private:
    QTranslator m_ours;
    QTranslator m_qt;
};
