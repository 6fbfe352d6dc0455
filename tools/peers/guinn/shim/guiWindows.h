// guiWindows.h: stands in for GuiNN's Windows GUI header, which the build
// copies this file over. The engine calls only DisplayText and
// RunningDisplay from it. Ours.
#pragma once
#include "posix_shim.h"

void DisplayText(const char* text);
void RunningDisplay(SearchInfo& displayInfo, const Move& bestmove, bool bSearching);
