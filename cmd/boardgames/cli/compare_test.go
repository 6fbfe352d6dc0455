package cli

import (
	"strings"
	"testing"
)

// expectBadInput runs a command that must fail with exit status 2, one
// line on stderr and nothing on stdout.
func expectBadInput(t *testing.T, args ...string) {
	t.Helper()
	code, out, errOut := run(t, args...)
	if code != ExitUsage || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "boardgames ") {
		t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, out, errOut)
	}
}

type compareOut struct {
	Game    string `json:"game"`
	ToMove  string `json:"toMove"`
	Results []struct {
		Algo     string   `json:"algo"`
		Bot      string   `json:"bot"`
		Move     string   `json:"move"`
		Score    int      `json:"score"`
		Depth    int      `json:"depth"`
		Nodes    uint64   `json:"nodes"`
		Leaves   uint64   `json:"leaves"`
		Cutoffs  uint64   `json:"cutoffs"`
		Seconds  float64  `json:"seconds"`
		NPS      float64  `json:"nodesPerSecond"`
		RelNodes *float64 `json:"relNodes"`
	} `json:"results"`
}

func TestCompareJSON(t *testing.T) {
	var c compareOut
	runJSON(t, &c, "compare", "-game", "othello", "-moves", "f5d6c3", "-depth", "3", "-eval", "positional", "-json")
	if c.Game != "othello" || c.ToMove != "White" || len(c.Results) != 3 {
		t.Fatalf("%+v", c)
	}
	for i, algo := range []string{"minimax", "alphabeta", "negascout"} {
		r := c.Results[i]
		if r.Algo != algo || r.Bot != algo+":depth=3,eval=positional" || r.Depth != 3 || r.Move == "" || r.Nodes == 0 || r.Leaves == 0 || r.RelNodes == nil {
			t.Errorf("row %d: %+v", i, r)
		}
		if r.Score != c.Results[0].Score {
			t.Errorf("%s scores %d, minimax %d", algo, r.Score, c.Results[0].Score)
		}
	}
	if *c.Results[0].RelNodes != 1 || *c.Results[1].RelNodes >= 1 || c.Results[1].Cutoffs == 0 {
		t.Errorf("relNodes %v, %v; alpha-beta cut-offs %d", *c.Results[0].RelNodes, *c.Results[1].RelNodes, c.Results[1].Cutoffs)
	}
}

func TestCompareSpecs(t *testing.T) {
	var c compareOut
	runJSON(t, &c, "compare", "-game", "connect4", "-moves", "44", "-depth", "4", "-seed", "3",
		"-algos", "alphabeta:order=true,depth=2;negascout, engine,mcts:iterations=200,greedy", "-json")
	want := []string{"alphabeta:depth=2,order=true", "negascout:depth=4", "engine:depth=4", "mcts:iterations=200,seed=3", "greedy:seed=3"}
	if len(c.Results) != len(want) {
		t.Fatalf("%d rows: %+v", len(c.Results), c.Results)
	}
	for i, w := range want {
		if c.Results[i].Bot != w {
			t.Errorf("row %d is %q, want %q", i, c.Results[i].Bot, w)
		}
	}
	// No minimax: relNodes is relative to the first row.
	if *c.Results[0].RelNodes != 1 {
		t.Errorf("first row relNodes %v", *c.Results[0].RelNodes)
	}
}

func TestCompareText(t *testing.T) {
	code, out, _ := run(t, "compare", "-game", "checkers", "-moves", "11-15", "-depth", "2")
	if code != ExitOK || !strings.Contains(out, "rel. nodes") || !strings.Contains(out, "negascout:depth=2") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCompareBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"compare"},
		{"compare", "-game", "go"},
		{"compare", "-game", "othello", "-algos", "minimax,chess"},
		{"compare", "-game", "othello", "-algos", "alphabeta:colour=red"},
		{"compare", "-game", "othello", "-algos", "depth=3,minimax"},
		{"compare", "-game", "othello", "-algos", ","},
		{"compare", "-game", "othello", "-eval", "threats"},
		{"compare", "-game", "othello", "-depth", "0"},
		{"compare", "-game", "othello", "-moves", "f5 f5"},
		{"compare", "-game", "connect4", "-moves", "4343434"},
		{"compare", "-game", "othello", "extra"},
	} {
		expectBadInput(t, args...)
	}
}
