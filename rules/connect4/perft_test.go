package connect4

import (
	"math/rand/v2"
	"testing"

	"boardgames/rules"
)

// Move-path counts from the empty board, which follow from the rules: up to
// depth 6 no game can end and no column can fill, so the count is 7^depth;
// at depth 7 the seven paths that drop all seven stones into one column are
// gone (7^7 - 7 = 823536; the first wins come at ply 7 and are leaves at
// that depth anyway). OEIS A212693, which starts the same way, counts
// distinct positions, not paths: 1, 7, 49, 238, 1120, ...
var startPerft = []struct {
	depth int
	nodes uint64
}{
	{0, 1}, {1, 7}, {2, 49}, {3, 343}, {4, 2401}, {5, 16807}, {6, 117649}, {7, 823536},
}

func TestPerftStart(t *testing.T) {
	for _, tt := range startPerft {
		checkPerft(t, "fast", Start(), tt.depth, tt.nodes, Perft)
		if tt.depth <= 5 || !testing.Short() && tt.depth <= 6 {
			checkPerft(t, "rules", Start(), tt.depth, tt.nodes, rules.Perft[Position])
		}
	}
}

func checkPerft(t *testing.T, name string, p Position, depth int, want uint64, perft func(Position, int) uint64) {
	t.Helper()
	before := p
	if got := perft(p, depth); got != want {
		t.Errorf("%s perft(%s, %d) = %d, want %d", name, p, depth, got, want)
	}
	if p != before {
		t.Errorf("%s perft(%d) changed the position to %s", name, depth, p)
	}
}

// Positions near and at the end of the game, where wins and full columns
// cut the tree; the fast counter must agree with rules.Perft.
func TestPerftPositions(t *testing.T) {
	tests := []struct {
		pos    string
		counts []uint64 // depth 0, 1, 2, ...
	}{
		// A won position and a full board are single leaves.
		{"-------/-------/-------/-------/OOO----/XXXX---", []uint64{1, 1, 1}},
		{"OOXXOXX/XOXOOOX/XOXXOOO/OXOXXXO/OOOXXOX/XXXOOOX", []uint64{1, 1, 1}},
		// X to move wins at 4 at once (one leaf at depth 2); each of the
		// six other moves has seven replies: 1 + 6*7 = 43.
		{"-------/-------/-------/-------/OOO----/XXX----", []uint64{1, 7, 43}},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.pos)
		for depth, want := range tt.counts {
			checkPerft(t, "fast", p, depth, want, Perft)
			checkPerft(t, "rules", p, depth, want, rules.Perft[Position])
		}
	}
}

func TestPerftRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 4))
	n, depth := 300, 4
	if testing.Short() {
		n = 50
	}
	var buf [rules.MaxMoves]rules.Move
	for range n {
		p := Start()
		for plies := rng.IntN(40); plies > 0; plies-- {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		checkPerft(t, "fast", p, depth, rules.Perft(p, depth), Perft)
	}
}

// TestPerftDeep compares the two counters one level deeper than the
// published table.
func TestPerftDeep(t *testing.T) {
	if testing.Short() {
		t.Skip("deep perft")
	}
	p := Start().Play(3)
	checkPerft(t, "fast", p, 7, rules.Perft(p, 7), Perft)
}
