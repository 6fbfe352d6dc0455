package othello

import "boardgames/rules"

// hashSeed seeds rules.ZobristKeys. Key sq is a black disc on square sq,
// key 64+sq a white disc on sq, key 128 White to move, key 129 the NoPass
// rule.
const hashSeed = 0x07e1105eed

// hashTable[k][b] is the XOR of the keys for the discs in byte b of row k
// of the black board (k = 0..7) or of row k-8 of the white board (k =
// 8..15), so a hash is 16 look-ups.
var hashTable, whiteToMoveKey, noPassKey = makeHashTable()

func makeHashTable() (t [16][256]uint64, side, noPass uint64) {
	keys := rules.ZobristKeys(hashSeed, 130)
	for k := range 16 { // k*8 is the key of the row's first square
		for b := range 256 {
			for i := range 8 {
				if b>>i&1 != 0 {
					t[k][b] ^= keys[k*8+i]
				}
			}
		}
	}
	return t, keys[128], keys[129]
}

// Hash returns the Zobrist hash of the discs, the side to move and the
// NoPass rule.
func (p Position) Hash() uint64 {
	b, w := p.Bitboards()
	t := &hashTable
	h := t[0][byte(b)] ^ t[1][byte(b>>8)] ^ t[2][byte(b>>16)] ^ t[3][byte(b>>24)] ^
		t[4][byte(b>>32)] ^ t[5][byte(b>>40)] ^ t[6][byte(b>>48)] ^ t[7][byte(b>>56)] ^
		t[8][byte(w)] ^ t[9][byte(w>>8)] ^ t[10][byte(w>>16)] ^ t[11][byte(w>>24)] ^
		t[12][byte(w>>32)] ^ t[13][byte(w>>40)] ^ t[14][byte(w>>48)] ^ t[15][byte(w>>56)]
	if p.side == rules.White {
		h ^= whiteToMoveKey
	}
	if p.noPass {
		h ^= noPassKey
	}
	return h
}
