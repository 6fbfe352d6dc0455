package egdb

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"time"
	"unsafe"

	"boardgames/rules"
)

// The builder is a retrograde analysis (Ströhlein 1970; Thompson 1986;
// for checkers Schaeffer et al., "Chinook" and "Checkers is solved"): the
// subdatabases are solved smallest first, and a subdatabase together with
// its mirror (the same positions with the other side to move), since
// their simple moves lead into each other. Captures lead to fewer pieces
// and a man's crowning to fewer men, both solved before (Keys' order):
// those moves are the exits, whose values are read from the finished
// files.
//
// It computes the depth to win of every position: the plies to the end of
// the game when the winner hastens it and the loser delays it, ignoring
// the draw rule. A first pass plays every move of every position: a
// position without a move is lost (0 plies); the exits give each position
// a first bound (a win in 1 + d if an exit leads to a position lost in d
// plies) and counts its simple moves. Then pass p looks at the positions
// whose distance is p-1 and goes one move back from each (unmoves): a
// position with a move to a loss in p-1 is a win in p, unless it already
// had a shorter one; a position whose simple moves all lead to wins has
// its count run down to zero, and is then lost in 1 + its longest reply,
// unless one of its exits is a draw. A pass p finds every position at
// distance p-1 final: anything shorter would have been found before. The
// passes stop past the longest distance found; what has no distance then
// is a draw (neither side can force the end).

// BuildOptions set up Build.
type BuildOptions struct {
	// Pieces: every subdatabase of up to this many pieces is built, 2..MaxBuildPieces.
	Pieces int
	// Progress, if not nil, is called from Build's goroutine every few
	// hundred thousand positions.
	Progress func(BuildProgress)
	// Done, if not nil, is called after each subdatabase is built or found
	// built.
	Done func(SubResult)
}

// MaxBuildPieces is the most pieces Build takes: the 7-piece databases
// would take 34 billion positions, weeks on a desktop computer.
const MaxBuildPieces = 6

// BuildProgress says how far a build has got.
type BuildProgress struct {
	Key   Key    // the subdatabase under way (with its mirror)
	Stage string // "moves" (the first pass) or "pass N"
	// Done and Total count positions: the subdatabases finished, and a
	// share of the one under way.
	Done, Total int64
}

// SubResult is a built subdatabase's figures.
type SubResult struct {
	Key                            Key
	Positions, Wins, Losses, Draws int64
	MaxPlies                       int           // the longest win or loss
	Elapsed                        time.Duration // the pair's build time (0 when Resumed)
	Bytes                          int64         // the size of its .wld and .dtw files
	Resumed                        bool          // found built: a build that was stopped and started again
}

// Build builds the databases of up to opt.Pieces pieces in dir (created if
// need be), skipping the subdatabases already there: a build stopped at
// any point (ctx cancelled, the process killed) goes on where it was by
// running it again. It returns the figures of every subdatabase.
func Build(ctx context.Context, dir string, opt BuildOptions) ([]SubResult, error) {
	if opt.Pieces < 2 || opt.Pieces > MaxBuildPieces {
		return nil, fmt.Errorf("egdb: pieces must be 2..%d, not %d", MaxBuildPieces, opt.Pieces)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("egdb: %w", err)
	}
	keys := Keys(opt.Pieces)
	var total, done int64
	for _, k := range keys {
		total += indexerOf(k).size
	}
	b := &builder{ctx: ctx, dir: dir, opt: opt, loaded: map[Key]dtwTable{}, total: total}
	var out []SubResult
	for i := 0; i < len(keys); {
		pair := []Key{keys[i]}
		if m := keys[i].Mirror(); m != keys[i] {
			pair = append(pair, m)
		}
		i += len(pair)
		b.done = done
		res, err := b.pair(pair, keys[i:])
		if err != nil {
			return out, err
		}
		for _, r := range res {
			done += r.Positions
			out = append(out, r)
			if opt.Done != nil {
				opt.Done(r)
			}
		}
	}
	return out, nil
}

// builder is one run of Build.
type builder struct {
	ctx         context.Context
	dir         string
	opt         BuildOptions
	loaded      map[Key]dtwTable // the distance files of finished subdatabases that later ones need
	done, total int64            // for Progress
	tick        int
}

// the unknown distance
const unknown = 0xFFFF

// pairState is the work of one pair: sub[j]'s positions have distances
// dist[j] and counts of simple moves not yet known to lose cnt[j]; the
// simple moves of sub[j] lead into sub[partner(j)].
type pairState struct {
	keys []Key
	idx  []*indexer
	dist [][]uint16
	cnt  [][]uint8
}

func (s *pairState) partner(j int) int { return len(s.keys) - 1 - j }

// pair builds one subdatabase and its mirror, or finds them built; rest
// are the keys still to come, which say which finished files to keep.
func (b *builder) pair(keys, rest []Key) ([]SubResult, error) {
	if res, ok := b.resumed(keys); ok {
		return res, b.retire(rest)
	}
	start := time.Now()
	s := &pairState{keys: keys}
	for _, k := range keys {
		x := indexerOf(k)
		d := make([]uint16, x.size)
		for i := range d {
			d[i] = unknown
		}
		s.idx = append(s.idx, x)
		s.dist = append(s.dist, d)
		s.cnt = append(s.cnt, make([]uint8, x.size))
	}
	longest, err := b.firstPass(s)
	if err != nil {
		return nil, err
	}
	if err := b.passes(s, longest); err != nil {
		return nil, err
	}
	var res []SubResult
	for j, k := range keys {
		dtw, st := encode(s.dist[j])
		s.dist[j], s.cnt[j] = nil, nil
		if err := writeFile(b.dir, k, kindDTW, dtw.width(), st, dtw.data); err != nil {
			return nil, err
		}
		wld := wldOf(dtw)
		if err := writeFile(b.dir, k, kindWLD, 0, st, wld); err != nil {
			return nil, err
		}
		b.loaded[k] = dtw
		res = append(res, SubResult{Key: k, Positions: st.positions, Wins: st.wins, Losses: st.losses, Draws: st.draws,
			MaxPlies: st.maxPlies, Bytes: int64(2*headerSize + len(dtw.data) + len(wld))})
	}
	for i := range res {
		res[i].Elapsed = time.Since(start)
	}
	return res, b.retire(rest)
}

// resumed returns the figures of a pair whose files are all there.
func (b *builder) resumed(keys []Key) ([]SubResult, bool) {
	var res []SubResult
	for _, k := range keys {
		st, dbytes, err := statFile(b.dir, k, kindDTW)
		if err != nil {
			return nil, false
		}
		_, wbytes, err := statFile(b.dir, k, kindWLD)
		if err != nil {
			return nil, false
		}
		bytes := dbytes + wbytes
		res = append(res, SubResult{Key: k, Positions: st.positions, Wins: st.wins, Losses: st.losses, Draws: st.draws,
			MaxPlies: st.maxPlies, Bytes: bytes, Resumed: true})
	}
	return res, true
}

// retire forgets the loaded files that no subdatabase of rest needs.
func (b *builder) retire(rest []Key) error {
	need := map[Key]bool{}
	for _, k := range rest {
		for _, e := range exits(k) {
			need[e] = true
		}
	}
	for k := range b.loaded {
		if !need[k] {
			delete(b.loaded, k)
		}
	}
	return nil
}

// exits lists the subdatabases the moves of k's positions that are not
// simple moves can lead to: captures take white pieces (and may crown the
// capturing man), a crowning takes a man away and adds a king. The
// positions are those after the move, with the other side to move.
func exits(k Key) []Key {
	var out []Key
	for wm := 0; wm <= k.WM; wm++ {
		for wk := 0; wk <= k.WK; wk++ {
			for crown := 0; crown <= min(k.BM, 1); crown++ {
				e := Key{wm, wk, k.BM - crown, k.BK + crown}
				if e != k.Mirror() && (wm+wk < k.WM+k.WK || crown == 1) {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// lookup returns the distance of a finished position with Black to move:
// plies (odd a win, even a loss) or draw. A side to move without pieces
// has lost.
func (b *builder) lookup(bb, w, k uint32) (plies int, draw bool, err error) {
	key := keyOf(bb, w, k)
	if key.BM+key.BK == 0 {
		return 0, false, nil
	}
	data, ok := b.loaded[key]
	if !ok {
		data, _, err = readDTW(b.dir, key)
		if err != nil {
			return 0, false, err
		}
		b.loaded[key] = data
	}
	v := data.at(indexerOf(key).index(bb, w, k))
	if v == 0 {
		return 0, true, nil
	}
	return int(v) - 1, false, nil
}

// progress reports progress every so many calls.
func (b *builder) progress(k Key, stage string, share float64) error {
	b.tick++
	if b.tick&0x3FFFF != 0 {
		return nil
	}
	if err := b.ctx.Err(); err != nil {
		return err
	}
	if b.opt.Progress != nil {
		b.opt.Progress(BuildProgress{Key: k, Stage: stage, Done: b.done + int64(share), Total: b.total})
	}
	return nil
}

// pairSize is the number of positions of the pair.
func (s *pairState) size() int64 {
	var n int64
	for _, x := range s.idx {
		n += x.size
	}
	return n
}

// firstPass plays every move of every position of the pair: it settles
// the positions whose moves are all exits, bounds the others' wins by
// their exits and counts their simple moves. It returns the longest
// distance it gave.
func (b *builder) firstPass(s *pairState) (int, error) {
	var buf [rules.MaxMoves]rules.Move
	longest := 0
	var seen int64
	half := float64(s.size()) / 2
	for j, x := range s.idx {
		inPair := s.keys[s.partner(j)]
		dist, cnt := s.dist[j], s.cnt[j]
		for i := range x.size {
			seen++
			if err := b.progress(s.keys[0], "moves", half*float64(seen)/float64(s.size())); err != nil {
				return 0, err
			}
			p := blackToMove(x.position(i))
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				dist[i] = 0
				continue
			}
			simple, win, loss, draw := 0, unknown, -1, false
			for _, m := range moves {
				cb, cw, ck := normalise(p.Play(m))
				if keyOf(cb, cw, ck) == inPair {
					simple++
					continue
				}
				d, isDraw, err := b.lookup(cb, cw, ck)
				switch {
				case err != nil:
					return 0, err
				case isDraw:
					draw = true
				case d%2 == 0:
					win = min(win, d+1)
				default:
					loss = max(loss, d+1)
				}
			}
			cnt[i] = uint8(simple)
			switch {
			case win != unknown:
				dist[i] = uint16(win) // final if simple == 0, else a bound
				longest = max(longest, win)
			case simple == 0 && !draw:
				dist[i] = uint16(loss)
				longest = max(longest, loss)
			}
		}
	}
	return longest, nil
}

// passes runs the passes back from the positions at each distance.
func (b *builder) passes(s *pairState, longest int) error {
	var buf [rules.MaxMoves]rules.Move
	half := float64(s.size()) / 2
	var settled int64
	for p := 1; p <= longest+1; p++ {
		stage := fmt.Sprintf("pass %d", p)
		from := uint16(p - 1)
		won := (p-1)%2 == 1 // the positions at p-1 are wins for their side to move
		for j, x := range s.idx {
			pj := s.partner(j)
			px := s.idx[pj]
			pdist, pcnt := s.dist[pj], s.cnt[pj]
			var failed error
			dist := s.dist[j]
			for i := find(dist, from, 0); i < len(dist); i = find(dist, from, i+1) {
				settled++
				if err := b.progress(s.keys[0], stage, half+half*float64(settled)/float64(s.size())); err != nil {
					return err
				}
				bb, w, k := x.position(int64(i))
				unmoves(bb, w, k, func(qb, qw, qk uint32) {
					if failed != nil {
						return
					}
					q := px.index(qb, qw, qk)
					qd := pdist[q]
					if !won {
						if qd != unknown && qd%2 == 0 {
							failed = fmt.Errorf("egdb: %v: position %d is lost but has a move to a loss", s.keys[pj], q)
							return
						}
						if qd == unknown || qd > uint16(p) {
							pdist[q] = uint16(p)
							longest = max(longest, p)
						}
						return
					}
					if qd != unknown {
						return // a win already (a bound from its exits or a shorter one)
					}
					if pcnt[q] == 0 {
						failed = fmt.Errorf("egdb: %v: position %d has more simple moves than counted", s.keys[pj], q)
						return
					}
					pcnt[q]--
					if pcnt[q] > 0 {
						return
					}
					// Every simple move loses: lost in 1 + the longest
					// reply, unless an exit draws.
					d, err := b.lossDistance(s, pj, q, &buf)
					switch {
					case err != nil:
						failed = err
					case d >= 0:
						pdist[q] = uint16(d)
						longest = max(longest, d)
					}
				})
				if failed != nil {
					return failed
				}
			}
		}
	}
	return nil
}

// lossDistance returns the distance of position q of sub j, whose moves
// all lead to positions won by the opponent or drawn: 1 + the longest of
// the wins, or -1 if a move draws.
func (b *builder) lossDistance(s *pairState, j int, q int64, buf *[rules.MaxMoves]rules.Move) (int, error) {
	inPair := s.keys[s.partner(j)]
	px := s.idx[s.partner(j)]
	p := blackToMove(s.idx[j].position(q))
	longest := 0
	for _, m := range p.Moves(buf[:0]) {
		cb, cw, ck := normalise(p.Play(m))
		var d int
		if keyOf(cb, cw, ck) == inPair {
			cd := s.dist[s.partner(j)][px.index(cb, cw, ck)]
			if cd == unknown || cd%2 == 0 {
				return 0, fmt.Errorf("egdb: %v: position %d counted as lost, but a simple move leads to %d", s.keys[j], q, cd)
			}
			d = int(cd)
		} else {
			var draw bool
			var err error
			d, draw, err = b.lookup(cb, cw, ck)
			switch {
			case err != nil:
				return 0, err
			case draw:
				return -1, nil
			case d%2 == 0:
				return 0, fmt.Errorf("egdb: %v: position %d counted as lost has a winning exit", s.keys[j], q)
			}
		}
		longest = max(longest, d)
	}
	return longest + 1, nil
}

// encode turns distances into the data of a .dtw file, a byte a
// position unless a distance does not fit, and counts them.
func encode(dist []uint16) (dtwTable, stats) {
	st := stats{positions: int64(len(dist))}
	for _, d := range dist {
		switch {
		case d == unknown:
			st.draws++
			continue
		case d%2 == 1:
			st.wins++
		default:
			st.losses++
		}
		st.maxPlies = max(st.maxPlies, int(d))
	}
	t := dtwTable{wide: st.maxPlies > 254}
	t.data = make([]byte, int64(len(dist))*int64(t.width()))
	for i, d := range dist {
		if d == unknown {
			continue
		}
		if t.wide {
			binary.LittleEndian.PutUint16(t.data[2*i:], d+1)
		} else {
			t.data[i] = byte(d + 1)
		}
	}
	return t, st
}

// indexers holds the indexer of every subdatabase, by its counts.
var indexers = func() (t [MaxPieces + 1][MaxPieces + 1][MaxPieces + 1][MaxPieces + 1]*indexer) {
	for _, k := range Keys(MaxPieces) {
		t[k.BM][k.BK][k.WM][k.WK] = newIndexer(k)
	}
	return t
}()

// indexerOf returns a subdatabase's indexer.
func indexerOf(k Key) *indexer { return indexers[k.BM][k.BK][k.WM][k.WK] }

// find returns the first index from i on where d holds v, or len(d). The
// passes look for the positions at one distance among all of a pair's
// positions, a pass for each distance: it compares four at a time, in
// one 64-bit word (a lane of the word v^w is zero where w holds v).
func find(d []uint16, v uint16, i int) int {
	for ; i < len(d) && i%4 != 0; i++ {
		if d[i] == v {
			return i
		}
	}
	if len(d)-i < 4 { // no whole word left (and no pointer past d's end)
		for ; i < len(d); i++ {
			if d[i] == v {
				return i
			}
		}
		return len(d)
	}
	words := unsafe.Slice((*uint64)(unsafe.Pointer(&d[i])), (len(d)-i)/4)
	pat := uint64(v) * 0x0001_0001_0001_0001
	for w, x := range words {
		x ^= pat
		if (x-0x0001_0001_0001_0001)&^x&0x8000_8000_8000_8000 != 0 {
			for k := i + 4*w; k < i+4*w+4; k++ {
				if d[k] == v {
					return k
				}
			}
		}
	}
	for i += 4 * len(words); i < len(d); i++ {
		if d[i] == v {
			return i
		}
	}
	return len(d)
}
