// posix_shim.h: the few Windows calls and types GuiNN Checkers' engine
// uses, for a build on Linux (included before every source file with
// -include). Ours, not GuiNN's: see README.md.
#pragma once

#include <cctype>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <strings.h>
#include <unistd.h>

#ifndef WINAPI
#define WINAPI
#endif
#define CALLBACK

typedef int INT;
typedef int BOOL;
#define TRUE 1
#define FALSE 0
typedef uint32_t DWORD;
typedef uint16_t WORD;
typedef void* HANDLE;

// The engine's own thinking thread serves its Windows GUI only; under the
// CheckerBoard interface (getmove) it is never started. These keep its
// code compiling and do nothing.
inline HANDLE CreateEvent(void*, int, int, void*) { return nullptr; }
inline int SetEvent(HANDLE) { return 1; }
inline int ResetEvent(HANDLE) { return 1; }
inline DWORD WaitForSingleObject(HANDLE, DWORD) { return 0; }
inline int CloseHandle(HANDLE) { return 1; }
inline HANDLE CreateThread(void*, size_t, DWORD (*)(void*), void*, DWORD, DWORD*) { return nullptr; }
#define INFINITE 0xFFFFFFFFu
inline void Sleep(DWORD ms) { usleep((useconds_t)ms * 1000); }

inline char* _strdup(const char* s) { return strdup(s); }
inline char* _strlwr(char* s)
{
	for (char* p = s; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return s;
}
#define _stricmp strcasecmp

// Calling conventions and DLL linkage mean nothing here.
#define __cdecl
#define __declspec(x)
