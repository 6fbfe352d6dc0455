package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"boardgames/ai/lab"
	"boardgames/ai/review"
	"boardgames/rules"
	"boardgames/rules/games"
)

// reviewShard writes a results file of two Connect Four games from a
// position of 16 stones: in the first, Yellow answers Red's 6 with 7 and
// throws the win away (column 6 wins); in the second, with 6.
func reviewShard(t *testing.T) string {
	t.Helper()
	g, _ := games.Lookup("connect4")
	rec, err := g.ParseMoves(nil, "4465641443332345", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	run := lab.Run{Kind: "arena", Game: "connect4", Start: rec.Position().String(), Bots: []string{"greedy", "random"}, Games: 2}
	f := shardFile{Format: shardFormat, ShardResult: lab.ShardResult{Run: run, Shard: lab.Shard{K: 1, N: 1},
		Games: []lab.GameRecord{
			{Number: 1, P1Colour: rules.Black, Moves: "67", Plies: 2},
			{Number: 2, P1Colour: rules.White, Moves: "66", Plies: 2},
		}}}
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "results.json")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestReviewJSON(t *testing.T) {
	in := reviewShard(t)
	report := filepath.Join(filepath.Dir(in), "report.md")
	var out reviewJSON
	runJSON(t, &out, "review", "-in", in, "-json", "-o", report)
	if len(out.Games) != 2 || out.Positions != 6 {
		t.Fatalf("%d games, %d positions", len(out.Games), out.Positions)
	}
	g := out.Games[0]
	if g.Players != [2]string{"greedy", "random"} || g.Number != 1 || len(g.Graph) != 3 {
		t.Errorf("game 1: players %q, number %d, %d graph points", g.Players, g.Number, len(g.Graph))
	}
	m := g.Moves[1]
	if m.Text != "7" || m.Label != "blunder" || !m.Exact || strings.Join(m.Best, " ") != "6" || m.Before.Class != "win" || m.Played.Class != "loss" {
		t.Errorf("Yellow's 7: %+v", m)
	}
	if m := out.Games[1].Moves[1]; m.Label != "best" || !m.Exact {
		t.Errorf("Yellow's 6: %+v", m)
	}
	if got := out.Games[1].Players; got != [2]string{"random", "greedy"} {
		t.Errorf("game 2's players: %q", got)
	}
	// greedy played Red in game 1 and Yellow in game 2: one blunder.
	for _, p := range out.Players {
		want := map[string]int{"greedy": 0, "random": 1}[p.Name]
		if p.Games != 2 || p.Moves != 2 || p.Exact != 2 || p.Count["blunder"] != want {
			t.Errorf("player %+v", p)
		}
	}
	md, err := os.ReadFile(report)
	if err != nil || !strings.Contains(string(md), "| 2 | Yellow | 7 | blunder ?? |") {
		t.Errorf("the report (%v):\n%s", err, md)
	}
	// The second run finds every position in the cache file.
	var again reviewJSON
	runJSON(t, &again, "review", "-in", in, "-json", "-o", report)
	if again.Cached != again.Positions {
		t.Errorf("the second run: %d of %d positions from the cache", again.Cached, again.Positions)
	}
	graph := filepath.Join(filepath.Dir(in), "g.svg")
	if code, _, errOut := run(t, "review", "-in", in, "-index", "1", "-graph", graph); code != ExitOK {
		t.Fatalf("-graph: exit %d: %s", code, errOut)
	}
	if svg, err := os.ReadFile(graph); err != nil || !strings.HasPrefix(string(svg), "<svg") {
		t.Errorf("the graph (%v): %.100s", err, svg)
	}
}

func TestReviewBadInput(t *testing.T) {
	in := reviewShard(t)
	dir := filepath.Dir(in)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"review"}, "-in FILE is required"},
		{[]string{"review", "-in", in, "-graph", filepath.Join(dir, "g.png")}, "pick one with -index N"},
		{[]string{"review", "-in", in, "-o", filepath.Join(dir, "r.txt")}, "the report is .html or .md"},
		{[]string{"review", "-in", in, "-index", "3"}, "holds 2 games"},
		{[]string{"review", "-in", in, "-depth", "3", "-time", "1s"}, "give one"},
		{[]string{"review", "-in", filepath.Join(dir, "none.pdn")}, "no such file"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errOut, c.want)
		}
	}
}

// TestGradeCostliest: grade's report names the random bot's three
// costliest moves, the worst first, each with its position and the best
// move.
func TestGradeCostliest(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	var g gradeJSON
	runJSON(t, &g, "grade", "-game", "othello", "-bot", "random", "-opponents", "greedy", "-games", "2", "-o", dir, "-json")
	if len(g.Costliest) != gradeCostliest {
		t.Fatalf("%d costliest moves: %+v", len(g.Costliest), g.Costliest)
	}
	for i, c := range g.Costliest {
		if c.Position == "" || len(c.Best) == 0 || c.Move == "" || c.Opponent != "greedy" || c.ChanceLost < 0 {
			t.Errorf("costly move %d: %+v", i+1, c)
		}
		if slices.Contains(c.Best, c.Move) {
			t.Errorf("costly move %d was a best move: %+v", i+1, c)
		}
		if i > 0 {
			prev := g.Costliest[i-1]
			if s, p := review.Label(c.Label).Severity(), review.Label(prev.Label).Severity(); s > p || s == p && c.ChanceLost > prev.ChanceLost {
				t.Errorf("costly moves out of order: %+v before %+v", prev, c)
			}
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	first := g.Costliest[0]
	if err != nil || !strings.Contains(string(md), "## Costliest moves") ||
		!strings.Contains(string(md), "played "+first.Move+" ("+first.Played+"), best was") {
		t.Errorf("report.md (%v):\n%s", err, md)
	}
}
