package cli

import (
	"flag"

	"boardgames/rules"
	"boardgames/rules/games"
)

// posFlags are the flags that choose a game and a position.
type posFlags struct {
	game, moves, position, first string
	rounds, draw                 int
	noPass                       bool
}

func (p *posFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.game, "game", "", "game: "+games.Names())
	fs.StringVar(&p.moves, "moves", "", "move list from the start, in the game's notation")
	fs.StringVar(&p.position, "position", "", "position in the game's notation")
	fs.IntVar(&p.rounds, "rounds", 0, "adjacency round limit, 1..28 (default 28)")
	fs.StringVar(&p.first, "first", "", "who moves first: X/black or O/white (othello, adjacency)")
	fs.IntVar(&p.draw, "draw", 0, "checkers draw rule: moves by each side without capture or man move (default 40)")
	fs.BoolVar(&p.noPass, "nopass", false, "othello: the game ends when the side to move cannot move, instead of passing (paper 000)")
}

// load resolves the flags to a game and a record of the moves played (empty
// when the position was given directly).
func (p *posFlags) load() (*games.Game, games.Record, error) {
	if p.game == "" {
		return nil, nil, badInputf("-game is required (%s)", games.Names())
	}
	g, err := games.Lookup(p.game)
	if err != nil {
		return nil, nil, badInput(err)
	}
	s, err := p.settings(g)
	if err != nil {
		return nil, nil, err
	}
	var from games.Position
	if p.position != "" {
		if from, err = g.Parse(p.position, s); err != nil {
			return nil, nil, badInput(err)
		}
	} else if from, err = g.Start(s); err != nil {
		return nil, nil, badInput(err)
	}
	rec, err := g.ParseMoves(from, p.moves, s)
	if err != nil {
		return nil, nil, badInput(err)
	}
	return g, rec, nil
}

// settings returns the game settings the flags give, refusing those that
// do not apply to the game.
func (p *posFlags) settings(g *games.Game) (games.Settings, error) {
	var s games.Settings
	if p.rounds != 0 {
		if !g.Has(games.SettingRounds) {
			return s, badInputf("-rounds applies to adjacency only, not %s", g.Name)
		}
		s.Rounds = p.rounds
	}
	if p.draw != 0 {
		if !g.Has(games.SettingDrawMoves) {
			return s, badInputf("-draw applies to checkers only, not %s", g.Name)
		}
		s.DrawMoves = p.draw
	}
	if p.noPass {
		if !g.Has(games.SettingNoPass) {
			return s, badInputf("-nopass applies to othello only, not %s", g.Name)
		}
		s.NoPass = true
	}
	if p.first != "" {
		if !g.Has(games.SettingFirst) {
			return s, badInputf("-first applies to othello and adjacency only, not %s", g.Name)
		}
		var err error
		if s.First, err = rules.ParsePlayer(g.Name, p.first); err != nil {
			return s, badInput(err)
		}
	}
	return s, nil
}

// playerName names a colour the way the game does.
func playerName(g *games.Game, p rules.Player) string { return g.PlayerName(p) }

// resultText describes a result in the game's own words.
func resultText(g *games.Game, r rules.Result) string { return g.ResultText(r) }

func moveStrings(p games.Position, moves []rules.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.MoveString(m)
	}
	return out
}

// runStart is where the games of a run (arena, tournament) start: the game,
// the record up to there and its settings; a finished position is refused,
// since there is no game to play from it.
func (p *posFlags) runStart() (*games.Game, games.Record, games.Settings, error) {
	g, rec, err := p.load()
	if err != nil {
		return nil, nil, games.Settings{}, err
	}
	if res := rec.Result(); res.Over() {
		return nil, nil, games.Settings{}, badInputf("the game is over (%s): no game to play from there", resultText(g, res))
	}
	settings, err := p.settings(g)
	if err != nil {
		return nil, nil, games.Settings{}, err
	}
	return g, rec, settings, nil
}
