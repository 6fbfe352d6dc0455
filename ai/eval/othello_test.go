package eval

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"boardgames/rules"
	"boardgames/rules/othello"
)

// mustOthello parses an Othello board (rows joined without spaces) and the
// side to move.
func mustOthello(t *testing.T, board, side string) othello.Position {
	t.Helper()
	p, err := othello.Parse(board+" "+side, othello.Options{})
	if err != nil {
		t.Fatalf("parse %q: %v", board, err)
	}
	return p
}

// rows joins 8 rows of 8 squares into a 64-square board.
func rows(r ...string) string {
	s := ""
	for _, x := range r {
		s += x
	}
	return s
}

// transform maps a bitboard through one of the 8 symmetries of the square
// (k = 0..7): bit 0 mirrors the columns, bit 1 the rows, bit 2 transposes.
func transform(b uint64, k int) uint64 {
	var out uint64
	for ; b != 0; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		r, c := sq/8, sq%8
		if k&1 != 0 {
			c = 7 - c
		}
		if k&2 != 0 {
			r = 7 - r
		}
		if k&4 != 0 {
			r, c = c, r
		}
		out |= 1 << (r*8 + c)
	}
	return out
}

// sideName is the notation of a side to move.
func sideName(p rules.Player) string {
	if p == rules.White {
		return "O"
	}
	return "X"
}

func TestOthelloSymmetry(t *testing.T) {
	for _, p := range randomPositions(othello.Start(), 11, games(60, 10)) {
		black, white := p.Bitboards()
		for k := 1; k < 8; k++ {
			q := mustOthello(t, rules.FormatBoard(transform(black, k), transform(white, k)), sideName(p.ToMove()))
			for _, e := range othelloEvals {
				if got, want := e.f(q), e.f(p); got != want {
					t.Fatalf("%s: symmetry %d of %v gives %d, want %d", e.name, k, p, got, want)
				}
			}
		}
		// Swapping the colours and the side to move changes nothing.
		q := mustOthello(t, rules.FormatBoard(white, black), sideName(p.ToMove().Other()))
		for _, e := range othelloEvals {
			if got, want := e.f(q), e.f(p); got != want {
				t.Fatalf("%s: colours swapped in %v give %d, want %d", e.name, p, got, want)
			}
		}
	}
}

func TestOthelloSignFlip(t *testing.T) {
	// The simple evaluations are antisymmetric in the side to move.
	for _, p := range randomPositions(othello.Start(), 12, games(20, 5)) {
		black, white := p.Bitboards()
		q := mustOthello(t, rules.FormatBoard(black, white), sideName(p.ToMove().Other()))
		for _, f := range []func(othello.Position) int{othelloPositional, othelloDiscs} {
			if f(p) != -f(q) {
				t.Fatalf("%v: %d, other side to move %d", p, f(p), f(q))
			}
		}
	}
}

func TestOthelloHandMade(t *testing.T) {
	// The same middle-game position with the a1 corner black or white.
	base := []string{
		"?-------",
		"-O------",
		"--OXX---",
		"--XXO---",
		"--XOXO--",
		"---OX---",
		"--------",
		"--------",
	}
	with := func(c byte) string {
		b := []byte(rows(base...))
		b[0] = c
		return string(b)
	}
	blackCorner, whiteCorner := with('X'), with('O')
	for _, name := range []string{"strong", "positional"} {
		f, _ := Othello(name)
		for _, side := range []string{"X", "O"} {
			// Viewed from Black, owning the corner is better.
			sign := 1
			if side == "O" {
				sign = -1
			}
			b := sign * f(mustOthello(t, blackCorner, side))
			w := sign * f(mustOthello(t, whiteCorner, side))
			if b <= w {
				t.Errorf("%s, %s to move: black corner %d <= white corner %d (Black's view)", name, side, b, w)
			}
		}
		// The corner's owner to move sees a positive value, its opponent a
		// negative one.
		if v := f(mustOthello(t, blackCorner, "X")); v <= 0 {
			t.Errorf("%s: black owns a1, black to move: %d, want > 0", name, v)
		}
		if v := f(mustOthello(t, blackCorner, "O")); v >= 0 {
			t.Errorf("%s: black owns a1, white to move: %d, want < 0", name, v)
		}
	}

	// positional: corners 5, edges 3, inside 1.
	p := mustOthello(t, rows("X--O---X", "--------", "---X----", "--------", "O-------", "--------", "-O------", "O------X"), "X")
	if got, want := othelloPositional(p), (5+5+5+1)-(3+3+1+5); got != want {
		t.Errorf("positional = %d, want %d", got, want)
	}
	if got := othelloDiscs(p); got != 0 {
		t.Errorf("discs = %d, want 0", got)
	}

	// strong: a disc on an X-square next to an empty corner costs.
	quiet := rows("--------", "--------", "--OOO---", "--OXXX--", "--XXXO--", "--OOO---", "--------", "--------")
	xsq := []byte(quiet)
	xsq[9] = 'X' // b2
	inner := []byte(quiet)
	inner[21] = 'X' // f3: the same disc on an inner square
	if a, b := othelloStrong(mustOthello(t, string(xsq), "O")), othelloStrong(mustOthello(t, string(inner), "O")); a <= b {
		t.Errorf("strong: a black X-square should help white: %d <= %d", a, b)
	}
}

func TestStableDiscs(t *testing.T) {
	tests := []struct {
		name  string
		board string
		black string // the stable black discs, as a board of X
	}{
		{"corner", rows("X-------", "-O------", "--------", "--------", "--------", "--------", "--------", "--------"),
			rows("X-------", "--------", "--------", "--------", "--------", "--------", "--------", "--------")},
		{"edge run from a corner", rows("XXXO-X--", "XX------", "X-------", "O-------", "--------", "--------", "--------", "--------"),
			rows("XXX-----", "XX------", "X-------", "--------", "--------", "--------", "--------", "--------")},
		{"full edge", rows("-OXXOXO-", "--------", "--------", "--------", "--------", "--------", "--------", "--------"),
			""},
		{"full top row", rows("OXXOXOXO", "--------", "--------", "--------", "--------", "--------", "--------", "--------"),
			rows("-XX-X-X-", "--------", "--------", "--------", "--------", "--------", "--------", "--------")},
		{"no corner", rows("--------", "-X------", "--XXX---", "--XXO---", "--------", "--------", "--------", "--------"),
			""},
	}
	for _, tc := range tests {
		black, white, err := rules.ParseBoard("test", tc.board)
		if err != nil {
			t.Fatal(err)
		}
		var want uint64
		if tc.black != "" {
			want, _, _ = rules.ParseBoard("test", tc.black)
		}
		if got := stableDiscs(black, fullLines(black|white)); got != want {
			t.Errorf("%s: stable\n%v\nwant\n%v", tc.name, rules.BoardRows(got, 0), rules.BoardRows(want, 0))
		}
	}
	// A full board is stable.
	if got := stableDiscs(0x00ff00ff00ff00ff, fullLines(^uint64(0))); got != 0x00ff00ff00ff00ff {
		t.Errorf("full board: stable %x", got)
	}
}

// TestStableNeverFlip plays random games and checks that a disc found
// stable keeps its colour to the end of the game.
func TestStableNeverFlip(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var buf [rules.MaxMoves]rules.Move
	found := 0
	for range games(400, 50) {
		p := othello.Start()
		var stableB, stableW uint64
		for {
			black, white := p.Bitboards()
			if black&stableB != stableB || white&stableW != stableW {
				t.Fatalf("a stable disc flipped: %v (stable black %x white %x)", p, stableB, stableW)
			}
			full := fullLines(black | white)
			stableB |= stableDiscs(black, full)
			stableW |= stableDiscs(white, full)
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		found += bits.OnesCount64(stableB | stableW)
	}
	if found == 0 {
		t.Error("no stable disc found in any game")
	}
}

// diagonals holds the 15 lines of each diagonal direction: [0] runs
// a1-h8 (step 9), [1] runs h1-a8 (step 7).
var diagonals = func() (d [2][15]uint64) {
	for sq := range 64 {
		row, col := sq/8, sq%8
		d[0][row-col+7] |= 1 << sq
		d[1][row+col] |= 1 << sq
	}
	return d
}()

// naiveFullLines is fullLines square by square.
func naiveFullLines(occ uint64) (f lines) {
	for sq := range 64 {
		row, col := sq/8, sq%8
		full := [4]bool{true, true, true, true}
		for k := range 8 {
			full[0] = full[0] && occ>>(row*8+k)&1 != 0
			full[1] = full[1] && occ>>(k*8+col)&1 != 0
			if c := col + k - row; c >= 0 && c < 8 {
				full[2] = full[2] && occ>>(k*8+c)&1 != 0
			}
			if c := col + row - k; c >= 0 && c < 8 {
				full[3] = full[3] && occ>>(k*8+c)&1 != 0
			}
		}
		for a := range f {
			if full[a] {
				f[a] |= 1 << sq
			}
		}
	}
	return f
}

func TestFullLines(t *testing.T) {
	for _, p := range randomPositions(othello.Start(), 15, games(20, 5)) {
		black, white := p.Bitboards()
		for _, occ := range []uint64{black | white, ^uint64(0), ^uint64(0) &^ (1 << 27), 0} {
			if got, want := fullLines(occ), naiveFullLines(occ); got != want {
				t.Fatalf("fullLines(%x) = %x, want %x", occ, got, want)
			}
		}
	}
	occ := uint64(0xff)<<16 | fileA | diagonals[0][7] | diagonals[1][3]
	f := fullLines(occ)
	if f[0] != 0xff<<16 {
		t.Errorf("rows: %x", f[0])
	}
	if f[1] != fileA {
		t.Errorf("columns: %x", f[1])
	}
	if f[2]&diagonals[0][7] != diagonals[0][7] || f[3]&diagonals[1][3] != diagonals[1][3] {
		t.Errorf("diagonals: %x %x", f[2], f[3])
	}
	for a := range 2 {
		for _, d := range diagonals[a] {
			if occ&d == d && f[2+a]&d != d || occ&d != d && f[2+a]&d != 0 {
				t.Errorf("axis %d, diagonal %x: full %x", a, d, f[2+a])
			}
		}
	}
}
