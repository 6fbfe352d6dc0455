package rules

// History is a validated game record: the start position, the moves played
// and every position in between. It adds what a single position cannot
// know, a draw by threefold repetition, and is what the app and the command
// line keep; searches work on bare positions.
type History[S State[S]] struct {
	states []S
	moves  []Move
}

// NewHistory starts a record at start.
func NewHistory[S State[S]](start S) *History[S] {
	return &History[S]{states: []S{start}}
}

// Start returns the position the record starts from.
func (h *History[S]) Start() S { return h.states[0] }

// Position returns the current position.
func (h *History[S]) Position() S { return h.states[len(h.states)-1] }

// Len returns the number of moves played.
func (h *History[S]) Len() int { return len(h.moves) }

// Moves returns the moves played, oldest first. The caller must not change
// the slice.
func (h *History[S]) Moves() []Move { return h.moves }

// At returns the position after the first i moves (0 is the start).
func (h *History[S]) At(i int) S { return h.states[i] }

// Result is the position's result, or a draw when the current position has
// occurred three times with the same side to move.
func (h *History[S]) Result() Result {
	cur := h.Position()
	if r := cur.Result(); r.Over() {
		return r
	}
	if h.repetitions(cur.Hash()) >= 3 {
		return Draw
	}
	return Ongoing
}

// Repeated reports whether the game ended in a threefold repetition.
func (h *History[S]) Repeated() bool {
	cur := h.Position()
	return !cur.Result().Over() && h.repetitions(cur.Hash()) >= 3
}

func (h *History[S]) repetitions(hash uint64) int {
	n := 0
	for _, s := range h.states {
		if s.Hash() == hash {
			n++
		}
	}
	return n
}

// Legal returns the legal moves of the current position, none once the
// game is over (repetition included).
func (h *History[S]) Legal() []Move {
	if h.Result().Over() {
		return nil
	}
	return h.Position().Moves(nil)
}

// Play plays m if it is legal; otherwise it returns an error and leaves the
// record unchanged.
func (h *History[S]) Play(m Move) error {
	cur := h.Position()
	for _, l := range h.Legal() {
		if l == m {
			h.states = append(h.states, cur.Play(m))
			h.moves = append(h.moves, m)
			return nil
		}
	}
	if h.Result().Over() {
		return errGameOver
	}
	return errIllegal
}

// PlayOn plays m if it is legal in the current position, even after a
// threefold repetition: a record's replay mode. In a record a repetition is
// a draw the players may claim, and masters sometimes played on; the
// position's own end (no move, its draw rule) still stops it.
func (h *History[S]) PlayOn(m Move) error {
	cur := h.Position()
	for _, l := range cur.Moves(nil) {
		if l == m {
			h.states = append(h.states, cur.Play(m))
			h.moves = append(h.moves, m)
			return nil
		}
	}
	if cur.Result().Over() {
		return errGameOver
	}
	return errIllegal
}

// PlayString parses one move in the game's notation and plays it.
func (h *History[S]) PlayString(s string) error {
	if h.Result().Over() {
		return errGameOver
	}
	m, err := h.Position().ParseMove(s)
	if err != nil {
		return err
	}
	return h.Play(m)
}

// Undo takes back the last move and returns it; false if there is none.
func (h *History[S]) Undo() (Move, bool) {
	if len(h.moves) == 0 {
		return 0, false
	}
	m := h.moves[len(h.moves)-1]
	h.moves = h.moves[:len(h.moves)-1]
	h.states = h.states[:len(h.states)-1]
	return m, true
}

// Clone returns an independent copy of the record.
func (h *History[S]) Clone() *History[S] {
	return &History[S]{
		states: append([]S(nil), h.states...),
		moves:  append([]Move(nil), h.moves...),
	}
}

type historyError string

func (e historyError) Error() string { return string(e) }

const (
	errGameOver historyError = "the game is over"
	errIllegal  historyError = "that move is not legal here"
)
