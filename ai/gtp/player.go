package gtp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"boardgames/rules"
	"boardgames/rules/games"
)

// Budget is the time an engine may take: per move and in all for a game
// (0: no limit). A move that takes longer than its share (with its grace)
// loses the game.
type Budget struct {
	Move, Total time.Duration
	// Grace is the time a move may run over its share before it is too
	// slow (0: the default, func Grace).
	Grace time.Duration
}

// Grace is the default time a move may run over its budget before it
// counts as too slow: the pipe's and the scheduler's delays, 100 ms plus
// 5 % of the budget.
func Grace(budget time.Duration) time.Duration { return 100*time.Millisecond + budget/20 }

// grace is the time a move whose share is allowed may run over it.
func (b Budget) grace(allowed time.Duration) time.Duration {
	if b.Grace > 0 {
		return b.Grace
	}
	return Grace(allowed)
}

// Timeouts of the commands other than genmove, which the engine should
// answer at once.
const (
	// StartTimeout bounds the handshake after the engine starts (a Java
	// virtual machine takes about half a second to start).
	StartTimeout = 15 * time.Second
	// CommandTimeout bounds every other command.
	CommandTimeout = 5 * time.Second
)

// FaultKind says how an engine misbehaved.
type FaultKind string

// The faults that lose an engine its game.
const (
	FaultTimeout   FaultKind = "timeout"         // no reply within the time budget
	FaultCrash     FaultKind = "crash"           // the program ended or closed its output
	FaultIllegal   FaultKind = "illegal move"    // genmove answered with a move that is not legal
	FaultMalformed FaultKind = "malformed reply" // a reply that breaks the protocol
	FaultRefused   FaultKind = "refused"         // a '?' reply to a command it must accept
	FaultResigned  FaultKind = "resigned"        // genmove answered "resign"
)

// Fault is an engine's misbehaviour: it loses the game it was playing.
type Fault struct {
	Kind   FaultKind
	Detail string // what happened, in a sentence part
}

func (f *Fault) Error() string {
	if f.Detail == "" {
		return string(f.Kind)
	}
	return string(f.Kind) + ": " + f.Detail
}

// AsFault returns the Fault in err's chain, if any.
func AsFault(err error) (*Fault, bool) {
	var f *Fault
	ok := errors.As(err, &f)
	return f, ok
}

// Player drives an engine through games on a Client: it sets the game up,
// tells the engine the moves played since it last heard and asks it for
// its moves, checking each one. Every misbehaviour of the engine comes
// back as a *Fault.
type Player struct {
	c             *Client
	Name, Version string
	known         map[string]bool
	budget        Budget
	used          time.Duration // time taken by genmove this game
	seed          uint64
	seeded        bool // send seed with CmdSeed

	game     *games.Game
	settings games.Settings
	start    games.Position // the position the engine was set up with; nil before NewGame
	sent     []rules.Move   // the moves the engine has played on its board since start
}

// Handshake asks a freshly started engine its name, version and commands.
// A missing name or version is no fault; a missing list_commands is.
func Handshake(ctx context.Context, c *Client, budget Budget) (*Player, error) {
	ctx, cancel := context.WithTimeout(ctx, StartTimeout)
	defer cancel()
	p := &Player{c: c, known: map[string]bool{}, budget: budget}
	list, err := c.Send(ctx, "list_commands")
	if err != nil {
		return nil, p.fault(err, "list_commands")
	}
	for _, l := range strings.Split(list, "\n") {
		p.known[strings.TrimSpace(l)] = true
	}
	for _, need := range []string{"play", "genmove", "clear_board"} {
		if !p.known[need] {
			return nil, &Fault{Kind: FaultRefused, Detail: "list_commands has no " + need}
		}
	}
	if p.known["name"] {
		p.Name, _ = c.Send(ctx, "name")
	}
	if p.known["version"] {
		p.Version, _ = c.Send(ctx, "version")
	}
	if c.Broken() != nil {
		return nil, p.fault(c.Broken(), "name")
	}
	return p, nil
}

// SetSeed gives the engine a seed for its random choices: NewGame sends
// it with CmdSeed (if the engine lists the command), reduced to 0..2^63-1
// so that every language's signed 64-bit integer holds it.
func (p *Player) SetSeed(seed uint64) { p.seed, p.seeded = seed&(1<<63-1), true }

// Knows reports whether the engine listed a command.
func (p *Player) Knows(cmd string) bool { return p.known[cmd] }

// Used is the time the engine's moves took this game.
func (p *Player) Used() time.Duration { return p.used }

// send runs a command that must succeed, within CommandTimeout.
func (p *Player) send(ctx context.Context, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, CommandTimeout)
	defer cancel()
	r, err := p.c.Send(ctx, name, args...)
	if err != nil {
		return "", p.fault(err, name)
	}
	return r, nil
}

// fault turns a Client error into a Fault; the caller's own cancellation
// stays what it is.
func (p *Player) fault(err error, cmd string) error {
	var f *Failure
	switch {
	case errors.As(err, &f):
		return &Fault{Kind: FaultRefused, Detail: fmt.Sprintf("%s answered %q", f.Command, "? "+f.Message)}
	case errors.Is(err, context.DeadlineExceeded):
		return &Fault{Kind: FaultTimeout, Detail: err.Error()}
	case errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, ErrMalformed):
		return &Fault{Kind: FaultMalformed, Detail: err.Error()}
	}
	return &Fault{Kind: FaultCrash, Detail: err.Error()}
}

// NewGame sets the engine up for a game of g under s from start (nil: the
// start position). A setting the rules give a default needs no command;
// another one needs the engine to know the extension command, and a game
// other than Othello needs set_game.
func (p *Player) NewGame(ctx context.Context, g *games.Game, s games.Settings, start games.Position) error {
	std, err := g.Start(s)
	if err != nil {
		return err
	}
	if start == nil {
		start = std
	}
	p.game, p.settings, p.start, p.sent, p.used = g, s, nil, nil, 0
	switch {
	case p.known["set_game"]:
		if _, err := p.send(ctx, "set_game", g.Title); err != nil {
			return err
		}
	case g.Name != "othello":
		return &Fault{Kind: FaultRefused, Detail: "the engine has no set_game command, so it plays Othello only"}
	}
	if g.Width == g.Height {
		if _, err := p.send(ctx, "boardsize", strconv.Itoa(g.Width)); err != nil {
			return err
		}
	}
	type setting struct {
		cmd, value string
		isDefault  bool
	}
	var settings []setting
	if g.Has(games.SettingFirst) {
		settings = append(settings, setting{CmdFirst, colourName(s.First), s.First == rules.Black})
	}
	if g.Has(games.SettingNoPass) {
		settings = append(settings, setting{CmdNoPass, strconv.FormatBool(s.NoPass), !s.NoPass})
	}
	if g.Has(games.SettingRounds) {
		r := cmpOr(s.Rounds, 28)
		settings = append(settings, setting{CmdRounds, strconv.Itoa(r), r == 28})
	}
	if g.Has(games.SettingDrawMoves) {
		d := cmpOr(s.DrawMoves, 40)
		settings = append(settings, setting{CmdDrawMoves, strconv.Itoa(d), d == 40})
	}
	for _, st := range settings {
		switch {
		case p.known[st.cmd]:
			if _, err := p.send(ctx, st.cmd, st.value); err != nil {
				return err
			}
		case !st.isDefault:
			return &Fault{Kind: FaultRefused, Detail: fmt.Sprintf("the game needs %s %s, which the engine does not know", st.cmd, st.value)}
		}
	}
	if _, err := p.send(ctx, "clear_board"); err != nil {
		return err
	}
	if start.String() != std.String() || start.ToMove() != std.ToMove() {
		if !p.known[CmdPosition] {
			return &Fault{Kind: FaultRefused, Detail: "the game starts from a set position and the engine does not know " + CmdPosition}
		}
		if _, err := p.send(ctx, CmdPosition, start.String()); err != nil {
			return err
		}
	}
	if p.known["time_settings"] && (p.budget.Move > 0 || p.budget.Total > 0) {
		// GTP's clock (section 4.2 of the specification): main time for
		// the game, or none and byo-yomi of one move per period.
		main, byo, stones := wholeSeconds(p.budget.Total), "0", "0"
		if p.budget.Total == 0 {
			main, byo, stones = "0", wholeSeconds(p.budget.Move), "1"
		}
		if _, err := p.send(ctx, "time_settings", main, byo, stones); err != nil {
			return err
		}
	}
	if p.seeded && p.known[CmdSeed] {
		if _, err := p.send(ctx, CmdSeed, strconv.FormatUint(p.seed, 10)); err != nil {
			return err
		}
	}
	p.start = start
	return nil
}

func cmpOr(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// colourName is a colour as the commands write it.
func colourName(c rules.Player) string {
	if c == rules.White {
		return "w"
	}
	return "b"
}

// wholeSeconds writes a budget in the whole seconds GTP's time commands
// take, rounded up and at least 1: an engine told 0 would take it for no
// time at all (or for no limit).
func wholeSeconds(d time.Duration) string {
	return strconv.FormatInt(max(int64((d+time.Second-1)/time.Second), 1), 10)
}

// secondsLeft writes the time left on a game's clock in whole seconds,
// rounded down (an engine that plans its game on it must not be told of
// time it has not got), but at least 1 while any is left.
func secondsLeft(d time.Duration) string {
	return strconv.FormatInt(max(int64(d/time.Second), 1), 10)
}

// sync brings the engine's board to rec: the moves it has not heard yet
// with play, moves taken back with undo (or, without undo, the game set up
// again).
func (p *Player) sync(ctx context.Context, rec games.Record) error {
	if p.start == nil || rec.Start().String() != p.start.String() {
		if err := p.NewGame(ctx, p.game, p.settings, rec.Start()); err != nil {
			return err
		}
	}
	moves := rec.Moves()
	k := 0
	for k < len(p.sent) && k < len(moves) && p.sent[k] == moves[k] {
		k++
	}
	if k < len(p.sent) {
		if p.known["undo"] {
			for len(p.sent) > k {
				if _, err := p.send(ctx, "undo"); err != nil {
					return err
				}
				p.sent = p.sent[:len(p.sent)-1]
			}
		} else {
			used := p.used
			if err := p.NewGame(ctx, p.game, p.settings, rec.Start()); err != nil {
				return err
			}
			p.used, k = used, 0
		}
	}
	for i := k; i < len(moves); i++ {
		pos := rec.At(i)
		if _, err := p.send(ctx, "play", colourName(pos.ToMove()), pos.MoveString(moves[i])); err != nil {
			return err
		}
		p.sent = append(p.sent, moves[i])
	}
	return nil
}

// Allowed is the time the next move may take under the budget (0: no
// limit), before Grace.
func (p *Player) Allowed() time.Duration {
	a := p.budget.Move
	if t := p.budget.Total; t > 0 {
		left := max(t-p.used, 0)
		if a == 0 || left < a {
			a = left
		}
	}
	return a
}

// GenMove asks the engine for the move of the side to move after rec (a
// game of the game NewGame set up, not over), telling it first the moves
// it has not heard. It returns the move and the time the engine took; a
// move that is not legal, a reply after the budget and every other
// misbehaviour is a *Fault. A cancelled ctx returns ctx's error.
func (p *Player) GenMove(ctx context.Context, rec games.Record) (rules.Move, time.Duration, error) {
	if p.game == nil {
		return 0, 0, errors.New("gtp: GenMove before NewGame")
	}
	if err := p.sync(ctx, rec); err != nil {
		return 0, 0, err
	}
	pos := rec.Position()
	side := colourName(pos.ToMove())
	allowed := p.Allowed()
	if allowed > 0 && p.known["time_left"] {
		// The time left on the clock time_settings described: the game's
		// (for all its moves, 0 stones) or this move's byo-yomi period.
		left, stones := wholeSeconds(p.budget.Move), "1"
		if p.budget.Total > 0 {
			left, stones = secondsLeft(p.budget.Total-p.used), "0"
		}
		if _, err := p.send(ctx, "time_left", side, left, stones); err != nil {
			return 0, 0, err
		}
	}
	if allowed > 0 && p.known[CmdTimeLeftMS] {
		if _, err := p.send(ctx, CmdTimeLeftMS, side, strconv.FormatInt(allowed.Milliseconds(), 10)); err != nil {
			return 0, 0, err
		}
	}
	gctx := ctx
	if allowed > 0 || p.budget.Total > 0 {
		var cancel context.CancelFunc
		gctx, cancel = context.WithTimeout(ctx, allowed+p.budget.grace(allowed))
		defer cancel()
	}
	began := time.Now()
	reply, err := p.c.Send(gctx, "genmove", side)
	took := time.Since(began)
	p.used += took
	if err != nil {
		if ctx.Err() != nil {
			return 0, took, ctx.Err()
		}
		if errors.Is(err, context.DeadlineExceeded) {
			grace := p.budget.grace(allowed)
			return 0, took, &Fault{Kind: FaultTimeout, Detail: fmt.Sprintf("no move within %s (the budget %s plus %s of grace)",
				seconds3(allowed+grace), seconds3(allowed), seconds3(grace))}
		}
		return 0, took, p.fault(err, "genmove")
	}
	if strings.EqualFold(reply, "resign") {
		return 0, took, &Fault{Kind: FaultResigned, Detail: "genmove answered resign"}
	}
	m, err := pos.ParseMove(reply)
	if err != nil {
		return 0, took, &Fault{Kind: FaultIllegal, Detail: fmt.Sprintf("genmove %s answered %s: %v", side, quoteLine(reply), err)}
	}
	p.sent = append(p.sent, m)
	return m, took, nil
}

func seconds3(d time.Duration) string {
	return strconv.FormatFloat(math.Round(d.Seconds()*1000)/1000, 'f', -1, 64) + " s"
}

// Quit sends quit (within a second); the engine should then exit.
func (p *Player) Quit(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if p.c.Broken() == nil {
		p.c.Send(ctx, "quit")
	}
}
