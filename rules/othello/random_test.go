package othello

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
)

// naiveHash recomputes the Zobrist hash square by square from the key
// layout documented in hash.go.
func naiveHash(p Position) uint64 {
	keys := rules.ZobristKeys(hashSeed, 129)
	black, white := p.Bitboards()
	var h uint64
	for sq := range 64 {
		if black>>sq&1 != 0 {
			h ^= keys[sq]
		}
		if white>>sq&1 != 0 {
			h ^= keys[64+sq]
		}
	}
	if p.ToMove() == rules.White {
		h ^= keys[128]
	}
	return h
}

// naiveMoves lists the squares where own may play by walking the 8
// directions square by square, independently of the bitboard code.
func naiveMoves(own, opp uint64) []rules.Move {
	at := func(b uint64, r, c int) bool { return b>>(r*8+c)&1 != 0 }
	var moves []rules.Move
	for sq := range 64 {
		r, c := sq/8, sq%8
		if at(own|opp, r, c) {
			continue
		}
	dirs:
		for _, d := range [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}} {
			n := 0
			for r2, c2 := r+d[0], c+d[1]; r2 >= 0 && r2 < 8 && c2 >= 0 && c2 < 8; r2, c2 = r2+d[0], c2+d[1] {
				switch {
				case at(opp, r2, c2):
					n++
					continue
				case at(own, r2, c2) && n > 0:
					moves = append(moves, rules.Move(sq))
					break dirs
				}
				break
			}
		}
	}
	return moves
}

// TestRandomGames plays seeded random games and checks the invariants of
// the contract at every ply.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	var buf [rules.MaxMoves]rules.Move
	passes := 0
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 0x07e1))
		first := rules.Black
		if g%4 == 3 {
			first = rules.White
		}
		start, err := New(Options{First: first})
		if err != nil {
			t.Fatal(err)
		}
		p := start
		var played []rules.Move
		for ply := 0; ; ply++ {
			moves := p.Moves(buf[:0])
			where := func() string { return FormatMoves(start, played) + " (" + p.String() + ")" }
			if over := p.Result().Over(); over != (len(moves) == 0) {
				t.Fatalf("game %d after %s: %d moves but Result %v", g, where(), len(moves), p.Result())
			}
			want := naiveMoves(p.own, p.opp)
			if len(want) == 0 && len(naiveMoves(p.opp, p.own)) > 0 {
				want = []rules.Move{Pass}
			}
			if !slices.Equal(moves, want) {
				t.Fatalf("game %d after %s: moves %v, naive %v", g, where(), moves, want)
			}
			if q, err := Parse(p.String(), Options{}); err != nil || q != p {
				t.Fatalf("game %d after %s: Parse(String()) = %v, %v", g, where(), q, err)
			}
			if h := naiveHash(p); p.Hash() != h {
				t.Fatalf("game %d after %s: Hash %x, naive %x", g, where(), p.Hash(), h)
			}
			black, white := p.Bitboards()
			if black&white != 0 || p.Empties() != 64-countBits(black|white) {
				t.Fatalf("game %d after %s: bad bitboards", g, where())
			}
			for _, m := range moves {
				s := p.MoveString(m)
				if back, err := p.ParseMove(s); err != nil || back != m {
					t.Fatalf("game %d after %s: ParseMove(%q) = %v, %v; want %v", g, where(), s, back, err, m)
				}
				if m != Pass && Flips(p.own, p.opp, int(m)) == 0 {
					t.Fatalf("game %d after %s: legal %s flips nothing", g, where(), s)
				}
			}
			if len(moves) == 0 {
				checkFinal(t, p)
				break
			}
			m := moves[rng.IntN(len(moves))]
			if m == Pass {
				passes++
			}
			before := p
			q := p.Play(m)
			if p != before {
				t.Fatalf("game %d after %s: Play changed the receiver", g, where())
			}
			if m != Pass && q.Empties() != p.Empties()-1 || q.ToMove() == p.ToMove() {
				t.Fatalf("game %d after %s: Play(%s) = %v", g, where(), p.MoveString(m), q)
			}
			played = append(played, m)
			p = q
		}
		list := FormatMoves(start, played)
		h, err := ParseMoves(start, list)
		if err != nil || !slices.Equal(h.Moves(), played) || h.Position() != p {
			t.Fatalf("game %d: ParseMoves(FormatMoves) = %v, %v", g, h.Moves(), err)
		}
		if strings.Contains(list, "pass") {
			implicit := strings.ReplaceAll(list, "pass", "")
			if h, err := ParseMoves(start, implicit); err != nil || !slices.Equal(h.Moves(), played) {
				t.Fatalf("game %d: implicit passes %q: %v, %v", g, implicit, h, err)
			}
		}
	}
	if passes == 0 {
		t.Error("no game had a pass")
	}
}

// checkFinal checks the score and result of a finished game against a
// disc count.
func checkFinal(t *testing.T, p Position) {
	t.Helper()
	black, white := p.Bitboards()
	score, result := countBits(black)-countBits(white), rules.Draw
	switch {
	case score > 0:
		score, result = score+p.Empties(), rules.BlackWins
	case score < 0:
		score, result = score-p.Empties(), rules.WhiteWins
	}
	if p.Score() != score || p.Result() != result {
		t.Fatalf("%v: score %d, result %v; want %d, %v", p, p.Score(), p.Result(), score, result)
	}
}

func countBits(b uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}
