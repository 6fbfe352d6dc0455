package lab

import (
	"context"
	"strings"
	"testing"

	"boardgames/rules/games"
)

func TestExperimentsQuick(t *testing.T) {
	for _, e := range Experiments {
		t.Run(e.Name, func(t *testing.T) {
			var last, total int
			tab, err := RunExperimentWith(context.Background(), e.Name, ExperimentOptions{Quick: true, Seed: 1},
				func(done, n int) { last, total = done, n })
			if err != nil {
				t.Fatal(err)
			}
			if tab.Name != e.Name || tab.Title != e.Title || len(tab.Rows) == 0 || len(tab.Series) == 0 {
				t.Fatalf("table %+v", tab)
			}
			if last != total || total == 0 {
				t.Errorf("progress ended at %d of %d", last, total)
			}
			for _, r := range tab.Rows {
				if len(r) != len(tab.Columns) {
					t.Errorf("row %v has %d cells for %d columns", r, len(r), len(tab.Columns))
				}
			}
			for _, s := range tab.Series {
				if len(s.X) != len(s.Y) || len(s.X) == 0 {
					t.Errorf("series %+v", s)
				}
			}
			if e.Name == "checkers-negascout" {
				joined := strings.Join(tab.Notes, "\n")
				if !strings.Contains(joined, "scores agree") {
					t.Errorf("negascout and alpha-beta scores disagree: %s", joined)
				}
			}
		})
	}
	if _, err := RunExperiment(context.Background(), "nonsense", nil); err == nil {
		t.Error("an unknown experiment should fail")
	}
}

func TestCheckersMiddleGames(t *testing.T) {
	for _, cp := range CheckersMiddleGames {
		pos := mustPosition(t, "checkers", cp.Moves, games.Settings{})
		if pos.Result().Over() || len(pos.Legal()) < 6 {
			t.Errorf("%s: %d moves, over %v: not a middle game", cp.Name, len(pos.Legal()), pos.Result().Over())
		}
	}
}
