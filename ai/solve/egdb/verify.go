package egdb

import (
	"context"
	"fmt"
	"time"

	"boardgames/rules"
	"boardgames/rules/checkers"
)

// Verify checks the databases of up to n pieces in dir, independently of
// the builder's retrograde passes: every file is read whole and its
// checksum, size and figures checked against its header, the .wld file
// against the .dtw file, and then every position against its moves, played
// forwards by the rules package: a position without a move is lost in 0
// plies; one with a move to a position lost in d plies is won in 1 + the
// least such d; else one with a move to a draw is a draw; else it is lost
// in 1 + the longest of its moves' wins. A database that passes is the
// game's exact value under its rules (as far as the rules package is
// right, which its perft tests check).
//
// progress, if not nil, is called with the positions checked and the
// total; done, if not nil, after each subdatabase.
func Verify(ctx context.Context, dir string, n int, progress func(done, total int64), done func(SubResult)) error {
	if n < 2 || n > MaxPieces {
		return fmt.Errorf("egdb: pieces must be 2..%d, not %d", MaxPieces, n)
	}
	keys := Keys(n)
	var total, checked int64
	for _, k := range keys {
		total += indexerOf(k).size
	}
	b := &builder{ctx: ctx, dir: dir, loaded: map[Key]dtwTable{}}
	var buf [rules.MaxMoves]rules.Move
	for i, k := range keys {
		start := time.Now()
		dtw, st, err := readDTW(dir, k)
		if err != nil {
			return err
		}
		wld, wst, err := readWLD(dir, k)
		if err != nil {
			return err
		}
		if wst != st {
			return fmt.Errorf("egdb: %v: the headers of the .wld and .dtw files differ", k)
		}
		if string(wld) != string(wldOf(dtw)) {
			return fmt.Errorf("egdb: %v: the .wld file does not match the .dtw file", k)
		}
		b.loaded[k] = dtw
		x := indexerOf(k)
		var got stats
		got.positions = x.size
		for idx := range x.size {
			if idx&0xFFFF == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
				if progress != nil {
					progress(checked+idx, total)
				}
			}
			want, err := b.forward(blackToMove(x.position(idx)), &buf)
			if err != nil {
				return err
			}
			v := dtw.at(idx)
			if v != want {
				bb, w, kk := x.position(idx)
				return fmt.Errorf("egdb: %v: position %d (%v) is stored as %s, its moves make it %s",
					k, idx, toMove(bb, w, kk, rules.Black), describe(v), describe(want))
			}
			switch {
			case v == 0:
				got.draws++
			case (v-1)%2 == 1:
				got.wins++
			default:
				got.losses++
			}
			if v > 0 {
				got.maxPlies = max(got.maxPlies, v-1)
			}
		}
		if got != st {
			return fmt.Errorf("egdb: %v: the header's figures %+v differ from the data's %+v", k, st, got)
		}
		checked += x.size
		if done != nil {
			done(SubResult{Key: k, Positions: st.positions, Wins: st.wins, Losses: st.losses, Draws: st.draws,
				MaxPlies: st.maxPlies, Elapsed: time.Since(start), Bytes: int64(2*headerSize + len(dtw.data) + len(wld))})
		}
		if err := b.retire(keys[i+1:]); err != nil {
			return err
		}
	}
	if progress != nil {
		progress(total, total)
	}
	return nil
}

// forward returns the .dtw value a position must have (0 a draw, else 1 +
// plies), from the values of the positions its moves lead to (all in the
// files).
func (b *builder) forward(p checkers.Position, buf *[rules.MaxMoves]rules.Move) (int, error) {
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		return 1, nil // lost in 0 plies
	}
	win, loss, draw := -1, -1, false
	for _, m := range moves {
		d, isDraw, err := b.lookup(normalise(p.Play(m)))
		switch {
		case err != nil:
			return 0, err
		case isDraw:
			draw = true
		case d%2 == 0:
			if win < 0 || d+1 < win {
				win = d + 1
			}
		default:
			loss = max(loss, d+1)
		}
	}
	switch {
	case win >= 0:
		return win + 1, nil
	case draw:
		return 0, nil
	}
	return loss + 1, nil
}

// describe spells out a .dtw value.
func describe(v int) string {
	switch {
	case v == 0:
		return "a draw"
	case (v-1)%2 == 1:
		return fmt.Sprintf("a win in %d plies", v-1)
	}
	return fmt.Sprintf("a loss in %d plies", v-1)
}
