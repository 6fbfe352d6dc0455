package checkers

import (
	"math/rand/v2"
	"strings"
	"testing"

	"boardgames/rules"
)

func TestFromBitboardsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf [rules.MaxMoves]rules.Move
	for game := 0; game < 200; game++ {
		p := Start()
		for ply := 0; ply < 200 && !p.Result().Over(); ply++ {
			b, w, k := p.Bitboards()
			q, err := FromBitboards(b, w, k, p.ToMove(), p.QuietPlies(), Options{})
			if err != nil {
				t.Fatalf("%v: %v", p, err)
			}
			if q != p || q.DrawPlies() != 2*DefaultDrawMoves {
				t.Fatalf("FromBitboards(%v) = %v (quiet %d, want %d)", p, q, q.QuietPlies(), p.QuietPlies())
			}
			moves := p.Moves(buf[:0])
			if got, want := p.MustCapture(), p.IsCapture(moves[0]); got != want {
				t.Fatalf("%v: MustCapture %v, the first legal move %s", p, got, p.MoveString(moves[0]))
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
}

func TestFromBitboardsRefuses(t *testing.T) {
	for _, c := range []struct {
		name            string
		black, white, k uint32
		side            rules.Player
		quiet           int
		want            string
	}{
		{"overlap", 1, 1, 0, rules.Black, 0, "a black and a white piece"},
		{"empty king", 1, 2, 4, rules.Black, 0, "king stands on an empty square"},
		{"black man on 29", 1 << 28, 1, 0, rules.Black, 0, "crowned"},
		{"white man on 4", 1 << 28, 1 << 3, 1 << 28, rules.Black, 0, "crowned"},
		{"13 pieces", 0x1FFF, 1 << 31, 0, rules.Black, 0, "more than 12"},
		{"side", 1, 2, 3, 2, 0, "side to move"},
		{"counter", 1, 2, 3, rules.White, 81, "quiet plies"},
	} {
		_, err := FromBitboards(c.black, c.white, c.k, c.side, c.quiet, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
