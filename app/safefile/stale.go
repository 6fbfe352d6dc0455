package safefile

import (
	"os"
	"path/filepath"
	"strings"
)

// tempRandom is the number of random bytes in a temporary file's name,
// written as twice as many hex digits.
const tempRandom = 6

// isTempName reports whether name is a temporary file of this package:
// ".NAME.XXXXXXXXXXXX.tmp" with 12 lower-case hex digits.
func isTempName(name string) bool {
	rest, ok := strings.CutSuffix(name, ".tmp")
	if !ok || !strings.HasPrefix(rest, ".") {
		return false
	}
	i := strings.LastIndexByte(rest, '.')
	if i <= 1 || len(rest)-i-1 != 2*tempRandom {
		return false
	}
	for _, c := range rest[i+1:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// removeStale removes from dir the temporary files of saves of base (the
// file being saved) that were killed before they finished (their process
// holds no lock on them any more; see removeIfStale), except mine. Only
// base's own are touched: a file of the user's that happens to look like
// another file's temporary one (.notes.0123456789ab.tmp) is left. It is
// best effort: what it cannot read or remove it leaves.
func removeStale(dir, base string, mine *os.File) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		ours := strings.HasPrefix(e.Name(), "."+base+".") && len(e.Name()) == len(base)+2+2*tempRandom+len(".tmp")
		if e.Type().IsRegular() && ours && isTempName(e.Name()) && path != mine.Name() {
			removeIfStale(path)
		}
	}
}
