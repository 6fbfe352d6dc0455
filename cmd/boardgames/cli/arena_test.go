package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

type arenaOut struct {
	Game   string `json:"game"`
	Games  int    `json:"games"`
	P1, P2 struct {
		Spec            string   `json:"spec"`
		Wins            int      `json:"wins"`
		Draws           int      `json:"draws"`
		Losses          int      `json:"losses"`
		MeanMargin      *float64 `json:"meanMargin"`
		MeanMoveSeconds *float64 `json:"meanMoveSeconds"`
		MeanMoveNodes   *float64 `json:"meanMoveNodes"`
	}
	Elo     float64 `json:"elo"`
	EloLow  float64 `json:"eloLow"`
	EloHigh float64 `json:"eloHigh"`
	Records []struct {
		Game     int    `json:"game"`
		P1Colour string `json:"p1Colour"`
		Result   string `json:"result"`
		Winner   string `json:"winner"`
		Plies    int    `json:"plies"`
		Moves    string `json:"moves"`
	} `json:"records"`
}

func TestArenaJSON(t *testing.T) {
	args := []string{"arena", "-game", "connect4", "-p1", "alphabeta:depth=3", "-p2", "random",
		"-games", "6", "-openings", "2", "-parallel", "2", "-seed", "5", "-json"}
	var a arenaOut
	runJSON(t, &a, args...)
	if a.Game != "connect4" || a.Games != 6 || len(a.Records) != 6 || a.P1.Spec != "alphabeta:depth=3" || a.P2.Spec != "random" {
		t.Fatalf("%+v", a)
	}
	for _, p := range []int{a.P1.Wins + a.P1.Draws + a.P1.Losses, a.P2.Wins + a.P2.Draws + a.P2.Losses} {
		if p != a.Games {
			t.Errorf("wins+draws+losses = %d, games %d", p, a.Games)
		}
	}
	if a.P1.Wins != a.P2.Losses || a.P1.Losses != a.P2.Wins {
		t.Errorf("p1 %+v, p2 %+v", a.P1, a.P2)
	}
	if a.P1.MeanMargin == nil || a.P1.MeanMoveSeconds == nil || a.P1.MeanMoveNodes == nil || *a.P1.MeanMoveNodes <= 0 {
		t.Errorf("p1 means missing: %+v", a.P1)
	}
	if !(a.EloLow <= a.Elo && a.Elo <= a.EloHigh) {
		t.Errorf("elo %v not in [%v, %v]", a.Elo, a.EloLow, a.EloHigh)
	}
	if a.Records[0].P1Colour != "Red" || a.Records[1].P1Colour != "Yellow" || a.Records[0].Moves[:2] != a.Records[1].Moves[:2] {
		t.Errorf("colours or openings: %+v", a.Records[:2])
	}
	// The same seed gives the same games.
	var b arenaOut
	runJSON(t, &b, args...)
	if !reflect.DeepEqual(a.Records, b.Records) {
		t.Errorf("same seed, different games:\n%+v\n%+v", a.Records, b.Records)
	}
}

func TestArenaCSVAndText(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.csv")
	code, out, errOut := run(t, "arena", "-game", "adjacency", "-rounds", "3", "-p1", "greedy", "-p2", "minimax:depth=1",
		"-games", "4", "-csv", file)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, s := range []string{"p1", "greedy", "minimax:depth=1", "Elo difference"} {
		if !strings.Contains(out, s) {
			t.Errorf("the report lacks %q:\n%s", s, out)
		}
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || !reflect.DeepEqual(rows[0], []string{"game", "p1_colour", "result", "winner", "margin", "plies", "opening", "moves", "forfeit", "fault"}) {
		t.Fatalf("CSV: %v", rows)
	}
	if rows[1][0] != "1" || rows[1][1] != "Blue" || rows[2][1] != "Orange" || rows[1][5] != "6" {
		t.Errorf("CSV rows: %v", rows[1:])
	}
}

func TestTournamentJSON(t *testing.T) {
	var tour struct {
		Bots       []string    `json:"bots"`
		Crosstable [][]float64 `json:"crosstable"`
		Games      [][]int     `json:"games"`
		Standings  []struct {
			Rank   int     `json:"rank"`
			Bot    string  `json:"bot"`
			Points float64 `json:"points"`
			Games  int     `json:"games"`
		} `json:"standings"`
		Records []struct {
			P1 string `json:"p1"`
			P2 string `json:"p2"`
		} `json:"records"`
	}
	runJSON(t, &tour, "arena", "-game", "othello", "-tournament", "random; greedy ;alphabeta:depth=2", "-games", "2", "-json")
	if len(tour.Bots) != 3 || len(tour.Crosstable) != 3 || len(tour.Standings) != 3 || len(tour.Records) != 6 {
		t.Fatalf("%+v", tour)
	}
	for i := range 3 {
		for j := range 3 {
			if i != j && tour.Crosstable[i][j]+tour.Crosstable[j][i] != float64(tour.Games[i][j]) {
				t.Errorf("crosstable %v, games %v", tour.Crosstable, tour.Games)
			}
		}
	}
	if tour.Standings[0].Rank != 1 || tour.Standings[0].Games != 4 || tour.Records[0].P1 != "random" {
		t.Errorf("standings %+v, first record %+v", tour.Standings, tour.Records[0])
	}
}

func TestArenaBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"arena", "-game", "othello", "-p1", "random"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "chess"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "minimax:eval=paper"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "engine"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "greedy", "-games", "0"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "greedy", "-openings", "-1"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "greedy", "-rounds", "8"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "greedy", "-tournament", "random;greedy"},
		{"arena", "-game", "othello", "-tournament", "random"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "greedy", "-csv", "/nonexistent/dir/x.csv"},
		{"arena", "-game", "othello", "-p1", "random", "-p2", "greedy", "-json", "-csv", "-"},
		{"arena", "-p1", "random", "-p2", "greedy"},
	} {
		expectBadInput(t, args...)
	}
}

// Item 6 of issue 32: one game gives no Elo difference (the estimate
// would read +0 (+0 .. +0) after a win as after a loss); two games do.
func TestOneGameHasNoElo(t *testing.T) {
	code, out, errOut := run(t, "arena", "-game", "connect4", "-p1", "alphabeta:depth=4", "-p2", "random", "-games", "1")
	if code != ExitOK || !strings.Contains(out, "p1 scored 100.0%: "+tooFewForElo) || strings.Contains(out, "+0 (") {
		t.Errorf("1 game: exit %d, %q\n%s", code, errOut, out)
	}
	code, out, _ = run(t, "arena", "-game", "connect4", "-p1", "alphabeta:depth=4", "-p2", "random", "-games", "2")
	if code != ExitOK || !strings.Contains(out, "p1 scored 100.0%: Elo difference +191") {
		t.Errorf("2 games: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "arena", "-game", "connect4", "-tournament", "alphabeta:depth=4;random", "-games", "1")
	if code != ExitOK || strings.Count(out, "n/a (1 game)") != 2 {
		t.Errorf("a 1-game tournament: exit %d\n%s", code, out)
	}
}
