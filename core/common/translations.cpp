#include "translations.h"

#include "trimscope_config.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace trimscope {

namespace {
bool g_wordsTranslated = false;
} // namespace

bool wordsTranslated()
{
    return g_wordsTranslated;
}

QString installTranslations()
{
    auto *app = QCoreApplication::instance();
    if (!app)
        return {};
    const QLocale locale;

    auto *qtTranslator = new QTranslator(app);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTranslator);
    else
        delete qtTranslator;

    QStringList dirs;
    const QString fromEnvironment = qEnvironmentVariable("TRIMSCOPE_TRANSLATIONS_DIR");
    if (!fromEnvironment.isEmpty())
        dirs << fromEnvironment;
    dirs << QDir(QCoreApplication::applicationDirPath())
                .absoluteFilePath(QStringLiteral("../" TRIMSCOPE_TRANSLATIONS_RELATIVE_DIR))
         << QStringLiteral(TRIMSCOPE_TRANSLATIONS_INSTALLED_DIR)
         << QStringLiteral(TRIMSCOPE_TRANSLATIONS_BUILD_DIR);

    auto *translator = new QTranslator(app);
    for (const QString &dir : dirs) {
        // English has a catalogue of its own too: the plural forms of "%n run(s)". A language
        // TrimScope does not speak gets English, plurals included.
        if (translator->load(locale, QStringLiteral("trimscope"), QStringLiteral("_"), dir) ||
            translator->load(QStringLiteral("trimscope_en"), dir)) {
            QCoreApplication::installTranslator(translator);
            g_wordsTranslated = !translator->language().startsWith(QLatin1String("en"));
            return translator->filePath();
        }
    }
    delete translator;
    return {};
}

} // namespace trimscope
