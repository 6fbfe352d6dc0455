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
		{"othello", games.Settings{First: rules.White, NoPass: true}, "f4f5"},
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
		if tc.s.Rounds != 0 && f.Settings.Rounds != tc.s.Rounds || tc.s.DrawMoves != 0 && f.Settings.DrawMoves != tc.s.DrawMoves ||
			f.Settings.NoPass != tc.s.NoPass {
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

// A finished Connect Four game (Red connects four on the 7th stone) cut
// off inside its move list, as by a crash, is refused.
func TestResultIsCheckedAgainstTheMoves(t *testing.T) {
	g, rec := apptest.Record(t, "connect4", games.Settings{}, "4455667")
	text := Format(File{Game: g, Record: rec})
	if !strings.Contains(text, "Result: Red wins\n") {
		t.Fatalf("the result is not in the game's words:\n%s", text)
	}
	if _, err := Parse(text); err != nil {
		t.Fatal(err)
	}
	cut := text[:strings.Index(text, "445566")+6] // before the last move
	_, err := Parse(cut)
	if err == nil || !strings.Contains(err.Error(), "incomplete") || !strings.Contains(err.Error(), "Red wins") {
		t.Fatalf("a file cut inside its moves: %v", err)
	}
	// Files written before the results had the game's words still load.
	old := strings.Replace(text, "Result: Red wins", "Result: black wins", 1)
	if _, err := Parse(old); err != nil {
		t.Fatalf("old wording: %v", err)
	}
	if _, err := Parse(strings.Replace(text, "Red wins", "Purple wins", 1)); err == nil || !strings.Contains(err.Error(), "line") {
		t.Fatalf("unknown result: %v", err)
	}
}

func TestSettingsOfAnotherGameAreNotApplied(t *testing.T) {
	f, err := Parse(Magic + "\nGame: othello\nRounds: 3\nDrawMoves: 12\nMoves: 1\n\nf5\nEnd\n")
	if err != nil {
		t.Fatal(err)
	}
	if f.Settings != (games.Settings{}) {
		t.Errorf("settings of other games applied: %+v", f.Settings)
	}
	if len(f.Warnings) != 2 || !strings.Contains(f.Warnings[0], "line 3: Rounds is not a setting of Othello") {
		t.Errorf("warnings %q", f.Warnings)
	}
	f, err = Parse(Magic + "\nGame: connect4\nPassing: no\nMoves: 2\n\n44\nEnd\n")
	if err != nil || f.Settings.NoPass || len(f.Warnings) != 1 {
		t.Errorf("Passing in Connect Four: %+v, %v", f, err)
	}
	if _, err := Parse(Magic + "\nGame: othello\nPassing: maybe\n\nf5\n"); err == nil || !strings.Contains(err.Error(), "not yes or no") {
		t.Errorf("Passing: maybe: %v", err)
	}
}

func TestUnknownKeysAndBadPlayersAreWarnings(t *testing.T) {
	text := Magic + "\nGame: connect4\nColour: purple\nred: human\nYellow: alphabeta:depth=3\nMoves: 2\n\n44\nEnd\n"
	f, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if f.Players != [2]string{"human", "alphabeta:depth=3"} {
		t.Errorf("players %q", f.Players)
	}
	if len(f.Warnings) != 1 || f.Warnings[0] != `line 3: unknown key "Colour" ignored` {
		t.Errorf("warnings %q", f.Warnings)
	}
	f, err = Parse(Magic + "\nGame: othello\nWhite: telepathy:depth=3\nBlack: engine:iterations=5\nMoves: 0\n\nEnd\n")
	if err != nil {
		t.Fatal(err)
	}
	if f.Players != [2]string{} || len(f.Warnings) != 2 || !strings.Contains(f.Warnings[0], "White player") {
		t.Errorf("bad bots: players %q, warnings %q", f.Players, f.Warnings)
	}
	if _, err := Parse(Magic + "\nGame: connect4\nRed: human\nBlack: human\n"); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a seat given twice: %v", err)
	}
}

func TestLineEndingsAndByteOrderMark(t *testing.T) {
	g, rec := apptest.Record(t, "adjacency", games.Settings{Rounds: 5}, "c6 f3")
	text := Format(File{Game: g, Settings: games.Settings{Rounds: 5}, Record: rec})
	for name, variant := range map[string]string{
		"BOM":  "\ufeff" + text,
		"CRLF": strings.ReplaceAll(text, "\n", "\r\n"),
		"CR":   strings.ReplaceAll(text, "\n", "\r"),
		"all":  "\ufeff" + strings.ReplaceAll(text, "\n", "\r\n"),
	} {
		f, err := Parse(variant)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if f.Record.String() != rec.String() || f.Settings.Rounds != 5 {
			t.Errorf("%s: read %q, rounds %d", name, f.Record.String(), f.Settings.Rounds)
		}
	}
}

func TestOversize(t *testing.T) {
	long := Magic + "\nGame: othello\n\n" + strings.Repeat("f5", 5<<20/2) + "\n" // a 5 MB line
	_, err := Parse(long)
	if err == nil || strings.Contains(err.Error(), "token too long") || !strings.Contains(err.Error(), "more than the 1 MiB") {
		t.Fatalf("a 5 MB line: %v", err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "big"+Ext)
	if err := os.WriteFile(path, []byte(long), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "big.bgame is 5.0 MiB, more than the 1 MiB") {
		t.Fatalf("a 5 MB file: %v", err)
	}
	// Devices have no size to check: they are refused as such (reading
	// /dev/zero whole would never end).
	if _, err := Load("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("/dev/zero: %v", err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Fatalf("a folder: %v", err)
	}
	if _, err := Paste(games.All[0], games.Settings{}, long); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("pasting 5 MB: %v", err)
	}
}

// FuzzParse: Parse never panics, and whatever it accepts, Format writes
// back to a file that Parse reads as the same game.
func FuzzParse(f *testing.F) {
	for _, tc := range []struct{ game, moves string }{
		{"othello", "f5d6c3d3c4"}, {"checkers", "11-15 23-19 8-11"},
		{"connect4", "4455667"}, {"adjacency", "c6 f3"},
	} {
		g, err := games.Lookup(tc.game)
		if err != nil {
			f.Fatal(err)
		}
		rec, err := g.ParseMoves(nil, tc.moves, games.Settings{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(Format(File{Game: g, Record: rec, Players: [2]string{"human", "alphabeta:depth=2"}}))
	}
	f.Add(Magic + "\r\nGame: othello\r\nRounds: 3\r\nX: y\r\n\r\nf5 pass\r\n")
	f.Add("\ufeff" + Magic + "\rGame: adjacency\rFirst: Orange\rRounds: 4\r\rc6\r")
	f.Add(Magic + "\nGame: checkers\nStart: B:W-1:B1\n")
	f.Add(Magic + "\n# comment\nGame: connect4\nResult: Draw\n\n4444\n")
	f.Fuzz(func(t *testing.T, text string) {
		file, err := Parse(text)
		if err != nil {
			return
		}
		again, err := Parse(Format(file))
		if err != nil {
			t.Fatalf("Format's output does not parse: %v\n%s", err, Format(file))
		}
		if again.Game != file.Game || again.Record.String() != file.Record.String() ||
			again.Record.Start().String() != file.Record.Start().String() || again.Players != file.Players {
			t.Fatalf("round trip changed the game:\n%s\n%s", Format(file), Format(again))
		}
		if len(again.Warnings) != 0 {
			t.Fatalf("Format wrote what Parse warns about: %q", again.Warnings)
		}
	})
}

// Item 3 of issue 20: a saved game cut anywhere, at a line or a move
// boundary included (every prefix is tried), is refused; only the whole
// file loads.
func TestEveryCutIsRefused(t *testing.T) {
	g, rec := apptest.Record(t, "othello", games.Settings{}, "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7")
	text := Format(File{Game: g, Record: rec, Players: [2]string{"human", "alphabeta:depth=3"}})
	boundaries := 0
	for i := range len(text) - 1 { // the last newline may go
		cut := text[:i]
		if i > 0 && text[i-1] == '\n' {
			boundaries++
		}
		if f, err := Parse(cut); err == nil {
			t.Errorf("cut after %d bytes (%q) loads as %d moves", i, cut[max(0, i-12):], f.Record.Len())
		}
	}
	if boundaries < 8 {
		t.Fatalf("only %d boundaries in\n%s", boundaries, text)
	}
	f, err := Parse(text[:len(text)-1])
	if err != nil || f.Record.Len() != 10 || len(f.Warnings) != 0 {
		t.Fatalf("the whole file: %d moves, %v, %q", f.Record.Len(), err, f.Warnings)
	}
	// A move list edited to fewer moves than the count says is refused.
	short := strings.Replace(text, "f3e6e7", "f3e6", 1)
	if _, err := Parse(short); err == nil || !strings.Contains(err.Error(), "says 10 moves but its move list has 9") {
		t.Errorf("a move removed: %v", err)
	}
	// Comments may follow the End line; other text is skipped with a warning.
	f, err = Parse(text + "# bot stderr: thinking\n\nstray text\n")
	if err != nil || len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0], "after the End line") {
		t.Errorf("after End: %v, %q", err, f.Warnings)
	}
}

// Files of older versions (no Moves line, no End line) still load, with a
// warning that their end cannot be checked, unless their result shows the
// move list is whole.
func TestOldFilesLoadWithAWarning(t *testing.T) {
	old := "Boardgames game 1\nGame: othello\nBlack: human\nResult: Game in progress\n\nf5 d6 c3\n"
	f, err := Parse(old)
	if err != nil || f.Record.Len() != 3 {
		t.Fatalf("old file: %v", err)
	}
	if len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0], "no Moves line") {
		t.Errorf("warnings %q", f.Warnings)
	}
	over := "Boardgames game 1\nGame: connect4\nResult: Red wins\n\n4455667\n"
	if f, err := Parse(over); err != nil || len(f.Warnings) != 0 {
		t.Errorf("old finished game: %v, %q", err, f.Warnings)
	}
	for _, bad := range []string{"Moves: -1", "Moves: ten", "Moves: 1000000000"} {
		text := "Boardgames game 1\n" + bad + "\nGame: connect4\n\n44\nEnd\n"
		if _, err := Parse(text); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// Notes are written as comments after the header and skipped by Parse, so
// that a saved game keeps an external program's last words and still
// loads.
func TestNotesAreComments(t *testing.T) {
	g, _ := games.Lookup("connect4")
	start, _ := g.Start(games.Settings{})
	rec, err := g.ParseMoves(start, "4 4 3", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	text := Format(File{Game: g, Record: rec, Players: [2]string{Human, "random"},
		Notes: []string{"Yellow forfeits: timeout", "stderr:\n  thinking...\r\n  still thinking"}})
	for _, want := range []string{"\n# Yellow forfeits: timeout\n", "\n# stderr:\n#   thinking...\n#   still thinking\n\n443\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	f, err := Parse(text)
	if err != nil || f.Record.String() != "443" || len(f.Warnings) != 0 {
		t.Errorf("Parse: %v, %q, warnings %q", err, f.Record, f.Warnings)
	}
}
