// checkersGui.h: stands in for GuiNN's GUI class, which the build copies
// this file over: the engine's thinking thread (never started under the
// CheckerBoard interface) and the "staticevaluation" engine command call
// these; none of them draws anything. Ours.
#pragma once
#include <string>
#include "guiWindows.h"

class CheckersGUI
{
public:
	void SetComputerColor(eColor) {}
	void DoGameMove(Move) {}
	void ThinkingMenuActive(bool) {}
	void ShowErrorPopup(const char*) {}
	void get_eval_string(const Board&, std::string& evalstr) { evalstr = "not in this build"; }
};

extern CheckersGUI GUI;
