//go:build !unix

package c4solver

import "time"

// cpuTime is not measured on this system.
func cpuTime() time.Duration { return 0 }
