package cli

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file with a bad game: -list lists the good games and the bad one with
// its line and reason, and conversion writes the good ones; both end with
// exit status 3 (partial).
func TestConvertPartial(t *testing.T) {
	in := filepath.Join(t.TempDir(), "c4.txt")
	if err := os.WriteFile(in, []byte("4453\n44444\n4444444\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "convert", "-in", in, "-game", "connect4", "-list")
	want := "3\trejected\tline 3\tmove 7 (4): column 4 is full\n"
	if code != ExitPartial || strings.Count(out, "\n") != 3 || !strings.HasSuffix(out, want) {
		t.Errorf("-list: exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	if !strings.Contains(errOut, "partial: 2 of 3 games read, 1 rejected") {
		t.Errorf("-list stderr: %s", errOut)
	}
	code, out, errOut = run(t, "convert", "-in", in, "-game", "connect4", "-to", "moves")
	if code != ExitPartial || out != "4453\n44444\n" {
		t.Errorf("conversion: exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-game", "connect4", "-to", "moves", "-index", "3")
	if code != ExitUsage || !strings.Contains(errOut, "-index 3: game 3 (line 3): move 7 (4): column 4 is full") {
		t.Errorf("-index of a rejected game: exit %d, %s", code, errOut)
	}
}

// -filter picks games by player, year and result; the excerpt of
// tinsley.pdn (see rules/records) has x-steps and a game that goes on
// after a repetition.
func TestConvertFilter(t *testing.T) {
	in := "../../../rules/records/testdata/tinsley_excerpt.pdn"
	code, out, errOut := run(t, "convert", "-in", in, "-list", "-filter", "player=oldbury")
	if code != ExitPartial || !strings.HasPrefix(out, "2\tCheckers\t149 moves\tDraw\tEvent=London 1958, game 5") || strings.Contains(out, "\n1\t") {
		t.Errorf("exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-to", "pdn", "-filter", "result=1-0")
	if code != ExitUsage || !strings.Contains(errOut, "no game of") {
		t.Errorf("a filter that matches nothing: exit %d, %s", code, errOut)
	}
	code, _, errOut = run(t, "convert", "-in", in, "-list", "-filter", "colour=red")
	if code != ExitUsage || !strings.Contains(errOut, "unknown filter") {
		t.Errorf("a bad filter: exit %d, %s", code, errOut)
	}
	code, out, _ = run(t, "convert", "-in", in, "-to", "pdn", "-index", "2")
	if code != ExitOK || !strings.Contains(out, "[Result \"1/2-1/2\"]") || !strings.Contains(out, "[White \"DE Oldbury\"]") {
		t.Errorf("-index 2: exit %d\n%s", code, out)
	}
}

// wthorBytes is a WTHOR file: a 16-byte header (the year, the number of
// records, or of names when names > 0) and the records.
func wthorBytes(year, names int, recs ...[]byte) []byte {
	h := make([]byte, 16)
	h[0], h[1], h[2], h[3] = 20, 26, 11, 27
	if names > 0 {
		binary.LittleEndian.PutUint16(h[8:], uint16(names))
	} else {
		binary.LittleEndian.PutUint32(h[4:], uint32(len(recs)))
	}
	binary.LittleEndian.PutUint16(h[10:], uint16(year))
	for _, r := range recs {
		h = append(h, r...)
	}
	return h
}

// A WTHOR year read with the names beside it: a game stopped after 5
// moves (Black 40 discs as recorded), and one with a move to a1 that is
// not legal.
func TestConvertWTHOR(t *testing.T) {
	dir := t.TempDir()
	game := func(moves ...byte) []byte {
		b := make([]byte, 68)
		b[0], b[2], b[4], b[6], b[7] = 0, 1, 0, 40, 36
		copy(b[8:], moves)
		return b
	}
	name := func(size int, s string) []byte { b := make([]byte, size); copy(b, s); return b }
	files := map[string][]byte{
		"WTH_2025.wtb": wthorBytes(2025, 0, game(56, 64, 33, 34, 43), game(56, 11)),
		"wthor.jou":    wthorBytes(0, 2, name(20, "Nicolet Stephane"), name(20, "Tastet Marc")),
		"WTHOR.TRN":    wthorBytes(0, 1, name(26, "Open de Paris")),
	}
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := filepath.Join(dir, "WTH_2025.wtb")
	code, out, errOut := run(t, "convert", "-in", in, "-list")
	if code != ExitPartial || out != ("1\tOthello\t5 moves\tBlack wins\tPC=Open de Paris DT=2025 PB=Tastet Marc PW=Nicolet Stephane TH=36\n2\trejected\tbyte 84\tmove 2 (11): a1 flips no disc\n") {
		t.Errorf("-list: exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	code, out, errOut = run(t, "convert", "-in", in, "-to", "ggf", "-index", "1")
	if code != ExitOK || !strings.Contains(out, "PB[Tastet Marc]") || !strings.Contains(out, "RE[+16.00]") || !strings.Contains(out, "B[f5]W[d6]B[c3]W[d3]B[c4];)") {
		t.Errorf("to GGF: exit %d\n%s\nstderr: %s", code, out, errOut)
	}
	os.Remove(filepath.Join(dir, "wthor.jou"))
	code, out, errOut = run(t, "convert", "-in", in, "-list", "-filter", "player=Tastet")
	if code != ExitPartial || strings.Contains(out, "Othello") || !strings.Contains(errOut, "note: no WTHOR.JOU beside WTH_2025.wtb") {
		t.Errorf("without WTHOR.JOU: exit %d\n%s\nstderr: %s", code, out, errOut)
	}
}
