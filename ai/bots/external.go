package bots

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"boardgames/ai"
	"boardgames/ai/gtp"
	"boardgames/ai/gtp/proc"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// GTP is the algorithm name of an external program: any program that
// speaks GTP (package gtp) on its standard input and output, written
// gtp:"COMMAND ARGS" and optionally followed by parameters:
// gtp:"python3 bot.py",time=2s,total=2m,memory=512,name=alice.
const GTP = "gtp"

// Parameters of an external program.
const (
	KeyTotal  = "total"
	KeyMemory = "memory"
	KeyName   = "name"
	KeyDir    = "dir"
	KeyGrace  = "grace"
	KeyStrict = "strict"
)

// DefaultExternalTime is an external program's time budget per move when
// its spec gives none: every program has one, so that none can hang a
// game.
const DefaultExternalTime = 10 * time.Second

// CPUMoves is how many moves at its per-move budget make an external
// program's game budget when its spec gives no total: see CPULimit.
const CPUMoves = 100

// MaxMemoryMiB is the largest memory limit a spec may give an external
// program, 64 GiB.
const MaxMemoryMiB = 64 << 10

func init() {
	register(Algorithm{
		Name:   GTP,
		Help:   "an external program that speaks GTP on its standard input and output, such as gtp:\"python3 bot.py\" (a student's bot, Edax)",
		Params: []string{KeyTime, KeyTotal, KeyMemory, KeyName, KeyDir, KeyGrace, KeyStrict},
		check:  checkExternal,
		think:  thinkOnce,
	})
}

// IsExternal reports whether the spec is an external program.
func (s Spec) IsExternal() bool { return s.Algo == GTP }

// Argv splits the external program's command line into the program and
// its arguments.
func (s Spec) Argv() ([]string, error) { return gtp.SplitCommand(s.Command) }

// Label names the bot for tables: its name parameter, or its command
// line, or the spec itself for the algorithms.
func (s Spec) Label() string {
	switch {
	case s.Name != "":
		return s.Name
	case s.IsExternal():
		return s.Command
	}
	return s.String()
}

func checkExternal(s Spec) error {
	if s.Eval != "" {
		return errors.New("an external program takes no eval")
	}
	if _, err := s.Argv(); err != nil {
		return err
	}
	switch {
	case s.Params.Time < 0 || s.Total < 0 || s.Grace < 0:
		return errors.New("a time budget must not be negative")
	case s.Memory < 0 || s.Memory > MaxMemoryMiB:
		return fmt.Errorf("memory %d MiB is not in 1..%d", s.Memory, MaxMemoryMiB)
	case strings.ContainsAny(s.Name, ",:\"\n"):
		return fmt.Errorf("name %q has a comma, a colon or a quote", s.Name)
	case strings.ContainsAny(s.Dir, ",\n"):
		return fmt.Errorf("dir %q has a comma", s.Dir)
	}
	return nil
}

// CheckProgram reports an external program that cannot run here: its
// working directory or its program is not found (Validate checks only the
// spec's form, so that a saved game or a shard's results naming a program
// of another machine still read). It returns nil for the algorithms.
func (s Spec) CheckProgram() error {
	if !s.IsExternal() {
		return nil
	}
	argv, err := s.Argv()
	if err != nil {
		return err
	}
	_, err = gtp.Program(argv[0], s.Dir)
	return err
}

// CheckSandbox reports an external program that could not start here for
// lack of a sandbox (package proc: one is required unless
// BOARDGAMES_SANDBOX=off), so that a run of many games refuses at once.
// It returns nil for the algorithms.
func (s Spec) CheckSandbox() error {
	if !s.IsExternal() {
		return nil
	}
	return proc.CheckSandbox(proc.SandboxRequired)
}

// budget is the program's time budget.
func (s Spec) budget() gtp.Budget {
	move := s.Params.Time
	if move == 0 {
		move = DefaultExternalTime
	}
	return gtp.Budget{Move: move, Total: s.Total, Grace: s.Grace}
}

// CPULimit is the processor time each process of an external program may
// use in a game (package proc's Limits.CPU): twice the game's time budget
// plus 10 s (for a second thread, the start of a virtual machine, its
// collector), the game's budget being the total, or CPUMoves moves at the
// budget per move. The wall clock counts each move; this limit stops a
// program that works on in the background between its moves.
func CPULimit(b gtp.Budget) time.Duration {
	game := b.Total
	if game == 0 {
		game = CPUMoves * b.Move
	}
	return 2*game + 10*time.Second
}

// External is an external program playing one game: started at its first
// move, kept for the game, stopped by Close. It is used from one goroutine
// at a time; Close may come from another.
type External struct {
	spec     Spec
	game     *games.Game
	settings games.Settings

	mu      sync.Mutex
	eng     *gtp.Engine
	stderr  []string
	closed  bool
	sandbox proc.Sandbox
	starter func(ctx context.Context, argv []string, opt gtp.Options) (*gtp.Engine, error)
	log     io.Writer
	seed    uint64
	seeded  bool
}

// SetLog has the program's conversation and standard error written to w
// (see gtp.Transcript); call it before the first Move.
func (x *External) SetLog(w io.Writer) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.log = w
}

// SetSeed gives the program a seed for its random choices, sent as
// bg-seed if it lists the command; call it before the first Move.
func (x *External) SetSeed(n uint64) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.seed, x.seeded = n, true
}

// NewExternal seats the external program of spec for a game of g under s.
func NewExternal(spec Spec, g *games.Game, s games.Settings) (*External, error) {
	if !spec.IsExternal() {
		return nil, fmt.Errorf("bots: %s is not an external program", spec)
	}
	if err := spec.Validate(g.Name); err != nil {
		return nil, err
	}
	if err := spec.CheckProgram(); err != nil {
		return nil, err
	}
	return &External{spec: spec, game: g, settings: s, starter: gtp.Launch}, nil
}

// Move asks the program for its move after rec: it starts the program at
// the first call, sets the game up from rec's start, tells it the moves
// it has not heard and checks its answer. A forced pass is played without
// asking. A misbehaving program's error is a *gtp.Fault (see
// gtp.AsFault): it has lost the game, and its process is stopped.
func (x *External) Move(ctx context.Context, rec games.Record) (ai.Info, error) {
	pos := rec.Position()
	legal := pos.Legal()
	if len(legal) == 0 {
		return ai.Info{}, errors.New("bots: the game is over")
	}
	info := ai.Info{Algo: GTP}
	if len(legal) == 1 && pos.MoveString(legal[0]) == "pass" {
		info.Move, info.PV = legal[0], legal[:1]
		return info, nil
	}
	eng, err := x.engine(ctx, rec)
	if err != nil {
		return info, err
	}
	m, took, err := eng.GenMove(ctx, rec)
	info.Elapsed = took
	if err != nil {
		return info, err
	}
	info.Move, info.PV = m, []rules.Move{m}
	return info, nil
}

// engine returns the running program, starting it first if needed.
func (x *External) engine(ctx context.Context, rec games.Record) (*gtp.Engine, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closed {
		return nil, errors.New("bots: the external program was stopped")
	}
	if x.eng != nil {
		return x.eng, nil
	}
	argv, err := x.spec.Argv()
	if err != nil {
		return nil, err
	}
	budget := x.spec.budget()
	opt := gtp.Options{
		Budget: budget, Limits: proc.Limits{Memory: int64(x.spec.Memory) << 20, CPU: CPULimit(budget), Sandbox: x.sandbox, Dir: x.spec.Dir},
		Log: x.log, Strict: x.spec.Strict, Seed: x.seed, HasSeed: x.seeded,
	}
	eng, err := x.starter(ctx, argv, opt)
	if err != nil {
		return nil, err
	}
	x.eng = eng
	if err := eng.NewGame(ctx, x.game, x.settings, rec.Start()); err != nil {
		return nil, err
	}
	return eng, nil
}

// SandboxOptional lets the program run without the sandbox where there is
// none (package proc: SandboxPreferred), as the window does for a program
// its user chose; by default a program runs sandboxed or not at all.
// Call it before the first Move.
func (x *External) SandboxOptional() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.sandbox = proc.SandboxPreferred
}

// EngineName is the name the program gave (its name and version), or ""
// before it started.
func (x *External) EngineName() string {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.eng == nil {
		return ""
	}
	return strings.TrimSpace(x.eng.Name + " " + x.eng.Version)
}

// Stderr returns the last lines the program wrote to its standard error.
func (x *External) Stderr() []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.eng != nil {
		return x.eng.Stderr()
	}
	return x.stderr
}

// Close stops the program (quit, then its process group is killed and
// reaped) and returns its last lines of standard error. It may be called
// more than once; a Move running at the time fails.
func (x *External) Close() []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.closed = true
	if x.eng != nil {
		x.stderr = x.eng.Close()
		x.eng = nil
	}
	return x.stderr
}

// thinkOnce is Think for an external program: it starts the program, sets
// up pos (with the settings pos knows), asks for one move and stops it.
func thinkOnce(ctx context.Context, pos games.Position, spec Spec) (ai.Info, error) {
	g, err := games.Lookup(pos.Game())
	if err != nil {
		return ai.Info{}, err
	}
	x, err := NewExternal(spec, g, settingsOf(pos))
	if err != nil {
		return ai.Info{}, err
	}
	defer x.Close()
	info, err := x.Move(ctx, games.NewRecord(pos))
	if f, ok := gtp.AsFault(err); ok {
		if lines := x.Close(); len(lines) > 0 {
			err = fmt.Errorf("%w; its last words on stderr: %s", f, strings.Join(lines, " | "))
		}
	}
	return info, err
}

// settingsOf is what a position tells of its game's settings.
func settingsOf(pos games.Position) games.Settings {
	var s games.Settings
	switch p := pos.Native().(type) {
	case othello.Position:
		s.NoPass = p.NoPass()
	case adjacency.Position:
		s.Rounds = p.Limit()
	}
	return s
}
