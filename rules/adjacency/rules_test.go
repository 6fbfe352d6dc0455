package adjacency

import (
	"strconv"
	"strings"
	"testing"

	"boardgames/rules"
)

func mustParse(t *testing.T, s string, o Options) Position {
	t.Helper()
	p, err := Parse(s, o)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

// board writes a position string with X on the squares xs and O on the
// squares os (space-separated names), then the side to move and the rounds.
func board(xs, os, side string, rounds int) string {
	b := []byte(strings.Repeat("-", 64))
	for i, list := range []string{xs, os} {
		for _, name := range strings.Fields(list) {
			sq, ok := rules.ParseSquare(name)
			if !ok {
				panic("bad square " + name)
			}
			b[sq] = "XO"[i]
		}
	}
	return string(b) + " " + side + " " + strconv.Itoa(rounds)
}

func TestStart(t *testing.T) {
	p := Start()
	want := "------OO------OO--------------------------------XX------XX------ X 0"
	if got := p.String(); got != want {
		t.Errorf("Start() = %q, want %q", got, want)
	}
	if p.ToMove() != rules.Black || p.Limit() != 28 || p.RoundsPlayed() != 0 || p.RoundsLeft() != 28 {
		t.Errorf("Start(): to move %v, limit %d, played %d, left %d", p.ToMove(), p.Limit(), p.RoundsPlayed(), p.RoundsLeft())
	}
	if b, w := p.Bitboards(); b != 1<<48|1<<49|1<<56|1<<57 || w != 1<<6|1<<7|1<<14|1<<15 {
		t.Errorf("Bitboards() = %#x, %#x", b, w)
	}
	if p.Score() != 0 || p.Result() != rules.Ongoing {
		t.Errorf("Start(): score %d, result %v", p.Score(), p.Result())
	}
	rows := p.Rows()
	if len(rows) != 8 || rows[0] != "------OO" || rows[7] != "XX------" {
		t.Errorf("Rows() = %q", rows)
	}
	if sq := p.Squares(rules.Move(42)); len(sq) != 1 || sq[0] != 42 {
		t.Errorf("Squares(42) = %v", sq)
	}
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name          string
		opts          Options
		before, after string
		move          string
	}{
		{"orthogonal flips", Options{},
			board("a1 a2 a3 a4", "d3 c4 e4 d5", "X", 0),
			board("a1 a2 a3 a4 d3 c4 d4 e4 d5", "", "O", 0), "d4"},
		{"no diagonal flips", Options{},
			board("a1 a2 a3 a4", "c3 e3 c5 e5", "X", 0),
			board("a1 a2 a3 a4 d4", "c3 e3 c5 e5", "O", 0), "d4"},
		{"no chains: only the neighbour flips", Options{},
			board("a1 a2 a3 a4", "d3 d2 d1 c1", "X", 0),
			board("a1 a2 a3 a4 d4 d3", "d2 d1 c1", "O", 0), "d4"},
		{"own neighbours stay", Options{},
			board("d3 a2 a3 a4", "c4 h1 h2 h3", "X", 0),
			board("d3 a2 a3 a4 d4 c4", "h1 h2 h3", "O", 0), "d4"},
		{"no wrap: h1 is not next to a2", Options{},
			board("a7 b7 a8 b8", "h1 a1 g2 h2", "X", 0),
			board("a7 b7 a8 b8 a2 a1", "h1 g2 h2", "O", 0), "a2"},
		{"no wrap: a2 is not next to h1", Options{},
			board("a7 b7 a8 b8", "a2 g1 g2 h3", "X", 0),
			board("a7 b7 a8 b8 h1 g1", "a2 g2 h3", "O", 0), "h1"},
		{"no wrap: h7 is not next to a8", Options{First: rules.White},
			board("h7 b8 c8 d8", "a1 b1 c1 d1", "O", 0),
			board("h7 c8 d8", "a1 b1 c1 d1 a8 b8", "X", 0), "a8"},
		{"O takes X", Options{},
			board("a7 b7 a8 b8 d4", "g1 h1 g2 h2", "O", 0),
			board("a7 b7 a8 b8", "g1 h1 g2 h2 d4 d5", "X", 1), "d5"},
		{"empty corner", Options{},
			board("a7 b7 a8 b8", "g1 h1 g2 h2", "X", 0),
			board("a7 b7 a8 b8 h8", "g1 h1 g2 h2", "O", 0), "h8"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.before, tt.opts)
		want := mustParse(t, tt.after, tt.opts)
		m, err := p.ParseMove(tt.move)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tt.name, tt.move, err)
			continue
		}
		before := p
		got := p.Play(m)
		if got != want {
			t.Errorf("%s: %s gives\n%s, want\n%s", tt.name, tt.move, got, want)
		}
		if p != before {
			t.Errorf("%s: Play changed the receiver", tt.name)
		}
		// Captures names exactly the opponent marks the move took.
		own, opp := p.Bitboards()
		wantOwn, _ := want.Bitboards()
		if p.ToMove() == rules.White {
			own, opp = opp, own
			_, wantOwn = want.Bitboards()
		}
		if got, taken := Captures(own, opp, int(m)), opp&wantOwn; got != taken {
			t.Errorf("%s: Captures = %#x, want %#x", tt.name, got, taken)
		}
	}
}

func TestCaptures(t *testing.T) {
	sq := func(name string) int { i, _ := rules.ParseSquare(name); return i }
	bb := func(names string) (b uint64) {
		for _, n := range strings.Fields(names) {
			b |= 1 << sq(n)
		}
		return b
	}
	all := ^uint64(0)
	tests := []struct {
		own, opp uint64
		sq       int
		want     uint64
	}{
		{0, all &^ bb("d4"), sq("d4"), bb("d3 c4 e4 d5")},
		{0, all &^ bb("a1"), sq("a1"), bb("b1 a2")},
		{0, all &^ bb("h1"), sq("h1"), bb("g1 h2")},
		{0, all &^ bb("a8"), sq("a8"), bb("a7 b8")},
		{0, all &^ bb("h8"), sq("h8"), bb("g8 h7")},
		{0, all &^ bb("a5"), sq("a5"), bb("a4 a6 b5")},
		{0, all &^ bb("h5"), sq("h5"), bb("h4 h6 g5")},
		{bb("d3"), bb("c4 c3 e5"), sq("d4"), bb("c4")},
		{bb("d4"), bb("d3"), sq("d4"), 0}, // occupied
		{0, bb("d4"), sq("d4"), 0},        // occupied
		{0, all, -1, 0},
		{0, all, 64, 0},
	}
	for _, tt := range tests {
		if got := Captures(tt.own, tt.opp, tt.sq); got != tt.want {
			t.Errorf("Captures(%#x, %#x, %d) = %#x, want %#x", tt.own, tt.opp, tt.sq, got, tt.want)
		}
	}
}

// full is the board with one empty square, a1, and O to move: the last
// move fills the board.
const full = "-XOXOXOX" + "OXOXOXOX" + "XOXOXOXO" + "OXOXOXOX" +
	"XOXOXOXO" + "OXOXOXOX" + "XOXOXOXO" + "OXOXOXOX" + " O 27"

func TestGameEnd(t *testing.T) {
	// The round limit ends the game.
	o := Options{Rounds: 2}
	start, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	h, err := ParseMoves(start, "c6 f3 d4")
	if err != nil {
		t.Fatal(err)
	}
	p := h.Position()
	if p.Result().Over() || len(p.Moves(nil)) != 53 || p.RoundsPlayed() != 1 || p.RoundsLeft() != 1 {
		t.Fatalf("after 3 plies of 4: %v, %d moves, %d played, %d left", p.Result(), len(p.Moves(nil)), p.RoundsPlayed(), p.RoundsLeft())
	}
	p = p.Play(rules.Move(63))
	if !p.Result().Over() || len(p.Moves(nil)) != 0 || p.RoundsPlayed() != 2 || p.RoundsLeft() != 0 {
		t.Errorf("at the limit: %v, %d moves, %d played, %d left", p.Result(), len(p.Moves(nil)), p.RoundsPlayed(), p.RoundsLeft())
	}
	if got, want := p.String(), board("a7 b7 a8 b8 c6 d4", "g1 h1 g2 h2 f3 h8", "X", 2); got != want {
		t.Errorf("at the limit: %q, want %q", got, want)
	}
	if p.Result() != rules.Draw || Perft(p, 2) != 1 {
		t.Errorf("at the limit: result %v, Perft(2) = %d", p.Result(), Perft(p, 2))
	}
	if _, err := p.ParseMove("e5"); err == nil || err.Error() != "adjacency: the game is over (round limit 2 reached)" {
		t.Errorf("ParseMove after the limit: %v", err)
	}

	// A full board ends the game.
	p = mustParse(t, full, Options{})
	if p.Result().Over() || len(p.Moves(nil)) != 1 || p.RoundsLeft() != 1 {
		t.Fatalf("one empty square: %v, %d moves", p.Result(), len(p.Moves(nil)))
	}
	p = p.Play(rules.Move(0)) // a1 takes b1 (a2 is O already)
	if !p.Result().Over() || len(p.Moves(nil)) != 0 || p.Score() != -2 || p.Result() != rules.WhiteWins {
		t.Errorf("full board: %v, %d moves, score %d", p.Result(), len(p.Moves(nil)), p.Score())
	}
	if p.ToMove() != rules.Black || p.RoundsPlayed() != 28 || !strings.HasSuffix(p.String(), " X 28") {
		t.Errorf("full board: %s", p)
	}
	if _, err := p.ParseMove("a1"); err == nil || err.Error() != "adjacency: the game is over (the board is full)" {
		t.Errorf("ParseMove on a full board: %v", err)
	}
}

func TestFirst(t *testing.T) {
	o := Options{First: rules.White}
	p, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	if p.ToMove() != rules.White || !strings.HasSuffix(p.String(), " O 0") {
		t.Errorf("O first: %s", p)
	}
	p = p.Play(rules.Move(27))
	if p.ToMove() != rules.Black || p.RoundsPlayed() != 0 || !strings.HasSuffix(p.String(), " X 0") {
		t.Errorf("O first, 1 ply: %s", p)
	}
	if q := mustParse(t, p.String(), o); q != p {
		t.Errorf("O first, 1 ply: Parse(String()) = %s", q)
	}
	p = p.Play(rules.Move(28))
	if p.ToMove() != rules.White || p.RoundsPlayed() != 1 || !strings.HasSuffix(p.String(), " O 1") {
		t.Errorf("O first, 2 plies: %s", p)
	}
	// The same string means another ply count when X moves first.
	if _, err := Parse(Start().String(), o); err == nil ||
		err.Error() != "adjacency: 1 ply played leave 55 empty squares, the board has 56 (every move adds one mark to the 8 of the start)" {
		t.Errorf("start with O first: %v", err)
	}
	// One round with O first ends with O to move.
	if p, _ = New(Options{Rounds: 1, First: rules.White}); Perft(p, 3) != 56*55 {
		t.Errorf("1 round, O first: Perft(3) = %d", Perft(p, 3))
	}
	p = p.Play(0).Play(1)
	if !p.Result().Over() || p.ToMove() != rules.White {
		t.Errorf("1 round, O first: %v, %v to move", p.Result(), p.ToMove())
	}
}

func TestScoreResult(t *testing.T) {
	o := Options{Rounds: 1}
	tests := []struct {
		pos    string
		score  int
		result rules.Result
	}{
		{board("a1 a2 a3 a4 a5", "h1 h2 h3 h4 h5", "X", 1), 0, rules.Draw},
		{board("a1 a2 a3 a4 a5 a6", "h1 h2 h3 h4", "X", 1), 2, rules.BlackWins},
		{board("a1 a2 a3", "h1 h2 h3 h4 h5 h6 h7", "X", 1), -4, rules.WhiteWins},
		{board("a1 a2 a3 a4 a5", "h1 h2 h3 h4", "O", 0), 1, rules.Ongoing},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.pos, o)
		if p.Score() != tt.score || p.Result() != tt.result {
			t.Errorf("%s: score %d, result %v; want %d, %v", tt.pos, p.Score(), p.Result(), tt.score, tt.result)
		}
	}
}

func TestNotationErrors(t *testing.T) {
	start := Start()
	eight, _ := New(Options{Rounds: 8})
	const sixteen = "a1 b1 c1 d1 e1 f1 a2 b2 c2 d2 e2 f2 a3 b3 c3 d3"
	h, err := ParseMoves(eight, sixteen)
	if err != nil {
		t.Fatal(err)
	}
	over := h.Position()
	parse := func(s string, o Options) func() error {
		return func() error { _, err := Parse(s, o); return err }
	}
	move := func(p Position, s string) func() error {
		return func() error { _, err := p.ParseMove(s); return err }
	}
	moves := func(p Position, s string) func() error {
		return func() error { _, err := ParseMoves(p, s); return err }
	}
	startBoard := strings.Fields(start.String())[0]
	tests := []struct {
		name string
		do   func() error
		want string
	}{
		{"not a square", move(start, "z9"), "adjacency: z9 is not a square"},
		{"empty move", move(start, ""), `adjacency: "" is not a square`},
		{"long move", move(start, "a1 b2"), `adjacency: "a1 b2" is not a square`},
		{"occupied", move(start, "a7"), "adjacency: a7 is occupied"},
		{"occupied, upper case", move(start, "H1"), "adjacency: h1 is occupied"},
		{"game over", move(over, "e3"), "adjacency: the game is over (round limit 8 reached)"},
		{"moves: occupied", moves(start, "c6 f3 c6"), "adjacency: move 3 (c6): c6 is occupied"},
		{"moves: joined", moves(start, "c6f3x9"), "adjacency: move 3 (x9): x9 is not a square"},
		{"moves: half a square", moves(start, "c6 f"), "adjacency: move 2 (f): f is not a square"},
		{"moves: over", moves(eight, sixteen+" e3"), "adjacency: move 17 (e3): the game is over (round limit 8 reached)"},
		{"fields", parse(startBoard+" X", Options{}),
			"adjacency: a position is a 64-square board, the side to move and the rounds played, separated by spaces; got 2 fields"},
		{"short board", parse("XO-- X 0", Options{}), "adjacency: a board has 64 squares, got 4 characters"},
		{"board character", parse("?"+startBoard[1:]+" X 0", Options{}), `adjacency: square a1: '?' is not X, O or -`},
		{"side", parse(startBoard+" Z 0", Options{}), `adjacency: side to move "Z" is not X or O`},
		{"rounds", parse(startBoard+" X x", Options{}), "adjacency: rounds played x is not a number 0..28"},
		{"rounds sign", parse(startBoard+" X +1", Options{}), "adjacency: rounds played +1 is not a number 0..28"},
		{"rounds beyond", parse(startBoard+" X 29", Options{}), "adjacency: 29 rounds played is beyond the round limit 28"},
		{"rounds beyond limit", parse(startBoard+" X 3", Options{Rounds: 2}), "adjacency: 3 rounds played is beyond the round limit 2"},
		{"ply beyond limit", parse(board("a1 a2 a3 a4 a5", "h1 h2 h3 h4 h5 h6", "O", 1), Options{Rounds: 1}),
			"adjacency: O to move after 1 rounds played is beyond the round limit 1 (X moves first)"},
		{"empties", parse(startBoard+" X 1", Options{}),
			"adjacency: 2 plies played leave 54 empty squares, the board has 56 (every move adds one mark to the 8 of the start)"},
		{"too many X", parse(board("a1 a2 a3 a4 a5 a6 a7 a8 b1 b2", "", "X", 1), Options{}),
			"adjacency: X has 10 marks after 1 move of its own; at most 9 are possible (4 at the start, then 1 placed and up to 4 taken per move)"},
		{"start counts", parse(board("a1 a2 a3 a4 a5", "h1 h2 h3", "X", 0), Options{}),
			"adjacency: X has 5 marks after 0 moves of its own; at most 4 are possible (4 at the start, then 1 placed and up to 4 taken per move)"},
		{"last mover", parse(board("a1 a2 a3 a4 a5 a6 a7 a8 b1 b2 b3 b4", "", "X", 2), Options{}),
			"adjacency: O moved last but has no mark"},
		{"options rounds", parse(startBoard+" X 0", Options{Rounds: 29}), "adjacency: round limit 29 is not in 1..28 (0 means 28)"},
		{"options negative", func() error { _, err := New(Options{Rounds: -1}); return err },
			"adjacency: round limit -1 is not in 1..28 (0 means 28)"},
		{"options first", Options{First: 2}.Validate, "adjacency: first player 2 is not X (rules.Black) or O (rules.White)"},
	}
	for _, tt := range tests {
		err := tt.do()
		if err == nil {
			t.Errorf("%s: no error, want %q", tt.name, tt.want)
		} else if err.Error() != tt.want {
			t.Errorf("%s: error\n%q, want\n%q", tt.name, err, tt.want)
		}
	}
}

func TestNotationAccepts(t *testing.T) {
	h, err := ParseMoves(Start(), "  C6f3\td4  e5 ")
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatMoves(Start(), h.Moves()); got != "c6 f3 d4 e5" {
		t.Errorf("FormatMoves = %q", got)
	}
	p := mustParse(t, "  "+strings.ToLower(h.Position().String())+"  ", Options{})
	if p != h.Position() {
		t.Errorf("lower-case notation: %s, want %s", p, h.Position())
	}
	if h, err := ParseMoves(Start(), ""); err != nil || h.Len() != 0 {
		t.Errorf("empty list: %v, %v", h, err)
	}
	if m, err := Start().ParseMove(" e5 "); err != nil || m != 36 {
		t.Errorf("ParseMove(\" e5 \") = %d, %v", m, err)
	}
}
