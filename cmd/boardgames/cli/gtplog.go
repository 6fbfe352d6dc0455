package cli

import (
	"flag"
	"os"
)

// logFlagHelp is the help of -log, shared by arena and grade.
const logFlagHelp = "write each external program's protocol transcript and stderr to this folder, one file per game and program (NNN-BOT-COLOUR.gtp.log)"

// addLogFlag registers -log on fs.
func addLogFlag(fs *flag.FlagSet) *string { return fs.String("log", "", logFlagHelp) }

// makeLogDir creates -log's folder (and its parents) before the games, so
// that a folder that cannot be written stops the run at once.
func makeLogDir(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInputf("-log: %v", err)
	}
	f, err := os.CreateTemp(dir, ".write-test-*")
	if err != nil {
		return badInputf("-log %s cannot be written: %v", dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}
