package c4solver

import (
	"encoding/binary"
	"errors"
	"fmt"
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
// entries and the entries, little-endian.
const (
	bookMagic   = "c4book"
	bookVersion = 1
	headerSize  = 8 + 8 + 4 + 4 + 4 + 4 // magic+version, limit, probe, openings, max, count
	entryShift  = 13
	scoreShift  = 7
	bestMask    = 1<<width - 1
)

// ErrBadBook is the error of a book that cannot be read.
var ErrBadBook = errors.New("c4solver: not a Connect Four book")

// LoadBook reads a book written by MarshalBinary.
func LoadBook(data []byte) (*Book, error) {
	if len(data) < headerSize || string(data[:len(bookMagic)]) != bookMagic {
		return nil, ErrBadBook
	}
	if v := binary.LittleEndian.Uint16(data[6:]); v != bookVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrBadBook, v, bookVersion)
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
	b.entries = make([]uint64, n)
	for i := range b.entries {
		b.entries[i] = le.Uint64(data[headerSize+8*i:])
		if i > 0 && b.entries[i]>>entryShift <= b.entries[i-1]>>entryShift {
			return nil, fmt.Errorf("%w: entries out of order", ErrBadBook)
		}
	}
	return b, nil
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
