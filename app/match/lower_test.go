package match

import (
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
)

// Every evaluation of every game has a title and a help text, and every
// algorithm a help text, in both languages (not the code names, not the
// English in Indonesian).
func TestLowerWords(t *testing.T) {
	defer tr.Use(tr.English)
	english := map[string]string{}
	for _, l := range tr.Languages {
		if _, err := tr.Use(l); err != nil {
			t.Fatal(err)
		}
		for _, g := range games.All {
			for _, e := range bots.Evals(g.Name) {
				title, help := EvalTitle(g.Name, e), EvalHelp(g.Name, e)
				if title == e || help == "" {
					t.Errorf("%s: evaluation %q: title %q, help %q", l, e, title, help)
				}
				if k := g.Name + "/" + e; l == tr.English {
					english[k] = help
				} else if help == english[k] {
					t.Errorf("%s: the help of %s is not translated: %q", l, k, help)
				}
			}
			for _, a := range bots.Names(g.Name) {
				help := AlgoHelp(a)
				if help == "" {
					t.Errorf("%s: algorithm %q has no help", l, a)
				}
				if l == tr.English {
					english[a] = help
				} else if help == english[a] {
					t.Errorf("%s: the help of %s is not translated: %q", l, a, help)
				}
			}
		}
	}
	if AlgoHelp("nonsense") != "" || EvalHelp("othello", "nonsense") != "" {
		t.Error("help for unknown names")
	}
}

func TestResultWords(t *testing.T) {
	defer tr.Use(tr.English)
	g, _ := games.Lookup("connect4")
	tr.Use(tr.English)
	if got := ResultWords(g, rules.WhiteWins); got != g.ResultText(rules.WhiteWins) {
		t.Errorf("English: %q, the game says %q", got, g.ResultText(rules.WhiteWins))
	}
	tr.Use(tr.Indonesian)
	if got := ResultWords(g, rules.WhiteWins); got != "Kuning menang" {
		t.Errorf("Indonesian: %q", got)
	}
	if got := ResultWords(g, rules.Draw); got != "Seri" {
		t.Errorf("Indonesian draw: %q", got)
	}
}

// A search too quick for the clock has no speed to show, not 0 nodes/s.
func TestRate(t *testing.T) {
	defer tr.Use(tr.English)
	tr.Use(tr.English)
	for _, c := range []struct {
		nodes   uint64
		elapsed time.Duration
		want    string
	}{{248, 0, "—"}, {0, 0, "0"}, {2_000_000, time.Second, "2.00M"}, {500, time.Second, "500"}} {
		if got := Rate(ai.Info{Nodes: c.nodes, Elapsed: c.elapsed}); got != c.want {
			t.Errorf("Rate(%d, %v) = %q, want %q", c.nodes, c.elapsed, got, c.want)
		}
	}
}
