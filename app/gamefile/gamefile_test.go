package gamefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/app/internal/apptest"
	"boardgames/rules"
	"boardgames/rules/games"
)

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		game  string
		s     games.Settings
		moves string
	}{
		{"othello", games.Settings{}, "f5d6c3d3c4"},
		{"othello", games.Settings{First: rules.White}, ""},
		{"checkers", games.Settings{DrawMoves: 12}, "11-15 23-19 8-11"},
		{"connect4", games.Settings{}, "4453"},
		{"adjacency", games.Settings{Rounds: 5, First: rules.White}, "c6 f3"},
	} {
		g, rec := apptest.Record(t, tc.game, tc.s, tc.moves)
		text := Format(File{Game: g, Settings: tc.s, Record: rec, Players: [2]string{"human", "engine:time=1s"}})
		f, err := Parse(text)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.game, err, text)
		}
		if f.Game != g || f.Record.String() != rec.String() || f.Record.Position().String() != rec.Position().String() {
			t.Errorf("%s: round trip changed the game:\n%s", tc.game, text)
		}
		if f.Players[1] != "engine:time=1s" {
			t.Errorf("%s: players %q", tc.game, f.Players)
		}
		if g.Has(games.SettingFirst) && f.Settings.First != tc.s.First {
			t.Errorf("%s: first %v", tc.game, f.Settings.First)
		}
		if tc.s.Rounds != 0 && f.Settings.Rounds != tc.s.Rounds || tc.s.DrawMoves != 0 && f.Settings.DrawMoves != tc.s.DrawMoves {
			t.Errorf("%s: settings %+v", tc.game, f.Settings)
		}
	}
}

func TestCorrupt(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "not a Boardgames saved game"},
		{"hello\n", "not a Boardgames saved game"},
		{Magic + "\nGame othello\n", "line 2"},
		{Magic + "\nFirst: black\n", "no Game line"},
		{Magic + "\nGame: chess\n", "unknown game"},
		{Magic + "\nGame: othello\nGame: othello\n", "twice"},
		{Magic + "\nGame: othello\nFirst: purple\n", "line 3"},
		{Magic + "\nGame: adjacency\nRounds: many\n", "not a number"},
		{Magic + "\nGame: adjacency\nRounds: 99\n", "settings"},
		{Magic + "\nGame: othello\nStart: XX\n", "line 3"},
		{Magic + "\nGame: othello\n\nf5 d6 a1\n", "moves"},
		{Magic + "\nGame: connect4\n\n4444444\n", "moves"},
	} {
		if _, err := Parse(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", tc.text, err, tc.want)
		}
	}
}

func TestPaste(t *testing.T) {
	g, _ := apptest.Record(t, "othello", games.Settings{}, "")
	f, err := Paste(g, games.Settings{}, " f5d6c3 \n")
	if err != nil || f.Record.Len() != 3 {
		t.Fatalf("moves: %v", err)
	}
	f, err = Paste(g, games.Settings{}, g.PositionExample)
	if err != nil || f.Record.Len() != 0 || f.Record.Start().String() != g.PositionExample {
		t.Fatalf("position: %v", err)
	}
	if _, err := Paste(g, games.Settings{}, "nonsense"); err == nil || !strings.Contains(err.Error(), "neither") {
		t.Fatalf("nonsense: %v", err)
	}
	c4, rec := apptest.Record(t, "connect4", games.Settings{}, "44")
	f, err = Paste(g, games.Settings{}, Format(File{Game: c4, Record: rec}))
	if err != nil || f.Game != c4 {
		t.Fatalf("saved game: %v", err)
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game"+Ext)
	g, rec := apptest.Record(t, "checkers", games.Settings{}, "11-15 23-19")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Save(path, []byte(Format(File{Game: g, Record: rec}))); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil || f.Record.String() != rec.String() {
		t.Fatalf("load: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
	if err := Save(filepath.Join(dir, "missing", "x"), []byte("x")); err == nil {
		t.Fatal("saved into a missing folder")
	}
	os.WriteFile(path, []byte(Magic+"\nGame: checkers\n\n11-18\n"), 0o644)
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "game.bgame") {
		t.Fatalf("corrupt file: %v", err)
	}
}
