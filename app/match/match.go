// Package match is the model behind the Boardgames window: it keeps the game
// record with undo and redo, knows who sits in each seat (a human or a bot)
// and runs the bots' searches on goroutines it owns. It imports no Fyne, so
// it is tested without a display; the window hands it a Post function (Fyne's
// fyne.Do) that brings the searches' results back to the UI goroutine.
//
// Files:
//
//   - match.go    Controller: the record, seats, undo/redo, new game and load
//   - bots.go     the search jobs: start, cancel-and-wait, move now, hint
//   - input.go    Input: turns clicks on cells into moves (checkers paths,
//     Connect Four columns) and says why a click is not a move
//   - feedback.go what the board shows: changed cells, the winning four,
//     scores and the result in words
//   - analysis.go the value of every legal move, exact where the solvers
//     answer; analyzer.go Analyzer, which computes it off the UI
//     goroutine and cancels it when the position changes
//   - values.go   the values' words and units, the smoothing of odd and
//     even depths, the legend
//   - predict.go  predict first (a bot's move held until revealed), and
//     the hint taken from the move values
//   - words.go    the games' words in the language in use: titles, colours,
//     algorithms, scores with their units, counts and seconds
//   - external.go external programs seated for a game: started at their
//     first move, stopped with the game; a misbehaving one forfeits
//   - ending.go   a result before the moves' end: a forfeit, or one a
//     loaded record gives (Recorded), which ends the game
//
// Every method of Controller must be called from one goroutine (the UI's);
// the search goroutines only call Post. Its messages are in the language
// in use (package app/internal/tr); it imports Fyne's lang package for
// them, and nothing of Fyne that needs a display.
package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// Seat is who plays one colour: a human, or a bot with its search spec.
type Seat struct {
	Bot  bool
	Spec bots.Spec
}

// Human is the seat of a person.
var Human = Seat{}

// BotSeat returns the seat of a bot playing spec.
func BotSeat(spec bots.Spec) Seat { return Seat{Bot: true, Spec: spec} }

// ThinkFunc runs a bot's search (bots.Think by default).
type ThinkFunc func(ctx context.Context, pos games.Position, spec bots.Spec) (ai.Info, error)

// HintFunc finds the best move for a hint (bots.Hint by default).
type HintFunc func(ctx context.Context, pos games.Position) (ai.Info, error)

// Options configure a Controller.
type Options struct {
	// Post runs f on the UI goroutine (fyne.Do); it must not block. Nil runs
	// f at once, which is only safe when nothing else touches the controller.
	Post func(f func())
	// Think and Hint replace the real searches (tests).
	Think ThinkFunc
	Hint  HintFunc
	// ProgressEvery throttles the live search statistics (default 100ms).
	ProgressEvery time.Duration
}

// Controller runs one match. Its callbacks are called on the UI goroutine.
type Controller struct {
	// OnChange is called after every change of the record, the seats or the
	// state of the searches.
	OnChange func()
	// OnProgress is called with live statistics of the running search.
	OnProgress func(Thinking)

	game     *games.Game
	settings games.Settings
	rec      games.Record
	redo     []rules.Move // undone moves, the next one to redo last
	seats    [2]Seat
	delay    time.Duration
	reply    time.Duration
	paused   bool
	note     string

	opts    Options
	job     *job
	hint    *job
	retired []*job   // finished jobs whose goroutines may still be returning
	last    *BotMove // statistics of the last bot move
	hinted  *Hint
	ext     externals // the external programs seated
	predict bool      // predict first: bot moves are held until revealed
	held    *Held     // the bot move held (predict.go)
	tables  [2]keptTable

	// recorded is what the record says beyond the moves (ending.go);
	// its Result holds while the record has recordedPly moves.
	recorded    Recorded
	recordedPly int
	// recordedMoves are the record's moves, which its comments follow.
	recordedMoves []rules.Move
}

// keptTable is a seat's engine table kept from move to move (ai.Table),
// for the bot it was filled by.
type keptTable struct {
	bot   string // the spec, as text
	table *ai.Table
}

// table returns the kept table of the bot spec seated for p, a new one if
// the seat's bot changed.
func (c *Controller) table(p rules.Player, spec bots.Spec) *ai.Table {
	k := &c.tables[p&1]
	if s := spec.String(); k.table == nil || k.bot != s {
		k.bot, k.table = s, ai.NewTable()
	}
	return k.table
}

// New starts a controller on a new game.
func New(g *games.Game, s games.Settings, opts Options) (*Controller, error) {
	if opts.Post == nil {
		opts.Post = func(f func()) { f() }
	}
	if opts.Think == nil {
		opts.Think = bots.Think
	}
	if opts.Hint == nil {
		opts.Hint = bots.Hint
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 100 * time.Millisecond
	}
	c := &Controller{opts: opts}
	if err := c.NewGame(g, s); err != nil {
		return nil, err
	}
	return c, nil
}

// Game returns the game being played.
func (c *Controller) Game() *games.Game { return c.game }

// Settings returns the settings of the current game.
func (c *Controller) Settings() games.Settings { return c.settings }

// Record returns a copy of the game record.
func (c *Controller) Record() games.Record { return c.rec.Clone() }

// Position returns the current position.
func (c *Controller) Position() games.Position { return c.rec.Position() }

// Len returns the number of moves played.
func (c *Controller) Len() int { return c.rec.Len() }

// At returns the position after the first i moves (0 is the start).
func (c *Controller) At(i int) games.Position { return c.rec.At(i) }

// Move returns move i of the record (0 is the first).
func (c *Controller) Move(i int) rules.Move { return c.rec.Moves()[i] }

// Seat returns the seat of player p.
func (c *Controller) Seat(p rules.Player) Seat { return c.seats[p] }

// Note is the last thing that happened, for the status line.
func (c *Controller) Note() string { return c.note }

// Say sets the status note (the UI uses it for messages about clicks).
func (c *Controller) Say(format string, args ...any) {
	c.Tell(fmt.Sprintf(format, args...))
}

// Tell sets the status note to a message made already (translated).
func (c *Controller) Tell(msg string) {
	c.note = msg
	c.changed()
}

// Paused reports whether bot moves are paused.
func (c *Controller) Paused() bool { return c.paused }

// Delay is the pause before each move of a bot-vs-bot match.
func (c *Controller) Delay() time.Duration { return c.delay }

// SetDelay sets the pause before each move of a bot-vs-bot match.
func (c *Controller) SetDelay(d time.Duration) { c.delay = d }

// SetReplyDelay sets the pause before a bot answers a human's move (so
// the human's move can be seen first).
func (c *Controller) SetReplyDelay(d time.Duration) { c.reply = d }

// CanUndo and CanRedo report whether Undo and Redo would do something.
func (c *Controller) CanUndo() bool { return c.undoTarget() >= 0 }

// CanRedo reports whether there are undone moves to replay.
func (c *Controller) CanRedo() bool { return len(c.redo) > 0 }

// LastBotMove returns the statistics of the latest bot move still on the
// board, or nil.
func (c *Controller) LastBotMove() *BotMove {
	if c.last != nil && c.last.Ply < c.rec.Len() {
		return c.last
	}
	return nil
}

// CurrentHint returns the hint for the current position, or nil.
func (c *Controller) CurrentHint() *Hint {
	if c.hinted != nil && c.hinted.Ply == c.rec.Len() {
		return c.hinted
	}
	return nil
}

// HumanToMove reports whether the game goes on and a human is to move.
func (c *Controller) HumanToMove() bool {
	return !c.Result().Over() && !c.seats[c.rec.Position().ToMove()].Bot
}

// NewGame starts game g with settings s; a running search is cancelled.
func (c *Controller) NewGame(g *games.Game, s games.Settings) error {
	start, err := g.Start(s)
	if err != nil {
		return err
	}
	c.stopAll()
	c.closeExternals(true)
	c.game, c.settings = g, s
	c.rec = games.NewRecord(start)
	c.recorded = Recorded{}
	c.tables = [2]keptTable{}
	c.redo = nil
	c.last, c.hinted = nil, nil
	c.paused = false
	c.note = tr.F("New game of %s.", GameTitle(g))
	c.advance()
	return nil
}

// Load replaces the game by rec (of game g with settings s); a running
// search is cancelled.
func (c *Controller) Load(g *games.Game, s games.Settings, rec games.Record) {
	c.recorded = Recorded{}
	c.load(g, s, rec)
}

func (c *Controller) load(g *games.Game, s games.Settings, rec games.Record) {
	c.stopAll()
	c.closeExternals(true)
	c.game, c.settings = g, s
	c.rec = rec.Clone()
	c.tables = [2]keptTable{}
	c.redo = nil
	c.last, c.hinted = nil, nil
	c.paused = false
	c.note = tr.N("Loaded a game of %s (%d move).", rec.Len(), GameTitle(g), rec.Len())
	c.advance()
}

// SetSeat changes who plays p. A search running for that seat is cancelled
// (and restarted if p is still a bot to move).
func (c *Controller) SetSeat(p rules.Player, s Seat) {
	if c.job != nil && c.job.player == p {
		c.stop()
	}
	if s.Spec.String() != c.ext.specs[p] || !s.Bot {
		c.closeExternal(p)
	}
	if c.held != nil && c.held.Player == p {
		c.held = nil
	}
	c.seats[p] = s
	c.advance()
}

// Play plays move m for the human to move.
func (c *Controller) Play(m rules.Move) error {
	if c.Result().Over() {
		return errors.New(tr.T("the game is over: start a new game"))
	}
	pos := c.rec.Position()
	if c.seats[pos.ToMove()].Bot {
		return errors.New(tr.F("it is the bot's turn (%s)", c.PlayerName(pos.ToMove())))
	}
	text := pos.MoveString(m)
	if err := c.play(m); err != nil {
		return err
	}
	c.note = tr.F("%s played %s.", c.PlayerName(pos.ToMove()), text)
	c.advance()
	return nil
}

// PlayFrom plays move m for the human to move in the position after the
// first n moves, taking the later moves back first: the game branches
// there, and the later moves are dropped (unless m is the game's own next
// move, when they stay to be redone). With n equal to Len it is Play.
func (c *Controller) PlayFrom(n int, m rules.Move) error {
	if n < 0 || n > c.rec.Len() {
		return errors.New(tr.F("there is no move %d", n))
	}
	pos := c.rec.At(n)
	if pos.Result().Over() {
		return errors.New(tr.T("the game was over there"))
	}
	if c.seats[pos.ToMove()].Bot {
		return errors.New(tr.F("%s is played by a bot: make it Human to play from there", c.PlayerName(pos.ToMove())))
	}
	if !slices.Contains(pos.Legal(), m) {
		return errors.New(tr.T("that is not a legal move there"))
	}
	if n < c.rec.Len() {
		c.stopAll()
		for c.rec.Len() > n {
			u, _ := c.rec.Undo()
			c.redo = append(c.redo, u)
		}
	}
	return c.Play(m)
}

// play adds m to the record and keeps the redo list when m is its next move.
func (c *Controller) play(m rules.Move) error {
	if err := c.rec.Play(m); err != nil {
		return err
	}
	if n := len(c.redo); n > 0 && c.redo[n-1] == m {
		c.redo = c.redo[:n-1]
	} else {
		c.redo = nil
	}
	c.stopHint()
	return nil
}

// undoTarget is the record length Undo goes back to, or -1. Against a bot
// it is the latest earlier position where a human is to move.
func (c *Controller) undoTarget() int {
	n := c.rec.Len()
	if n == 0 {
		return -1
	}
	if c.seats[0].Bot && c.seats[1].Bot {
		return n - 1
	}
	for i := n - 1; i >= 0; i-- {
		if !c.seats[c.rec.At(i).ToMove()].Bot {
			return i
		}
	}
	return -1
}

// Undo takes moves back: against a bot, back to the human's previous turn;
// in a bot-vs-bot match one move, and the match pauses.
func (c *Controller) Undo() error {
	target := c.undoTarget()
	if target < 0 {
		return errors.New(tr.T("nothing to undo"))
	}
	c.stopAll()
	c.recorded.Result, c.recorded.Ending = rules.Ongoing, records.Ending{} // the game goes on from before its end
	n := c.rec.Len() - target
	for c.rec.Len() > target {
		m, _ := c.rec.Undo()
		c.redo = append(c.redo, m)
	}
	if c.seats[0].Bot && c.seats[1].Bot {
		c.paused = true
	}
	c.note = tr.N("Took back %d move: %d left in the list.", n, n, c.rec.Len())
	c.advance()
	return nil
}

// Redo replays undone moves: up to the human's next turn, or one move in a
// bot-vs-bot match.
func (c *Controller) Redo() error {
	if len(c.redo) == 0 {
		return errors.New(tr.T("nothing to redo"))
	}
	c.stopAll()
	bothBots := c.seats[0].Bot && c.seats[1].Bot
	n := 0
	for len(c.redo) > 0 {
		m := c.redo[len(c.redo)-1]
		if err := c.play(m); err != nil {
			c.redo = nil
			return err
		}
		n++
		if bothBots || c.Result().Over() || !c.seats[c.rec.Position().ToMove()].Bot {
			break
		}
	}
	c.note = tr.N("Replayed %d move: %d in the list.", n, n, c.rec.Len())
	c.advance()
	return nil
}

// Close cancels every search and waits for its goroutine to end.
func (c *Controller) Close() {
	c.stopAll()
	c.closeExternals(false)
}

// advance starts the bot to move, or plays a forced pass for a human, and
// reports the change.
func (c *Controller) advance() {
	defer c.changed()
	if c.Result().Over() {
		c.closeExternals(false) // the programs' game is over
		c.note = c.ResultText()
		return
	}
	pos := c.rec.Position()
	p := pos.ToMove()
	if !c.seats[p].Bot {
		legal := c.rec.Legal()
		if len(legal) == 1 && len(pos.Squares(legal[0])) == 0 {
			// A forced pass: nothing to choose, so play it.
			text := pos.MoveString(legal[0])
			if c.play(legal[0]) == nil {
				c.note = tr.F("%s has no move and passes (%s).", c.PlayerName(p), text)
				c.advance()
			}
		}
		return
	}
	if c.paused || c.job != nil || c.held != nil {
		return
	}
	delay := c.reply
	if c.seats[p.Other()].Bot {
		delay = c.delay
	}
	if c.rec.Len() == 0 {
		delay = 0
	}
	c.startBot(delay)
}

func (c *Controller) changed() {
	if c.OnChange != nil {
		c.OnChange()
	}
}

// PlayerName is the name of p in the current game, the colour of its
// pieces in the language in use ("Black", "Red", ...).
func (c *Controller) PlayerName(p rules.Player) string { return ColourName(c.game, p) }
