package adjacency

import (
	"testing"

	"boardgames/rules"
)

// Adjacency has no published perft counts. Every empty square is a legal
// move until the round limit, so the counts have a closed form: from a
// position with e empty squares and r plies left before the limit, depth d
// gives e*(e-1)*...*(e-k+1) with k = min(d, r).
func fallingProduct(e, k int) uint64 {
	n := uint64(1)
	for i := 0; i < k; i++ {
		n *= uint64(e - i)
	}
	return n
}

func TestPerft(t *testing.T) {
	tests := []struct {
		name   string
		opts   Options
		pos    string // "" for the start position under opts
		depth  int
		want   uint64
		deep   bool // skipped under -short
		slowRP bool // checked with rules.Perft only when not -short
		skipRP bool // too slow for rules.Perft, which clears a 128-move buffer per node
	}{
		{name: "start", depth: 0, want: 1},
		{name: "start", depth: 1, want: 56},
		{name: "start", depth: 2, want: 56 * 55},
		{name: "start", depth: 3, want: 56 * 55 * 54},
		{name: "start", depth: 4, want: 56 * 55 * 54 * 53, slowRP: true},
		{name: "start", depth: 5, want: fallingProduct(56, 5), deep: true},
		{name: "first O", opts: Options{First: rules.White}, depth: 3, want: 56 * 55 * 54},
		{name: "1 round", opts: Options{Rounds: 1}, depth: 1, want: 56},
		{name: "1 round", opts: Options{Rounds: 1}, depth: 2, want: 56 * 55},
		{name: "1 round", opts: Options{Rounds: 1}, depth: 3, want: 56 * 55},
		{name: "1 round", opts: Options{Rounds: 1}, depth: 6, want: 56 * 55},
		{name: "2 rounds", opts: Options{Rounds: 2}, depth: 5, want: 56 * 55 * 54 * 53, skipRP: true},
		// O to move with 3 empty squares (a1, b1, c1) at round 26 of 28:
		// 3 plies are left, so depth 3 and deeper give 3*2*1.
		{name: "3 empties", pos: "---OXOXO" + "OXOXOXOX" + "XOXOXOXO" + "OXOXOXOX" +
			"XOXOXOXO" + "OXOXOXOX" + "XOXOXOXO" + "OXOXOXOX" + " O 26", depth: 2, want: 6},
		{name: "3 empties", pos: "---OXOXO" + "OXOXOXOX" + "XOXOXOXO" + "OXOXOXOX" +
			"XOXOXOXO" + "OXOXOXOX" + "XOXOXOXO" + "OXOXOXOX" + " O 26", depth: 5, want: 6},
		{name: "over", opts: Options{Rounds: 1}, pos: "------OO" + "------OO" + "--------" + "--------" +
			"--------" + "--------" + "XXX-----" + "XXX-----" + " X 1", depth: 3, want: 1},
	}
	for _, tt := range tests {
		if tt.deep && testing.Short() {
			continue
		}
		p := Start()
		if tt.pos != "" {
			p = mustParse(t, tt.pos, tt.opts)
		} else {
			var err error
			if p, err = New(tt.opts); err != nil {
				t.Fatal(err)
			}
		}
		before := p
		if got := Perft(p, tt.depth); got != tt.want {
			t.Errorf("%s: Perft(%d) = %d, want %d", tt.name, tt.depth, got, tt.want)
		}
		if p != before {
			t.Errorf("%s: Perft(%d) changed the position", tt.name, tt.depth)
		}
		if tt.deep || tt.skipRP || (tt.slowRP && testing.Short()) {
			continue
		}
		if got := rules.Perft(p, tt.depth); got != tt.want {
			t.Errorf("%s: rules.Perft(%d) = %d, want %d", tt.name, tt.depth, got, tt.want)
		}
		if p != before {
			t.Errorf("%s: rules.Perft(%d) changed the position", tt.name, tt.depth)
		}
	}
}

// TestPerftClosedForm checks Perft against the closed form for every round
// limit, both first players and depths 1..3.
func TestPerftClosedForm(t *testing.T) {
	for rounds := 1; rounds <= maxRounds; rounds++ {
		for _, first := range []rules.Player{rules.Black, rules.White} {
			p, err := New(Options{Rounds: rounds, First: first})
			if err != nil {
				t.Fatal(err)
			}
			for d := 1; d <= 3; d++ {
				want := fallingProduct(56, min(d, 2*rounds))
				if got := Perft(p, d); got != want {
					t.Errorf("rounds %d, first %v: Perft(%d) = %d, want %d", rounds, first, d, got, want)
				}
			}
		}
	}
}
