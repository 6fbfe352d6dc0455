package records

import (
	"fmt"
)

// Move strings, one game a line, each from the game's start position:
// Othello transcripts ("f5d6c3d3c4", upper or lower case, passes implicit
// or written), Connect Four in Pascal Pons' form ("4453"), checkers and
// Adjacency in their move notations ("11-15 23-19", "c6 f3"). Empty lines,
// lines starting with # and lines without a move are skipped. A Connect Four line may carry a
// score after its moves, as Pons' benchmark files do; it is skipped with a
// warning.

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
