package c4solver

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
	"slices"

	"boardgames/rules"
	"boardgames/rules/connect4"
)

// Book is an opening book: the exact score and the best moves of the
// positions whose solve costs too much to do during a game (BuildBook
// chooses them). Mirror images share one entry. A Book is read-only once
// built and safe for concurrent use.
//
// Each entry is one 64-bit word: bits 13-61 the key of the position
// (current+mask of the side to move, the smaller of it and its mirror
// image's), bits 7-12 the score - minScore, bits 0-6 the best moves of that
// orientation, column c in bit c. The words are sorted, so a lookup is a
// binary search.
type Book struct {
	entries []uint64
	info    BookInfo
}

// BookInfo records how a book was built, so that a book says what it
// covers.
type BookInfo struct {
	// Limit: the book holds the positions whose solve with a fresh table
	// of ProbeMiB MiB needs more than Limit nodes.
	Limit    uint64
	ProbeMiB int
	// Openings: every position with at most this many stones is a root of
	// the book (the perfect player may take over there).
	Openings int
	// MaxStones: positions with this many stones or more are never
	// stored (0: no such bound).
	MaxStones int
}

// The book's binary form: the magic, the version, BookInfo, the number of
// entries, a CRC-32 (IEEE) of everything else, and the entries,
// little-endian. Version 1 had no checksum.
const (
	bookMagic   = "c4book"
	bookVersion = 2
	headerSize  = 8 + 8 + 4 + 4 + 4 + 4 + 4 // magic+version, limit, probe, openings, max, count, checksum
	sumOffset   = headerSize - 4
	entryShift  = 13
	scoreShift  = 7
	bestMask    = 1<<width - 1
)

// ErrBadBook is the error of a book that cannot be read.
var ErrBadBook = errors.New("c4solver: not a Connect Four book")

// LoadBook reads a book written by MarshalBinary and checks every entry:
// the checksum, the order of the entries, that each key is a position (a
// stone count that says whose turn it is, no four in a row yet), that its
// score is one the position can have, and that its best moves are legal
// and not none. A book that fails is refused whole, with an error that
// names the entry: the perfect player never plays from a corrupt book.
func LoadBook(data []byte) (*Book, error) {
	if len(data) < 8 || string(data[:len(bookMagic)]) != bookMagic {
		return nil, ErrBadBook
	}
	if v := binary.LittleEndian.Uint16(data[6:]); v != bookVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrBadBook, v, bookVersion)
	}
	if len(data) < headerSize {
		return nil, fmt.Errorf("%w: %d bytes, shorter than its header", ErrBadBook, len(data))
	}
	le := binary.LittleEndian
	b := &Book{info: BookInfo{
		Limit:     le.Uint64(data[8:]),
		ProbeMiB:  int(le.Uint32(data[16:])),
		Openings:  int(le.Uint32(data[20:])),
		MaxStones: int(le.Uint32(data[24:])),
	}}
	n := int(le.Uint32(data[28:]))
	if len(data) != headerSize+8*n {
		return nil, fmt.Errorf("%w: %d bytes for %d entries", ErrBadBook, len(data), n)
	}
	if sum := checksum(data); le.Uint32(data[sumOffset:]) != sum {
		return nil, fmt.Errorf("%w: the checksum is %08x, the content gives %08x (the file is damaged)", ErrBadBook, le.Uint32(data[sumOffset:]), sum)
	}
	b.entries = make([]uint64, n)
	for i := range b.entries {
		e := le.Uint64(data[headerSize+8*i:])
		b.entries[i] = e
		if i > 0 && e>>entryShift <= b.entries[i-1]>>entryShift {
			return nil, fmt.Errorf("%w: entries out of order", ErrBadBook)
		}
		if err := checkEntry(e, b.info.MaxStones); err != nil {
			return nil, fmt.Errorf("%w: entry %d of %d: %v", ErrBadBook, i+1, n, err)
		}
	}
	return b, nil
}

// checksum is the CRC-32 of a book's bytes but its checksum field.
func checksum(data []byte) uint32 {
	return crc32.Update(crc32.ChecksumIEEE(data[:sumOffset]), crc32.IEEETable, data[headerSize:])
}

// checkEntry checks one entry: its key is a position whose side to move
// has not lost yet, which is not over; its score lies in the range a
// position of that many stones can have (Pons' convention: a win with the
// side to move's next stone at best, with its 21st at worst); its best
// moves are legal and at least one. maxStones, when not 0, bounds the
// stones of the positions stored.
func checkEntry(e uint64, maxStones int) error {
	key := e >> entryShift
	if key>>(width*stride) != 0 {
		return fmt.Errorf("key %#x is not a position", key)
	}
	var current, mask uint64
	n := 0
	for c := range width {
		col := key >> (c * stride) & (1<<stride - 1)
		h := bits.Len64(col+1) - 1 // col = stones + 2^h - 1, stones < 2^h
		if h > height {
			return fmt.Errorf("key %#x is not a position (column %d)", key, c+1)
		}
		mask |= (1<<h - 1) << (c * stride)
		current |= (col - (1<<h - 1)) << (c * stride)
		n += h
	}
	switch {
	case popcount(current) != n/2:
		return fmt.Errorf("key %#x: %d stones of the side to move among %d", key, popcount(current), n)
	case maxStones > 0 && n >= maxStones:
		return fmt.Errorf("key %#x: %d stones, the book stores fewer than %d", key, n, maxStones)
	case hasFour(current) || hasFour(current^mask):
		return fmt.Errorf("key %#x: the game is over", key)
	}
	score := int(e>>scoreShift&63) + minScore
	// The side to move has n/2 stones, its opponent (n+1)/2: the best is a
	// win with its next stone (its fourth at the earliest), the worst a
	// loss to the opponent's next.
	hi := 22 - max(4, n/2+1)
	lo := -(22 - max(4, (n+1)/2+1))
	if score < lo || score > hi {
		return fmt.Errorf("key %#x: score %d outside %d..%d for a position of %d stones", key, score, lo, hi, n)
	}
	best := e & bestMask
	if best == 0 {
		return fmt.Errorf("key %#x: no best move", key)
	}
	for c := range width {
		if best&(1<<c) != 0 && mask&columnMask(c) == columnMask(c) {
			return fmt.Errorf("key %#x: best move %d is a full column", key, c+1)
		}
	}
	return nil
}

// hasFour reports whether stones hold four in a row.
func hasFour(stones uint64) bool {
	for _, d := range []uint{1, stride, stride - 1, stride + 1} {
		if m := stones & (stones >> d); m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// MarshalBinary writes the book in the form LoadBook reads.
func (b *Book) MarshalBinary() ([]byte, error) {
	out := make([]byte, headerSize, headerSize+8*len(b.entries))
	copy(out, bookMagic)
	le := binary.LittleEndian
	le.PutUint16(out[6:], bookVersion)
	le.PutUint64(out[8:], b.info.Limit)
	le.PutUint32(out[16:], uint32(b.info.ProbeMiB))
	le.PutUint32(out[20:], uint32(b.info.Openings))
	le.PutUint32(out[24:], uint32(b.info.MaxStones))
	le.PutUint32(out[28:], uint32(len(b.entries)))
	for _, e := range b.entries {
		out = le.AppendUint64(out, e)
	}
	le.PutUint32(out[sumOffset:], checksum(out))
	return out, nil
}

// Len returns the number of positions in the book.
func (b *Book) Len() int { return len(b.entries) }

// Info says how the book was built.
func (b *Book) Info() BookInfo { return b.info }

// Lookup returns the exact score of p and all its best moves (Moves holds
// their scores) when p is in the book.
func (b *Book) Lookup(p connect4.Position) (Result, bool) {
	current, mask := p.Bitboards()
	key, mirrored := canonical(current + mask)
	i, found := slices.BinarySearchFunc(b.entries, key, func(e, k uint64) int {
		switch {
		case e>>entryShift < k:
			return -1
		case e>>entryShift > k:
			return 1
		}
		return 0
	})
	if !found {
		return Result{}, false
	}
	e := b.entries[i]
	best := e & bestMask
	if mirrored {
		best = mirrorColumns(best)
	}
	r := Result{Score: int(e>>scoreShift&63) + minScore, Moves: make(map[rules.Move]int, bits.OnesCount64(best))}
	for c := range width {
		if best&(1<<c) != 0 {
			r.Best = append(r.Best, rules.Move(c))
			r.Moves[rules.Move(c)] = r.Score
		}
	}
	return r, true
}

// entry packs a position's entry; best lists the best moves of p.
func entry(p connect4.Position, score int, best []rules.Move) uint64 {
	current, mask := p.Bitboards()
	key, mirrored := canonical(current + mask)
	var m uint64
	for _, c := range best {
		m |= 1 << c
	}
	if mirrored {
		m = mirrorColumns(m)
	}
	return key<<entryShift | uint64(score-minScore)<<scoreShift | m
}

// canonical returns the key under which a position and its mirror image
// are stored, the smaller of the two, and whether that is the mirror's.
func canonical(key uint64) (uint64, bool) {
	if k := mirrorKey(key); k < key {
		return k, true
	}
	return key, false
}

// mirrorColumns reverses a set of columns (column c in bit c).
func mirrorColumns(m uint64) uint64 { return uint64(bits.Reverse8(uint8(m)) >> 1) }

// Choose returns the move the perfect player plays among the best moves of
// p: the one nearest the centre column; of two equally near, the left one
// as seen in p's canonical orientation (the smaller key of p and its mirror
// image), so that the choice in a mirrored position is the mirrored choice
// and one book entry serves both. best must not be empty.
func Choose(p connect4.Position, best []rules.Move) rules.Move {
	current, mask := p.Bitboards()
	_, mirrored := canonical(current + mask)
	choice, dist := best[0], width
	for _, m := range best {
		d := int(m) - width/2
		if d < 0 {
			d = -d
		}
		left := int(m) < width/2
		if mirrored {
			left = int(m) > width/2
		}
		if d < dist || d == dist && left {
			choice, dist = m, d
		}
	}
	return choice
}
