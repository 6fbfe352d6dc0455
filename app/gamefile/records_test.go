package gamefile

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"boardgames/app/internal/apptest"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// readRecords reads a file of games of the records' test data.
func readRecords(t *testing.T, name string, f records.Format) []records.Game {
	t.Helper()
	data, err := os.ReadFile("../../rules/records/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := records.Read(f, string(data), nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

// Every game of a PDN and a GGF file goes through a saved game and back
// to its format whole: tags (event, date, names), result, ending, moves;
// and the file written again is the same text.
func TestRecordsRoundTripThroughSavedGames(t *testing.T) {
	for _, c := range []struct {
		file   string
		format records.Format
	}{{"club.pdn", records.PDN}, {"club.ggf", records.GGF}} {
		gs := readRecords(t, c.file, c.format)
		// One game of each file ends by a forfeit with its reason.
		last := &gs[len(gs)-1]
		last.Result, last.Ending = rules.WhiteWins, records.Ending{Kind: records.Forfeit, Reason: "Black's program crashed: exit status 2"}
		throughSaved(t, c.file, c.format, gs)
	}
}

// throughSaved writes each game as a saved game, reads it back, and checks
// that the games written in format are the same text as before. A saved
// game keeps no comments: they are left out of the comparison.
func throughSaved(t *testing.T, file string, format records.Format, gs []records.Game) {
	t.Helper()
	var before, after strings.Builder
	for i := range gs {
		gs[i].Comments = nil
	}
	if err := records.Write(&before, format, gs); err != nil {
		t.Fatal(err)
	}
	var back []records.Game
	for i, g := range gs {
		text := Format(FromRecord(g))
		f, err := Parse(text)
		if err != nil {
			t.Fatalf("%s game %d: %v\n%s", file, i+1, err, text)
		}
		if len(f.Warnings) > 0 {
			t.Errorf("%s game %d: warnings %v", file, i+1, f.Warnings)
		}
		if f.Final() != g.Final() || f.Ending != g.Ending || !slices.Equal(f.Tags, g.Tags) || f.Record.Len() != g.Record.Len() {
			t.Errorf("%s game %d: %s %+v %v %d moves, want %s %+v %v %d", file, i+1, f.Final(), f.Ending, f.Tags, f.Record.Len(), g.Final(), g.Ending, g.Tags, g.Record.Len())
		}
		if again := Format(f); again != text {
			t.Errorf("%s game %d: written twice, the texts differ:\n%s\n---\n%s", file, i+1, text, again)
		}
		back = append(back, f.AsRecord())
	}
	if err := records.Write(&after, format, back); err != nil {
		t.Fatal(err)
	}
	if after.String() != before.String() {
		t.Errorf("%s through saved games:\n%s\n---\n%s", file, before.String(), after.String())
	}
}

// CheckerBoard's tinsley.pdn ($BOARDGAMES_TINSLEY, or
// /work/peers/checkerboard/tinsley.pdn): its 721 good games go PDN → saved
// game → PDN with their headers, results and moves, the 4 that go on
// after a threefold repetition too. The test skips when the file is absent.
func TestTinsleyThroughSavedGames(t *testing.T) {
	path := os.Getenv("BOARDGAMES_TINSLEY")
	if path == "" {
		path = "/work/peers/checkerboard/tinsley.pdn"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("CheckerBoard's tinsley.pdn is not here (%v): set BOARDGAMES_TINSLEY to its path", err)
	}
	gs, bad, err := records.ReadEach(records.PDN, string(data), nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 721 || len(bad) != 3 {
		t.Fatalf("%d games, %d rejected; want 721 and 3", len(gs), len(bad))
	}
	finished := 0
	for _, g := range gs {
		if g.Final().Over() {
			finished++
		}
	}
	if finished < 717 {
		t.Errorf("%d games with a result, want 717 or more", finished)
	}
	throughSaved(t, "tinsley.pdn", records.PDN, gs)
}

// A forfeited game's saved file gives the winner by forfeit and why, not
// "Game in progress", and opens finished.
func TestForfeitIsTheResult(t *testing.T) {
	g, rec := apptest.Record(t, "connect4", games.Settings{}, "4453")
	f := File{Game: g, Record: rec, Players: [2]string{"gtp:\"python3 bot.py\"", "alphabeta:depth=4"},
		Result: rules.WhiteWins, Ending: records.Ending{Kind: records.Forfeit, Reason: "Red's program made an illegal move: 9"}}
	text := Format(f)
	for _, want := range []string{"Result: Yellow wins\n", "Termination: forfeit: Red's program made an illegal move: 9\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	back, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if back.Final() != rules.WhiteWins || back.Ending != f.Ending || back.Record.Len() != 4 {
		t.Errorf("read back: %s %+v after %d moves", back.Final(), back.Ending, back.Record.Len())
	}
	pdn := back.AsRecord()
	if pdn.Final() != rules.WhiteWins || pdn.Ending != f.Ending {
		t.Errorf("as a record: %s %+v", pdn.Final(), pdn.Ending)
	}
	// Without its Moves line a file cannot show its move list whole: a
	// result before the moves' end is refused there, as before.
	old := strings.Replace(text, "Moves: 4\n", "", 1)
	if _, err := Parse(old); err == nil || !strings.Contains(err.Error(), "incomplete") {
		t.Errorf("a result before the end without a Moves line: %v", err)
	}
	// A result the moves contradict stays refused.
	g2, won := apptest.Record(t, "connect4", games.Settings{}, "4455667")
	wrong := strings.Replace(Format(File{Game: g2, Record: won}), "Result: Red wins", "Result: Yellow wins", 1)
	if _, err := Parse(wrong); err == nil || !strings.Contains(err.Error(), "incomplete or altered") {
		t.Errorf("a result against the moves: %v", err)
	}
}

// Files written before results and tags were kept open as they did; a
// tag's key reads in any case.
func TestOldFilesAndTagKeys(t *testing.T) {
	old := Magic + "\nMoves: 3\nGame: othello\nBlack: human\nWhite: alphabeta:depth=4\nResult: Game in progress\n# Event: Club\n\nf5 d6 c3\nEnd\n"
	f, err := Parse(old)
	if err != nil || f.Result != rules.Ongoing || !f.Ending.IsZero() || len(f.Tags) != 0 || len(f.Warnings) != 0 {
		t.Fatalf("an old file: %v %+v", err, f)
	}
	f, err = Parse(strings.Replace(old, "Result: Game in progress\n", "Result: Game in progress\ntag Event: Club night\nTAG PB: sari\n", 1))
	want := []records.Tag{{Name: "Event", Value: "Club night"}, {Name: "PB", Value: "sari"}}
	if err != nil || !slices.Equal(f.Tags, want) {
		t.Fatalf("tags: %v %v", err, f.Tags)
	}
}

// A large PDN database (the size of a published collection, 700 games,
// some finished by the rules, most stopped early with a recorded result
// and tags) goes through saved games back to the same PDN text.
func TestLargePDNThroughSavedGames(t *testing.T) {
	g, err := games.Lookup("checkers")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 717))
	n := 717
	if testing.Short() {
		n = 150
	}
	var gs []records.Game
	for i := range n {
		start, _ := g.Start(games.Settings{})
		rec := games.NewRecord(start)
		stop := 20 + rng.IntN(200)
		for !rec.Result().Over() && rec.Len() < stop {
			legal := rec.Legal()
			rec.Play(legal[rng.IntN(len(legal))])
		}
		game := records.NewGame(g, games.Settings{}, rec)
		game.SetTag("Event", fmt.Sprintf("Club championship %d", 1990+i%30))
		game.SetTag("Site", "Bandung, \"Gedung Sate\"")
		game.SetTag("Date", fmt.Sprintf("%d.%02d.%02d", 1990+i%30, 1+i%12, 1+i%28))
		game.SetTag("Round", fmt.Sprint(1+i%9))
		game.SetTag("Black", fmt.Sprintf("Player %d", rng.IntN(50)))
		game.SetTag("White", fmt.Sprintf("Player %d", rng.IntN(50)))
		if !rec.Result().Over() {
			game.Result = []rules.Result{rules.BlackWins, rules.WhiteWins, rules.Draw, rules.Ongoing}[rng.IntN(4)]
			if game.Result == rules.Draw && i%3 == 0 {
				game.Ending = records.Ending{Kind: records.AgreedDraw}
			}
		}
		gs = append(gs, game)
	}
	var before strings.Builder
	if err := records.Write(&before, records.PDN, gs); err != nil {
		t.Fatal(err)
	}
	read, err := records.Read(records.PDN, before.String(), nil, games.Settings{})
	if err != nil || len(read) != n {
		t.Fatalf("%d games read: %v", len(read), err)
	}
	var back []records.Game
	unknown := 0
	for i, game := range read {
		f, err := Parse(Format(FromRecord(game)))
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if !f.Final().Over() {
			unknown++
		}
		back = append(back, f.AsRecord())
	}
	var after strings.Builder
	if err := records.Write(&after, records.PDN, back); err != nil {
		t.Fatal(err)
	}
	if after.String() != before.String() {
		t.Errorf("the PDN through saved games differs")
	}
	if want := strings.Count(before.String(), `[Result "*"]`); unknown != want {
		t.Errorf("%d games without a result came back, the PDN had %d", unknown, want)
	}
}
