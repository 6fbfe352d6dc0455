package othello

import (
	"os"
	"testing"

	"boardgames/rules"
)

// perftCounts are the published Othello perft counts from the start
// position (Aart Bik's table, also in Wikipedia's "Computer Othello"
// article; OEIS A124004): a pass is a ply and a finished game one leaf.
var perftCounts = []uint64{
	1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
}

// deepPerftEnv names the environment variable that adds depths 10 and 11
// to TestPerft: OTHELLO_PERFT_DEEP=1 go test -run Perft ./rules/othello/
const deepPerftEnv = "OTHELLO_PERFT_DEEP"

func TestPerft(t *testing.T) {
	maxFast, maxRef := 9, 7
	if testing.Short() {
		maxFast, maxRef = 7, 5
	}
	if os.Getenv(deepPerftEnv) != "" {
		maxFast = 11
	}
	white, err := New(Options{First: rules.White})
	if err != nil {
		t.Fatal(err)
	}
	// By symmetry White-first has the same counts.
	for _, start := range []Position{Start(), white} {
		for depth := 0; depth <= maxFast; depth++ {
			p := start
			if got := Perft(p, depth); got != perftCounts[depth] {
				t.Errorf("%v first: Perft(%d) = %d, want %d", start.ToMove(), depth, got, perftCounts[depth])
			}
			if depth <= maxRef {
				if got := rules.Perft(p, depth); got != perftCounts[depth] {
					t.Errorf("%v first: rules.Perft(%d) = %d, want %d", start.ToMove(), depth, got, perftCounts[depth])
				}
			}
			if p != start {
				t.Fatalf("perft changed the position: %v, was %v", p, start)
			}
		}
	}
}

// TestPerftAgrees compares Perft with rules.Perft on the FForum endgame
// positions, where passes and finished games are common.
func TestPerftAgrees(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, s := range obfLines(t) {
		p := mustParse(t, s)
		before := p
		if got, want := Perft(p, depth), rules.Perft(p, depth); got != want {
			t.Errorf("%s: Perft(%d) = %d, rules.Perft = %d", s[:66], depth, got, want)
		}
		if p != before {
			t.Fatalf("perft changed the position")
		}
	}
}
