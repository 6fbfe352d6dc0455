package ai

import (
	"reflect"
	"testing"
)

// A search given the defaults explicitly does exactly what it does with
// the zero Params.
func TestDefaultsChangeNothing(t *testing.T) {
	s := ttt{x: 0001, o: 0020}
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "mcts", "annealing", "genetic"} {
		d := Params{}.Defaults(algo)
		if reflect.DeepEqual(d, Params{}) {
			t.Errorf("%s: no defaults", algo)
		}
		zero := mustSearch(t, algo, s, nil, Params{Seed: 3})
		d.Seed = 3
		explicit := mustSearch(t, algo, s, nil, d)
		zero.Elapsed, explicit.Elapsed = 0, 0
		if zero.Move != explicit.Move || zero.Score != explicit.Score || zero.Nodes != explicit.Nodes || zero.Depth != explicit.Depth {
			t.Errorf("%s: zero params %+v, the defaults %+v", algo, zero, explicit)
		}
	}
}
