package learn

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
)

// playFunc plays game i of a set: the same i always gives the same game,
// whichever worker plays it and whatever it played before.
type playFunc func(ctx context.Context, i int) (Record, error)

// gameRand is the random source of game i of a set made from seed.
func gameRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)^0x5e1f91a7))
}

// generate makes the set of n games in the file path (NAME.games.gz),
// with workers goroutines, each with a player of its own from newPlayer.
// Games are written in order to path+".partial" as they finish, so that an
// interrupted run resumes after the last game written; the finished set
// is compressed into path and the partial file removed. A set already
// complete at path is read, not made again. progress, if set, gets the
// games done and n.
func generate(ctx context.Context, path, head string, n, workers int, newPlayer func() playFunc, progress func(done, total int)) ([]Record, error) {
	done, err := ReadGames(path, head)
	switch {
	case err == nil && len(done) >= n:
		return done[:n], nil
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return nil, err
	}
	partial := path + ".partial"
	recs, f, err := partialGames(partial, head)
	if err != nil {
		return nil, err
	}
	if len(done) > len(recs) { // more games asked of a finished set: go on from it
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
		f.Seek(0, 0)
		f.WriteString(head + "\n")
		for _, r := range done {
			f.WriteString(formatRecord(r) + "\n")
		}
		recs = done
	}
	defer f.Close()
	if len(recs) > n {
		recs = recs[:n]
	}
	if progress != nil {
		progress(len(recs), n)
	}
	if len(recs) < n {
		if recs, err = playGames(ctx, f, recs, n, max(workers, 1), newPlayer, progress); err != nil {
			return recs, err
		}
	}
	if err := writeGames(path, head, recs); err != nil {
		return recs, err
	}
	f.Close()
	os.Remove(partial)
	return recs, nil
}

// playGames plays games len(recs)..n-1 on workers goroutines and appends
// each to f in order of its number as soon as the ones before it are in.
func playGames(ctx context.Context, f *os.File, recs []Record, n, workers int, newPlayer func() playFunc, progress func(done, total int)) ([]Record, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		i   int
		rec Record
		err error
	}
	next := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play := newPlayer()
			for i := range next {
				rec, err := play(ctx, i)
				select {
				case results <- result{i, rec, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := len(recs); i < n; i++ {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	pending := map[int]Record{}
	var firstErr error
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("game %d: %w", r.i, r.err)
			}
			cancel()
			continue
		}
		pending[r.i] = r.rec
		for {
			rec, ok := pending[len(recs)]
			if !ok || firstErr != nil {
				break
			}
			delete(pending, len(recs))
			if _, err := f.WriteString(formatRecord(rec) + "\n"); err != nil {
				firstErr = err
				cancel()
				break
			}
			recs = append(recs, rec)
			if progress != nil {
				progress(len(recs), n)
			}
		}
	}
	if firstErr == nil && len(recs) < n {
		firstErr = ctx.Err()
	}
	if ctxErr := ctx.Err(); firstErr != nil && ctxErr != nil && errors.Is(firstErr, context.Canceled) {
		firstErr = ctxErr
	}
	return recs, firstErr
}
