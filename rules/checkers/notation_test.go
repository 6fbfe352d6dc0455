package checkers

import (
	"testing"
)

func TestParseMoveErrors(t *testing.T) {
	const start = "B:W21-32:B1-12"
	tests := []struct{ fen, move, want string }{
		{start, "11-17", "checkers: 11-17 is not a move"},
		{start, "11-33", "checkers: square 33 does not exist"},
		{start, "0-4", "checkers: square 0 does not exist"},
		{start, "22-18", "checkers: 22-18 is not legal: 22 holds a white piece and black is to move"},
		{start, "15-19", "checkers: 15-19 is not legal: there is no piece on 15"},
		{start, "1-5", "checkers: 1-5 is not legal: 5 is occupied"},
		{start, "11x18", "checkers: 11x18 is not legal: there is no capture"},
		{start, "9x14", "checkers: 9x14 is not a move: no jumps lead from 9 to 14"},
		{start, "", "checkers: empty move"},
		{start, "abc", `checkers: "abc" is not a move like 11-15 or 22x15`},
		{start, "11-", `checkers: "11-" is not a move like 11-15 or 22x15`},
		{start, "11-1a", `checkers: "1a" is not a square number`},
		{start, "11-15-19", "checkers: 11-15-19: a simple move has two squares; write a capture with x"},
		{start, "22x15-6", "checkers: 22x15-6 mixes - and x"},
		{start, "1x1x1x1x1x1x1x1x1x1x1", "checkers: 1x1x1x1x1x1x1x1x1x1x1 has more than 9 jumps"},
		{"B:W18:B14,1", "1-5", "checkers: 1-5 is not legal: a capture is mandatory"},
		{"B:W18:B14,1", "14x22", "checkers: 14x22 is not legal: no capture from 14 takes that path"},
		{"B:W18:B14,2", "2x9", "checkers: 2x9 is not legal: the piece on 2 cannot capture"},
		{"B:W32:B14", "14-9", "checkers: 14-9 is not legal: a man cannot move backwards"},
		{"B:W10,19:B6", "6x15", "checkers: 6x15 is not legal: the capture must go on (6x15x24)"},
		{"B:W14,15,22,23:BK10", "10x10", "checkers: 10x10 is ambiguous: it could be 10x17x26x19x10 or 10x19x26x17x10"},
		{"B:W32:B28", "28-32", "checkers: 28-32 is not legal: the game is over (white wins)"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen, Options{})
		m, err := p.ParseMove(tt.move)
		if err == nil {
			t.Errorf("%s: ParseMove(%q) = %s, want error %q", tt.fen, tt.move, p.MoveString(m), tt.want)
		} else if err.Error() != tt.want {
			t.Errorf("%s: ParseMove(%q) error\n  %s\nwant\n  %s", tt.fen, tt.move, err, tt.want)
		}
	}
}

func TestParseMoveForms(t *testing.T) {
	tests := []struct{ fen, move, want string }{
		{"B:W10,19:B6", "6x24", "6x15x24"},
		{"B:W10,19:B6", "6X15X24", "6x15x24"},
		{"B:W10,19:B6", " 6x15x24 ", "6x15x24"},
		{"B:W18:B14,1", "14-23", "14x23"},
		{"B:W14,15,22,23:BK10", "10x26x10", ""},
		{"B:W14,15,22,23:BK10", "10x17x10", ""},
		{"B:W14,15,22,23:BK10", "10x26x19x10", "10x17x26x19x10"},
		{"B:W14,15,22,23:BK10", "10x19x26x17x10", "10x19x26x17x10"},
		{"B:W21-32:B1-12", "09-13", "9-13"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen, Options{})
		m, err := p.ParseMove(tt.move)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: ParseMove(%q) = %s, want an ambiguity", tt.fen, tt.move, p.MoveString(m))
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tt.fen, tt.move, err)
		} else if got := p.MoveString(m); got != tt.want {
			t.Errorf("%s: ParseMove(%q) = %s, want %s", tt.fen, tt.move, got, tt.want)
		}
	}
}

func TestParsePosition(t *testing.T) {
	ok := []struct{ in, want string }{
		{"B:W21-32:B1-12", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{"B:B12,1,K3:W22,21", "B:W21,22:B1,K3,12"},
		{" w : wK1-2 , 9 : b5. ", "W:WK1,K2,9:B5"},
		{"W:W:B", "W:W:B"},
		{"B:WK4:BK29", "B:WK4:BK29"},
	}
	for _, tt := range ok {
		p := mustParse(t, tt.in, Options{})
		if got := p.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
	if p := mustParse(t, "B:B1-12:W21-32", Options{}); p != Start() {
		t.Errorf("Parse of the start position is not Start()")
	}
	bad := []struct{ in, want string }{
		{"B:W33:B1", "checkers: position: white list: square 33 does not exist"},
		{"X:W21:B1", `checkers: position: side to move "X" is not B or W`},
		{"B:W21,21:B1", "checkers: position: square 21 is listed twice"},
		{"B:W21:B21", "checkers: position: square 21 is listed twice"},
		{"B:W1:B5", "checkers: position: a white man on 1 would have been crowned; write K1"},
		{"B:W21:B30", "checkers: position: a black man on 30 would have been crowned; write K30"},
		{"B:W21", `checkers: position "B:W21": want the side to move and two piece lists separated by colons, like B:W21,22:B1,2`},
		{"B:W21:W22", "checkers: position: two white piece lists"},
		{"B:W12-9:B20", "checkers: position: white list: range 12-9 runs backwards"},
		{"B:W21,,22:B1", "checkers: position: empty entry in the white list"},
		{"B:Q21:B1", `checkers: position: piece list "Q21" does not start with W or B`},
		{"B:W21:Bx", `checkers: position: black list: "x" is not a square number`},
		{"B:W21-32:B1-13", "checkers: position: 13 black pieces; a side has at most 12"},
		{"W:W17-28,K1:B5-8", "checkers: position: 13 white pieces; a side has at most 12"},
	}
	for _, tt := range bad {
		_, err := Parse(tt.in, Options{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error\n  %v\nwant\n  %s", tt.in, err, tt.want)
		}
	}
}

func TestOptions(t *testing.T) {
	for _, n := range []int{0, 1, 40, 200} {
		if err := (Options{DrawMoves: n}).Validate(); err != nil {
			t.Errorf("DrawMoves %d: %v", n, err)
		}
	}
	for _, n := range []int{-1, 201} {
		if _, err := New(Options{DrawMoves: n}); err == nil {
			t.Errorf("New with DrawMoves %d: no error", n)
		}
		if _, err := Parse("B:W21:B1", Options{DrawMoves: n}); err == nil {
			t.Errorf("Parse with DrawMoves %d: no error", n)
		}
	}
	want := "checkers: the draw rule must be 1..200 moves by each side (0 for 40), got 201"
	if err := (Options{DrawMoves: 201}).Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate: %v", err)
	}
}

func TestParseMoves(t *testing.T) {
	h, err := ParseMoves(Start(), "1. 11-15 22-18 2. 15x22 25x18 3.8-11 3... 29-25 1/2-1/2")
	if err != nil {
		t.Fatal(err)
	}
	if h.Len() != 6 {
		t.Errorf("%d moves, want 6", h.Len())
	}
	if got := FormatMoves(Start(), h.Moves()); got != "11-15 22-18 15x22 25x18 8-11 29-25" {
		t.Errorf("FormatMoves = %q", got)
	}
	const start = "B:W21-32:B1-12"
	errs := []struct{ fen, list, want string }{
		{start, "1. 11-15 23-19 2. 15-19", "checkers: move 3 (15-19): 15-19 is not legal: 19 is occupied"},
		{start, "11-15 1-0 23-19", "checkers: move 2 (1-0): square 0 does not exist"},
		{"W:W21,22:B10,19,K2", "22-18 6x15", "checkers: move 2 (6x15): 6x15 is not legal: there is no piece on 6"},
		{"W:W21,22:B10,19,K2", "22-17 2-6 17-13 6x15", "checkers: move 4 (6x15): 6x15 is not legal: there is no capture"},
		{"B:W10,19:B6", "6x15", "checkers: move 1 (6x15): 6x15 is not legal: the capture must go on (6x15x24)"},
		{"B:W32:B28", "28-32", "checkers: move 1 (28-32): the game is over (white wins)"},
	}
	for _, tt := range errs {
		_, err := ParseMoves(mustParse(t, tt.fen, Options{}), tt.list)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseMoves(%q) error\n  %v\nwant\n  %s", tt.list, err, tt.want)
		}
	}
	if h, err := ParseMoves(Start(), "  *"); err != nil || h.Len() != 0 {
		t.Errorf("empty list: %v", err)
	}
}
