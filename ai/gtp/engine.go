package gtp

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"boardgames/rules"
	"boardgames/rules/games"
)

// Bot chooses the moves of a Go program that plays through GTP (see
// NewEngine): it is the only part a bot's author writes.
type Bot interface {
	// Move returns the move to play in pos, for the side to move. pos is
	// never a finished game and has at least one legal move. clock is what
	// the controller said of the time left (zero when it said nothing).
	Move(ctx context.Context, pos games.Position, clock Clock) (rules.Move, error)
}

// Seeder is a Bot whose random choices take a seed: NewEngine lists
// CmdSeed for it and calls Seed with the controller's seed, so that a
// rerun of a tournament gives the same games.
type Seeder interface {
	Seed(n uint64)
}

// BotFunc makes a Bot of a function.
type BotFunc func(ctx context.Context, pos games.Position, clock Clock) (rules.Move, error)

// Move calls f.
func (f BotFunc) Move(ctx context.Context, pos games.Position, clock Clock) (rules.Move, error) {
	return f(ctx, pos, clock)
}

// Clock is the time a controller gives an engine, from time_settings and
// time_left.
type Clock struct {
	// Main, Byoyomi and Stones are the last time_settings: main time, then
	// Byoyomi for every Stones moves (Canadian byo-yomi); all zero when
	// none was given.
	Main, Byoyomi time.Duration
	Stones        int
	// Left is the time left for the next Moves moves (Moves 0: for the rest
	// of the game), from the last time_left for the side to move; zero
	// when none was given.
	Left  time.Duration
	Moves int
}

// ForMove is a simple share of the clock for one move: all of Left when it
// is for one move, else an even share of it over Moves (or over 20 moves
// for the rest of the game), else Byoyomi/Stones, else 0 (no limit known).
func (c Clock) ForMove() time.Duration {
	switch {
	case c.Left > 0 && c.Moves > 0:
		return c.Left / time.Duration(c.Moves)
	case c.Left > 0:
		return c.Left / 20
	case c.Byoyomi > 0 && c.Stones > 0:
		return c.Byoyomi / time.Duration(c.Stones)
	}
	return 0
}

// engine is the state of a game-playing server.
type engine struct {
	bot      Bot
	plays    []*games.Game // the games the bot plays
	game     *games.Game
	settings games.Settings
	rec      games.Record
	clock    [2]Clock
	// Context for the bot's searches.
	ctx context.Context
}

// NewEngine returns a server that plays the listed games (all of them
// when none is given) with bot, keeping the board itself: it answers the
// standard game commands (boardsize, clear_board, komi, play, genmove,
// undo, time_settings, time_left, final_score, showboard), set_game and
// list_games, and the extension commands of this package (bg-first,
// bg-nopass, bg-rounds, bg-draw_moves, bg-position, bg-legal_moves,
// bg-time_left_ms, and bg-seed for a bot that is a Seeder). It starts on
// the first game listed.
func NewEngine(name, version string, bot Bot, gameNames ...string) (*Server, error) {
	e := &engine{bot: bot, ctx: context.Background()}
	if len(gameNames) == 0 {
		e.plays = games.All
	}
	for _, n := range gameNames {
		g, err := games.Lookup(n)
		if err != nil {
			return nil, fmt.Errorf("gtp: %w", err)
		}
		e.plays = append(e.plays, g)
	}
	if err := e.setGame(e.plays[0]); err != nil {
		return nil, err
	}
	s := NewServer(name, version)
	for cmd, h := range map[string]Handler{
		"set_game":      e.cmdSetGame,
		"list_games":    e.cmdListGames,
		"boardsize":     e.cmdBoardsize,
		"clear_board":   func([]string) (string, error) { return "", e.clear() },
		"komi":          func([]string) (string, error) { return "", nil },
		"play":          e.cmdPlay,
		"genmove":       e.cmdGenmove,
		"undo":          e.cmdUndo,
		"time_settings": e.cmdTimeSettings,
		"time_left":     e.cmdTimeLeft,
		"final_score":   e.cmdFinalScore,
		"showboard":     e.cmdShowboard,
		CmdFirst:        e.cmdFirst,
		CmdNoPass:       e.cmdNoPass,
		CmdRounds:       e.cmdRounds,
		CmdDrawMoves:    e.cmdDrawMoves,
		CmdPosition:     e.cmdPosition,
		CmdLegalMoves:   e.cmdLegalMoves,
		CmdTimeLeftMS:   e.cmdTimeLeftMS,
	} {
		s.Handle(cmd, h)
	}
	if sd, ok := bot.(Seeder); ok {
		s.Handle(CmdSeed, func(args []string) (string, error) {
			if len(args) != 1 {
				return "", ErrSyntax
			}
			n, err := strconv.ParseUint(args[0], 10, 64)
			if err != nil {
				return "", ErrSyntax
			}
			sd.Seed(n)
			return "", nil
		})
	}
	return s, nil
}

// The extension commands of this package, for what GTP lacks. Each
// setting command clears the board.
const (
	// CmdFirst COLOR: the colour that moves first (Othello, Adjacency).
	CmdFirst = "bg-first"
	// CmdNoPass true|false: paper 000's Othello rule (the game ends when
	// the side to move cannot move).
	CmdNoPass = "bg-nopass"
	// CmdRounds N: Adjacency's round limit, 1..28.
	CmdRounds = "bg-rounds"
	// CmdDrawMoves N: checkers' draw rule, N moves by each side without a
	// capture or a man move.
	CmdDrawMoves = "bg-draw_moves"
	// CmdPosition POSITION: set the board to a position in the game's
	// notation (the rest of the line), the side to move included.
	CmdPosition = "bg-position"
	// CmdLegalMoves: the legal moves, space separated (for people testing
	// an engine by hand).
	CmdLegalMoves = "bg-legal_moves"
	// CmdTimeLeftMS COLOR MS: the time the next move of COLOR may take, in
	// milliseconds (time_left has whole seconds only). Sent after
	// time_left.
	CmdTimeLeftMS = "bg-time_left_ms"
	// CmdSeed N: a seed for the engine's random choices in the game that
	// follows, 0 <= N < 2^63, derived from the run's seed so that a rerun
	// gives the same games. Sent after clear_board (and the time
	// commands) to an engine that lists it.
	CmdSeed = "bg-seed"
)

func (e *engine) setGame(g *games.Game) error {
	e.game, e.settings = g, games.Settings{}
	return e.clear()
}

// clear starts the game again from its start position under the settings.
func (e *engine) clear() error {
	start, err := e.game.Start(e.settings)
	if err != nil {
		return err
	}
	e.rec = games.NewRecord(start)
	e.clock = [2]Clock{}
	return nil
}

// setting applies a change of the settings, which clears the board; a
// change the rules refuse leaves everything as it was.
func (e *engine) setting(which games.Setting, change func(*games.Settings)) error {
	if !e.game.Has(which) {
		return fmt.Errorf("%s has no such setting", e.game.Title)
	}
	old := e.settings
	change(&e.settings)
	if err := e.clear(); err != nil {
		e.settings = old
		return err
	}
	return nil
}

func (e *engine) cmdSetGame(args []string) (string, error) {
	g, err := games.Lookup(strings.ReplaceAll(strings.Join(args, ""), " ", ""))
	if err != nil {
		return "", errors.New("unsupported game")
	}
	for _, p := range e.plays {
		if p == g {
			return "", e.setGame(g)
		}
	}
	return "", errors.New("unsupported game")
}

func (e *engine) cmdListGames([]string) (string, error) {
	var names []string
	for _, g := range e.plays {
		names = append(names, g.Title)
	}
	return strings.Join(names, "\n"), nil
}

// cmdBoardsize accepts the board's width: 8, or 7 in Connect Four.
func (e *engine) cmdBoardsize(args []string) (string, error) {
	if len(args) != 1 {
		return "", ErrSyntax
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", ErrSyntax
	}
	if n != e.game.Width {
		return "", ErrBadSize
	}
	return "", e.clear()
}

// colour reads a colour argument.
func colour(s string) (rules.Player, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return rules.Black, nil
	case "w", "white":
		return rules.White, nil
	}
	return rules.Black, fmt.Errorf("%w (a colour is b, w, black or white)", ErrSyntax)
}

// turn checks that it is c's turn to move, playing a forced pass of the
// other side first when that is its only move (as Edax does): a
// controller may leave passes out.
func (e *engine) turn(c rules.Player) error {
	if e.rec.Result().Over() {
		return errors.New("the game is over")
	}
	pos := e.rec.Position()
	if pos.ToMove() == c {
		return nil
	}
	if legal := pos.Legal(); len(legal) == 1 && pos.MoveString(legal[0]) == "pass" {
		return e.rec.Play(legal[0])
	}
	return ErrIllegalMove // not c's turn
}

func (e *engine) cmdPlay(args []string) (string, error) {
	if len(args) < 2 {
		return "", ErrSyntax
	}
	c, err := colour(args[0])
	if err != nil {
		return "", err
	}
	mark := e.rec.Len()
	if err := e.turn(c); err != nil {
		return "", err
	}
	m, err := e.rec.Position().ParseMove(strings.Join(args[1:], " "))
	if err == nil {
		err = e.rec.Play(m)
	}
	if err != nil {
		for e.rec.Len() > mark { // take back a pass played by turn
			e.rec.Undo()
		}
		return "", ErrIllegalMove
	}
	return "", nil
}

func (e *engine) cmdGenmove(args []string) (string, error) {
	if len(args) != 1 {
		return "", ErrSyntax
	}
	c, err := colour(args[0])
	if err != nil {
		return "", err
	}
	mark := e.rec.Len()
	if err := e.turn(c); err != nil {
		return "", err
	}
	pos := e.rec.Position()
	m, err := e.bot.Move(e.ctx, pos, e.clock[c])
	if err == nil {
		err = e.rec.Play(m)
	}
	if err != nil {
		for e.rec.Len() > mark {
			e.rec.Undo()
		}
		return "", err
	}
	return pos.MoveString(m), nil
}

func (e *engine) cmdUndo([]string) (string, error) {
	if _, ok := e.rec.Undo(); !ok {
		return "", ErrCannotUndo
	}
	return "", nil
}

func (e *engine) cmdTimeSettings(args []string) (string, error) {
	n, err := ints(args, 3)
	if err != nil {
		return "", err
	}
	c := Clock{Main: seconds(n[0]), Byoyomi: seconds(n[1]), Stones: int(n[2])}
	e.clock = [2]Clock{c, c}
	return "", nil
}

func (e *engine) cmdTimeLeft(args []string) (string, error) {
	return e.timeLeft(args, time.Second)
}

// cmdTimeLeftMS is time_left for one move, in milliseconds.
func (e *engine) cmdTimeLeftMS(args []string) (string, error) {
	if len(args) != 2 {
		return "", ErrSyntax
	}
	return e.timeLeft(append(args, "1"), time.Millisecond)
}

// timeLeft reads "COLOR TIME MOVES", the time in units.
func (e *engine) timeLeft(args []string, unit time.Duration) (string, error) {
	if len(args) != 3 {
		return "", ErrSyntax
	}
	c, err := colour(args[0])
	if err != nil {
		return "", err
	}
	n, err := ints(args[1:], 2)
	if err != nil {
		return "", err
	}
	e.clock[c].Left, e.clock[c].Moves = time.Duration(n[0]*float64(unit)), int(n[1])
	return "", nil
}

// ints reads exactly n numbers; time values may have decimals.
func ints(args []string, n int) ([]float64, error) {
	if len(args) != n {
		return nil, ErrSyntax
	}
	out := make([]float64, n)
	for i, a := range args {
		v, err := strconv.ParseFloat(a, 64)
		if err != nil || v < 0 {
			return nil, ErrSyntax
		}
		out[i] = v
	}
	return out, nil
}

func seconds(v float64) time.Duration { return time.Duration(v * float64(time.Second)) }

// cmdFinalScore gives the margin of the finished game: "B+12", "W+3" or
// "0" (GTP's form), Black being the first colour.
func (e *engine) cmdFinalScore([]string) (string, error) {
	if !e.rec.Result().Over() {
		return "", errors.New("the game is not over")
	}
	return FormatScore(e.rec.Result(), e.rec.Position().Score()), nil
}

// FormatScore writes a finished game's result as final_score does: "B+n"
// when the first colour won by n (discs, marks or pieces; at least 1), "W+n"
// for the second, "0" for a draw.
func FormatScore(r rules.Result, score int) string {
	w, ok := r.Winner()
	switch {
	case !ok:
		return "0"
	case w == rules.Black:
		return fmt.Sprintf("B+%d", max(score, 1))
	}
	return fmt.Sprintf("W+%d", max(-score, 1))
}

func (e *engine) cmdShowboard([]string) (string, error) {
	pos := e.rec.Position()
	rows := append([]string{""}, pos.Rows()...)
	rows = append(rows, e.game.PlayerName(pos.ToMove())+" to move")
	return strings.Join(rows, "\n"), nil
}

func (e *engine) cmdFirst(args []string) (string, error) {
	if len(args) != 1 {
		return "", ErrSyntax
	}
	c, err := colour(args[0])
	if err != nil {
		return "", err
	}
	return "", e.setting(games.SettingFirst, func(s *games.Settings) { s.First = c })
}

func (e *engine) cmdNoPass(args []string) (string, error) {
	if len(args) != 1 {
		return "", ErrSyntax
	}
	v, err := strconv.ParseBool(args[0])
	if err != nil {
		return "", ErrSyntax
	}
	return "", e.setting(games.SettingNoPass, func(s *games.Settings) { s.NoPass = v })
}

func (e *engine) cmdRounds(args []string) (string, error) {
	n, err := oneInt(args)
	if err != nil {
		return "", err
	}
	return "", e.setting(games.SettingRounds, func(s *games.Settings) { s.Rounds = n })
}

func (e *engine) cmdDrawMoves(args []string) (string, error) {
	n, err := oneInt(args)
	if err != nil {
		return "", err
	}
	return "", e.setting(games.SettingDrawMoves, func(s *games.Settings) { s.DrawMoves = n })
}

func oneInt(args []string) (int, error) {
	if len(args) != 1 {
		return 0, ErrSyntax
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n <= 0 {
		return 0, ErrSyntax
	}
	return n, nil
}

func (e *engine) cmdPosition(args []string) (string, error) {
	pos, err := e.game.Parse(strings.Join(args, " "), e.settings)
	if err != nil {
		return "", err
	}
	e.rec = games.NewRecord(pos)
	return "", nil
}

func (e *engine) cmdLegalMoves([]string) (string, error) {
	pos := e.rec.Position()
	var out []string
	for _, m := range pos.Legal() {
		out = append(out, pos.MoveString(m))
	}
	return strings.Join(out, " "), nil
}
