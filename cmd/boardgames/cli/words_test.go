package cli

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Item 9 of issue 20: a long input is cut in error messages and its
// control characters are escaped: a 100 kB move list is not echoed whole,
// and an escape sequence never reaches the terminal.
func TestLongInputsAreCutInMessages(t *testing.T) {
	long := strings.Repeat("4", 100_000) + "\x1b[31m\x07"
	for _, args := range [][]string{
		{"show", "-game", long},
		{"show", "-game", "checkers", "-moves", "11-15 " + long},
		{"arena", "-game", "othello", "-p1", long, "-p2", "random"},
		{"compare", "-game", "othello", "-algos", long},
		{"analyze", "-game", "othello", "-eval", long},
		{"perft", "-game", "othello", "-depth", long},
		{"show", "-game", "othello", "-nosuchflag" + long},
		{long},
	} {
		code, _, errOut := run(t, args...)
		if code != ExitUsage || len(errOut) > 2000 || strings.ContainsAny(errOut, "\x1b\x07") ||
			!utf8.ValidString(errOut) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%.30q: exit %d, %d bytes of stderr: %.200q", args, code, len(errOut), errOut)
		}
		if !strings.Contains(errOut, "more characters") {
			t.Errorf("%.30q: the cut is not said: %.300q", args, errOut)
		}
	}
	if got := oneLine("a\x1bb\tc\u0085d"); got != `a\x1bb c d` && got != `a\x1bb c\x85d` {
		t.Errorf("oneLine = %q", got)
	}
}

// Item 9 of issue 20: solve words a finished game as show does, in the
// game's colours (never "white wins" in Connect Four).
func TestSolveWordsResultsAsShowDoes(t *testing.T) {
	_, shown, _ := run(t, "show", "-game", "connect4", "-moves", "4455667")
	code, _, errOut := run(t, "solve", "-game", "connect4", "-moves", "4455667")
	if code != ExitUsage || !strings.Contains(shown, "Red wins") || !strings.Contains(errOut, "(Red wins)") ||
		strings.Contains(strings.ToLower(errOut), "black") {
		t.Errorf("exit %d, stderr %q; show says %q", code, errOut, shown)
	}
}

// Item 9 of issue 20: compare's -depth and a depth written in a spec have
// the same limit.
func TestCompareDepthLimitsAgree(t *testing.T) {
	const nearEnd = "2252576253462244111563365343671351441" // 37 stones: any depth is quick
	for _, args := range [][]string{
		{"-algos", "alphabeta", "-depth", "80"},
		{"-algos", "alphabeta:depth=80"},
	} {
		if code, _, errOut := run(t, append([]string{"compare", "-game", "connect4", "-moves", nearEnd}, args...)...); code != ExitOK {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	_, _, flagErr := run(t, "compare", "-game", "connect4", "-algos", "alphabeta", "-depth", "101")
	_, _, specErr := run(t, "compare", "-game", "connect4", "-algos", "alphabeta:depth=101")
	if !strings.Contains(flagErr, "..100") || !strings.Contains(specErr, "..100") {
		t.Errorf("-depth 101: %q; alphabeta:depth=101: %q", flagErr, specErr)
	}
}

// Item 9 of issue 20: an arena interrupted before any game finished prints
// no Elo line (there is no rating from no game).
func TestArenaWithNoGameHasNoElo(t *testing.T) {
	code, out, errOut := runCtx(t, interruptAfter(t, 300*time.Millisecond), "arena", "-game", "othello",
		"-p1", "engine:time=3s", "-p2", "engine:time=3s", "-games", "2", "-parallel", "1")
	if code != ExitInterrupted || !strings.Contains(out, "0 games of 2 (partial") || strings.Contains(out, "Elo") {
		t.Errorf("exit %d, stderr %q\n%s", code, errOut, out)
	}
}
