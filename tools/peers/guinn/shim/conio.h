// conio.h: included by GuiNN's engine.cpp, which uses nothing from it. Ours.
#pragma once
