//go:build !unix

package solvekit

import "time"

// CPUTime is not measured on this system: it returns 0.
func CPUTime() time.Duration { return 0 }
