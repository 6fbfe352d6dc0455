package c4solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"boardgames/rules"
	"boardgames/rules/connect4"
)

// Defaults of BookOptions.
const (
	// DefaultBookLimit: positions whose cold solve needs more nodes go
	// into the book. About 0.15 s of SolveBest on one core of the
	// project's machine (13 M nodes/s), so that every position left out
	// is answered within a second with a wide margin.
	DefaultBookLimit = 2_000_000
	// DefaultProbeMiB is the table of the cold probe: the table a player
	// solving during a game uses (see ai/bots' perfect player).
	DefaultProbeMiB = 16
	// DefaultBuildMiB is the table of the solver that finds the stored
	// answers; the opening positions it solves take minutes each.
	DefaultBuildMiB = 1024
)

// BookOptions configure BuildBook.
type BookOptions struct {
	// Limit and ProbeMiB define a hard position: a solve (SolveBest) with
	// a fresh table of ProbeMiB MiB needs more than Limit nodes. Only
	// hard positions are stored and explored further. Zero values mean the
	// defaults above.
	Limit    uint64
	ProbeMiB int
	// TableMiB is the table of the solver that finds the stored answers
	// (default DefaultBuildMiB).
	TableMiB int
	// Root is where the book starts: the zero value is the start of the
	// game (tests build small books from later positions).
	Root connect4.Position
	// Openings: every position with at most this many stones more than
	// Root is a root, a position where the perfect player may take over
	// (at least 1: Root, where it plays first, and the positions after
	// one stone, where it plays second).
	Openings int
	// MaxStones: positions with this many stones or more are not stored
	// (0: no bound).
	MaxStones int
	// Only, when set, limits the build to these of the roots: a book can
	// be built in parts, on several cores or machines, and the parts
	// merged (MergeBooks) into the book a single build makes.
	Only []connect4.Position
	// Known is an earlier book built with the same Limit and ProbeMiB (a
	// checkpoint): its positions are taken as hard with the stored
	// answers, which saves their solves.
	Known *Book
	// Progress, when set, is called after every stored position.
	Progress func(BookProgress)
	// Checkpoint, when set, is called with the book so far every
	// CheckpointEvery (default 10 minutes).
	Checkpoint      func(*Book)
	CheckpointEvery time.Duration
}

// BookProgress reports how a build goes.
type BookProgress struct {
	// Probed counts the positions probed (each once), Stored the hard ones.
	Probed, Stored int
	// Stones counts the stored positions by number of stones.
	Stones [cells + 1]int
	// Nodes counts the nodes of every solve, probes included.
	Nodes   uint64
	Elapsed time.Duration
	// Line is the moves from the start to the position just stored.
	Line string
}

// BuildBook builds the opening book of the perfect player of
// ai/bots: it plays the best move Choose picks, its opponent plays
// anything. From every root (see Openings) it explores the positions
// where the perfect player is to move: a position is probed by solves of
// it and of its mirror image with a fresh table that stop after Limit
// nodes; a hard position (one of the two needs more) is stored with its
// exact score and best moves, and its successors (the chosen move, then
// every reply) are explored in turn; mirror images share the entry and
// the exploration. An
// easy position is left to be solved during the game, and so are the
// positions after it: they lie in its solve's tree and find its table
// warm. The book is the same for the same options whatever the order of
// the work: scores are exact and each probe starts from an empty table.
func BuildBook(ctx context.Context, o BookOptions) (*Book, BookProgress, error) {
	o.Limit = cmp.Or(o.Limit, DefaultBookLimit)
	o.ProbeMiB = cmp.Or(o.ProbeMiB, DefaultProbeMiB)
	o.TableMiB = cmp.Or(o.TableMiB, DefaultBuildMiB)
	o.Openings = max(o.Openings, 1)
	o.CheckpointEvery = cmp.Or(o.CheckpointEvery, 10*time.Minute)
	b := &builder{
		o:     o,
		big:   New(o.TableMiB),
		probe: New(o.ProbeMiB),
		seen:  make(map[uint64]bool),
		start: time.Now(),
	}
	b.lastCheckpoint = b.start
	b.probe.nodeLimit = o.Limit
	err := b.roots(ctx, o.Root)
	return b.book(), b.progress, err
}

// builder is the state of one BuildBook.
type builder struct {
	o          BookOptions
	big, probe *Solver
	seen       map[uint64]bool // canonical keys of the positions explored
	entries    []uint64
	progress   BookProgress
	line       []byte // the moves to the current position, '1'-'7'
	start      time.Time

	lastCheckpoint time.Time
}

// roots explores p as a root and then every position up to o.Openings
// stones after it.
func (b *builder) roots(ctx context.Context, p connect4.Position) error {
	if p.Result().Over() {
		return nil
	}
	if b.wanted(p) {
		if err := b.explore(ctx, p); err != nil {
			return err
		}
	}
	if p.Played() >= b.o.Root.Played()+b.o.Openings {
		return nil
	}
	var buf [width]rules.Move
	for _, m := range p.Moves(buf[:0]) {
		b.line = append(b.line, byte('1'+m))
		err := b.roots(ctx, p.Play(m))
		b.line = b.line[:len(b.line)-1]
		if err != nil {
			return err
		}
	}
	return nil
}

// wanted reports whether the root p is one of o.Only (or o.Only is not
// set); mirror images count as the same root.
func (b *builder) wanted(p connect4.Position) bool {
	if b.o.Only == nil {
		return true
	}
	current, mask := p.Bitboards()
	key, _ := canonical(current + mask)
	for _, q := range b.o.Only {
		c, m := q.Bitboards()
		if k, _ := canonical(c + m); k == key {
			return true
		}
	}
	return false
}

// explore visits a position where the perfect player is to move.
func (b *builder) explore(ctx context.Context, p connect4.Position) error {
	if p.Result().Over() || b.o.MaxStones > 0 && p.Played() >= b.o.MaxStones {
		return nil
	}
	current, mask := p.Bitboards()
	key, _ := canonical(current + mask)
	if b.seen[key] {
		return nil
	}
	b.seen[key] = true
	r, known := Result{}, false
	if b.o.Known != nil {
		r, known = b.o.Known.Lookup(p)
	}
	if !known {
		hard, err := b.hard(ctx, p)
		if err != nil || !hard {
			return err
		}
		if r, err = b.big.SolveBest(ctx, p); err != nil {
			return err
		}
		b.progress.Nodes += r.Nodes
	}
	b.store(p, r)
	q := p.Play(Choose(p, r.Best))
	if q.Result().Over() {
		return nil
	}
	b.line = append(b.line, byte('1'+Choose(p, r.Best)))
	defer func() { b.line = b.line[:len(b.line)-1] }()
	var buf [width]rules.Move
	for _, m := range q.Moves(buf[:0]) {
		b.line = append(b.line, byte('1'+m))
		err := b.explore(ctx, q.Play(m))
		b.line = b.line[:len(b.line)-1]
		if err != nil {
			return err
		}
	}
	return nil
}

// hard probes p and its mirror image: a position is hard when either
// needs more than Limit nodes. The book keeps one entry for both and the
// exploration visits only one of them, but a solve of the mirror image
// does not cost the same (moves are searched centre first, then left
// before right), and the player may meet either.
func (b *builder) hard(ctx context.Context, p connect4.Position) (bool, error) {
	hard, err := b.probeOne(ctx, p)
	if hard || err != nil {
		return hard, err
	}
	q, err := mirrorPosition(p)
	if err != nil {
		return false, err
	}
	if q == p {
		return false, nil // symmetric
	}
	return b.probeOne(ctx, q)
}

// mirrorPosition returns p with its columns reversed.
func mirrorPosition(p connect4.Position) (connect4.Position, error) {
	rows := strings.Split(p.String(), "/")
	for i, r := range rows {
		b := []byte(r)
		slices.Reverse(b)
		rows[i] = string(b)
	}
	return connect4.Parse(strings.Join(rows, "/"), connect4.Options{})
}

// probeOne solves p with an empty table, giving up after Limit nodes.
func (b *builder) probeOne(ctx context.Context, p connect4.Position) (bool, error) {
	b.probe.Reset()
	r, err := b.probe.SolveBest(ctx, p)
	b.progress.Probed++
	switch {
	case errors.Is(err, errNodeLimit):
		b.progress.Nodes += b.o.Limit
		return true, nil
	case err != nil:
		return false, err
	}
	b.progress.Nodes += r.Nodes
	// The limit is checked every few thousand nodes: a solve that just
	// finished can have needed more.
	return r.Nodes > b.o.Limit, nil
}

// store adds p's entry and reports the progress.
func (b *builder) store(p connect4.Position, r Result) {
	b.entries = append(b.entries, entry(p, r.Score, r.Best))
	b.progress.Stored++
	b.progress.Stones[p.Played()]++
	b.progress.Elapsed = time.Since(b.start)
	b.progress.Line = string(b.line)
	if b.o.Progress != nil {
		b.o.Progress(b.progress)
	}
	if b.o.Checkpoint != nil && time.Since(b.lastCheckpoint) >= b.o.CheckpointEvery {
		b.o.Checkpoint(b.book())
		b.lastCheckpoint = time.Now()
	}
}

// MergeBooks returns the union of books built in parts (BookOptions.Only)
// with the same Limit, ProbeMiB and MaxStones: the same hard positions.
// Parts may come from roots of different depths (Openings): the union
// covers the roots of every part, and its Openings is the smallest, the
// depth up to which all roots are covered (a book from the start with
// Openings 1 merged with parts from 2-stone roots covers those roots too,
// but says 1). It fails on books of other limits and on two answers for
// one position.
func MergeBooks(books ...*Book) (*Book, error) {
	if len(books) == 0 {
		return nil, errors.New("c4solver: no books to merge")
	}
	out := &Book{info: books[0].info}
	for _, b := range books {
		same := b.info
		same.Openings = out.info.Openings
		if same != out.info {
			return nil, fmt.Errorf("c4solver: books built with %+v and %+v", out.info, b.info)
		}
		out.info.Openings = min(out.info.Openings, b.info.Openings)
		out.entries = append(out.entries, b.entries...)
	}
	slices.Sort(out.entries)
	out.entries = slices.Compact(out.entries)
	for i := 1; i < len(out.entries); i++ {
		if out.entries[i]>>entryShift == out.entries[i-1]>>entryShift {
			return nil, fmt.Errorf("c4solver: two answers for the position of key %#x", out.entries[i]>>entryShift)
		}
	}
	return out, nil
}

// book returns the entries so far as a Book.
func (b *builder) book() *Book {
	entries := slices.Clone(b.entries)
	slices.Sort(entries)
	return &Book{entries: entries, info: BookInfo{
		Limit: b.o.Limit, ProbeMiB: b.o.ProbeMiB, Openings: b.o.Openings, MaxStones: b.o.MaxStones,
	}}
}
