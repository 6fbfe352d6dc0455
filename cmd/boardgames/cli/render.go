package cli

import (
	"bytes"
	"fmt"

	"boardgames/app/board"
	"boardgames/app/safefile"
	"boardgames/rules/games"
)

func init() {
	commands["render"] = command{"draw a position as a PNG diagram, exactly as the app draws it", staged(prepareRender)}
}

func prepareRender(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("render", "-game G (-moves LIST | -position POS) -o FILE.png [-size PX] [-legal]\n\n"+
		"Draws the position as the app does. FILE is replaced only by a complete new image.\n")
	pf.register(fs.FlagSet)
	out := fs.String("o", "", "the PNG file to write")
	size := fs.Int("size", 480, fmt.Sprintf("width and height in pixels, %d..%d", board.MinPNG, board.MaxPNG))
	legal := fs.Bool("legal", false, "mark the legal moves")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if *out == "" || *out == "-" {
		return nil, badInputf("-o FILE.png is required")
	}
	if *size < board.MinPNG || *size > board.MaxPNG {
		return nil, badInputf("-size must be %d..%d pixels, got %d", board.MinPNG, board.MaxPNG, *size)
	}
	_, rec, err := pf.load()
	if err != nil {
		return nil, err
	}
	if err := checkOutput(*out); err != nil {
		return nil, err
	}
	return func() error { return e.render(rec, *out, *size, *legal) }, nil
}

func (e *env) render(rec games.Record, out string, size int, legal bool) error {
	pos := rec.Position()
	v := board.View{Game: pos.Game(), Rows: pos.Rows(), Coords: true, Numbers: pos.Game() == "checkers"}
	if n := rec.Len(); n > 0 {
		v.Last = rec.At(n - 1).Squares(rec.Moves()[n-1])
	}
	if legal {
		for _, m := range rec.Legal() {
			if sq := pos.Squares(m); len(sq) > 0 {
				v.Legal = append(v.Legal, sq[len(sq)-1])
			}
		}
	}
	// Drawn on a goroutine of its own, so that Ctrl+C and SIGTERM stop the
	// command at once (a large diagram takes seconds and cannot be
	// cancelled half-way): FILE is then left as it was.
	var buf bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- board.RenderViewPNG(&buf, v, size) }()
	select {
	case err := <-done:
		if err != nil {
			return err
		}
	case <-e.ctx.Done():
		return interrupted(fmt.Sprintf("before the diagram was drawn (%s is unchanged)", out))
	}
	if err := e.ctx.Err(); err != nil {
		return interrupted(fmt.Sprintf("before the diagram was written (%s is unchanged)", out))
	}
	if err := safefile.Write(out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %s (%dx%d)\n", out, size, size)
	return nil
}
