package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

type eventOut struct {
	Format string   `json:"format"`
	Bots   []string `json:"bots"`
	Played []struct {
		Label    string `json:"label"`
		TieBreak bool   `json:"tieBreak"`
		Pairings []struct {
			First  string     `json:"first"`
			Second string     `json:"second"`
			Points [2]float64 `json:"points"`
			Games  int        `json:"games"`
		} `json:"pairings"`
		Byes []string `json:"byes"`
	} `json:"played"`
	Standings []struct {
		Rank    int     `json:"rank"`
		Bot     string  `json:"bot"`
		Points  float64 `json:"points"`
		Games   int     `json:"games"`
		Elo     float64 `json:"elo"`
		EloLow  float64 `json:"eloLow"`
		EloHigh float64 `json:"eloHigh"`
	} `json:"standings"`
	Rating struct {
		Model string `json:"model"`
		Games int    `json:"games"`
	} `json:"rating"`
	Crosstable  [][]float64       `json:"crosstable"`
	GamesPlayed int               `json:"gamesPlayed"`
	Records     []json.RawMessage `json:"records"`
	Partial     bool              `json:"partial"`
	Knockout    *struct {
		Bracket []string `json:"bracket"`
		Winner  string   `json:"winner"`
	} `json:"knockout"`
}

const sixBots = "random;greedy;alphabeta:depth=1;alphabeta:depth=2;alphabeta:depth=3;mcts:iterations=100"

func TestTournamentSwissJSON(t *testing.T) {
	var ev eventOut
	runJSON(t, &ev, "tournament", "-game", "connect4", "-players", sixBots+";random:seed=9", "-format", "swiss", "-rounds", "3",
		"-games", "2", "-parallel", "2", "-json")
	if ev.Format != "swiss" || len(ev.Played) != 3 || len(ev.Standings) != 7 || ev.GamesPlayed != 18 || len(ev.Records) != 18 {
		t.Fatalf("format %q, %d rounds, %d standings, %d games, %d records", ev.Format, len(ev.Played), len(ev.Standings), ev.GamesPlayed, len(ev.Records))
	}
	met := map[[2]string]bool{}
	for _, r := range ev.Played {
		if len(r.Pairings) != 3 || len(r.Byes) != 1 {
			t.Errorf("%s: %d pairings, byes %v; want 3 and 1", r.Label, len(r.Pairings), r.Byes)
		}
		for _, p := range r.Pairings {
			k := [2]string{min(p.First, p.Second), max(p.First, p.Second)}
			if met[k] {
				t.Errorf("%s: %v met before", r.Label, k)
			}
			met[k] = true
			if p.Points[0]+p.Points[1] != 2 || p.Games != 2 {
				t.Errorf("%s: pairing %+v", r.Label, p)
			}
		}
	}
	if ev.Rating.Model != "davidson" || ev.Rating.Games != 18 {
		t.Errorf("rating %+v", ev.Rating)
	}
	for k, s := range ev.Standings {
		if !(s.EloLow <= s.Elo && s.Elo <= s.EloHigh) {
			t.Errorf("%s: Elo %v outside [%v, %v]", s.Bot, s.Elo, s.EloLow, s.EloHigh)
		}
		if k > 0 && s.Points > ev.Standings[k-1].Points {
			t.Errorf("standings not by points: %+v", ev.Standings)
		}
	}
}

// A round robin plays the games of arena -tournament: the same crosstable.
func TestTournamentRoundRobinIsArena(t *testing.T) {
	var ev eventOut
	runJSON(t, &ev, "tournament", "-game", "connect4", "-players", "random;greedy;alphabeta:depth=2", "-format", "roundrobin",
		"-games", "4", "-openings", "2", "-seed", "3", "-json")
	var tour struct {
		Crosstable [][]float64 `json:"crosstable"`
	}
	runJSON(t, &tour, "arena", "-game", "connect4", "-tournament", "random;greedy;alphabeta:depth=2", "-games", "4",
		"-openings", "2", "-seed", "3", "-json")
	if !reflect.DeepEqual(ev.Crosstable, tour.Crosstable) {
		t.Errorf("tournament crosstable %v, arena's %v", ev.Crosstable, tour.Crosstable)
	}
	var anchored eventOut
	runJSON(t, &anchored, "tournament", "-game", "connect4", "-players", "random;greedy;alphabeta:depth=2", "-format", "roundrobin",
		"-games", "4", "-openings", "2", "-seed", "3", "-json", "-anchor", "greedy")
	for k, s := range anchored.Standings {
		mean := ev.Standings[k]
		if s.Bot != mean.Bot || s.Bot == "greedy" && (s.Elo != 0 || s.EloLow != 0) {
			t.Errorf("anchored at greedy: %+v (mean 0: %+v)", s, mean)
		}
	}
	code, out, _ := run(t, "tournament", "-game", "connect4", "-players", "random;greedy;alphabeta:depth=2", "-format", "gauntlet")
	if code != ExitOK || !strings.Contains(out, "gauntlet: 3 bots, 1 seed(s)") || !strings.Contains(out, "Elo (95% interval)") {
		t.Errorf("gauntlet: exit %d\n%s", code, out)
	}
}

func TestTournamentKnockoutFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ko")
	games := filepath.Join(t.TempDir(), "games.csv")
	code, out, errOut := run(t, "tournament", "-game", "connect4", "-players", "alphabeta:depth=4;random;random:seed=2;random:seed=3;random:seed=4",
		"-format", "knockout", "-o", dir, "-csv", games)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"bracket:", "quarter-finals:", "semi-finals:", "final:", "(1) alphabeta:depth=4: bye", "winner: alphabeta:depth=4"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var ev eventOut
	data, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatal(err)
	}
	if ev.Knockout == nil || ev.Knockout.Winner != "alphabeta:depth=4" || len(ev.Knockout.Bracket) != 8 || len(ev.Records) != ev.GamesPlayed {
		t.Errorf("results.json: knockout %+v, %d records of %d games", ev.Knockout, len(ev.Records), ev.GamesPlayed)
	}
	gf, err := os.Open(games)
	if err != nil {
		t.Fatal(err)
	}
	defer gf.Close()
	if rows, err := csv.NewReader(gf).ReadAll(); err != nil || len(rows) != ev.GamesPlayed+1 || rows[0][0] != "p1" {
		t.Errorf("-csv: %d rows for %d games (%v)", len(rows), ev.GamesPlayed, err)
	}
	f, err := os.Open(filepath.Join(dir, "standings.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 6 || rows[0][0] != "rank" || rows[1][1] != "alphabeta:depth=4" {
		t.Errorf("standings.csv: %v, %v", rows, err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "standings.md"))
	if err != nil || !strings.Contains(string(md), "# Connect Four knockout") || !strings.Contains(string(md), "| 1 | alphabeta:depth=4 | 3 |") {
		t.Errorf("standings.md: %v\n%s", err, md)
	}
}

func TestTournamentBadInput(t *testing.T) {
	base := []string{"tournament", "-game", "connect4"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-players", "random", "-format", "roundrobin"}, "at least 2 bots"},
		{[]string{"-players", "random;greedy", "-format", "roundrobin", "-games", "3"}, "-games must be even"},
		{[]string{"-players", "random;greedy;greedy:seed=2", "-format", "swiss", "-rounds", "3"}, "1 to 2 rounds, not 3"},
		{[]string{"-players", "random;greedy", "-format", "ladder"}, "unknown format \"ladder\""},
		{[]string{"-players", "random;greedy"}, "-format is required"},
		{[]string{"-players", "random;greedy", "-format", "swiss"}, "needs -rounds"},
		{[]string{"-players", "random;greedy", "-format", "knockout", "-rounds", "2"}, "-rounds is for -format swiss"},
		{[]string{"-players", "random;greedy;mcts", "-format", "gauntlet", "-seeds", "3"}, "1 to 2 seeds"},
		{[]string{"-players", "random;nosuchbot", "-format", "knockout"}, "nosuchbot"},
		{[]string{"-format", "knockout"}, "-players"},
		{[]string{"-players", "random;greedy", "-format", "roundrobin", "-anchor", "zz"}, "-anchor zz is none of the bots"},
	} {
		code, _, errOut := run(t, append(base, c.args...)...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

func TestTournamentCtrlC(t *testing.T) {
	args := []string{"tournament", "-game", "othello", "-players", "alphabeta:depth=5;alphabeta:depth=4;random;greedy",
		"-format", "swiss", "-rounds", "3", "-games", "2000", "-parallel", "2", "-json"}
	stdout, stderr, code := interruptProcess(t, args, 700*time.Millisecond)
	if code != ExitInterrupted || !strings.Contains(stderr, "boardgames tournament: interrupted") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var ev eventOut
	// (On a busy machine no game may have finished yet: the output is
	// still the JSON of the tournament, marked partial.)
	if err := json.Unmarshal([]byte(stdout), &ev); err != nil || !ev.Partial || ev.GamesPlayed >= 12000 {
		t.Errorf("partial output: %v, %+v", err, ev)
	}
}

func TestArenaSPRT(t *testing.T) {
	var a struct {
		Games int `json:"games"`
		SPRT  struct {
			LLR, Lower, Upper float64
			Pairs             [5]int `json:"pentanomial"`
			Verdict           string `json:"verdict"`
		} `json:"sprt"`
	}
	runJSON(t, &a, "arena", "-game", "connect4", "-p1", "alphabeta:depth=4", "-p2", "random", "-games", "400", "-openings", "4",
		"-parallel", "2", "-sprt", "0,50", "-json")
	n := 0
	for _, c := range a.SPRT.Pairs {
		n += c
	}
	if a.SPRT.Verdict != "H1" || a.SPRT.LLR < a.SPRT.Upper || a.Games >= 400 || n != a.Games/2 {
		t.Errorf("alpha-beta against random, SPRT 0,50: %d games, %+v", a.Games, a.SPRT)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-sprt", "10,0"}, "want elo0 < elo1"},
		{[]string{"-sprt", "ten"}, "want ELO0,ELO1"},
		{[]string{"-sprt", "0,10", "-alpha", "0.7"}, "error rates"},
	} {
		args := append([]string{"arena", "-game", "connect4", "-p1", "random", "-p2", "greedy"}, c.args...)
		if code, _, errOut := run(t, args...); code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
	}
	code, _, errOut := run(t, "arena", "-game", "connect4", "-tournament", "random;greedy", "-sprt", "0,10")
	if code != ExitUsage || !strings.Contains(errOut, "not a tournament") {
		t.Errorf("-sprt with -tournament: exit %d, %q", code, errOut)
	}
}

// -seeding orders the bots by an earlier run's standings: its winner is
// the knockout's top seed.
func TestTournamentSeeding(t *testing.T) {
	dir := t.TempDir()
	players := "random;greedy;alphabeta:depth=3;random:seed=2"
	if code, _, errOut := run(t, "tournament", "-game", "connect4", "-players", players, "-format", "roundrobin", "-o", dir); code != ExitOK {
		t.Fatalf("round robin: exit %d, %s", code, errOut)
	}
	var rr eventOut
	data, _ := os.ReadFile(filepath.Join(dir, "results.json"))
	if err := json.Unmarshal(data, &rr); err != nil {
		t.Fatal(err)
	}
	var ko eventOut
	runJSON(t, &ko, "tournament", "-game", "connect4", "-players", players, "-format", "knockout", "-json",
		"-seeding", filepath.Join(dir, "results.json"))
	if ko.Knockout == nil || ko.Knockout.Bracket[0] != rr.Standings[0].Bot || ko.Bots[1] != rr.Standings[1].Bot {
		t.Errorf("seeded by %+v: bots %v, knockout %+v", rr.Standings, ko.Bots, ko.Knockout)
	}
	code, _, errOut := run(t, "tournament", "-game", "connect4", "-players", players, "-format", "knockout", "-seeding", filepath.Join(dir, "standings.csv"))
	if code != ExitUsage || !strings.Contains(errOut, "not the JSON of a tournament") {
		t.Errorf("-seeding a CSV: exit %d, %q", code, errOut)
	}
}

// A Swiss with -games-dir and -log keeps every game of every round (its
// number runs on from the rounds before, so no round overwrites
// another's files) and every transcript of an external program, in a
// folder of its round.
func TestTournamentKeepsGamesAndTranscripts(t *testing.T) {
	needSh(t)
	gamesDir, logDir := filepath.Join(t.TempDir(), "games"), filepath.Join(t.TempDir(), "logs")
	code, out, errOut := run(t, "tournament", "-game", "connect4", "-players",
		`random;greedy;alphabeta:depth=1;gtp:"sh `+botDir+`exiter.sh",name=quitter`, "-format", "swiss", "-rounds", "2",
		"-games", "2", "-parallel", "1", "-games-dir", gamesDir, "-log", logDir)
	if code != ExitOK {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	saved, _ := filepath.Glob(filepath.Join(gamesDir, "*.bgame"))
	if len(saved) != 8 { // 2 rounds of 2 pairings of 2 games
		t.Errorf("%d saved games, want 8: %q", len(saved), saved)
	}
	for _, round := range []string{"round-01", "round-02"} {
		logs, _ := filepath.Glob(filepath.Join(logDir, round, "*quitter*.gtp.log"))
		if len(logs) != 2 {
			t.Errorf("%s: the quitter's transcripts %q, want one for each of its 2 games", round, logs)
		}
	}
}
