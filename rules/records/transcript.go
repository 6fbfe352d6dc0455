package records

import (
	"fmt"
	"strconv"
	"strings"

	"boardgames/rules/games"
)

// Move strings, one game a line, each from the game's start position:
// Othello transcripts ("f5d6c3d3c4", upper or lower case, passes implicit
// or written), Connect Four in Pascal Pons' form ("4453"), checkers and
// Adjacency in their move notations ("11-15 23-19", "c6 f3"). Empty lines,
// lines starting with # and lines without a move are skipped. A Connect Four line may carry a
// score after its moves, as Pons' benchmark files do; it is skipped with a
// warning.

// readTranscripts reads one game of g a line.
func readTranscripts(text string, g *games.Game, s games.Settings, bad *[]Rejected) ([]Game, error) {
	var out []Game
	n := 0
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if n == MaxGames {
			return nil, fmt.Errorf("records: line %d: more than %d games", i+1, MaxGames)
		}
		n++
		var warn []string
		if f := strings.Fields(line); g.Name == "connect4" && len(f) == 2 {
			if _, err := strconv.Atoi(f[1]); err == nil {
				line = f[0]
				warn = append(warn, fmt.Sprintf("game %d: the score %s after the moves is skipped", n, f[1]))
			}
		}
		if len(line) > 16*MaxMoves {
			reject(bad, n, i+1, gameError(n, i+1, "the line is longer than %d characters", 16*MaxMoves))
			continue
		}
		rec, err := g.ReplayMoves(nil, line, s)
		if err != nil {
			reject(bad, n, i+1, gameError(n, i+1, "%s", trimPrefix(err)))
			continue
		}
		if rec.Len() == 0 {
			n--
			continue // a result alone ("*"): no game
		}
		if rec.Len() > MaxMoves {
			reject(bad, n, i+1, gameError(n, i+1, "more than %d moves", MaxMoves))
			continue
		}
		game := NewGame(g, s, rec)
		game.N = n
		game.Warnings = warn
		out = append(out, game)
	}
	return out, nil
}

// checkTranscript reports a game that a move string cannot hold: one from
// a set-up position, or one with no moves (an empty line reads as none).
func checkTranscript(g *Game, n int) error {
	std, err := g.Game.Start(g.Settings)
	if err != nil {
		return err
	}
	if std.String() != g.Record.Start().String() {
		return fmt.Errorf("records: game %d starts from a set-up position, which a move list cannot hold (save it as a Boardgames game)", n)
	}
	if g.Record.Len() == 0 {
		return fmt.Errorf("records: game %d has no moves, which a move list cannot hold", n)
	}
	return nil
}
