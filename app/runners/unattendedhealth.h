#pragma once

// Who reads a drive's health in a run that asks no password (the history's collector): root reads
// the drive itself, anyone else takes what udisksd read on its own last poll. Like every choice by
// the user id, it is made in app/runners (tests/layering); no D-Bus here, so that the collector
// links none (issue 44).
namespace trimscope {

bool readsDriveHealthItself();

} // namespace trimscope
