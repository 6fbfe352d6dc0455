package checkers

import (
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
)

func mustParse(t *testing.T, fen string, o Options) Position {
	t.Helper()
	p, err := Parse(fen, o)
	if err != nil {
		t.Fatalf("Parse(%q): %v", fen, err)
	}
	return p
}

// moveStrings returns p's legal moves in notation, sorted.
func moveStrings(p Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.MoveString(m))
	}
	slices.Sort(out)
	return out
}

func TestShiftsMatchTables(t *testing.T) {
	shifts := [4]func(uint32) uint32{shiftUL, shiftUR, shiftDL, shiftDR}
	for d, shift := range shifts {
		for i := 0; i < 32; i++ {
			if got := shift(1 << i); got != stepBit[d][i] {
				t.Errorf("direction %d from square %d: shift gives %#x, table %#x", d, i+1, got, stepBit[d][i])
			}
		}
	}
}

// TestJumpsMatchTables checks the single-square jump helpers and the
// set-wise jumper and step helpers against the tables built from rows and
// columns.
func TestJumpsMatchTables(t *testing.T) {
	jumps := [4]func(uint32) (uint32, uint32){jumpUL, jumpUR, jumpDL, jumpDR}
	for d, jump := range jumps {
		for i := 0; i < 32; i++ {
			over, land := jump(1 << i)
			if land != jumpBit[d][i] || land != 0 && over != stepBit[d][i] {
				t.Errorf("direction %d from square %d: jump gives %#x over %#x, tables %#x over %#x",
					d, i+1, land, over, jumpBit[d][i], stepBit[d][i])
			}
		}
	}
	// Every square alone, every opponent square and every landing square.
	for i := 0; i < 32; i++ {
		for o := 0; o < 32; o++ {
			for e := 0; e < 32; e++ {
				x, opp, empty := uint32(1)<<i, uint32(1)<<o, uint32(1)<<e
				var down, up uint32
				for d := 0; d < 4; d++ {
					if stepBit[d][i] == opp && jumpBit[d][i] == empty {
						if d >= downLeft {
							down = x
						} else {
							up = x
						}
					}
				}
				if got := downJumpers(x, opp, empty); got != down {
					t.Fatalf("downJumpers(%d, %d, %d) = %#x, want %#x", i+1, o+1, e+1, got, down)
				}
				if got := upJumpers(x, opp, empty); got != up {
					t.Fatalf("upJumpers(%d, %d, %d) = %#x, want %#x", i+1, o+1, e+1, got, up)
				}
			}
		}
		var down, up int
		for d := 0; d < 4; d++ {
			if stepBit[d][i] != 0 && d >= downLeft {
				down++
			} else if stepBit[d][i] != 0 {
				up++
			}
		}
		if got := downSteps(1<<i, ^uint32(0)); got != down {
			t.Errorf("downSteps(%d) = %d, want %d", i+1, got, down)
		}
		if got := upSteps(1<<i, ^uint32(0)); got != up {
			t.Errorf("upSteps(%d) = %d, want %d", i+1, got, up)
		}
	}
}

func TestSpecialRules(t *testing.T) {
	tests := []struct {
		name, fen string
		want      []string // legal moves, sorted
		result    rules.Result
	}{
		{"start", "B:W21-32:B1-12", []string{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}, rules.Ongoing},
		{"capture is mandatory", "B:W18:B14,1", []string{"14x23"}, rules.Ongoing},
		{"multi-jump is one move", "B:W10,19:B6", []string{"6x15x24"}, rules.Ongoing},
		{"two paths are two moves", "B:W14,15,22,23:BK10", []string{"10x17x26x19x10", "10x19x26x17x10"}, rules.Ongoing},
		{"crowning ends the move", "B:W26,27:B22", []string{"22x31"}, rules.Ongoing},
		{"a king jumps on over the far row", "B:W26,27:BK22", []string{"22x31x24"}, rules.Ongoing},
		{"kings move backwards", "B:W32:BK14", []string{"14-10", "14-17", "14-18", "14-9"}, rules.Ongoing},
		{"men move forward only", "B:W32:B14", []string{"14-17", "14-18"}, rules.Ongoing},
		{"white men move up", "W:W18:B1", []string{"18-14", "18-15"}, rules.Ongoing},
		{"white kings jump down", "W:WK15:B18,19", []string{"15x22", "15x24"}, rules.Ongoing},
		{"any capture may be chosen", "B:W10,19,7:B2,6", []string{"2x11", "6x15x24"}, rules.Ongoing},
		{"blocked side loses", "B:W32:B28", nil, rules.WhiteWins},
		{"no pieces loses", "W:W:B1,2", nil, rules.BlackWins},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.fen, Options{})
			if got := moveStrings(p); !slices.Equal(got, tt.want) {
				t.Errorf("moves %v, want %v", got, tt.want)
			}
			if r := p.Result(); r != tt.result {
				t.Errorf("result %v, want %v", r, tt.result)
			}
		})
	}
}

func TestPlay(t *testing.T) {
	tests := []struct{ fen, move, after string }{
		{"B:W21-32:B1-12", "11-15", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"B:W10,19:B6", "6x24", "W:W:B24"},
		{"B:W26,27:B22", "22x31", "W:W27:BK31"},
		{"W:W6,7:B1", "6-2", "B:WK2,7:B1"},
		{"B:W14,15,22,23:BK10", "10x19x26x17x10", "W:W:BK10"},
		{"W:WK15:B18,19", "15x24", "B:WK24:B18"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen, Options{})
		before := p
		m, err := p.ParseMove(tt.move)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tt.fen, tt.move, err)
			continue
		}
		if got := p.Play(m).String(); got != tt.after {
			t.Errorf("%s after %s: %s, want %s", tt.fen, tt.move, got, tt.after)
		}
		if p != before {
			t.Errorf("%s: Play changed the receiver", tt.fen)
		}
	}
}

func TestMoveDetails(t *testing.T) {
	p := mustParse(t, "B:W10,19:B6", Options{})
	m, err := p.ParseMove("6x15x24")
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsCapture(m) || p.Captured(m) != 1<<9|1<<18 {
		t.Errorf("IsCapture %v, Captured %#x", p.IsCapture(m), p.Captured(m))
	}
	if got := p.Squares(m); !slices.Equal(got, []int{10, 28, 46}) {
		t.Errorf("Squares = %v, want [10 28 46]", got)
	}
	s := Start()
	m, _ = s.ParseMove("9-13")
	if s.IsCapture(m) || s.Captured(m) != 0 || !slices.Equal(s.Squares(m), []int{17, 24}) {
		t.Errorf("9-13: IsCapture %v, Captured %#x, Squares %v", s.IsCapture(m), s.Captured(m), s.Squares(m))
	}
}

func TestDrawRule(t *testing.T) {
	o := Options{DrawMoves: 2}
	p := mustParse(t, "B:WK32,21:BK1,9", o)
	for i, mv := range []string{"1-5", "32-28", "5-1"} {
		var err error
		p, err = playString(p, mv)
		if err != nil {
			t.Fatal(err)
		}
		if p.QuietPlies() != i+1 || p.Result() != rules.Ongoing {
			t.Fatalf("after %s: quiet %d, result %v", mv, p.QuietPlies(), p.Result())
		}
	}
	q, _ := playString(p, "21-17") // a man move restarts the count
	if q.QuietPlies() != 0 || q.Result() != rules.Ongoing {
		t.Errorf("after a man move: quiet %d, result %v", q.QuietPlies(), q.Result())
	}
	p, _ = playString(p, "28-32")
	if p.QuietPlies() != 4 || p.Result() != rules.Draw || len(p.Moves(nil)) != 0 || p.Score() != 0 {
		t.Errorf("after 2x2 king moves: quiet %d, result %v, %d moves, score %d",
			p.QuietPlies(), p.Result(), len(p.Moves(nil)), p.Score())
	}
	if _, err := p.ParseMove("1-5"); err == nil || !strings.Contains(err.Error(), "the game is over (draw)") {
		t.Errorf("move after the draw: %v", err)
	}
	c := mustParse(t, "B:WK32,K19:BK1", Options{DrawMoves: 3})
	for _, mv := range []string{"1-6", "32-28", "6-10", "19-15"} {
		var err error
		if c, err = playString(c, mv); err != nil {
			t.Fatal(err)
		}
	}
	if c.QuietPlies() != 4 {
		t.Fatalf("quiet %d, want 4", c.QuietPlies())
	}
	c, err := playString(c, "10x19") // a capture restarts the count
	if err != nil || c.QuietPlies() != 0 {
		t.Errorf("after a capture: quiet %d, %v", c.QuietPlies(), err)
	}
}

func playString(p Position, s string) (Position, error) {
	m, err := p.ParseMove(s)
	if err != nil {
		return p, err
	}
	return p.Play(m), nil
}

func TestRepetition(t *testing.T) {
	start := mustParse(t, "B:WK32:BK1", Options{})
	h, err := ParseMoves(start, "1-5 32-28 5-1 28-32 1-5 32-28 5-1")
	if err != nil {
		t.Fatal(err)
	}
	if h.Result() != rules.Ongoing {
		t.Fatalf("drawn too early: %v", h.Result())
	}
	if err := h.PlayString("28-32"); err != nil {
		t.Fatal(err)
	}
	if h.Result() != rules.Draw || !h.Repeated() {
		t.Errorf("third repetition: result %v, repeated %v", h.Result(), h.Repeated())
	}
	_, err = ParseMoves(start, "1-5 32-28 5-1 28-32 1-5 32-28 5-1 28-32 1-6")
	want := "checkers: move 9 (1-6): the game is over (a draw by threefold repetition)"
	if err == nil || err.Error() != want {
		t.Errorf("move after repetition: %v, want %s", err, want)
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		fen   string
		score int
	}{
		{"B:W21-32:B1-12", 0},
		{"B:W21,22:B1", -1},
		{"W:W:B1,2", 2},
		{"B:W32:B28", -1},
		{"B:W32,31,K30:B28", -2},
		{"W:W30:B1,21,23,K25,K26", 4},
		{"W:W30,29:B1,2,3,K27,26", 3},
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.fen, Options{}).Score(); got != tt.score {
			t.Errorf("%s: score %d, want %d", tt.fen, got, tt.score)
		}
	}
}

func TestRows(t *testing.T) {
	want := []string{".b.b.b.b", "b.b.b.b.", ".b.b.b.b", "-.-.-.-.", ".-.-.-.-", "w.w.w.w.", ".w.w.w.w", "w.w.w.w."}
	if got := Start().Rows(); !slices.Equal(got, want) {
		t.Errorf("Start().Rows() = %q", got)
	}
	rows := mustParse(t, "W:WK1,32:BK29,5", Options{}).Rows()
	if rows[0] != ".W.-.-.-" || rows[1] != "b.-.-.-." || rows[7] != "B.-.-.w." {
		t.Errorf("Rows = %q", rows)
	}
}
