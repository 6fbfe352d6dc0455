package cli

import (
	"context"
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/ai/lab"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

func init() {
	commands["analyze"] = command{"run one algorithm on a position: move, score, depth, nodes, time, PV", staged(prepareAnalyze)}
}

// DefaultAnalyzeTime is the engine's time budget in analyze when neither
// -depth nor -time is given.
const DefaultAnalyzeTime = time.Second

// botFlags are the flags that make one bot: -algo and every parameter of
// bots.Spec. They are the bot's own parameters, so a flag the algorithm
// does not take is bad input (compare's shared flags are another matter:
// there each applies to the algorithms that take it).
type botFlags struct {
	algo string
	fs   *flag.FlagSet
}

func (b *botFlags) register(fs *flag.FlagSet) {
	b.fs = fs
	fs.StringVar(&b.algo, "algo", "engine", "algorithm: "+strings.Join(bots.Names(""), ", "))
	for _, k := range bots.Keys() {
		if bots.IsFlag(k) {
			fs.Bool(k, false, bots.Help(k))
			continue
		}
		fs.String(k, "", bots.Help(k))
	}
}

// spec builds the bot from the flags that were given; the engine without
// -depth or -time gets DefaultAnalyzeTime.
func (b *botFlags) spec() (bots.Spec, error) {
	algo := strings.ToLower(strings.TrimSpace(b.algo))
	if strings.HasPrefix(algo, bots.GTP+":") {
		return b.external()
	}
	if _, ok := bots.Lookup(algo); !ok {
		return bots.Spec{}, badInputf("-algo %s: unknown algorithm (choose %s)", rules.ShowText(b.algo), strings.Join(bots.Names(""), ", "))
	}
	takes := bots.ParamsFor(algo)
	var kv []string
	var stray error
	b.fs.Visit(func(f *flag.Flag) {
		if bots.Help(f.Name) == "" || stray != nil {
			return
		}
		if !slices.Contains(takes, f.Name) {
			stray = badInputf("-%s does not apply to %s, which takes %s", f.Name, algo, flagList(takes))
			return
		}
		kv = append(kv, f.Name+"="+f.Value.String())
	})
	if stray != nil {
		return bots.Spec{}, stray
	}
	if algo == "engine" && !slices.ContainsFunc(kv, func(p string) bool {
		return strings.HasPrefix(p, bots.KeyDepth+"=") || strings.HasPrefix(p, bots.KeyTime+"=")
	}) {
		kv = append(kv, bots.KeyTime+"="+DefaultAnalyzeTime.String())
	}
	text := algo
	if len(kv) > 0 {
		text += ":" + strings.Join(kv, ",")
	}
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return bots.Spec{}, badInput(err)
	}
	return spec, nil
}

// external builds an external program's spec: -algo gtp:"COMMAND ARGS",
// and the flags it takes (-time, -total, -memory, -name).
func (b *botFlags) external() (bots.Spec, error) {
	spec, err := bots.ParseSpec(b.algo)
	if err != nil {
		return bots.Spec{}, badInput(err)
	}
	takes := bots.ParamsFor(bots.GTP)
	var stray error
	b.fs.Visit(func(f *flag.Flag) {
		if bots.Help(f.Name) == "" || stray != nil {
			return
		}
		if !slices.Contains(takes, f.Name) {
			stray = badInputf("-%s does not apply to an external program, which takes %s", f.Name, flagList(takes))
			return
		}
		stray = spec.Set(f.Name, f.Value.String())
	})
	if stray == nil {
		stray = spec.CheckProgram()
	}
	if stray != nil {
		return bots.Spec{}, badInput(stray)
	}
	return spec, nil
}

// flagList writes parameter names as flags: "-depth, -time and -eval",
// or "no parameter".
func flagList(keys []string) string {
	if len(keys) == 0 {
		return "no parameter"
	}
	fl := make([]string, len(keys))
	for i, k := range keys {
		fl[i] = "-" + k
	}
	if len(fl) == 1 {
		return fl[0]
	}
	return strings.Join(fl[:len(fl)-1], ", ") + " and " + fl[len(fl)-1]
}

// infoJSON is the JSON form of a search's report.
type infoJSON struct {
	Game     string      `json:"game"`
	Algo     string      `json:"algo"`
	Bot      string      `json:"bot"`
	Move     string      `json:"move"`
	Score    int         `json:"score"`
	Depth    int         `json:"depth"`
	Nodes    uint64      `json:"nodes"`
	Leaves   uint64      `json:"leaves"`
	Cutoffs  uint64      `json:"cutoffs"`
	TTHits   uint64      `json:"ttHits"`
	Seconds  float64     `json:"seconds"`
	NPS      float64     `json:"nodesPerSecond"`
	PV       []string    `json:"pv"`
	Moves    []moveScore `json:"moves"`
	Exact    bool        `json:"exact"`
	Fallback bool        `json:"fallback,omitempty"`
	Unproven bool        `json:"unproven,omitempty"`
	Partial  bool        `json:"partial,omitempty"`
	Note     string      `json:"note,omitempty"`
	// Discs is an Othello search's score as the estimated final disc
	// difference, where its evaluation estimates it (discsEstimate).
	Discs *float64 `json:"discs,omitempty"`
}

// discsEstimate is an Othello search's score in discs of the final margin:
// the score over eval.OthelloPerDisc for the generic searches with an
// evaluation that estimates the margin (strong, pattern); not for exact
// scores (already discs), decided games, other algorithms and other
// evaluations.
func discsEstimate(game string, spec bots.Spec, info ai.Info) (float64, bool) {
	generic := slices.Contains([]string{"minimax", "alphabeta", "negascout", "engine"}, spec.Algo)
	if game != othello.Name || !generic || info.Exact || ai.IsDecided(info.Score) {
		return 0, false
	}
	if n, ok := eval.OthelloPerDisc(spec.Eval); !ok || n == 1 {
		return 0, false
	}
	return eval.OthelloDiscs(spec.Eval, info.Score)
}

type moveScore struct {
	Move   string `json:"move"`
	Score  int    `json:"score"`
	Visits int    `json:"visits,omitempty"`
}

func toJSON(pos games.Position, spec bots.Spec, info ai.Info) infoJSON {
	out := infoJSON{
		Game: pos.Game(), Algo: spec.Algo, Bot: spec.String(),
		Move: pos.MoveString(info.Move), Score: info.Score, Depth: info.Depth,
		Nodes: info.Nodes, Leaves: info.Leaves, Cutoffs: info.Cutoffs, TTHits: info.TTHits,
		Seconds: info.Elapsed.Seconds(), NPS: info.NodesPerSecond(),
		PV: games.LineStrings(pos, info.PV), Moves: []moveScore{}, Exact: info.Exact, Fallback: info.Fallback,
		Unproven: info.Unproven,
		Note:     info.Note,
	}
	if d, ok := discsEstimate(pos.Game(), spec, info); ok {
		d = math.Round(10*d) / 10
		out.Discs = &d
	}
	for _, ms := range info.Moves {
		out.Moves = append(out.Moves, moveScore{pos.MoveString(ms.Move), ms.Score, ms.Visits})
	}
	return out
}

func prepareAnalyze(e *env, args []string) (func() error, error) {
	var pf posFlags
	var bf botFlags
	fs := e.newFlags("analyze", "-game G (-moves LIST | -position POS) -algo NAME [-depth D] [-time DUR] [-eval NAME] [-seed S] [algorithm parameters] [-json]\n\n"+
		"Runs one algorithm on the position. The flags are the bot's parameters: a flag its algorithm does\n"+
		"not take is an error. The engine with neither -depth nor -time thinks for "+DefaultAnalyzeTime.String()+". Ctrl+C stops\n"+
		"the search and prints the best move found so far, marked as partial (exit status 130).\n")
	pf.register(fs.FlagSet)
	bf.register(fs.FlagSet)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	g, rec, err := pf.load()
	if err != nil {
		return nil, err
	}
	spec, err := bf.spec()
	if err != nil {
		return nil, err
	}
	if err := lab.CheckSpec(g.Name, spec); err != nil {
		return nil, badInput(err)
	}
	if res := rec.Result(); res.Over() {
		return nil, badInputf("the game is over (%s): nothing to analyze", resultText(g, res))
	}
	settings, err := pf.settings(g)
	if err != nil {
		return nil, err
	}
	return func() error { return e.analyze(g, settings, rec, spec, *asJSON) }, nil
}

func (e *env) analyze(g *games.Game, settings games.Settings, rec games.Record, spec bots.Spec, asJSON bool) error {
	pos := rec.Position()
	var info ai.Info
	var err error
	if spec.IsExternal() {
		info, err = thinkExternal(e.ctx, g, settings, rec, spec)
	} else {
		spec.Params.Past = games.Past(rec)
		info, err = bots.Think(e.ctx, pos, spec)
	}
	if err != nil {
		return err
	}
	partial := e.ctx.Err() != nil
	out := toJSON(pos, spec, info)
	out.Partial = partial
	stopped := interrupted("the move above is the best found before the search was stopped")
	if asJSON {
		if err := e.printJSON(out); err != nil || !partial {
			return err
		}
		return stopped
	}
	fmt.Fprintf(e.stdout, "%s on %s, %s to move\n", out.Bot, g.Title, playerName(g, pos.ToMove()))
	if partial {
		fmt.Fprintln(e.stdout, "(partial: the search was interrupted; the best move found so far)")
	}
	discs := ""
	if out.Discs != nil {
		discs = fmt.Sprintf(" (%+.1f discs, estimated)", *out.Discs)
	}
	fmt.Fprintf(e.stdout, "best move: %s   score: %d%s%s   depth: %d\n", out.Move, out.Score, scoreNote(info), discs, out.Depth)
	fmt.Fprintf(e.stdout, "nodes: %d   leaves: %d   cut-offs: %d   TT hits: %d\n", out.Nodes, out.Leaves, out.Cutoffs, out.TTHits)
	fmt.Fprintf(e.stdout, "time: %.3f s   %.0f nodes/s\n", out.Seconds, out.NPS)
	if len(out.PV) > 0 {
		fmt.Fprintf(e.stdout, "pv: %s\n", strings.Join(out.PV, " "))
	}
	if len(out.Moves) > 0 {
		fmt.Fprint(e.stdout, "moves:")
		for _, m := range out.Moves {
			if m.Visits > 0 {
				fmt.Fprintf(e.stdout, " %s=%d(%d visits)", m.Move, m.Score, m.Visits)
			} else {
				fmt.Fprintf(e.stdout, " %s=%d", m.Move, m.Score)
			}
		}
		fmt.Fprintln(e.stdout)
	}
	switch {
	case info.Unproven && info.Fallback:
		fmt.Fprintln(e.stdout, "(not proven: the exact solver did not finish in time, nor did the engine's first depth: the move is the greedy fallback)")
	case info.Unproven:
		fmt.Fprintf(e.stdout, "(not proven: the exact solver did not finish in time; the move and score are the engine's, depth %d)\n", info.Depth)
	case info.Fallback:
		fmt.Fprintln(e.stdout, "(no search finished in time: the move is the greedy fallback)")
	}
	if info.Note != "" {
		fmt.Fprintf(e.stdout, "note: %s\n", info.Note)
	}
	if partial {
		return stopped
	}
	return nil
}

// scoreNote says what a score means where the number does not: exact, and
// for a decided game the win or loss and how many plies away it is (the
// score is ai.WinScore minus the plies).
func scoreNote(info ai.Info) string {
	var notes []string
	if info.Exact {
		notes = append(notes, "exact")
	}
	if n, ok := ai.DecidedIn(info.Score); ok && info.Score > 0 {
		notes = append(notes, fmt.Sprintf("a win in %s", plies(n)))
	} else if ok {
		notes = append(notes, fmt.Sprintf("a loss in %s", plies(n)))
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, ": ") + ")"
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// thinkExternal asks an external program for its move after rec: it hears
// the game from its start (so a program without bg-position, such as
// Edax, analyzes a move list), and is stopped after its answer.
func thinkExternal(ctx context.Context, g *games.Game, s games.Settings, rec games.Record, spec bots.Spec) (ai.Info, error) {
	x, err := bots.NewExternal(spec, g, s)
	if err != nil {
		return ai.Info{}, err
	}
	info, err := x.Move(ctx, rec)
	if lines := x.Close(); err != nil && len(lines) > 0 {
		err = fmt.Errorf("%w; its last lines on stderr: %s", err, strings.Join(lines, " | "))
	}
	return info, err
}
