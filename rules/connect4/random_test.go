package connect4

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
)

// naive is an independent model of a position, read from its string: the
// cells by (col, row) with row 0 at the bottom.
type naive [Width][Height]byte

func naiveOf(t *testing.T, p Position) naive {
	t.Helper()
	rows := strings.Split(p.String(), "/")
	var n naive
	for i, row := range rows {
		for col := range Width {
			n[col][Height-1-i] = row[col]
		}
	}
	return n
}

var naiveKeys = rules.ZobristKeys(zobristSeed, 2*Width*(Height+1))

// hash XORs a key per stone: X's keys first, then O's, by column*7 + row.
func (n *naive) hash() uint64 {
	var h uint64
	for col := range Width {
		for row := range Height {
			switch n[col][row] {
			case 'X':
				h ^= naiveKeys[col*7+row]
			case 'O':
				h ^= naiveKeys[Width*(Height+1)+col*7+row]
			}
		}
	}
	return h
}

// lineThrough reports whether c has four in a row through cell (col, row)
// in direction (dc, dr), taking the cell itself to be c.
func (n *naive) lineThrough(c byte, col, row, dc, dr int) bool {
	count := 1
	for _, s := range [2]int{1, -1} {
		for i := 1; i < 4; i++ {
			cc, rr := col+s*i*dc, row+s*i*dr
			if cc < 0 || cc >= Width || rr < 0 || rr >= Height || n[cc][rr] != c {
				break
			}
			count++
		}
	}
	return count >= 4
}

func (n *naive) hasFour(c byte) bool {
	for col := range Width {
		for row := range Height {
			if n[col][row] != c {
				continue
			}
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				if n.lineThrough(c, col, row, d[0], d[1]) {
					return true
				}
			}
		}
	}
	return false
}

// winning returns the empty cells that would give c four in a row.
func (n *naive) winning(c byte) uint64 {
	var w uint64
	for col := range Width {
		for row := range Height {
			if n[col][row] != '-' {
				continue
			}
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				if n.lineThrough(c, col, row, d[0], d[1]) {
					w |= 1 << (col*7 + row)
				}
			}
		}
	}
	return w
}

func (n *naive) result(played int) rules.Result {
	switch {
	case n.hasFour('X'):
		return rules.BlackWins
	case n.hasFour('O'):
		return rules.WhiteWins
	case played == Width*Height:
		return rules.Draw
	}
	return rules.Ongoing
}

// TestRandomGames plays seeded random games and checks the invariants at
// every ply against the naive model and the notations.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	var buf [rules.MaxMoves]rules.Move
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 0xc4))
		p := Start()
		var moves []rules.Move
		for ply := 0; ; ply++ {
			checkPly(t, g, ply, p, moves)
			legal := p.Moves(buf[:0])
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			before := p
			next := p.Play(m)
			if p != before {
				t.Fatalf("game %d ply %d: Play changed the receiver", g, ply)
			}
			if next.Played() != p.Played()+1 || next.ToMove() == p.ToMove() {
				t.Fatalf("game %d ply %d: Play(%d) gave %s", g, ply, m, next)
			}
			moves = append(moves, m)
			p = next
		}
		list := FormatMoves(Start(), moves)
		h, err := ParseMoves(Start(), list)
		if err != nil {
			t.Fatalf("game %d: ParseMoves(%q): %v", g, list, err)
		}
		if h.Position() != p || !slices.Equal(h.Moves(), moves) {
			t.Fatalf("game %d: %q parses to %s, want %s", g, list, h.Position(), p)
		}
	}
}

func checkPly(t *testing.T, g, ply int, p Position, moves []rules.Move) {
	t.Helper()
	where := func() string { return FormatMoves(Start(), moves) }
	var buf [rules.MaxMoves]rules.Move
	legal := p.Moves(buf[:0])
	res := p.Result()
	if (len(legal) == 0) != res.Over() {
		t.Fatalf("game %d %q: %d moves but result %v", g, where(), len(legal), res)
	}
	n := naiveOf(t, p)
	if want := n.result(p.Played()); res != want {
		t.Fatalf("game %d %q: result %v, naive %v", g, where(), res, want)
	}
	if p.Played() != ply {
		t.Fatalf("game %d %q: Played %d at ply %d", g, where(), p.Played(), ply)
	}
	if want := n.hash(); p.Hash() != want {
		t.Fatalf("game %d %q: hash %x, naive %x", g, where(), p.Hash(), want)
	}
	cur, mask := p.Bitboards()
	x, o := cur, cur^mask
	if p.ToMove() == rules.White {
		x, o = o, x
	}
	if WinningMask(x, mask) != n.winning('X') || WinningMask(o, mask) != n.winning('O') {
		t.Fatalf("game %d %q: WinningMask %x %x, naive %x %x", g, where(),
			WinningMask(x, mask), WinningMask(o, mask), n.winning('X'), n.winning('O'))
	}
	if w, ok := res.Winner(); ok {
		want := 22 - (p.Played()+1-int(w))/2
		if w == rules.White {
			want = -want
		}
		if p.Score() != want {
			t.Fatalf("game %d %q: score %d, want %d", g, where(), p.Score(), want)
		}
	} else if p.Score() != 0 {
		t.Fatalf("game %d %q: score %d without a winner", g, where(), p.Score())
	}
	q, err := Parse(p.String(), Options{})
	if err != nil || q != p {
		t.Fatalf("game %d %q: Parse(%q) = %v, %v", g, where(), p.String(), q, err)
	}
	for col := range rules.Move(Width) {
		s := p.MoveString(col)
		m, err := p.ParseMove(s)
		isLegal := slices.Contains(legal, col)
		if isLegal && (err != nil || m != col) {
			t.Fatalf("game %d %q: ParseMove(%q) = %d, %v", g, where(), s, m, err)
		}
		if !isLegal && err == nil {
			t.Fatalf("game %d %q: ParseMove(%q) accepts an illegal move", g, where(), s)
		}
	}
}
