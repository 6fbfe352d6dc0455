package lab

import (
	"strings"
	"testing"
)

func TestReport(t *testing.T) {
	tab := Table{Name: "adjacency-roundrobin", Paper: "002", Title: "Paper 002: a | b", Columns: []string{"bot", "score [95% CI]"},
		Rows:        [][]string{{"minimax", "62% [55–69%]"}, {"SA <x>", "40%"}},
		Comparisons: []Comparison{{What: "ranking", Paper: "minimax > SA", Ours: "SA", Agree: CannotTell, Games: 40, Why: "Wilson"}},
		Notes:       []string{"seed 1"}, Seconds: 12.34, Partial: true}
	r := tab.Report(ExperimentOptions{})
	md := r.Markdown()
	for _, want := range []string{"# Paper 002: a | b\n", "**partial: the run was cancelled; 2 rows finished**",
		"| bot | score [95% CI] |\n| --- | --- |\n| minimax | 62% [55–69%] |\n| SA &lt;x&gt; | 40% |\n",
		"## The paper's figures beside ours (paper 002)", "| ranking | minimax &gt; SA | SA | cannot tell at 40 games | Wilson |",
		"- seed 1\n", "runtime: 12.3 s", "The paper's three bots"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	page := r.HTML("en")
	for _, want := range []string{`<html lang="en">`, "<title>Paper 002: a | b</title>", "<td>SA &lt;x&gt;</td>",
		"<td>cannot tell at 40 games</td>", "overflow-wrap:anywhere", "<li>seed 1</li>", `class="partial"`} {
		if !strings.Contains(page, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	tab.Partial = false
	if strings.Contains(tab.Report(ExperimentOptions{}).Markdown(), "partial") {
		t.Error("a whole table marked partial")
	}
}
