package rules

import (
	"strings"
	"testing"
)

func TestSquares(t *testing.T) {
	for i := 0; i < 64; i++ {
		name := SquareName(i)
		j, ok := ParseSquare(name)
		if !ok || j != i {
			t.Errorf("ParseSquare(%q) = %d, %v; want %d", name, j, ok, i)
		}
		if k, ok := ParseSquare(strings.ToUpper(name)); !ok || k != i {
			t.Errorf("upper case %q not read", name)
		}
	}
	if SquareName(0) != "a1" || SquareName(7) != "h1" || SquareName(63) != "h8" {
		t.Error("corner names wrong")
	}
	for _, bad := range []string{"", "a", "a0", "a9", "i1", "a10", "11"} {
		if _, ok := ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}

func TestBoard(t *testing.T) {
	s := strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27)
	b, w, err := ParseBoard("othello", s)
	if err != nil {
		t.Fatal(err)
	}
	if FormatBoard(b, w) != s {
		t.Errorf("round trip: %s", FormatBoard(b, w))
	}
	if rows := BoardRows(b, w); len(rows) != 8 || rows[3] != "---OX---" {
		t.Errorf("rows %q", rows)
	}
	if _, _, err := ParseBoard("othello", s[:63]); err == nil || !strings.Contains(err.Error(), "63") {
		t.Errorf("short board: %v", err)
	}
	if _, _, err := ParseBoard("adjacency", s[:10]+"?"+s[11:]); err == nil || !strings.Contains(err.Error(), "c2") {
		t.Errorf("bad character: %v", err)
	}
	if _, err := ParsePlayer("othello", "Z"); err == nil {
		t.Error("side Z accepted")
	}
}

func TestResult(t *testing.T) {
	if w, ok := WinFor(White).Winner(); !ok || w != White {
		t.Error("WinFor(White)")
	}
	if _, ok := Draw.Winner(); ok || !Draw.Over() || Ongoing.Over() {
		t.Error("draw / ongoing")
	}
	if Black.Other() != White || White.Other() != Black {
		t.Error("Other")
	}
}

func TestZobristKeysDeterministic(t *testing.T) {
	a, b := ZobristKeys(7, 100), ZobristKeys(7, 100)
	seen := map[uint64]bool{}
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("same seed, different keys")
		}
		if seen[a[i]] {
			t.Fatal("duplicate key")
		}
		seen[a[i]] = true
	}
}
