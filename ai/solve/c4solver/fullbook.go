package c4solver

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"time"

	"boardgames/rules"
	"boardgames/rules/connect4"
)

// FullOptions configure BuildFull.
type FullOptions struct {
	// Root is where the book starts: the zero value is the start of the
	// game (tests build small books from later positions).
	Root connect4.Position
	// Plies: the book holds every position with at most this many stones
	// more than Root that is not over, mirror images folded.
	Plies int
	// Parallel is the number of solves at once (at least 1), each with
	// its own table of TableMiB MiB (default DefaultBuildMiB).
	Parallel int
	TableMiB int
	// Known is the checkpoint of an interrupted build of the same Root
	// and Plies: its answers are taken as they are.
	Known *Book
	// Progress, when set, is called after every solve, from one
	// goroutine at a time.
	Progress func(FullProgress)
	// Checkpoint, when set, is called with the answers so far every
	// CheckpointEvery (default a minute), from one goroutine at a time.
	Checkpoint      func(*Book)
	CheckpointEvery time.Duration
}

// FullProgress reports how a BuildFull goes: Done of Total positions of the
// last level solved (Known counts the ones a checkpoint had), the nodes of
// the solves so far and the time since the start.
type FullProgress struct {
	Done, Total, Known int
	Nodes              uint64
	Elapsed            time.Duration
}

// BuildFull builds a complete book: the exact score and every best move of
// each position with at most o.Plies stones more than o.Root (mirror images
// share an entry). Only the positions of the last level are solved, in the
// order of a walk of the tree so that neighbours share their subtrees in
// the solvers' tables; every earlier level is read off the level below it
// (a position scores the best of its moves, a move the negative of the
// position it leads to), without a search.
//
// The book says Limit 0 (every position, no probe), Openings Root's stones
// plus o.Plies and MaxStones one more. The result is the same whatever
// o.Parallel and o.Known: every answer is exact. When ctx ends, the
// answers so far are returned as a checkpoint (a Book of the same
// options) with ctx's error: BuildFull with it as Known goes on.
func BuildFull(ctx context.Context, o FullOptions) (*Book, FullProgress, error) {
	o.Parallel = max(o.Parallel, 1)
	o.TableMiB = cmp.Or(o.TableMiB, DefaultBuildMiB)
	o.CheckpointEvery = cmp.Or(o.CheckpointEvery, time.Minute)
	top := o.Root.Played() + o.Plies
	info := BookInfo{Openings: top, MaxStones: top + 1}
	if o.Plies < 0 || top >= cells {
		return nil, FullProgress{}, errors.New("c4solver: a book's plies must leave the board not full")
	}
	if o.Known != nil && o.Known.info != info {
		return nil, FullProgress{}, errors.New("c4solver: the checkpoint was built with other options")
	}
	levels := fullLevels(o.Root, o.Plies)
	start := time.Now()
	var (
		mu       sync.Mutex
		done     = make(map[uint64]uint64) // canonical key -> entry
		progress = FullProgress{Total: len(levels[o.Plies])}
	)
	var todo []connect4.Position
	for _, p := range levels[o.Plies] {
		if r, ok := o.Known.lookupIfAny(p); ok {
			done[canonicalOf(p)] = entry(p, r.Score, r.Best)
			progress.Known++
			continue
		}
		todo = append(todo, p)
	}
	progress.Done = progress.Known
	// snapshot is the book so far: the answers of the last level and of
	// every position above whose moves all lead to known answers.
	snapshot := func() *Book {
		all := maps.Clone(done)
		for d := o.Plies - 1; d >= 0; d-- {
			for _, p := range levels[d] {
				if score, best, ok := backUp(p, all); ok {
					all[canonicalOf(p)] = entry(p, score, best)
				}
			}
		}
		b := &Book{info: info, entries: slices.Collect(maps.Values(all))}
		slices.Sort(b.entries)
		return b
	}

	jobs := make(chan connect4.Position)
	var wg sync.WaitGroup
	var firstErr error
	lastCheckpoint := time.Now()
	for range o.Parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := New(o.TableMiB)
			for p := range jobs {
				r, err := s.SolveBest(ctx, p)
				mu.Lock()
				if err != nil {
					firstErr = cmp.Or(firstErr, err)
					mu.Unlock()
					continue
				}
				done[canonicalOf(p)] = entry(p, r.Score, r.Best)
				progress.Done++
				progress.Nodes += r.Nodes
				progress.Elapsed = time.Since(start)
				if o.Progress != nil {
					o.Progress(progress)
				}
				if o.Checkpoint != nil && time.Since(lastCheckpoint) >= o.CheckpointEvery {
					o.Checkpoint(snapshot())
					lastCheckpoint = time.Now()
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, p := range todo {
		select {
		case jobs <- p:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	progress.Elapsed = time.Since(start)
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if firstErr != nil {
		return snapshot(), progress, firstErr
	}

	// The levels above, from the one below (every answer is there now).
	return snapshot(), progress, nil
}

// backUp returns the score and best moves of p from the entries of the
// positions after it, and whether they are all there (moves that end the
// game need none).
func backUp(p connect4.Position, done map[uint64]uint64) (int, []rules.Move, bool) {
	current, mask := p.Bitboards()
	moves := p.Played()
	if win := winningCells(current, mask) & playable(mask); win != 0 {
		var best []rules.Move
		for c := range width {
			if win&columnMask(c) != 0 {
				best = append(best, rules.Move(c))
			}
		}
		return (cells + 1 - moves) / 2, best, true
	}
	bestScore := minScore - 1
	var best []rules.Move
	var buf [width]rules.Move
	for _, m := range p.Moves(buf[:0]) {
		q := p.Play(m)
		v := 0 // the last stone fills the board
		if !q.Result().Over() {
			e, ok := done[canonicalOf(q)]
			if !ok {
				return 0, nil, false
			}
			v = -int(e>>scoreShift&63) - minScore
		}
		switch {
		case v > bestScore:
			bestScore, best = v, append(best[:0], m)
		case v == bestScore:
			best = append(best, m)
		}
	}
	return bestScore, best, true
}

// fullLevels lists the positions at each number of stones after root, up
// to plies more, that are not over: one per pair of mirror images, in the
// order of a walk of the tree (centre columns first).
func fullLevels(root connect4.Position, plies int) [][]connect4.Position {
	levels := make([][]connect4.Position, plies+1)
	seen := make(map[uint64]bool)
	var walk func(p connect4.Position, d int)
	walk = func(p connect4.Position, d int) {
		if p.Result().Over() {
			return
		}
		k := canonicalOf(p)
		if seen[k] {
			return
		}
		seen[k] = true
		levels[d] = append(levels[d], p)
		if d == plies {
			return
		}
		for _, c := range columnOrder {
			if p.CanPlay(c) {
				walk(p.Play(rules.Move(c)), d+1)
			}
		}
	}
	walk(root, 0)
	return levels
}

// canonicalOf returns the key of p's entry.
func canonicalOf(p connect4.Position) uint64 {
	current, mask := p.Bitboards()
	k, _ := canonical(current + mask)
	return k
}

// lookupIfAny is Lookup on a book that may be nil.
func (b *Book) lookupIfAny(p connect4.Position) (Result, bool) {
	if b == nil {
		return Result{}, false
	}
	return b.Lookup(p)
}
