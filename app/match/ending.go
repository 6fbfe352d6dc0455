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
// agreed or adjudicated draw), how it ended, the record's tags (see
// gamefile.File), and its comments and evaluations (records.Game's).
type Recorded struct {
	Result rules.Result // rules.Ongoing: the moves' own
	Ending records.Ending
	Tags   []records.Tag
	// Comments and Evals hold while the game follows the record's moves:
	// Recorded and MoveNotes leave out the ones after a move that differs.
	Comments, Evals []records.Comment
}

// LoadRecorded is Load for a game whose record says more than its moves:
// a result given before the moves' end finishes the game at once, so that
// no bot plays on from it.
func (c *Controller) LoadRecorded(g *games.Game, s games.Settings, rec games.Record, r Recorded) {
	c.recorded, c.recordedPly = r, rec.Len()
	c.recordedMoves = append([]rules.Move(nil), rec.Moves()...)
	c.load(g, s, rec)
}

// SetNotes gives the game loaded (LoadRecorded) its record's comments
// and evaluations (see Recorded).
func (c *Controller) SetNotes(comments, evals []records.Comment) {
	c.recorded.Comments = append([]records.Comment(nil), comments...)
	c.recorded.Evals = append([]records.Comment(nil), evals...)
}

// HasNotes reports whether the game's record has comments or evaluations.
func (c *Controller) HasNotes() bool { return len(c.recorded.Comments)+len(c.recorded.Evals) > 0 }

// agreed is how many of the game's first moves are the record's.
func (c *Controller) agreed() int {
	moves := c.rec.Moves()
	k := 0
	for k < len(moves) && k < len(c.recordedMoves) && moves[k] == c.recordedMoves[k] {
		k++
	}
	return k
}

// MoveNotes are what the record says beside move ply (from 1; 0 is the start
// position): the comments after it and the evaluation of it (GGF's
// "-1.23/4.5", the evaluation and the time), while the game follows the
// record's moves to there.
func (c *Controller) MoveNotes(ply int) (comments []string, eval string) {
	r := &c.recorded
	if len(r.Comments)+len(r.Evals) == 0 || ply > c.agreed() {
		return nil, ""
	}
	for _, cm := range r.Comments {
		if cm.Ply == ply {
			comments = append(comments, cm.Text)
		}
	}
	for _, e := range r.Evals {
		if e.Ply == ply-1 {
			eval = e.Text
		}
	}
	return comments, eval
}

// kept is the comments that hold for a game whose first k moves are the
// record's.
func kept(cs []records.Comment, k int) []records.Comment {
	var out []records.Comment
	for _, c := range cs {
		if c.Ply <= k {
			out = append(out, c)
		}
	}
	return out
}

// Recorded returns what the game's record says beyond its moves, as it
// stands: its Result only while the game is over by it (an Undo takes it
// back).
func (c *Controller) Recorded() Recorded {
	r := c.recorded
	r.Tags = append([]records.Tag(nil), r.Tags...)
	k := c.agreed()
	r.Comments, r.Evals = kept(r.Comments, k), kept(r.Evals, k-1)
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
