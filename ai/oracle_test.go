package ai

import (
	"context"
	"strings"
	"testing"
)

// nimOracle knows the Nim positions of at most 8 stones exactly: a heap
// divisible by 4 is lost, the loser taking one stone at a time and the
// winner making up four, so it ends in heap/2 plies; any other heap is won
// by taking the rest of the division first.
func nimOracle(probes *int) Oracle[nim] {
	return func(g nim) (int, bool, bool) {
		*probes++
		if g.heap > 8 {
			return 0, false, false
		}
		if r := g.heap % 4; r != 0 {
			return WinScore - (1 + (g.heap-r)/2), true, true
		}
		return -(WinScore - g.heap/2), true, true
	}
}

func TestOracleValuesAreExact(t *testing.T) {
	probes := 0
	// From 10 stones: taking 2 leaves 8, lost for the opponent in 4
	// plies, so 10 is won in 5. Two plies reach the oracle's positions.
	info := mustSearch(t, "engine", nim{heap: 10}, nil, Params{Depth: 2, TTMiB: 1, Oracle: nimOracle(&probes)})
	if info.Score != WinScore-5 || !info.Exact || info.Move != 2 {
		t.Errorf("with the oracle: move %d score %d exact %v, want 2, %d, exact", info.Move, info.Score, info.Exact, WinScore-5)
	}
	if probes == 0 {
		t.Error("the oracle was never asked")
	}
	plain := mustSearch(t, "engine", nim{heap: 10}, nil, Params{Depth: 2, TTMiB: 1})
	if plain.Exact || IsDecided(plain.Score) {
		t.Errorf("without the oracle, depth 2: score %d exact %v", plain.Score, plain.Exact)
	}
	// The root is never asked: the engine must choose a move.
	probes = 0
	info = mustSearch(t, "engine", nim{heap: 3}, nil, Params{Depth: 1, TTMiB: 1, Oracle: Oracle[nim](func(g nim) (int, bool, bool) {
		if g.heap == 3 {
			t.Error("the root was probed")
		}
		return nimOracle(&probes)(g)
	})})
	if info.Move != 3 || info.Score != WinScore-1 {
		t.Errorf("3 stones: move %d score %d", info.Move, info.Score)
	}
}

func TestOracleEstimates(t *testing.T) {
	// An oracle that knows only who wins scores like an evaluation: the
	// search is not exact.
	guess := Oracle[nim](func(g nim) (int, bool, bool) {
		if g.heap%4 == 0 {
			return -1000, false, true
		}
		return 1000, false, true
	})
	info := mustSearch(t, "engine", nim{heap: 30}, nil, Params{Depth: 3, TTMiB: 1, Oracle: guess})
	if info.Exact || info.Score != 1000 || info.Move != 2 {
		t.Errorf("move %d score %d exact %v, want 2, 1000, not exact", info.Move, info.Score, info.Exact)
	}
}

func TestOracleOfAnotherGame(t *testing.T) {
	_, err := Search(context.Background(), "engine", nim{heap: 5}, nil, Params{Depth: 2, Oracle: Oracle[ttt](nil)})
	if err == nil || !strings.Contains(err.Error(), "oracle") {
		t.Errorf("an oracle of another game: %v", err)
	}
}
