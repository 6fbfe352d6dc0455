//go:build !unix

package endgame

import "time"

// cpuTime is not measured on this system.
func cpuTime() time.Duration { return 0 }
