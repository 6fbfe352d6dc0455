package games

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// parseErr parses a move list (moves) or a position (position != "") of
// game and returns the error's text.
func parseErr(t *testing.T, game, moves, position string) string {
	t.Helper()
	g, err := Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	if position != "" {
		_, err = g.Parse(position, Settings{})
	} else {
		_, err = g.ParseMoves(nil, moves, Settings{})
	}
	if err == nil {
		t.Fatalf("%s %q %q: no error", game, moves, position)
	}
	return err.Error()
}

// The parsers' messages show what was typed, whole: never a character cut
// in two, never "pa" for "pass", never an empty square number.
func TestMessagesShowTheInput(t *testing.T) {
	board := strings.Repeat("-", 63)
	for _, tc := range []struct{ game, moves, position, want string }{
		{"adjacency", "ｃ6", "", `adjacency: move 1 ("ｃ6"): "ｃ6" is not a square`},
		{"adjacency", "c6 pass", "", "adjacency: move 2 (pass): there is no pass in Adjacency: every move marks an empty square"},
		{"adjacency", "c6,f3 h9", "", "adjacency: move 3 (h9): h9 is not a square"},
		{"othello", "f5 ｄ６", "", `othello: move 2 ("ｄ６"): "ｄ６" is not a square`},
		{"othello", strings.Repeat("é", 20), "", `othello: move 1 ("éééééééééééééééé"...): "éééééééééééééééé"... is not a square`},
		{"othello", "", strings.Repeat("é", 64) + " X", "othello: square a1: 'é' is not X, O or -"},
		{"othello", "", board + "€ X", "othello: square h8: '€' is not X, O or -"},
		{"othello", "", board + " X", "othello: a board has 64 squares, got 63 characters"},
		{"adjacency", "", board + "ü X 0", "adjacency: square h8: 'ü' is not X, O or -"},
		{"checkers", "", "B:W-1:B1", "checkers: position: white list: -1 is not a range like 1-12 (a square number is missing)"},
		{"checkers", "", "B:W21-:B1", "checkers: position: white list: 21- is not a range like 1-12 (a square number is missing)"},
		{"checkers", "", "B:W33:B1", "checkers: position: white list: square 33 does not exist"},
		{"checkers", "", "B:Wé:B1", `checkers: position: white list: "é" is not a square number`},
		{"connect4", "44ａ", "", `connect4: move 3 (ａ): "ａ" is not a column 1..7`},
	} {
		got := parseErr(t, tc.game, tc.moves, tc.position)
		if got != tc.want {
			t.Errorf("%s %q %q:\n got %s\nwant %s", tc.game, tc.moves, tc.position, got, tc.want)
		}
	}
}

// FuzzMessages: for text that is valid UTF-8, an error message is valid
// UTF-8, holds no raw control character, and escapes no byte above 0x7f
// (which would be a character cut in two, shown as \xef\xbd).
func FuzzMessages(f *testing.F) {
	for _, s := range []string{"ｃ6", "pass", "é5", "B:W-1:B1", "44ａ", strings.Repeat("ü", 64) + " X"} {
		for i := range All {
			f.Add(i, s)
		}
	}
	f.Fuzz(func(t *testing.T, game int, text string) {
		if !utf8.ValidString(text) || game < 0 {
			return
		}
		g := All[game%len(All)]
		for _, err := range []error{
			func() error { _, err := g.ParseMoves(nil, text, Settings{}); return err }(),
			func() error { _, err := g.Parse(text, Settings{}); return err }(),
		} {
			if err == nil {
				continue
			}
			if msg := err.Error(); !utf8.ValidString(msg) || cutByte.MatchString(msg) ||
				strings.ContainsFunc(msg, func(r rune) bool { return r < ' ' || r == 0x7f }) {
				t.Fatalf("%s %q: message %q", g.Name, text, msg)
			}
		}
	})
}

var cutByte = regexp.MustCompile(`\\x[89a-f][0-9a-f]`)
