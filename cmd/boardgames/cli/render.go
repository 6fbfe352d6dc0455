package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"boardgames/app/board"
)

func init() {
	commands["render"] = command{"draw a position as a PNG diagram, exactly as the app draws it", runRender}
}

func runRender(e *env, args []string) error {
	var pf posFlags
	fs := e.newFlags("render", "-game G (-moves LIST | -position POS) -o FILE.png [-size PX] [-legal]")
	pf.register(fs.FlagSet)
	out := fs.String("o", "", "the PNG file to write")
	size := fs.Int("size", 480, fmt.Sprintf("width and height in pixels, %d..%d", board.MinPNG, board.MaxPNG))
	legal := fs.Bool("legal", false, "mark the legal moves")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return badInputf("-o FILE.png is required")
	}
	if *size < board.MinPNG || *size > board.MaxPNG {
		return badInputf("-size must be %d..%d pixels, got %d", board.MinPNG, board.MaxPNG, *size)
	}
	_, rec, err := pf.load()
	if err != nil {
		return err
	}
	pos := rec.Position()
	v := board.View{Game: pos.Game(), Rows: pos.Rows(), Coords: true, Numbers: pos.Game() == "checkers"}
	if n := rec.Len(); n > 0 {
		v.Last = rec.At(n - 1).Squares(rec.Moves()[n-1])
	}
	if *legal {
		for _, m := range rec.Legal() {
			if sq := pos.Squares(m); len(sq) > 0 {
				v.Legal = append(v.Legal, sq[len(sq)-1])
			}
		}
	}
	var buf bytes.Buffer
	if err := board.RenderViewPNG(&buf, v, *size); err != nil {
		return err
	}
	// Write beside the target and rename, so a failed run never leaves half a file.
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".render-*.png")
	if err != nil {
		return badInput(err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), *out); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %s (%dx%d)\n", *out, *size, *size)
	return nil
}
