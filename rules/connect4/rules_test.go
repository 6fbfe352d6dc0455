package connect4

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
)

func mustParse(t *testing.T, s string) Position {
	t.Helper()
	p, err := Parse(s, Options{})
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

func mustMoves(t *testing.T, list string) Position {
	t.Helper()
	h, err := ParseMoves(Start(), list)
	if err != nil {
		t.Fatalf("ParseMoves(%q): %v", list, err)
	}
	return h.Position()
}

func TestResults(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		result rules.Result
		score  int
		moves  int
	}{
		{"start", "-------/-------/-------/-------/-------/-------", rules.Ongoing, 0, 7},
		{"horizontal", "-------/-------/-------/-------/OOO----/XXXX---", rules.BlackWins, 18, 0},
		{"vertical", "-------/-------/------O/X-----O/X-----O/XX----O", rules.WhiteWins, -18, 0},
		{"diagonal up", "-------/-------/---X---/--XO---/-XOO---/XOOXX--", rules.BlackWins, 16, 0},
		{"diagonal down", "-------/-------/---X---/---OX--/---OOX-/--XXOOX", rules.BlackWins, 16, 0},
		{"three is not four", "-------/-------/-------/-------/OOO----/XXX-X--", rules.Ongoing, 0, 7},
		// Column 1 ends in three X and column 2 starts with one: no four
		// across the column boundary (the sentinel bit).
		{"no vertical wrap", "X------/X------/X------/O------/O------/OX-----", rules.Ongoing, 0, 6},
		// Row 1 ends in two X and row 2 starts with two: not a row.
		{"no horizontal wrap", "-------/-------/-------/-------/XX-----/OO-O-XX", rules.Ongoing, 0, 7},
		// X on a diagonal that would go on through the sentinel bits.
		{"no diagonal wrap", "--X----/-XO----/XOX----/OXO----/XOX----/OXOOXO-", rules.Ongoing, 0, 6},
		{"full board draw", "OOXXOXX/XOXOOOX/XOXXOOO/OXOXXXO/OOOXXOX/XXXOOOX", rules.Draw, 0, 0},
		// O connects four with the 42nd stone: a win, not a draw, scoring 22 - 21.
		{"win on the last stone", "OXOOXOO/XXOXXXO/OXOXOXX/OOOXOXO/XOXOXOX/OXXOOXX", rules.WhiteWins, -1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.pos)
			if got := p.Result(); got != tt.result {
				t.Errorf("Result = %v, want %v", got, tt.result)
			}
			if got := p.Score(); got != tt.score {
				t.Errorf("Score = %d, want %d", got, tt.score)
			}
			if got := len(p.Moves(nil)); got != tt.moves {
				t.Errorf("%d moves, want %d", got, tt.moves)
			}
			if got := p.String(); got != tt.pos {
				t.Errorf("String = %q", got)
			}
		})
	}
}

func TestScoreAfterMoves(t *testing.T) {
	tests := []struct {
		moves  string
		result rules.Result
		score  int
	}{
		{"4455667", rules.BlackWins, 18},   // X wins with its 4th stone
		{"71212131", rules.WhiteWins, -18}, // O wins with its 4th stone
		{"1122334", rules.BlackWins, 18},
		{"1 2 1 2 1 3 2 4 2 3 3 4 3", rules.Ongoing, 0},
		// X: 4 5 3 6 ... wins on its 7th stone: 22 - 7 = 15.
		{"4 4 5 5 3 3 1 1 1 1 7 7 2", rules.BlackWins, 15},
	}
	for _, tt := range tests {
		p := mustMoves(t, tt.moves)
		if p.Result() != tt.result || p.Score() != tt.score {
			t.Errorf("%q: %v %d, want %v %d\n%s", tt.moves, p.Result(), p.Score(), tt.result, tt.score, strings.Join(p.Rows(), "\n"))
		}
	}
}

func TestMovesAndPlay(t *testing.T) {
	p := mustParse(t, "X------/O------/X------/O------/X-----O/O-----X")
	if got, want := p.Moves(nil), []rules.Move{1, 2, 3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("Moves = %v, want %v", got, want)
	}
	if p.ToMove() != rules.Black || p.Played() != 8 {
		t.Errorf("ToMove %v, Played %d", p.ToMove(), p.Played())
	}
	q := p.Play(6)
	if got, want := q.String(), "X------/O------/X------/O-----X/X-----O/O-----X"; got != want {
		t.Errorf("after 7: %q, want %q", got, want)
	}
	cur, mask := q.Bitboards()
	if mask != p.mask|Bit(6, 2) || cur != p.current^p.mask {
		t.Errorf("Bitboards after 7: %x %x", cur, mask)
	}
	if q.Key() != cur+mask {
		t.Errorf("Key = %x", q.Key())
	}
}

func TestParseMove(t *testing.T) {
	full := mustParse(t, "X------/O------/X------/O------/X-----O/O-----X")
	won := mustMoves(t, "4455667")
	tests := []struct {
		pos  Position
		in   string
		want rules.Move
		err  string
	}{
		{Start(), "1", 0, ""},
		{Start(), " 7 ", 6, ""},
		{Start(), "8", 0, "connect4: column 8 does not exist"},
		{Start(), "0", 0, "connect4: column 0 does not exist"},
		{Start(), "", 0, "connect4: no move given: want a column 1..7"},
		{Start(), "a4", 0, `connect4: "a4" is not a column 1..7`},
		{Start(), "44", 0, `connect4: "44" is not a column 1..7`},
		{full, "1", 0, "connect4: column 1 is full"},
		{full, "2", 1, ""},
		{won, "1", 0, "connect4: the game is over"},
		{won, "9", 0, "connect4: column 9 does not exist"},
	}
	for _, tt := range tests {
		m, err := tt.pos.ParseMove(tt.in)
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("ParseMove(%q) = %v, %v; want error %q", tt.in, m, err, tt.err)
		case tt.err == "" && (err != nil || m != tt.want):
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tt.in, m, err, tt.want)
		}
	}
}

func TestParseMoves(t *testing.T) {
	tests := []struct {
		list, err string
		played    int
	}{
		{"", "", 0},
		{"4453", "", 4},
		{" 4 4\t5 3\n", "", 4},
		{"44444444", "connect4: move 7 (4): column 4 is full", 0},
		{"4455667 1", "connect4: move 8 (1): the game is over", 0},
		{"44a", `connect4: move 3 (a): "a" is not a column 1..7`, 0},
		{"448", "connect4: move 3 (8): column 8 does not exist", 0},
		{"4\x00", `connect4: move 2 ("\x00"): "\x00" is not a column 1..7`, 0},
		{"4é", `connect4: move 2 (é): "é" is not a column 1..7`, 0},
	}
	for _, tt := range tests {
		h, err := ParseMoves(Start(), tt.list)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseMoves(%q) error %v, want %q", tt.list, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseMoves(%q): %v", tt.list, err)
			continue
		}
		if h.Position().Played() != tt.played || h.Len() != tt.played {
			t.Errorf("ParseMoves(%q): %d stones, %d moves", tt.list, h.Position().Played(), h.Len())
		}
	}
	h, _ := ParseMoves(Start(), "4 4 5 3")
	if got := FormatMoves(Start(), h.Moves()); got != "4453" {
		t.Errorf("FormatMoves = %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, err string }{
		{"", "connect4: a position has 6 rows separated by '/', got 1"},
		{"-------/-------/-------/-------/-------", "connect4: a position has 6 rows separated by '/', got 5"},
		{"-------/-------/-------/-------/-------/--------", "connect4: row 6 has 8 cells, want 7"},
		{"-------/-------/-------/-------/-------/------é", `connect4: row 6, column 7: 'é' is not X, O or -`},
		{"-------/-------/-------/-------/-------/------\xff", `connect4: row 6, column 7: '�' is not X, O or -`},
		{"-------/-------/-------/-------/---Z---/-------", `connect4: row 5, column 4: 'Z' is not X, O or -`},
		{"-------/-------/-------/-------/---X---/-------", "connect4: row 6, column 4: an empty cell under a stone"},
		{"-------/---X---/-------/-------/---O---/---X---", "connect4: row 4, column 4: an empty cell under a stone"},
		{"-------/-------/-------/-------/-------/XX-----", "connect4: X has 2 stones and O has 0: X must have as many as O or one more"},
		{"-------/-------/-------/-------/-------/OX-----", ""},
		{"-------/-------/-------/-------/-------/OOX----", "connect4: X has 1 stones and O has 2: X must have as many as O or one more"},
		{"-------/-------/X------/X------/X------/XOOOO--", "connect4: both X and O have four in a row"},
		{"-------/-------/-------/-------/OOO----/XXXXO--", "connect4: X has four in a row but O moved last: the game ended before"},
		{"-------/-------/-------/X------/XOOOO--/XOXXX--", "connect4: O has four in a row but X moved last: the game ended before"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in, Options{})
		if tt.err == "" {
			if err != nil {
				t.Errorf("Parse(%q): %v", tt.in, err)
			}
			continue
		}
		if err == nil || err.Error() != tt.err {
			t.Errorf("Parse(%q) error %v, want %q", tt.in, err, tt.err)
		}
	}
	// Lower case, '.' and surrounding spaces are accepted.
	p := mustParse(t, " ......./......./......./......./...o.../...x... \n")
	if p != mustMoves(t, "44") {
		t.Errorf("lenient Parse = %v", p)
	}
}

func TestRowsAndSquares(t *testing.T) {
	p := mustMoves(t, "4453")
	want := []string{"-------", "-------", "-------", "-------", "---O---", "--OXX--"}
	if got := p.Rows(); !slices.Equal(got, want) {
		t.Errorf("Rows = %q, want %q", got, want)
	}
	for _, tt := range []struct {
		m    rules.Move
		want []int
	}{{0, []int{35}}, {3, []int{24}}, {2, []int{30}}, {7, nil}} {
		if got := p.Squares(tt.m); !slices.Equal(got, tt.want) {
			t.Errorf("Squares(%d) = %v, want %v", tt.m, got, tt.want)
		}
	}
	full := mustMoves(t, "111111")
	if got := full.Squares(0); got != nil {
		t.Errorf("Squares of a full column = %v", got)
	}
	if got := Start().MoveString(6); got != "7" {
		t.Errorf("MoveString(6) = %q", got)
	}
}

func TestBitboardHelpers(t *testing.T) {
	if BottomMask != 0x40810204081 || BoardMask != 0xfdfbf7efdfbf {
		t.Errorf("masks %x %x", BottomMask, BoardMask)
	}
	// X (to move) on 1, 2, 3 of the bottom row: 4 wins; O on top of them
	// threatens nothing yet.
	p := mustParse(t, "-------/-------/-------/-------/OOO----/XXX----")
	cur, mask := p.Bitboards()
	if got, want := WinningMask(cur, mask), Bit(3, 0); got != want {
		t.Errorf("WinningMask(X) = %x, want %x", got, want)
	}
	if got, want := WinningMask(cur^mask, mask), Bit(3, 1); got != want {
		t.Errorf("WinningMask(O) = %x, want %x", got, want)
	}
	if got, want := PlayableMask(mask), BottomMask&^(Bit(0, 0)|Bit(1, 0)|Bit(2, 0))|Bit(0, 2)|Bit(1, 2)|Bit(2, 2); got != want {
		t.Errorf("PlayableMask = %x, want %x", got, want)
	}
	// A vertical threat; the random games compare WinningMask with a
	// naive search on many more positions.
	q := mustParse(t, "-------/-------/X------/X------/XO-----/OO-----")
	cur, mask = q.Bitboards()
	if got, want := WinningMask(cur, mask), Bit(0, 4); got != want {
		t.Errorf("WinningMask(X) = %x, want %x", got, want)
	}
	if got := WinningMask(cur^mask, mask); got != 0 {
		t.Errorf("WinningMask(O) = %x, want 0", got)
	}
}

// TestPonsBenchmarkSet reads Pascal Pons' Test_L3_R1 set: every move string
// is a legal game that is not over.
func TestPonsBenchmarkSet(t *testing.T) {
	f, err := os.Open("../../../shared/data/connect4/Test_L3_R1")
	if os.IsNotExist(err) {
		t.Skip("Pons' test set is not here:", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			t.Fatalf("line %d: %q", lines+1, sc.Text())
		}
		lines++
		h, err := ParseMoves(Start(), fields[0])
		if err != nil {
			t.Errorf("line %d: %v", lines, err)
			continue
		}
		p := h.Position()
		if p.Result().Over() || p.Played() != len(fields[0]) {
			t.Errorf("line %d: %v after %d stones, want %d", lines, p.Result(), p.Played(), len(fields[0]))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines != 1000 {
		t.Errorf("%d lines, want 1000", lines)
	}
}
