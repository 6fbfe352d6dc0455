package othello

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// obfLines returns the positions of the FForum endgame test files (from
// the Edax distribution, copied from /work/shared/data/othello).
func obfLines(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.obf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no OBF files: %v", err)
	}
	var lines []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(line) != "" {
				lines = append(lines, line)
			}
		}
	}
	return lines
}

// TestOBF checks the legal moves of the FForum endgame positions against
// the moves their lines list.
func TestOBF(t *testing.T) {
	lines := obfLines(t)
	for _, line := range lines {
		p := mustParse(t, line)
		_, scores, _ := strings.Cut(line, ";")
		var want []string
		for _, ms := range strings.Split(scores, ";") {
			if mv, _, ok := strings.Cut(strings.TrimSpace(ms), ":"); ok {
				want = append(want, strings.ToLower(mv))
			}
		}
		slices.Sort(want)
		var got []string
		for _, m := range p.Moves(nil) {
			got = append(got, p.MoveString(m))
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: moves %v, want %v", line[:66], got, want)
		}
		if line[:66] != p.String() {
			t.Errorf("String() = %q, want %q", p.String(), line[:66])
		}
	}
	if len(lines) != 79 {
		t.Errorf("read %d positions, want 79", len(lines))
	}
}
