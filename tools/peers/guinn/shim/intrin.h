// intrin.h: MSVC's bit scans, which GuiNN's moveGen.h uses, by GCC's
// builtins. Ours.
#pragma once
#include <immintrin.h>

inline unsigned char _BitScanForward(unsigned long* index, uint32_t mask)
{
	if (mask == 0)
		return 0;
	*index = (unsigned long)__builtin_ctz(mask);
	return 1;
}

inline unsigned char _BitScanReverse(unsigned long* index, uint32_t mask)
{
	if (mask == 0)
		return 0;
	*index = 31 - (unsigned long)__builtin_clz(mask);
	return 1;
}
