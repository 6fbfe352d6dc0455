package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// lowerPriority sets every thread of the process, not only the calling
// one: on Linux a nice value is a thread's, and the goroutines that do a
// build's work run on the runtime's other threads. (The test binary runs
// at nice 1 afterwards.)
func TestLowerPrioritySetsEveryThread(t *testing.T) {
	if err := lowerPriority(1); err != nil {
		t.Fatal(err)
	}
	stats, err := filepath.Glob("/proc/self/task/*/stat")
	if err != nil || len(stats) < 2 {
		t.Fatalf("threads: %v %v", stats, err)
	}
	for _, name := range stats {
		data, err := os.ReadFile(name)
		if err != nil {
			continue // the thread ended
		}
		// Fields after the command's closing parenthesis: state is the
		// 3rd field of the line, nice the 19th.
		rest := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
		nice, err := strconv.Atoi(rest[16])
		if err != nil {
			t.Fatalf("%s: %q", name, data)
		}
		if nice < 1 {
			t.Errorf("%s: nice %d after lowerPriority(1)", name, nice)
		}
	}
}
