#pragma once

#include <QCoreApplication>

namespace trimscope::health {

// The translation context ("HealthWords") of the health figures' words, shared by the read-outs'
// pretty values (skpretty) and the window's and report's sentences (healthwords).
struct HealthWords
{
    Q_DECLARE_TR_FUNCTIONS(HealthWords)
};

} // namespace trimscope::health
