package othello

import (
	"slices"
	"strings"
	"testing"
)

// fuzzPositions are the positions FuzzParseMove reads moves in: the start,
// a forced pass, a finished game and an endgame.
var fuzzPositions = []string{
	"---------------------------OX------XO--------------------------- X",
	"OX-------------------------------------------------------------- X",
	strings.Repeat("XO", 32) + " X",
	"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
		f.Add(s + "; G8:+18;")
	}
	f.Add("---------------------------OX------XO--------------------------- o junk")
	f.Add("")
	f.Add(strings.Repeat("x", 64) + "\tO")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s, Options{})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "othello: ") {
				t.Fatalf("Parse(%q): error without prefix: %v", s, err)
			}
			return
		}
		q, err := Parse(p.String(), Options{})
		if err != nil || q != p {
			t.Fatalf("Parse(%q) = %v; Parse(String()) = %v, %v", s, p, q, err)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"f5", "E3", "pass", "PASS", "z9", "", " d3 ", "a", "h8", "e4"} {
		for i := range fuzzPositions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p := mustParse(t, fuzzPositions[int(i)%len(fuzzPositions)])
		m, err := p.ParseMove(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "othello: ") {
				t.Fatalf("ParseMove(%q): error without prefix: %v", s, err)
			}
			return
		}
		if !slices.Contains(p.Moves(nil), m) {
			t.Fatalf("ParseMove(%q) = %v, not a legal move", s, m)
		}
		if back, err := p.ParseMove(p.MoveString(m)); err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v; ParseMove(MoveString) = %v, %v", s, m, back, err)
		}
	})
}

func FuzzParseMoves(f *testing.F) {
	f.Add("f5d6c3d3c4")
	f.Add("F5 D6, c3 pass")
	f.Add("c4c3e6b4a4a5b2a3 pass d2c2")
	f.Add("c4c3e6b4a4a5b2a3d2c2")
	f.Add("d3c3b3d2e1d6d7e3f4 a1")
	f.Add("f5 e3")
	f.Add("passpass")
	f.Fuzz(func(t *testing.T, list string) {
		h, err := ParseMoves(Start(), list)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "othello: move ") {
				t.Fatalf("ParseMoves(%q): error without prefix: %v", list, err)
			}
			return
		}
		text := FormatMoves(Start(), h.Moves())
		h2, err := ParseMoves(Start(), text)
		if err != nil || !slices.Equal(h2.Moves(), h.Moves()) || h2.Position() != h.Position() {
			t.Fatalf("ParseMoves(%q): FormatMoves %q parses to %v, %v", list, text, h2, err)
		}
	})
}
