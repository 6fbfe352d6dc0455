package cli

import (
	"context"
	"strings"
	"testing"
)

// Item 6 of issue 20: a panic (a bug) never exits with a documented status
// of its own (2 is bad input, which Go's runtime gives a panic): it is
// recovered at the top, reported as a bug with a request for a report,
// and ends with ExitBug.
func TestPanicIsReportedAsABug(t *testing.T) {
	commands["panic-for-test"] = command{"panics", func(*env, []string) error {
		var best []int
		_ = best[0] // as c4solver.Choose did with a corrupt book
		return nil
	}}
	defer delete(commands, "panic-for-test")
	code, out, errOut := runCtx(t, context.Background(), "panic-for-test")
	if code != ExitBug || code == ExitUsage || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	first, stack, _ := strings.Cut(errOut, "\n")
	if !strings.HasPrefix(first, "boardgames panic-for-test: internal error: runtime error: index out of range") ||
		!strings.Contains(first, "please report it") || !strings.Contains(stack, "bug_test.go") {
		t.Errorf("stderr %q", errOut)
	}
}
