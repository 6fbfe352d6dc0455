package engine

// SetETCDepth sets the depth from which the engine tries enhanced
// transposition cut-offs (etc.go) until the returned function restores it,
// for the benchmarks of package engine_test.
func SetETCDepth(d int) (restore func()) {
	old := etcDepth
	etcDepth = d
	return func() { etcDepth = old }
}

// SetStabilityDepth sets the depth from which the engine tries stability
// cut-offs (stability.go) until the returned function restores it.
func SetStabilityDepth(d int) (restore func()) {
	old := stabilityMinDepth
	stabilityMinDepth = d
	return func() { stabilityMinDepth = old }
}
