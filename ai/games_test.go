package ai

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"

	"boardgames/rules"
)

// Three small games, enough to test the algorithms before and besides the
// real ones: tic-tac-toe (wins and draws), flip (a small adjacency game:
// scores, deep trees, transpositions) and Nim (the side that cannot move
// loses, as in checkers).

// ttt is tic-tac-toe; cells 0..8 row by row; X (Black) moves first.
type ttt struct{ x, o uint16 }

var tttLines = [8]uint16{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}

var tttKeys = rules.ZobristKeys(1, 18)

func (t ttt) ToMove() rules.Player {
	if bits.OnesCount16(t.x) > bits.OnesCount16(t.o) {
		return rules.White
	}
	return rules.Black
}

func (t ttt) Result() rules.Result {
	for _, l := range tttLines {
		if t.x&l == l {
			return rules.BlackWins
		}
		if t.o&l == l {
			return rules.WhiteWins
		}
	}
	if t.x|t.o == 0777 {
		return rules.Draw
	}
	return rules.Ongoing
}

func (t ttt) Moves(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	if t.Result().Over() {
		return buf
	}
	for i := range 9 {
		if (t.x|t.o)>>i&1 == 0 {
			buf = append(buf, rules.Move(i))
		}
	}
	return buf
}

func (t ttt) Play(m rules.Move) ttt {
	if t.ToMove() == rules.Black {
		t.x |= 1 << m
	} else {
		t.o |= 1 << m
	}
	return t
}

func (t ttt) Score() int {
	switch t.Result() {
	case rules.BlackWins:
		return 1
	case rules.WhiteWins:
		return -1
	}
	return 0
}

func (t ttt) Hash() uint64 {
	var h uint64
	for i := range 9 {
		if t.x>>i&1 != 0 {
			h ^= tttKeys[i]
		}
		if t.o>>i&1 != 0 {
			h ^= tttKeys[9+i]
		}
	}
	return h
}

func (t ttt) MoveString(m rules.Move) string { return strconv.Itoa(int(m) + 1) }

func (t ttt) ParseMove(s string) (rules.Move, error) {
	for _, m := range t.Moves(nil) {
		if t.MoveString(m) == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("ttt: illegal move %q", s)
}

func (t ttt) String() string {
	b := []byte("---------")
	for i := range 9 {
		if t.x>>i&1 != 0 {
			b[i] = 'X'
		}
		if t.o>>i&1 != 0 {
			b[i] = 'O'
		}
	}
	return string(b)
}

// flip is a small adjacency game on an n×n board (n <= 5): a move marks any
// empty cell and turns the opponent's marks orthogonally next to it. The
// game ends when the board is full; most marks wins.
type flip struct {
	b, w  uint32
	n     uint8
	white bool
}

var flipKeys = rules.ZobristKeys(2, 51)

func newFlip(n int) flip {
	return flip{n: uint8(n)}
}

func (f flip) full() uint32 { return 1<<(uint(f.n)*uint(f.n)) - 1 }

func (f flip) ToMove() rules.Player {
	if f.white {
		return rules.White
	}
	return rules.Black
}

func (f flip) Result() rules.Result {
	if f.b|f.w != f.full() {
		return rules.Ongoing
	}
	switch d := f.Score(); {
	case d > 0:
		return rules.BlackWins
	case d < 0:
		return rules.WhiteWins
	}
	return rules.Draw
}

func (f flip) Moves(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	for e := f.full() &^ (f.b | f.w); e != 0; e &= e - 1 {
		buf = append(buf, rules.Move(bits.TrailingZeros32(e)))
	}
	return buf
}

func (f flip) Play(m rules.Move) flip {
	n := int(f.n)
	i := int(m)
	r, c := i/n, i%n
	var adj uint32
	if r > 0 {
		adj |= 1 << (i - n)
	}
	if r < n-1 {
		adj |= 1 << (i + n)
	}
	if c > 0 {
		adj |= 1 << (i - 1)
	}
	if c < n-1 {
		adj |= 1 << (i + 1)
	}
	if f.white {
		t := adj & f.b
		f.b &^= t
		f.w |= t | 1<<i
	} else {
		t := adj & f.w
		f.w &^= t
		f.b |= t | 1<<i
	}
	f.white = !f.white
	return f
}

func (f flip) Score() int { return bits.OnesCount32(f.b) - bits.OnesCount32(f.w) }

func (f flip) Hash() uint64 {
	var h uint64
	for e := f.b; e != 0; e &= e - 1 {
		h ^= flipKeys[bits.TrailingZeros32(e)]
	}
	for e := f.w; e != 0; e &= e - 1 {
		h ^= flipKeys[25+bits.TrailingZeros32(e)]
	}
	if f.white {
		h ^= flipKeys[50]
	}
	return h
}

func (f flip) MoveString(m rules.Move) string { return strconv.Itoa(int(m)) }

func (f flip) ParseMove(s string) (rules.Move, error) {
	for _, m := range f.Moves(nil) {
		if f.MoveString(m) == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("flip: illegal move %q", s)
}

func (f flip) String() string {
	b := make([]byte, 0, 32)
	for i := range int(f.n) * int(f.n) {
		switch {
		case f.b>>i&1 != 0:
			b = append(b, 'X')
		case f.w>>i&1 != 0:
			b = append(b, 'O')
		default:
			b = append(b, '-')
		}
	}
	return string(b) + " " + map[bool]string{false: "X", true: "O"}[f.white]
}

// nim is a heap from which each move takes 1, 2 or 3; the side that cannot
// move loses, so a heap that is a multiple of 4 is lost for the side to
// move.
type nim struct {
	heap  int
	white bool
}

func (g nim) ToMove() rules.Player {
	if g.white {
		return rules.White
	}
	return rules.Black
}

func (g nim) Moves(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	for k := 1; k <= 3 && k <= g.heap; k++ {
		buf = append(buf, rules.Move(k))
	}
	return buf
}

func (g nim) Play(m rules.Move) nim { return nim{heap: g.heap - int(m), white: !g.white} }

func (g nim) Result() rules.Result {
	if g.heap > 0 {
		return rules.Ongoing
	}
	return rules.WinFor(g.ToMove().Other())
}

func (g nim) Score() int { return 0 }

func (g nim) Hash() uint64 {
	h := uint64(g.heap) * 0x9e3779b97f4a7c15
	if g.white {
		h ^= 0x5555
	}
	return h
}

func (g nim) MoveString(m rules.Move) string { return strconv.Itoa(int(m)) }

func (g nim) ParseMove(s string) (rules.Move, error) {
	k, err := strconv.Atoi(s)
	if err != nil || k < 1 || k > 3 || k > g.heap {
		return 0, fmt.Errorf("nim: illegal move %q", s)
	}
	return rules.Move(k), nil
}

func (g nim) String() string { return strconv.Itoa(g.heap) }

// randomPosition plays up to plies random moves from start, stopping short
// of the game's end.
func randomPosition[S rules.State[S]](start S, plies int, rng *rand.Rand) S {
	s := start
	var buf [rules.MaxMoves]rules.Move
	for range plies {
		moves := s.Moves(buf[:0])
		if len(moves) == 0 {
			break
		}
		next := s.Play(moves[rng.IntN(len(moves))])
		if len(next.Moves(buf[:0])) == 0 {
			break
		}
		s = next
	}
	return s
}

// legal reports whether m is a legal move of s.
func legal[S rules.State[S]](s S, m rules.Move) bool {
	var buf [rules.MaxMoves]rules.Move
	for _, l := range s.Moves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}
