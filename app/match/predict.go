package match

import (
	"errors"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
	"boardgames/rules"
)

// Predict first: a class setting under which a bot's chosen move is held
// back, not played, until the teacher reveals it, so that the students
// guess it first. The window hides the move values the same way.

// Held is a bot's move chosen and held back (predict first).
type Held struct {
	Player rules.Player
	Ply    int // the record's length when it was chosen
	Move   rules.Move
	Text   string
	Info   ai.Info
	Spec   bots.Spec
}

// SetPredictFirst holds the bots' moves back until Reveal (on), or plays
// them at once (off; a move held is played).
func (c *Controller) SetPredictFirst(on bool) {
	c.predict = on
	if !on && c.held != nil {
		c.Reveal()
	}
}

// PredictFirst reports whether the bots' moves are held back.
func (c *Controller) PredictFirst() bool { return c.predict }

// Held returns the bot's move held back, nil if none.
func (c *Controller) Held() *Held { return c.held }

// hold keeps a bot's chosen move back; finish calls it under predict
// first.
func (c *Controller) hold(h *Held) {
	c.held = h
	c.note = tr.F("%s has chosen its move: guess it, then press R (Reveal) to see it played.", c.PlayerName(h.Player))
	c.changed()
}

// Reveal plays the bot's move held back.
func (c *Controller) Reveal() error {
	h := c.held
	if h == nil {
		return errors.New(tr.T("no bot move is waiting to be revealed"))
	}
	c.held = nil
	if h.Ply != c.rec.Len() {
		return errors.New(tr.T("the game has changed since the bot chose its move"))
	}
	pos := c.rec.Position()
	if err := c.play(h.Move); err != nil {
		c.paused = true
		c.note = tr.F("The bot of %s: %v. The match is paused.", c.PlayerName(h.Player), err)
		c.changed()
		return err
	}
	c.last = &BotMove{Player: h.Player, Ply: h.Ply, Move: h.Text, Info: h.Info, Spec: h.Spec}
	c.note = c.last.Note(c.PlayerName(h.Player), pos)
	c.advance()
	return nil
}

// HintFrom gives the hint of the move values (a), so that the hint and
// the values on the board say the same: the best known value, exact
// first. It reports false when the values know nothing yet of the
// game's position, and the hint search must answer instead.
func (c *Controller) HintFrom(a Analysis) bool {
	pos := c.rec.Position()
	if a.Position == nil || a.Position.String() != pos.String() || c.Result().Over() {
		return false
	}
	best := -1
	for i, mv := range a.Moves {
		if !mv.Known {
			continue
		}
		if best < 0 || mv.Exact && !a.Moves[best].Exact || mv.Exact == a.Moves[best].Exact && mv.Score > a.Moves[best].Score {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	mv := a.Moves[best]
	text := pos.MoveString(mv.Move)
	c.hinted = &Hint{Ply: c.rec.Len(), Move: mv.Move, Text: text, Info: ai.Info{Move: mv.Move, Score: mv.Score, Exact: mv.Exact, Depth: mv.Depth},
		Value: mv.Text}
	c.note = c.hintNote(c.hinted)
	c.changed()
	return true
}
