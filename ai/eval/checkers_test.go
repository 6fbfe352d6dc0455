package eval

import (
	"math/bits"
	"strconv"
	"strings"
	"testing"

	"boardgames/rules"
	"boardgames/rules/checkers"
)

// mustCheckers parses a PDN FEN position.
func mustCheckers(t *testing.T, fen string) checkers.Position {
	t.Helper()
	p, err := checkers.Parse(fen, checkers.Options{})
	if err != nil {
		t.Fatalf("parse %q: %v", fen, err)
	}
	return p
}

// fen writes a PDN FEN position from bitboards (bit i = square i+1).
func fen(side rules.Player, black, white, kings uint32) string {
	list := func(b uint32) string {
		var s []string
		for ; b != 0; b &= b - 1 {
			i := bits.TrailingZeros32(b)
			k := ""
			if kings>>i&1 != 0 {
				k = "K"
			}
			s = append(s, k+strconv.Itoa(i+1))
		}
		return strings.Join(s, ",")
	}
	c := "B"
	if side == rules.White {
		c = "W"
	}
	return c + ":W" + list(white) + ":B" + list(black)
}

// rotate turns the board half a turn: square n becomes 33-n.
func rotate(b uint32) uint32 { return bits.Reverse32(b) }

func TestCheckersSymmetry(t *testing.T) {
	// Turning the board and swapping the colours and the side to move
	// changes nothing.
	for _, p := range randomPositions(checkers.Start(), 21, games(60, 10)) {
		b, w, k := p.Bitboards()
		q := mustCheckers(t, fen(p.ToMove().Other(), rotate(w), rotate(b), rotate(k)))
		for _, e := range checkersEvals {
			if got, want := e.f(q), e.f(p); got != want {
				t.Fatalf("%s: %v gives %d, turned %v gives %d", e.name, p, want, q, got)
			}
		}
	}
}

// TestCheckersMoveCounts compares ckMoves with the legal moves of the
// rules, for the side to move and for its opponent.
func TestCheckersMoveCounts(t *testing.T) {
	var buf [rules.MaxMoves]rules.Move
	check := func(p checkers.Position) {
		b, w, k := p.Bitboards()
		own, opp := b, w
		if p.ToMove() == rules.White {
			own, opp = w, b
		}
		steps, jumps := ckMoves(own, opp, k, p.ToMove() == rules.Black)
		moves := p.Moves(buf[:0])
		if jumps == 0 {
			if steps != len(moves) {
				t.Fatalf("%v: %d steps counted, %d legal moves", p, steps, len(moves))
			}
			return
		}
		// Captures are mandatory: count the different first jumps.
		first := map[[2]int]bool{}
		for _, m := range moves {
			if !p.IsCapture(m) {
				t.Fatalf("%v: %d jumps counted but %s is no capture", p, jumps, p.MoveString(m))
			}
			sq := p.Squares(m)
			first[[2]int{sq[0], sq[1]}] = true
		}
		if jumps != len(first) {
			t.Fatalf("%v: %d jumps counted, %d different first jumps", p, jumps, len(first))
		}
	}
	for _, p := range randomPositions(checkers.Start(), 22, games(100, 20)) {
		check(p)
		b, w, k := p.Bitboards()
		q := mustCheckers(t, fen(p.ToMove().Other(), b, w, k))
		if len(q.Moves(buf[:0])) > 0 {
			check(q)
		}
	}
}

func TestCheckersHandMade(t *testing.T) {
	for _, e := range checkersEvals {
		// A king is worth more than a man on the same square.
		man := e.f(mustCheckers(t, "B:W21,25,30:B10,6"))
		king := e.f(mustCheckers(t, "B:W21,25,30:BK10,6"))
		if king <= man {
			t.Errorf("%s: king %d <= man %d", e.name, king, man)
		}
		// More material is good for its owner, whoever moves.
		if v := e.f(mustCheckers(t, "B:W26,27:B1,2,3,5,6")); v <= 0 {
			t.Errorf("%s: black ahead, black to move: %d, want > 0", e.name, v)
		}
		if v := e.f(mustCheckers(t, "W:W26,27:B1,2,3,5,6")); v >= 0 {
			t.Errorf("%s: black ahead, white to move: %d, want < 0", e.name, v)
		}
	}
	// strong: an advanced man is worth more, the same man at home guards.
	adv := checkersStrong(mustCheckers(t, "B:W29,30,31,32:B21,1,2,3"))
	back := checkersStrong(mustCheckers(t, "B:W29,30,31,32:B13,1,2,3"))
	if adv <= back {
		t.Errorf("strong: advanced man %d <= less advanced %d", adv, back)
	}
	// strong: the move. Kings on 1 and 32, the files of 1-4 hold one
	// piece: the side to move has the opposition, whoever it is.
	k1 := checkersStrong(mustCheckers(t, "B:WK32:BK1"))
	k2 := checkersStrong(mustCheckers(t, "W:WK32:BK1"))
	if k1 != k2 || k1 <= 0 {
		t.Errorf("strong: the move: %d and %d, want equal and positive", k1, k2)
	}
	// factors: a piece on the edge counts; the same position with the man
	// moved off the edge scores less.
	edge := checkersFactors(mustCheckers(t, "B:W32:B13"))
	inner := checkersFactors(mustCheckers(t, "B:W32:B14"))
	if edge-inner != factorEdge-factorMobility {
		t.Errorf("factors: edge %d, inner %d, want a difference of %d", edge, inner, factorEdge-factorMobility)
	}

	// strong, in the ending: the side ahead brings its kings close, the
	// side behind keeps its king in a double corner.
	bit := func(sq ...int) (b uint32) {
		for _, s := range sq {
			b |= 1 << (s - 1)
		}
		return b
	}
	if d := kingDistance(bit(9, 10), bit(1)); d != 4 {
		t.Errorf("kings on 9 and 10 are %d steps from 1, want 2+2", d)
	}
	if d := kingDistance(bit(29, 30), bit(1, 4)); d != 7+7 {
		t.Errorf("kings on 29 and 30 are %d steps from 1 and 4, want 7+7", d)
	}
	near := checkersStrong(mustCheckers(t, "B:WK1:BK9,K10"))
	far := checkersStrong(mustCheckers(t, "B:WK1:BK29,K30"))
	if near <= far {
		t.Errorf("strong: kings near the lone king %d <= far from it %d", near, far)
	}
	corner := checkersStrong(mustCheckers(t, "W:WK1:BK18,K19"))
	open := checkersStrong(mustCheckers(t, "W:WK2:BK18,K19"))
	if corner <= open {
		t.Errorf("strong: lone king in the double corner %d <= outside it %d", corner, open)
	}
}
