package match

import (
	"fmt"

	"boardgames/ai/gtp"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// Recorded is what a game's record says beyond its moves: its result when
// the game ended before its rules end it (a forfeit, a resignation, an
// agreed or adjudicated draw), how it ended, and the record's tags (see
// gamefile.File).
type Recorded struct {
	Result rules.Result // rules.Ongoing: the moves' own
	Ending records.Ending
	Tags   []records.Tag
}

// LoadRecorded is Load for a game whose record says more than its moves:
// a result given before the moves' end finishes the game at once, so that
// no bot plays on from it.
func (c *Controller) LoadRecorded(g *games.Game, s games.Settings, rec games.Record, r Recorded) {
	c.recorded, c.recordedPly = r, rec.Len()
	c.load(g, s, rec)
}

// Recorded returns what the game's record says beyond its moves, as it
// stands: its Result only while the game is over by it (an Undo takes it
// back).
func (c *Controller) Recorded() Recorded {
	r := c.recorded
	r.Tags = append([]records.Tag(nil), r.Tags...)
	if !c.endedEarly() {
		r.Result = rules.Ongoing
		if !c.rec.Result().Over() {
			r.Ending = records.Ending{}
		}
	}
	return r
}

// endedEarly reports whether the game is over by its record's result,
// before its rules end it.
func (c *Controller) endedEarly() bool {
	return c.recorded.Result.Over() && c.rec.Len() == c.recordedPly && !c.rec.Result().Over()
}

// Result is the result of the game, repetition included: the moves' own,
// or the one the game ended with before them (a forfeit, a resignation).
func (c *Controller) Result() rules.Result {
	if c.endedEarly() {
		return c.recorded.Result
	}
	return c.rec.Result()
}

// endByFault ends the game: the program of player p lost it by fault f.
func (c *Controller) endByFault(p rules.Player, f *gtp.Fault) {
	c.recorded.Result = rules.WinFor(p.Other())
	c.recorded.Ending = records.Forfeited(c.game.PlayerName(p), c.seats[p].Spec.String(), f.Error(), f.Kind == gtp.FaultResigned)
	c.recordedPly = c.rec.Len()
}

// earlyResultText words a result the game ended with before its rules
// ended it: who won and how, with the record's reason.
func (c *Controller) earlyResultText() string {
	r, e := c.recorded.Result, c.recorded.Ending
	winner, won := r.Winner()
	var s string
	switch {
	case !won && e.Kind == records.AgreedDraw:
		s = tr.T("Draw by agreement.")
	case !won && e.Kind == records.Adjudication:
		s = tr.T("Draw by adjudication.")
	case !won:
		s = tr.T("Draw (as recorded: the moves stop before the end).")
	case e.Kind == records.Forfeit:
		s = tr.F("%s wins by forfeit.", c.PlayerName(winner))
	case e.Kind == records.Resignation:
		s = tr.F("%s wins: %s resigned.", c.PlayerName(winner), c.PlayerName(winner.Other()))
	case e.Kind == records.TimeForfeit:
		s = tr.F("%s wins on time.", c.PlayerName(winner))
	case e.Kind == records.Adjudication:
		s = tr.F("%s wins by adjudication.", c.PlayerName(winner))
	default:
		s = tr.F("%s wins (as recorded: the moves stop before the end).", c.PlayerName(winner))
	}
	if e.Reason != "" {
		s = fmt.Sprintf("%s %s", s, e.Reason)
	}
	return s
}
