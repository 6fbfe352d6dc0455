package egdb

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/rules"
	"boardgames/rules/checkers"
)

// The 3-piece databases, built once for the tests that need them.
var (
	small     sync.Once
	smallDir  string
	smallErr  error
	smallRoot string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if smallRoot != "" {
		os.RemoveAll(smallRoot)
	}
	os.Exit(code)
}

// smallDB returns the folder of the 3-piece databases, building them the
// first time.
func smallDB(t *testing.T) string {
	t.Helper()
	small.Do(func() {
		smallRoot, smallErr = os.MkdirTemp("", "egdb-test")
		if smallErr != nil {
			return
		}
		smallDir = filepath.Join(smallRoot, "db")
		_, smallErr = Build(context.Background(), smallDir, BuildOptions{Pieces: 3})
	})
	if smallErr != nil {
		t.Fatal(smallErr)
	}
	return smallDir
}

// copyDB copies the 3-piece databases into a folder of the test's own.
func copyDB(t *testing.T) string {
	t.Helper()
	src := smallDB(t)
	dst := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func mustOpen(t *testing.T, dir string) *DB {
	t.Helper()
	db, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func mustParse(t *testing.T, fen string) checkers.Position {
	t.Helper()
	p, err := checkers.Parse(fen, checkers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBuildVerifiesAndResumes(t *testing.T) {
	dir := smallDB(t)
	if err := Verify(context.Background(), dir, 3, nil, nil); err != nil {
		t.Fatal(err)
	}
	res, err := Build(context.Background(), dir, BuildOptions{Pieces: 3})
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, r := range res {
		if !r.Resumed {
			t.Errorf("%v was built again", r.Key)
		}
		n += r.Positions
		if r.Wins+r.Losses+r.Draws != r.Positions {
			t.Errorf("%v: %d+%d+%d != %d positions", r.Key, r.Wins, r.Losses, r.Draws, r.Positions)
		}
	}
	// Two-sided positions of 2 and 3 pieces (publishedCounts less the
	// one-sided ones).
	if want := int64(3488 + 196032); n != want {
		t.Errorf("%d positions, want %d", n, want)
	}
}

func TestBuildStopsAndGoesOn(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	built := 0
	_, err := Build(ctx, dir, BuildOptions{Pieces: 3, Done: func(SubResult) {
		built++
		if built == 6 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled build returned %v", err)
	}
	res, err := Build(context.Background(), dir, BuildOptions{Pieces: 3})
	if err != nil {
		t.Fatal(err)
	}
	resumed := 0
	for _, r := range res {
		if r.Resumed {
			resumed++
		}
	}
	if resumed < 6 || resumed == len(res) {
		t.Errorf("%d of %d subdatabases were found built, want the 6 or more built before the stop", resumed, len(res))
	}
	if err := Verify(context.Background(), dir, 3, nil, nil); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyFindsAWrongValue(t *testing.T) {
	dir := copyDB(t)
	k := Key{0, 2, 0, 1}
	dtw, st, err := readDTW(dir, k)
	if err != nil {
		t.Fatal(err)
	}
	i := int64(len(dtw.data) / 2)
	dtw.data[i] += 2 // a longer win than the moves give
	if err := writeFile(dir, k, kindDTW, 1, st, dtw.data); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(dir, k, kindWLD, 0, st, wldOf(dtw)); err != nil {
		t.Fatal(err)
	}
	err = Verify(context.Background(), dir, 3, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "db-0201") || !strings.Contains(err.Error(), "its moves make it") {
		t.Fatalf("Verify of a changed value: %v", err)
	}
}

func TestDamagedFileIsRefused(t *testing.T) {
	dir := copyDB(t)
	name := fileName(dir, Key{1, 0, 0, 1}, kindWLD)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 0x40
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	err = Verify(context.Background(), dir, 3, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("Verify of a damaged file: %v", err)
	}
	// Probing it fails, and says why; other subdatabases still answer.
	db, err := Open(dir, 1) // win/loss/draw files only
	if err != nil {
		t.Fatal(err)
	}
	p := mustParse(t, "B:WK30:B5")
	if _, ok := db.Probe(p); ok {
		t.Error("a position of a damaged file was probed")
	}
	if err := db.Err(p); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("Err = %v", err)
	}
	if _, ok := db.Probe(mustParse(t, "B:WK30:BK5")); !ok {
		t.Error("a sound subdatabase did not answer")
	}
	// A short file is refused before its data is read.
	if err := os.WriteFile(name, data[:len(data)-1], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := statFile(dir, Key{1, 0, 0, 1}, kindWLD); err == nil || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("statFile of a short file: %v", err)
	}
}

func TestOpenWithoutDatabases(t *testing.T) {
	_, err := Open(t.TempDir(), 0)
	if !errors.Is(err, ErrNotBuilt) {
		t.Fatalf("Open of an empty folder: %v", err)
	}
	t.Setenv("XDG_CACHE_HOME", "/some/cache")
	if d, err := DefaultDir(); err != nil || d != "/some/cache/boardgames/egdb" {
		t.Errorf("DefaultDir = %q, %v", d, err)
	}
}

// TestUnmovesMatchMoves checks the builder's unmoves against the rules'
// moves: every simple move of a position is found back from the position
// it leads to, and every unmove is a legal simple move.
func TestUnmovesMatchMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf [rules.MaxMoves]rules.Move
	type pos struct{ b, w, k uint32 }
	for _, k := range Keys(5) {
		x := indexerOf(k)
		for range 200 {
			qb, qw, qk := x.position(rng.Int64N(x.size))
			// Forward: the simple moves of the positions found back.
			back := map[pos]int{}
			unmoves(qb, qw, qk, func(b, w, kk uint32) { back[pos{b, w, kk}]++ })
			for p, n := range back {
				if n != 1 {
					t.Fatalf("%v: an unmove is found %d times", k, n)
				}
				found := false
				pp := blackToMove(p.b, p.w, p.k)
				for _, m := range pp.Moves(buf[:0]) {
					if pp.IsCapture(m) {
						continue
					}
					if cb, cw, ck := normalise(pp.Play(m)); cb == qb && cw == qw && ck == qk {
						found = true
					}
				}
				if !found {
					t.Fatalf("%v: %v is an unmove of %v but no legal move leads there", k, pp, blackToMove(qb, qw, qk))
				}
			}
			// Backward: the simple moves of this position that stay in the
			// pair are unmoves of where they lead.
			p := blackToMove(qb, qw, qk)
			for _, m := range p.Moves(buf[:0]) {
				cb, cw, ck := normalise(p.Play(m))
				if keyOf(cb, cw, ck) != k.Mirror() {
					continue
				}
				found := false
				unmoves(cb, cw, ck, func(b, w, kk uint32) { found = found || b == qb && w == qw && kk == qk })
				if !found {
					t.Fatalf("%v: %s from %v is not found back", k, p.MoveString(m), p)
				}
			}
		}
	}
}

// TestKnownResults checks the databases against what every checkers
// player knows.
func TestKnownResults(t *testing.T) {
	db := mustOpen(t, smallDB(t))
	// Two kings beat one: with the two kings to move, all but a few
	// positions are won, and in those few the lone king can force an
	// exchange or capture at once; a search finds no win there.
	x := indexerOf(Key{0, 2, 0, 1})
	var draws []checkers.Position
	for i := range x.size {
		p := blackToMove(x.position(i))
		r, ok := db.Probe(p)
		if !ok {
			t.Fatal("no answer")
		}
		if r.Value != Win {
			draws = append(draws, p)
		}
	}
	if len(draws) == 0 || len(draws)*200 > int(x.size) {
		t.Errorf("2 kings against 1: %d draws of %d", len(draws), x.size)
	}
	for _, p := range draws {
		info, err := ai.Search(context.Background(), "engine", p, nil, ai.Params{Depth: 13})
		if err != nil {
			t.Fatal(err)
		}
		if ai.IsDecided(info.Score) {
			t.Errorf("2 kings against 1: %v is a draw in the database, the search finds %d", p, info.Score)
		}
	}
	for _, c := range []struct {
		fen  string
		want Result
	}{
		{"B:WK32:BK1", Result{Draw, -1}},     // kings in the double corners
		{"W:WK28:BK5", Result{Draw, -1}},     // same
		{"B:WK7:BK1", Result{Win, 9}},        // the white king is driven into the single corner
		{"W:WK10:BK1,K3", Result{Loss, 34}},  // 2 kings against 1
		{"B:WK10:BK1,K3", Result{Win, 29}},   // the same with the kings to move
		{"B:W30:BK1", Result{Win, 7}},        // the king catches the man before it crowns
		{"B:WK18:B5", Result{Draw, -1}},      // a man holds a king off
		{"B:W:BK5", Result{Win, 1}},          // White has no piece: any move wins
		{"W:W20:B", Result{Win, 1}},          // the same for White
		{"B:WK1,K3:B", Result{Loss, 0}},      // Black has no piece
		{"B:WK14,K15:BK1", Result{Loss, 18}}, // 1 king against 2
		// (The search confirms the wins and losses of 18 plies or less:
		// boardgames analyze -game checkers -algo engine -depth 40.)
	} {
		got, ok := db.Probe(mustParse(t, c.fen))
		if !ok || got != c.want {
			t.Errorf("Probe(%s) = %+v, %v; want %+v", c.fen, got, ok, c.want)
		}
	}
}

// TestAgreesWithSearch compares the databases with the engine's exact
// search (package ai, which knows nothing of them) on random positions:
// a win or a loss in d plies is the search's value at depth d, and a draw
// has no decided value at depth 12.
func TestAgreesWithSearch(t *testing.T) {
	db := mustOpen(t, smallDB(t))
	rng := rand.New(rand.NewPCG(5, 6))
	keys := Keys(3)
	decided, draws := 0, 0
	for n := 0; decided < 150 || draws < 30; n++ {
		if n > 10000 {
			t.Fatalf("only %d decided positions and %d draws", decided, draws)
		}
		k := keys[rng.IntN(len(keys))]
		x := indexerOf(k)
		p := blackToMove(x.position(rng.Int64N(x.size)))
		if rng.IntN(2) == 1 { // the same position with White to move
			b, w, kk := flip(p.Bitboards())
			p = toMove(b, w, kk, rules.White)
		}
		r, ok := db.Probe(p)
		if !ok || p.Result().Over() {
			continue
		}
		depth, want := 12, 0
		switch {
		case r.Value == Draw && draws < 30:
			draws++
		case r.Value != Draw && r.Plies <= 15 && decided < 150:
			decided++
			depth, want = r.Plies, ai.WinScore-r.Plies
			if r.Value == Loss {
				want = -want
			}
		default:
			continue
		}
		info, err := ai.Search(context.Background(), "engine", p, nil, ai.Params{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case r.Value == Draw && ai.IsDecided(info.Score):
			t.Errorf("%v: a draw in the database, the search at depth %d finds %d", p, depth, info.Score)
		case r.Value != Draw && info.Score != want:
			t.Errorf("%v: a %v in %d plies in the database, the search at depth %d finds %d", p, r.Value, r.Plies, depth, info.Score)
		}
	}
}

func TestMovesAgreeWithProbe(t *testing.T) {
	db := mustOpen(t, smallDB(t))
	rng := rand.New(rand.NewPCG(7, 8))
	for _, k := range Keys(3) {
		x := indexerOf(k)
		for range 50 {
			p := blackToMove(x.position(rng.Int64N(x.size)))
			r, _ := db.Probe(p)
			moves, ok := db.Moves(p)
			if !ok {
				t.Fatalf("%v: no move values", p)
			}
			if len(moves) == 0 {
				if r != (Result{Loss, 0}) {
					t.Errorf("%v: no moves, probed %+v", p, r)
				}
				continue
			}
			if moves[0].Result != r {
				t.Errorf("%v: probed %+v, best move %s %+v", p, r, p.MoveString(moves[0].Move), moves[0].Result)
			}
			for i := 1; i < len(moves); i++ {
				a1, a2 := rankOf(moves[i-1].Result)
				b1, b2 := rankOf(moves[i].Result)
				if a1 > b1 || a1 == b1 && a2 > b2 {
					t.Errorf("%v: moves out of order: %+v before %+v", p, moves[i-1], moves[i])
				}
			}
		}
	}
}

func TestPeekReadsInTheBackground(t *testing.T) {
	db := mustOpen(t, smallDB(t))
	p := mustParse(t, "W:WK10:BK1,K3")
	if _, ok := db.Peek(p); ok {
		t.Fatal("the first peek answered before its file was read")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		r, ok := db.Peek(p)
		if ok {
			if r != (Result{Loss, 34}) {
				t.Fatalf("Peek = %+v", r)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the background read never finished")
		}
		time.Sleep(time.Millisecond)
	}
	if r, ok := db.Probe(p); !ok || r != (Result{Loss, 34}) {
		t.Fatalf("Probe after Peek = %+v, %v", r, ok)
	}
}
