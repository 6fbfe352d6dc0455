package checkers

import (
	"slices"
	"strconv"
	"strings"

	"boardgames/rules"
)

// A move is a rules.Move that spells out the whole path, so that two
// capture paths with the same start, end and captured pieces are still two
// moves:
//
//	bits  0..4   start square (bit number, square - 1)
//	bits  5..9   end square
//	bits 10..13  number of jumps; 0 for a simple move
//	bits 14..31  the direction of each step, 2 bits each, first step lowest
//	             (0 up-left, 1 up-right, 2 down-left, 3 down-right); a
//	             simple move has one step
//	bits 32..63  the captured pieces, bit i = square i+1
//
// The end square and the captured pieces follow from the start and the
// path, so every path has exactly one encoding; they are stored to make
// Play a few bit operations. A capture has at most 9 jumps: the jumped
// pieces are distinct and stand off the board's edge in the rows of the
// other parity than the start row, 3 rows of 3 such squares.
const (
	toShift    = 5
	jumpsShift = 10
	pathShift  = 14
	captShift  = 32
	maxJumps   = 9
)

// finish completes a capture of n jumps that ends on bit to.
func finish(m rules.Move, to int, n uint, capt uint32) rules.Move {
	return m | rules.Move(to)<<toShift | rules.Move(n)<<jumpsShift | rules.Move(capt)<<captShift
}

func moveFrom(m rules.Move) int  { return int(m & 31) }
func moveTo(m rules.Move) int    { return int(m >> toShift & 31) }
func moveJumps(m rules.Move) int { return min(int(m>>jumpsShift&15), maxJumps) }

// path returns the bits the move stands on: the start, then every landing
// square; false if m is not a path on the board.
func path(m rules.Move) (sqs [maxJumps + 1]int, n int, ok bool) {
	sq := moveFrom(m)
	sqs[0] = sq
	if moveJumps(m) == 0 {
		sqs[1] = moveTo(m)
		return sqs, 2, true
	}
	for k := 0; k < moveJumps(m); k++ {
		next := jumpSq[m>>(pathShift+2*k)&3][sq]
		if next < 0 {
			return sqs, k + 1, false
		}
		sq = int(next)
		sqs[k+1] = sq
	}
	return sqs, moveJumps(m) + 1, true
}

// IsCapture reports whether m captures.
func (p Position) IsCapture(m rules.Move) bool { return moveJumps(m) > 0 }

// Captured returns the pieces m captures, bit i = square i+1.
func (p Position) Captured(m rules.Move) uint32 { return uint32(m >> captShift) }

// MoveString formats m in PDN: "11-15" for a simple move, "22x15x6" for a
// capture, naming every landing square.
func (p Position) MoveString(m rules.Move) string {
	sqs, n, _ := path(m)
	sep := byte('-')
	if moveJumps(m) > 0 {
		sep = 'x'
	}
	var b [32]byte
	s := strconv.AppendInt(b[:0], int64(sqs[0]+1), 10)
	for _, sq := range sqs[1:n] {
		s = append(s, sep)
		s = strconv.AppendInt(s, int64(sq+1), 10)
	}
	return string(s)
}

// Squares returns the 8x8 cells (row*8 + column, top-left 0) m touches:
// the start square, then every landing square.
func (p Position) Squares(m rules.Move) []int {
	sqs, n, _ := path(m)
	cells := make([]int, n)
	for k := range cells {
		r, c := cell(sqs[k])
		cells[k] = r*8 + c
	}
	return cells
}

// splitMove reads a move as written: its squares as bit numbers, and
// whether it was written with x.
func splitMove(s string) (sqs []int, capture bool, err error) {
	if s == "" {
		return nil, false, rules.Errorf(Name, "empty move")
	}
	capture = strings.ContainsAny(s, "xX")
	if capture && strings.Contains(s, "-") {
		return nil, false, rules.Errorf(Name, "%s mixes - and x", rules.ShowText(s))
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' })
	if len(parts) < 2 || strings.Count(s, "-")+strings.Count(s, "x")+strings.Count(s, "X") != len(parts)-1 {
		return nil, false, rules.Errorf(Name, "%q is not a move like 11-15 or 22x15", s)
	}
	if !capture && len(parts) > 2 {
		return nil, false, rules.Errorf(Name, "%s: a simple move has two squares; write a capture with x", rules.ShowText(s))
	}
	if len(parts) > maxJumps+1 {
		return nil, false, rules.Errorf(Name, "%s has more than %d jumps", s, maxJumps)
	}
	for _, t := range parts {
		sq, err := parseSquare(t)
		if err != nil {
			return nil, false, err
		}
		sqs = append(sqs, sq)
	}
	return sqs, capture, nil
}

// parseSquare reads a square number 1..32 and returns its bit number.
func parseSquare(t string) (int, error) {
	if t == "" {
		return 0, rules.Errorf(Name, "a square number is missing")
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return 0, rules.Errorf(Name, "%q is not a square number", t)
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > 32 {
		return 0, rules.Errorf(Name, "square %s does not exist", t)
	}
	return n - 1, nil
}

// direction returns the direction from bit a to bit b if b is a distance
// steps away along a diagonal (1 or 2), or -1.
func direction(a, b, distance int) int {
	ra, ca := cell(a)
	rb, cb := cell(b)
	for d := 0; d < 4; d++ {
		if rb == ra+distance*dirRow[d] && cb == ca+distance*dirCol[d] {
			return d
		}
	}
	return -1
}

// ParseMove reads a move in PDN and checks that it is legal here. A
// capture may name every landing square (22x15x6) or only some of them,
// in order, down to the start and the end (22x6), as long as exactly one
// legal path fits; a jump written with - (22-15 for 22x15) is read as a
// capture too.
func (p Position) ParseMove(s string) (rules.Move, error) {
	s = strings.TrimSpace(s)
	sqs, capture, err := splitMove(s)
	if err != nil {
		return 0, err
	}
	var buf [rules.MaxMoves]rules.Move
	legal := p.Moves(buf[:0])
	if len(legal) == 0 {
		return 0, rules.Errorf(Name, "%s is not legal: the game is over (%s)", rules.ShowText(s), p.Result())
	}
	from, fromBit := sqs[0], uint32(1)<<sqs[0]
	own, opp, _, _ := p.sides()
	switch {
	case own&fromBit != 0:
	case opp&fromBit != 0:
		return 0, rules.Errorf(Name, "%s is not legal: %d holds a %s piece and %s is to move",
			s, from+1, p.side.Other(), p.side)
	default:
		return 0, rules.Errorf(Name, "%s is not legal: there is no piece on %d", rules.ShowText(s), from+1)
	}
	if !capture {
		to := sqs[1]
		if d := direction(from, to, 1); d >= 0 {
			return p.parseStep(s, legal, from, to, d)
		}
		if direction(from, to, 2) < 0 {
			return 0, rules.Errorf(Name, "%s is not a move", rules.ShowText(s))
		}
	}
	return p.parseCapture(s, legal, sqs)
}

// parseStep finds the simple move from -> to in direction d, or says why
// it is not legal.
func (p Position) parseStep(s string, legal []rules.Move, from, to, d int) (rules.Move, error) {
	for _, m := range legal {
		if moveJumps(m) == 0 && moveFrom(m) == from && moveTo(m) == to {
			return m, nil
		}
	}
	forward := (p.side == rules.Black) == (d >= downLeft)
	switch {
	case moveJumps(legal[0]) > 0:
		return 0, rules.Errorf(Name, "%s is not legal: a capture is mandatory", rules.ShowText(s))
	case (p.black|p.white)>>to&1 != 0:
		return 0, rules.Errorf(Name, "%s is not legal: %d is occupied", rules.ShowText(s), to+1)
	case !forward && p.kings>>from&1 == 0:
		return 0, rules.Errorf(Name, "%s is not legal: a man cannot move backwards", rules.ShowText(s))
	}
	return 0, rules.Errorf(Name, "%s is not legal", rules.ShowText(s))
}

// parseCapture finds the capture that starts on sqs[0], ends on the last
// of sqs and lands on the others in order, or says why there is none.
func (p Position) parseCapture(s string, legal []rules.Move, sqs []int) (rules.Move, error) {
	from := sqs[0]
	r0, c0 := cell(from)
	for _, sq := range sqs[1:] {
		if r, c := cell(sq); (r-r0)%2 != 0 || (c-c0)%2 != 0 {
			return 0, rules.Errorf(Name, "%s is not a move: no jumps lead from %d to %d", rules.ShowText(s), from+1, sq+1)
		}
	}
	if moveJumps(legal[0]) == 0 {
		return 0, rules.Errorf(Name, "%s is not legal: there is no capture", rules.ShowText(s))
	}
	var found []rules.Move
	var longer rules.Move
	mine := false
	for _, m := range legal {
		if moveFrom(m) != from {
			continue
		}
		mine = true
		ps, n, _ := path(m)
		switch {
		case n == len(sqs) && slices.Equal(ps[:n], sqs):
			return m, nil
		case n > len(sqs) && slices.Equal(ps[:len(sqs)], sqs):
			longer = m
		}
		if ps[n-1] == sqs[len(sqs)-1] && subsequence(sqs[1:len(sqs)-1], ps[1:n-1]) {
			found = append(found, m)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		alts := make([]string, len(found))
		for i, m := range found {
			alts[i] = p.MoveString(m)
		}
		return 0, rules.Errorf(Name, "%s is ambiguous: it could be %s", rules.ShowText(s), strings.Join(alts, " or "))
	case !mine:
		return 0, rules.Errorf(Name, "%s is not legal: the piece on %d cannot capture", rules.ShowText(s), from+1)
	case longer != 0:
		return 0, rules.Errorf(Name, "%s is not legal: the capture must go on (%s)", rules.ShowText(s), p.MoveString(longer))
	}
	return 0, rules.Errorf(Name, "%s is not legal: no capture from %d takes that path", rules.ShowText(s), from+1)
}

// subsequence reports whether sub appears in seq in order.
func subsequence(sub, seq []int) bool {
	i := 0
	for _, v := range seq {
		if i < len(sub) && sub[i] == v {
			i++
		}
	}
	return i == len(sub)
}
