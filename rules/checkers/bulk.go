package checkers

// Bulk counting for the last ply of Perft: the number of legal moves of a
// position given as bare bitboards, without making them. The draw rule is
// the caller's business.

// countBlack returns the number of moves Black has: every capture path if
// there is a capture, otherwise the steps, counted with shifted bitboards.
func countBlack(b, w, k uint32) uint64 {
	empty := ^(b | w)
	bk := b & k
	j := downJumpers(b, w, empty)
	if bk != 0 {
		j |= upJumpers(bk, w, empty)
	}
	if j != 0 {
		var n uint64
		for ; j != 0; j &= j - 1 {
			x := j & -j
			if x&k != 0 {
				n += kingPaths(x, w, empty|x)
			} else {
				n += blackManPaths(x, w, empty)
			}
		}
		return n
	}
	n := downSteps(b, empty)
	if bk != 0 {
		n += upSteps(bk, empty)
	}
	return uint64(n)
}

// countWhite is countBlack for White.
func countWhite(b, w, k uint32) uint64 {
	empty := ^(b | w)
	wk := w & k
	j := upJumpers(w, b, empty)
	if wk != 0 {
		j |= downJumpers(wk, b, empty)
	}
	if j != 0 {
		var n uint64
		for ; j != 0; j &= j - 1 {
			x := j & -j
			if x&k != 0 {
				n += kingPaths(x, b, empty|x)
			} else {
				n += whiteManPaths(x, b, empty)
			}
		}
		return n
	}
	n := upSteps(w, empty)
	if wk != 0 {
		n += downSteps(wk, empty)
	}
	return uint64(n)
}

// blackManPaths counts the ways a capture by the black man on x can go on
// and end, opp being the white pieces it has not taken yet and empty the
// squares it may land on; a man that cannot jump on counts one.
func blackManPaths(x, opp, empty uint32) uint64 {
	var n uint64
	if over, land := jumpDL(x); over&opp != 0 && land&empty != 0 {
		if land&lastRow != 0 {
			n++
		} else {
			n += blackManPaths(land, opp^over, empty)
		}
	}
	if over, land := jumpDR(x); over&opp != 0 && land&empty != 0 {
		if land&lastRow != 0 {
			n++
		} else {
			n += blackManPaths(land, opp^over, empty)
		}
	}
	return max(n, 1)
}

// whiteManPaths is blackManPaths for a white man.
func whiteManPaths(x, opp, empty uint32) uint64 {
	var n uint64
	if over, land := jumpUL(x); over&opp != 0 && land&empty != 0 {
		if land&topRow != 0 {
			n++
		} else {
			n += whiteManPaths(land, opp^over, empty)
		}
	}
	if over, land := jumpUR(x); over&opp != 0 && land&empty != 0 {
		if land&topRow != 0 {
			n++
		} else {
			n += whiteManPaths(land, opp^over, empty)
		}
	}
	return max(n, 1)
}

// kingPaths is blackManPaths for a king of either colour.
func kingPaths(x, opp, empty uint32) uint64 {
	var n uint64
	if over, land := jumpUL(x); over&opp != 0 && land&empty != 0 {
		n += kingPaths(land, opp^over, empty)
	}
	if over, land := jumpUR(x); over&opp != 0 && land&empty != 0 {
		n += kingPaths(land, opp^over, empty)
	}
	if over, land := jumpDL(x); over&opp != 0 && land&empty != 0 {
		n += kingPaths(land, opp^over, empty)
	}
	if over, land := jumpDR(x); over&opp != 0 && land&empty != 0 {
		n += kingPaths(land, opp^over, empty)
	}
	return max(n, 1)
}
