// Package bots runs the generic algorithms of package ai on a position of
// any game chosen at run time, the way the command line, the app and the
// arena need it: a bot is a Spec (algorithm, evaluation, parameters) that
// reads and writes as text like "alphabeta:depth=4,eval=positional".
//
// Files:
//   - spec.go   Spec, its text form, the parameters each algorithm takes
//   - levels.go the Easy / Medium / Hard presets
//   - think.go  Think and Hint, which dispatch to the concrete game types;
//     Hint is exact near the end of Connect Four and Othello (the solvers)
package bots

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"boardgames/ai"
)

// Spec is a bot: an algorithm, an evaluation (empty = the game's default)
// and the algorithm's parameters. Params.Progress is the caller's to set.
type Spec struct {
	Algo   string
	Eval   string
	Params ai.Params
}

// The parameter names of the text form.
const (
	KeyDepth       = "depth"
	KeyTime        = "time"
	KeyEval        = "eval"
	KeySeed        = "seed"
	KeyOrder       = "order"
	KeyIterations  = "iterations"
	KeyC           = "c"
	KeyPlayout     = "playout"
	KeyT0          = "t0"
	KeyT1          = "t1"
	KeyCooling     = "cooling"
	KeyPopulation  = "population"
	KeyGenerations = "generations"
	KeyMutation    = "mutation"
	KeyTT          = "tt"
	KeyThreads     = "threads"
)

var paramsFor = map[string][]string{
	"random":    {KeySeed},
	"greedy":    {KeySeed},
	"minimax":   {KeyDepth, KeyTime, KeyEval},
	"alphabeta": {KeyDepth, KeyTime, KeyEval, KeyOrder},
	"negascout": {KeyDepth, KeyTime, KeyEval, KeyOrder},
	"engine":    {KeyDepth, KeyTime, KeyEval, KeyTT, KeyThreads},
	"mcts":      {KeyIterations, KeyTime, KeyC, KeyPlayout, KeySeed},
	"annealing": {KeyDepth, KeyEval, KeyIterations, KeyT0, KeyT1, KeyCooling, KeySeed},
	"genetic":   {KeyDepth, KeyEval, KeyPopulation, KeyGenerations, KeyMutation, KeySeed},
}

// ParamsFor names the parameters that apply to an algorithm, in the order
// a settings panel shows them.
func ParamsFor(algo string) []string { return paramsFor[algo] }

// ParseSpec reads a bot such as "greedy", "alphabeta:depth=4,eval=positional"
// or "mcts:iterations=5000,playout=greedy". Parameters that the algorithm
// does not take are errors, so a typo never goes unnoticed.
func ParseSpec(s string) (Spec, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(s), ":")
	spec := Spec{Algo: strings.ToLower(strings.TrimSpace(name))}
	if !slices.Contains(ai.Algorithms, spec.Algo) {
		return Spec{}, fmt.Errorf("bot %q: unknown algorithm %q (choose %s)", s, name, strings.Join(ai.Algorithms, ", "))
	}
	if strings.TrimSpace(rest) != "" {
		for _, kv := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
			if !ok || k == "" || v == "" {
				return Spec{}, fmt.Errorf("bot %q: %q is not name=value", s, kv)
			}
			if err := spec.Set(k, v); err != nil {
				return Spec{}, fmt.Errorf("bot %q: %w", s, err)
			}
		}
	}
	if err := spec.Params.Validate(spec.Algo); err != nil {
		return Spec{}, fmt.Errorf("bot %q: %w", s, err)
	}
	return spec, nil
}

// Set sets one parameter from its text form.
func (s *Spec) Set(key, value string) error {
	if !slices.Contains(paramsFor[s.Algo], key) {
		takes := strings.Join(paramsFor[s.Algo], ", ")
		return fmt.Errorf("%s takes no parameter %q (it takes %s)", s.Algo, key, takes)
	}
	p := &s.Params
	var err error
	switch key {
	case KeyEval:
		s.Eval = value
	case KeyDepth:
		p.Depth, err = atoi(key, value)
	case KeyTime:
		p.Time, err = time.ParseDuration(value)
		if err != nil || p.Time < 0 {
			err = fmt.Errorf("time %q is not a duration such as 300ms or 2s", value)
		}
	case KeySeed:
		p.Seed, err = strconv.ParseUint(value, 10, 64)
		if err != nil {
			err = fmt.Errorf("seed %q is not a non-negative integer", value)
		}
	case KeyOrder:
		p.Ordering, err = strconv.ParseBool(value)
		if err != nil {
			err = fmt.Errorf("order %q is not true or false", value)
		}
	case KeyIterations:
		p.Iterations, err = atoi(key, value)
	case KeyC:
		p.Exploration, err = atof(key, value)
	case KeyPlayout:
		p.Playout = strings.ToLower(value)
	case KeyT0:
		p.T0, err = atof(key, value)
	case KeyT1:
		p.T1, err = atof(key, value)
	case KeyCooling:
		p.Cooling, err = atof(key, value)
	case KeyPopulation:
		p.Population, err = atoi(key, value)
	case KeyGenerations:
		p.Generations, err = atoi(key, value)
	case KeyMutation:
		p.Mutation, err = atof(key, value)
	case KeyTT:
		p.TTMiB, err = atoi(key, value)
	case KeyThreads:
		p.Threads, err = atoi(key, value)
	}
	return err
}

func atoi(key, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s %q is not an integer", key, v)
	}
	return n, nil
}

func atof(key, v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, fmt.Errorf("%s %q is not a number", key, v)
	}
	return f, nil
}

// String writes the spec in the form ParseSpec reads, with only the
// parameters that are set.
func (s Spec) String() string {
	var kv []string
	add := func(k, v string) { kv = append(kv, k+"="+v) }
	p := s.Params
	for _, k := range paramsFor[s.Algo] {
		switch {
		case k == KeyEval && s.Eval != "":
			add(k, s.Eval)
		case k == KeyDepth && p.Depth != 0:
			add(k, strconv.Itoa(p.Depth))
		case k == KeyTime && p.Time != 0:
			add(k, p.Time.String())
		case k == KeySeed && p.Seed != 0:
			add(k, strconv.FormatUint(p.Seed, 10))
		case k == KeyOrder && p.Ordering:
			add(k, "true")
		case k == KeyIterations && p.Iterations != 0:
			add(k, strconv.Itoa(p.Iterations))
		case k == KeyC && p.Exploration != 0:
			add(k, ftoa(p.Exploration))
		case k == KeyPlayout && p.Playout != "":
			add(k, p.Playout)
		case k == KeyT0 && p.T0 != 0:
			add(k, ftoa(p.T0))
		case k == KeyT1 && p.T1 != 0:
			add(k, ftoa(p.T1))
		case k == KeyCooling && p.Cooling != 0:
			add(k, ftoa(p.Cooling))
		case k == KeyPopulation && p.Population != 0:
			add(k, strconv.Itoa(p.Population))
		case k == KeyGenerations && p.Generations != 0:
			add(k, strconv.Itoa(p.Generations))
		case k == KeyMutation && p.Mutation != 0:
			add(k, ftoa(p.Mutation))
		case k == KeyTT && p.TTMiB != 0:
			add(k, strconv.Itoa(p.TTMiB))
		case k == KeyThreads && p.Threads != 0:
			add(k, strconv.Itoa(p.Threads))
		}
	}
	if len(kv) == 0 {
		return s.Algo
	}
	return s.Algo + ":" + strings.Join(kv, ",")
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
