// Package papers holds the bots of the five papers Boardgames comes from,
// each as its paper publishes it: the same search, depth, move order,
// evaluation, tie-break and parameters, with the paper's quirks kept and
// only its outright bugs left out (each file says which). The summary of
// the papers is ../shared/PAPERS.md; the package's stronger relatives are
// the generic searches of package ai.
//
// Files:
//   - papers.go  Params, the list of bots, Run, and what the searches share
//   - p000.go    paper 000, Othello: alpha-beta to depth 4 on a positional table
//   - p001.go    paper 001, checkers: NegaScout and alpha-beta
//   - p002.go    paper 002, Adjacency: minimax, simulated annealing, genetic algorithm
//   - p003.go    paper 003, Connect Four: minimax to depth 6, random among equal columns
//   - p004.go    paper 004, Othello: greedy by number, alpha-beta with greedy ordering
package papers

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"boardgames/ai"
	"boardgames/ai/internal/yield"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// Params are the few choices a paper leaves open. The zero value is the
// paper's own setting.
type Params struct {
	// Depth is the search depth in plies of the bots whose paper measured
	// several (001: 4, 6, 8; 004: 1 to 9); 0 is the bot's default.
	Depth int
	// Seed seeds the bots that draw at random (002's annealing and genetic
	// algorithm, 003's tie-break, 004's greedy tie-break).
	Seed uint64
	// Progress, if set, is called from the search's goroutine about every
	// 100 ms with what the search has found so far.
	Progress func(ai.Info)
	// Limit replaces the time limit of paper 002's minimax, 5 s (0 = the
	// paper's). For tests and slow machines.
	Limit time.Duration
	// Nodes, if not 0, replaces that time limit by a node budget: the bot
	// stops as the time limit would have stopped it at that many nodes
	// (JavaNodes002 is the authors' 5 s at their Java's speed).
	Nodes uint64
	// Variant turns some of the paper's choices into ours or another
	// reading: words of Bot.Variants joined by "+" ("" = the paper's bot as
	// its authors ran it).
	Variant string
	// Eval replaces the evaluation of the bots that take one (Bot.Evals;
	// "" = the bot's own).
	Eval string
}

// Variant is one choice of a paper's bot that a parameter changes: the
// paper's (or its authors' code's) by default, ours or another reading
// when the word is given.
type Variant struct {
	Word string // as written in Params.Variant, such as "nodebreak"
	Help string // what the word changes, in one line
}

// Bot describes a paper's bot.
type Bot struct {
	Name  string // the algorithm name, such as "paper002-genetic"
	Paper string // "000" to "004"
	Game  string // the game it plays
	// Help says which paper and which settings, in one line.
	Help string
	// DefaultDepth and MaxDepth bound Params.Depth for the bots that take
	// a depth; both are 0 for the others.
	DefaultDepth, MaxDepth int
	// Random: the bot draws at random and takes a seed.
	Random bool
	// Variants are the words Params.Variant takes: each turns one of the
	// paper's choices (or quirks of its authors' code) into another.
	Variants []Variant
	// Evals are the evaluations Params.Eval takes, the bot's own first;
	// nil: the paper's evaluation only.
	Evals []string
	// Limited: the bot has a time limit of its own, which Params.Limit
	// or Params.Nodes replace.
	Limited bool
}

// evals001 are the evaluations paper 001's bots take: the paper's four
// factors with weights of our own (the default), the first factor alone
// (pieces) and our strong evaluation.
var evals001 = []string{"factors", "pieces", "strong"}

// Bots lists the papers' bots in paper order. Each plays by default as its
// authors ran it (their code where the paper prints it or is silent);
// Variants name the choices a parameter changes.
var Bots = []Bot{
	{Name: "paper000", Paper: "000", Game: othello.Name,
		Help: "paper 000: minimax with alpha-beta to depth 4, moves row by row, paper 000's positional table " +
			"(corners 5, edges 3, inside 1) summed over its own discs, also at the end of the game; " +
			"play it with the paper's rules (White first, no passing) for the paper's games"},
	{Name: "paper001-negascout", Paper: "001", Game: checkers.Name, DefaultDepth: 6, MaxDepth: 12, Evals: evals001,
		Help: "paper 001: Reinefeld's 1983 NegaScout (re-search when t > m, except the first move and the two lowest " +
			"levels), moves in generation order, paper 001's four factors with weights of our own (the paper gives none); " +
			"the paper used depths 4, 6 and 8",
		Variants: []Variant{{"pvs", "re-search only when alpha < t < beta (principal variation search) instead of Reinefeld's t > m"}}},
	{Name: "paper001-alphabeta", Paper: "001", Game: checkers.Name, DefaultDepth: 6, MaxDepth: 12, Evals: evals001,
		Help: "paper 001: alpha-beta, moves in generation order, paper 001's four factors with weights of our own " +
			"(the paper gives none); the paper used depths 4, 6 and 8"},
	{Name: "paper002-minimax", Paper: "002", Game: adjacency.Name, Limited: true,
		Help: "paper 002 as its authors ran it: alpha-beta on the mark difference, the root move plus min(rounds chosen, 4) " +
			"plies for the whole game, squares row by row, a cut-off that leaves only the row, moves simulated with the " +
			"capture of whole runs (the game takes only the adjacent mark), 5 s limit whose fallback keeps the best root " +
			"move finished",
		Variants: []Variant{
			{"left", "depth from the rounds left, min(rounds left, 4), instead of the rounds chosen"},
			{"nodebreak", "a cut-off ends the node, instead of only the row (the authors' break leaves the inner loop)"},
			{"adjacent", "search the game's own capture (adjacent marks only), instead of the authors' run capture"},
			{"greedy", "when the time runs out, play the greedy move (most own marks) as the paper describes, instead of the authors' fallback, which never changes the move"},
			{"fullboard", "a line that fills the board before the depth scores Integer.MIN_VALUE (bot to move) or MAX_VALUE (opponent to move), as the authors' code does; where their bot would then answer an occupied a1 (a crash), this one plays the first empty square and says so"},
		}},
	{Name: "paper002-annealing", Paper: "002", Game: adjacency.Name, Random: true,
		Help: "paper 002 as its authors ran it: simulated annealing over random squares (T 1.0 to 0.01, cooling 0.995, at " +
			"most 1000 iterations; an occupied square wastes its iteration), objective: own marks after the move, " +
			"simulated with the capture of whole runs (the game takes only the adjacent mark)",
		Variants: []Variant{{"adjacent", "count the objective with the game's own capture (adjacent marks only), instead of the authors' run capture"}}},
	{Name: "paper002-genetic", Paper: "002", Game: adjacency.Name, Random: true,
		Help: "paper 002 as its authors ran it: the printed fitness counts marks on a new, empty board, so every square " +
			"scores 0, the stable sort keeps the first random population, and the bot plays its first empty square " +
			"(a random move); population 50, 50 generations, random parents, uniform crossover, mutation 0.1"},
	{Name: "paper002-genetic-intended", Paper: "002", Game: adjacency.Name, Random: true,
		Help: "paper 002 as its text intends (not as its authors ran it): the same genetic algorithm with the fitness the " +
			"text describes, own marks after the move; population 50, 50 generations, random parents, uniform " +
			"crossover of row and column, mutation 0.1, the best 50 of parents and children kept"},
	{Name: "paper003", Paper: "003", Game: connect4.Name, Random: true,
		Help: "paper 003: plain minimax (no alpha-beta) to depth 6 counting its own move, a win at depth d worth " +
			"7-d and a loss -(7-d), equal columns chosen at random"},
	{Name: "paper004-greedy", Paper: "004", Game: othello.Name, Random: true,
		Help:     "paper 004: greedy by number, the move that flips the most discs, ties at random",
		Variants: []Variant{{"winsfirst", "a move that ends the game with a win goes first (ours, not the paper's)"}}},
	{Name: "paper004-alphabeta", Paper: "004", Game: othello.Name, DefaultDepth: 4, MaxDepth: 12,
		Help: "paper 004: alpha-beta with moves sorted by discs flipped, a won game +infinity, a pass not counted in the " +
			"depth, depth d = d plies as the text says; the value of an unfinished leaf, the disc difference, is our " +
			"assumption (the paper gives none); the paper measured depths 1 to 9",
		Variants: []Variant{{"code", "depth d searches d+1 plies, as the paper's pseudo-code (root depth 0, leaf when depth > MaxDepth)"}}},
}

// has reports whether the word w is among p's variant words.
func (p Params) has(w string) bool {
	for _, v := range strings.Split(p.Variant, "+") {
		if strings.TrimSpace(v) == w {
			return true
		}
	}
	return false
}

// Lookup finds a paper's bot by name.
func Lookup(name string) (Bot, bool) {
	for _, b := range Bots {
		if b.Name == name {
			return b, true
		}
	}
	return Bot{}, false
}

// Check reports parameters that make no sense for the bot.
func (b Bot) Check(p Params) error {
	switch {
	case p.Depth < 0 || p.Depth > b.MaxDepth:
		if b.MaxDepth == 0 {
			return fmt.Errorf("%s has the paper's fixed depth and takes none", b.Name)
		}
		return fmt.Errorf("%s: depth %d is outside 1..%d", b.Name, p.Depth, b.MaxDepth)
	case p.Limit < 0:
		return fmt.Errorf("%s: time limit %v is negative", b.Name, p.Limit)
	case (p.Limit != 0 || p.Nodes != 0) && !b.Limited:
		return fmt.Errorf("%s has no time limit of its own to replace", b.Name)
	case p.Eval != "" && !slices.Contains(b.Evals, p.Eval):
		if len(b.Evals) == 0 {
			return fmt.Errorf("%s uses its paper's evaluation and takes no eval", b.Name)
		}
		return fmt.Errorf("%s: unknown evaluation %q (choose %s)", b.Name, p.Eval, strings.Join(b.Evals, ", "))
	}
	if p.Variant == "" {
		return nil
	}
	var words []string
	for _, v := range b.Variants {
		words = append(words, v.Word)
	}
	for _, w := range strings.Split(p.Variant, "+") {
		if !slices.Contains(words, strings.TrimSpace(w)) {
			if len(words) == 0 {
				return fmt.Errorf("%s has no variant: it plays as its paper's authors ran it", b.Name)
			}
			return fmt.Errorf("%s: unknown variant %q (choose among %s, joined by +)", b.Name, w, strings.Join(words, ", "))
		}
	}
	return nil
}

// depth is the depth the bot searches with p.
func (b Bot) depth(p Params) int {
	if p.Depth > 0 {
		return p.Depth
	}
	return b.DefaultDepth
}

var errNoMoves = errors.New("papers: the game is over, there is no move to search")

// Run runs the bot called name on pos, which must be a position of the
// bot's game (othello.Position, checkers.Position, ...). The search stops
// early when ctx ends and still returns a legal move. Info.Algo is name.
func Run(ctx context.Context, name string, pos any, p Params) (ai.Info, error) {
	b, ok := Lookup(name)
	if !ok {
		return ai.Info{}, fmt.Errorf("papers: unknown bot %q", name)
	}
	if err := b.Check(p); err != nil {
		return ai.Info{}, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	var (
		info ai.Info
		err  = fmt.Errorf("papers: %s plays %s, not this game", name, b.Game)
	)
	switch s := pos.(type) {
	case othello.Position:
		switch name {
		case "paper000":
			info, err = othello000(ctx, s, p)
		case "paper004-greedy":
			info, err = othelloGreedy004(ctx, s, p)
		case "paper004-alphabeta":
			d := b.depth(p)
			if p.has("code") {
				d++ // MaxDepth + 1 plies, as the pseudo-code searches
			}
			info, err = othelloAlphaBeta004(ctx, s, d, p)
		}
	case checkers.Position:
		if b.Game == checkers.Name {
			info, err = checkers001(ctx, name, s, b.depth(p), p)
		}
	case adjacency.Position:
		switch name {
		case "paper002-minimax":
			info, err = adjacencyMinimax002(ctx, s, p)
		case "paper002-annealing":
			info, err = adjacencyAnnealing002(ctx, s, p)
		case "paper002-genetic":
			info, err = adjacencyGenetic002(ctx, s, p, false)
		case "paper002-genetic-intended":
			info, err = adjacencyGenetic002(ctx, s, p, true)
		}
	case connect4.Position:
		if name == "paper003" {
			info, err = connect4Minimax003(ctx, s, p)
		}
	}
	if err != nil {
		return ai.Info{Algo: name}, err
	}
	info.Algo = name
	info.Elapsed = time.Since(start)
	return info, nil
}

// newRand returns the generator of a bot's random draws.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// meter counts what a depth-first search does, polls the context and the
// time limit every pollEvery nodes, and reports progress every
// progressEvery.
type meter struct {
	ctx      context.Context
	start    time.Time
	deadline time.Time // zero: no time limit of the bot's own
	budget   uint64    // a node budget in place of the time limit (0: none)
	progress func(ai.Info)
	next     time.Time // the next progress report

	nodes, leaves, cutoffs uint64
	stopped                bool // the context ended or the time ran out
	timedOut               bool // the bot's own time limit ran out

	// The root moves finished so far and the best of them, for progress
	// reports and for a search that is stopped.
	root []ai.MoveScore
	best int // index in root, -1 before the first
}

const (
	pollEvery     = 1024
	progressEvery = 100 * time.Millisecond
)

func newMeter(ctx context.Context, p Params, limit time.Duration) *meter {
	now := time.Now()
	m := &meter{ctx: ctx, start: now, progress: p.Progress, next: now.Add(progressEvery), best: -1}
	switch {
	case p.Nodes > 0 && limit > 0: // the bot's own limit, counted in nodes
		m.budget = p.Nodes
	case limit > 0:
		m.deadline = now.Add(limit)
	}
	return m
}

// node counts a node and reports whether the search must unwind.
func (m *meter) node() bool {
	m.nodes++
	if m.budget > 0 && m.nodes > m.budget {
		m.stopped, m.timedOut = true, true
	}
	if m.nodes%pollEvery == 0 {
		m.poll()
	}
	return m.stopped
}

// poll checks the context and the time limit, and reports progress when
// it is due.
func (m *meter) poll() {
	yield.Point() // the browser's page runs (nothing elsewhere)
	if m.ctx.Err() != nil {
		m.stopped = true
		return
	}
	now := time.Now()
	if !m.deadline.IsZero() && now.After(m.deadline) {
		m.stopped, m.timedOut = true, true
		return
	}
	if m.progress != nil && now.After(m.next) {
		m.next = now.Add(progressEvery)
		m.progress(m.info(0))
	}
}

// rootMove records a finished root move; strictly better replaces the
// best, so the first of equal moves stays.
func (m *meter) rootMove(mv rules.Move, v int) {
	m.root = append(m.root, ai.MoveScore{Move: mv, Score: v})
	if m.best < 0 || v > m.root[m.best].Score {
		m.best = len(m.root) - 1
	}
}

// info is what the search has found: the best root move so far, the
// counters and depth.
func (m *meter) info(depth int) ai.Info {
	info := ai.Info{Depth: depth, Nodes: m.nodes, Leaves: m.leaves, Cutoffs: m.cutoffs, Elapsed: time.Since(m.start)}
	if m.best >= 0 {
		info.Move, info.Score = m.root[m.best].Move, m.root[m.best].Score
		info.PV = []rules.Move{info.Move}
	}
	info.Moves = sortedScores(m.root)
	return info
}

// sortedScores returns a copy of scores, best first, equal ones in search
// order.
func sortedScores(scores []ai.MoveScore) []ai.MoveScore {
	out := append([]ai.MoveScore(nil), scores...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Score > out[j-1].Score; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// pvTable is a triangular principal-variation table for plies 0..n-1.
type pvTable struct {
	moves [][]rules.Move
	n     []int
}

func newPV(plies int) *pvTable {
	t := &pvTable{moves: make([][]rules.Move, plies+1), n: make([]int, plies+2)}
	for i := range t.moves {
		t.moves[i] = make([]rules.Move, plies+1)
	}
	return t
}

// clear empties the variation of the node at ply.
func (t *pvTable) clear(ply int) { t.n[ply] = 0 }

// set makes m followed by the child's variation the variation at ply.
func (t *pvTable) set(ply int, m rules.Move) {
	row, child := t.moves[ply], t.moves[ply+1]
	row[0] = m
	k := copy(row[1:], child[:t.n[ply+1]])
	t.n[ply] = k + 1
}

// line returns a copy of the root's variation.
func (t *pvTable) line() []rules.Move { return append([]rules.Move(nil), t.moves[0][:t.n[0]]...) }
