package match

import (
	"context"
	"errors"
	"strings"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/gtp"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
)

// externals are the external programs seated in the match (bots.External),
// one per colour at most: each is started at its first move, kept for the
// game and stopped when the game, the seat or the window changes.
type externals struct {
	seat  [2]*bots.External
	specs [2]string // the spec each was started for
	// notes are the forfeits of this game and the programs' last lines of
	// standard error, for the saved game (see Notes).
	notes []string
}

// Notes are what the saved game should keep of the external programs'
// faults this game: which program forfeited, why, and its last lines of
// standard error.
func (c *Controller) Notes() []string { return append([]string(nil), c.ext.notes...) }

// externalThink is the search of an external program seated for p: its
// session asked for a move after the record as it is now. It runs on the
// search goroutine; the controller's goroutine does not touch the session
// until the search has ended.
func (c *Controller) externalThink(p rules.Player, spec bots.Spec) ThinkFunc {
	x := c.ext.seat[p]
	if x == nil || c.ext.specs[p] != spec.String() {
		c.closeExternal(p)
		var err error
		if x, err = bots.NewExternal(spec, c.game, c.settings); err != nil {
			return func(context.Context, games.Position, bots.Spec) (ai.Info, error) { return ai.Info{}, err }
		}
		x.SandboxOptional() // the user chose the program: it runs where there is no sandbox too
		c.ext.seat[p], c.ext.specs[p] = x, spec.String()
	}
	rec := c.rec.Clone()
	return func(ctx context.Context, _ games.Position, _ bots.Spec) (ai.Info, error) {
		info, err := x.Move(ctx, rec)
		if err != nil && ctx.Err() != nil {
			// Stopped in the middle of a reply (Move now): a program has
			// no best move so far to give. It starts again next time.
			x.Close()
			err = errors.New(tr.T("an external program has no best move so far to play: it was stopped, and Resume asks it again"))
		}
		return info, err
	}
}

// closeExternal stops the program seated for p, if any.
func (c *Controller) closeExternal(p rules.Player) {
	if x := c.ext.seat[p]; x != nil {
		x.Close()
	}
	c.ext.seat[p], c.ext.specs[p] = nil, ""
}

// closeExternals stops every program; newGame forgets the notes too.
func (c *Controller) closeExternals(newGame bool) {
	for p := range c.ext.seat {
		c.closeExternal(rules.Player(p))
	}
	if newGame {
		c.ext.notes = nil
	}
}

// forfeit says that the program of player p lost the game by a fault, and
// keeps it, with the program's last lines of standard error, for the
// saved game. The game is over: the other colour wins by forfeit, which
// the result says (Result, ResultText) and the saved game keeps.
func (c *Controller) forfeit(p rules.Player, f *gtp.Fault) {
	name := c.PlayerName(p)
	c.paused = true
	var lines []string
	if x := c.ext.seat[p]; x != nil {
		lines = x.Close()
	}
	c.ext.seat[p], c.ext.specs[p] = nil, ""
	c.ext.notes = append(c.ext.notes, tr.F("%s (%s) forfeits the game after move %d: %v.", name, c.seats[p].Spec, c.rec.Len(), f))
	if len(lines) > 0 {
		c.ext.notes = append(c.ext.notes, tr.F("Its last lines on standard error: %s", "\n  "+strings.Join(lines, "\n  ")))
	}
	c.endByFault(p, f)
	c.note = tr.F("%s's program loses the game: %v.", name, f)
	if len(lines) > 0 {
		c.note += " " + tr.F("Its last line on standard error: %s", lines[len(lines)-1])
	}
	c.changed()
}
