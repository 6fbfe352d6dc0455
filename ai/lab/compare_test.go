package lab

import (
	"context"
	"testing"

	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// mustPosition plays a move list from a game's start.
func mustPosition(t *testing.T, game, moves string, s games.Settings) games.Position {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := g.ParseMoves(nil, moves, s)
	if err != nil {
		t.Fatalf("%s %q: %v", game, moves, err)
	}
	return rec.Position()
}

func TestCompareScoresAgree(t *testing.T) {
	tests := []struct {
		game, moves string
		s           games.Settings
		evals       string
	}{
		{"othello", "f5d6c3d3c4", games.Settings{}, "positional"},
		{"checkers", "11-15 23-19 8-11 22-17", games.Settings{}, "factors"},
		{"connect4", "4453", games.Settings{}, "threats"},
		{"adjacency", "c6 f3", games.Settings{Rounds: 6}, "marks"},
	}
	for _, tc := range tests {
		pos := mustPosition(t, tc.game, tc.moves, tc.s)
		var specs []bots.Spec
		for _, a := range []string{"alphabeta", "minimax", "negascout", "alphabeta:order=true", "negascout:order=true"} {
			s := mustSpec(t, a)
			s.Eval = tc.evals
			s.Params.Depth = 3
			specs = append(specs, s)
		}
		var calls int
		rows, err := Compare(context.Background(), pos, specs, func(done, total int) { calls++ })
		if err != nil {
			t.Fatalf("%s: %v", tc.game, err)
		}
		if len(rows) != len(specs) || calls != len(specs)+1 {
			t.Fatalf("%s: %d rows, %d progress calls", tc.game, len(rows), calls)
		}
		mm := rows[1]
		if mm.Algo != "minimax" || mm.RelNodes != 1 {
			t.Errorf("%s: the minimax row %+v should be the base of RelNodes", tc.game, mm)
		}
		for _, r := range rows {
			if r.Score != mm.Score {
				t.Errorf("%s: %s scores %d, minimax %d", tc.game, r.Bot, r.Score, mm.Score)
			}
			// Negascout's re-searches may visit more nodes than minimax in a
			// small tree; alpha-beta never does.
			if r.Algo == "alphabeta" && r.Nodes > mm.Nodes {
				t.Errorf("%s: %s searched %d nodes, more than minimax's %d", tc.game, r.Bot, r.Nodes, mm.Nodes)
			}
			if want := float64(r.Nodes) / float64(mm.Nodes); r.RelNodes != want {
				t.Errorf("%s: %s RelNodes %v, want %v", tc.game, r.Bot, r.RelNodes, want)
			}
			if r.Move == "" || len(r.PV) == 0 || r.PV[0] != r.Move || r.Depth != 3 {
				t.Errorf("%s: %s row %+v", tc.game, r.Bot, r)
			}
		}
	}
}

func TestCompareRelNodesFirstRow(t *testing.T) {
	pos := mustPosition(t, "connect4", "44", games.Settings{})
	rows, err := Compare(context.Background(), pos, []bots.Spec{mustSpec(t, "alphabeta:depth=4"), mustSpec(t, "engine:depth=4"), mustSpec(t, "greedy")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rows[0].RelNodes != 1 || rows[1].RelNodes <= 0 {
		t.Errorf("without minimax the first row is the base: %+v", rows)
	}
}

func TestCompareBadInput(t *testing.T) {
	over := mustPosition(t, "connect4", "4343434", games.Settings{})
	if _, err := Compare(context.Background(), over, []bots.Spec{mustSpec(t, "random")}, nil); err == nil {
		t.Error("a finished game should be an error")
	}
	pos := mustPosition(t, "connect4", "", games.Settings{})
	if _, err := Compare(context.Background(), pos, nil, nil); err == nil {
		t.Error("no bots should be an error")
	}
	if _, err := Compare(context.Background(), pos, []bots.Spec{{Algo: "minimax", Eval: "positional"}}, nil); err == nil {
		t.Error("an evaluation of another game should be an error")
	}
}
