// Package rules is the game-agnostic contract every game of Boardgames
// implements, plus the few helpers that are the same for every game.
//
// Files:
//   - rules.go   the contract: Player, Result, Move and State
//   - history.go History, a validated game record with undo and repetition
//   - perft.go   Perft, the generic move-path counter
//   - square.go  the a1..h8 square names and the 64-character board shared
//     by the 8x8 games
//   - zobrist.go deterministic Zobrist keys
//
// Each game lives in its own sub-package (othello, checkers, connect4,
// adjacency) as a small value type on bitboards; the games package maps
// game names to them for the command line and the app.
package rules

import (
	"fmt"
	"strings"
)

// Player is a colour. Black is the first colour of every game: Othello's and
// checkers' Black, Connect Four's first player and Adjacency's X. White is
// the other one (Adjacency's O).
type Player int8

// The two colours.
const (
	Black Player = 0
	White Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// String returns "black" or "white".
func (p Player) String() string {
	if p == White {
		return "white"
	}
	return "black"
}

// Result is the state of a game: still going, won by one colour, or drawn.
type Result int8

// The results.
const (
	Ongoing Result = iota
	BlackWins
	WhiteWins
	Draw
)

// Over reports whether the game has ended.
func (r Result) Over() bool { return r != Ongoing }

// Winner returns the winning colour and true, or false for an ongoing or
// drawn game.
func (r Result) Winner() (Player, bool) {
	switch r {
	case BlackWins:
		return Black, true
	case WhiteWins:
		return White, true
	}
	return Black, false
}

// WinFor returns the Result in which p wins.
func WinFor(p Player) Result {
	if p == White {
		return WhiteWins
	}
	return BlackWins
}

// String returns "ongoing", "black wins", "white wins" or "draw".
func (r Result) String() string {
	switch r {
	case BlackWins:
		return "black wins"
	case WhiteWins:
		return "white wins"
	case Draw:
		return "draw"
	}
	return "ongoing"
}

// ParseResult reads what String writes ("ongoing", "black wins", "white
// wins" or "draw"), in any case. It returns false for anything else.
func ParseResult(s string) (Result, bool) {
	for _, r := range []Result{Ongoing, BlackWins, WhiteWins, Draw} {
		if strings.EqualFold(s, r.String()) {
			return r, true
		}
	}
	return Ongoing, false
}

// Move is a game's move packed in an integer. Its meaning belongs to the
// game; moves are comparable and usable as map keys. A position formats and
// parses its moves with MoveString and ParseMove.
type Move uint64

// State is the contract between the games and the algorithms. S is the
// game's own position type, a small value: Play returns a new S and leaves
// the receiver unchanged, so a search copies positions instead of undoing
// moves.
//
// Moves is empty exactly when the game is over. A forced pass (Othello) is a
// move of its own. Moves and Play allocate nothing.
type State[S any] interface {
	// ToMove returns the colour whose turn it is.
	ToMove() Player
	// Moves appends the legal moves to buf[:0] and returns it.
	Moves(buf []Move) []Move
	// Play returns the position after m. m must be one of Moves.
	Play(m Move) S
	// Result tells whether the game is over and who won.
	Result() Result
	// Score is the margin from Black's view: discs, marks or pieces, and at
	// the end of the game the final score the game's rules give.
	Score() int
	// Hash is a Zobrist hash of everything that decides the legal moves and
	// the result, except counters that only draw rules look at.
	Hash() uint64
	// MoveString formats a legal move in the game's notation.
	MoveString(m Move) string
	// ParseMove reads one move in the game's notation and checks that it is
	// legal here; the error says why not.
	ParseMove(s string) (Move, error)
	// String formats the position in the game's position notation.
	String() string
}

// Errorf returns an error prefixed with the game's name, the form every
// message of the rules packages takes: "othello: e3 flips no disc".
func Errorf(game, format string, args ...any) error {
	return fmt.Errorf(game+": "+format, args...)
}
