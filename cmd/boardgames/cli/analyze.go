package cli

import (
	"context"
	"flag"
	"fmt"
	"os/signal"
	"strings"
	"syscall"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/rules"
	"boardgames/rules/games"
)

func init() {
	commands["analyze"] = command{"run one algorithm on a position: move, score, depth, nodes, time, PV", runAnalyze}
}

// botFlags are the flags that make a bot: -algo and every parameter of
// bots.Spec; only the ones given are applied, so a parameter the algorithm
// does not take is reported instead of ignored.
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

// spec builds the bot from the flags that were given.
func (b *botFlags) spec() (bots.Spec, error) {
	text := strings.ToLower(strings.TrimSpace(b.algo))
	var kv []string
	b.fs.Visit(func(f *flag.Flag) {
		if bots.Help(f.Name) != "" {
			kv = append(kv, f.Name+"="+f.Value.String())
		}
	})
	if len(kv) > 0 {
		text += ":" + strings.Join(kv, ",")
	}
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return bots.Spec{}, badInput(err)
	}
	return spec, nil
}

// interruptible is a context that ends on Ctrl+C, so a long search still
// prints what it found.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
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
		PV: pvStrings(pos, info.PV), Moves: []moveScore{}, Exact: info.Exact, Fallback: info.Fallback,
	}
	for _, ms := range info.Moves {
		out.Moves = append(out.Moves, moveScore{pos.MoveString(ms.Move), ms.Score, ms.Visits})
	}
	return out
}

// pvStrings formats a line of moves, each in the position it is played
// from; it stops at the first move that is not legal there.
func pvStrings(pos games.Position, pv []rules.Move) []string {
	out := []string{}
	for _, m := range pv {
		legal := false
		for _, l := range pos.Legal() {
			legal = legal || l == m
		}
		if !legal {
			break
		}
		out = append(out, pos.MoveString(m))
		pos = pos.Play(m)
	}
	return out
}

func runAnalyze(e *env, args []string) error {
	var pf posFlags
	var bf botFlags
	fs := e.newFlags("analyze", "-game G (-moves LIST | -position POS) -algo NAME [-depth D] [-time DUR] [-eval NAME] [-seed S] [algorithm parameters] [-json]")
	pf.register(fs.FlagSet)
	bf.register(fs.FlagSet)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return err
	}
	_, rec, err := pf.load()
	if err != nil {
		return err
	}
	spec, err := bf.spec()
	if err != nil {
		return err
	}
	if rec.Result().Over() {
		return badInputf("the game is over (%s): nothing to analyze", rec.Result())
	}
	pos := rec.Position()
	ctx, stop := interruptible()
	defer stop()
	info, err := bots.Think(ctx, pos, spec)
	if err != nil {
		return badInput(err)
	}
	out := toJSON(pos, spec, info)
	if *asJSON {
		return e.printJSON(out)
	}
	fmt.Fprintf(e.stdout, "%s on %s, %s to move\n", out.Bot, pos.Game(), pos.ToMove())
	fmt.Fprintf(e.stdout, "best move: %s   score: %d%s   depth: %d\n", out.Move, out.Score, exactMark(info), out.Depth)
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
	if info.Fallback {
		fmt.Fprintln(e.stdout, "(no search finished in time: the move is the greedy fallback)")
	}
	return nil
}

func exactMark(info ai.Info) string {
	if info.Exact {
		return " (exact)"
	}
	return ""
}
