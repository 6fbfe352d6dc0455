package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"boardgames/ai/lab"
	"boardgames/rules"
)

func TestStrengthBench(t *testing.T) {
	var got struct {
		Game     string   `json:"game"`
		Bot      string   `json:"bot"`
		Openings []string `json:"openings"`
		Refs     []struct {
			Ref     string  `json:"ref"`
			Score   float64 `json:"score"`
			Elo     float64 `json:"elo"`
			EloLow  float64 `json:"eloLow"`
			EloHigh float64 `json:"eloHigh"`
			Moves   int     `json:"moves"`
			Longest float64 `json:"longestMoveSeconds"`
		} `json:"refs"`
	}
	runJSON(t, &got, "bench", "-strength", "-game", "connect4", "-bot", "engine:depth=4", "-ref", "random;greedy",
		"-openings", "3", "-parallel", "1", "-json")
	if got.Game != "connect4" || got.Bot != "engine:depth=4" || len(got.Openings) != 3 || len(got.Refs) != 2 {
		t.Fatalf("%+v", got)
	}
	for _, r := range got.Refs {
		if r.Score < 0.5 || r.Moves == 0 || r.Longest <= 0 || r.EloLow > r.Elo || r.Elo > r.EloHigh {
			t.Errorf("against %s: %+v", r.Ref, r)
		}
	}
	// The same seed gives the same openings.
	var again struct {
		Openings []string `json:"openings"`
	}
	runJSON(t, &again, "bench", "-strength", "-game", "connect4", "-bot", "engine:depth=2", "-ref", "random",
		"-openings", "3", "-parallel", "1", "-json")
	if strings.Join(again.Openings, ";") != strings.Join(got.Openings, ";") {
		t.Errorf("openings %v, then %v", got.Openings, again.Openings)
	}
	code, out, _ := run(t, "bench", "-strength", "-game", "checkers", "-bot", "engine:depth=2", "-openings", "1", "-time", "50ms")
	if code != ExitOK || !strings.Contains(out, "engine-v1:time=50ms  2") || !strings.Contains(out, "longest move / budget") {
		t.Errorf("checkers against the reference: exit %d\n%s", code, out)
	}
}

func TestStrengthBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "-strength"}, "-game is required"},
		{[]string{"bench", "-strength", "-game", "checkers", "-ref", "nonsense"}, "unknown algorithm"},
		{[]string{"bench", "-strength", "-game", "checkers", "-ref", ";"}, "-ref names no bot"},
		{[]string{"bench", "-strength", "-game", "checkers", "-openings", "0"}, "-openings must be"},
		{[]string{"bench", "-strength", "-game", "checkers", "-time", "-1s"}, "-time must be positive"},
		{[]string{"bench", "-strength", "-game", "othello", "-bot", "perfect:empties=99"}, "empties"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// TestStrengthResume stops a bench's CSV after two of its games and resumes
// it: the games kept are not played again, the missing ones are, and the
// figures are those of the whole bench. Games of another bench, or changed
// by hand, are refused with the file left as it was.
func TestStrengthResume(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.csv")
	args := []string{"bench", "-strength", "-game", "connect4", "-bot", "engine:depth=2", "-ref", "random", "-openings", "3", "-parallel", "1"}
	type result struct {
		Refs []struct {
			Games, Wins, Draws, Losses, Moves int
		} `json:"refs"`
	}
	var whole, resumed result
	runJSON(t, &whole, append(args, "-json", "-csv", file)...)
	all := readCSV(t, file)
	if len(all) != 7 || whole.Refs[0].Games != 6 {
		t.Fatalf("the whole bench: %d rows, %+v", len(all), whole)
	}
	if _, err := os.Stat(file + ".bench.json"); err != nil {
		t.Fatalf("the bench's description: %v", err)
	}
	keep := strings.Join([]string{joinRow(all[0]), joinRow(all[3]), joinRow(all[5])}, "\n") + "\n"
	writeFile(t, file, keep)
	runJSON(t, &resumed, append(args, "-json", "-csv", file, "-resume")...)
	if resumed.Refs[0] != whole.Refs[0] {
		t.Errorf("resumed %+v, want the whole bench's %+v (the bots are deterministic)", resumed.Refs[0], whole.Refs[0])
	}
	again := readCSV(t, file)
	if len(again) != 7 || joinRow(again[1]) != joinRow(all[3]) || joinRow(again[2]) != joinRow(all[5]) {
		t.Fatalf("the CSV after resuming: %v", again)
	}
	games := map[string]string{} // opening and colour: moves and result
	for _, r := range all[1:] {
		games[r[1]+r[2]] = r[4] + " " + r[8]
	}
	for _, r := range again[1:] {
		if games[r[1]+r[2]] != r[4]+" "+r[8] {
			t.Errorf("opening %s, bot %s: %s, the whole bench had %s", r[1], r[2], r[4]+" "+r[8], games[r[1]+r[2]])
		}
		delete(games, r[1]+r[2])
	}
	if len(games) != 0 {
		t.Errorf("games missing after resuming: %v", games)
	}

	tampered := strings.Replace(keep, all[3][8]+",", all[3][8][:len(all[3][8])-1]+",", 1)
	twice := keep + joinRow(all[3]) + "\n"
	for _, c := range []struct {
		name, csv string
		args      []string
		want      string
	}{
		{"another bot", keep, []string{"-bot", "engine:depth=3"}, "their bot is engine:depth=2, not engine:depth=3"},
		{"another suite", keep, []string{"-seed", "2"}, "their suite is"},
		{"a move taken away", tampered, nil, "not of this bench"},
		{"a game twice", twice, nil, "is there twice"},
		{"not a CSV of games", "ref,opening\n1,1\n", nil, "does not begin with the columns"},
	} {
		writeFile(t, file, c.csv)
		a := append(append([]string{}, args...), "-csv", file, "-resume")
		code, _, errOut := run(t, append(a, c.args...)...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, %q; want exit 2 and %q", c.name, code, errOut, c.want)
		}
		if got, _ := os.ReadFile(file); string(got) != c.csv {
			t.Errorf("%s: the file was changed to %q", c.name, got)
		}
	}
	os.Remove(file + ".bench.json")
	writeFile(t, file, keep)
	if code, _, errOut := run(t, append(args, "-csv", file, "-resume")...); code != ExitUsage || !strings.Contains(errOut, "cannot be resumed") {
		t.Errorf("without the bench's description: exit %d, %q", code, errOut)
	}
	if code, _, errOut := run(t, append(args, "-resume")...); code != ExitUsage || !strings.Contains(errOut, "-resume needs -csv FILE") {
		t.Errorf("without -csv: exit %d, %q", code, errOut)
	}
}

func joinRow(r []string) string { return strings.Join(r, ",") }

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStrengthRowResult reads back the result column strengthRow writes,
// and refuses a game still "ongoing" or a result it does not know.
func TestStrengthRowResult(t *testing.T) {
	for _, res := range []rules.Result{rules.BlackWins, rules.WhiteWins, rules.Draw} {
		g := lab.StrengthGame{Ref: 1, Opening: 4, BotColour: rules.White, Moves: "d3 c5", Result: res, Score: 0.5,
			Longest: 1500 * time.Millisecond, RefLongest: 250 * time.Millisecond, Over: 2}
		got, err := parseStrengthRow(strengthRow(g))
		if err != nil || got != g {
			t.Errorf("%v: read back %+v, %v; want %+v", res, got, err, g)
		}
	}
	for _, bad := range []string{"ongoing", "black", "1-0", ""} {
		row := strengthRow(lab.StrengthGame{Result: rules.Draw})
		row[4] = bad
		want := fmt.Sprintf("result %q is not black wins, white wins or draw", bad)
		if _, err := parseStrengthRow(row); err == nil || err.Error() != want {
			t.Errorf("result %q: error %v, want %q", bad, err, want)
		}
	}
}
