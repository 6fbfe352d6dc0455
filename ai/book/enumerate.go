package book

import (
	"context"
	"fmt"

	"boardgames/rules/games"
)

// TooManyError is Enumerate's refusal: the positions within Plies plies
// of the start are more than Limit, so the largest number of plies that
// fits is Plies-1.
type TooManyError struct {
	Plies, Limit int
}

func (e *TooManyError) Error() string {
	return fmt.Sprintf("more than %d positions within %d plies", e.Limit, e.Plies)
}

// enumerateProgress is how many new positions Enumerate finds between two
// calls of its progress callback and two looks at its context.
const enumerateProgress = 4096

// Enumerate is Positions with a bound: it keeps at most limit positions
// in memory (limit < 0: no bound) and returns a *TooManyError as soon as
// the walk finds more, naming the ply it reached; it stops with ctx's
// error when ctx ends. progress (if not nil) is called with the count of
// positions found so far every few thousand of them.
func Enumerate(ctx context.Context, start games.Position, plies, limit int, progress func(found int)) ([]games.Position, error) {
	seen := map[string]bool{start.String(): true}
	level := []games.Position{start}
	var out []games.Position
	for d := 0; ; d++ {
		var next []games.Position
		for _, p := range level {
			if p.Result().Over() {
				continue
			}
			out = append(out, p)
			if d == plies {
				continue
			}
			for _, m := range p.Legal() {
				c := p.Play(m)
				k := c.String()
				if seen[k] {
					continue
				}
				seen[k] = true
				next = append(next, c)
				if limit >= 0 && len(seen) > limit {
					return nil, &TooManyError{Plies: d + 1, Limit: limit}
				}
				if len(seen)%enumerateProgress == 0 {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
					if progress != nil {
						progress(len(seen))
					}
				}
			}
		}
		if d == plies || len(next) == 0 {
			return out, nil
		}
		level = next
	}
}
