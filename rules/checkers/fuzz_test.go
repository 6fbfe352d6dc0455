package checkers

import (
	"slices"
	"testing"
)

// fuzzPositions are the positions FuzzParseMove picks from.
var fuzzPositions = []string{
	"B:W21-32:B1-12",
	"B:W10,19:B6",
	"B:W14,15,22,23:BK10",
	"B:W26,27:B22",
	"W:WK15:B18,19",
	"B:W32:B28",
	"B:W18:B14,1",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
	}
	for _, s := range []string{"B:B1-12:W21-32.", " w : wK1-2 , 9 : b5", "W:W:B", "B:W12-9:B1", "B:W33:B1", "B:K:B", "B:W1-:B2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s, Options{})
		if err != nil {
			return
		}
		q, err := Parse(p.String(), Options{})
		if err != nil || q != p {
			t.Fatalf("Parse(%q) = %s, which parses back as %s, %v", s, p, q, err)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for i, s := range []string{"11-15", "6x24", "10x10", "10x26x19x10", "22x31", "15x22", "1-5", "14-23", "x", "-", "1x", "033-1"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p, err := Parse(fuzzPositions[int(which)%len(fuzzPositions)], Options{})
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		if !slices.Contains(p.Moves(nil), m) {
			t.Fatalf("%s: ParseMove(%q) accepted an illegal move %x", p, s, m)
		}
		back, err := p.ParseMove(p.MoveString(m))
		if err != nil || back != m {
			t.Fatalf("%s: ParseMove(%q) = %s, which parses back as %x, %v", p, s, p.MoveString(m), back, err)
		}
	})
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{
		"1. 11-15 22-18 2. 15x22 25x18 3.8-11 3... 29-25 1/2-1/2",
		"11-15 23-19 8-11 22-17 *",
		"9-13 22-18 13-17 18-14 17x26",
		"1-0",
		"1.",
	} {
		f.Add(false, s)
	}
	f.Add(true, "10x17x26x19x10")
	f.Fuzz(func(t *testing.T, kings bool, s string) {
		start := Start()
		if kings {
			start, _ = Parse("B:WK14,15,22,23:BK10,K1", Options{DrawMoves: 3})
		}
		h, err := ParseMoves(start, s)
		if err != nil {
			return
		}
		list := FormatMoves(start, h.Moves())
		h2, err := ParseMoves(start, list)
		if err != nil || !slices.Equal(h2.Moves(), h.Moves()) {
			t.Fatalf("ParseMoves(%q) formats as %q, which parses back as %v, %v", s, list, h2, err)
		}
	})
}
