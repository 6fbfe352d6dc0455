package gtp_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"boardgames/ai/gtp"
	"boardgames/rules"
	"boardgames/rules/games"
)

// exchange is one command of a transcript and the reply it must get.
type exchange struct {
	line    int // of the command in the file
	command string
	reply   string // its lines joined by '\n', without the ending empty line
}

// readTranscript reads a conversation from testdata: blocks separated by
// empty lines, each a command line and the lines of its reply; lines
// starting with '#' before a command are comments.
func readTranscript(t *testing.T, path string) []exchange {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		out   []exchange
		block []string
		first int
	)
	flush := func() {
		if len(block) > 0 {
			if len(block) < 2 {
				t.Fatalf("%s:%d: a command without a reply", path, first)
			}
			out = append(out, exchange{first, block[0], strings.Join(block[1:], "\n")})
		}
		block = nil
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		if block == nil {
			if strings.HasPrefix(l, "#") {
				continue
			}
			first = n
		}
		block = append(block, l)
	}
	flush()
	if len(out) == 0 {
		t.Fatalf("%s: no exchanges", path)
	}
	return out
}

// firstLegal is the stand-in engine's bot: the first legal move in the
// game's order (a1, b1, ... in Othello), so that its answers can be
// checked by hand.
var firstLegal = gtp.BotFunc(func(_ context.Context, pos games.Position, _ gtp.Clock) (rules.Move, error) {
	return pos.Legal()[0], nil
})

// runTranscript plays a transcript against a fresh stand-in engine.
func runTranscript(t *testing.T, path string, gameNames ...string) {
	t.Helper()
	srv, err := gtp.NewEngine("stand-in", "1.0", firstLegal, gameNames...)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range readTranscript(t, path) {
		got, _ := srv.Execute(ex.command)
		want := ex.reply + "\n\n"
		if got != want {
			t.Errorf("%s:%d: %s\n got: %q\nwant: %q", path, ex.line, ex.command, got, want)
		}
	}
}

// TestEdaxTranscript: an Othello session in the forms Edax's GTP mode
// uses (edax -gtp): set_game Othello, boardsize 8, play b f5, genmove w,
// ids, upper-case squares, undo, time_settings and time_left, showboard.
func TestEdaxTranscript(t *testing.T) { runTranscript(t, "testdata/edax-othello.gtp", "othello") }

// TestExtensionsTranscript: the four games and the extension commands.
func TestExtensionsTranscript(t *testing.T) { runTranscript(t, "testdata/extensions.gtp") }
