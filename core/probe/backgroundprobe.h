#pragma once

// The background-TRIM probe: what it needs from a drive (probetarget.h), where and how long it
// probes (probeplan.h), the trials it runs (proberunner.h) and what it found (proberesult.h).
#include "probeplan.h"
#include "proberesult.h"
#include "proberunner.h"
#include "probetarget.h"
