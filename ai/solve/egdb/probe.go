package egdb

import (
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"boardgames/rules"
	"boardgames/rules/checkers"
)

// Value is a position's game value for the side to move.
type Value int8

// The values.
const (
	Unknown Value = iota
	Win
	Loss
	Draw
)

// String returns "win", "loss", "draw" or "unknown".
func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return "unknown"
}

// Result is what a probe found.
type Result struct {
	Value Value
	// Plies is the depth to win when the distance file was read: the
	// plies to the end of the game with best play, the winner hastening
	// it and the loser delaying it (odd for a win, even for a loss, 0 for
	// a side to move that cannot move). -1 when only the win, loss or draw
	// is known, and for draws.
	Plies int
}

// Holds reports whether the result is the game's value under a draw rule
// that draws after limit quiet plies (checkers.Position.DrawPlies), with
// quiet of them played (QuietPlies): the databases ignore the rule, which
// only adds draws. A draw always holds; a win or a loss holds when its
// plies fit in what the rule leaves (every position before the end is
// then under the limit), and is unsure without a distance.
func (r Result) Holds(quiet, limit int) bool {
	switch r.Value {
	case Draw:
		return true
	case Win, Loss:
		return r.Plies >= 0 && quiet+r.Plies <= limit
	}
	return false
}

// ErrNotBuilt is the error of a folder without databases.
var ErrNotBuilt = errors.New("egdb: no endgame database is built (run: boardgames egdb build -pieces 5)")

// DB is the endgame databases of a folder, opened for probing. Probes are
// safe from several goroutines at once; a subdatabase is read into memory
// the first time one of its positions is probed, its distances if it has
// at most DTWPieces pieces and its win, loss or draw values otherwise.
type DB struct {
	dir       string
	pieces    int
	dtwPieces int
	mu        sync.Mutex // serialises the reading of files
	tables    [MaxPieces + 1][MaxPieces + 1][MaxPieces + 1][MaxPieces + 1]atomic.Pointer[table]
	fileErr   error // the first file that could not be read (under mu)
}

// table is a subdatabase read into memory: its distances (dtw) or its
// 2-bit values (wld), or the error of reading it; loading while Peek has
// it read in the background.
type table struct {
	dtw     dtwTable
	wld     []byte
	err     error
	loading bool
}

// pending is the table of a subdatabase being read in the background.
var pending = &table{loading: true}

// DefaultDTWPieces is where Open reads distances up to by default: the
// 5-piece distance files take 140 MB in all, the 6-piece ones 2.4 GB.
const DefaultDTWPieces = 5

// Open opens the databases in dir: it finds the most pieces n for which
// the files of every subdatabase of up to n pieces are there, and probes
// positions of up to n pieces. It only lists the folder: each file is read
// and checked (size, checksum) the first time a position of it is probed.
// Distances are read for positions of up to dtwPieces pieces (0:
// DefaultDTWPieces). The error is ErrNotBuilt (wrapped) when not even the
// 2-piece databases are there.
func Open(dir string, dtwPieces int) (*DB, error) {
	db := &DB{dir: dir, dtwPieces: dtwPieces}
	if dtwPieces == 0 {
		db.dtwPieces = DefaultDTWPieces
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("egdb: %w", err)
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	for n := 2; n <= MaxBuildPieces; n++ {
		complete := true
		for _, k := range Keys(n) {
			if k.Pieces() < n {
				continue
			}
			if !names[filepath.Base(fileName(dir, k, kindWLD))] ||
				n <= db.dtwPieces && !names[filepath.Base(fileName(dir, k, kindDTW))] {
				complete = false
				break
			}
		}
		if !complete {
			break
		}
		db.pieces = n
	}
	if db.pieces == 0 {
		return nil, fmt.Errorf("%w in %s", ErrNotBuilt, dir)
	}
	return db, nil
}

// Pieces is the most pieces a position may have to be probed.
func (db *DB) Pieces() int { return db.pieces }

// Dir is the folder of the databases.
func (db *DB) Dir() string { return db.dir }

// Probe returns the value of p for its side to move, ignoring the draw
// rule (see Result.Holds), and true; false when p has more pieces than
// the databases or a file cannot be read. A side to move without pieces
// has lost; one whose opponent has none wins with any move. The first
// probe of a subdatabase reads its file (up to 12 MB with distances, 30
// MB for the largest 6-piece one without).
func (db *DB) Probe(p checkers.Position) (Result, bool) { return db.probe(p, true) }

// Peek is Probe for a search on the clock: it never waits for a file.
// The first peek at a subdatabase starts reading it in the background and
// answers false, as do the peeks until it is in memory.
func (db *DB) Peek(p checkers.Position) (Result, bool) { return db.probe(p, false) }

func (db *DB) probe(p checkers.Position, wait bool) (Result, bool) {
	b, w, k := normalise(p)
	nb, nw := bits.OnesCount32(b), bits.OnesCount32(w)
	switch {
	case nb+nw > db.pieces:
		return Result{}, false
	case nb == 0:
		return Result{Loss, 0}, true
	case nw == 0:
		if p.Result().Over() {
			return Result{Loss, 0}, true // blocked
		}
		return Result{Win, 1}, true
	}
	key := keyOf(b, w, k)
	var t *table
	if wait {
		t = db.table(key)
	} else {
		t = db.tableSoon(key)
	}
	if t.err != nil || t.loading {
		return Result{}, false
	}
	i := indexerOf(key).index(b, w, k)
	if t.dtw.data != nil {
		v := t.dtw.at(i)
		switch {
		case v == 0:
			return Result{Draw, -1}, true
		case (v-1)%2 == 1:
			return Result{Win, v - 1}, true
		}
		return Result{Loss, v - 1}, true
	}
	switch t.wld[i/4] >> (2 * (i % 4)) & 3 {
	case wldWin:
		return Result{Win, -1}, true
	case wldLoss:
		return Result{Loss, -1}, true
	}
	return Result{Draw, -1}, true
}

// table returns a subdatabase, reading it the first time (or waiting for
// the background read Peek started).
func (db *DB) table(k Key) *table {
	slot := &db.tables[k.BM][k.BK][k.WM][k.WK]
	if t := slot.Load(); t != nil && !t.loading {
		return t
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.load(k)
}

// tableSoon returns a subdatabase if it is in memory, and otherwise the
// pending table, starting a background read the first time.
func (db *DB) tableSoon(k Key) *table {
	slot := &db.tables[k.BM][k.BK][k.WM][k.WK]
	if t := slot.Load(); t != nil {
		return t
	}
	if slot.CompareAndSwap(nil, pending) {
		go func() {
			db.mu.Lock()
			defer db.mu.Unlock()
			db.load(k)
		}()
	}
	return pending
}

// load reads a subdatabase unless it is in memory; db.mu is held.
func (db *DB) load(k Key) *table {
	slot := &db.tables[k.BM][k.BK][k.WM][k.WK]
	if t := slot.Load(); t != nil && !t.loading {
		return t
	}
	t := &table{}
	if k.Pieces() <= db.dtwPieces {
		t.dtw, _, t.err = readDTW(db.dir, k)
	} else {
		t.wld, _, t.err = readWLD(db.dir, k)
	}
	if t.err != nil && db.fileErr == nil {
		db.fileErr = t.err
	}
	slot.Store(t)
	return t
}

// FileErr returns the error of the first file of the databases that could
// not be read (damaged, cut short, missing), or nil: the positions of its
// subdatabase cannot be probed, so a search that asked for them went on
// without their values.
func (db *DB) FileErr() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.fileErr
}

// Err returns the first error reading the subdatabase of p, if any: a
// damaged or missing file makes Probe answer false.
func (db *DB) Err(p checkers.Position) error {
	b, w, k := normalise(p)
	key := keyOf(b, w, k)
	if !key.valid() || key.Pieces() > db.pieces {
		return nil
	}
	return db.table(key).err
}

// MoveValue is the value of one move: the result of the position after it,
// from the point of view of the side that made it.
type MoveValue struct {
	Move   rules.Move
	Result Result
}

// Moves returns the value of every legal move of p, for p's side to move
// (a move to a position the opponent loses in d plies is a win in d+1),
// best first: the quickest wins, then the draws, then the slowest losses;
// false if some position after a move cannot be probed.
func (db *DB) Moves(p checkers.Position) ([]MoveValue, bool) {
	var buf [rules.MaxMoves]rules.Move
	var out []MoveValue
	for _, m := range p.Moves(buf[:0]) {
		r, ok := db.Probe(p.Play(m))
		if !ok {
			return nil, false
		}
		switch r.Value {
		case Win:
			r.Value = Loss
		case Loss:
			r.Value = Win
		}
		if r.Plies >= 0 {
			r.Plies++
		}
		out = append(out, MoveValue{m, r})
	}
	sortMoves(out)
	return out, true
}

// rankOf orders results best first for the side they belong to.
func rankOf(r Result) (int, int) {
	switch r.Value {
	case Win:
		if r.Plies < 0 {
			return 0, 1 << 20
		}
		return 0, r.Plies
	case Draw:
		return 1, 0
	}
	if r.Plies < 0 {
		return 2, 0
	}
	return 2, -r.Plies
}

// sortMoves sorts move values best first, keeping the order of equals.
func sortMoves(ms []MoveValue) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0; j-- {
			a1, a2 := rankOf(ms[j].Result)
			b1, b2 := rankOf(ms[j-1].Result)
			if a1 > b1 || a1 == b1 && a2 >= b2 {
				break
			}
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// DefaultDir is the folder of the databases: boardgames/egdb in the
// user's cache folder (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on
// Linux, ~/Library/Caches on macOS, %LocalAppData% on Windows). They are
// built there by `boardgames egdb build` and never downloaded.
func DefaultDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("egdb: no cache folder for the databases: %w", err)
	}
	return filepath.Join(d, "boardgames", "egdb"), nil
}

var (
	defaultOnce sync.Once
	defaultDB   *DB
	defaultErr  error
)

// Default opens the databases of DefaultDir once and returns them, or the
// reason there are none (ErrNotBuilt when they were not built).
func Default() (*DB, error) {
	defaultOnce.Do(func() {
		dir, err := DefaultDir()
		if err != nil {
			defaultErr = err
			return
		}
		defaultDB, defaultErr = Open(dir, 0)
	})
	return defaultDB, defaultErr
}
