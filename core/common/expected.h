#pragma once

#include "error.h"

#include <optional>
#include <utility>

namespace trimscope {

// A value or an Error: std::expected arrives with C++23, which Debian 12's g++ 12 lacks.
template <typename T> class Expected
{
public:
    Expected(T value) : m_value(std::move(value)) {}
    Expected(Error error) : m_error(std::move(error)) {}

    bool hasValue() const { return m_value.has_value(); }
    explicit operator bool() const { return hasValue(); }

    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    const T &operator*() const & { return *m_value; }
    T &operator*() & { return *m_value; }
    const T *operator->() const { return &*m_value; }
    T *operator->() { return &*m_value; }

    const Error &error() const { return m_error; }

private:
    std::optional<T> m_value;
    Error m_error;
};

inline Error makeError(ErrorCode code, QString message)
{
    return Error{code, std::move(message)};
}

} // namespace trimscope
