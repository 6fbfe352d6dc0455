package records

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// wthorFile builds a WTHOR file: the header (made 2026-11-27, the year
// given, 8x8) and the records.
func wthorFile(year, names int, records [][]byte) []byte {
	h := make([]byte, wthorHeader)
	h[0], h[1], h[2], h[3] = 20, 26, 11, 27
	binary.LittleEndian.PutUint32(h[4:], uint32(len(records)))
	if names > 0 {
		binary.LittleEndian.PutUint32(h[4:], 0)
		binary.LittleEndian.PutUint16(h[8:], uint16(names))
	}
	binary.LittleEndian.PutUint16(h[10:], uint16(year))
	h[12], h[14] = 8, 22
	for _, r := range records {
		h = append(h, r...)
	}
	return h
}

// wthorNames builds a WTHOR.JOU or WTHOR.TRN file.
func wthorNames(size int, names ...string) []byte {
	var recs [][]byte
	for _, n := range names {
		r := make([]byte, size)
		copy(r, n)
		recs = append(recs, r)
	}
	return wthorFile(0, len(names), recs)
}

// wthorGameBytes writes a game as a WTHOR record: its moves without the
// passes, and Black's final discs with the empty squares to the winner.
func wthorGameBytes(t *testing.T, trn, black, white int, rec games.Record) []byte {
	t.Helper()
	b := make([]byte, wthorGame)
	binary.LittleEndian.PutUint16(b[0:], uint16(trn))
	binary.LittleEndian.PutUint16(b[2:], uint16(black))
	binary.LittleEndian.PutUint16(b[4:], uint16(white))
	p := rec.Start()
	k := 8
	for _, m := range rec.Moves() {
		s := p.MoveString(m)
		p = p.Play(m)
		if s == "pass" {
			continue
		}
		b[k] = byte(10*int(s[1]-'0') + int(s[0]-'a'+1))
		k++
	}
	score := rec.Position().Score() // Black's discs less White's, empties to the winner
	b[6] = byte((64 + score) / 2)
	b[7] = b[6]
	return b
}

// A WTHOR year of games made here (random games from a fixed seed, one
// with a pass, one with a bad move), with its player and tournament names
// beside it: every good game replays to its moves, names and result; the
// bad one is rejected with its byte offset.
func TestReadWTHOR(t *testing.T) {
	g, err := games.Lookup(othello.Name)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := g.Start(games.Settings{})
	r := rand.New(rand.NewPCG(7, 11))
	var recs [][]byte
	var want []Game
	passes := 0
	for len(want) < 40 {
		game := randomGame(t, g, start, r, -1)
		for i, m := range game.Record.Moves() {
			if game.Record.At(i).MoveString(m) == "pass" {
				passes++
			}
		}
		recs = append(recs, wthorGameBytes(t, 1, len(want)%3, 2, game.Record))
		want = append(want, game)
	}
	if passes == 0 {
		t.Fatal("no game with a pass: choose another seed")
	}
	broken := append([]byte(nil), recs[0]...)
	broken[8+3] = 11 // a1 on the fourth move
	recs = append(recs, broken)
	data := wthorFile(2026, 0, recs)
	players := wthorNames(WTHORPlayerName, "Tamenori Hideshi", "Caspard St\xe9phane", "Shaman Brian") // ISO 8859-1
	trns := wthorNames(WTHORTournamentName, "Championnat de France", "Paris Open")

	pn, err := ReadWTHORNames(players, WTHORPlayerName)
	if err != nil || len(pn) != 3 || pn[1] != "Caspard Stéphane" {
		t.Fatalf("player names %q, %v", pn, err)
	}
	tn, err := ReadWTHORNames(trns, WTHORTournamentName)
	if err != nil || len(tn) != 2 || tn[1] != "Paris Open" {
		t.Fatalf("tournament names %q, %v", tn, err)
	}
	gs, bad, h, err := ReadWTHOR(data, pn, tn)
	if err != nil {
		t.Fatal(err)
	}
	if h.Year != 2026 || h.Games != 41 || h.Depth != 22 || h.Made != "2026-11-27" {
		t.Errorf("header %+v", h)
	}
	if len(gs) != 40 || len(bad) != 1 || bad[0].N != 41 || !strings.Contains(bad[0].Err.Error(), "byte 2747") {
		t.Fatalf("%d games, rejected %v", len(gs), bad)
	}
	for i, got := range gs {
		w := want[i]
		if got.Record.String() != w.Record.String() || got.Final() != w.Record.Result() || got.N != i+1 {
			t.Errorf("game %d: %s %s, want %s %s", i+1, got.Record, got.Final(), w.Record, w.Record.Result())
		}
		if got.Tag("PB") != pn[i%3] || got.Tag("PW") != "Shaman Brian" || got.Tag("PC") != "Paris Open" || got.Tag("DT") != "2026" {
			t.Errorf("game %d: tags %v", i+1, got.Tags)
		}
	}
	// Without the names, the numbers stand for them; the games go to GGF
	// and back.
	gs, _, _, err = ReadWTHOR(data, nil, nil)
	if err != nil || gs[0].Tag("PB") != "player 0" || gs[0].Tag("PC") != "tournament 1" {
		t.Fatalf("without names: %v, %v", gs[0].Tags, err)
	}
	roundTrip(t, GGF, gs, nil)

	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"short", data[:10], "16-byte header"},
		{"cut", data[:len(data)-1], "bytes follow it"},
		{"solitaire", func() []byte { d := append([]byte(nil), data...); d[13] = 1; return d }(), "solitaire"},
		{"10x10", func() []byte { d := append([]byte(nil), data...); d[12] = 10; return d }(), "10x10"},
	} {
		if _, _, _, err := ReadWTHOR(c.data, nil, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// A real WTHOR year: $BOARDGAMES_WTHOR, or
// /work/peers/wthor/WTH_1977.wtb (the FFO's database as the wthor crate's
// repository, github.com/LimeEng/wthor, keeps it in wthor-database/),
// with WTHOR.JOU and WTHOR.TRN beside it or not: every game replays and
// has a result. 1977's 12 games are checked further. Skips without it.
func TestReadWTHORFile(t *testing.T) {
	path := os.Getenv("BOARDGAMES_WTHOR")
	if path == "" {
		path = "/work/peers/wthor/WTH_1977.wtb"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no WTHOR file (%v): set BOARDGAMES_WTHOR to a .wtb file of the FFO's database", err)
	}
	names := func(file string, size int) []string {
		raw, err := os.ReadFile(filepath.Join(filepath.Dir(path), file))
		if err != nil {
			return nil
		}
		n, err := ReadWTHORNames(raw, size)
		if err != nil {
			t.Errorf("%s: %v", file, err)
		}
		return n
	}
	players := names(WTHORPlayersFile, WTHORPlayerName)
	trns := names(WTHORTournamentsFile, WTHORTournamentName)
	gs, bad, h, err := ReadWTHOR(data, players, trns)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: year %d, %d games read, %d rejected, %d players, %d tournaments", path, h.Year, len(gs), len(bad), len(players), len(trns))
	if len(bad) > 0 {
		t.Errorf("rejected: %v", bad[0].Err)
	}
	for _, g := range gs {
		if g.Final() == rules.Ongoing || len(g.Warnings) > 0 {
			t.Errorf("game %d: result %s, warnings %v", g.N, g.Final(), g.Warnings)
		}
	}
	if filepath.Base(path) == "WTH_1977.wtb" && players != nil && trns != nil {
		if h.Year != 1977 || len(gs) != 12 {
			t.Fatalf("1977: year %d, %d games; want 12", h.Year, len(gs))
		}
		g := gs[0]
		if g.Tag("PB") != "Inoue Hiroshi" || g.Tag("PW") != "Heiberg Thomas" || g.Tag("PC") != "World Championship" || g.Final() != rules.BlackWins {
			t.Errorf("1977 game 1: %v %s", g.Tags, g.Final())
		}
	}
}
