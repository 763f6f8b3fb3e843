#pragma once

#include <QList>

namespace trimscope::test {

// A loaded machine, made by the test itself: `processes` children that spin on the CPU until the
// object goes (SIGKILL, reaped), on failure too. Four on this 2-core box give a load of 4-6, the
// conditions under which the probe and fsbench used to go wrong.
class SyntheticLoad
{
public:
    explicit SyntheticLoad(int processes);
    ~SyntheticLoad();
    SyntheticLoad(const SyntheticLoad &) = delete;
    SyntheticLoad &operator=(const SyntheticLoad &) = delete;

    int processes() const { return int(m_children.size()); }

private:
    QList<int> m_children;
};

} // namespace trimscope::test
