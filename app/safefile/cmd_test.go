package safefile

import (
	"fmt"
	"os/exec"
	"strings"
)

// runCmd runs a system command for a test's setup, with its output in the
// error.
func runCmd(name string, args ...string) error {
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}
