package match

import (
	"slices"

	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// Input turns clicks on board cells into moves. A move is the sequence of
// cells games.Position.Squares gives: one cell in Othello and Adjacency, the
// landing cell in Connect Four (any cell of the column selects it), and in
// checkers the piece, then each landing square in turn, so a multi-jump is
// entered by clicking its landings and two paths are told apart the same way.
// The zero value is ready to use.
type Input struct {
	path []int // cells clicked so far (checkers)
}

// Click is what a click did.
type Click struct {
	// Move is the completed move when Done.
	Move rules.Move
	Done bool
	// Message says why the click is not (part of) a move, or is empty.
	Message string
}

// Reset forgets a half-entered move.
func (in *Input) Reset() { in.path = nil }

// Path returns the cells clicked so far of a half-entered move.
func (in *Input) Path() []int { return append([]int(nil), in.path...) }

// candidate is a legal move with its cells.
type candidate struct {
	m     rules.Move
	cells []int
}

func candidates(pos games.Position, legal []rules.Move) []candidate {
	out := make([]candidate, 0, len(legal))
	for _, m := range legal {
		out = append(out, candidate{m, pos.Squares(m)})
	}
	return out
}

// matching returns the candidates whose cells start with path.
func matching(cs []candidate, path []int) []candidate {
	var out []candidate
	for _, c := range cs {
		if len(c.cells) >= len(path) && slices.Equal(c.cells[:len(path)], path) {
			out = append(out, c)
		}
	}
	return out
}

// Targets returns the cells a click can go to next: the start cells of the
// legal moves, or, in the middle of a checkers move, the next landings.
// legal is the list of legal moves (empty when the game is over).
func (in *Input) Targets(pos games.Position, legal []rules.Move) (starts, next []int) {
	cs := candidates(pos, legal)
	seen := map[int]bool{}
	for _, c := range cs {
		if len(c.cells) > 0 && !seen[c.cells[0]] {
			seen[c.cells[0]] = true
			starts = append(starts, c.cells[0])
		}
	}
	if len(in.path) == 0 {
		return starts, nil
	}
	seen = map[int]bool{}
	for _, c := range matching(cs, in.path) {
		if len(c.cells) > len(in.path) {
			n := c.cells[len(in.path)]
			if !seen[n] {
				seen[n] = true
				next = append(next, n)
			}
		}
	}
	return starts, next
}

// Click handles a click on cell (row*width+col) of pos with the given legal
// moves (none when the game is over).
func (in *Input) Click(pos games.Position, legal []rules.Move, cell int) Click {
	if len(legal) == 0 {
		in.path = nil
		return Click{Message: tr.T("The game is over: start a new game (Ctrl+N).")}
	}
	cs := candidates(pos, legal)
	switch pos.Game() {
	case connect4.Name:
		return in.column(pos, cs, cell)
	case checkers.Name:
		return in.checkers(pos, cs, cell)
	}
	for _, c := range cs {
		if len(c.cells) == 1 && c.cells[0] == cell {
			return Click{Move: c.m, Done: true}
		}
	}
	return Click{Message: whyNot(pos, cell)}
}

// column plays the column of the clicked cell (Connect Four, 7 columns).
func (in *Input) column(pos games.Position, cs []candidate, cell int) Click {
	col := cell % 7
	for _, c := range cs {
		if len(c.cells) == 1 && c.cells[0]%7 == col {
			return Click{Move: c.m, Done: true}
		}
	}
	return Click{Message: tr.F("Column %d is full.", col+1)}
}

// checkers builds a move from the piece and its landing squares.
func (in *Input) checkers(pos games.Position, cs []candidate, cell int) Click {
	rows := pos.Rows()
	r, col := cell/8, cell%8
	if rows[r][col] == '.' {
		return Click{Message: tr.T("Pieces stand on the dark squares only.")}
	}
	if len(in.path) > 0 {
		if cell == in.path[len(in.path)-1] && len(in.path) == 1 {
			in.path = nil
			return Click{Message: tr.T("Piece put back.")}
		}
		path := append(append([]int(nil), in.path...), cell)
		ms := matching(cs, path)
		for _, c := range ms {
			if len(c.cells) == len(path) {
				in.path = nil
				return Click{Move: c.m, Done: true}
			}
		}
		if len(ms) > 0 {
			in.path = path
			return Click{Message: tr.F("Jumped to square %d: click the next landing square.", PDN(cell))}
		}
		if len(in.path) > 1 {
			return Click{Message: tr.F("The jump must go on from square %d: click a marked square.", PDN(in.path[len(in.path)-1]))}
		}
		// Another of the mover's pieces: select it instead.
		if len(matching(cs, []int{cell})) > 0 {
			in.path = []int{cell}
			return Click{}
		}
		from := in.path[0]
		if own(rows, cell, pos.ToMove()) {
			return Click{Message: pieceWhy(pos, cs, cell)}
		}
		for _, c := range cs {
			if capture(c.cells) {
				return Click{Message: tr.F("You must capture: %d-%d is not a capture, and captures are compulsory.", PDN(from), PDN(cell))}
			}
		}
		return Click{Message: tr.F("%d-%d is not a move here: click a marked square, or another of your pieces.", PDN(from), PDN(cell))}
	}
	if len(matching(cs, []int{cell})) > 0 {
		in.path = []int{cell}
		return Click{}
	}
	if own(rows, cell, pos.ToMove()) {
		return Click{Message: pieceWhy(pos, cs, cell)}
	}
	return Click{Message: tr.T("Click one of your pieces, then where it goes.")}
}

// pieceWhy says why the mover's piece on cell cannot move.
func pieceWhy(pos games.Position, cs []candidate, cell int) string {
	for _, c := range cs {
		if capture(c.cells) {
			return tr.F("You must capture: the piece on square %d cannot jump, and captures are compulsory.", PDN(cell))
		}
	}
	return tr.F("The piece on square %d cannot move.", PDN(cell))
}

// capture reports whether the cells of a checkers move are a jump.
func capture(cells []int) bool {
	if len(cells) < 2 {
		return false
	}
	d := cells[1]/8 - cells[0]/8
	return d == 2 || d == -2
}

func own(rows []string, cell int, p rules.Player) bool {
	ch := rows[cell/8][cell%8]
	if p == rules.Black {
		return ch == 'b' || ch == 'B'
	}
	return ch == 'w' || ch == 'W'
}

// whyNot says why a click on cell is not a move (Othello, Adjacency).
func whyNot(pos games.Position, cell int) string {
	sq := rules.SquareName(cell)
	rows := pos.Rows()
	if ch := rows[cell/8][cell%8]; ch != '-' && ch != '.' {
		return tr.F("%s is taken.", sq)
	}
	if pos.Game() == othello.Name {
		return tr.F("%s is not a move: it encloses no line of %s discs.", sq, ColourName(gameOf(pos), pos.ToMove().Other()))
	}
	return tr.F("%s is not a move here.", sq)
}

// gameOf returns the game of a position.
func gameOf(pos games.Position) *games.Game {
	g, err := games.Lookup(pos.Game())
	if err != nil {
		return games.All[0]
	}
	return g
}

// PDN is the checkers square number (1..32) of a dark cell, 0 for a light one.
func PDN(cell int) int {
	r, c := cell/8, cell%8
	if (r+c)%2 == 0 {
		return 0
	}
	return r*4 + c/2 + 1
}
