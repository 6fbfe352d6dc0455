package eval

import (
	"math/bits"

	"boardgames/rules"
	"boardgames/rules/adjacency"
)

// Adjacency bitboards use the Othello layout (bit i = square i, a1 = 0);
// only orthogonal neighbours matter.

// orthogonal returns the squares orthogonally next to a mark of b.
func orthogonal(b uint64) uint64 {
	return b<<1&notA | b>>1&notH | b<<8 | b>>8
}

// bestCapture returns the most marks of opp that one new mark on an empty
// square takes: the largest number of opp marks orthogonally next to a
// single square of empty (0..4).
func bestCapture(opp, empty uint64) int {
	// a, b, c, d: the squares whose east, west, south and north
	// neighbour is an opp mark.
	a, b, c, d := opp>>1&notH, opp<<1&notA, opp>>8, opp<<8
	switch {
	case empty&a&b&c&d != 0:
		return 4
	case empty&(a&b&(c|d)|c&d&(a|b)) != 0:
		return 3
	case empty&(a&(b|c|d)|b&(c|d)|c&d) != 0:
		return 2
	case empty&(a|b|c|d) != 0:
		return 1
	}
	return 0
}

// adjacencySides returns the marks of the side to move and of its opponent.
func adjacencySides(p adjacency.Position) (own, opp uint64) {
	black, white := p.Bitboards()
	if p.ToMove() == rules.White {
		return white, black
	}
	return black, white
}

// adjacencyMarks is the paper's objective function: the side to move's
// marks minus the opponent's.
func adjacencyMarks(p adjacency.Position) int {
	own, opp := adjacencySides(p)
	return bits.OnesCount64(own) - bits.OnesCount64(opp)
}

// Weights of adjacencyVulnerability (a mark is 100). They won a
// round-robin of 8 weight sets in fixed-depth alpha-beta matches (depth 2
// and 3, 20 and 28 rounds); a bonus for the side to move's best capture
// (the "initiative") made play worse at any weight tried and is left out.
const (
	adjMark       = 100
	adjVulnerable = 80 // own mark with an empty orthogonal neighbour
	adjFrontier   = 10 // empty square orthogonally next to an own mark
)

// adjacencyVulnerability is the default Adjacency evaluation, from the side
// to move's view, with a mark worth 100:
//   - the mark difference;
//   - minus the vulnerable marks: own marks with an empty orthogonal
//     neighbour, which the opponent could take with its next mark
//     (the opponent's counted the other way);
//   - minus the frontier: empty squares orthogonally next to own marks,
//     the squares from which the opponent attacks (idem).
//
// When only the side to move's last move of the game remains, the value is
// exact: the final mark difference after its best move (one new mark and
// two per mark taken), times 100. (The plies played are 56 minus the empty
// squares, since the game starts with 8 marks.)
func adjacencyVulnerability(p adjacency.Position) int {
	own, opp := adjacencySides(p)
	empty := ^(own | opp)
	diff := bits.OnesCount64(own) - bits.OnesCount64(opp)
	if 2*p.Limit()-(56-bits.OnesCount64(empty)) == 1 {
		return adjMark * (diff + 1 + 2*bestCapture(opp, empty))
	}
	nEmpty := orthogonal(empty)
	vul := bits.OnesCount64(own&nEmpty) - bits.OnesCount64(opp&nEmpty)
	front := bits.OnesCount64(empty&orthogonal(own)) - bits.OnesCount64(empty&orthogonal(opp))
	return adjMark*diff - adjVulnerable*vul - adjFrontier*front
}
