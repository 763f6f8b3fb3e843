// The Qt Core and standard headers most of our sources include, parsed once per kind of target
// instead of once per source file (cmake/PrecompiledHeaders.cmake says why and where).
// Only headers whose meaning no per-target macro changes: <QTest> reads the per-test
// QT_TESTCASE_BUILDDIR, so it stays out.
#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
