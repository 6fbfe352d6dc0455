package othello

import (
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
)

// mustParse parses a position string or fails the test.
func mustParse(t *testing.T, s string) Position {
	t.Helper()
	p, err := Parse(s, Options{})
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

// board joins 8 rows of 8 characters and the side to move into a position
// string.
func board(side string, rows ...string) string {
	return strings.Join(rows, "") + " " + side
}

// names formats moves or squares as space-separated names.
func names(p Position, moves []rules.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = p.MoveString(m)
	}
	return strings.Join(s, " ")
}

func maskNames(m uint64) string {
	var s []string
	for sq := range 64 {
		if m>>sq&1 != 0 {
			s = append(s, rules.SquareName(sq))
		}
	}
	return strings.Join(s, " ")
}

func TestStart(t *testing.T) {
	const startString = "---------------------------OX------XO--------------------------- X"
	if got := Start().String(); got != startString {
		t.Fatalf("Start() = %q, want %q", got, startString)
	}
	if p, err := New(Options{}); err != nil || p != Start() {
		t.Fatalf("New(Options{}) = %v, %v; want Start()", p, err)
	}
	tests := []struct {
		first rules.Player
		moves string
	}{
		{rules.Black, "d3 c4 f5 e6"},
		{rules.White, "e3 f4 c5 d6"},
	}
	for _, tt := range tests {
		p, err := New(Options{First: tt.first})
		if err != nil {
			t.Fatal(err)
		}
		if p.ToMove() != tt.first {
			t.Errorf("New(First: %v).ToMove() = %v", tt.first, p.ToMove())
		}
		if got := names(p, p.Moves(nil)); got != tt.moves {
			t.Errorf("First %v: moves %q, want %q", tt.first, got, tt.moves)
		}
		if p.Score() != 0 || p.Empties() != 60 || p.Result() != rules.Ongoing {
			t.Errorf("First %v: score %d, empties %d, result %v", tt.first, p.Score(), p.Empties(), p.Result())
		}
	}
	if _, err := New(Options{First: 2}); err == nil || !strings.Contains(err.Error(), "othello: first player 2") {
		t.Errorf("New(First: 2) error = %v", err)
	}
	want := []string{"--------", "--------", "--------", "---OX---", "---XO---", "--------", "--------", "--------"}
	if got := Start().Rows(); !slices.Equal(got, want) {
		t.Errorf("Rows() = %q, want %q", got, want)
	}
	if got := Start().Squares(37); !slices.Equal(got, []int{37}) || len(Start().Squares(Pass)) != 0 {
		t.Errorf("Squares(f5) = %v, Squares(Pass) = %v", got, Start().Squares(Pass))
	}
}

func TestRules(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		moves  string // the legal moves, "" when the game is over
		play   string // a move to play, "" for none
		after  string // the position after it
		result rules.Result
		score  int
	}{
		{
			name:  "multi-direction flips",
			pos:   board("X", "--------", "-X-X-X--", "--OOO---", "-XO-OX--", "--OOO---", "-X-X-X--", "--------", "--------"),
			moves: "d4", play: "d4",
			after: board("O", "--------", "-X-X-X--", "--XXX---", "-XXXXX--", "--XXX---", "-X-X-X--", "--------", "--------"),
			score: 64, // a wipe-out: the empties go to Black
		},
		{
			name:  "a run of six flips; a run ending in an empty square does not",
			pos:   board("X", "XOOOOOO-", "-OOOO---", "X-------", "--------", "--------", "--------", "--------", "--------"),
			moves: "h1 c3", play: "h1", // not f2: b2-e2 end at the empty a2
			after: board("O", "XXXXXXXX", "-OOOO---", "X-------", "--------", "--------", "--------", "--------", "--------"),
			score: 5,
		},
		{
			name:  "pass forced",
			pos:   board("X", "OX------", "--------", "--------", "--------", "--------", "--------", "--------", "--------"),
			moves: "pass", play: "pass",
			after: board("O", "OX------", "--------", "--------", "--------", "--------", "--------", "--------", "--------"),
		},
		{
			name:  "white-first start",
			pos:   "---------------------------OX------XO--------------------------- O",
			moves: "e3 f4 c5 d6", play: "f4",
			after: "---------------------------OOO-----XO--------------------------- X",
			score: -3,
		},
		{
			name:   "full board",
			pos:    strings.Repeat("X", 40) + strings.Repeat("O", 24) + " O",
			result: rules.BlackWins, score: 16,
		},
		{
			name:   "only one colour: the empties go to the winner",
			pos:    board("O", "--------", "--------", "---XX---", "---XX---", "--------", "--------", "--------", "--------"),
			result: rules.BlackWins, score: 64,
		},
		{
			name:   "blocked with empties: the empties go to the winner",
			pos:    board("X", "-OOOOOOO", "OOOOOOOO", "OXOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO"),
			result: rules.WhiteWins, score: -62,
		},
		{
			name:   "draw",
			pos:    strings.Repeat("XO", 32) + " X",
			result: rules.Draw,
		},
		{
			name:   "empty board",
			pos:    strings.Repeat("-", 64) + " X",
			result: rules.Draw,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.pos)
			moves := p.Moves(nil)
			if got := names(p, moves); got != tt.moves {
				t.Errorf("moves %q, want %q", got, tt.moves)
			}
			if got := p.Result(); got.Over() != (tt.moves == "") {
				t.Errorf("Result() = %v with moves %q", got, tt.moves)
			}
			if tt.play == "" {
				if p.Result() != tt.result || p.Score() != tt.score {
					t.Errorf("result %v score %d, want %v %d", p.Result(), p.Score(), tt.result, tt.score)
				}
				if _, err := p.ParseMove("pass"); err == nil || err.Error() != "othello: the game is over" {
					t.Errorf("ParseMove(pass) error = %v", err)
				}
				return
			}
			m, err := p.ParseMove(tt.play)
			if err != nil {
				t.Fatal(err)
			}
			q := p.Play(m)
			if q.String() != tt.after {
				t.Errorf("after %s:\n got %s\nwant %s", tt.play, q, tt.after)
			}
			if q.Score() != tt.score {
				t.Errorf("score after %s = %d, want %d", tt.play, q.Score(), tt.score)
			}
		})
	}
}

// TestEdgeWrap checks that no line runs off one edge of the board and on
// at the other: each board holds a run that would enclose discs if it
// wrapped; the move must flip nothing.
func TestEdgeWrap(t *testing.T) {
	tests := []struct {
		name, pos, sq string
	}{
		{"east off h2 onto a3", board("X", "--------", "--------", "OX------", "--------", "--------", "--------", "--------", "--------"), "h2"},
		{"west off a2 onto h1", board("X", "------XO", "--------", "--------", "--------", "--------", "--------", "--------", "--------"), "a2"},
		{"south-east off h3 onto a5", board("X", "--------", "--------", "--------", "--------", "O-------", "-X------", "--------", "--------"), "h3"},
		{"north-west off a4 onto h2", board("X", "------X-", "-------O", "--------", "--------", "--------", "--------", "--------", "--------"), "a4"},
		{"south-west off a3 onto h3", board("X", "--------", "--------", "-------O", "------X-", "--------", "--------", "--------", "--------"), "a3"},
		{"north-east off h3 onto a3", board("X", "--------", "-X------", "O-------", "--------", "--------", "--------", "--------", "--------"), "h3"},
		{"south off h8 (a 64-bit shift)", board("X", "O-------", "X-------", "--------", "--------", "--------", "--------", "--------", "--------"), "h8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.pos)
			sq, _ := rules.ParseSquare(tt.sq)
			if f := Flips(p.own, p.opp, sq); f != 0 {
				t.Errorf("Flips(%s) = %s, want none", tt.sq, maskNames(f))
			}
			if m := MoveMask(p.own, p.opp); m != 0 {
				t.Errorf("MoveMask = %s, want none", maskNames(m))
			}
			// The colours swapped: the same wrapped runs must not count
			// for the other side either.
			if m := MoveMask(p.opp, p.own); m>>sq&1 != 0 {
				t.Errorf("MoveMask for the opponent has %s", tt.sq)
			}
		})
	}
}

func TestFlipsOccupied(t *testing.T) {
	p := Start()
	for _, sq := range []int{27, 28, 35, 36, -1, 64, 1000} {
		if f := Flips(p.own, p.opp, sq); f != 0 {
			t.Errorf("Flips(start, %d) = %x, want 0", sq, f)
		}
	}
	if f := Flips(p.own, p.opp, 37); f != 1<<36 {
		t.Errorf("Flips(start, f5) = %s, want e5", maskNames(f))
	}
}

func TestParseMoveErrors(t *testing.T) {
	mustPass := board("X", "OX------", "--------", "--------", "--------", "--------", "--------", "--------", "--------")
	mustPassWhite := board("O", "XO------", "--------", "--------", "--------", "--------", "--------", "--------", "--------")
	over := strings.Repeat("XO", 32) + " X"
	start := Start().String()
	tests := []struct {
		pos, move, want string
	}{
		{start, "e3", "othello: e3 flips no disc"},
		{start, "E4", "othello: e4 is occupied"},
		{start, "z9", "othello: z9 is not a square"},
		{start, "i1", "othello: i1 is not a square"},
		{start, "a0", "othello: a0 is not a square"},
		{start, "", "othello: empty move"},
		{start, "f5 d6", `othello: "f5 d6" is not a square`},
		{start, "pass", "othello: pass is not legal, black has moves"},
		{mustPass, "b2", "othello: black must pass"},
		{mustPassWhite, "c1", "othello: white must pass"},
		{mustPass, "b1", "othello: b1 is occupied"},
		{over, "pass", "othello: the game is over"},
		{over, "a1", "othello: the game is over"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.pos)
		m, err := p.ParseMove(tt.move)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want error %q", tt.pos, tt.move, m, err, tt.want)
		}
	}
	for _, s := range []string{"f5", "F5", " f5 "} {
		if m, err := Start().ParseMove(s); m != 37 || err != nil {
			t.Errorf("ParseMove(%q) = %v, %v; want f5", s, m, err)
		}
	}
	if m, err := mustParse(t, mustPass).ParseMove("PASS"); m != Pass || err != nil {
		t.Errorf("ParseMove(PASS) = %v, %v", m, err)
	}
}

func TestParseErrors(t *testing.T) {
	start := "---------------------------OX------XO---------------------------"
	tests := []struct {
		in, want string
	}{
		{"", "othello: a position is 64 squares, a space and the side to move (X or O)"},
		{start, "othello: the side to move (X or O) is missing after the board"},
		{start[1:] + " X", "othello: a board has 64 squares, got 63 characters"},
		{start + "- X", "othello: a board has 64 squares, got 65 characters"},
		{"Z" + start[1:] + " X", `othello: square a1: 'Z' is not X, O or -`},
		{start + " Y", `othello: side to move "Y" is not X or O`},
		{start + " X X", `othello: unexpected X after the side to move`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in, Options{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error = %v, want %q", tt.in, err, tt.want)
		}
	}
	if _, err := Parse(start+" X", Options{First: 5}); err == nil {
		t.Error("Parse with Options{First: 5} accepted")
	}
	for _, s := range []string{start + " X", "  " + start + "  x  ", start + " X;", start + " X ; F5:+2;", start + " black"} {
		if p, err := Parse(s, Options{}); err != nil || p != Start() {
			t.Errorf("Parse(%q) = %v, %v; want the start", s, p, err)
		}
	}
}

func TestParseMoves(t *testing.T) {
	// A random game in which White passes after move 8 (a3).
	const game = "c4c3e6b4a4a5b2a3 pass d2c2f4c5b6e1f6e3a1g5d6f7f8g7g3f5g6b5f2h4c6b7g8h7b8a2h2a6d7a8g4e7d3h6c7d8b3f3e2g2h5h3e8h1b1h8a7d1f1g1c1c8"
	h, err := ParseMoves(Start(), game)
	if err != nil {
		t.Fatal(err)
	}
	if h.Len() != 61 || h.Moves()[8] != Pass || h.Result() != rules.BlackWins || h.Position().Score() != 2 {
		t.Errorf("game: %d moves, move 9 %v, %v, score %d", h.Len(), h.Moves()[8], h.Result(), h.Position().Score())
	}
	if got := FormatMoves(Start(), h.Moves()); got != game {
		t.Errorf("FormatMoves = %q, want %q", got, game)
	}
	// The same game with the pass left out, upper case and spaced out.
	implicit := strings.ToUpper(strings.Replace(game, " pass ", "", 1))
	implicit = strings.Join(strings.SplitAfter(implicit, "3"), " ,")
	h2, err := ParseMoves(Start(), implicit)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(h.Moves(), h2.Moves()) {
		t.Errorf("implicit pass: moves %v, want %v", h2.Moves(), h.Moves())
	}
	if h, err := ParseMoves(Start(), " "); err != nil || h.Len() != 0 {
		t.Errorf("ParseMoves(empty) = %v, %v", h, err)
	}

	tests := []struct {
		list, want string
	}{
		{"f5 e3", "othello: move 2 (e3): e3 flips no disc"},
		{"f5d6c3d3c4f4f5", "othello: move 7 (f5): f5 is occupied"},
		{"f5 pass", "othello: move 2 (pass): pass is not legal, white has moves"},
		{"f5 d6 x", "othello: move 3 (x): x is not a square"},
		{"f5 d6 c3%%", "othello: move 4 (%%): %% is not a square"},
		{"d3c3b3d2e1d6d7e3f4 a1", "othello: move 10 (a1): the game is over"},
		{"d3c3b3d2e1d6d7e3f4 pass", "othello: move 10 (pass): the game is over"},
	}
	for _, tt := range tests {
		h, err := ParseMoves(Start(), tt.list)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseMoves(%q) = %v, %v; want error %q", tt.list, h, err, tt.want)
		}
	}
}
