package checkers

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
)

// naiveHash recomputes the Zobrist hash square by square.
func naiveHash(p Position) uint64 {
	keys := rules.ZobristKeys(zobristSeed, 4*32+1)
	var h uint64
	for i := 0; i < 32; i++ {
		kind := -1
		switch {
		case p.black>>i&1 != 0:
			kind = 0
		case p.white>>i&1 != 0:
			kind = 2
		}
		if kind < 0 {
			continue
		}
		if p.kings>>i&1 != 0 {
			kind++
		}
		h ^= keys[kind*32+i]
	}
	if p.ToMove() == rules.White {
		h ^= keys[4*32]
	}
	return h
}

// naiveMoves generates the legal moves on an 8x8 grid of characters (the
// Rows), independently of the bitboards, in notation, sorted.
func naiveMoves(p Position) []string {
	var g [8][8]byte
	for r, row := range p.Rows() {
		copy(g[r][:], row)
	}
	mine, theirs, fwd := byte('b'), byte('w'), 1
	if p.ToMove() == rules.White {
		mine, theirs, fwd = 'w', 'b', -1
	}
	num := func(r, c int) string { return fmt.Sprint(r*4 + c/2 + 1) }
	in := func(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }
	var caps, steps []string
	var jump func(r, c int, king bool, path string, taken map[[2]int]bool)
	jump = func(r, c int, king bool, path string, taken map[[2]int]bool) {
		more := false
		for _, dr := range []int{-1, 1} {
			if !king && dr != fwd {
				continue
			}
			for _, dc := range []int{-1, 1} {
				mr, mc, lr, lc := r+dr, c+dc, r+2*dr, c+2*dc
				if !in(lr, lc) || g[lr][lc] != '-' || g[mr][mc]|0x20 != theirs || taken[[2]int{mr, mc}] {
					continue
				}
				more = true
				taken[[2]int{mr, mc}] = true
				np := path + "x" + num(lr, lc)
				if !king && (lr == 0 || lr == 7) {
					caps = append(caps, np)
				} else {
					jump(lr, lc, king, np, taken)
				}
				delete(taken, [2]int{mr, mc})
			}
		}
		if !more && strings.Contains(path, "x") {
			caps = append(caps, path)
		}
	}
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if g[r][c]|0x20 != mine {
				continue
			}
			king := g[r][c] < 'a'
			g[r][c] = '-' // the moving piece leaves its square
			jump(r, c, king, num(r, c), map[[2]int]bool{})
			g[r][c] = mine
			for _, dr := range []int{-1, 1} {
				for _, dc := range []int{-1, 1} {
					if (king || dr == fwd) && in(r+dr, c+dc) && g[r+dr][c+dc] == '-' {
						steps = append(steps, num(r, c)+"-"+num(r+dr, c+dc))
					}
				}
			}
		}
	}
	out := caps
	if len(caps) == 0 {
		out = steps
	}
	slices.Sort(out)
	return out
}

func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	plies, kingPlies, multi, draws, reps := 0, 0, 0, 0, 0
	var buf [rules.MaxMoves]rules.Move
	for seed := 0; seed < games; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 0xC4EC))
		o := Options{}
		if seed%2 == 1 {
			o.DrawMoves = 1 + seed%15
		}
		start, _ := New(o)
		h := rules.NewHistory(start)
		for {
			p := h.Position()
			checkPosition(t, p, o, buf[:0])
			if t.Failed() {
				t.Fatalf("seed %d after %s", seed, FormatMoves(start, h.Moves()))
			}
			legal := h.Legal()
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			before := p
			if err := h.Play(m); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if p != before {
				t.Fatalf("seed %d: Play changed the receiver", seed)
			}
			plies++
			if p.kings != 0 {
				kingPlies++
			}
			if moveJumps(m) > 1 {
				multi++
			}
		}
		if h.Repeated() {
			reps++
		} else if h.Result() == rules.Draw {
			draws++
		}
		list := FormatMoves(start, h.Moves())
		h2, err := ParseMoves(start, list)
		if err != nil {
			t.Fatalf("seed %d: ParseMoves(FormatMoves): %v", seed, err)
		}
		if !slices.Equal(h2.Moves(), h.Moves()) || h2.Result() != h.Result() {
			t.Fatalf("seed %d: the move list did not survive FormatMoves -> ParseMoves", seed)
		}
	}
	t.Logf("%d games, %d plies, %d with kings, %d multi-jumps, %d draw-rule draws, %d repetitions",
		games, plies, kingPlies, multi, draws, reps)
}

// checkPosition checks the invariants of one position.
func checkPosition(t *testing.T, p Position, o Options, buf []rules.Move) {
	t.Helper()
	moves := p.Moves(buf)
	if (len(moves) == 0) != p.Result().Over() {
		t.Errorf("%s: %d moves, result %v", p, len(moves), p.Result())
	}
	if int(p.count()) != len(moves) {
		t.Errorf("%s: count %d, %d moves", p, p.count(), len(moves))
	}
	if r := p.Result(); r.Over() {
		if w, ok := r.Winner(); ok && (w == rules.Black) != (p.Score() > 0) || !ok && p.Score() != 0 {
			t.Errorf("%s: result %v, score %d", p, r, p.Score())
		}
	}
	var got []string
	for _, m := range moves {
		s := p.MoveString(m)
		got = append(got, s)
		back, err := p.ParseMove(s)
		if err != nil || back != m {
			t.Errorf("%s: %s parses back as %x, %v (want %x)", p, s, back, err, m)
		}
		if n := len(p.Squares(m)); n != max(moveJumps(m), 1)+1 {
			t.Errorf("%s: %s touches %d squares", p, s, n)
		}
	}
	slices.Sort(got)
	if p.quiet < p.limit {
		if want := naiveMoves(p); !slices.Equal(got, want) {
			t.Errorf("%s: moves %v, naive generator %v", p, got, want)
		}
	}
	q, err := Parse(p.String(), o)
	if err != nil {
		t.Errorf("Parse(%s): %v", p, err)
	}
	q.quiet = p.quiet // the draw counter is not part of the notation
	if q != p {
		t.Errorf("%s does not survive String -> Parse: %s", p, q)
	}
	if p.Hash() != naiveHash(p) {
		t.Errorf("%s: Hash %x, naive %x", p, p.Hash(), naiveHash(p))
	}
}
