package match

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/gtp"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/games"
)

// HintTimeout bounds a hint search.
const HintTimeout = 10 * time.Second

// Thinking describes the running search, for the indicator.
type Thinking struct {
	Player  rules.Player
	Spec    bots.Spec
	Started time.Time
	// Info is the latest progress report (zero until the first one).
	Info ai.Info
	// Elapsed is the time since the search started (after any delay).
	Elapsed time.Duration
	// PV is Info.PV in notation.
	PV string
	// Waiting is true during the pause before the search (Delay long).
	Waiting bool
	Delay   time.Duration
}

// BotMove is the statistics of a bot's move.
type BotMove struct {
	Player rules.Player
	Ply    int // the move's index in the record
	Move   string
	Info   ai.Info
	Spec   bots.Spec
}

// Hint is the result of a hint search.
type Hint struct {
	Ply  int // the record length it was computed for
	Move rules.Move
	Text string // the move in notation
	Info ai.Info
	// Value is the move's value in words when the hint comes from the
	// move values (HintFrom), so that it says what they say.
	Value string
}

// job is one search on its own goroutine.
type job struct {
	player  rules.Player
	ply     int
	abort   context.CancelFunc // cancels everything: the result is dropped
	moveNow context.CancelFunc // cancels the search: its best move is played
	left    atomic.Int32       // goroutines still running
	done    chan struct{}      // closed when they have all ended
	state   Thinking
	started atomic.Int64 // unix nanos when the search (not the delay) began
}

// Thinking returns the state of the running bot search, if any.
func (c *Controller) Thinking() (Thinking, bool) {
	if c.job == nil {
		return Thinking{}, false
	}
	t := c.job.state
	if s := c.job.started.Load(); s != 0 {
		t.Started = time.Unix(0, s)
		t.Elapsed = time.Since(t.Started)
		t.Waiting = false
	}
	return t, true
}

// HintRunning reports whether a hint search is running.
func (c *Controller) HintRunning() bool { return c.hint != nil }

// startBot starts the search of the bot to move after the given delay.
func (c *Controller) startBot(delay time.Duration) {
	pos := c.rec.Position()
	p := pos.ToMove()
	spec := c.seats[p].Spec
	spec.Params.Past = games.Past(c.rec)
	spec.Params.Table = c.table(p, spec)
	abortCtx, abort := context.WithCancel(context.Background())
	thinkCtx, moveNow := context.WithCancel(abortCtx)
	j := newJob(p, c.rec.Len(), abort, moveNow, 2)
	j.state = Thinking{Player: p, Spec: spec, Waiting: delay > 0, Delay: delay}
	c.job = j

	post := c.opts.Post
	think := c.opts.Think
	if spec.IsExternal() {
		think = c.externalThink(p, spec)
	}
	every := c.opts.ProgressEvery
	var lastProgress atomic.Int64
	spec.Params.Progress = func(info ai.Info) {
		now := time.Now().UnixNano()
		if now-lastProgress.Load() < int64(every) {
			return
		}
		lastProgress.Store(now)
		info.PV = append([]rules.Move(nil), info.PV...)
		info.Moves = nil
		post(func() { c.progress(j, info) })
	}

	go func() { // the search
		defer j.exit()
		if delay > 0 {
			t := time.NewTimer(delay)
			select {
			case <-abortCtx.Done():
				t.Stop()
				return
			case <-thinkCtx.Done(): // move now: skip the pause
				t.Stop()
			case <-t.C:
			}
		}
		j.started.Store(time.Now().UnixNano())
		info, err := think(thinkCtx, pos, spec)
		if abortCtx.Err() != nil {
			return // aborted: nobody wants the move
		}
		post(func() { c.finish(j, info, err) })
	}()
	go func() { // a tick for the elapsed time while nothing else reports
		defer j.exit()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-abortCtx.Done():
				return
			case <-tick.C:
				post(func() { c.tick(j) })
			}
		}
	}()
}

func newJob(p rules.Player, ply int, abort, moveNow context.CancelFunc, goroutines int32) *job {
	j := &job{player: p, ply: ply, abort: abort, moveNow: moveNow, done: make(chan struct{})}
	j.left.Store(goroutines)
	return j
}

// exit is deferred by each of the job's goroutines.
func (j *job) exit() {
	if j.left.Add(-1) == 0 {
		close(j.done)
	}
}

// retire lets a finished job's goroutines end on their own (they are
// returning already); Close waits for them.
func (c *Controller) retire(j *job) {
	j.abort()
	live := c.retired[:0]
	for _, r := range c.retired {
		select {
		case <-r.done:
		default:
			live = append(live, r)
		}
	}
	c.retired = append(live, j)
}

func (c *Controller) progress(j *job, info ai.Info) {
	if c.job != j {
		return
	}
	j.state.Info = info
	j.state.PV = strings.Join(games.LineStrings(c.rec.Position(), info.PV), " ")
	if c.OnProgress != nil {
		t, _ := c.Thinking()
		c.OnProgress(t)
	}
}

func (c *Controller) tick(j *job) {
	if c.job != j || c.OnProgress == nil {
		return
	}
	t, _ := c.Thinking()
	c.OnProgress(t)
}

// finish plays the bot's move on the UI goroutine.
func (c *Controller) finish(j *job, info ai.Info, err error) {
	if c.job != j {
		return // cancelled: a new game, undo, another seat...
	}
	c.job = nil
	c.retire(j) // ends the ticker
	pos := c.rec.Position()
	name := c.PlayerName(j.player)
	if f, ok := gtp.AsFault(err); ok && c.seats[j.player].Spec.IsExternal() {
		c.forfeit(j.player, f)
		return
	}
	if err != nil {
		c.paused = true
		c.note = tr.F("The bot of %s failed: %v. The match is paused.", name, err)
		c.changed()
		return
	}
	if !slices.Contains(c.rec.Legal(), info.Move) {
		c.paused = true
		c.note = tr.F("The bot of %s chose an illegal move. The match is paused.", name)
		c.changed()
		return
	}
	text := pos.MoveString(info.Move)
	ply := c.rec.Len()
	if c.predict {
		info.PV = append([]rules.Move(nil), info.PV...)
		c.hold(&Held{Player: j.player, Ply: ply, Move: info.Move, Text: text, Info: info, Spec: j.state.Spec})
		return
	}
	if err := c.play(info.Move); err != nil {
		c.paused = true
		c.note = tr.F("The bot of %s: %v. The match is paused.", name, err)
		c.changed()
		return
	}
	info.PV = append([]rules.Move(nil), info.PV...)
	c.last = &BotMove{Player: j.player, Ply: ply, Move: text, Info: info, Spec: j.state.Spec}
	c.note = c.last.Note(name, pos)
	c.advance()
}

// Note says what the bot did in a sentence: the move, and when the search
// was stopped before it finished (Move now, or the time ran out), how far
// it had got and where the move comes from; for the perfect player, that
// its move is not proven when its solver did not finish. name is the player's name and
// pos the position the move was played in.
func (b *BotMove) Note(name string, pos games.Position) string {
	i := b.Info
	algo := AlgoTitle(b.Spec.Algo)
	switch {
	case i.Unproven && i.Fallback:
		return tr.F("%s (%s) proved no move in its time; it played the greedy move %s, not proven.", name, algo, b.Move)
	case i.Unproven && i.Depth == 0:
		return tr.F("%s (%s) proved no move in its time; it played %s, the best of the engine's first moves searched, not proven.", name, algo, b.Move)
	case i.Unproven:
		return tr.F("%s (%s) proved no move in its time; it played %s, the engine's best move of depth %d, not proven.",
			name, algo, b.Move, i.Depth)
	case i.Fallback && i.Searching > 0:
		return tr.F("%s (%s) had not finished one root move at depth %d; it played the greedy move %s.",
			name, algo, i.Searching, b.Move)
	case i.Fallback:
		return tr.F("%s (%s) had no move of its own yet; it played the greedy move %s.", name, algo, b.Move)
	case i.Searching > 0 && i.Depth == 0:
		return tr.F("%s (%s) was stopped at depth %d after %d of %d root moves; it played the best of them, %s.",
			name, algo, i.Searching, i.RootDone, i.RootTotal, b.Move)
	case i.Searching > 0:
		return tr.F("%s (%s) played %s, the best move of depth %d (it was stopped at depth %d).",
			name, algo, b.Move, i.Depth, i.Searching)
	case i.Book:
		return tr.F("%s played %s, from its opening book.", name, b.Move)
	case i.Note == bots.NoDatabaseNote:
		return tr.F("%s played %s (no endgame database is built: boardgames egdb build -pieces 5 makes the endgames exact).", name, b.Move)
	}
	return tr.F("%s played %s.", name, b.Move)
}

// MoveNow makes the thinking bot play the best move it has found so far.
func (c *Controller) MoveNow() bool {
	if c.job == nil {
		return false
	}
	c.job.moveNow()
	return true
}

// stop cancels the running bot search, waits for its goroutines to end and
// drops its result.
func (c *Controller) stop() { cancelJob(&c.job) }

// stopHint does the same for the running hint search.
func (c *Controller) stopHint() { cancelJob(&c.hint) }

// cancelJob cancels the job *j, if any, waits for its goroutines to end and
// sets *j to nil.
func cancelJob(j **job) {
	if *j == nil {
		return
	}
	old := *j
	*j = nil
	old.abort()
	<-old.done
}

func (c *Controller) stopAll() {
	c.held = nil
	c.stop()
	c.stopHint()
	for _, r := range c.retired {
		<-r.done
	}
	c.retired = nil
}

// RequestHint starts a hint search for the human to move; the result comes
// through OnChange (CurrentHint).
func (c *Controller) RequestHint() error {
	if c.Result().Over() {
		return errors.New(tr.T("the game is over"))
	}
	if c.job != nil {
		return errors.New(tr.T("wait for the bot to move"))
	}
	if h := c.CurrentHint(); h != nil {
		c.note = c.hintNote(h)
		c.changed()
		return nil
	}
	if c.hint != nil {
		return nil
	}
	pos := c.rec.Position()
	ctx, cancel := context.WithTimeout(context.Background(), HintTimeout)
	j := newJob(pos.ToMove(), c.rec.Len(), cancel, cancel, 1)
	c.hint = j
	post, hint := c.opts.Post, c.opts.Hint
	go func() {
		defer j.exit()
		info, err := hint(ctx, pos)
		if err == nil && ctx.Err() == context.Canceled {
			return
		}
		post(func() { c.finishHint(j, info, err) })
	}()
	c.note = tr.T("Looking for a hint…")
	c.changed()
	return nil
}

func (c *Controller) finishHint(j *job, info ai.Info, err error) {
	if c.hint != j {
		return
	}
	c.hint = nil
	c.retire(j)
	if err != nil {
		c.note = tr.F("No hint: %v.", err)
		c.changed()
		return
	}
	if !slices.Contains(c.rec.Legal(), info.Move) {
		c.note = tr.T("No hint: the search found no legal move.")
		c.changed()
		return
	}
	text := c.rec.Position().MoveString(info.Move)
	c.hinted = &Hint{Ply: j.ply, Move: info.Move, Text: text, Info: info}
	c.note = c.hintNote(c.hinted)
	c.changed()
}

func (c *Controller) hintNote(h *Hint) string {
	if h.Value != "" {
		return tr.F("Hint: %s (%s for %s, from the move values).", h.Text, h.Value, c.PlayerName(c.rec.Position().ToMove()))
	}
	spec := bots.Spec{Algo: h.Info.Algo}
	return tr.F("Hint: %s (%s for %s).", h.Text, ScoreWords(c.game.Name, spec, h.Info.Score, h.Info.Exact),
		c.PlayerName(c.rec.Position().ToMove()))
}

// Pause stops bot moves (a running search is cancelled); Resume continues.
func (c *Controller) Pause() {
	c.paused = true
	c.stop()
	c.note = tr.T("Paused.")
	c.changed()
}

// Resume lets the bots move again.
func (c *Controller) Resume() {
	c.paused = false
	c.note = tr.T("Resumed.")
	c.advance()
}

// Step makes the bot to move play one move while paused.
func (c *Controller) Step() error {
	if c.Result().Over() {
		return errors.New(tr.T("the game is over"))
	}
	p := c.rec.Position().ToMove()
	if !c.seats[p].Bot {
		return errors.New(tr.F("%s is played by a person", c.PlayerName(p)))
	}
	if c.job != nil {
		return nil
	}
	if c.held != nil { // predict first: the step shows the move chosen
		return c.Reveal()
	}
	c.paused = true
	c.startBot(0)
	c.changed()
	return nil
}
