package lab

import "math/rand/v2"

// mix derives a seed from a base seed and a path of indices (game number,
// player, ply, ...) with SplitMix64, so that every game and every move
// gets its own well-spread seed from one number.
func mix(base uint64, path ...uint64) uint64 {
	h := splitmix(base ^ 0x6a09e667f3bcc909)
	for _, v := range path {
		h = splitmix(h ^ splitmix(v+0x9e3779b97f4a7c15))
	}
	return h
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// newRand returns a generator seeded from seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, splitmix(seed)))
}
