package match

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/ai/eval"
	"boardgames/app/internal/apptest"
	"boardgames/rules"
	"boardgames/rules/games"
)

func newController(t *testing.T, game string, think ThinkFunc) (*Controller, *apptest.Queue) {
	t.Helper()
	q := &apptest.Queue{}
	c, err := New(apptest.Game(t, game), games.Settings{}, Options{Post: q.Post, Think: think,
		Hint: apptest.HintFirst, ProgressEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c, q
}

func playText(t *testing.T, c *Controller, text string) {
	t.Helper()
	m, err := c.Position().ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Play(m); err != nil {
		t.Fatalf("play %s: %v", text, err)
	}
}

func TestHumanVsHumanUndoRedo(t *testing.T) {
	c, _ := newController(t, "othello", apptest.FirstMove)
	for _, mv := range []string{"f5", "d6", "c3"} {
		playText(t, c, mv)
	}
	if got := strings.Join(c.MoveList(), " "); got != "f5 d6 c3" {
		t.Fatalf("moves %q", got)
	}
	if err := c.Undo(); err != nil || c.Len() != 2 {
		t.Fatalf("undo: %v, len %d", err, c.Len())
	}
	if err := c.Redo(); err != nil || c.Len() != 3 {
		t.Fatalf("redo: %v, len %d", err, c.Len())
	}
	if err := c.Redo(); err == nil {
		t.Fatal("redo with nothing undone")
	}
	// A new move after undo drops the redo list.
	c.Undo()
	playText(t, c, "c5")
	if c.CanRedo() {
		t.Fatal("redo list kept after a different move")
	}
	m := c.Position().Legal()[0]
	before := c.Position().String()
	if err := c.Play(m + 1000); err == nil {
		t.Fatal("an illegal move was accepted")
	}
	if c.Position().String() != before {
		t.Fatal("an illegal move changed the position")
	}
}

func TestBotReplies(t *testing.T) {
	c, q := newController(t, "connect4", apptest.FirstMove)
	c.SetSeat(rules.White, BotSeat(bots.Spec{Algo: "greedy"}))
	playText(t, c, "4")
	q.Until(t, "the bot's reply", func() bool { return c.Len() == 2 })
	if !c.HumanToMove() {
		t.Fatal("not the human's turn after the bot's reply")
	}
	if lb := c.LastBotMove(); lb == nil || lb.Move != "1" || lb.Player != rules.White {
		t.Fatalf("last bot move %+v", lb)
	}
	playText(t, c, "4")
	q.Until(t, "the second reply", func() bool { return c.Len() == 4 })
	// Undo against a bot goes back to the human's turn: two plies.
	if err := c.Undo(); err != nil || c.Len() != 2 || !c.HumanToMove() {
		t.Fatalf("undo: %v, len %d", err, c.Len())
	}
	if err := c.Redo(); err != nil || c.Len() != 4 || !c.HumanToMove() {
		t.Fatalf("redo: %v, len %d", err, c.Len())
	}
	// The human cannot move for the bot.
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "greedy"}))
	c.Pause()
	if err := c.Play(c.Position().Legal()[0]); err == nil {
		t.Fatal("played for a bot")
	}
}

func TestBotFirstUndo(t *testing.T) {
	c, q := newController(t, "othello", apptest.FirstMove)
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "greedy"}))
	q.Until(t, "the bot's first move", func() bool { return c.Len() == 1 })
	if c.CanUndo() {
		t.Fatal("undo would leave the human nothing: the bot moved first")
	}
}

func TestNewGameCancelsSearch(t *testing.T) {
	base := runtime.NumGoroutine()
	c, q := newController(t, "othello", apptest.SlowBot)
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "engine"}))
	var progress int
	c.OnProgress = func(th Thinking) {
		progress++
		if th.Player != rules.Black {
			t.Errorf("progress for %v", th.Player)
		}
	}
	q.Until(t, "progress", func() bool { return progress > 2 })
	if th, ok := c.Thinking(); !ok || th.Info.Depth == 0 || th.PV == "" {
		t.Fatalf("thinking %+v %v", th, ok)
	}
	c.SetSeat(rules.Black, Human)
	if _, ok := c.Thinking(); ok {
		t.Fatal("still thinking after the seat changed")
	}
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "engine"}))
	if _, ok := c.Thinking(); !ok {
		t.Fatal("not thinking")
	}
	if err := c.NewGame(apptest.Game(t, "othello"), games.Settings{}); err != nil {
		t.Fatal(err)
	}
	c.SetSeat(rules.Black, Human)
	q.Drain()
	if c.Len() != 0 {
		t.Fatal("a cancelled search played a move")
	}
	apptest.WaitGoroutines(t, base, 2*time.Second)
	c.Close()
	apptest.WaitGoroutines(t, base, 2*time.Second)
}

func TestMoveNow(t *testing.T) {
	c, q := newController(t, "checkers", apptest.SlowBot)
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "engine"}))
	if _, ok := c.Thinking(); !ok {
		t.Fatal("not thinking")
	}
	if !c.MoveNow() {
		t.Fatal("move now refused")
	}
	q.Until(t, "the move", func() bool { return c.Len() == 1 })
	if _, ok := c.Thinking(); ok {
		t.Fatal("still thinking")
	}
}

func TestBotVsBot(t *testing.T) {
	c, q := newController(t, "connect4", apptest.FirstMove)
	c.SetDelay(time.Millisecond)
	c.SetSeat(rules.White, BotSeat(bots.Spec{Algo: "greedy"}))
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "greedy"}))
	q.Until(t, "the end of the game", func() bool { return c.Result().Over() })
	if c.ResultText() == "" || c.Note() != c.ResultText() {
		t.Fatalf("result %q note %q", c.ResultText(), c.Note())
	}
	// Undo in a bot-vs-bot match: one move, paused; step plays one.
	n := c.Len()
	if err := c.Undo(); err != nil || c.Len() != n-1 || !c.Paused() {
		t.Fatalf("undo: %v len %d paused %v", err, c.Len(), c.Paused())
	}
	c.Undo()
	if err := c.Step(); err != nil {
		t.Fatal(err)
	}
	q.Until(t, "a step", func() bool { return c.Len() == n-1 })
	q.Drain()
	time.Sleep(10 * time.Millisecond)
	q.Drain()
	if c.Len() != n-1 {
		t.Fatal("a paused match went on after a step")
	}
	c.Resume()
	q.Until(t, "the end again", func() bool { return c.Result().Over() })
}

func TestPauseStopsSearch(t *testing.T) {
	c, _ := newController(t, "othello", apptest.SlowBot)
	c.SetSeat(rules.White, BotSeat(bots.Spec{Algo: "engine"}))
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "engine"}))
	c.Pause()
	if _, ok := c.Thinking(); ok {
		t.Fatal("thinking while paused")
	}
}

func TestForcedPassIsPlayed(t *testing.T) {
	g := apptest.Game(t, "othello")
	// Black to move has no move (its one disc, on b1, cannot enclose the
	// white disc in the corner); White has c1.
	pos, err := g.Parse("OX"+strings.Repeat("-", 62)+" X", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	legal := pos.Legal()
	if len(legal) != 1 || len(pos.Squares(legal[0])) != 0 {
		t.Fatalf("not a forced pass: legal %v", legal)
	}
	c, _ := newController(t, "othello", apptest.FirstMove)
	c.Load(g, games.Settings{}, games.NewRecord(pos))
	if c.Len() != 1 || c.Position().ToMove() != rules.White {
		t.Fatalf("forced pass not played: len %d", c.Len())
	}
	if !strings.Contains(c.Note(), "Black has no move") {
		t.Errorf("note %q", c.Note())
	}
}

func TestHint(t *testing.T) {
	c, q := newController(t, "adjacency", apptest.FirstMove)
	if err := c.RequestHint(); err != nil {
		t.Fatal(err)
	}
	q.Until(t, "the hint", func() bool { return c.CurrentHint() != nil })
	h := c.CurrentHint()
	if h.Move != c.Position().Legal()[0] || !strings.Contains(c.Note(), h.Text) {
		t.Fatalf("hint %+v note %q", h, c.Note())
	}
	playText(t, c, "d4")
	if c.CurrentHint() != nil {
		t.Fatal("hint kept after a move")
	}
}

// An Othello hint from the engine (the strong evaluation) says its value
// in discs, an exact one in whole discs.
func TestHintOthelloDiscs(t *testing.T) {
	for _, tc := range []struct {
		info ai.Info
		want string
	}{
		{ai.Info{Algo: "engine", Score: 3 * eval.StrongPerDisc}, "(+3.0 discs for Black)"},
		{ai.Info{Algo: "perfect", Score: -4, Exact: true}, "(-4 discs, exact for Black)"},
	} {
		q := &apptest.Queue{}
		c, err := New(apptest.Game(t, "othello"), games.Settings{}, Options{Post: q.Post, Think: apptest.FirstMove,
			Hint: func(_ context.Context, pos games.Position) (ai.Info, error) {
				i := tc.info
				i.Move = pos.Legal()[0]
				return i, nil
			}, ProgressEvery: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.RequestHint(); err != nil {
			t.Fatal(err)
		}
		q.Until(t, "the hint", func() bool { return c.CurrentHint() != nil })
		if !strings.Contains(c.Note(), tc.want) {
			t.Errorf("%+v: note %q, want %q", tc.info, c.Note(), tc.want)
		}
		c.Close()
	}
}

// A hint taken from the move values says their value, and says it again
// when asked again (not the score in another unit).
func TestHintFromValuesAgain(t *testing.T) {
	c, _ := newController(t, "othello", apptest.FirstMove)
	pos := c.Position()
	mv := MoveValue{Move: pos.Legal()[1], Known: true, Score: 3 * eval.DiscUnit, Depth: 4, Text: "+3.0 discs at depth 4"}
	if !c.HintFrom(Analysis{Position: pos, Moves: []MoveValue{mv}}) {
		t.Fatal("no hint from the values")
	}
	first := c.Note()
	if err := c.RequestHint(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first, mv.Text) || c.Note() != first {
		t.Errorf("notes %q then %q, want both with %q", first, c.Note(), mv.Text)
	}
}

func TestThinkError(t *testing.T) {
	c, q := newController(t, "othello", func(ctx context.Context, pos games.Position, spec bots.Spec) (ai.Info, error) {
		return ai.Info{}, context.DeadlineExceeded
	})
	c.SetSeat(rules.Black, BotSeat(bots.Spec{Algo: "engine"}))
	q.Until(t, "the failure", func() bool { return c.Paused() })
	if c.Len() != 0 || !strings.Contains(c.Note(), "failed") {
		t.Fatalf("len %d note %q", c.Len(), c.Note())
	}
}

func TestScoreWords(t *testing.T) {
	for _, tc := range []struct {
		game  string
		spec  bots.Spec
		score int
		exact bool
		want  string
	}{
		// Othello's evaluations that estimate the final margin, in discs:
		// the strong one eval.StrongPerDisc points a disc, the learned
		// one eval.DiscUnit; the positional table and the papers' bots
		// keep their points.
		{"othello", bots.Spec{Algo: "alphabeta"}, 3 * eval.StrongPerDisc, false, "+3.0 discs"},
		{"othello", bots.Spec{Algo: "engine", Eval: "pattern"}, -5*eval.DiscUnit - eval.DiscUnit/2, false, "-5.5 discs"},
		{"othello", bots.Spec{Algo: "engine", Eval: "strong"}, 1, false, "0.0 discs"},
		{"othello", bots.Spec{Algo: "alphabeta", Eval: "positional"}, 12, false, "+12 points"},
		{"othello", bots.Spec{Algo: "paper000"}, 12, false, "+12 points"},
		{"othello", bots.Spec{Algo: "alphabeta", Eval: "discs"}, 1, false, "+1 disc"},
		{"othello", bots.Spec{Algo: "solver"}, -2, true, "-2 discs, exact"},
		{"adjacency", bots.Spec{Algo: "minimax", Eval: "marks"}, -1, false, "-1 mark"},
		{"checkers", bots.Spec{Algo: "greedy"}, 2, false, "+2 pieces"},
		{"connect4", bots.Spec{Algo: "engine"}, ai.WinScore - 5, true, "win in 3 moves"},
		{"connect4", bots.Spec{Algo: "engine"}, ai.WinScore - 1, true, "win in 1 move"},
		{"othello", bots.Spec{Algo: "engine"}, -(ai.WinScore - 4), true, "loss in 2 moves"},
		{"othello", bots.Spec{Algo: "mcts"}, 625, false, "win rate 62.5 %"},
		{"checkers", bots.Spec{Algo: "alphabeta"}, 235, false, "+2.4 men"},
		{"checkers", bots.Spec{Algo: "engine", Eval: "factors"}, -50, false, "-0.5 men"},
		{"adjacency", bots.Spec{Algo: "negascout"}, 120, false, "+1.2 marks"},
		{"checkers", bots.Spec{Algo: "paper001-negascout"}, 235, false, "+235 points"},
	} {
		if got := ScoreWords(tc.game, tc.spec, tc.score, tc.exact); got != tc.want {
			t.Errorf("ScoreWords(%s, %s, %d) = %q, want %q", tc.game, tc.spec.Algo, tc.score, got, tc.want)
		}
	}
}

// TestRealBot plays one move with the real bots package.
func TestRealBot(t *testing.T) {
	q := &apptest.Queue{}
	c, err := New(apptest.Game(t, "connect4"), games.Settings{}, Options{Post: q.Post})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	spec := bots.Preset("connect4", bots.Levels()[0])
	spec.Params.Time = 200 * time.Millisecond
	c.SetSeat(rules.Black, BotSeat(spec))
	q.Until(t, "the real bot's move", func() bool { return c.Len() == 1 || c.Paused() })
	if c.Len() != 1 {
		t.Fatalf("no move: %s", c.Note())
	}
}

// The status line words a result as every other output does: it starts
// with games.Game.ResultText.
func TestResultTextIsTheGamesWording(t *testing.T) {
	for _, tc := range []struct {
		game, position, moves string
		s                     games.Settings
		want                  string
	}{
		{"connect4", "", "4455667", games.Settings{}, "Red wins with four in a row."},
		{"adjacency", "", "c6 f3", games.Settings{Rounds: 1}, "Draw."},
		{"adjacency", "", "a6 a5", games.Settings{Rounds: 1}, "Orange wins 6–4."},
		{"checkers", "W:W:B1", "", games.Settings{}, "Black wins: White cannot move."},
		{"othello", "OX" + strings.Repeat("-", 62) + " O", "c1", games.Settings{}, "White wins 64–0 (the 61 empty squares go to the winner)."},
	} {
		g := apptest.Game(t, tc.game)
		start, err := g.Start(tc.s)
		if tc.position != "" {
			start, err = g.Parse(tc.position, tc.s)
		}
		if err != nil {
			t.Fatal(err)
		}
		rec, err := g.ParseMoves(start, tc.moves, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := newController(t, tc.game, apptest.FirstMove)
		c.Load(g, tc.s, rec)
		r := c.Result()
		if got := c.ResultText(); got != tc.want || !strings.HasPrefix(got, g.ResultText(r)) {
			t.Errorf("%s %s: %q, want %q (starting with %q)", tc.game, tc.moves, got, tc.want, g.ResultText(r))
		}
	}
}

// A perfect move whose solve did not finish says so, and what it rests on.
func TestNoteUnproven(t *testing.T) {
	pos := apptest.Start(t, "connect4")
	perfect := bots.Spec{Algo: "perfect"}
	for _, c := range []struct {
		info ai.Info
		want string
	}{
		{ai.Info{Algo: "perfect", Unproven: true, Depth: 12}, "the engine's best move of depth 12, not proven"},
		{ai.Info{Algo: "perfect", Unproven: true, Searching: 1, RootDone: 2, RootTotal: 7}, "first moves searched, not proven"},
		{ai.Info{Algo: "perfect", Unproven: true, Fallback: true}, "the greedy move 4, not proven"},
		{ai.Info{Algo: "perfect", Exact: true, Depth: 30}, "Red played 4."},
	} {
		b := BotMove{Move: "4", Info: c.info, Spec: perfect}
		if got := b.Note("Red", pos); !strings.Contains(got, c.want) {
			t.Errorf("%+v: %q, want %q in it", c.info, got, c.want)
		}
	}
}
