// Package bots runs the algorithms on a position of any game chosen at run
// time, the way the command line, the app and the arena need it: a bot is
// a Spec (algorithm, evaluation, parameters) that reads and writes as text
// like "alphabeta:depth=4,eval=positional".
//
// Files:
//   - algorithms.go the catalogue of algorithm names: the generic searches
//     of package ai, and the bots only some games have
//   - spec.go   Spec, its text form and its parameters
//   - levels.go the Easy / Medium / Hard presets, and Perfect where it plays
//   - perfect.go the perfect player: Connect Four by its opening book and
//     the solver, Othello by the engine and then the endgame solver
//     (beside the engine when there is a budget); perfect_nice_linux.go
//     and perfect_nice_other.go lower the priority of the solve's thread
//   - think.go  Think and Hint, which dispatch to the concrete game types;
//     Hint is exact near the end of Connect Four and Othello (the solvers)
//   - external.go external programs, gtp:"COMMAND ARGS" (package gtp):
//     External, a program seated for one game
package bots

import (
	"errors"
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
	// Empties is where the perfect Othello player switches to the exact
	// solver (0: its default).
	Empties int
	// ProbCut is the engine's Multi-ProbCut: "" prunes with the
	// evaluation's statistics at their default confidence (if it has
	// any), "off" not at all, a number at that confidence in standard
	// deviations of the error (larger prunes less).
	ProbCut string
	// Command is an external program's command line (Algo GTP); Total
	// its time budget for a whole game (0: none; Params.Time is the
	// budget per move), Memory its memory limit in MiB (0: the default of
	// package proc) and Name the label tables show (0: the command).
	Command string
	Total   time.Duration
	Memory  int
	Name    string
	// Dir is an external program's working directory ("": ours), Grace
	// the time a move may run over its budget before it forfeits (0:
	// gtp.Grace), and Strict makes a line of standard output before a
	// reply a fault (see gtp.Options).
	Dir    string
	Grace  time.Duration
	Strict bool
	// Variant turns choices of a paper's bot into another reading or ours:
	// words joined by "+" (see papers.Bot.Variants); "" is the bot as its
	// paper's authors ran it.
	Variant string
	// Limit replaces the time limit of a paper's bot that has one: a
	// duration, or "java" for the nodes its authors' Java program
	// searched in its time ("" = the paper's time limit).
	Limit string
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
	KeyEmpties     = "empties"
	KeyProbCut     = "probcut"
	KeyVariant     = "variant"
	KeyLimit       = "limit"
)

// ParamsFor names the parameters that apply to an algorithm, in the order
// a settings panel shows them (nil for an unknown algorithm).
func ParamsFor(algo string) []string {
	a, _ := Lookup(algo)
	return a.Params
}

// ParseSpec reads a bot such as "greedy", "alphabeta:depth=4,eval=positional"
// or "mcts:iterations=5000,playout=greedy". Parameters that the algorithm
// does not take are errors, so a typo never goes unnoticed.
func ParseSpec(s string) (Spec, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(s), ":")
	spec := Spec{Algo: strings.ToLower(strings.TrimSpace(name))}
	if spec.Algo == GTP {
		var err error
		if spec.Command, rest, err = parseCommand(rest); err != nil {
			return Spec{}, fmt.Errorf("bot %q: %w", s, err)
		}
	}
	if _, ok := Lookup(spec.Algo); !ok {
		return Spec{}, fmt.Errorf("bot %q: unknown algorithm %q (choose %s, or gtp:\"COMMAND\" for an external program)", s, name, strings.Join(Names(""), ", "))
	}
	if strings.TrimSpace(rest) != "" {
		for _, kv := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
			if !ok && IsFlag(k) { // a switch alone: strict
				v, ok = "true", true
			}
			if !ok || k == "" || v == "" {
				return Spec{}, fmt.Errorf("bot %q: %q is not name=value", s, kv)
			}
			if err := spec.Set(k, v); err != nil {
				return Spec{}, fmt.Errorf("bot %q: %w", s, err)
			}
		}
	}
	if err := spec.Validate(""); err != nil {
		return Spec{}, fmt.Errorf("bot %q: %w", s, err)
	}
	return spec, nil
}

// param describes one parameter of the text form: its help text and the
// field of Spec it reads and writes.
type param struct {
	key, help string
	field     func(*Spec) any // *int, *float64, *bool, *uint64, *string or *time.Duration
}

// params lists every parameter in the order help texts and specs show them.
var params = []param{
	{KeyDepth, "search depth in plies", func(s *Spec) any { return &s.Params.Depth }},
	{KeyTime, "time budget, a Go duration such as 300ms or 2s", func(s *Spec) any { return &s.Params.Time }},
	{KeyEval, "evaluation function (game-specific; default the strongest)", func(s *Spec) any { return &s.Eval }},
	{KeySeed, "random seed (same seed, same result)", func(s *Spec) any { return &s.Params.Seed }},
	{KeyOrder, "alphabeta/negascout: greedy move ordering", func(s *Spec) any { return &s.Params.Ordering }},
	{KeyIterations, "mcts/annealing iterations", func(s *Spec) any { return &s.Params.Iterations }},
	{KeyC, "mcts exploration constant", func(s *Spec) any { return &s.Params.Exploration }},
	{KeyPlayout, "mcts playouts: random or greedy", func(s *Spec) any { return &s.Params.Playout }},
	{KeyT0, "annealing initial temperature", func(s *Spec) any { return &s.Params.T0 }},
	{KeyT1, "annealing final temperature", func(s *Spec) any { return &s.Params.T1 }},
	{KeyCooling, "annealing cooling rate per iteration", func(s *Spec) any { return &s.Params.Cooling }},
	{KeyPopulation, "genetic population size", func(s *Spec) any { return &s.Params.Population }},
	{KeyGenerations, "genetic generations", func(s *Spec) any { return &s.Params.Generations }},
	{KeyMutation, "genetic mutation rate", func(s *Spec) any { return &s.Params.Mutation }},
	{KeyTT, "engine transposition table size in MiB", func(s *Spec) any { return &s.Params.TTMiB }},
	{KeyThreads, "engine search threads (lazy SMP; default 1)", func(s *Spec) any { return &s.Params.Threads }},
	{KeyEmpties, "perfect (othello): solve exactly from this many empty squares", func(s *Spec) any { return &s.Empties }},
	{KeyProbCut, "engine: Multi-ProbCut confidence in standard deviations (larger prunes less), or off, or an evaluation whose statistics prune (probcut=strong); default the evaluation's own, where it has statistics (othello pattern, checkers strong and tuned)", func(s *Spec) any { return &s.ProbCut }},
	{KeyTotal, "gtp: time budget for a whole game, such as 2m (default none)", func(s *Spec) any { return &s.Total }},
	{KeyMemory, "gtp: memory limit in MiB (default 1024)", func(s *Spec) any { return &s.Memory }},
	{KeyName, "gtp: the bot's name in tables", func(s *Spec) any { return &s.Name }},
	{KeyDir, "gtp: the program's working directory (a program written ./prog is found there)", func(s *Spec) any { return &s.Dir }},
	{KeyGrace, "gtp: time a move may run over its budget before it forfeits (default 100ms + 5% of the budget)", func(s *Spec) any { return &s.Grace }},
	{KeyStrict, "gtp: a line on standard output before a reply is a fault (default: skipped and logged)", func(s *Spec) any { return &s.Strict }},
	{KeyVariant, "papers' bots: choices turned to another reading or ours, words joined by +", func(s *Spec) any { return &s.Variant }},
	{KeyLimit, "paper002-minimax: its time limit, a duration (default the paper's 5s) or java (the nodes the authors' Java program searched in 5 s at its speed)", func(s *Spec) any { return &s.Limit }},
}

// Keys names every parameter of the text form, in order.
func Keys() []string {
	keys := make([]string, len(params))
	for i, p := range params {
		keys[i] = p.key
	}
	return keys
}

// Help describes a parameter, for command-line help.
func Help(key string) string { return lookup(key).help }

func lookup(key string) param {
	for _, p := range params {
		if p.key == key {
			return p
		}
	}
	return param{key: key, field: func(*Spec) any { return nil }}
}

// IsFlag reports whether a parameter is a yes/no switch (order).
func IsFlag(key string) bool { return key == KeyOrder || key == KeyStrict }

// Set sets one parameter from its text form.
func (s *Spec) Set(key, value string) error {
	if !slices.Contains(ParamsFor(s.Algo), key) {
		takes := strings.Join(ParamsFor(s.Algo), ", ")
		return fmt.Errorf("%s takes no parameter %q (it takes %s)", s.Algo, key, takes)
	}
	var err error
	switch f := lookup(key).field(s).(type) {
	case *string:
		if key == KeyName || key == KeyDir {
			*f = value
		} else {
			*f = strings.ToLower(value)
		}
	case *int:
		if *f, err = strconv.Atoi(value); err != nil {
			err = fmt.Errorf("%s %q is not an integer", key, value)
		}
	case *float64:
		if *f, err = strconv.ParseFloat(value, 64); err != nil {
			err = fmt.Errorf("%s %q is not a number", key, value)
		}
	case *bool:
		if *f, err = strconv.ParseBool(value); err != nil {
			err = fmt.Errorf("%s %q is not true or false", key, value)
		}
	case *uint64:
		if *f, err = strconv.ParseUint(value, 10, 64); err != nil {
			err = fmt.Errorf("%s %q is not a non-negative integer", key, value)
		}
	case *time.Duration:
		if *f, err = time.ParseDuration(value); err != nil || *f < 0 {
			err = fmt.Errorf("%s %q is not a duration such as 300ms or 2s", key, value)
		}
	}
	return err
}

// String writes the spec in the form ParseSpec reads, with only the
// parameters that are set.
func (s Spec) String() string {
	var kv []string
	for _, key := range ParamsFor(s.Algo) {
		var v string
		switch f := lookup(key).field(&s).(type) {
		case *string:
			v = *f
		case *int:
			if *f != 0 {
				v = strconv.Itoa(*f)
			}
		case *float64:
			if *f != 0 {
				v = ftoa(*f)
			}
		case *bool:
			if *f {
				v = "true"
			}
		case *uint64:
			if *f != 0 {
				v = strconv.FormatUint(*f, 10)
			}
		case *time.Duration:
			if *f != 0 {
				v = f.String()
			}
		}
		if v != "" {
			kv = append(kv, key+"="+v)
		}
	}
	head := s.Algo
	if s.IsExternal() {
		head += ":" + quoteCommand(s.Command)
		if len(kv) == 0 {
			return head
		}
		return head + "," + strings.Join(kv, ",")
	}
	if len(kv) == 0 {
		return head
	}
	return head + ":" + strings.Join(kv, ",")
}

// parseCommand reads the command line at the start of an external
// program's spec: quoted, "python3 bot.py" (with \" and \\ for a quote and
// a backslash inside), and then the parameters after a comma; or unquoted,
// the whole rest (no parameters then).
func parseCommand(rest string) (command, params string, err error) {
	rest = strings.TrimSpace(rest)
	if !strings.HasPrefix(rest, `"`) {
		if rest == "" {
			return "", "", errors.New(`gtp needs a command line, such as gtp:"python3 bot.py"`)
		}
		return rest, "", nil
	}
	var b strings.Builder
	for i := 1; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '\\' && i+1 < len(rest) && (rest[i+1] == '"' || rest[i+1] == '\\'):
			i++
			b.WriteByte(rest[i])
		case c == '"':
			after := strings.TrimSpace(rest[i+1:])
			if after != "" && !strings.HasPrefix(after, ",") {
				return "", "", fmt.Errorf("%q after the quoted command: parameters follow a comma", after)
			}
			if strings.TrimSpace(b.String()) == "" {
				return "", "", errors.New(`gtp needs a command line, such as gtp:"python3 bot.py"`)
			}
			return b.String(), strings.TrimPrefix(after, ","), nil
		default:
			b.WriteByte(c)
		}
	}
	return "", "", errors.New("the command's quote is not closed")
}

// quoteCommand writes a command line the way parseCommand reads it.
func quoteCommand(c string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(c) + `"`
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
