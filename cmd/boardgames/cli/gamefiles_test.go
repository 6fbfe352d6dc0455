package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"boardgames/app/gamefile"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// arenaGames runs arena with -games-dir and -json, and returns the games
// it reported and the folder.
func arenaGames(t *testing.T, args ...string) ([]gameJSON, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "games")
	var res struct{ Records []gameJSON }
	runJSON(t, &res, append([]string{"arena", "-json", "-games-dir", dir}, args...)...)
	return res.Records, dir
}

// filesOf lists the files of dir with the extension ext.
func filesOf(t *testing.T, dir, ext string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*"+ext))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	return names
}

// arena -games-dir writes every game twice, as a move list and as a saved
// game, named by number and players; each replays to the result arena
// reported.
func TestArenaWritesEveryGame(t *testing.T) {
	reported, dir := arenaGames(t, "-game", "connect4", "-p1", "greedy", "-p2", "random", "-games", "6", "-openings", "2", "-seed", "3")
	saved, lists := filesOf(t, dir, gamefile.Ext), filesOf(t, dir, ".txt")
	if len(reported) != 6 || len(saved) != 6 || len(lists) != 6 {
		t.Fatalf("%d games reported, %d saved games and %d move lists written", len(reported), len(saved), len(lists))
	}
	g, _ := games.Lookup("connect4")
	for i, r := range reported {
		black, white := "greedy", "random"
		if r.P1Colour != "Red" {
			black, white = white, black
		}
		base := filepath.Join(dir, "000"+string(rune('1'+i))+"-"+black+"-vs-"+white)
		if saved[i] != base+gamefile.Ext || lists[i] != base+".txt" {
			t.Fatalf("game %d is written as %s and %s, want %s", r.Game, saved[i], lists[i], base)
		}
		f, err := gamefile.Load(saved[i])
		if err != nil {
			t.Fatal(err)
		}
		if f.Record.String() != r.Moves || g.ResultText(f.Final()) != r.Result || f.Ending.Kind != records.Normal {
			t.Errorf("game %d: saved %q, %s, %+v; reported %q, %s", r.Game, f.Record, f.Final(), f.Ending, r.Moves, r.Result)
		}
		text, _ := os.ReadFile(lists[i])
		gs, err := records.Read(records.Transcript, string(text), g, games.Settings{})
		if err != nil || len(gs) != 1 || gs[0].Record.String() != r.Moves || gs[0].Final().String() != f.Final().String() {
			t.Errorf("game %d: the move list %q reads as %v (%v)", r.Game, text, gs, err)
		}
		if !strings.Contains(string(text), "# Result: "+r.Result+"\n") {
			t.Errorf("game %d: the move list does not say its result:\n%s", r.Game, text)
		}
	}
}

// A tournament of checkers bots writes PDN records; a program that
// forfeits loses in the records too: PDN's Result is its opponent's win,
// Termination says why, and the saved game says the same.
func TestArenaRecordsForfeits(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
	bot := `gtp:"sh ` + botDir + `exiter.sh",name=exiter`
	reported, dir := arenaGames(t, "-game", "checkers", "-tournament", "random;"+bot+";greedy", "-games", "2", "-parallel", "1")
	pdns := filesOf(t, dir, ".pdn")
	if len(reported) != 6 || len(pdns) != 6 || len(filesOf(t, dir, gamefile.Ext)) != 6 {
		t.Fatalf("%d games reported, %d PDN files", len(reported), len(pdns))
	}
	forfeits := 0
	for _, name := range pdns {
		text, _ := os.ReadFile(name)
		gs, err := records.Read(records.PDN, string(text), nil, games.Settings{})
		if err != nil || len(gs) != 1 {
			t.Fatalf("%s: %v", name, err)
		}
		pg := gs[0]
		if pg.Tag("Event") != "Boardgames tournament" || pg.Tag("Date") == "" || pg.Tag("Black") == "" || pg.Tag("White") == "" {
			t.Errorf("%s: tags %v", name, pg.Tags)
		}
		f, err := gamefile.Load(strings.TrimSuffix(name, ".pdn") + gamefile.Ext)
		if err != nil || f.Final() != pg.Final() || f.Ending != pg.Ending || f.Record.String() != pg.Record.String() {
			t.Errorf("%s: the saved game (%v) and the PDN differ: %s %+v, %s %+v", name, err, f.Final(), f.Ending, pg.Final(), pg.Ending)
		}
		if !strings.Contains(name, "exiter") {
			continue
		}
		forfeits++
		loser := "Black"
		if strings.HasSuffix(strings.TrimSuffix(name, ".pdn"), "-vs-exiter") {
			loser = "White"
		}
		wantResult := map[string]string{"Black": `[Result "0-1"]`, "White": `[Result "1-0"]`}[loser]
		if pg.Ending.Kind != records.Forfeit || !strings.HasPrefix(pg.Ending.Reason, loser+" (gtp:") || !strings.Contains(string(text), wantResult) ||
			!strings.Contains(f.Ending.Reason, "illegal move") && !strings.Contains(f.Ending.Reason, "malformed") {
			t.Errorf("%s: a forfeit recorded as %s %+v:\n%s", name, pg.Final(), pg.Ending, text)
		}
	}
	if forfeits != 4 {
		t.Errorf("%d games of the program recorded, want 4", forfeits)
	}
}

func TestArenaGamesDirRefused(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	for _, dir := range []string{file, filepath.Join(file, "sub"), filepath.Join(t.TempDir(), "no", "sub")} {
		code, _, errOut := run(t, "arena", "-game", "connect4", "-p1", "random", "-p2", "random", "-games", "1", "-games-dir", dir)
		if code != ExitUsage || !strings.Contains(errOut, "-games-dir") {
			t.Errorf("-games-dir %s: exit %d, %q", dir, code, errOut)
		}
	}
}
