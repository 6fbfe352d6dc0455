package records

import (
	"os"
	"strings"
	"testing"

	"boardgames/rules/games"
)

// fuzzRead reads text in format f; whatever reads must write and read back
// to the same games, and nothing may panic.
func fuzzRead(t *testing.T, f Format, game, text string) {
	var g *games.Game
	if game != "" {
		g = mustGame(t, game)
	}
	if whole, cut := itemsOf(t, f, text, g, 1<<20), itemsOf(t, f, text, g, 7); whole != cut {
		t.Fatalf("read in pieces of 7 bytes:\n%s\nwhole:\n%s", cut, whole)
	}
	gs, err := Read(f, text, g, games.Settings{})
	if err != nil {
		if !strings.HasPrefix(err.Error(), "records: ") {
			t.Fatalf("an error without the package prefix: %v", err)
		}
		return
	}
	var b strings.Builder
	if err := Write(&b, f, gs); err != nil {
		return // a transcript of a set-up game, say
	}
	back, err := Read(f, b.String(), g, games.Settings{})
	if err != nil {
		t.Fatalf("what Write wrote does not read: %v\n%s", err, b.String())
	}
	sameGames(t, gs, back)
}

func FuzzReadPDN(f *testing.F) {
	if data, err := os.ReadFile("testdata/club.pdn"); err == nil {
		f.Add(string(data))
	}
	f.Add("[FEN \"W:W14:B9\"]\n1... 14x5 0-1")
	f.Add("1. 11-15 (1. 9-14 {x} 22-18) 23-19 $3 8-11! *")
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, PDN, "", text) })
}

func FuzzReadGGF(f *testing.F) {
	f.Add("(;GM[Othello]PB[a]TY[8]RE[+2.00:r]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1]W[PA];)")
	f.Add("(;GM[Othello]TY[8r]BO[8 -------- -------- ---*---- ---**--- ---*O--- -------- -------- -------- O]W[e3];)")
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, GGF, "", text) })
}

func FuzzReadTranscript(f *testing.F) {
	for _, seed := range []struct{ game, text string }{
		{"othello", "F5D6C3\nf5 d6 pass"}, {"connect4", "4453 -2\n44"},
		{"checkers", "11-15 23-19\n# x"}, {"adjacency", "c6 f3"},
	} {
		f.Add(seed.game, seed.text)
	}
	f.Fuzz(func(t *testing.T, game, text string) {
		if _, err := games.Lookup(game); err != nil {
			return
		}
		fuzzRead(t, Transcript, game, text)
	})
}
