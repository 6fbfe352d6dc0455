package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type benchOut struct {
	Name        string     `json:"name"`
	Paper       string     `json:"paper"`
	Title       string     `json:"title"`
	Columns     []string   `json:"columns"`
	Rows        [][]string `json:"rows"`
	Comparisons []struct {
		What, Paper, Ours, Agree, Verdict, Why string
		Games                                  int
	} `json:"comparisons"`
	Series []struct {
		Name      string    `json:"name"`
		X         []float64 `json:"x"`
		Y         []float64 `json:"y"`
		Low, High []float64
	} `json:"series"`
	Notes   []string `json:"notes"`
	Seconds float64  `json:"seconds"`
}

func TestBenchJSON(t *testing.T) {
	var b benchOut
	runJSON(t, &b, "bench", "-experiment", "othello-positional", "-quick", "-json")
	if b.Name != "othello-positional" || b.Paper != "000" || b.Title == "" || len(b.Rows) != 5 || len(b.Series) == 0 ||
		len(b.Comparisons) == 0 || b.Seconds <= 0 {
		t.Fatalf("%+v", b)
	}
	for _, r := range b.Rows {
		if len(r) != len(b.Columns) {
			t.Errorf("row %v for columns %v", r, b.Columns)
		}
	}
	// Every many-game row carries its intervals, the chart its error bars.
	if !strings.Contains(b.Rows[4][6], "[") || !strings.Contains(b.Rows[4][7], "[") ||
		len(b.Series[0].Low) != len(b.Series[0].Y) || len(b.Series[0].High) != len(b.Series[0].Y) {
		t.Errorf("row %v, series %+v: no 95%% intervals", b.Rows[4], b.Series[0])
	}
	for _, c := range b.Comparisons {
		if c.Agree != "n/a" && (c.Verdict == "" || c.Games == 0) {
			t.Errorf("comparison %+v: a verdict without its words or its games", c)
		}
	}
	file := filepath.Join(t.TempDir(), "negascout.csv")
	runJSON(t, &b, "bench", "-experiment", "checkers-negascout", "-quick", "-json", "-csv", file)
	sameValue := false
	for _, c := range b.Comparisons {
		sameValue = sameValue || c.What == "the same value from both" && c.Agree == "agrees"
	}
	if len(b.Columns) != 12 || b.Columns[0] != "position" || b.Paper != "001" || !sameValue {
		t.Errorf("checkers-negascout: columns %v, comparisons %v", b.Columns, b.Comparisons)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(string(data), "\n"); lines != len(b.Rows)+1 {
		t.Errorf("CSV has %d lines for %d rows", lines, len(b.Rows))
	}
}

func TestBenchListAndText(t *testing.T) {
	var l struct {
		Experiments []struct {
			Name, Paper, Title, Description string
		} `json:"experiments"`
	}
	runJSON(t, &l, "bench", "-list", "-json")
	papers := ""
	for _, e := range l.Experiments {
		papers += e.Paper + " "
	}
	if papers != "000 001 002 003 004 " {
		t.Errorf("the experiments reproduce papers %q, want each of 000 to 004 once", papers)
	}
	code, out, _ := run(t, "bench", "-experiment", "adjacency-roundrobin", "-quick", "-games", "1")
	if code != ExitOK || !strings.Contains(out, "runtime:") || !strings.Contains(out, "The paper's figures beside ours (paper 002)") ||
		!strings.Contains(out, "minimax > SA > GA") || !strings.Contains(out, "verdict") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestBenchBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"bench"},
		{"bench", "-experiment", "nonsense"},
		{"bench", "-experiment", "othello-positional", "-games", "-1"},
		{"bench", "-experiment", "othello-positional", "-parallel", "-1"},
		{"bench", "-experiment", "othello-positional", "-json", "-csv", "-"},
		{"bench", "-experiment", "othello-positional", "-csv", "/nonexistent/dir/x.csv"},
		{"bench", "-experiment", "othello-positional", "extra"},
	} {
		expectBadInput(t, args...)
	}
}
