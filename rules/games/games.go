// Package games looks the four games up by name and hides their concrete
// position types behind one interface, for the command line and the app,
// which choose the game at run time. Searches use the concrete types (see
// package ai); this layer allocates freely and is not for hot paths.
//
// Files:
//   - games.go    Game, Settings, the registry and Lookup
//   - position.go Position and Record, the type-erased views of a game
package games

import (
	"fmt"
	"strings"

	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// Settings are the game settings of every game; each game reads the ones
// that apply to it (see Game.Uses) and ignores the zero values.
type Settings struct {
	// First is the colour that moves first (Othello, Adjacency).
	First rules.Player
	// Rounds is the round limit of Adjacency, 1..28 (0 = 28).
	Rounds int
	// DrawMoves is the checkers draw rule: moves by each side without a
	// capture or a man move (0 = 40).
	DrawMoves int
	// NoPass is paper 000's Othello rule: the game ends when the side to
	// move cannot move, instead of passing.
	NoPass bool
}

// Setting names a game setting, for Game.Uses.
type Setting string

// The settings.
const (
	SettingFirst     Setting = "first"
	SettingRounds    Setting = "rounds"
	SettingDrawMoves Setting = "draw"
	SettingNoPass    Setting = "nopass"
)

// Game describes one game: its names, its board and how to make positions.
type Game struct {
	Name  string // command-line name, such as "connect4"
	Title string // display name, such as "Connect Four"
	// Width and Height of the board in cells.
	Width, Height int
	// Players names the two sides by the colour of their pieces on the
	// board, Black (the first colour, rules.Black) first: Black and White,
	// Red and Yellow, Blue and Orange. Every message that names a player
	// uses these (see PlayerName and ResultText).
	Players [2]string
	// Uses lists the settings that apply to the game.
	Uses []Setting
	// MovesExample and PositionExample show the notations, for help texts.
	MovesExample, PositionExample string

	start      func(Settings) (Position, error)
	parse      func(string, Settings) (Position, error)
	parseMoves func(Position, string) (Record, error)
}

// Start returns the start position under the settings.
func (g *Game) Start(s Settings) (Position, error) { return g.start(s) }

// Parse reads a position in the game's notation.
func (g *Game) Parse(pos string, s Settings) (Position, error) { return g.parse(pos, s) }

// ParseMoves plays a move list from the given position (the start position
// when from is nil) and returns the validated record.
func (g *Game) ParseMoves(from Position, list string, s Settings) (Record, error) {
	if from == nil {
		var err error
		if from, err = g.start(s); err != nil {
			return nil, err
		}
	}
	return g.parseMoves(from, list)
}

// ReplayMoves is ParseMoves for a record the players kept: a list that
// ParseMoves refuses because it goes on after a threefold repetition (a
// draw the players did not claim) is replayed move by move, one move a
// word, with Record.PlayOn. Any other fault is ParseMoves' error.
func (g *Game) ReplayMoves(from Position, list string, s Settings) (Record, error) {
	rec, err := g.ParseMoves(from, list, s)
	if err == nil {
		return rec, nil
	}
	if from == nil {
		if from, err = g.start(s); err != nil {
			return nil, err
		}
	}
	on := NewRecord(from)
	for _, w := range strings.Fields(list) {
		m, perr := on.Position().ParseMove(w)
		if perr != nil || on.PlayOn(m) != nil {
			_, err := g.ParseMoves(from, list, s)
			return nil, err
		}
	}
	return on, nil
}

// PlayerName names a colour the way the game's board shows it.
func (g *Game) PlayerName(p rules.Player) string { return g.Players[p&1] }

// ResultText is a result in the game's own words, the one wording every
// output uses: "Red wins", "Draw", "Game in progress".
func (g *Game) ResultText(r rules.Result) string {
	if w, ok := r.Winner(); ok {
		return g.PlayerName(w) + " wins"
	}
	if r == rules.Draw {
		return "Draw"
	}
	return "Game in progress"
}

// Has reports whether the setting applies to the game.
func (g *Game) Has(s Setting) bool {
	for _, u := range g.Uses {
		if u == s {
			return true
		}
	}
	return false
}

// All lists the games in the order the app shows them.
var All = []*Game{
	{
		Name: othello.Name, Title: "Othello", Width: 8, Height: 8,
		Players:         [2]string{"Black", "White"},
		Uses:            []Setting{SettingFirst, SettingNoPass},
		MovesExample:    "f5d6c3",
		PositionExample: "---------------------------OX------XO--------------------------- X",
		start: func(s Settings) (Position, error) {
			return othelloKit.wrap(othello.New(othello.Options{First: s.First, NoPass: s.NoPass}))
		},
		parse: func(p string, s Settings) (Position, error) {
			return othelloKit.wrap(othello.Parse(p, othello.Options{First: s.First, NoPass: s.NoPass}))
		},
		parseMoves: othelloKit.parseRecord,
	},
	{
		Name: checkers.Name, Title: "Checkers", Width: 8, Height: 8,
		Players:         [2]string{"Black", "White"},
		Uses:            []Setting{SettingDrawMoves},
		MovesExample:    "11-15 23-19 8-11",
		PositionExample: "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
		start: func(s Settings) (Position, error) {
			return checkersKit.wrap(checkers.New(checkers.Options{DrawMoves: s.DrawMoves}))
		},
		parse: func(p string, s Settings) (Position, error) {
			return checkersKit.wrap(checkers.Parse(p, checkers.Options{DrawMoves: s.DrawMoves}))
		},
		parseMoves: checkersKit.parseRecord,
	},
	{
		Name: connect4.Name, Title: "Connect Four", Width: 7, Height: 6,
		Players:         [2]string{"Red", "Yellow"},
		MovesExample:    "4453",
		PositionExample: "-------/-------/-------/-------/---O---/---X---",
		start: func(Settings) (Position, error) {
			return connect4Kit.wrap(connect4.New(connect4.Options{}))
		},
		parse: func(p string, _ Settings) (Position, error) {
			return connect4Kit.wrap(connect4.Parse(p, connect4.Options{}))
		},
		parseMoves: connect4Kit.parseRecord,
	},
	{
		Name: adjacency.Name, Title: "Adjacency", Width: 8, Height: 8,
		Players:         [2]string{"Blue", "Orange"},
		Uses:            []Setting{SettingRounds, SettingFirst},
		MovesExample:    "c6 f3",
		PositionExample: "------OO------OO--------------------------------XX------XX------ X 0",
		start: func(s Settings) (Position, error) {
			return adjacencyKit.wrap(adjacency.New(adjacency.Options{Rounds: s.Rounds, First: s.First}))
		},
		parse: func(p string, s Settings) (Position, error) {
			return adjacencyKit.wrap(adjacency.Parse(p, adjacency.Options{Rounds: s.Rounds, First: s.First}))
		},
		parseMoves: adjacencyKit.parseRecord,
	},
}

var (
	othelloKit   = register(othello.Name, othello.Perft, othello.ParseMoves, othello.FormatMoves)
	checkersKit  = register(checkers.Name, checkers.Perft, checkers.ParseMoves, checkers.FormatMoves)
	connect4Kit  = register(connect4.Name, connect4.Perft, connect4.ParseMoves, connect4.FormatMoves)
	adjacencyKit = register(adjacency.Name, adjacency.Perft, adjacency.ParseMoves, adjacency.FormatMoves)
)

var aliases = map[string]string{
	"reversi": othello.Name, "draughts": checkers.Name, "english-checkers": checkers.Name,
	"connectfour": connect4.Name, "connect-four": connect4.Name, "c4": connect4.Name,
	"adjacent": adjacency.Name,
}

// Lookup finds a game by name (case-insensitive; a few aliases such as
// "reversi" and "c4" work too).
func Lookup(name string) (*Game, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := aliases[n]; ok {
		n = a
	}
	for _, g := range All {
		if g.Name == n {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (choose %s)", name, Names())
}

// Names returns the game names separated by "|", for messages.
func Names() string {
	names := make([]string, len(All))
	for i, g := range All {
		names[i] = g.Name
	}
	return strings.Join(names, "|")
}
