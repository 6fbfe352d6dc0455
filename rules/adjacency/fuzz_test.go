package adjacency

import (
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
)

// fuzzOptions turns two fuzzed numbers into options, valid or not.
func fuzzOptions(rounds int, first int8) Options {
	return Options{Rounds: rounds, First: rules.Player(first)}
}

// FuzzParse: Parse never panics, and an accepted position formats to a
// string that parses to the same position.
func FuzzParse(f *testing.F) {
	f.Add(Start().String(), 0, int8(0))
	f.Add(full, 0, int8(0))
	f.Add(board("a1 a2 a3 a4 a5", "h1 h2 h3 h4 h5", "X", 1), 1, int8(0))
	f.Add(board("h7 b8 c8 d8", "a1 b1 c1 d1", "O", 0), 0, int8(1))
	f.Add(strings.ToLower(Start().String())+" ", 5, int8(0))
	f.Add("XO-- X 0", 0, int8(0))
	f.Add(Start().String()[:64]+" B 00", 29, int8(2))
	f.Add("", -1, int8(-1))
	f.Fuzz(func(t *testing.T, s string, rounds int, first int8) {
		o := fuzzOptions(rounds, first)
		p, err := Parse(s, o)
		if err != nil {
			if !strings.HasPrefix(err.Error(), Name+": ") {
				t.Fatalf("error without the game's name: %v", err)
			}
			return
		}
		q, err := Parse(p.String(), o)
		if err != nil || q != p {
			t.Fatalf("%q parses as %s, which parses as %s, %v", s, p, q, err)
		}
		if p.Hash() != naiveHash(p) {
			t.Fatalf("%q: hash %#x, recomputed %#x", s, p.Hash(), naiveHash(p))
		}
	})
}

// fuzzPositions are the positions FuzzParseMove reads moves in.
func fuzzPositions() []Position {
	eight, _ := New(Options{Rounds: 8})
	h, _ := ParseMoves(eight, "a1 b1 c1 d1 e1 f1 a2 b2 c2 d2 e2 f2 a3 b3 c3 d3")
	last, _ := Parse(full, Options{})
	return []Position{Start(), h.Position(), last, last.Play(0)}
}

// FuzzParseMove: ParseMove never panics, and an accepted move is legal and
// formats to a string that parses to the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c6", "C6", " e5 ", "a7", "h1", "a1", "z9", "", "a", "a10", "i1", "a0", "\x00\xff", "pass"} {
		f.Add(s, uint8(0))
	}
	f.Add("a1", uint8(2))
	f.Add("e3", uint8(1))
	positions := fuzzPositions()
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseMove(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), Name+": ") {
				t.Fatalf("error without the game's name: %v", err)
			}
			return
		}
		if !slices.Contains(p.Moves(nil), m) {
			t.Fatalf("%q parses as %d, which is not legal", s, m)
		}
		if back, err := p.ParseMove(p.MoveString(m)); err != nil || back != m {
			t.Fatalf("%q parses as %d, formats as %q, parses as %d, %v", s, m, p.MoveString(m), back, err)
		}
	})
}

// FuzzParseMoves: ParseMoves never panics, and an accepted list formats to
// a list that parses to the same moves and position.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"c6 f3", "c6f3", "  C6f3\td4  e5 ", "c6 f3 c6", "c6f3x9", "c6 f", "", "a1 b1 c1 d1 e1"} {
		f.Add(s, uint8(0))
	}
	f.Add("a1 b1 c1", uint8(1))
	f.Add("e5 e6", uint8(3))
	starts := []Options{{}, {Rounds: 1}, {First: rules.White}, {Rounds: 3, First: rules.White}}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		start, err := New(starts[int(which)%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		h, err := ParseMoves(start, s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), Name+": move ") {
				t.Fatalf("error without the game's name and the move: %v", err)
			}
			return
		}
		list := FormatMoves(start, h.Moves())
		back, err := ParseMoves(start, list)
		if err != nil || !slices.Equal(back.Moves(), h.Moves()) || back.Position() != h.Position() {
			t.Fatalf("%q formats as %q, which parses differently: %v", s, list, err)
		}
	})
}
