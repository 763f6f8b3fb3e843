#pragma once

#include <QCoreApplication>

namespace trimscope::apply {

// Gives core/apply a tr() with the "ApplyText" context that lupdate understands.
class ApplyText
{
    Q_DECLARE_TR_FUNCTIONS(ApplyText)
};

} // namespace trimscope::apply
