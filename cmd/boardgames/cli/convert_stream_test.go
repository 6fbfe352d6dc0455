package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file of thousands of games, read game by game: -list lists every one
// and the bad one in its place, -index and -filter pick from it, and a
// conversion writes every good game (checked first, written second).
func TestConvertStreamsAFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "many.pdn")
	var b strings.Builder
	const n = 3000
	for k := 1; k <= n; k++ {
		if k == 1234 {
			b.WriteString("[Event \"Spoilt\"]\n1. 11-15 23-19 2. 19-23 *\n\n") // 19 is White's
			continue
		}
		fmt.Fprintf(&b, "[Event \"Club %d\"]\n[Black \"Player %d\"]\n1. 11-15 23-19 2. 8-11 22-17 {game %d} 1/2-1/2\n\n", k, k, k)
	}
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "convert", "-in", in, "-list")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != ExitPartial || len(lines) != n || !strings.HasPrefix(lines[1233], "1234\trejected\tline ") ||
		lines[2999] != "3000\tCheckers\t4 moves\tDraw\tEvent=Club 3000 Black=Player 3000" {
		t.Fatalf("-list: exit %d, %d lines, %q, %q\n%s", code, len(lines), lines[1233], lines[len(lines)-1], errOut)
	}
	if !strings.Contains(errOut, "partial: 2999 of 3000 games read, 1 rejected") {
		t.Errorf("-list stderr: %s", errOut)
	}
	code, out, _ = run(t, "convert", "-in", in, "-list", "-index", "2999", "-comments")
	if code != ExitOK || out != "2999\tCheckers\t4 moves\tDraw\tEvent=Club 2999 Black=Player 2999\n\t4\tgame 2999\n" {
		t.Errorf("-index 2999 -comments: exit %d\n%q", code, out)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-list", "-index", "3001")
	if code != ExitUsage || !strings.Contains(errOut, "holds 3000 games") {
		t.Errorf("-index 3001: exit %d, %s", code, errOut)
	}
	pdn := filepath.Join(dir, "out.pdn")
	code, _, errOut = run(t, "convert", "-in", in, "-to", "pdn", "-o", pdn, "-filter", "player=Player_12")
	if code != ExitPartial || !strings.Contains(errOut, "wrote 110 games to") {
		t.Fatalf("-filter player=Player_12: exit %d, %s", code, errOut) // 12, 120-129, 1200-1299 (not 1234)
	}
	code, out, _ = run(t, "convert", "-in", pdn, "-list")
	if code != ExitOK || strings.Count(out, "\n") != 110 || !strings.HasPrefix(out, "1\tCheckers\t4 moves\tDraw\tEvent=Club 12 ") {
		t.Errorf("the games written: exit %d\n%s", code, out)
	}
	if data, _ := os.ReadFile(pdn); strings.Count(string(data), "{game 12") != 110 {
		t.Errorf("the comments are not kept:\n%s", data)
	}
}

// -comments lists GGF's evaluations and times after their moves, and
// PDN's comments.
func TestConvertListsComments(t *testing.T) {
	in := filepath.Join(t.TempDir(), "evals.ggf")
	ggf := "1 (;GM[Othello]PB[a]PW[b]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5/-1.23/4.5]W[d6//0.5]B[c3];)\n"
	if err := os.WriteFile(in, []byte(ggf), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "convert", "-in", in, "-list", "-comments")
	if code != ExitOK || out != "1\tOthello\t3 moves\tGame in progress\tPB=a PW=b\n\t1\t[-1.23/4.5]\n\t2\t[/0.5]\n" {
		t.Errorf("exit %d, %q, %s", code, out, errOut)
	}
	code, out, _ = run(t, "convert", "-in", clubPDN, "-list", "-comments", "-index", "1")
	if code != ExitOK || !strings.HasSuffix(out, "\n\t4\tOld Fourteenth\n") {
		t.Errorf("exit %d, %q", code, out)
	}
}

// Converting a file to a file reads it once, checking each game as it is
// written: a game the output cannot hold, found late, leaves -o as it was.
func TestConvertOnceKeepsTheOutputOnBadInput(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "many.pdn"), filepath.Join(dir, "out.txt")
	var b strings.Builder
	for k := 1; k <= 2000; k++ {
		if k == 1500 {
			b.WriteString("[FEN \"W:W14:B9\"]\n1. 14x5 1-0\n\n") // a set-up position: no move list holds it
			continue
		}
		fmt.Fprintf(&b, "[Event \"Club %d\"]\n1. 11-15 23-19 2. 8-11 22-17 1/2-1/2\n\n", k)
	}
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, "convert", "-in", in, "-to", "moves", "-o", out)
	if code != ExitUsage || !strings.Contains(errOut, "game 1500 starts from a set-up position") {
		t.Errorf("exit %d, %s", code, errOut)
	}
	if data, _ := os.ReadFile(out); string(data) != "keep me" {
		t.Errorf("a failed convert touched its output: %.40q", data)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-to", "moves", "-o", out, "-filter", "event=Club")
	if data, _ := os.ReadFile(out); code != ExitOK || strings.Count(string(data), "\n") != 1999 {
		t.Errorf("exit %d, %s, %d lines", code, errOut, strings.Count(string(data), "\n"))
	}
}
