package games

import (
	"slices"

	"boardgames/rules"
)

// Position is a position of any game.
type Position interface {
	// Game returns the game's name.
	Game() string
	ToMove() rules.Player
	// Legal returns the legal moves in a new slice.
	Legal() []rules.Move
	// Play returns the position after the legal move m.
	Play(m rules.Move) Position
	Result() rules.Result
	Score() int
	Hash() uint64
	MoveString(m rules.Move) string
	ParseMove(s string) (rules.Move, error)
	// String is the position in the game's notation.
	String() string
	// Rows is the board as text, top row first (see each game's Rows).
	Rows() []string
	// Squares lists the cells a move touches, row*width+col.
	Squares(m rules.Move) []int
	// Perft counts move paths with the game's fast counter.
	Perft(depth int) uint64
	// Native is the game's own position value (othello.Position, ...), for
	// code that searches it through the generic algorithms.
	Native() any
}

// Record is a validated game record of any game (see rules.History).
type Record interface {
	Start() Position
	Position() Position
	Len() int
	Moves() []rules.Move
	// At is the position after the first i moves.
	At(i int) Position
	// Result includes draws by threefold repetition.
	Result() rules.Result
	Legal() []rules.Move
	Play(m rules.Move) error
	// PlayOn plays m even after a threefold repetition, a draw the
	// players of a record did not claim (rules.History.PlayOn).
	PlayOn(m rules.Move) error
	PlayString(s string) error
	Undo() (rules.Move, bool)
	Clone() Record
	// String is the move list in the game's notation.
	String() string
}

// native is what a game package offers beyond rules.State.
type native[S any] interface {
	rules.State[S]
	Rows() []string
	Squares(m rules.Move) []int
}

type kit[S native[S]] struct {
	name        string
	perft       func(S, int) uint64
	parseMoves  func(S, string) (*rules.History[S], error)
	formatMoves func(S, []rules.Move) string
}

type position[S native[S]] struct {
	s S
	k *kit[S]
}

func (p position[S]) Game() string                           { return p.k.name }
func (p position[S]) ToMove() rules.Player                   { return p.s.ToMove() }
func (p position[S]) Legal() []rules.Move                    { return p.s.Moves(nil) }
func (p position[S]) Play(m rules.Move) Position             { return position[S]{p.s.Play(m), p.k} }
func (p position[S]) Result() rules.Result                   { return p.s.Result() }
func (p position[S]) Score() int                             { return p.s.Score() }
func (p position[S]) Hash() uint64                           { return p.s.Hash() }
func (p position[S]) MoveString(m rules.Move) string         { return p.s.MoveString(m) }
func (p position[S]) ParseMove(s string) (rules.Move, error) { return p.s.ParseMove(s) }
func (p position[S]) String() string                         { return p.s.String() }
func (p position[S]) Rows() []string                         { return p.s.Rows() }
func (p position[S]) Squares(m rules.Move) []int             { return p.s.Squares(m) }
func (p position[S]) Perft(depth int) uint64                 { return p.k.perft(p.s, depth) }
func (p position[S]) Native() any                            { return p.s }

type record[S native[S]] struct {
	h *rules.History[S]
	k *kit[S]
}

func (r record[S]) wrap(s S) Position         { return position[S]{s, r.k} }
func (r record[S]) Start() Position           { return r.wrap(r.h.Start()) }
func (r record[S]) Position() Position        { return r.wrap(r.h.Position()) }
func (r record[S]) Len() int                  { return r.h.Len() }
func (r record[S]) Moves() []rules.Move       { return r.h.Moves() }
func (r record[S]) At(i int) Position         { return r.wrap(r.h.At(i)) }
func (r record[S]) Result() rules.Result      { return r.h.Result() }
func (r record[S]) Legal() []rules.Move       { return r.h.Legal() }
func (r record[S]) Play(m rules.Move) error   { return r.h.Play(m) }
func (r record[S]) PlayOn(m rules.Move) error { return r.h.PlayOn(m) }
func (r record[S]) PlayString(s string) error { return r.h.PlayString(s) }
func (r record[S]) Undo() (rules.Move, bool)  { return r.h.Undo() }
func (r record[S]) Clone() Record             { return record[S]{r.h.Clone(), r.k} }
func (r record[S]) String() string            { return r.k.formatMoves(r.h.Start(), r.h.Moves()) }

// NewRecord starts an empty record at p.
func NewRecord(p Position) Record { return p.(interface{ newRecord() Record }).newRecord() }

// Past returns the hashes of r's positions before its current one, oldest
// first (empty, not nil, at the start): what a search of the current
// position is told of the game, to find repetitions (ai.Params.Past).
func Past(r Record) []uint64 {
	past := make([]uint64, r.Len())
	for i := range past {
		past[i] = r.At(i).Hash()
	}
	return past
}

func (p position[S]) newRecord() Record { return record[S]{rules.NewHistory(p.s), p.k} }

// Wrap makes a Position of a game's own position value, for code that
// searched the native value and wants to hand it back.
func Wrap(native any) (Position, bool) {
	for _, w := range wrappers {
		if p, ok := w(native); ok {
			return p, true
		}
	}
	return nil, false
}

var wrappers []func(any) (Position, bool)

// register builds the start, parse and move-list functions of a game from
// its package's functions.
func register[S native[S]](name string,
	perft func(S, int) uint64,
	parseMoves func(S, string) (*rules.History[S], error),
	formatMoves func(S, []rules.Move) string,
) *kit[S] {
	k := &kit[S]{name: name, perft: perft, parseMoves: parseMoves, formatMoves: formatMoves}
	wrappers = append(wrappers, func(v any) (Position, bool) {
		s, ok := v.(S)
		if !ok {
			return nil, false
		}
		return position[S]{s, k}, true
	})
	return k
}

func (k *kit[S]) wrap(s S, err error) (Position, error) {
	if err != nil {
		return nil, err
	}
	return position[S]{s, k}, nil
}

func (k *kit[S]) parseRecord(from Position, list string) (Record, error) {
	p, ok := from.(position[S])
	if !ok {
		return nil, rules.Errorf(k.name, "the position is of another game (%s)", from.Game())
	}
	h, err := k.parseMoves(p.s, list)
	if err != nil {
		return nil, err
	}
	return record[S]{h, k}, nil
}

// LineStrings writes a line of moves played from pos (a principal
// variation), each move in the notation of the position it is played
// from. It stops at the first move that is not legal there.
func LineStrings(pos Position, line []rules.Move) []string {
	out := []string{}
	for _, m := range line {
		if !slices.Contains(pos.Legal(), m) {
			break
		}
		out = append(out, pos.MoveString(m))
		pos = pos.Play(m)
	}
	return out
}
