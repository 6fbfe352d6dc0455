package eval

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

func TestNames(t *testing.T) {
	tests := []struct {
		game string
		want []string
	}{
		{"othello", []string{"strong", "positional", "discs", "pattern"}},
		{"checkers", []string{"pattern", "tuned", "strong", "factors", "learned"}},
		{"connect4", []string{"threats", "paper"}},
		{"adjacency", []string{"vulnerability", "marks"}},
		{"chess", nil},
		{"", nil},
	}
	for _, tc := range tests {
		if got := Names(tc.game); !slices.Equal(got, tc.want) {
			t.Errorf("Names(%q) = %q, want %q", tc.game, got, tc.want)
		}
		want := ""
		if len(tc.want) > 0 {
			want = tc.want[0]
		}
		if got := Default(tc.game); got != want {
			t.Errorf("Default(%q) = %q, want %q", tc.game, got, want)
		}
	}
	// The caller may change the slice.
	n := Names("othello")
	n[0] = "changed"
	if Default("othello") != "strong" {
		t.Error("changing the slice of Names changed the default")
	}
}

// funcOf returns the code pointer of an evaluation, to tell them apart.
func funcOf(f any) uintptr { return reflect.ValueOf(f).Pointer() }

// checkLookup checks that every name of game resolves to its own function,
// in any case, that "" is the default and that an unknown name fails with
// a message listing the valid names.
func checkLookup[S any](t *testing.T, game string, list []entry[S], get func(string) (ai.Evaluator[S], error)) {
	t.Helper()
	for _, e := range list {
		for _, name := range []string{e.name, strings.ToUpper(e.name)} {
			f, err := get(name)
			if err != nil {
				t.Fatalf("%s %q: %v", game, name, err)
			}
			if funcOf(f) != funcOf(e.f) {
				t.Errorf("%s %q: wrong function", game, name)
			}
		}
	}
	f, err := get("")
	if err != nil || funcOf(f) != funcOf(list[0].f) {
		t.Errorf("%s \"\": got %v, %v; want the default %s", game, f, err, list[0].name)
	}
	f, err = get("nonsense")
	if err == nil || f != nil {
		t.Fatalf("%s nonsense: got no error", game)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "eval: "+game) || !strings.Contains(msg, `"nonsense"`) ||
		!strings.Contains(msg, strings.Join(Names(game), ", ")) {
		t.Errorf("%s nonsense: error %q should name the game, the name and the valid names", game, msg)
	}
}

func TestLookup(t *testing.T) {
	checkLookup(t, "othello", othelloEvals, Othello)
	checkLookup(t, "checkers", checkersEvals, Checkers)
	checkLookup(t, "connect4", connect4Evals, Connect4)
	checkLookup(t, "adjacency", adjacencyEvals, Adjacency)
}

// checkAll runs the bounds and allocation checks of every evaluation of a
// game on random positions.
func checkAll[S any](t *testing.T, game string, list []entry[S], positions []S) {
	t.Helper()
	if len(positions) < 1000 {
		t.Errorf("%s: only %d random positions", game, len(positions))
	}
	for _, e := range list {
		checkBounds(t, game+"/"+e.name, e.f, positions)
		checkAllocs(t, game+"/"+e.name, e.f, positions)
	}
}

func TestRandomPositions(t *testing.T) {
	adj, err := adjacency.New(adjacency.Options{Rounds: 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("othello", func(t *testing.T) {
		checkAll(t, "othello", othelloEvals, randomPositions(othello.Start(), 1, games(200, 40)))
	})
	t.Run("checkers", func(t *testing.T) {
		checkAll(t, "checkers", checkersEvals, randomPositions(checkers.Start(), 2, games(100, 20)))
	})
	t.Run("connect4", func(t *testing.T) {
		checkAll(t, "connect4", connect4Evals, randomPositions(connect4.Start(), 3, games(400, 100)))
	})
	t.Run("adjacency", func(t *testing.T) {
		ps := randomPositions(adjacency.Start(), 4, games(100, 20))
		ps = append(ps, randomPositions(adj, 5, games(100, 20))...)
		checkAll(t, "adjacency", adjacencyEvals, ps)
	})
}

// searchAll runs a shallow alpha-beta with every evaluation of a game from
// a few random positions: the evaluations plug into ai.Search.
func searchAll[S rules.State[S]](t *testing.T, game string, list []entry[S], get func(string) (ai.Evaluator[S], error), positions []S) {
	t.Helper()
	for _, e := range list {
		ev, err := get(e.name)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(positions); i += len(positions)/5 + 1 {
			p := positions[i]
			info, err := ai.Search(context.Background(), "alphabeta", p, ev, ai.Params{Depth: 2})
			if err != nil {
				t.Fatalf("%s/%s on %v: %v", game, e.name, p, err)
			}
			var buf [rules.MaxMoves]rules.Move
			if !slices.Contains(p.Moves(buf[:0]), info.Move) {
				t.Fatalf("%s/%s on %v: illegal move %v", game, e.name, p, info.Move)
			}
		}
	}
}

func TestSearch(t *testing.T) {
	searchAll(t, "othello", othelloEvals, Othello, randomPositions(othello.Start(), 6, 1))
	searchAll(t, "checkers", checkersEvals, Checkers, randomPositions(checkers.Start(), 7, 1))
	searchAll(t, "connect4", connect4Evals, Connect4, randomPositions(connect4.Start(), 8, 1))
	searchAll(t, "adjacency", adjacencyEvals, Adjacency, randomPositions(adjacency.Start(), 9, 1))
}

// Every evaluation says what it is, and the checkers one built on paper
// 001's factors says that the weights are not the paper's.
func TestHelp(t *testing.T) {
	for _, game := range []string{"othello", "checkers", "connect4", "adjacency"} {
		for _, name := range Names(game) {
			if Help(game, name) == "" {
				t.Errorf("%s %s: no help", game, name)
			}
		}
	}
	if h := Help("checkers", "factors"); !strings.Contains(h, "weights of our own") {
		t.Errorf("checkers factors: %q does not say the weights are ours", h)
	}
	if Help("checkers", "paper") != "" || Help("chess", "strong") != "" {
		t.Error("help for an evaluation that does not exist")
	}
}
