// shim_gui.cpp: what GuiNN's GUI and registry code defined that its engine
// needs, without a GUI or a Windows registry: DisplayText writes to the
// CheckerBoard interface's info string, the settings are fixed (the
// transposition table's size is guinnHashMB, which the adapter's -hash
// sets) and not saved. Ours.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engine.h"
#include "checkersGui.h"
#include "registry.h"

CheckersGUI GUI;

void DisplayText(const char* text)
{
	if (checkerBoard.bActive && checkerBoard.infoString) {
		strncpy(checkerBoard.infoString, text, 1023);
		checkerBoard.infoString[1023] = 0;
	}
}

int guinnHashMB = 128;

void reg_set_int(char*, int) {}
int reg_get_int(char*, int*) { return 0; }
void reg_set_string(char*, char*) {}
int reg_get_string(char*, char*, int) { return 0; }
void save_hashsize(int) {}
void save_book_setting(int) {}
void save_dbpath(char*) {}
void save_enable_wld(int) {}
void save_dbmbytes(int) {}
void save_max_dbpieces(int) {}
int get_hashsize(int* size) { *size = guinnHashMB; return 1; }
int get_book_setting(int* setting) { *setting = CB_BOOK_BEST_MOVES; return 1; }
int get_dbpath(char* path, int maxlen) { snprintf(path, maxlen, "db"); return 1; }
int get_enable_wld(int* enable) { *enable = 0; return 1; }
int get_dbmbytes(int* size) { *size = 0; return 1; }
int get_max_dbpieces(int* size) { *size = 4; return 1; }
