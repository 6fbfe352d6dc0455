// windows.h: the Windows header GuiNN's sources include; on Linux the
// shims in posix_shim.h (forced into every file) stand in. Ours.
#pragma once
#include "posix_shim.h"
