package eval

import (
	"math/bits"
	"testing"

	"boardgames/rules/checkers"
)

// features returns the features of a position as a map from index to
// value.
func features(t *testing.T, fen string) (map[int32]int32, int) {
	t.Helper()
	var idx, val [MaxCheckersFeatures]int32
	n, pieces := CheckersFeatures(mustCheckers(t, fen), &idx, &val)
	m := map[int32]int32{}
	for k := range n {
		if _, dup := m[idx[k]]; dup {
			t.Fatalf("%s: feature %d twice", fen, idx[k])
		}
		m[idx[k]] = val[k]
	}
	return m, pieces
}

func TestCheckersFeatures(t *testing.T) {
	// Black to move: a man on 13 (bit 12) and a king on 1; White's man on
	// 32 (bit 31), far behind Black's men: Black's man runs free.
	f, pieces := features(t, "B:W32:B13,K1")
	if pieces != 3 {
		t.Errorf("pieces %d, want 3", pieces)
	}
	want := map[int32]int32{
		ckfOwnMan + 12: 1, ckfOwnKing + 0: 1, ckfOppMan + 31: 1,
		ckfOwnRunaway: 1, ckfTrade: (2 - 1) * (24 - 3), ckfBias: 1,
	}
	for i, v := range want {
		if f[i] != v {
			t.Errorf("feature %d = %d, want %d", i, f[i], v)
		}
	}
	if f[ckfOppRunaway] != 0 {
		t.Errorf("White's man on 32 has Black's man ahead of it: not a runaway")
	}
	// The same position from White's side, turned: White to move with
	// the colours swapped and the board turned is the same features.
	g, _ := features(t, "W:W20,K32:B1")
	for i, v := range f {
		if g[i] != v {
			t.Errorf("turned: feature %d = %d, want %d", i, g[i], v)
		}
	}
	// Moves: a lone black man on 14 has two steps down, no jumps (on
	// 13, by the side of the board, it has one).
	h, _ := features(t, "B:W32:B14")
	if h[ckfOwnSteps] != 2 || h[ckfOwnJumps] != 0 {
		t.Errorf("steps %d, jumps %d; want 2 and 0", h[ckfOwnSteps], h[ckfOwnJumps])
	}
}

func TestCheckersCones(t *testing.T) {
	for i := range 32 {
		down, up := ckConeDown[i], ckConeUp[i]
		if down&(1<<i) != 0 || up&(1<<i) != 0 || down&up != 0 {
			t.Fatalf("bit %d: cones %#x %#x hold the square or meet", i, down, up)
		}
		// The cone reaches the last row unless the man is on it, and
		// widens by one square a row at most.
		if i < 28 && down&0xF0000000 == 0 {
			t.Errorf("bit %d: the cone down never reaches the crowning row", i)
		}
		row := i / 4
		for r := row + 1; r < 8; r++ {
			if n := bits.OnesCount32(down >> (4 * r) & 0xF); n == 0 || n > r-row+1 {
				t.Errorf("bit %d: %d squares of row %d in its cone", i, n, r)
			}
		}
	}
}

func TestCheckersLearnedSum(t *testing.T) {
	// The evaluation blends the opening and ending sums by the pieces.
	w := &Weights{Model: CheckersModel, Phases: 1, Params: CheckersParams, Values: make([]int16, CheckersParams)}
	w.Values[ckfBias] = 100                       // opening
	w.Values[CheckersFeatureKinds+ckfBias] = -100 // ending
	f, err := CheckersLearned(w)
	if err != nil {
		t.Fatal(err)
	}
	if v := f(checkers.Start()); v != 100 {
		t.Errorf("start (24 pieces): %d, want the opening weight 100", v)
	}
	if v := f(mustCheckers(t, "B:W32:B13")); v != -100 {
		t.Errorf("2 pieces: %d, want the ending weight -100", v)
	}
	if v := f(mustCheckers(t, "B:W26,27,28,29,30,31,32:B1,2,3,4,5,6")); v != 0 {
		t.Errorf("13 pieces: %d, want halfway, 0", v)
	}
	bad := *w
	bad.Params--
	bad.Values = bad.Values[1:]
	if _, err := CheckersLearned(&bad); err == nil {
		t.Error("weights of the wrong size were accepted")
	}
}
