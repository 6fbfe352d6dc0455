package eval

import (
	"math/bits"
	"strings"
	"testing"

	"boardgames/rules/connect4"
)

// mustConnect4 parses a Connect Four position given as its 6 rows, top
// row first.
func mustConnect4(t *testing.T, rows ...string) connect4.Position {
	t.Helper()
	p, err := connect4.Parse(strings.Join(rows, "/"), connect4.Options{})
	if err != nil {
		t.Fatalf("parse %q: %v", rows, err)
	}
	return p
}

func TestConnect4Lines(t *testing.T) {
	// 69 fours of 4 cells each; 3 through a corner, 13 through the middle.
	if got := c4LineValue(connect4.BoardMask); got != 69*4 {
		t.Errorf("line value of the full board = %d, want %d", got, 69*4)
	}
	for _, tc := range []struct{ col, row, want int }{
		{0, 0, 3}, {6, 5, 3}, {3, 0, 7}, {3, 2, 13}, {2, 3, 11}, {1, 1, 6}, {0, 2, 5},
	} {
		if got := c4LineValue(connect4.Bit(tc.col, tc.row)); got != tc.want {
			t.Errorf("fours through column %d row %d: %d, want %d", tc.col, tc.row, got, tc.want)
		}
	}
	if c4Centre != connect4.ColumnMask(3) {
		t.Errorf("centre column mask %x", c4Centre)
	}
	if bits.OnesCount64(c4OddRows) != 21 || c4OddRows&c4EvenRows != 0 || c4OddRows|c4EvenRows != connect4.BoardMask {
		t.Errorf("row parity masks %x %x", c4OddRows, c4EvenRows)
	}
}

func TestConnect4Symmetry(t *testing.T) {
	// Mirroring the board left to right changes nothing.
	for _, p := range randomPositions(connect4.Start(), 31, games(200, 50)) {
		r := p.Rows()
		for i, row := range r {
			b := []byte(row)
			for a, z := 0, len(b)-1; a < z; a, z = a+1, z-1 {
				b[a], b[z] = b[z], b[a]
			}
			r[i] = string(b)
		}
		q := mustConnect4(t, r...)
		for _, e := range connect4Evals {
			if got, want := e.f(q), e.f(p); got != want {
				t.Fatalf("%s: %v gives %d, mirrored %d", e.name, p, want, got)
			}
		}
	}
}

func TestConnect4HandMade(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want func(v int) bool
	}{
		// X (to move) has an open three on the second row whose fourth
		// cell is not playable yet: a threat, and on the first player's
		// bad (even) row, but positive.
		{"open three for the side to move", []string{
			"-------", "-------", "-------", "-------",
			"XXX----",
			"OOX--OO"}, func(v int) bool { return v > 0 && v < c4Decided }},
		{"X to move wins now", []string{
			"-------", "-------", "-------", "-------",
			"-------",
			"XXX-OOO"}, func(v int) bool { return v == c4Decided }},
		{"O to move cannot stop two threats", []string{
			"-------", "-------", "-------", "-------",
			"-------",
			"-XXX-OO"}, func(v int) bool { return v == -c4Decided }},
		{"O to move cannot stop a threat above a threat", []string{
			"-------", "-------", "-------",
			"OO-----",
			"XX-X---",
			"XX-XOOO"}, func(v int) bool { return v == -c4Decided }},
		{"empty board", []string{
			"-------", "-------", "-------", "-------", "-------", "-------"}, func(v int) bool { return v == 0 }},
		{"centre stone", []string{
			"-------", "-------", "-------", "-------", "-------",
			"---X---"}, func(v int) bool { return v < 0 }}, // O to move, X holds the centre
	}
	for _, tc := range tests {
		p := mustConnect4(t, tc.rows...)
		if v := connect4Threats(p); !tc.want(v) {
			t.Errorf("%s: %d", tc.name, v)
		}
		if v := connect4Paper(p); v != 0 {
			t.Errorf("%s: paper %d, want 0", tc.name, v)
		}
	}

	// A threat on the owner's parity row is worth more than one on the
	// other parity: X's three on row 3 (odd) against the same on row 2.
	odd := connect4Threats(mustConnect4(t, "-------", "-------", "-------",
		"XXX----",
		"OOX----",
		"XOO-XOO"))
	even := connect4Threats(mustConnect4(t, "-------", "-------", "-------",
		"-------",
		"XXX---O",
		"OOX-XOO"))
	if odd <= even {
		t.Errorf("X threat on an odd row %d <= on an even row %d", odd, even)
	}
}
