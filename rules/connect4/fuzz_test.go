package connect4

import (
	"slices"
	"strings"
	"testing"
)

func checkError(t *testing.T, err error) {
	t.Helper()
	if !strings.HasPrefix(err.Error(), Name+": ") {
		t.Fatalf("error without the game's prefix: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"-------/-------/-------/-------/-------/-------",
		"-------/-------/-------/-------/---O---/---X---",
		"-------/-------/-------/-------/OOO----/XXXX---",
		"OOXXOXX/XOXOOOX/XOXXOOO/OXOXXXO/OOOXXOX/XXXOOOX",
		" ......./......./......./......./...o.../...x... ",
		"-------/-------/-------/-------/-------",
		"-------/-------/-------/-------/---X---/-------",
		"X------/X------/X------/O------/O------/OX-----",
		"", "/////", "é", "-------/-------/-------/-------/-------/-------/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s, Options{})
		if err != nil {
			checkError(t, err)
			return
		}
		q, err := Parse(p.String(), Options{})
		if err != nil || q != p || q.String() != p.String() {
			t.Fatalf("Parse(%q) = %s, which parses to %s, %v", s, p, q, err)
		}
		if (len(p.Moves(nil)) == 0) != p.Result().Over() {
			t.Fatalf("%s: moves and result disagree", p)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range [][2]string{
		{"", "4"}, {"4453", "1"}, {"444444", "4"}, {"4455667", "1"},
		{"", " 7 "}, {"", "8"}, {"", "0"}, {"", ""}, {"", "44"}, {"1", "x"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, list, s string) {
		h, err := ParseMoves(Start(), list)
		if err != nil {
			checkError(t, err)
			return
		}
		p := h.Position()
		m, err := p.ParseMove(s)
		if err != nil {
			checkError(t, err)
			return
		}
		if !slices.Contains(p.Moves(nil), m) {
			t.Fatalf("%s: ParseMove(%q) = %d, not a legal move", p, s, m)
		}
		if m2, err := p.ParseMove(p.MoveString(m)); err != nil || m2 != m {
			t.Fatalf("%s: %q -> %d -> %q -> %d, %v", p, s, m, p.MoveString(m), m2, err)
		}
	})
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{
		"", "4453", "4 4 5 3", "44444444", "4455667", "4455667 1", "44a", "448",
		"4\x00", "4é", "2252576253462244111563365343671351441",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		h, err := ParseMoves(Start(), list)
		if err != nil {
			checkError(t, err)
			return
		}
		s := FormatMoves(Start(), h.Moves())
		h2, err := ParseMoves(Start(), s)
		if err != nil || h2.Position() != h.Position() || !slices.Equal(h2.Moves(), h.Moves()) {
			t.Fatalf("%q -> %q -> %v", list, s, err)
		}
		for i := range h.Len() + 1 {
			if p := h.At(i); p.Played() != i {
				t.Fatalf("%q: %d stones after %d moves", list, p.Played(), i)
			}
		}
	})
}
