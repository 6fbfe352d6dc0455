package lab

import (
	"context"
	"testing"

	"boardgames/rules/games"
)

func TestInspectTree(t *testing.T) {
	positions := []games.Position{
		mustPosition(t, "othello", "f5d6", games.Settings{}),
		mustPosition(t, "connect4", "4453", games.Settings{}),
		mustPosition(t, "checkers", "11-15 23-19", games.Settings{}),
	}
	for _, pos := range positions {
		for _, algo := range InspectAlgorithms {
			tree, info, err := InspectTree(context.Background(), pos, algo, 3, "", 0)
			if err != nil {
				t.Fatalf("%s %s: %v", pos.Game(), algo, err)
			}
			if tree.Truncated || uint64(len(tree.Nodes)) != info.Nodes {
				t.Fatalf("%s %s: %d nodes recorded (truncated %v), info says %d", pos.Game(), algo, len(tree.Nodes), tree.Truncated, info.Nodes)
			}
			labels := NodeLabels(pos, tree)
			kids := Children(tree)
			if len(labels) != len(tree.Nodes) || len(kids) != len(tree.Nodes) {
				t.Fatalf("%s %s: %d labels, %d child lists", pos.Game(), algo, len(labels), len(kids))
			}
			if roots := Roots(tree); len(roots) != 1 || roots[0] != 0 || labels[0] != "" {
				t.Errorf("%s %s: roots %v, root label %q", pos.Game(), algo, roots, labels[0])
			}
			// The root's children are the legal moves (minimax searches all).
			if algo == "minimax" && len(kids[0]) != len(pos.Legal()) {
				t.Errorf("%s minimax: root has %d children, %d legal moves", pos.Game(), len(kids[0]), len(pos.Legal()))
			}
			for i, l := range labels[1:] {
				if l == "" || l == "?" {
					t.Errorf("%s %s: node %d has label %q", pos.Game(), algo, i+1, l)
					break
				}
			}
			pv := PVNodes(tree, info)
			if len(pv) != len(info.PV)+1 {
				t.Errorf("%s %s: PV nodes %v for a PV of %d moves", pos.Game(), algo, pv, len(info.PV))
			}
			for k := 1; k < len(pv); k++ {
				if int(tree.Nodes[pv[k]].Parent) != pv[k-1] || labels[pv[k]] == "" {
					t.Errorf("%s %s: PV node %d is not a child of %d", pos.Game(), algo, pv[k], pv[k-1])
				}
			}
			if tree.Nodes[0].Value != info.Score {
				t.Errorf("%s %s: root value %d, score %d", pos.Game(), algo, tree.Nodes[0].Value, info.Score)
			}
		}
	}
}

func TestInspectTreeLimits(t *testing.T) {
	pos := mustPosition(t, "othello", "", games.Settings{})
	tree, info, err := InspectTree(context.Background(), pos, "minimax", 4, "discs", 50)
	if err != nil {
		t.Fatal(err)
	}
	if !tree.Truncated || len(tree.Nodes) != 50 || info.Nodes <= 50 {
		t.Errorf("a 50-node limit: %d nodes, truncated %v, info %d", len(tree.Nodes), tree.Truncated, info.Nodes)
	}
	if labels := NodeLabels(pos, tree); len(labels) != 50 {
		t.Errorf("%d labels", len(labels))
	}
	for _, bad := range []struct {
		algo  string
		depth int
		eval  string
	}{{"engine", 3, ""}, {"minimax", 0, ""}, {"minimax", 9, ""}, {"alphabeta", 2, "nonsense"}} {
		if _, _, err := InspectTree(context.Background(), pos, bad.algo, bad.depth, bad.eval, 0); err == nil {
			t.Errorf("InspectTree(%s, %d, %q) should fail", bad.algo, bad.depth, bad.eval)
		}
	}
}

// TestInspectTrace: a real search's tree as a textbook trace keeps every
// visit, turns the values to the root player's view (a child's value is
// the negation of its negamax value one ply down) and keeps the PV.
func TestInspectTrace(t *testing.T) {
	pos := mustPosition(t, "othello", "f5d6", games.Settings{})
	for _, algo := range InspectAlgorithms {
		tree, info, err := InspectTree(context.Background(), pos, algo, 3, InspectEval("othello"), 0)
		if err != nil {
			t.Fatal(err)
		}
		tr := InspectTrace(pos, algo, tree, info)
		if len(tr.Visits) != len(tree.Nodes) {
			t.Fatalf("%s: %d visits of %d nodes", algo, len(tr.Visits), len(tree.Nodes))
		}
		if tr.Value() != float64(info.Score) {
			t.Errorf("%s: root value %v, search score %d", algo, tr.Value(), info.Score)
		}
		for v, x := range tr.Visits {
			n := tree.Nodes[tr.Orig[v]]
			want := float64(n.Value)
			if n.Ply%2 == 1 {
				want = -want
			}
			if x.Value != want {
				t.Fatalf("%s: visit %d value %v, want %v (ply %d)", algo, v, x.Value, want, n.Ply)
			}
			if x.Alpha > x.Beta {
				t.Fatalf("%s: visit %d window [%v, %v]", algo, v, x.Alpha, x.Beta)
			}
		}
		if len(tr.PV) != len(info.PV)+1 {
			t.Errorf("%s: PV of %d visits, search PV %d moves", algo, len(tr.PV), len(info.PV))
		}
		if got := tr.Tree.Nodes[tr.Visits[tr.PV[1]].Node].Label; got != pos.MoveString(info.Move) {
			t.Errorf("%s: PV starts with %s, best move %s", algo, got, pos.MoveString(info.Move))
		}
		if algo == "alphabeta" && tr.Cutoffs() == 0 {
			t.Error("alphabeta at depth 3 after f5d6 made no cut-off")
		}
	}
}

func TestInspectUnits(t *testing.T) {
	cases := []struct {
		game, eval string
		v          float64
		want       string
	}{
		{"othello", InspectEval("othello"), 2, "+2"},
		{"othello", "strong", -250, "−250"},
		{"checkers", "", 135, "+1.35"},
		{"checkers", "factors", -100, "−1"},
		{"adjacency", InspectEval("adjacency"), 0, "0"},
		{"adjacency", "vulnerability", 250, "+2.5"},
		{"connect4", "", 34, "+34"},
	}
	for _, c := range cases {
		if got := InspectUnit(c.game, c.eval).Value(c.v); got != c.want {
			t.Errorf("%s %s %v: %q, want %q", c.game, c.eval, c.v, got, c.want)
		}
	}
	if u := InspectUnit("othello", "discs"); u.Name != "discs" {
		t.Errorf("othello discs unit %q", u.Name)
	}
	if u := InspectUnit("checkers", ""); u.Name != "pieces" || u.Scale != 100 {
		t.Errorf("checkers unit %+v", u)
	}
}
