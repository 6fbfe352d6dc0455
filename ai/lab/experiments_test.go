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
			var last, total, firstDone int
			back := false
			tab, err := RunExperimentWith(context.Background(), e.Name, ExperimentOptions{Quick: true, Seed: 1},
				func(done, n int) {
					back = back || done < last
					if firstDone == 0 {
						firstDone = done
					}
					last, total = done, n
				})
			if err != nil {
				t.Fatal(err)
			}
			if tab.Name != e.Name || tab.Title != e.Title || len(tab.Rows) == 0 || len(tab.Series) == 0 {
				t.Fatalf("table %+v", tab)
			}
			if last != total || total == 0 {
				t.Errorf("progress ended at %d of %d", last, total)
			}
			if back {
				t.Error("the progress went back")
			}
			// Paper 002's first game (SA against the minimax, weight 50)
			// moves the progress before it ends, so that the time left
			// can be estimated from its first moves.
			if e.Name == "adjacency-roundrobin" && (firstDone <= 0 || firstDone >= 50*stepGrain) {
				t.Errorf("first progress %d, want within the first game (0 < done < %d)", firstDone, 50*stepGrain)
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
			if tab.Paper != e.Paper || len(e.Paper) != 3 || len(tab.Comparisons) == 0 {
				t.Errorf("paper %q (table %q), %d comparisons", e.Paper, tab.Paper, len(tab.Comparisons))
			}
			for _, c := range tab.Comparisons {
				switch {
				case c.What == "" || c.Paper == "" || c.Ours == "":
					t.Errorf("comparison %+v has an empty cell", c)
				case c.Agree != Agrees && c.Agree != Differs && c.Agree != CannotTell && c.Agree != NotComparable && c.Agree != NoEvidence:
					t.Errorf("comparison %q: agree %q", c.What, c.Agree)
				case c.Why == "":
					t.Errorf("comparison %q does not say which test decided, or why it cannot be compared", c.What)
				case c.Agree != NotComparable && c.Games == 0:
					t.Errorf("comparison %q: a verdict resting on no games", c.What)
				case c.Agree == Differs && strings.HasPrefix(c.Why, "agreement"):
					t.Errorf("comparison %q disagrees but says %q", c.What, c.Why)
				}
				// Laws that hold whatever the positions and the seeds.
				law := map[string]bool{"the same value from both": true, "3 runs of each search": true,
					"a search without alpha-beta to depth 6, from the empty board": true,
					"a sooner win is worth more":                                   true, "the program's first move, moving first": true}
				// A true property never disagrees, however few the draws.
				if c.What == "equal columns" && c.Agree == Differs {
					t.Errorf("%s: the random tie-break disagrees: %q", e.Name, c.Ours)
				}
				if law[c.What] && c.Agree != Agrees {
					t.Errorf("%s: %q does not agree: paper %q, ours %q", e.Name, c.What, c.Paper, c.Ours)
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
