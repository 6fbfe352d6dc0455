package c4solver

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"boardgames/rules"
	"boardgames/rules/connect4"
)

// testBookOptions builds a small book (about 50 positions) from a
// 15-stone position of Test_L2_R2 in about a second.
func testBookOptions(tb testing.TB) BookOptions {
	return BookOptions{Root: mustPlay(tb, "274552224131661"), Limit: 50_000, ProbeMiB: 4, TableMiB: 16}
}

// buildTestBook builds the book of testBookOptions once per test binary.
var buildTestBook = func() func(tb testing.TB) (*Book, BookProgress) {
	var (
		book *Book
		prog BookProgress
	)
	return func(tb testing.TB) (*Book, BookProgress) {
		tb.Helper()
		if book == nil {
			var err error
			if book, prog, err = BuildBook(context.Background(), testBookOptions(tb)); err != nil {
				tb.Fatal(err)
			}
		}
		return book, prog
	}
}()

// TestBookCovers walks every position the perfect player can face from
// the test book's root, whichever side it plays and whatever the opponent
// does, and checks the book's contract: a position in the book has the
// exact score and best moves of a solve by another solver, a position not
// in the book is solved within the limit from an empty table, and the
// walk continues below the book's positions only.
func TestBookCovers(t *testing.T) {
	book, prog := buildTestBook(t)
	if book.Len() < 5 || book.Len() != prog.Stored {
		t.Fatalf("book of %d positions, %d stored", book.Len(), prog.Stored)
	}
	if met := checkBook(t, book, testBookOptions(t).Root, 0, true); len(met) != book.Len() {
		t.Errorf("the walk met %d of the %d positions of the book", len(met), book.Len())
	}
}

// checkBook walks every position the perfect player can face from root
// (moving first, and second too when both) and checks the book's
// contract: a position in
// the book has the exact score and best moves of a solve by another
// solver (from checkFrom stones on: earlier ones take minutes), a position
// not in the book is solved within the book's limit from an empty table,
// and the walk continues below the book's positions only. It returns the
// keys of the book's entries it met.
func checkBook(t *testing.T, book *Book, root connect4.Position, checkFrom int, both bool) map[uint64]bool {
	o := book.Info()
	check, probe := New(64), New(o.ProbeMiB)
	probe.nodeLimit = o.Limit
	ctx := context.Background()
	seen := map[uint64]bool{}   // positions walked
	inBook := map[uint64]bool{} // book entries met (keys of mirror images are one)
	easy := 0
	var walk func(p connect4.Position)
	walk = func(p connect4.Position) {
		cur, mask := p.Bitboards()
		if p.Result().Over() || seen[cur+mask] {
			return
		}
		seen[cur+mask] = true
		r, ok := book.Lookup(p)
		if !ok {
			probe.Reset()
			if r, err := probe.SolveBest(ctx, p); err != nil || r.Nodes > o.Limit {
				t.Errorf("%s is not in the book and its solve needs more than %d nodes (%d, %v)", p, o.Limit, r.Nodes, err)
			}
			easy++
			return
		}
		key, _ := canonical(cur + mask)
		inBook[key] = true
		if p.Played() >= checkFrom {
			want, err := check.SolveBest(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != want.Score || !slices.Equal(r.Best, want.Best) {
				t.Errorf("%s: book %d %v, solver %d %v", p, r.Score, r.Best, want.Score, want.Best)
			}
		}
		q := p.Play(Choose(p, r.Best))
		if q.Result().Over() {
			return
		}
		for _, m := range q.Moves(nil) {
			walk(q.Play(m))
		}
	}
	walk(root)
	for _, m := range root.Moves(nil) {
		if both {
			walk(root.Play(m))
		}
	}
	t.Logf("%d positions in the book, %d easy ones at its edge", len(inBook), easy)
	return inBook
}

// TestBookReproducible builds the test book again in two parts, with
// another table size for the stored solves, and merges them: the bytes
// are the same.
func TestBookReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the book twice")
	}
	book, _ := buildTestBook(t)
	o := testBookOptions(t)
	o.TableMiB = 2
	o.Only = []connect4.Position{o.Root} // the root, where the player moves first
	first, _, err := BuildBook(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	o.Only = nil
	for _, m := range o.Root.Moves(nil) { // where it moves second
		o.Only = append(o.Only, o.Root.Play(m))
	}
	second, _, err := BuildBook(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if first.Len() == 0 || second.Len() == 0 {
		t.Fatalf("parts of %d and %d positions", first.Len(), second.Len())
	}
	again, err := MergeBooks(first, second)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := book.MarshalBinary()
	b, _ := again.MarshalBinary()
	if !bytes.Equal(a, b) {
		t.Errorf("two builds differ: %d and %d bytes", len(a), len(b))
	}
	// Books of other options do not merge.
	other := &Book{entries: first.entries, info: first.info}
	other.info.Limit++
	if _, err := MergeBooks(first, other); err == nil {
		t.Error("books of two limits merged")
	}
	// Books from roots of other depths do: the union says the smaller.
	deeper := &Book{entries: second.entries, info: second.info}
	deeper.info.Openings = 3
	merged, err := MergeBooks(deeper, first)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Info() != first.Info() || merged.Len() != book.Len() {
		t.Errorf("merged with Openings 3: %+v %d entries, %v; want %+v %d", merged.Info(), merged.Len(), err, first.Info(), book.Len())
	}
}

// TestBookFile checks the round trip through the binary form and the
// errors of LoadBook.
func TestBookFile(t *testing.T) {
	book, _ := buildTestBook(t)
	data, err := book.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := LoadBook(data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.entries, book.entries) || back.Info() != book.Info() {
		t.Errorf("round trip: %d entries %+v, want %d %+v", back.Len(), back.Info(), book.Len(), book.Info())
	}
	if info := back.Info(); info.Limit != 50_000 || info.ProbeMiB != 4 || info.Openings != 1 {
		t.Errorf("info %+v", info)
	}
	swapped := slices.Clone(data)
	copy(swapped[headerSize:], data[headerSize+8:headerSize+16])
	copy(swapped[headerSize+8:], data[headerSize:headerSize+8])
	newer := slices.Clone(data)
	newer[6] = bookVersion + 1
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("c5book"), data[6:]...),
		"version":   newer,
		"truncated": data[:len(data)-3],
		"order":     swapped,
	} {
		if _, err := LoadBook(bad); !errors.Is(err, ErrBadBook) {
			t.Errorf("%s: err %v", name, err)
		}
	}
}

// TestChoose checks the choice among best moves: nearest the centre, and
// the mirrored choice in the mirrored position.
func TestChoose(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var moves, mirrored []byte
		p, q := connect4.Start(), connect4.Start()
		for n := rng.IntN(20); len(moves) < n; {
			m := rules.Move(rng.IntN(width))
			if !p.CanPlay(int(m)) || p.Play(m).Result().Over() {
				break
			}
			p, q = p.Play(m), q.Play(width-1-m)
			moves, mirrored = append(moves, byte('1'+m)), append(mirrored, byte('7'-m))
		}
		var best, mbest []rules.Move
		for _, m := range p.Moves(nil) {
			if rng.IntN(2) == 0 {
				best, mbest = append(best, m), append(mbest, width-1-m)
			}
		}
		if len(best) == 0 {
			continue
		}
		slices.Sort(mbest)
		c := Choose(p, best)
		if !slices.Contains(best, c) {
			t.Fatalf("%s: chose %d outside %v", moves, c, best)
		}
		for _, m := range best {
			if dist(m) < dist(c) {
				t.Fatalf("%s: chose %d of %v, %d is nearer the centre", moves, c+1, best, m+1)
			}
		}
		if mc := Choose(q, mbest); mc != width-1-c && dist(c) != 0 {
			if cur, mask := p.Bitboards(); mirrorKey(cur+mask) != cur+mask {
				t.Fatalf("%s: chose %d of %v; mirrored %s chose %d of %v", moves, c+1, best, mirrored, mc+1, mbest)
			}
		}
	}
}

// dist is the distance of a column from the centre.
func dist(m rules.Move) int { return max(int(m)-width/2, width/2-int(m)) }

// TestNodeLimit checks that a solve stops at the node limit with its own
// error, and that the table is sound afterwards.
func TestNodeLimit(t *testing.T) {
	s := New(4)
	s.nodeLimit = 50_000
	p := mustPlay(t, "44561362221")
	if _, err := s.SolveBest(context.Background(), p); !errors.Is(err, errNodeLimit) {
		t.Fatalf("err %v, want the node limit", err)
	}
	s.nodeLimit = 0
	r, err := s.Score(context.Background(), mustPlay(t, "274552224131661"))
	if err != nil || r.Score != 0 {
		t.Errorf("after the limit: %d %v, want 0", r.Score, err)
	}
}

// TestBookMirrors builds books from symmetric positions, where the player
// meets both a position and its mirror image: the two share an entry and
// one exploration, yet their solves do not cost the same (moves are
// searched centre first, then left before right), so a position is hard
// when either image is.
func TestBookMirrors(t *testing.T) {
	for _, moves := range []string{"226622663355", "11771177441177"} {
		root := mustPlay(t, moves)
		if cur, mask := root.Bitboards(); mirrorKey(cur+mask) != cur+mask {
			t.Fatalf("%s is not symmetric", moves)
		}
		book, _, err := BuildBook(context.Background(), BookOptions{Root: root, Limit: 30_000, ProbeMiB: 4, TableMiB: 16})
		if err != nil {
			t.Fatal(err)
		}
		checkBook(t, book, root, 99, true)
	}
}

// Item 6 of issue 20: a corrupt book is refused when it loads, with an
// error that names the entry, so the perfect player never plays from it
// (an empty best-move set made Choose panic). Faults are injected into a
// real book's bytes and into entries written with a valid checksum.
func TestCorruptBookIsRefused(t *testing.T) {
	book, _ := buildTestBook(t)
	data, _ := book.MarshalBinary()
	flipped := slices.Clone(data)
	flipped[len(flipped)-5] ^= 0x10 // one bit of the last entry
	if _, err := LoadBook(flipped); !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("a flipped bit: %v", err)
	}
	// Books of one entry each, with a correct checksum.
	one := func(e uint64) []byte {
		b := &Book{entries: []uint64{e}, info: book.Info()}
		out, _ := b.MarshalBinary()
		return out
	}
	key := func(p connect4.Position) uint64 {
		cur, mask := p.Bitboards()
		k, _ := canonical(cur + mask)
		return k
	}
	p2 := mustPlay(t, "44")
	if _, err := LoadBook(one(entry(p2, 1, []rules.Move{3}))); err != nil {
		t.Fatalf("a sound entry: %v", err)
	}
	for name, tc := range map[string]struct {
		e    uint64
		want string
	}{
		"a win in -5 plies": {key(p2)<<entryShift | 63<<scoreShift | 1<<3, "score 45 outside -18..18"},
		"too fast a win":    {entry(mustPlay(t, "2252576253462244111"), 18, []rules.Move{0}), "score 18 outside -11..12 for a position of 19 stones"},
		"no best move":      {entry(p2, 0, nil), "no best move"},
		"a full column":     {entry(mustPlay(t, "444444"), 0, []rules.Move{3}), "best move 4 is a full column"},
		"a finished game":   {entry(mustPlay(t, "445566").Play(6), 0, []rules.Move{0}), "the game is over"},
		"not a position":    {127<<entryShift | 18<<scoreShift | 1, "not a position"},
		"whose turn":        {6<<entryShift | 18<<scoreShift | 2, "2 stones of the side to move among 2"},
	} {
		_, err := LoadBook(one(tc.e))
		if !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), "entry 1 of 1") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
