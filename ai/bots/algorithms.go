package bots

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules/games"
)

// Algorithm is a name a bot spec accepts: one of the generic searches of
// package ai, or a bot that only some games have (a paper's bot, the
// perfect player).
type Algorithm struct {
	Name string
	// Help says in one line what the algorithm does; for a paper's bot,
	// which paper and which settings.
	Help string
	// Games lists the games it plays; nil means every game.
	Games []string
	// Params names the parameters it takes, in the order a settings panel
	// shows them.
	Params []string
	// Hidden keeps it out of Algorithms and Names (the lists a window or a
	// help text shows); specs and Lookup still know it.
	Hidden bool
	// check reports parameters that make no sense; nil means
	// ai.Params.Validate of Name.
	check func(Spec) error
	// think runs the bot on pos; nil means ai.Search of Name with the
	// spec's evaluation.
	think func(ctx context.Context, pos games.Position, spec Spec) (ai.Info, error)
}

// Plays reports whether the algorithm plays the game.
func (a Algorithm) Plays(game string) bool {
	return a.Games == nil || slices.Contains(a.Games, game)
}

// catalogue lists every algorithm: the generic searches first, in the
// order of ai.Algorithms; the files that add bots of their own register
// them in init functions, which run after this is set.
var catalogue = []Algorithm{
	{Name: "random", Help: "a uniformly random legal move",
		Params: []string{KeySeed}},
	{Name: "greedy", Help: "the move of greatest immediate gain (discs flipped, marks gained, pieces captured), ties at random",
		Params: []string{KeySeed}},
	{Name: "minimax", Help: "plain depth-limited minimax: every move of every node is searched",
		Params: []string{KeyDepth, KeyTime, KeyEval}},
	{Name: "alphabeta", Help: "minimax with alpha-beta pruning, optionally with greedy move ordering",
		Params: []string{KeyDepth, KeyTime, KeyEval, KeyOrder}},
	{Name: "negascout", Help: "NegaScout (principal variation search): null windows after the first move, re-search when needed",
		Params: []string{KeyDepth, KeyTime, KeyEval, KeyOrder}},
	{Name: "engine", Help: "iterative deepening with a transposition table, killer and history ordering and aspiration windows",
		Params: []string{KeyDepth, KeyTime, KeyEval, KeyTT, KeyThreads, KeyProbCut}},
	{Name: "mcts", Help: "Monte-Carlo tree search (UCT) with random or greedy playouts",
		Params: []string{KeyIterations, KeyTime, KeyC, KeyPlayout, KeySeed}},
	{Name: "annealing", Help: "simulated annealing over the legal moves, each scored by a shallow search (our variant)",
		Params: []string{KeyDepth, KeyTime, KeyEval, KeyIterations, KeyT0, KeyT1, KeyCooling, KeySeed}},
	{Name: "genetic", Help: "a genetic algorithm over plans of several moves, replies checked against the best reply (our variant)",
		Params: []string{KeyDepth, KeyTime, KeyEval, KeyPopulation, KeyGenerations, KeyMutation, KeySeed}},
}

// register adds an algorithm to the catalogue; the name must be new.
func register(a Algorithm) {
	if _, ok := Lookup(a.Name); ok {
		panic("bots: algorithm " + a.Name + " registered twice")
	}
	catalogue = append(catalogue, a)
}

// Lookup finds an algorithm by its name (lower case).
func Lookup(name string) (Algorithm, bool) {
	for _, a := range catalogue {
		if a.Name == name {
			return a, true
		}
	}
	return Algorithm{}, false
}

// Algorithms lists the algorithms that play game, or all of them for "";
// an external program (GTP), which needs its command line, and hidden
// reference bots are not among them (Lookup finds them).
func Algorithms(game string) []Algorithm {
	var out []Algorithm
	for _, a := range catalogue {
		if a.Name != GTP && !a.Hidden && (game == "" || a.Plays(game)) {
			out = append(out, a)
		}
	}
	return out
}

// Names lists the names of the algorithms that play game, or of all of
// them for "".
func Names(game string) []string {
	var out []string
	for _, a := range Algorithms(game) {
		out = append(out, a.Name)
	}
	return out
}

// Validate reports a spec that cannot play: an unknown algorithm, one that
// does not play game (game "" skips that check) or a parameter that makes
// no sense. It does not check the evaluation's name, which only the game's
// evaluations know (Think does).
func (s Spec) Validate(game string) error {
	a, ok := Lookup(s.Algo)
	if !ok {
		return fmt.Errorf("unknown algorithm %q (choose %s, or gtp:\"COMMAND\" for an external program)", s.Algo, strings.Join(Names(""), ", "))
	}
	if game != "" && !a.Plays(game) {
		return fmt.Errorf("%s plays %s only, not %s", a.Name, strings.Join(a.Games, ", "), game)
	}
	if _, stats, err := s.probCut(); err != nil {
		return err
	} else if stats != "" && !eval.HasProbCut(game, stats) {
		return fmt.Errorf("probcut=%s: no evaluation called %s%s has Multi-ProbCut statistics", stats, stats, inGame(game))
	}
	if a.check != nil {
		return a.check(s)
	}
	return s.Params.Validate(s.Algo)
}

// MaxProbCut bounds the probcut confidence: beyond it nothing is pruned
// that a search would notice.
const MaxProbCut = 10

// probCut reads the spec's probcut parameter: -1 for "off", else the
// confidence (0: the evaluation's default); and, when it names an
// evaluation (probcut=strong), the evaluation whose statistics prune, at
// their default confidence ("" for the spec's own).
func (s Spec) probCut() (t float64, stats string, err error) {
	switch s.ProbCut {
	case "":
		return 0, "", nil
	case "off":
		return -1, "", nil
	}
	if isWord(s.ProbCut) {
		return 0, strings.ToLower(s.ProbCut), nil
	}
	t, err = strconv.ParseFloat(s.ProbCut, 64)
	if err != nil || !(t > 0 && t <= MaxProbCut) {
		return 0, "", fmt.Errorf("probcut %q is neither off, a confidence in (0, %d] standard deviations nor an evaluation", s.ProbCut, MaxProbCut)
	}
	return t, "", nil
}

// inGame is " of game", or "" for no game.
func inGame(game string) string {
	if game == "" {
		return ""
	}
	return " of " + game
}

// isWord reports whether s is letters alone (an evaluation's name).
func isWord(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

// selectivity is the engine's Multi-ProbCut for spec on positions S, for
// ai.Params.Selectivity: p's own if set, none with probcut=off, else the
// evaluation's statistics (if it has any) at the spec's confidence.
func selectivity[S any](spec Spec, p ai.Params) any {
	if p.Selectivity != nil || spec.Algo != "engine" {
		return p.Selectivity
	}
	t, stats, err := spec.probCut()
	if err != nil || t < 0 {
		return false // any value that is no ai.ProbCut turns it off
	}
	if stats != "" {
		return eval.Selectivity[S](stats)
	}
	return eval.SelectivityAt[S](spec.Eval, t)
}
