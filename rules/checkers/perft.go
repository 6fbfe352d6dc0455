package checkers

import "boardgames/rules"

// perftLevels is how many plies of move lists the slow Perft keeps in one
// array, so that a node does not clear a fresh list of its own.
const perftLevels = 16

// Perft counts the move paths of length depth from p, the same count as
// rules.Perft (a finished game is one leaf; every capture path counts),
// but faster: the last ply only counts moves, and nothing is allocated.
//
// When the draw rule cannot end the game within depth plies, Perft walks
// the bare bitboards with code written out for each colour (this file and
// bulk.go): no move lists, no Move values, no draw counter, and children
// made as they are found. Otherwise it goes through Moves and Play.
func Perft(p Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth <= int(p.limit)-int(p.quiet):
		// No node before the last ply reaches the draw rule: the counter
		// grows by at most one a ply, from quiet to quiet+depth-1 < limit.
		if p.side == rules.Black {
			return blackNode(p.black, p.white, p.kings, depth)
		}
		return whiteNode(p.black, p.white, p.kings, depth)
	case depth == 1:
		return max(p.count(), 1)
	}
	var stack [perftLevels * rules.MaxMoves]rules.Move
	return perft(p, depth, stack[:])
}

// perft is Perft through Moves and Play for depth >= 2, taking its move
// lists from stack.
func perft(p Position, depth int, stack []rules.Move) uint64 {
	if len(stack) < rules.MaxMoves {
		return Perft(p, depth)
	}
	moves := p.Moves(stack[:0:rules.MaxMoves])
	if len(moves) == 0 {
		return 1
	}
	var n uint64
	if depth == 2 {
		for _, m := range moves {
			n += max(p.Play(m).count(), 1)
		}
		return n
	}
	for _, m := range moves {
		n += perft(p.Play(m), depth-1, stack[rules.MaxMoves:])
	}
	return n
}

// blackNode and whiteNode are Perft on bare bitboards (black, white and
// kings) with that colour to move and depth >= 1.
func blackNode(b, w, k uint32, depth int) uint64 {
	if depth == 1 {
		return max(countBlack(b, w, k), 1)
	}
	return perftBlack(b, w, k, depth)
}

func whiteNode(b, w, k uint32, depth int) uint64 {
	if depth == 1 {
		return max(countWhite(b, w, k), 1)
	}
	return perftWhite(b, w, k, depth)
}

// perftBlack is blackNode for depth >= 2: it makes every child as it finds
// it and hands it to whiteNode. A step's new kings are k with the moving
// king (kx, zero for a man) shifted along and a man that lands on the last
// row added.
func perftBlack(b, w, k uint32, depth int) uint64 {
	empty := ^(b | w)
	bk := b & k
	j := downJumpers(b, w, empty)
	if bk != 0 {
		j |= upJumpers(bk, w, empty)
	}
	var n uint64
	if j != 0 {
		for ; j != 0; j &= j - 1 {
			x := j & -j
			if x&k != 0 {
				n += blackKingJumps(b^x, w, k^x, x, empty|x, depth)
			} else {
				n += blackManJumps(b^x, w, k, x, empty, depth)
			}
		}
		return n
	}
	for f := b & (empty >> 4); f != 0; f &= f - 1 {
		x := f & -f
		kx := x & k
		n += whiteNode(b^x^x<<4, w, k^kx^kx<<4|x<<4&lastRow, depth-1)
	}
	for f := b & (empty >> 3) & down3; f != 0; f &= f - 1 {
		x := f & -f
		kx := x & k
		n += whiteNode(b^x^x<<3, w, k^kx^kx<<3|x<<3&lastRow, depth-1)
	}
	for f := b & (empty >> 5) & down5; f != 0; f &= f - 1 {
		x := f & -f
		kx := x & k
		n += whiteNode(b^x^x<<5, w, k^kx^kx<<5|x<<5&lastRow, depth-1)
	}
	if bk != 0 {
		for f := bk & (empty << 4); f != 0; f &= f - 1 {
			x := f & -f
			n += whiteNode(b^x^x>>4, w, k^x^x>>4, depth-1)
		}
		for f := bk & (empty << 3) & up3; f != 0; f &= f - 1 {
			x := f & -f
			n += whiteNode(b^x^x>>3, w, k^x^x>>3, depth-1)
		}
		for f := bk & (empty << 5) & up5; f != 0; f &= f - 1 {
			x := f & -f
			n += whiteNode(b^x^x>>5, w, k^x^x>>5, depth-1)
		}
	}
	return max(n, 1)
}

// perftWhite is perftBlack with the colours swapped: men move up and crown
// on the top row.
func perftWhite(b, w, k uint32, depth int) uint64 {
	empty := ^(b | w)
	wk := w & k
	j := upJumpers(w, b, empty)
	if wk != 0 {
		j |= downJumpers(wk, b, empty)
	}
	var n uint64
	if j != 0 {
		for ; j != 0; j &= j - 1 {
			x := j & -j
			if x&k != 0 {
				n += whiteKingJumps(b, w^x, k^x, x, empty|x, depth)
			} else {
				n += whiteManJumps(b, w^x, k, x, empty, depth)
			}
		}
		return n
	}
	for f := w & (empty << 4); f != 0; f &= f - 1 {
		x := f & -f
		kx := x & k
		n += blackNode(b, w^x^x>>4, k^kx^kx>>4|x>>4&topRow, depth-1)
	}
	for f := w & (empty << 3) & up3; f != 0; f &= f - 1 {
		x := f & -f
		kx := x & k
		n += blackNode(b, w^x^x>>3, k^kx^kx>>3|x>>3&topRow, depth-1)
	}
	for f := w & (empty << 5) & up5; f != 0; f &= f - 1 {
		x := f & -f
		kx := x & k
		n += blackNode(b, w^x^x>>5, k^kx^kx>>5|x>>5&topRow, depth-1)
	}
	if wk != 0 {
		for f := wk & (empty >> 4); f != 0; f &= f - 1 {
			x := f & -f
			n += blackNode(b, w^x^x<<4, k^x^x<<4, depth-1)
		}
		for f := wk & (empty >> 3) & down3; f != 0; f &= f - 1 {
			x := f & -f
			n += blackNode(b, w^x^x<<3, k^x^x<<3, depth-1)
		}
		for f := wk & (empty >> 5) & down5; f != 0; f &= f - 1 {
			x := f & -f
			n += blackNode(b, w^x^x<<5, k^x^x<<5, depth-1)
		}
	}
	return max(n, 1)
}

// blackManJumps goes on with a capture by the black man now on x: b, w and
// k are the board without the man and without the pieces it has taken,
// empty the squares it may land on. Each finished path is a child.
// Removing the taken pieces at once is the same as the rule that they stay
// until the move ends (see extend).
func blackManJumps(b, w, k, x, empty uint32, depth int) uint64 {
	var n uint64
	more := false
	if over, land := jumpDL(x); over&w != 0 && land&empty != 0 {
		more = true
		if land&lastRow != 0 {
			n += whiteNode(b|land, w^over, k&^over|land, depth-1)
		} else {
			n += blackManJumps(b, w^over, k&^over, land, empty, depth)
		}
	}
	if over, land := jumpDR(x); over&w != 0 && land&empty != 0 {
		more = true
		if land&lastRow != 0 {
			n += whiteNode(b|land, w^over, k&^over|land, depth-1)
		} else {
			n += blackManJumps(b, w^over, k&^over, land, empty, depth)
		}
	}
	if !more {
		return whiteNode(b|x, w, k, depth-1)
	}
	return n
}

// whiteManJumps is blackManJumps for a white man.
func whiteManJumps(b, w, k, x, empty uint32, depth int) uint64 {
	var n uint64
	more := false
	if over, land := jumpUL(x); over&b != 0 && land&empty != 0 {
		more = true
		if land&topRow != 0 {
			n += blackNode(b^over, w|land, k&^over|land, depth-1)
		} else {
			n += whiteManJumps(b^over, w, k&^over, land, empty, depth)
		}
	}
	if over, land := jumpUR(x); over&b != 0 && land&empty != 0 {
		more = true
		if land&topRow != 0 {
			n += blackNode(b^over, w|land, k&^over|land, depth-1)
		} else {
			n += whiteManJumps(b^over, w, k&^over, land, empty, depth)
		}
	}
	if !more {
		return blackNode(b, w|x, k, depth-1)
	}
	return n
}

// blackKingJumps is blackManJumps for a black king (k without it).
func blackKingJumps(b, w, k, x, empty uint32, depth int) uint64 {
	var n uint64
	more := false
	if over, land := jumpUL(x); over&w != 0 && land&empty != 0 {
		more = true
		n += blackKingJumps(b, w^over, k&^over, land, empty, depth)
	}
	if over, land := jumpUR(x); over&w != 0 && land&empty != 0 {
		more = true
		n += blackKingJumps(b, w^over, k&^over, land, empty, depth)
	}
	if over, land := jumpDL(x); over&w != 0 && land&empty != 0 {
		more = true
		n += blackKingJumps(b, w^over, k&^over, land, empty, depth)
	}
	if over, land := jumpDR(x); over&w != 0 && land&empty != 0 {
		more = true
		n += blackKingJumps(b, w^over, k&^over, land, empty, depth)
	}
	if !more {
		return whiteNode(b|x, w, k|x, depth-1)
	}
	return n
}

// whiteKingJumps is blackKingJumps for a white king.
func whiteKingJumps(b, w, k, x, empty uint32, depth int) uint64 {
	var n uint64
	more := false
	if over, land := jumpUL(x); over&b != 0 && land&empty != 0 {
		more = true
		n += whiteKingJumps(b^over, w, k&^over, land, empty, depth)
	}
	if over, land := jumpUR(x); over&b != 0 && land&empty != 0 {
		more = true
		n += whiteKingJumps(b^over, w, k&^over, land, empty, depth)
	}
	if over, land := jumpDL(x); over&b != 0 && land&empty != 0 {
		more = true
		n += whiteKingJumps(b^over, w, k&^over, land, empty, depth)
	}
	if over, land := jumpDR(x); over&b != 0 && land&empty != 0 {
		more = true
		n += whiteKingJumps(b^over, w, k&^over, land, empty, depth)
	}
	if !more {
		return blackNode(b, w|x, k|x, depth-1)
	}
	return n
}
